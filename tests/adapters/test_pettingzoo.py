"""The PettingZoo adapter passes PettingZoo's own API test for every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from cardrules import GAMES, IllegalMoveError, clubs, eighty_points, manager  # noqa: E402
from cardrules.adapters.pettingzoo import env, raw_env  # noqa: E402

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
