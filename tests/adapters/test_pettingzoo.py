"""The PettingZoo adapter passes PettingZoo's own API test for every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

import importlib  # noqa: E402
import pickle  # noqa: E402

from cardrules import GAMES, ConfigError, IllegalMoveError, clubs, eighty_points, manager  # noqa: E402
from cardrules.adapters.pettingzoo import CardRulesEnv, env, raw_env  # noqa: E402

# api_test warns that a Dict observation space is unusual; PettingZoo's own classic card games use
# the same {"observation", "action_mask"} dict.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}
SMALL_KWARGS: dict[str, dict[str, Any]] = {
    "clubs": {"threshold": 5},
    "eighty_points": {"rounds": 1},
    "manager": {"max_exchanges": 2},
}


def classic(name: str) -> Any:
    return importlib.import_module(f"cardrules.adapters.pettingzoo.{name}_v0")


@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_api_test(name: str) -> None:
    pettingzoo_test.api_test(env(name, SMALL.get(name)), num_cycles=300)


@pytest.mark.parametrize("name", ["clubs", "manager"])
def test_information_state_observations_pass_too(name: str) -> None:
    pettingzoo_test.api_test(env(name, SMALL.get(name), information_state=True), num_cycles=100)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_with_masked_random_actions(name: str) -> None:
    e = raw_env(name, SMALL.get(name))
    e.reset(seed=7)
    rnd = np.random.default_rng(0)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter(max_iter=200_000):
        observation, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = float(reward)
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0, agent
        e.step(int(rnd.choice(legal)))
        steps += 1
    result = GAMES[name].outcome(e.state_)
    assert result is not None
    assert final == {f"player_{seat}": 2 * r - 1 for seat, r in enumerate(result.rewards())}
    assert e.agents == []
    assert steps >= 1


def test_eighty_points_plays_are_chosen_face_by_face() -> None:
    e = raw_env("eighty_points", SMALL["eighty_points"])
    assert e.action_space("player_0") == gymnasium.spaces.Discrete(eighty_points.STEP_COUNT)
    e.reset(seed=3)
    while e.state_.table.phase != "play":
        agent = e.agent_selection
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    agent = e.agent_selection
    seat = e.state_.to_act
    moves = eighty_points.legal_moves(e.state_)
    mask = e.observe(agent)["action_mask"]
    assert set(np.flatnonzero(mask)) == set(eighty_points.step_actions(e.state_))
    before = e.state_
    first = int(np.flatnonzero(mask)[0])
    e.step(first)
    if eighty_points.step_move(before, (first,)) is None:
        assert e.state_ is before and e.agent_selection == agent  # the same seat chooses on
        chosen = e.observe(agent)["observation"][-54:]
        assert chosen.sum() > 0
    assert seat is not None and moves


def test_an_illegal_action_is_refused() -> None:
    e = raw_env("clubs", SMALL["clubs"])
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError):
        e.step(illegal)


def test_the_documented_loop_runs() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "adapters.md").read_text(encoding="utf-8")
    block = page.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(block, "docs/adapters.md", "exec"), namespace)
    assert namespace["table"].agents == []


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_has_a_classic_module(name: str) -> None:
    """PettingZoo's convention: module ``<game>_v0`` with ``env``/``raw_env`` taking keyword
    arguments, ``raw_env`` a class, and ``metadata["name"]`` the module's name."""
    module = classic(name)
    assert module.__all__ == ["env", "raw_env"]
    assert isinstance(module.raw_env, type) and issubclass(module.raw_env, CardRulesEnv)
    table = module.env(**SMALL_KWARGS.get(name, {}))
    assert table.metadata["name"] == f"{name}_v0"
    assert type(table.unwrapped) is module.raw_env
    assert table.unwrapped.config == GAMES[name].Config(**SMALL_KWARGS.get(name, {}))
    pettingzoo_test.api_test(table, num_cycles=100)
    pettingzoo_test.seed_test(lambda: module.env(**SMALL_KWARGS.get(name, {})), num_cycles=50)


def test_the_generic_env_keeps_working_with_a_config() -> None:
    table = env("clubs", clubs.Config(players=3, threshold=5))
    assert table.metadata["name"] == "cardrules"
    assert table.unwrapped.config == clubs.Config(players=3, threshold=5)
    assert table.unwrapped.possible_agents == ["player_0", "player_1", "player_2"]


def test_a_classic_module_names_the_fields_it_takes() -> None:
    with pytest.raises(ConfigError, match=r"clubs_v0 takes .*players, threshold.*'thresold'"):
        classic("clubs").env(thresold=5)
    with pytest.raises(ConfigError, match="threshold"):
        classic("clubs").env(threshold=0)


@pytest.mark.parametrize("name", list(GAMES))
def test_render_modes_pass_pettingzoos_render_test(name: str) -> None:
    module = classic(name)
    assert module.raw_env.metadata["render_modes"] == ["human", "ansi"]
    pettingzoo_test.render_test(lambda render_mode=None: module.env(render_mode=render_mode))


def test_human_rendering_prints_the_acting_seats_view(capsys: pytest.CaptureFixture[str]) -> None:
    table = classic("clubs").env(render_mode="human", players=3)
    table.reset(seed=4)
    assert table.render() is None
    printed = capsys.readouterr().out
    state = table.unwrapped.state_
    assert printed.startswith(f"player_{state.to_act} to act")
    assert clubs.render(clubs.view(state, state.to_act)) in printed
    text = classic("clubs").env(render_mode="ansi", players=3)
    text.reset(seed=4)
    assert text.render() == printed.rstrip("\n")


def test_ansi_rendering_of_a_finished_game_names_the_winners() -> None:
    table = raw_env("manager", SMALL["manager"], render_mode="ansi")
    table.reset(seed=5)
    while table.agents:
        agent = table.agent_selection
        mask = table.observe(agent)["action_mask"]
        table.step(None if table.terminations[agent] else int(np.flatnonzero(mask)[0]))
    result = manager.outcome(table.state_)
    assert result is not None
    winners = ", ".join(f"player_{s}" for s in result.winners) or "nobody"
    text = table.render()
    assert text is not None and text.startswith(f"Game over: {winners} won.")


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ConfigError, match="render_mode is None, 'human', 'ansi', got 'rgb'"):
        classic("clubs").env(render_mode="rgb")


def test_the_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    """Classic PettingZoo behaviour: the offender gets -1, every other agent 0, and the game ends."""
    table = classic("clubs").env(threshold=5)
    table.reset(seed=1)
    offender = table.agent_selection
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    table.step(illegal)
    assert all(table.terminations.values()) or all(table.truncations.values())
    assert table.rewards[offender] == -1
    assert all(table.rewards[a] == 0 for a in table.agents if a != offender)
    for _agent in table.agent_iter():
        table.step(None)
    assert table.agents == []


def test_an_environment_pickles_mid_game() -> None:
    table = classic("rugby_league").raw_env()
    table.reset(seed=3)
    for _ in range(5):
        agent = table.agent_selection
        table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(table))
    assert type(copy) is type(table)
    assert copy.state_ == table.state_ and copy.agent_selection == table.agent_selection
    assert copy.game is GAMES["rugby_league"]


@pytest.mark.parametrize("name", [n for n in GAMES if not GAMES[n].INFO.moves_in_steps])
def test_masks_and_moves_are_the_rules_on_every_position(name: str) -> None:
    """The environment lists the legal actions and their moves together and decodes an action by
    looking it up: the mask is ``legal_actions`` and each action plays ``decode_move``'s move."""
    game = GAMES[name]
    e = raw_env(name, SMALL.get(name))
    rnd = np.random.default_rng(5)
    positions = 0
    for seed in range(3):
        e.reset(seed=seed)
        while e.agents:
            agent = e.agent_selection
            observation, _, terminated, _, _ = e.last()
            if terminated:
                e.step(None)
                continue
            state = e.state_
            legal = game.legal_actions(state)
            assert tuple(np.flatnonzero(observation["action_mask"])) == tuple(sorted(legal))
            action = int(rnd.choice(legal))
            expected = game.apply(state, game.decode_move(state, action))
            e.step(np.int64(action) if positions % 2 else action)
            assert e.state_ == expected, (name, agent)
            positions += 1
    assert positions > 30


def test_an_action_of_another_type_is_refused_by_the_raw_env() -> None:
    e = raw_env("clubs", SMALL["clubs"])
    e.reset(seed=1)
    legal = clubs.legal_actions(e.state_)
    for junk in (True, float(legal[0]), str(legal[0]), None, 52, -1):
        with pytest.raises(IllegalMoveError, match="is not legal for player_0"):
            e.step(junk)  # type: ignore[arg-type]
    assert e.state_ == clubs.new_game(1, SMALL["clubs"])  # nothing played
