"""Rugby League's ``rollout``: legal moves only; from the first half it stops at half time and gives
the seat ahead by ``d`` points ``0.5 + d / 32`` (d clamped to 16), the other the rest; from the
second half on it plays to the end and gives ``Outcome.rewards``. Each playout's end is captured
as the transition hands it back, and the value recomputed from it as the docstring says."""

from __future__ import annotations

import random

import pytest

from cardrules import rugby_league as rl
from cardrules.rugby_league import rules


def _capture(monkeypatch: pytest.MonkeyPatch) -> list[rl.State]:
    """The states the rollout's transitions return, each move checked legal first."""
    reached: list[rl.State] = []
    original = rules._transition

    def checked(state: rl.State, move: object, events: object, check: bool = True) -> rl.State:
        assert move in rl.legal_moves(state), (rl.to_text(state), move)
        reached.append(original(state, move, None, check))
        return reached[-1]

    monkeypatch.setattr(rules, "_transition", checked)
    return reached


def test_from_the_first_half_a_playout_stops_at_half_time_and_values_the_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reached = _capture(monkeypatch)
    leads = set()
    for seed in range(8):
        reached.clear()
        value = rl.rollout(rl.new_game(seed), seed)
        end = reached[-1]
        assert end.field.match.half == 2 and all(s.field.match.half == 1 for s in reached[:-1])
        scores = end.field.match.scores
        lead = max(-16, min(16, scores[0] - scores[1]))
        assert value == (0.5 + lead / 32, 0.5 - lead / 32)
        leads.add(lead)
    assert len(leads) > 1


def test_from_the_second_half_a_playout_plays_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(2)
    state = rl.new_game(2)
    while state.field.match.half == 1:
        state = rl.apply(state, rnd.choice(rl.legal_moves(state)))
    reached = _capture(monkeypatch)
    for seed in range(4):
        reached.clear()
        value = rl.rollout(state, seed)
        result = rl.outcome(reached[-1])
        assert result is not None and value == result.rewards()
