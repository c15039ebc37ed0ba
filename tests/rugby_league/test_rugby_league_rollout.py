"""Rugby League's ``rollout``: legal moves only; from the first half it stops at half time and gives
the seat ahead by ``d`` points ``0.5 + d / 32`` (d clamped to 16), the other the rest; from the
second half on it plays to the end and gives ``Outcome.rewards``. Each playout's end is captured
as the transition hands it back, and the value recomputed from it as the docstring says."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from cardrules import rugby_league as rl


def test_from_the_first_half_a_playout_stops_at_half_time_and_values_the_lead(
    checked_transitions: Callable[[ModuleType], list[Any]],
) -> None:
    steps = checked_transitions(rl)
    leads = set()
    for seed in range(8):
        steps.clear()
        value = rl.rollout(rl.new_game(seed), seed)
        reached = [after for _, _, after in steps]
        end = reached[-1]
        assert end.field.match.half == 2 and all(s.field.match.half == 1 for s in reached[:-1])
        scores = end.field.match.scores
        lead = max(-16, min(16, scores[0] - scores[1]))
        assert value == (0.5 + lead / 32, 0.5 - lead / 32)
        leads.add(lead)
    assert len(leads) > 1


def test_from_the_second_half_a_playout_plays_to_the_end(
    checked_transitions: Callable[[ModuleType], list[Any]],
) -> None:
    rnd = random.Random(2)
    state = rl.new_game(2)
    while state.field.match.half == 1:
        state = rl.apply(state, rnd.choice(rl.legal_moves(state)))
    steps = checked_transitions(rl)
    for seed in range(4):
        steps.clear()
        value = rl.rollout(state, seed)
        result = rl.outcome(steps[-1][2])
        assert result is not None and value == result.rewards()
