"""The OpenSpiel adapter passes pyspiel's random simulation test, and OpenSpiel's MCTS plays a game
to its end."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from cardrules import GAMES, ConfigError, clubs, eighty_points, manager, tensors  # noqa: E402
from cardrules.adapters.openspiel import game_name, load  # noqa: E402

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_pyspiel_random_simulation_test(name: str) -> None:
    game = load(name, SMALL.get(name))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_every_game_is_registered_under_its_name() -> None:
    registered = set(pyspiel.registered_names())
    assert {f"python_cardrules_{name}" for name in GAMES} <= registered
    assert game_name("clubs") == "python_cardrules_clubs"
    with pytest.raises(ConfigError):
        game_name("chess")
    for junk in ([1, 2], None, 5):
        with pytest.raises(ConfigError):
            game_name(junk)  # type: ignore[arg-type]
    assert game_name(clubs) == "python_cardrules_clubs"


def test_the_seed_bytes_give_the_librarys_deal() -> None:
    game = load("clubs")
    state = game.new_initial_state()
    for byte in (0, 0, 0, 0, 0, 0, 0, 42):
        assert state.is_chance_node()
        state.apply_action(byte)
    assert state.inner == clubs.new_game(42)
    assert state.current_player() == clubs.new_game(42).to_act


def test_tensors_are_the_librarys() -> None:
    game = load("manager")
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    view = manager.view(state.inner, 0)
    np.testing.assert_array_equal(state.observation_tensor(0), tensors.observation_tensor(view))
    np.testing.assert_array_equal(state.information_state_tensor(0), tensors.information_state_tensor(view))
    assert game.observation_tensor_shape() == [tensors.observation_shape("manager")[0]]


def test_openspiel_mcts_plays_a_game_to_its_end() -> None:
    game = load("manager", SMALL["manager"])
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
    returns = state.returns()
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert manager.outcome(state.inner) is not None


def test_eighty_points_steps_keep_the_seat() -> None:
    game = load("eighty_points", SMALL["eighty_points"])
    state = game.new_initial_state()
    for byte in range(8):
        state.apply_action(byte)
    while state.inner.table.phase != "play":
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    assert state.legal_actions() == list(eighty_points.step_actions(state.inner))
    assert game.num_distinct_actions() == eighty_points.STEP_COUNT
    first = state.legal_actions()[0]
    before = state.inner
    state.apply_action(first)
    if eighty_points.step_move(before, (first,)) is None:
        assert state.current_player() == seat and state.inner is before
