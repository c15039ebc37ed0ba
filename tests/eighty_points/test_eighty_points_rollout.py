"""80 Points' ``rollout``: legal moves only, to the end of the current round, deterministic, and the
value its docstring gives, recomputed here from the playout's end: the mean of a value by levels
(the match's rewards if it ended; else, per team, levels gained plus one for defending next, a seat
getting ``0.5 + (own - other) / 8``) and a value by points (the attackers' round total, bottom
included, clamped to [0, 160] / 160; the defenders the rest)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardrules import eighty_points as e
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


def test_a_playout_plays_legal_moves_to_the_rounds_end_and_values_it_as_documented(
    checked_transitions: Callable[[ModuleType], list[Any]],
) -> None:
    steps = checked_transitions(e)
    playouts = ((1, e.Config()), (2, e.Config()), (3, e.Config(rounds=1)), (4, e.Config()), (5, e.Config()))
    for seed, config in playouts:
        start = e.new_game(seed, config)
        steps.clear()
        value = e.rollout(start, 7)
        assert all(s.table.match.round == start.table.match.round for s, _, _ in steps)
        assert all(ev is None for _, ev, _ in steps)  # no events are built on the way
        # The round's last play is scored, not applied (the next round is never dealt). It is the
        # last seat's whole hand, so the only legal move: played here, its events give the total.
        last = steps[-1][2]
        assert len(last.trick) == 3 and sum(map(len, last.hands)) == len(last.trick[0])
        (move,) = e.legal_moves(last)
        end, events = e.step(last, move)
        assert end.to_act is None or end.table.match.round == start.table.match.round + 1
        assert value == pytest.approx(_documented(start, (last, list(events)), end))
        assert e.rollout(start, 8) == value  # deterministic: the seed is not used
