"""Clubs' search knowledge: its rule of thumb (``HeuristicBot``'s policy, the PIMC search's
playouts and its model of the other seats) and a round's worth to each seat, which the game's
rollout and the search score a round by.

The rule of thumb: duck under the trick's winning card with the highest card that still ducks;
when void, throw the highest club, else the highest card; lead the lowest non-club card."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._shared.tricks import RANK_OF, SUIT_OF, trick_winner
from cardrules.cards import Suit
from cardrules.clubs.state import Play, State, View

__all__ = ["deal_value", "heuristic_move", "round_value"]

_CLUB = int(Suit.CLUBS)


def _rank(m: Play) -> int:
    return int(RANK_OF[m.card])


def heuristic_move(view: View) -> Play:
    """The rule of thumb's move for ``view`` (see the module docstring); the view has a move."""
    moves = view.legal_moves
    trick = view.trick
    if not trick:
        plain = [m for m in moves if SUIT_OF[m.card] != _CLUB]
        return min(plain or moves, key=_rank)
    led = SUIT_OF[trick[0]]
    if SUIT_OF[moves[0].card] != led:
        clubs_held = [m for m in moves if SUIT_OF[m.card] == _CLUB]
        return max(clubs_held or moves, key=_rank)
    best = trick[trick_winner(trick)]
    ducking = [m for m in moves if RANK_OF[m.card] < RANK_OF[best]]
    if ducking:
        return max(ducking, key=_rank)
    last = len(trick) == len(view.hand_sizes) - 1
    return max(moves, key=_rank) if last else min(moves, key=_rank)


def round_value(points: Sequence[int]) -> tuple[float, ...]:
    """A round's worth to each seat, by the clubs (``points``) each took in it: ``1 - clubs / 13``."""
    return tuple([1 - p / 13 for p in points])


def deal_value(before: State, after: State) -> tuple[float, ...]:
    """``round_value`` of the round ``before`` is in, which ``after`` has scored: the clubs each
    seat took are its score's growth."""
    return round_value([a - b for a, b in zip(after.match.scores, before.match.scores)])
