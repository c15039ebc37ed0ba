"""The adapters' ``Stepper`` answers a stepped game's questions as the game's public functions do,
with its private step table and without it."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

from cardrules import eighty_points
from cardrules.adapters._legal import Stepper


def _positions(games: int) -> list[Any]:
    """Every position with a seat to act of ``games`` random 80 Points rounds (plays of several
    cards among them: a follower of a pair or tractor must answer with as many cards)."""
    rng = random.Random(7)
    found = []
    for g in range(games):
        state = eighty_points.new_game(g, eighty_points.Config(rounds=1))
        while state.to_act is not None:
            found.append(state)
            state = eighty_points.apply(state, rng.choice(eighty_points.legal_moves(state)))
    return found


def _without_hooks() -> Any:
    """80 Points seen through its public functions alone: no ``actions`` module to find hooks in."""
    names = ("INFO", "END_PLAY", "legal_moves", "step_actions", "step_move", "move_steps")
    return types.SimpleNamespace(__name__="no_hooks", **{n: getattr(eighty_points, n) for n in names})


@pytest.mark.parametrize("hooks", [True, False], ids=["step table", "public functions"])
def test_first_steps_are_the_first_step_actions_with_the_move_each_makes_alone(hooks: bool) -> None:
    """``first_steps(state)`` is ``step_actions(state, ())`` and, for each step, the move it makes
    alone (``step_move(state, (step,))``), ``None`` where more steps must follow."""
    stepper = Stepper(eighty_points if hooks else _without_hooks())
    positions = _positions(10)
    longer = 0
    for state in positions:
        steps, made = stepper.first_steps(state)
        assert steps == eighty_points.step_actions(state, ())
        assert made == {step: eighty_points.step_move(state, (step,)) for step in steps}
        longer += None in made.values()
        # The steps that follow the first are answered from the same position's table.
        for step in steps:
            if made[step] is None:
                after = stepper.step_actions(state, (step,))
                assert after == eighty_points.step_actions(state, (step,))
    # Checked where it matters: positions whose first steps begin longer moves.
    assert longer >= 30 and len(positions) >= 1000
