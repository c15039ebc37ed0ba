"""Rugby League's search knowledge: its rule of thumb (``HeuristicBot``'s policy and the PIMC
search's playouts) and a first half's worth at half time, which the game's rollout and the search
score a first half by.

The rule of thumb: in open-hands play, the highest card that does not repeat the seat's last rank
(a penalty); blind, the first slot. A penalty in the own half is kicked for touch, in the
opponent's half played on (tap and run: the ball moves on every tackle, so a try is likely); a
drop goal in extra time (the first score wins), else only in the second half's last set when level
or one point behind."""

from __future__ import annotations

from cardrules._shared.tricks import RANK_OF
from cardrules.cards import Card
from cardrules.rugby_league.state import (
    AttemptDropGoal,
    Choose,
    KickForTouch,
    Move,
    State,
    TapAndRun,
    View,
    in_extra_time,
    sets_in_half,
)

__all__ = ["deal_value", "drop_goal_pays", "half_time_value", "heuristic_move"]


def heuristic_move(view: View) -> Move:
    """The rule of thumb's move for ``view`` (see the module docstring); the view has a move."""
    moves = view.legal_moves
    kinds = {type(m): m for m in moves}
    seat = view.player
    # Touch is offered only in the kicker's own half, where it gains the most ground.
    if KickForTouch in kinds:
        return kinds[KickForTouch]
    if TapAndRun in kinds:
        return kinds[TapAndRun]
    if AttemptDropGoal in kinds:
        behind = view.scores[1 - seat] - view.scores[seat]
        if drop_goal_pays(view.half, view.sets, behind):
            return kinds[AttemptDropGoal]
    slots = [m for m in moves if type(m) is Choose]
    if not slots:
        return moves[0]
    row = view.own_row
    last = view.last[seat]
    known = [(m, card) for m in slots if m.slot < len(row) and (card := row[m.slot]) is not None]
    if not known:
        return slots[0]

    def strength(choice: tuple[Choose, Card]) -> tuple[bool, int]:
        card = choice[1]
        repeats = last is not None and RANK_OF[card] == RANK_OF[last]
        return (not repeats, int(RANK_OF[card]))

    return max(known, key=strength)[0]


def drop_goal_pays(half: int, sets: int, behind: int) -> bool:
    """A drop goal's one point is worth its risk when it wins the match or saves it: in extra time
    (the first score wins), or in the second half's last set (``sets`` played before it) when
    level or one point ``behind``."""
    if in_extra_time(half):
        return True
    last_set = sets + 1 == sets_in_half(half)
    return half == 2 and last_set and behind in (0, 1)


def half_time_value(scores: tuple[int, int]) -> tuple[float, float]:
    """A first half's worth to each seat at half time, for search (the sets are independent, so
    the lead is what carries over): ``0.5 + d / 32`` to the seat ahead by ``d`` points (at most
    16: about two converted tries), the rest to the other."""
    lead = max(-16, min(16, scores[0] - scores[1])) / 32
    return (0.5 + lead, 0.5 - lead)


def deal_value(before: State, after: State) -> tuple[float, ...]:
    """``half_time_value`` of ``after``, the state that ended the first half ``before`` is in."""
    return half_time_value(after.field.match.scores)
