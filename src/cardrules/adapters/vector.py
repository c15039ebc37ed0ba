"""Many games stepped together into batched NumPy arrays, for training (the numpy extra; in a
checkout: ``python -m pip install -e ".[numpy]"``).

``VectorEnv(game, num_envs, config=None, *, opponents=None, seat=None, information_state=False)``
follows Gymnasium's vector API (``gymnasium.vector.VectorEnv``) without needing Gymnasium:
``reset(seed=)`` returns ``(observations, infos)``, ``step(actions)`` returns ``(observations,
rewards, terminations, truncations, infos)``, and a game that ends is dealt again in the same step
(``metadata["autoreset_mode"]`` is Gymnasium's ``AutoresetMode.SAME_STEP``), its last observation
in ``infos["final_obs"]``. ``observations`` is a dict of two arrays, as the PettingZoo
environments' observation batched: ``"observation"`` (``float32``, one row a game: the tensor of
[`cardrules.tensors`][] of the seat to act, or its information state) and ``"action_mask"``
(``int8``, 1 for each legal action). ``infos["seat"]`` is the seat each row belongs to.

Seats: with ``opponents=None`` every seat is played through the batch (self-play): each row is the
game's seat to act, and ``rewards[i]`` is the reward of the seat whose action ``actions[i]`` was.
With ``opponents`` (``"random"``, ``"heuristic"``, any library bot name, or a bot) one learner seat
a game acts through the batch and the bot plays the other seats inside ``step`` and ``reset``; the
learner's seat is ``seat`` in every game, or with ``seat=None`` seat ``(i + k) % players`` in game
``k`` of row ``i``. Rewards come when a game ends: +1 a win, -1 a loss, 0 a draw (``2 r - 1`` of
``Outcome.rewards()``, as the PettingZoo environments give them); every seat's are in
``infos["final_info"]["rewards"]``. Games always end, so ``truncations`` are all False.

``reset(seed=s)`` deals game ``s + i`` in row ``i`` (as ``new_game(s + i, config)``) and seeds that
row's generator with ``s + i``, which deals its later games (as a PettingZoo ``raw_env`` reset with
``seed=s + i`` does) and, separately, seeds the opponents: the same seed gives the same games,
observations and rewards. An action the row's mask does not allow raises ``IllegalMoveError``
naming the row and its legal actions before any game of the batch moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

from cardrules._extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.adapters.vector", "numpy", exc) from exc

from cardrules._reprs import short_repr
from cardrules._shared.options import config_of
from cardrules.adapters._legal import Stepper, legal_function, legal_pairs, move_of
from cardrules.bots import Bot
from cardrules.bots.names import read_bot_name
from cardrules.errors import ConfigError, IllegalMoveError, StateError
from cardrules.game import Outcome, SteppedGame
from cardrules.registry import AnyGame, get_game
from cardrules.tensors import information_state_shape, observation_shape, state_writer

__all__ = ["VectorEnv"]

Observations = dict[str, "npt.NDArray[Any]"]

# A learner seat the deal never reaches (a game over before it acts) is dealt again, this often.
_REDEALS = 100


def _opponent(opponents: object) -> Bot | None:
    if opponents is None or callable(getattr(opponents, "choose", None)):
        return cast("Bot | None", opponents)
    name = read_bot_name(opponents)
    if name is None:
        raise ConfigError(f"opponents is None, a bot name or a bot, got {short_repr(opponents)}")
    return name.make()


def _autoreset_mode() -> object:
    try:
        from gymnasium.vector import AutoresetMode
    except ImportError:  # Gymnasium's enum has this value
        return "SameStep"
    return AutoresetMode.SAME_STEP


class VectorEnv:
    """``num_envs`` games of ``game`` stepped together (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": _autoreset_mode()}

    def __init__(
        self,
        game: str | AnyGame,
        num_envs: int,
        config: Any = None,
        *,
        opponents: str | Bot | None = None,
        seat: int | None = None,
        information_state: bool = False,
    ) -> None:
        module = get_game(game)
        if type(num_envs) is not int or num_envs < 1:
            raise ConfigError(f"num_envs is a positive int, got {short_repr(num_envs)}")
        self.game = module
        self.config = config_of(config, module.Config, module.NAME)
        self.num_envs = num_envs
        self.players: int = module.num_players(self.config)
        self.opponents = _opponent(opponents)
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players or opponents is None):
            raise ConfigError(
                f"seat is None or, with opponents, a seat 0..{self.players - 1}, got {short_repr(seat)}"
            )
        self.seat = seat
        self.information_state = bool(information_state)
        self._steps: SteppedGame[Any, Any, Any, Any] | None = (
            cast("SteppedGame[Any, Any, Any, Any]", module) if module.INFO.moves_in_steps else None
        )
        self.action_count: int = self._steps.STEP_COUNT if self._steps else module.action_count(self.config)
        shape = (information_state_shape if information_state else observation_shape)(module, self.config)
        self._tensor_size = shape[0]
        self.observation_size: int = shape[0] + (self._steps.CHOSEN_SIZE if self._steps else 0)
        self._make_buffers()
        self._states: list[Any] = [None] * num_envs
        self._chosen: list[tuple[int, ...]] = [()] * num_envs
        # Each row's legal actions and, item for item, their moves (``()`` where decoded instead).
        self._legal: list[tuple[int, ...]] = [()] * num_envs
        self._moves: list[tuple[Any, ...]] = [()] * num_envs
        # A stepper a row: each keeps its row's position's step table from one call to the next.
        self._steppers = [Stepper(self._steps) if self._steps else None for _ in range(num_envs)]
        self._legal_functions = [legal_function(module, s) for s in self._steppers]
        self._pairs = legal_pairs(module)
        self._learner = [0] * num_envs
        self._episodes = [0] * num_envs
        self._rngs: list[np.random.Generator] = []
        self._bot_rngs: list[np.random.Generator] = []
        self._spaces: tuple[Any, Any, Any, Any] | None = None

    def _make_buffers(self) -> None:
        # One buffer and one tensor writer a seat of each row: a writer (reading the state, not a
        # view of it) adds to the array it wrote last time only what the deal's new tricks give,
        # so each seat keeps its own array object.
        n, p = self.num_envs, self.players
        self._block = np.zeros((n, p, self.observation_size), np.float32)
        self._buffers = [[self._block[i, s] for s in range(p)] for i in range(n)]
        size = self._tensor_size
        self._tensors = [[row[:size] for row in rows] for rows in self._buffers]
        info = self.information_state
        self._writers = [
            [state_writer(self.game, self.config, information_state=info) for _ in range(p)] for _ in range(n)
        ]

    def __repr__(self) -> str:
        return (
            f"VectorEnv({self.game.NAME!r}, {self.num_envs}, opponents={self.opponents!r}, seat={self.seat})"
        )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Deal a game in every row: game ``seed + i`` in row ``i``; without a seed, each row's next
        game from its generator (seeded from the system's entropy the first time)."""
        n = self.num_envs
        if seed is None and not self._rngs:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        if seed is not None:
            if type(seed) is not int and not isinstance(seed, np.integer):
                raise ConfigError(f"seed is None or an int, got {short_repr(seed)}")
            seed = int(seed)
            self._rngs = [np.random.default_rng(seed + i) for i in range(n)]
            self._bot_rngs = [np.random.default_rng((seed + i, 1)) for i in range(n)]
            self._episodes = [0] * n
        for i in range(n):
            self._deal(i, None if seed is None else (seed + i) % 2**64)
        return self._observe()

    def _deal(self, i: int, game_seed: int | None) -> None:
        """A new game in row ``i`` (game ``game_seed``, else one its generator draws), the opponents'
        moves made up to the learner's first decision."""
        for _ in range(_REDEALS):
            if game_seed is None:
                game_seed = int(self._rngs[i].integers(0, 2**63))
            state = self.game.new_game(game_seed, self.config)
            game_seed = None
            if self.opponents is not None:
                players = self.players
                self._learner[i] = self.seat if self.seat is not None else (i + self._episodes[i]) % players
                state = self._advance(i, state)
            if state.to_act is not None:
                self._states[i], self._chosen[i] = state, ()
                self._legal[i], self._moves[i] = self._legal_functions[i](state, ())
                return
            self._episodes[i] += 1
        raise StateError(f"seat {self._learner[i]} never acted in {_REDEALS} {self.game.NAME} deals")

    def _advance(self, i: int, state: Any) -> Any:
        """The opponents' moves from ``state`` until the learner of row ``i`` is to act or the game ends."""
        learner, bot, view, apply = self._learner[i], self.opponents, self.game.view, self.game.apply
        rng = self._bot_rngs[i]
        while state.to_act is not None and state.to_act != learner:
            move = cast(Bot, bot).choose(view(state, state.to_act), int(rng.integers(0, 2**63)))
            state = apply(state, move)
        return state

    def _observe(self) -> tuple[Observations, dict[str, Any]]:
        """Every row's observation and mask for its seat to act, in new arrays, and the infos of
        every step: the seat of each row."""
        n, count = self.num_envs, self.action_count
        writers, tensors, steps = self._writers, self._tensors, self._steps
        seats = [state.to_act for state in self._states]
        # The mask's 1s set byte by byte: cheaper than NumPy's fancy indexing for a few a row.
        ones = bytearray(n * count)
        legal = self._legal
        for i, state in enumerate(self._states):
            seat = seats[i]
            writers[i][seat](state, seat, tensors[i][seat])
            base = i * count
            for action in legal[i]:
                ones[base + action] = 1
        if steps:
            for i, seat in enumerate(seats):
                self._buffers[i][seat][self._tensor_size :] = steps.chosen_faces(self._chosen[i])
        mask = np.frombuffer(ones, np.int8).reshape(n, count)
        rows = np.array(seats, np.int64)
        observations: Observations = {"observation": self._block[np.arange(n), rows], "action_mask": mask}
        return observations, {"seat": rows, "_seat": np.ones(n, np.bool_)}

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[
        Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Play ``actions[i]`` in row ``i``, every row at once; a game that ends is dealt again at
        once (its last observation in ``infos["final_obs"]``). ``IllegalMoveError`` (no game moved)
        if any action is not legal in its row."""
        chosen = self._checked(actions)
        n = self.num_envs
        rewards = np.zeros(n, np.float64)
        ended = np.zeros(n, np.bool_)
        finals: dict[int, tuple[Observations, tuple[float, ...]]] = {}
        if self._pairs is not None and self.opponents is None:
            done = self._play_plain(chosen)
        else:
            done = [(i, *end) for i, action in enumerate(chosen) if (end := self._play(i, action))]
        for i, seat, result in done:
            values = tuple(2.0 * r - 1.0 for r in result.rewards())
            rewards[i], ended[i] = values[seat], True
            finals[i] = (self._final_observation(i, seat), values)
            self._episodes[i] += 1
            self._deal(i, None)
        observations, infos = self._observe()
        if finals:
            infos.update(self._final_infos(finals))
        return observations, rewards, ended, np.zeros(n, np.bool_), infos

    def _checked(self, actions: object) -> list[int]:
        """``actions`` as ints, each legal in its row: else ``IllegalMoveError``, before any move."""
        array = np.asarray(actions)
        n = self.num_envs
        if array.shape != (n,) or array.dtype.kind not in "iu":
            raise IllegalMoveError(
                f"actions are {n} integers, one a row; got {short_repr(actions)} (shape {array.shape}, "
                f"{array.dtype})"
            )
        chosen: list[int] = array.tolist()
        legal = self._legal
        bad = [i for i, action in enumerate(chosen) if action not in legal[i]]
        if bad:
            rows = "; ".join(
                f"row {i}: {chosen[i]} is not legal for seat {self._states[i].to_act} "
                f"(legal: {sorted(map(int, legal[i]))})"
                for i in bad[:3]
            )
            more = f" (and {len(bad) - 3} more rows)" if len(bad) > 3 else ""
            raise IllegalMoveError(f"no game moved: {rows}{more}")
        return chosen

    def _play_plain(self, chosen: list[int]) -> list[tuple[int, int, Outcome]]:
        """Self-play of a game of one action a move with ``_legal_pairs``: ``_play`` of every row
        without its calls and branches, each move looked up (the common case, timed in
        benchmarks/rl.py); the rows whose games ended, with the seat that acted and the outcome."""
        states, legal, moves = self._states, self._legal, self._moves
        apply, outcome, pairs = self.game.apply, self.game.outcome, cast("Any", self._pairs)
        ended = []
        for i, action in enumerate(chosen):
            state = states[i]
            after = apply(state, moves[i][legal[i].index(action)])
            states[i] = after
            if after.to_act is not None:  # a game runs until no seat is to act
                legal[i], moves[i] = pairs(after)
            else:
                ended.append((i, state.to_act, cast(Outcome, outcome(after))))
        return ended

    def _play(self, i: int, action: int) -> tuple[int, Outcome] | None:
        """Play ``action`` (legal) in row ``i`` and then the opponents; the acting seat and the
        outcome if the game ended (the row is left on its last state), else ``None``."""
        state = self._states[i]
        seat = state.to_act
        if self._steps:
            chosen = (*self._chosen[i], action)
            move = self._steppers[i].step_move(state, chosen)  # type: ignore[union-attr]
            self._chosen[i] = () if move is not None else chosen
        else:
            move = move_of(self.game, state, (self._legal[i], self._moves[i]), action)
        if move is not None:
            state = self.game.apply(state, move)
            if self.opponents is not None:
                state = self._advance(i, state)
            self._states[i] = state
            result = self.game.outcome(state)
            if result is not None:
                return seat, result
        self._legal[i], self._moves[i] = self._legal_functions[i](state, self._chosen[i])
        return None

    def _final_observation(self, i: int, seat: int) -> Observations:
        """The game's last observation for ``seat`` in row ``i`` (its mask all 0)."""
        buffer = self._buffers[i][seat]
        self._writers[i][seat](self._states[i], seat, self._tensors[i][seat])
        if self._steps:
            buffer[self._tensor_size :] = self._steps.chosen_faces(())
        return {"observation": buffer.copy(), "action_mask": np.zeros(self.action_count, np.int8)}

    def _final_infos(self, finals: dict[int, tuple[Observations, tuple[float, ...]]]) -> dict[str, Any]:
        """Gymnasium's ``final_obs`` (an object array) and ``final_info`` (every seat's rewards), each
        with its ``_`` mask of the rows whose games ended."""
        n = self.num_envs
        done = np.zeros(n, np.bool_)
        final_obs = np.full(n, None, dtype=object)
        rewards = np.zeros((n, self.players), np.float64)
        for i, (observation, values) in finals.items():
            done[i] = True
            final_obs[i] = observation
            rewards[i] = values
        final_info = {"rewards": rewards, "_rewards": done.copy()}
        return {
            "final_obs": final_obs,
            "_final_obs": done.copy(),
            "final_info": final_info,
            "_final_info": done,
        }

    def _gym_spaces(self) -> tuple[Any, Any, Any, Any]:
        if self._spaces is None:
            try:
                import gymnasium
                from gymnasium.vector.utils import batch_space
            except ImportError as exc:
                raise missing_extra("VectorEnv's spaces", "pettingzoo", exc) from exc
            single = gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, np.inf, (self.observation_size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self.action_count,), np.int8),
                }
            )
            action = gymnasium.spaces.Discrete(self.action_count)
            self._spaces = (
                single,
                action,
                batch_space(single, self.num_envs),
                batch_space(action, self.num_envs),
            )
        return self._spaces

    @property
    def single_observation_space(self) -> Any:
        """Gymnasium's ``Dict`` space of one row's observation (needs Gymnasium)."""
        return self._gym_spaces()[0]

    @property
    def single_action_space(self) -> Any:
        """``Discrete(action_count)`` (needs Gymnasium)."""
        return self._gym_spaces()[1]

    @property
    def observation_space(self) -> Any:
        """The batched observation space (needs Gymnasium)."""
        return self._gym_spaces()[2]

    @property
    def action_space(self) -> Any:
        """``MultiDiscrete``: one action a row (needs Gymnasium)."""
        return self._gym_spaces()[3]

    @property
    def states(self) -> tuple[Any, ...]:
        """Each row's game state now (a game just ended is already dealt again)."""
        return tuple(self._states)

    @property
    def unwrapped(self) -> VectorEnv:
        """The environment itself, as Gymnasium's wrappers ask."""
        return self

    def close(self) -> None:
        """Nothing to release."""
