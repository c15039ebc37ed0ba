"""PettingZoo AEC environments for every cardrules game (the pettingzoo extra; in a checkout:
``python -m pip install -e ".[pettingzoo]"``).

One module a game, as PettingZoo's classic environments have: ``clubs_v0``, ``pub_derby_v0``,
``rugby_league_v0``, ``eighty_points_v0`` and ``manager_v0``, each with ``env(**kwargs)`` and
``raw_env(**kwargs)``, whose keyword arguments are the game's ``Config`` fields plus
``render_mode`` and ``information_state``:

    from cardrules.adapters.pettingzoo import clubs_v0
    table = clubs_v0.env(players=3, threshold=20, render_mode="ansi")

``env(game, config=None, **kwargs)`` and ``raw_env(game, config=None, **kwargs)`` of this module
build the same environments from a game's name and ``Config``. The agents are ``"player_0"``,
``"player_1"``, ... (the game's seats). Each observation is a dict with ``"observation"`` (the
seat's [`cardrules.tensors`][] observation, or its information state with
``information_state=True``) and ``"action_mask"`` (``int8``, 1 for each legal action of the agent to
act, all 0 for the others). Actions are the game's action numbers (``legal_actions``), except in 80
Points, where a play is chosen one face at a time with its step actions
(``eighty_points.step_actions``): the observation then ends with the faces chosen so far (54
numbers, copies / 2) and the move is made once the steps complete it.

Rewards come at the end only: +1 to each winner, -1 to each loser, 0 to every seat of a draw (from
``Outcome.rewards()``, ``2 r - 1``). ``reset(seed=s)`` deals game ``s``; without a seed the
environment's own generator picks one. ``render_mode="ansi"``: ``render()`` returns the acting
seat's view as text; ``"human"``: it prints that text.

``env`` wraps the environment as PettingZoo's classic games are: an illegal action ends the game
with -1 for the agent that chose it and 0 for the others (``TerminateIllegalWrapper``), and actions
out of range or out of turn are refused. ``raw_env`` raises ``IllegalMoveError`` for an illegal
action instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, cast

import attrs

from cardrules._extras import missing_extra
from cardrules._reprs import short_repr

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.adapters.pettingzoo", "pettingzoo", exc) from exc

from cardrules._shared.options import config_of
from cardrules.adapters._legal import Stepper, legal_function, move_of
from cardrules.errors import ConfigError, IllegalMoveError
from cardrules.game import SteppedGame
from cardrules.registry import AnyGame, get_game
from cardrules.tensors import information_state_shape, observation_shape, state_writer

__all__ = ["CardRulesEnv", "ClassicWrapper", "env", "raw_env"]


class CardRulesEnv(AECEnv):  # type: ignore[misc]
    """One cardrules game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "cardrules",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | AnyGame,
        config: Any = None,
        *,
        information_state: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        module = get_game(game)
        self.game = module
        self.config = config_of(config, module.Config, module.NAME)
        if render_mode not in (None, *self.metadata["render_modes"]):
            modes = ", ".join(repr(m) for m in self.metadata["render_modes"])
            raise ConfigError(f"render_mode is None, {modes}, got {short_repr(render_mode)}")
        self.render_mode = render_mode
        self.information_state = bool(information_state)
        # A game whose moves come in steps gets a small, fixed action space: one action a step.
        self._steps: SteppedGame[Any, Any, Any, Any] | None = (
            cast("SteppedGame[Any, Any, Any, Any]", module) if module.INFO.moves_in_steps else None
        )
        self._actions = self._steps.STEP_COUNT if self._steps else module.action_count(self.config)
        shape = (information_state_shape if information_state else observation_shape)(module, self.config)
        size = shape[0] + (self._steps.CHOSEN_SIZE if self._steps else 0)
        players = module.num_players(self.config)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self._actions,), np.int8),
            }
        )
        self._action_space = gymnasium.spaces.Discrete(self._actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One writer and one buffer a seat: the writer reads the seat's tensor from the state (as
        # its view would show it) and keeps what the deal's completed tricks give that seat's
        # tensor until they change; observe hands out a copy of the buffer.
        self._tensor_size = shape[0]
        self._state_writers = self._make_writers(players)
        self._buffers = [np.zeros(size, np.float32) for _ in range(players)]
        self._tensors = [buffer[: shape[0]] for buffer in self._buffers]
        self._rng = np.random.default_rng()
        self.state_: Any = None
        self._chosen: tuple[int, ...] = ()
        # The legal actions and (but for stepped moves) their moves, item for item, of one position.
        self._stepper = Stepper(self._steps) if self._steps else None
        self._legal_function = legal_function(module, self._stepper)
        self._legal_of: tuple[Any, tuple[int, ...], tuple[int, ...], tuple[Any, ...]] = (None, (), (), ())

    def _make_writers(self, players: int) -> list[Callable[[Any, int, npt.NDArray[np.float32]], None]]:
        info = self.information_state
        return [state_writer(self.game, self.config, information_state=info) for _ in range(players)]

    def __getstate__(self) -> dict[str, Any]:
        # A module does not pickle: the game travels by name (vectorised and multiprocess training
        # pickles environments), and the tensor writers (closures) are made again.
        return {
            **self.__dict__,
            "game": self.game.NAME,
            "_state_writers": None,
            "_legal_function": None,
            "_stepper": None,
            "_tensors": None,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        game = get_game(state["game"])
        self.__dict__.update(state, game=game)
        self._state_writers = self._make_writers(len(self._buffers))
        self._tensors = [buffer[: self._tensor_size] for buffer in self._buffers]
        self._stepper = Stepper(self._steps) if self._steps else None
        self._legal_function = legal_function(game, self._stepper)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(action count)`` for every agent."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: game ``seed`` if given, else one drawn from the environment's generator."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed) % 2**64
        else:
            game_seed = int(self._rng.integers(0, 2**63))
        self.state_ = self.game.new_game(game_seed, self.config)
        self._chosen = ()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_act]

    def _legal(self) -> tuple[tuple[int, ...], tuple[Any, ...]]:
        # Asked by observe and again by step for the same position: kept for the last one.
        state, chosen = self.state_, self._chosen
        known = self._legal_of
        if known[0] is state and known[1] == chosen:
            return known[2], known[3]
        legal, moves = self._legal_function(state, chosen)
        self._legal_of = (state, chosen, legal, moves)
        return legal, moves

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's tensor and its action mask (new arrays, the agent's to keep)."""
        seat = self._seat_of[agent]
        state = self.state_
        buffer = self._buffers[seat]
        if self._steps:
            # The same view of the buffer each time, so that the writer knows it for its own.
            self._state_writers[seat](state, seat, self._tensors[seat])
            chosen = self._chosen if state.to_act == seat else ()
            if chosen:
                buffer[self._tensor_size :] = self._steps.chosen_faces(chosen)
            else:
                buffer[self._tensor_size :] = 0.0
        else:
            self._state_writers[seat](state, seat, buffer)
        mask = np.zeros(self._actions, dtype=np.int8)
        if state.to_act == seat:
            cells: Any = mask.data  # a memoryview: item by item, faster than the array
            for action in self._legal()[0]:
                cells[action] = 1
        return {"observation": buffer.copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the agent's action (``IllegalMoveError`` for one its mask does not allow); ``None``
        for an agent that is done, as PettingZoo requires."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._move_of(agent, action)
        self._cumulative_rewards[agent] = 0.0
        if move is not None:
            self.state_ = self.game.apply(self.state_, move)
        to_act = self.state_.to_act
        if to_act is not None:
            # Rewards come at the end only: until then they are all 0 and accumulate nothing.
            self.agent_selection = self.possible_agents[to_act]
            return
        result = self.game.outcome(self.state_)
        for agent_name, reward in zip(self.agents, result.rewards() if result is not None else ()):
            self.rewards[agent_name] = 2.0 * reward - 1.0
            self.terminations[agent_name] = True
        self._accumulate_rewards()

    def _move_of(self, agent: str, action: object) -> Any:
        """The move ``action`` makes (``None`` for a step that does not complete one), the legal
        set looked up rather than asked of the rules again; ``IllegalMoveError`` if not legal."""
        legal, moves = self._legal()
        if not (type(action) is int or isinstance(action, np.integer)) or action not in legal:
            raise IllegalMoveError(
                f"action {action} is not legal for {agent}; legal: {sorted(map(int, legal))}"
            )
        index = int(action)
        if self._steps:
            chosen = (*self._chosen, index)
            move = self._stepper.step_move(self.state_, chosen)  # type: ignore[union-attr]
            self._chosen = () if move is not None else chosen
            return move
        return move_of(self.game, self.state_, (legal, moves), index)

    def render(self) -> str | None:
        """The acting seat's view as text: returned with ``render_mode="ansi"``, printed with
        ``"human"``; ``None`` (and a warning) without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        if self.state_ is None:
            return "No game yet: call reset()."
        seat = self.state_.to_act
        result = self.game.outcome(self.state_)
        shown = 0 if seat is None else seat
        if result is None:
            head = f"player_{seat} to act, seeing:"
        else:
            winners = ", ".join(f"player_{s}" for s in result.winners) or "nobody"
            head = f"Game over: {winners} won. player_{shown} sees:"
        return f"{head}\n{self.game.render(self.game.view(self.state_, shown))}"

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str | AnyGame, config: Any = None, **kwargs: Any) -> CardRulesEnv:
    """The environment without PettingZoo's wrappers: an illegal action raises ``IllegalMoveError``."""
    return CardRulesEnv(game, config, **kwargs)


def env(game: str | AnyGame, config: Any = None, **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: an illegal action ends the game with
    -1 for the agent that chose it, and out-of-range actions and steps out of turn are refused."""
    return _wrapped(raw_env(game, config, **kwargs))


def _wrapped(table: CardRulesEnv) -> AECEnv:
    return ClassicWrapper(table)


def _forwarded(name: str, before_reset: bool) -> property:
    """The raw environment's attribute ``name`` read and written through the wrapper; with
    ``before_reset``, reading it before ``reset()`` is an ``AttributeError`` (as
    ``OrderEnforcingWrapper`` makes it)."""

    def get(self: ClassicWrapper) -> Any:
        if before_reset and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    def set_(self: ClassicWrapper, value: Any) -> None:
        setattr(self._raw, name, value)

    return property(get, set_, doc=f"The environment's ``{name}``.")


class _OutOfBoundsError(IllegalMoveError, AssertionError):
    """An action outside the action space: an ``AssertionError``, as PettingZoo's
    ``AssertOutOfBoundsWrapper`` raises, and an ``IllegalMoveError``."""


class ClassicWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's classic wrappers in one: ``TerminateIllegalWrapper(illegal_reward=-1)``, then
    ``AssertOutOfBoundsWrapper``, then ``OrderEnforcingWrapper``, with the same rewards,
    terminations, warnings and errors, but the environment's attributes read in one step rather
    than through a ``__getattr__`` a wrapper (the chain cost more than the game). An
    ``OrderEnforcingWrapper``, so ``agent_iter`` checks the loop as PettingZoo's does."""

    def __init__(self, env: CardRulesEnv) -> None:
        self._raw = env
        self._terminated = False  # ended by an illegal action
        self._mask: npt.NDArray[np.int8] | None = None  # of the last observation of the agent to act
        super().__init__(env)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (see [`CardRulesEnv.reset`][])."""
        self._has_reset = self._has_updated = True
        self._terminated = False
        self._mask = None
        self._raw.reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation; the acting agent's mask is kept to judge its next action."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        observation = self._raw.observe(agent)
        if agent == self._raw.agent_selection:
            self._mask = observation["action_mask"]
        return observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the agent to act."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        observation = None
        if observe:  # observe(agent), in one call rather than three
            observation = raw.observe(agent)
            self._mask = observation["action_mask"]
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        """The agent's action: refused out of turn or out of range, the game ended with -1 for the
        agent (0 for the others) if its mask does not allow it, else played."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        raw = self._raw
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        done = raw.terminations[agent] or raw.truncations[agent]
        if type(action) is int:  # the common case, without Discrete.contains' NumPy conversions
            if not 0 <= action < raw._actions:
                raise _OutOfBoundsError("action is not in action space")
        elif not (action is None and done) and not raw.action_space(agent).contains(action):
            raise _OutOfBoundsError("action is not in action space")
        mask = self._mask if self._mask is not None else raw.observe(agent)["action_mask"]
        self._mask = None
        if self._terminated and done:
            raw._was_dead_step(action)
        elif not done and not mask[action]:
            self._end_illegal(raw, agent)
        else:
            raw.step(action)

    def _end_illegal(self, raw: CardRulesEnv, agent: str) -> None:
        # TerminateIllegalWrapper's ending, step for step.
        EnvLogger.warn_on_illegal_move()
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.truncations, 0)
        raw.rewards[agent] = -1.0
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True

    def render(self) -> str | None:
        """The raw environment's ``render()``; an error before ``reset()``."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return self._raw.render()

    def __str__(self) -> str:
        return str(self._raw)


# The attributes read on every step, as properties (True: an AttributeError before reset()).
for _name, _before_reset in {
    "agents": True,
    "rewards": True,
    "terminations": True,
    "truncations": True,
    "infos": True,
    "agent_selection": True,
    "_cumulative_rewards": False,
    "possible_agents": False,
    "observation_spaces": False,
    "action_spaces": False,
    "metadata": False,
    "render_mode": False,
}.items():
    setattr(ClassicWrapper, _name, _forwarded(_name, _before_reset))


class _ClassicRawEnv(Protocol):
    """The ``raw_env`` class of a ``<game>_v0`` module, as a constructor."""

    def __call__(
        self, *, render_mode: str | None = None, information_state: bool = False, **config: Any
    ) -> CardRulesEnv: ...


def _classic(name: str) -> tuple[_ClassicRawEnv, Callable[..., AECEnv]]:
    """``raw_env`` (a class, as in PettingZoo's classic modules) and ``env`` of the module
    ``<name>_v0``, whose keyword arguments are the game's ``Config`` fields, ``render_mode`` and
    ``information_state``."""
    game = get_game(name)
    module = f"{__name__}.{name}_v0"

    def _init(
        self: CardRulesEnv, *, render_mode: str | None = None, information_state: bool = False, **config: Any
    ) -> None:
        try:
            settings = game.Config(**config)
        except TypeError:
            fields = ", ".join(f.name for f in attrs.fields(game.Config))
            raise ConfigError(
                f"{name}_v0 takes render_mode, information_state and the {game.NAME}.Config fields "
                f"({fields}), got {short_repr(sorted(config))}"
            ) from None
        CardRulesEnv.__init__(
            self, game, settings, render_mode=render_mode, information_state=information_state
        )

    namespace = {
        "__init__": _init,
        "__module__": module,
        "__doc__": f"{game.DESCRIPTION}\n\nThe PettingZoo AEC environment of {game.NAME} without wrappers.",
        "metadata": {**CardRulesEnv.metadata, "name": f"{name}_v0"},
    }
    cls = type("raw_env", (CardRulesEnv,), namespace)

    def env(**kwargs: Any) -> AECEnv:
        return _wrapped(cls(**kwargs))

    env.__module__ = module
    env.__doc__ = f"The {game.NAME} environment wrapped as PettingZoo's classic games are (see ``raw_env``)."
    return cast(_ClassicRawEnv, cls), env
