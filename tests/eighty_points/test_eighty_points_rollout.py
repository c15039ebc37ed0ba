"""80 Points' ``rollout``: legal moves only, to the end of the current round, deterministic, and the
value its docstring gives, recomputed here from the playout's end: the mean of a value by levels
(the match's rewards if it ended; else, per team, levels gained plus one for defending next, a seat
getting ``0.5 + (own - other) / 8``) and a value by points (the attackers' round total, bottom
included, clamped to [0, 160] / 160; the defenders the rest)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import eighty_points as e
from cardrules.eighty_points.policy import rule_of_thumb
from cardrules.events import RoundScored


def _documented(start: e.State, last: tuple[e.State, list[Any]], end: e.State) -> tuple[float, ...]:
    before_last, events = last
    attackers = 1 - before_last.table.starter % 2
    total = next(max(ev.points) for ev in events if type(ev) is RoundScored)
    result = e.outcome(end)
    if result is not None:
        by_levels = result.rewards()
    else:
        defends = end.table.starter % 2
        was, now = start.table.match.levels, end.table.match.levels
        value = [now[t] - was[t] + (1 if t == defends else 0) for t in (0, 1)]
        d = (value[0] - value[1]) / 8
        by_levels = (0.5 + d, 0.5 - d, 0.5 + d, 0.5 - d)
    share = min(160, max(0, total)) / 160
    by_points = tuple(share if s % 2 == attackers else 1 - share for s in range(4))
    return tuple((a + b) / 2 for a, b in zip(by_levels, by_points))


def _replayed(start: e.State) -> tuple[float, ...]:
    """The playout of ``rollout(start, seed)`` replayed through the public ``legal_moves``, the rule
    of thumb and ``step``, to the end of the round (the next round dealt, or the match over), valued
    as the docstring says from the round's last play and its events."""
    state, last = start, None
    while state.to_act is not None and state.table.match.round == start.table.match.round:
        moves = e.legal_moves(state)
        t, seat = state.table, state.to_act
        order = e.order_table(t.royal, t.trump)
        move = (
            moves[0]
            if len(moves) == 1
            else rule_of_thumb(moves, state.hands[seat], state.trick, t.leader, seat, order)
        )
        before = state
        state, events = e.step(state, move)
        last = (before, list(events))
    assert last is not None
    return _documented(start, last, state)


def test_a_playout_plays_the_moves_apply_would_play_and_values_them_as_documented() -> None:
    """The playout plays the tricks on copies of the hands, without states or move checks, so it
    must play the transition's game card for card: the rule of thumb's choice among the legal
    moves, the same tricks taken, the round scored and the match decided as ``step`` does.
    Positions at every point of a round (before the tricks, mid-trick, the last trick), in rounds
    that end the match and rounds that do not, compared exactly."""
    compared = 0
    configs = ((1, e.Config()), (2, e.Config()), (3, e.Config(rounds=1)), (4, e.Config()), (5, e.Config()))
    for seed, config in configs:
        rnd = random.Random(seed)
        state = e.new_game(seed, config)
        first = state.table.match.round
        while state.to_act is not None and state.table.match.round == first:
            if rnd.random() < 0.3 or len(state.trick) == 3 or sum(map(len, state.hands)) < 12:
                value = e.rollout(state, 7)
                assert value == pytest.approx(_replayed(state), abs=1e-12), e.to_text(state)
                assert e.rollout(state, 8) == value  # deterministic: the seed is not used
                compared += 1
            state = e.apply(state, rnd.choice(e.legal_moves(state)))
    assert compared > 150
