"""The OpenSpiel adapter passes pyspiel's random simulation test with serialization for every config,
OpenSpiel's MCTS and ISMCTS bots play every game to its end, and the game type says what the returns
are."""

from __future__ import annotations

from pathlib import Path
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


# Clubs, two seats, threshold 1 (the round's end ends the game; 13 clubs cannot split evenly, so one
# seat wins), B to lead with three cards each left. A showed a void in clubs (tricks 22 and 23), so
# B holds both clubs still out, 4C and TC, and one of 6D 3H QH 2H; A holds the other three.
ENDGAME = (
    "clubs 2/1 1 0,0 6D3HQH/4CTC2H 1:- 0:JD5D,0:8S6S,0:7STS,1:QS3S,1:QC3C,1:8C2C,1:AHKH,1:KCAC,"
    "0:9C7C,0:KDQD,0:3D7D,1:4S5S,0:8D4D,0:JH8H,0:ADTD,0:9H5H,0:9SKS,1:2D9D,0:2S5C,0:4HTH,1:7H6H,"
    "1:JCAS,1:6CJS 1 9587389500487022652"
)


def test_from_a_position_the_chance_node_is_the_deal_the_history_allows() -> None:
    game = load("clubs", position=ENDGAME)
    assert game.num_players() == 2 and game.cardrules_config == clubs.Config(players=2, threshold=1)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [0.25] * 4
    deals = {state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes}
    assert deals == {"deal 6D2H3H/4CTCQH", "deal 6D2HQH/4CTC3H", "deal 6D3HQH/4CTC2H", "deal 2H3HQH/4CTC6D"}
    state.apply_action(outcomes[0][0])
    assert state.current_player() == 1
    assert clubs.to_text(state.inner).split()[5:] == ENDGAME.split()[5:]  # all but the hands as given
    again = pyspiel.load_game(str(game))
    assert again.start == game.start and str(again) == str(game)
    text = pyspiel.serialize_game_and_state(game, state)
    assert pyspiel.deserialize_game_and_state(text)[1].inner == state.inner


def test_openspiels_cfr_solves_a_clubs_endgame() -> None:
    """The documented example: tabular CFR runs from the explicit deal, and after 20 iterations its
    average policy's NashConv is under a tenth of the uniform policy's."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    page = (Path(__file__).resolve().parents[2] / "docs" / "adapters.md").read_text(encoding="utf-8")
    block = page.split("### Real chance nodes", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert ENDGAME in block.replace('"\n    "', "")
    namespace: dict[str, Any] = {}
    exec(compile(block, "docs/adapters.md", "exec"), namespace)
    uniform = exploitability.nash_conv(namespace["game"], policy.UniformRandomPolicy(namespace["game"]))
    assert uniform > 0.5 and namespace["nash_conv"] < uniform / 10


def test_positions_are_refused_where_they_cannot_start_a_game() -> None:
    refused = r"only a game whose unseen cards all lie in the hands \(clubs\) starts from a position"
    with pytest.raises(ConfigError, match=refused):
        load("manager", position=ENDGAME)
    with pytest.raises(ConfigError, match="bad position"):
        load("clubs", position="clubs 2/1 nonsense")
    with pytest.raises(ConfigError, match="the position is a game of"):
        load("clubs", clubs.Config(), position=ENDGAME)
    with pytest.raises(ConfigError, match=r"the parameters \['players'\] disagree"):
        pyspiel.load_game("python_cardrules_clubs", {"position": ENDGAME, "players": 3})
    alone = pyspiel.load_game("python_cardrules_clubs", {"position": ENDGAME.replace(",", ";")})
    assert alone.cardrules_config == clubs.Config(players=2, threshold=1)
    with pytest.raises(
        ConfigError, match=r"hidden cards split [0-9,]+ ways into hands of \[13, 13, 13, 13\]"
    ):
        load("clubs", position=clubs.new_game(1))
    finished = clubs.new_game(1, clubs.Config(players=2, threshold=1))
    while finished.to_act is not None:
        finished = clubs.apply(finished, clubs.legal_moves(finished)[0])
    with pytest.raises(ConfigError, match="finished game"):
        load("clubs", position=finished)
