"""OpenSpiel games for every cardrules game (``pip install "cardrules[openspiel]"``).

Importing this module registers ``python_cardrules_<game>`` for each registered game. Its game
parameters are the fields of the game's ``Config``, named as the fields
(``pyspiel.load_game("python_cardrules_clubs", {"players": 3, "threshold": 20})``; see
[`game_parameters`][]), so ``pyspiel.load_game(str(game))`` gives the same game back and
OpenSpiel's serialization round-trips every config.

- **Chance**: the first eight moves are chance nodes, one byte each of the 64-bit game seed
  (256 equally likely outcomes each); the seed then fixes every later deal, shuffle and draw,
  exactly as ``new_game(seed, config)`` does in the library.
- **Actions**: the game's action numbers (``legal_actions``); 80 Points uses its step actions
  (a play chosen face by face, ``eighty_points.step_actions``), the same seat acting until the
  steps make its move.
- **Observations**: ``cardrules.tensors`` observation and information-state tensors (80 Points
  adds the 54 faces chosen so far); the strings are the view's text (``render``) and, for the
  information state, the view's canonical JSON (``dumps``) with the steps chosen.
- **Search**: ``resample_from_infostate`` deals a state the seat cannot tell from the real one
  (``sample_state`` of its view), so OpenSpiel's ``ISMCTSBot`` plays every game.
- **Returns**: at the end only, ``2 r - 1`` from ``Outcome.rewards()``: +1 a win, -1 a loss, 0 a
  draw. Zero-sum in every game but Clubs, whose ties share the win (general-sum).
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from cardrules._extras import missing_extra
from cardrules._options import config_of
from cardrules._reprs import short_repr

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.adapters.openspiel", "openspiel", exc) from exc

from cardrules import clubs, eighty_points
from cardrules.errors import CardRulesError, ConfigError
from cardrules.registry import GAMES, AnyGame, get_game
from cardrules.serialization import FORMAT_VERSION, dumps, loads
from cardrules.tensors import (
    information_state_shape,
    information_state_tensor,
    observation_shape,
    observation_tensor,
)

__all__ = ["game_name", "game_parameters", "load"]

_SEED_BYTES = 8


def game_name(game: str | AnyGame) -> str:
    """The OpenSpiel name of a cardrules game (its name or module): ``python_cardrules_<name>``."""
    return f"python_cardrules_{get_game(game).NAME}"


def load(game: str | AnyGame, config: Any = None) -> Any:
    """``pyspiel.load_game`` of ``game`` with ``config`` (``None``: the default config), passed as
    the flat parameters of [`game_parameters`][]."""
    return pyspiel.load_game(game_name(game), game_parameters(game, config))


def game_parameters(game: str | AnyGame, config: Any = None) -> dict[str, Any]:
    """``config`` as OpenSpiel game parameters: one a ``Config`` field, named as the field and
    valued as the JSON format writes it (an optional field's ``None`` is 0 for a number, ``""``
    for a suit). ``pyspiel.load_game(game_name(game), game_parameters(game, config))`` is
    ``load(game, config)``."""
    module = get_game(game)
    cfg = config_of(config, module.Config, module.NAME)
    data = json.loads(dumps(cfg))["data"]
    return {
        f.name: _NONE[f.type] if data[f.name] is None else data[f.name] for f in attrs.fields(module.Config)
    }


# What an optional Config field's None is as an OpenSpiel parameter, which has no null: 0 for
# 80 Points' rounds (at least 1 otherwise), "" for Manager's stripped suit.
_NONE: dict[Any, Any] = {"int | None": 0, "Suit | None": ""}


def _config_from(module: AnyGame, params: dict[str, Any]) -> Any:
    fields = attrs.fields(module.Config)
    unknown = sorted(set(params) - {f.name for f in fields})
    if unknown:
        names = ", ".join(f.name for f in fields)
        raise ConfigError(f"{game_name(module)} has the parameters {names}; got {short_repr(unknown)}")
    data = json.loads(dumps(module.Config()))["data"]
    for f in fields:
        if f.name in params:
            value = params[f.name]
            data[f.name] = None if f.type in _NONE and value == _NONE[f.type] else value
    try:
        return loads(json.dumps({"format": FORMAT_VERSION, "game": module.NAME, "data": data}))
    except CardRulesError as exc:
        raise ConfigError(f"bad {game_name(module)} parameters {short_repr(params)}: {exc}") from None


def _make_game_class(module: AnyGame) -> tuple[Any, Any]:
    steps = module is eighty_points
    # Clubs can have several winners (ties share the win), so its +1/-1 returns need not sum to 0;
    # every other game is won by one side against the other, or drawn at 0 each.
    general_sum = module is clubs
    default = module.Config()
    players = module.num_players(default)
    game_type = pyspiel.GameType(
        short_name=game_name(module.NAME),
        long_name=f"cardrules {module.NAME}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM if general_sum else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_parameters(module),
    )

    class Game(pyspiel.Game):  # type: ignore[misc]
        """A cardrules game as an OpenSpiel game."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            self.cardrules_config = _config_from(module, params or {})
            cfg = self.cardrules_config
            moves = module.max_moves(cfg)
            info = pyspiel.GameInfo(
                num_distinct_actions=eighty_points.STEP_COUNT if steps else module.action_count(cfg),
                max_chance_outcomes=256,
                num_players=module.num_players(cfg),
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None if general_sum else 0.0,
                max_game_length=_SEED_BYTES + moves * (6 if steps else 1),
            )
            super().__init__(game_type, info, game_parameters(module, self.cardrules_config))

        def new_initial_state(self) -> Any:
            """The chance nodes that draw the seed, then the game."""
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            """Observation (default) or information-state (perfect recall) tensors and strings."""
            if params:
                raise ValueError(f"observation parameters are not supported, got {params}")
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return Observer(self.cardrules_config, recall)

    class State(pyspiel.State):  # type: ignore[misc]
        """The seed's bytes drawn so far, then the cardrules state and any steps chosen."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.config = game.cardrules_config
            self.seed_bytes: list[int] = []
            self.inner: Any = None
            self.chosen: tuple[int, ...] = ()

        def current_player(self) -> int:
            """The chance player while the seed is drawn, then the seat to act, then terminal."""
            if self.inner is None:
                return int(pyspiel.PlayerId.CHANCE)
            if self.inner.to_act is None:
                return int(pyspiel.PlayerId.TERMINAL)
            return int(self.inner.to_act)

        def _legal_actions(self, player: int) -> list[int]:
            if steps:
                return list(eighty_points.step_actions(self.inner, self.chosen))
            return list(module.legal_actions(self.inner))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """The next byte of the seed: 256 equally likely values."""
            return [(b, 1 / 256) for b in range(256)]

        def _apply_action(self, action: int) -> None:
            if self.inner is None:
                self.seed_bytes.append(int(action))
                if len(self.seed_bytes) == _SEED_BYTES:
                    seed = int.from_bytes(bytes(self.seed_bytes), "big")
                    self.inner = module.new_game(seed, self.config)
                return
            if steps:
                chosen = (*self.chosen, int(action))
                move = eighty_points.step_move(self.inner, chosen)
                self.chosen = () if move is not None else chosen
                if move is None:
                    return
            else:
                move = module.decode_move(self.inner, int(action))
            self.inner = module.apply(self.inner, move)

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state ``player_id`` cannot tell from this one, as ``ISMCTSBot`` asks for: the same
            view (its own cards and the public history; ``sample_state`` deals every hidden card
            at random, seeded by two draws of ``probability_sampler``). The seed bytes are drawn
            afresh, since the real ones fix every hidden card; another seat's steps under way
            (80 Points) are not part of the view and start again."""
            seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
            sampled = self.get_game().new_initial_state()
            sampled.seed_bytes = list(seed.to_bytes(_SEED_BYTES, "big")[: len(self.seed_bytes)])
            if self.inner is not None:
                sampled.inner = module.sample_state(module.view(self.inner, player_id), seed)
                sampled.chosen = self.chosen if self.inner.to_act == player_id else ()
            return sampled

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"seed byte {action}"
            if steps:
                return f"step {action}"
            return str(module.format_move(module.decode_move(self.inner, action)))

        def is_terminal(self) -> bool:
            """Whether the cardrules game is over."""
            return self.inner is not None and self.inner.to_act is None

        def returns(self) -> list[float]:
            """``2 r - 1`` for each seat at the end, 0 before."""
            result = None if self.inner is None else module.outcome(self.inner)
            if result is None:
                return [0.0] * module.num_players(self.config)
            return [2.0 * r - 1.0 for r in result.rewards()]

        def __str__(self) -> str:
            if self.inner is None:
                return f"seed bytes {self.seed_bytes}"
            return str(dumps(self.inner))

    class Observer:
        """Fills the observation or information-state tensor and string of a seat."""

        def __init__(self, config: Any, recall: bool) -> None:
            self.recall = recall
            shape = (information_state_shape if recall else observation_shape)(module, config)
            self.tensor = np.zeros(shape[0] + (eighty_points.CHOSEN_SIZE if steps else 0), np.float32)
            self.dict = {"observation": self.tensor}

        def _view(self, state: Any, player: int) -> Any:
            return None if state.inner is None else module.view(state.inner, player)

        def set_from(self, state: Any, player: int) -> None:
            """The tensor of ``player``'s view (all 0 while the seed is drawn)."""
            self.tensor.fill(0)
            view = self._view(state, player)
            if view is None:
                return
            tensor = information_state_tensor(view) if self.recall else observation_tensor(view)
            self.tensor[: len(tensor)] = tensor
            if steps and state.inner.to_act == player:
                self.tensor[len(tensor) :] = eighty_points.chosen_faces(state.chosen)

        def string_from(self, state: Any, player: int) -> str:
            """The view's text, or (information state) its JSON with the steps chosen."""
            view = self._view(state, player)
            if view is None:
                return f"p{player} seed being drawn ({len(state.seed_bytes)} bytes)"
            if self.recall:
                mine = state.chosen if state.inner.to_act == player else ()
                return f"{dumps(view)} steps {list(mine)}"
            return f"p{player}\n{module.render(view)}"

    return Game, game_type


for _module in GAMES.values():
    _game_class, _game_type = _make_game_class(_module)
    if game_name(_module.NAME) not in pyspiel.registered_names():
        pyspiel.register_game(_game_type, _game_class)
