"""80 Points' search knowledge: its rule of thumb (``HeuristicBot``'s policy, the move choice of
the game's rollout and of the PIMC search's playouts). A round's worth to the search is what the
game's own rollout plays out from its last trick, so the module has no ``deal_value``.

The rule of thumb: keep the hand and never declare no trump unless holding few trumps; discard the
lowest plain cards without points; feed points to a partner who is winning the trick, otherwise
win as cheaply as possible, or give away the fewest points; lead the longest, highest plain play."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.eighty_points import state as _state
from cardrules.eighty_points.state import AskRedeal, DeclareNoTrump, Discard, KeepHand, Move, NoDeclare, Play
from cardrules.eighty_points.tricks import _POINTS, TRUMP, play_rank, table_for, trick_leader

__all__ = ["heuristic_move", "rule_of_thumb"]


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
        trumps = [table[c][0] for c in hand].count(TRUMP)
        want: type = AskRedeal if trumps < 6 else KeepHand
        return next(m for m in moves if type(m) is want)
    if type(first) in (DeclareNoTrump, NoDeclare):
        trumps = [table[c][0] for c in hand].count(TRUMP)
        want = DeclareNoTrump if trumps < 6 else NoDeclare
        return next(m for m in moves if type(m) is want)
    # Keys are listed once and compared through keys.__getitem__: no Python function per move.
    # min and max keep the first of equal keys, as the rule of thumb's ties are settled.
    discards = [m for m in moves if type(m) is Discard]
    if discards:
        places = [table[m.card] for m in discards]
        spare = [(p[0] == TRUMP, _POINTS[m.card], p[1]) for m, p in zip(discards, places)]
        return discards[min(range(len(spare)), key=spare.__getitem__)]
    plays = [m for m in moves if type(m) is Play]
    if not trick:
        # The longest leads come first, so only they need a closer look.
        longest = max([len(m.cards) for m in plays])
        plays = [m for m in plays if len(m.cards) == longest]
        keys = [_lead_key(m.cards, table) for m in plays]
        return plays[max(range(len(keys)), key=keys.__getitem__)]
    best, to_beat, led = trick_leader(trick, table)
    costs = _single_costs(plays, table) if len(trick[0]) == 1 else [_cost(m.cards, table) for m in plays]
    if (leader + best) % 2 == seat % 2:  # the partner is winning: the most points, the lowest cards
        feed = [(-points, height) for points, _, height in costs]
        return plays[min(range(len(feed)), key=feed.__getitem__)]
    if len(plays) <= 400:
        winning = [i for i in range(len(plays)) if play_rank(plays[i].cards, led, table) > to_beat]
        if winning:  # as cheaply as possible: no trump if it can, then the lowest
            cheap = [costs[i][1:] for i in winning]
            return plays[winning[min(range(len(cheap)), key=cheap.__getitem__)]]
    return plays[min(range(len(costs)), key=costs.__getitem__)]


def _lead_key(cards: Sequence[Card], table: Sequence[tuple[int, int]]) -> tuple[bool, int]:
    """How much a lead of the longest kind is worth leading: being plain, then its highest position
    (a lead's cards share one effective suit; sisters rank by their higher double)."""
    return not _is_trump(cards[0], table), max([table[c][1] for c in cards])


def _single_costs(plays: Sequence[Play], table: Sequence[tuple[int, int]]) -> list[tuple[int, bool, int]]:
    """``_cost`` of each play answering a single lead, all single cards (most answers), read from
    the tables without a call per play."""
    places = [table[m.cards[0]] for m in plays]
    return [(_POINTS[m.cards[0]], p[0] == TRUMP, p[1]) for m, p in zip(plays, places)]


def _cost(cards: Sequence[Card], table: Sequence[tuple[int, int]]) -> tuple[int, bool, int]:
    """What playing ``cards`` costs: the points given, whether it spends a trump, its positions'
    sum (lower is cheaper in each)."""
    trumps = False
    height = given = 0
    for c in cards:  # one pass, the points read from the table ``points`` sums: no call per play
        suit, pos = table[c]
        trumps = trumps or suit == TRUMP
        height += pos
        given += _POINTS[c]
    return given, trumps, height


def heuristic_move(view: _state.View) -> Move:
    """``rule_of_thumb`` for ``view``, in its round's order of the cards; the view has a move."""
    table = table_for(view.royal, view.trump)
    return rule_of_thumb(view.legal_moves, view.hand, view.trick, view.leader, view.player, table)
