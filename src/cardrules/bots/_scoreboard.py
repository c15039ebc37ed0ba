"""Blind Rugby League solved over its scoreboard, for ``PIMCBot``.

To a seat that sees no card of its own row (blind play), every tackle and kick round is a coin
flip: both cards come face down from the same shuffled cards, so each side wins a round with
probability one half whatever has been seen. What is left to decide (a drop goal, a penalty's
option) depends on the public scoreboard alone: the half, the sets played, the score, who attacks,
where the ball lies, whether penalties are live and how many tackles the attackers have lost. That
is a finite game of chance with perfect information, and ``Scoreboard`` solves it by backward
induction: a set's positions from the sets after it (each the first time it is needed), within a
set from the ball's furthest place back.

Three approximations, each worth less than the noise of any match count: a seat repeats its last
rank (a penalty) with probability ``_REPEAT`` (3 of the 51 other cards share it), whatever has
been seen; a tie broken from the pile is a coin flip too (the tie-break's own repeats not
counted); and a score difference beyond ``_SPAN`` counts as ``_SPAN``.

The transitions follow the rules as ``cardrules.rugby_league.rules`` applies them and the
rulings in ``docs/rules/rugby_league.md`` state them; ``tests/bots/test_scoreboard.py`` checks
the model's predictions against matches the engine plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from math import comb
from types import MappingProxyType
from typing import Any, Literal

from cardrules import rugby_league
from cardrules.rugby_league.policy import drop_goal_pays
from cardrules.rugby_league.state import (
    AWAY,
    CONVERSION,
    DROP_GOAL,
    HALVES,
    HOME,
    KICK_ROW,
    LOST_TACKLES,
    PENALTY_GOAL,
    SETS_PER_HALF,
    TOUCH_PLACES,
    TRY,
    TRY_LINES,
    forward,
    in_own_half,
    opponent_space_number,
    own_space,
)

__all__: list[str] = []

_REPEAT = 3 / 51
"""The chance that a seat's card repeats the rank it showed last: 3 of the other 51 cards."""

_PENALTY = _REPEAT * (1 - _REPEAT)
"""The chance that one given seat alone concedes a live tackle (both conceding cancels)."""

_SPAN = 40
"""The largest score difference told apart: a lead of 40 points with a whole half to play is worth
a win to within 2 in a million, so a greater one counts as 40."""

_PLACES_ON_PITCH = range(TRY_LINES[0] + 1, TRY_LINES[1])

Choice = Literal["touch", "goal", "tap", "drop", "play"]

_CHOICE_OF: Mapping[type, Choice] = MappingProxyType(
    {
        rugby_league.Choose: "play",
        rugby_league.AttemptDropGoal: "drop",
        rugby_league.KickForTouch: "touch",
        rugby_league.KickForGoal: "goal",
        rugby_league.TapAndRun: "tap",
    }
)


def kick_odds(needed: int) -> float:
    """The chance of winning at least ``needed`` of a kick's three coin-flip rounds."""
    return sum(comb(KICK_ROW, k) for k in range(needed, KICK_ROW + 1)) / (1 << KICK_ROW)


_KICK_ODDS = tuple(kick_odds(needed) for needed in range(KICK_ROW + 1))


class Scoreboard:
    """Home's expected reward (a win 1, a draw 0.5) from every public position of blind play.

    A seat in ``ruled`` chooses as the rule of thumb does (``cardrules.rugby_league.policy``); of the
    others, home maximises and away minimises home's reward. ``Scoreboard(ruled=(AWAY,))`` is home's
    best answer to the rule of thumb, ``Scoreboard()`` the game's minimax value."""

    __slots__ = ("_ends", "_kicks", "_penalty", "_ruled", "_tackle")

    def __init__(self, ruled: tuple[int, ...] = ()) -> None:
        self._ruled = frozenset(ruled)
        # Keyed by a set's context, (half, sets played in it, home's points minus away's), then by
        # the node within the set; each context solved the first time it is needed.
        self._tackle: dict[tuple[int, int, int], dict[tuple[int, int, bool, int], float]] = {}
        self._penalty: dict[tuple[int, int, int], dict[tuple[int, int], float]] = {}
        # What a set's end leads to, by (context, score, seat, place, penalty): met many times.
        self._ends: dict[tuple[tuple[int, int, int], int, int, int, bool], float] = {}
        # A try's and a kick's worth, by (context, points, seat, lost tackles or place).
        self._kicks: dict[tuple[tuple[int, int, int], int, int, int], float] = {}

    # The public reading of a position: used by the bot at a decision.

    def answer(self, view: Any, moves: list[Any]) -> Any:
        """The move of ``moves`` (one a choice: at most one slot) best for the view's seat in the
        view's public position, the first of the best on a tie."""
        values = self.values(view, moves)
        return moves[max(range(len(moves)), key=lambda k: (values[k], -k))]

    def values(self, view: Any, moves: list[Any]) -> list[float]:
        """The view's seat's expected reward (a win 1, a draw 0.5) after each of ``moves`` (one a
        choice: at most one slot) in the view's public position."""
        options = tuple(_CHOICE_OF[type(move)] for move in moves)
        position = (view.half, view.sets, view.scores[0] - view.scores[1])
        home = self.choices(position, view.player, view.ball, (view.tackles >= 1, view.lost), options)
        # Home's reward; away's is the rest (the game is zero-sum: a draw is half to each).
        return [home[o] if view.player == HOME else 1.0 - home[o] for o in options]

    def choices(
        self,
        position: tuple[int, int, int],
        seat: int,
        ball: int,
        tackle: tuple[bool, int],
        options: tuple[Choice, ...],
    ) -> dict[Choice, float]:
        """Home's expected reward after each of ``options`` for ``seat``, the attacker at a tackle's
        start or the side awarded a penalty, at ``position`` (half, sets played in it, home's
        points minus away's) with the ball on ``ball``: ``"play"`` a card, ``"drop"`` a drop
        goal, ``"touch"``, ``"goal"`` or ``"tap"`` the penalty's options. ``tackle``: whether
        penalties are live (a tackle since the set started or restarted) and the tackles lost."""
        half, sets, diff = position
        context = (half, sets, _clamp(diff))
        self._solved(context)
        return {option: self._option(context, seat, ball, option, tackle) for option in options}

    def start(self, half: int, sets: int, diff: int, attacker: int, ball: int) -> float:
        """Home's expected reward at a set's first tackle."""
        return self._solved((half, sets, _clamp(diff)))[(attacker, ball, False, 0)]

    # Solving.

    def _solved(self, context: tuple[int, int, int]) -> dict[tuple[int, int, bool, int], float]:
        """The tackles of a set's context, solved first if they were not (with the later sets
        they lead to: a recursion as deep as the sets left, 30 at most)."""
        found = self._tackle.get(context)
        if found is None:
            found = self._solve_set(context)
        return found

    def _solve_set(self, context: tuple[int, int, int]) -> dict[tuple[int, int, bool, int], float]:
        """Every node of one set's context, each after the nodes it leads to: for each attacker,
        place by place from the one nearest the try line back, the restart first, then the
        penalty (which restarts there or two places on), then the live tackles (which may be
        penalised back to their own place)."""
        tackle: dict[tuple[int, int, bool, int], float] = {}
        penalty: dict[tuple[int, int], float] = {}
        self._tackle[context], self._penalty[context] = tackle, penalty
        for attacker in (HOME, AWAY):
            for ball in sorted(_PLACES_ON_PITCH, key=lambda b: -b * forward(attacker)):
                tackle[(attacker, ball, False, 0)] = self._decide_tackle(context, attacker, ball, False, 0)
                penalty[(attacker, ball)] = self._decide_penalty(context, attacker, ball)
                for lost in range(LOST_TACKLES):
                    node = (attacker, ball, True, lost)
                    tackle[node] = self._decide_tackle(context, attacker, ball, True, lost)
        return tackle

    def _decide(self, seat: int, values: dict[Choice, float], rule: Choice) -> float:
        if seat in self._ruled:
            return values[rule]
        return max(values.values()) if seat == HOME else min(values.values())

    def _decide_tackle(
        self, context: tuple[int, int, int], attacker: int, ball: int, live: bool, lost: int
    ) -> float:
        play = self._play(context, attacker, ball, live, lost)
        if not opponent_space_number(attacker, ball):
            return play
        half, sets, diff = context
        behind = diff * (1 if attacker == AWAY else -1)
        drop = self._kick(context, attacker, ball, DROP_GOAL)
        rule: Choice = "drop" if drop_goal_pays(half, sets, behind) else "play"
        return self._decide(attacker, {"play": play, "drop": drop}, rule)

    def _decide_penalty(self, context: tuple[int, int, int], seat: int, ball: int) -> float:
        offered: list[Choice] = ["tap"]
        if in_own_half(seat, ball):
            offered.append("touch")
        if opponent_space_number(seat, ball):
            offered.append("goal")
        values = {option: self._option(context, seat, ball, option, (False, 0)) for option in offered}
        return self._decide(seat, values, "touch" if "touch" in values else "tap")

    def _option(
        self, context: tuple[int, int, int], seat: int, ball: int, option: Choice, tackle: tuple[bool, int]
    ) -> float:
        """One option's worth: a card (at a tackle, ``tackle`` telling whether penalties are live
        and the tackles lost), a drop goal, or a penalty's kick for goal, for touch, or tap and run
        (each restarting the set at a first tackle, the ball two places on for touch)."""
        if option == "play":
            return self._play(context, seat, ball, *tackle)
        if option == "drop":
            return self._kick(context, seat, ball, DROP_GOAL)
        if option == "goal":
            return self._kick(context, seat, ball, PENALTY_GOAL)
        if option == "touch":
            ball += TOUCH_PLACES * forward(seat)
        return self._tackle[context][(seat, ball, False, 0)]

    def _play(self, context: tuple[int, int, int], attacker: int, ball: int, live: bool, lost: int) -> float:
        """A card played at a tackle: a penalty to either side, or a coin flip for the tackle."""
        defender = 1 - attacker
        step = forward(attacker)
        won = self._advance(context, attacker, ball + step, lost)
        if lost + 1 >= LOST_TACKLES:
            cap = own_space(defender, 1)
            kicked = min(ball + 2 * step, cap) if attacker == HOME else max(ball + 2 * step, cap)
            beaten = self._end_set(context, context[2], defender, kicked)
        else:
            beaten = self._advance(context, attacker, ball + step, lost + 1)
        flip = (won + beaten) / 2
        if not live:
            return flip
        to_defender = self._end_set(context, context[2], defender, ball, penalty=True)
        to_attacker = self._penalty[context][(attacker, ball)]
        return (1 - 2 * _PENALTY) * flip + _PENALTY * (to_defender + to_attacker)

    def _advance(self, context: tuple[int, int, int], attacker: int, ball: int, lost: int) -> float:
        """The ball moved to ``ball``: a try there, else the next (live) tackle."""
        if ball not in TRY_LINES:
            return self._tackle[context][(attacker, ball, True, lost)]
        key = (context, TRY, attacker, lost)
        known = self._kicks.get(key)
        if known is not None:
            return known
        half, _, diff = context
        diff += TRY * forward(attacker)
        if half > HALVES:
            value = _final(diff)
        else:
            odds = _KICK_ODDS[1 if lost == 0 else 2]
            converted = self._restart(context, diff + CONVERSION * forward(attacker), attacker)
            value = odds * converted + (1 - odds) * self._restart(context, diff, attacker)
        self._kicks[key] = value
        return value

    def _kick(self, context: tuple[int, int, int], kicker: int, ball: int, points: int) -> float:
        """A drop goal (1 point) or a penalty goal (2) from ``ball``."""
        key = (context, points, kicker, ball)
        known = self._kicks.get(key)
        if known is not None:
            return known
        half, _, diff = context
        odds = _KICK_ODDS[opponent_space_number(kicker, ball)]
        scored = diff + points * forward(kicker)
        hit = _final(scored) if half > HALVES else self._restart(context, scored, kicker)
        # A missed drop goal gives the ball to the other side, a missed penalty goal keeps it.
        taker = 1 - kicker if points == DROP_GOAL else kicker
        missed = self._end_set(context, diff, taker, own_space(taker, 2))
        self._kicks[key] = value = odds * hit + (1 - odds) * missed
        return value

    def _restart(self, context: tuple[int, int, int], diff: int, attacker: int) -> float:
        """After a score: the set ends and the scorers attack again from their own 1 space."""
        return self._end_set(context, diff, attacker, own_space(attacker, 1))

    def _end_set(
        self, context: tuple[int, int, int], diff: int, seat: int, ball: int, penalty: bool = False
    ) -> float:
        """The set ends with the score at ``diff``; in the half's next set ``seat`` attacks from
        ``ball`` (or, with ``penalty``, chooses a penalty's option there). At the half's end, the
        next half's kick-off or the match's end instead (a penalty award lapses)."""
        key = (context, diff, seat, ball, penalty)
        known = self._ends.get(key)
        if known is not None:
            return known
        half, sets, _ = context
        diff = _clamp(diff)
        if sets + 1 < SETS_PER_HALF[half - 1]:
            following = (half, sets + 1, diff)
            tackles = self._solved(following)
            value = self._penalty[following][(seat, ball)] if penalty else tackles[(seat, ball, False, 0)]
        elif half == len(SETS_PER_HALF) or (half >= HALVES and diff != 0):
            value = _final(diff)
        else:
            first = AWAY if half + 1 in (2, 4) else HOME
            value = self._solved((half + 1, 0, diff))[(first, own_space(first, 1), False, 0)]
        self._ends[key] = value
        return value


@cache
def minimax() -> Scoreboard:
    """The game's minimax values, each set's solved the first time it is needed."""
    return Scoreboard()


def _clamp(diff: int) -> int:
    return max(-_SPAN, min(_SPAN, diff))


def _final(diff: int) -> float:
    return 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
