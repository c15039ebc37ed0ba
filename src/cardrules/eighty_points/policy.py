"""80 Points' rule of thumb: ``HeuristicBot``'s policy, and the move choice of the search playout."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.eighty_points.state import AskRedeal, DeclareNoTrump, Discard, KeepHand, Move, NoDeclare, Play
from cardrules.eighty_points.tricks import TRUMP, play_rank, shape_of
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
    # Each play's cost is worked out once: points given, whether it spends trumps, how high.
    costs = [_cost(m.cards, table) for m in plays]
    if partner_winning:
        return plays[max(range(len(plays)), key=lambda i: (costs[i][0], -costs[i][2]))]
    led = shape_of(trick[0], table)
    winning: list[int] = []
    if led is not None and len(plays) <= 400:
        to_beat = led[2] if best == 0 else play_rank(trick[best], led, table)
        winning = [i for i in range(len(plays)) if play_rank(plays[i].cards, led, table) > to_beat]
    if winning:
        return plays[min(winning, key=lambda i: costs[i][1:])]
    return plays[min(range(len(plays)), key=costs.__getitem__)]


def _cost(cards: Sequence[Card], table: Sequence[tuple[int, int]]) -> tuple[int, bool, int]:
    """What playing ``cards`` costs: the points given, whether it spends a trump, its positions'
    sum (lower is cheaper in each)."""
    trumps = False
    height = 0
    for c in cards:
        suit, pos = table[c]
        trumps = trumps or suit == TRUMP
        height += pos
    return card_points(cards), trumps, height
