"""The vectorised environment: every row's observation and mask are its seat's, replayed
independently from the documented seeding; same-step autoreset; determinism; illegal actions
refused with no game moved; Gymnasium's checker on one row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardrules import GAMES, ConfigError, IllegalMoveError, clubs, eighty_points, manager  # noqa: E402
from cardrules.adapters.vector import VectorEnv  # noqa: E402
from cardrules.tensors import information_state_tensor, observation_tensor  # noqa: E402

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(players=3, threshold=3),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}


class Replay:
    """One row played again with the games' own API: game ``seed`` first, then the games a
    ``default_rng(seed)`` draws, as the module docstring says."""

    def __init__(self, name: str, config: Any, seed: int) -> None:
        self.game: Any = GAMES[name]
        self.config = config
        self.rng = np.random.default_rng(seed)
        self.state = self.game.new_game(seed, config)
        self.chosen: tuple[int, ...] = ()

    def legal(self) -> list[int]:
        if self.game.INFO.moves_in_steps:
            return list(self.game.step_actions(self.state, self.chosen))
        return list(self.game.legal_actions(self.state))

    def observation(self, seat: int, chosen: tuple[int, ...], info: bool = False) -> Any:
        tensor = (information_state_tensor if info else observation_tensor)(self.game.view(self.state, seat))
        if self.game.INFO.moves_in_steps:
            tensor = np.concatenate([tensor, np.array(self.game.chosen_faces(chosen), np.float32)])
        return tensor

    def play(self, action: int) -> tuple[int, Any]:
        """Play ``action``; the seat that chose it and the outcome if the game ended."""
        seat = self.state.to_act
        if self.game.INFO.moves_in_steps:
            self.chosen = (*self.chosen, action)
            move = self.game.step_move(self.state, self.chosen)
            if move is None:
                return seat, None
            self.chosen = ()
        else:
            move = self.game.decode_move(self.state, action)
        self.state = self.game.apply(self.state, move)
        return seat, self.game.outcome(self.state)

    def deal_again(self) -> None:
        self.state = self.game.new_game(int(self.rng.integers(0, 2**63)), self.config)


def _assert_rows_match(env: VectorEnv, replays: list[Replay], observations: Any, infos: Any) -> None:
    for i, replay in enumerate(replays):
        seat = replay.state.to_act
        assert infos["seat"][i] == seat
        expected = replay.observation(seat, replay.chosen, env.information_state)
        np.testing.assert_array_equal(observations["observation"][i], expected)
        assert np.flatnonzero(observations["action_mask"][i]).tolist() == replay.legal()


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("info", [False, True], ids=["observation", "information_state"])
def test_every_row_is_its_seat_to_act_at_every_step(name: str, info: bool) -> None:
    """Self-play: four rows, each replayed with the rules; 400 steps, through several games in the
    small configs (each game end checked: reward, every seat's rewards, the last observation)."""
    config = SMALL.get(name, GAMES[name].Config())
    env = VectorEnv(name, 4, config, information_state=info)
    observations, infos = env.reset(seed=70)
    replays = [Replay(name, config, 70 + i) for i in range(4)]
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(400):
        _assert_rows_match(env, replays, observations, infos)
        actions = [int(rng.choice(r.legal())) for r in replays]
        observations, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        for i, replay in enumerate(replays):
            seat, result = replay.play(actions[i])
            assert terminated[i] == (result is not None)
            if result is None:
                assert rewards[i] == 0
                continue
            ends += 1
            expected = [2 * r - 1 for r in result.rewards()]
            assert rewards[i] == expected[seat]
            assert infos["final_info"]["rewards"][i].tolist() == expected
            final = infos["final_obs"][i]
            np.testing.assert_array_equal(final["observation"], replay.observation(seat, (), info))
            assert not final["action_mask"].any()
            replay.deal_again()
    assert ends >= (1 if name == "eighty_points" else 4)


def test_a_game_that_ends_is_dealt_again_in_the_same_step() -> None:
    """Two-seat Clubs, threshold 1: one round of 26 tricks (26 cards a hand), so the 52nd step ends
    every row; before it no row has a final observation."""
    config = clubs.Config(players=2, threshold=1)
    env = VectorEnv("clubs", 3, config)
    observations, _ = env.reset(seed=5)
    for step in range(1, 53):
        actions = [int(np.flatnonzero(m)[0]) for m in observations["action_mask"]]
        observations, _, terminated, _, infos = env.step(actions)
        if step < 52:
            assert not terminated.any() and "final_obs" not in infos
    assert terminated.all()
    assert infos["_final_obs"].all() and infos["_final_info"].all()
    # Clubs' rewards: +1 for the seat that took fewer clubs (both +1 on a tie), -1 for the other.
    for i in range(3):
        assert sorted(infos["final_info"]["rewards"][i].tolist()) in ([-1.0, 1.0], [1.0, 1.0])
        new = clubs.new_game(int(np.random.default_rng(5 + i).integers(0, 2**63)), config)
        assert env.states[i] == new and new.to_act is not None
        np.testing.assert_array_equal(
            observations["observation"][i], observation_tensor(clubs.view(new, new.to_act))
        )
        assert observations["action_mask"][i].sum() == 26  # a new hand, leading: every card


@pytest.mark.parametrize("name", list(GAMES))
def test_against_opponents_every_row_is_the_learners_seat(name: str) -> None:
    config = SMALL.get(name, GAMES[name].Config())
    players = GAMES[name].num_players(config)
    env = VectorEnv(name, 3, config, opponents="random")
    observations, infos = env.reset(seed=3)
    games = [0, 0, 0]
    rng = np.random.default_rng(0)
    for _ in range(250):
        for i, state in enumerate(env.states):
            seat = (i + games[i]) % players  # seat=None: the learner's seat moves on a game
            assert state.to_act == seat == infos["seat"][i]
            expected = observation_tensor(GAMES[name].view(state, seat))
            np.testing.assert_array_equal(observations["observation"][i][: expected.size], expected)
        actions = [int(rng.choice(np.flatnonzero(m))) for m in observations["action_mask"]]
        observations, rewards, terminated, _, infos = env.step(actions)
        for i in np.flatnonzero(terminated):
            seat = (i + games[i]) % players
            assert rewards[i] == infos["final_info"]["rewards"][i][seat] in (-1.0, 0.0, 1.0)
            games[i] += 1
    if name != "eighty_points":
        assert min(games) >= 1


def test_a_fixed_seat_against_the_heuristic_bot() -> None:
    env = VectorEnv("clubs", 2, clubs.Config(players=4, threshold=1), opponents="heuristic", seat=2)
    observations, infos = env.reset(seed=0)
    for _ in range(60):
        assert infos["seat"].tolist() == [2, 2]
        assert [s.to_act for s in env.states] == [2, 2]
        actions = [int(np.flatnonzero(m)[-1]) for m in observations["action_mask"]]
        observations, _, _, _, infos = env.step(actions)


def _run(env: VectorEnv, seed: int, steps: int) -> list[Any]:
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen: list[Any] = [observations]
    for _ in range(steps):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in observations["action_mask"]]
        observations, rewards, terminated, _, infos = env.step(actions)
        seen.append((observations, rewards, terminated, infos["seat"]))
    return seen


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple):
        return all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(np.array_equal(a, b))


@pytest.mark.parametrize("opponents", [None, "random"])
def test_the_same_seed_plays_the_same_games(opponents: str | None) -> None:
    config = clubs.Config(players=3, threshold=2)
    first = _run(VectorEnv("clubs", 4, config, opponents=opponents), 11, 120)
    again = VectorEnv("clubs", 4, config, opponents=opponents)
    _run(again, 99, 30)  # a used environment, reset with the seed, plays the same games
    assert all(_same(a, b) for a, b in zip(first, _run(again, 11, 120), strict=True))
    other = _run(VectorEnv("clubs", 4, config, opponents=opponents), 12, 120)
    assert not _same(first[0], other[0])


def test_an_illegal_action_moves_no_game() -> None:
    env = VectorEnv("clubs", 3)
    observations, _ = env.reset(seed=8)
    before = env.states
    legal = [np.flatnonzero(m).tolist() for m in observations["action_mask"]]
    illegal = next(a for a in range(52) if a not in legal[1])
    with pytest.raises(IllegalMoveError) as error:
        env.step([legal[0][0], illegal, legal[2][0]])
    assert f"row 1: {illegal} is not legal" in str(error.value)
    assert str(legal[1]) in str(error.value)
    assert all(a is b for a, b in zip(env.states, before, strict=True))
    for bad in ([0, 1], [[0, 1, 2]], [0.0, 1.0, 2.0], "abc", None):
        with pytest.raises(IllegalMoveError, match="actions are 3 integers"):
            env.step(bad)  # type: ignore[arg-type]
    assert all(a is b for a, b in zip(env.states, before, strict=True))
    # The environment goes on as if nothing had been asked.
    _, _, _, _, infos = env.step([row[0] for row in legal])
    assert infos["seat"].tolist() == [s.to_act for s in env.states]


def test_bad_settings_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="num_envs"):
        VectorEnv("clubs", 0)
    with pytest.raises(ConfigError, match="opponents"):
        VectorEnv("clubs", 2, opponents="grandmaster")
    with pytest.raises(ConfigError, match="seat"):
        VectorEnv("clubs", 2, seat=1)  # a fixed seat needs opponents
    with pytest.raises(ConfigError, match="seat"):
        VectorEnv("clubs", 2, clubs.Config(players=2), opponents="random", seat=2)
    with pytest.raises(ConfigError, match="seed"):
        VectorEnv("clubs", 2).reset(seed=1.5)  # type: ignore[arg-type]


def test_the_documented_loop_runs() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "adapters.md").read_text(encoding="utf-8")
    section = page.split("## A vectorised environment for training", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(block, "docs/adapters.md", "exec"), namespace)
    # Two seats: hand 52, trick 2 x 52, leader 2, to_act 2, played 52, taken, scores, sizes 2 each.
    assert namespace["observations"]["observation"].shape == (64, 218)


gymnasium = pytest.importorskip("gymnasium")


def test_gymnasium_spaces_and_autoreset_mode() -> None:
    env = VectorEnv("pub_derby", 5)
    observations, _ = env.reset(seed=0)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    assert env.observation_space.contains(observations)
    assert env.single_action_space == gymnasium.spaces.Discrete(env.action_count)
    assert env.action_space.shape == (5,)
    assert env.observation_space["observation"].shape == (5, env.observation_size)


class OneRow(gymnasium.Env):  # type: ignore[misc,name-defined]
    """Row 0 of a one-row environment against the random bot as a Gymnasium ``Env``, for
    Gymnasium's checker: action ``k`` plays the ``k mod n``-th of the ``n`` legal actions (the
    checker samples any action of the space)."""

    def __init__(self) -> None:
        self.vector = VectorEnv("clubs", 1, clubs.Config(players=2, threshold=1), opponents="random")
        self.observation_space = self.vector.single_observation_space
        self.action_space = self.vector.single_action_space
        self.mask: Any = None

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        observations, _ = self.vector.reset(seed=seed)
        return self._row(observations), {}

    def _row(self, observations: Any) -> Any:
        self.mask = observations["action_mask"][0]
        return {k: v[0] for k, v in observations.items()}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        legal = np.flatnonzero(self.mask)
        observations, rewards, terminated, _, infos = self.vector.step([legal[int(action) % legal.size]])
        row = infos["final_obs"][0] if terminated[0] else self._row(observations)
        return row, float(rewards[0]), bool(terminated[0]), False, {}


@pytest.mark.filterwarnings("ignore:.*maximum value is infinity")
def test_gymnasium_check_env_on_one_row() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(OneRow(), skip_render_check=True)
