"""Manager's ``rollout``: it plays legal moves only, to the close of the open draft, and values the
season then scored as its docstring says: ``0.75 * won + 0.25 * (0.5 + margin / 16)`` for seat 0
(won 1, 0.5 halved, 0 lost; the points margin clamped to +-8) and the rest for seat 1, or
``Outcome.rewards`` when that season ends the match."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from cardrules import manager


def _documented_value(state: manager.State) -> tuple[float, ...]:
    result = manager.outcome(state)
    if result is not None:
        return result.rewards()
    values = state.match.results[-1].values
    margin = values[0].points - values[1].points
    won = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    reward = 0.75 * won + 0.25 * (0.5 + max(-8, min(8, margin)) / 16)
    return (reward, 1.0 - reward)


def _closes(state: manager.State, move: object) -> manager.State | None:
    after = manager.apply(state, move)
    return after if after.to_act is None or after.match is not state.match else None


def _last_moves_of_drafts(seeds: range) -> list[manager.State]:
    """Positions where every legal move closes the draft (found along random matches)."""
    found = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = manager.new_game(seed, manager.Config(max_exchanges=2))
        while state.to_act is not None:
            if all(_closes(state, m) is not None for m in manager.legal_moves(state)):
                found.append(state)
            state = manager.apply(state, rnd.choice(manager.legal_moves(state)))
    return found


def test_a_rollout_values_the_closing_season_as_documented() -> None:
    positions = _last_moves_of_drafts(range(20))
    assert len(positions) >= 10
    ends = 0
    for state in positions:
        possible = set()
        for move in manager.legal_moves(state):
            after = _closes(state, move)
            assert after is not None
            possible.add(_documented_value(after))
            ends += after.to_act is None
        for seed in range(5):
            assert manager.rollout(state, seed) in possible
    assert ends >= 1  # the eleventh season's close was among them


def test_every_move_a_rollout_plays_is_legal(checked_transitions: Callable[[ModuleType], list[Any]]) -> None:
    steps = checked_transitions(manager)
    for seed in range(10):
        manager.rollout(manager.new_game(seed), seed)
    assert len(steps) >= 10


def test_a_finished_match_gives_its_rewards() -> None:
    rnd = random.Random(1)
    state = manager.new_game(1, manager.Config(max_exchanges=1))
    while state.to_act is not None:
        state = manager.apply(state, rnd.choice(manager.legal_moves(state)))
    result = manager.outcome(state)
    assert result is not None and manager.rollout(state, 3) == result.rewards()
