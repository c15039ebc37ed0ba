"""80 Points' rule of thumb: ``HeuristicBot``'s policy, and the move choice of the search playout."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.eighty_points.state import AskRedeal, DeclareNoTrump, Discard, KeepHand, Move, NoDeclare, Play
from cardrules.eighty_points.tricks import TRUMP, shape_of
from cardrules.eighty_points.tricks import points as card_points
from cardrules.eighty_points.tricks import trick_winner as play_winner

__all__ = ["rule_of_thumb"]


def _is_trump(card: Card, table: Sequence[tuple[int, int]]) -> bool:
    return table[card][0] == TRUMP


def rule_of_thumb(
    moves: Sequence[Move],
    hand: Sequence[Card],
    trick: Sequence[Sequence[Card]],
    leader: int,
    seat: int,
    table: Sequence[tuple[int, int]],
) -> Move:
    """Ask for a redeal (and declare no trump) with few trumps, under 6, else keep the hand (and
    declare nothing); discard the lowest plain cards without points; lead the longest, highest
    plain play; feed points to a partner who is winning the trick, else win it as cheaply as
    possible, else give away the fewest points. With over 400 legal answers (long sisters answered
    from a long suit) it does not look for a winning one, and gives away the fewest points."""
    first = moves[0]
    if type(first) in (AskRedeal, KeepHand):
        trumps = sum(1 for c in hand if _is_trump(c, table))
        want: type = AskRedeal if trumps < 6 else KeepHand
        return next(m for m in moves if type(m) is want)
    if type(first) in (DeclareNoTrump, NoDeclare):
        trumps = sum(1 for c in hand if _is_trump(c, table))
        want = DeclareNoTrump if trumps < 6 else NoDeclare
        return next(m for m in moves if type(m) is want)
    discards = [m for m in moves if type(m) is Discard]
    if discards:
        return min(
            discards, key=lambda m: (_is_trump(m.card, table), card_points((m.card,)), table[m.card][1])
        )
    plays = [m for m in moves if type(m) is Play]
    if not trick:
        # A lead's cards share one effective suit; sisters rank by their higher double.
        return max(
            plays,
            key=lambda m: (len(m.cards), not _is_trump(m.cards[0], table), max(table[c][1] for c in m.cards)),
        )
    best = play_winner(trick, table)
    partner_winning = (leader + best) % 2 == seat % 2

    def cost(m: Play) -> tuple[int, bool, int]:
        return (
            card_points(m.cards),
            any(_is_trump(c, table) for c in m.cards),
            sum(table[c][1] for c in m.cards),
        )

    if partner_winning:
        return max(plays, key=lambda m: (card_points(m.cards), -cost(m)[2]))
    led = shape_of(trick[0], table)
    winning = []
    if led is not None and len(plays) <= 400:
        winning = [m for m in plays if play_winner((*trick, m.cards), table) == len(trick)]
    if winning:
        return min(winning, key=lambda m: (cost(m)[1], cost(m)[2]))
    return min(plays, key=cost)
