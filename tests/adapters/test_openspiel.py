"""The OpenSpiel adapter passes pyspiel's random simulation test with serialization for every config,
OpenSpiel's MCTS and ISMCTS bots play every game to its end, and the game type says what the returns
are."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from cardrules import GAMES, ConfigError, clubs, dumps, eighty_points, manager, pub_derby, tensors  # noqa: E402
from cardrules.adapters.openspiel import game_name, game_parameters, load  # noqa: E402
from cardrules.cards import Suit  # noqa: E402

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}


# A config other than the default for every game, so that parameters must travel.
OTHER: dict[str, Any] = {
    "clubs": clubs.Config(players=3, threshold=5),
    "pub_derby": pub_derby.Config(format="pub"),
    "rugby_league": GAMES["rugby_league"].Config(open_hands=True),
    "eighty_points": eighty_points.Config(max_redeals=1, rounds=1),
    "manager": manager.Config(stripped_suit=Suit.HEARTS, max_exchanges=2),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_pyspiel_random_simulation_test(name: str) -> None:
    game = load(name, SMALL.get(name))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_configured_game_saves_and_reloads(name: str) -> None:
    """Flat parameters: ``load_game(str(game))`` is the same game, and OpenSpiel's serialization of
    a game and state round-trips for a config other than the default."""
    game = load(name, OTHER[name])
    assert game.cardrules_config == OTHER[name]
    again = pyspiel.load_game(str(game))
    assert again.cardrules_config == OTHER[name] and str(again) == str(game)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.cardrules_config == OTHER[name]
    assert state2.inner == state.inner


def test_parameters_are_the_config_fields() -> None:
    game = pyspiel.load_game("python_cardrules_clubs", {"players": 3, "threshold": 20})
    assert game.cardrules_config == clubs.Config(players=3, threshold=20)
    assert game.num_players() == 3
    assert game_parameters("manager") == {"max_exchanges": 10, "stripped_suit": ""}
    assert game_parameters("manager", manager.Config(stripped_suit=Suit.SPADES)) == {
        "max_exchanges": 10,
        "stripped_suit": "SPADES",
    }
    assert game_parameters("eighty_points", eighty_points.Config(rounds=2))["rounds"] == 2
    assert game_parameters("eighty_points")["rounds"] == 0  # None: no fixed number of rounds
    assert pyspiel.load_game("python_cardrules_eighty_points").cardrules_config.rounds is None
    with pytest.raises(ConfigError, match="Clubs players must be an int from 2 to 4"):
        pyspiel.load_game("python_cardrules_clubs", {"players": 9})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'player'"):
        pyspiel.load_game("python_cardrules_clubs", {"player": 3})
    with pytest.raises(ConfigError):
        game_parameters("clubs", manager.Config())


@pytest.mark.parametrize("name", list(GAMES))
def test_the_utility_model_is_declared_as_the_returns_are(name: str) -> None:
    """Clubs' ties share the win, so its returns need not sum to 0 (general-sum); every other game
    is won by one side or drawn, and its returns always sum to 0 (zero-sum). Checked over random
    games."""
    game = load(name, SMALL.get(name))
    utility = game.get_type().utility
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0
    rng = np.random.RandomState(2)
    sums = set()
    for _ in range(3 if name == "eighty_points" else 20):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        sums.add(sum(state.returns()))
    if name == "clubs":
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert sums - {-2.0} != set()  # some of these games had several winners
    else:
        assert utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.utility_sum() == 0.0
        assert sums == {0.0}


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


@pytest.mark.parametrize("name", list(GAMES))
def test_openspiels_ismcts_bot_plays_every_game_to_its_end(name: str) -> None:
    game = load(name, SMALL.get(name))
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 3, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(256)))
        else:
            state.apply_action(bot.step(state))
    assert GAMES[name].outcome(state.inner) is not None


def _played(name: str, moves: int) -> Any:
    game = load(name, SMALL.get(name))
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node() or (moves > 0 and not state.is_terminal()):
        moves -= 0 if state.is_chance_node() else 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", list(GAMES))
def test_a_resampled_state_holds_only_what_the_seat_knows(name: str) -> None:
    """Its view (own cards, the public history) and information state equal the real one's; the
    hidden cards vary with the sampler; the real seed is not carried over."""
    state = _played(name, 7)
    player = state.current_player()
    module = GAMES[name]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(8)]
    for sampled in samples:
        assert module.view(sampled.inner, player) == module.view(state.inner, player)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.current_player() == player
        module.validate(sampled.inner)
    assert len({dumps(s.inner) for s in samples}) > 1  # the hidden cards are dealt afresh
    assert all(s.seed_bytes != state.seed_bytes for s in samples)


def test_resampling_before_the_deal_keeps_only_the_count_of_seed_bytes() -> None:
    game = load("clubs")
    state = game.new_initial_state()
    for byte in (1, 2, 3):
        state.apply_action(byte)
    sampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.is_chance_node() and len(sampled.seed_bytes) == 3 and sampled.inner is None
