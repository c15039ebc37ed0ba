"""OpenSpiel games for every cardrules game (in a checkout: ``python -m pip install -e ".[openspiel]"``).

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
- **From a view**: ``state_from_view(view, seed)`` is an OpenSpiel state past the chance nodes
  that the view's seat cannot tell from the real one, so an OpenSpiel bot can play a seat from its
  view alone (``cardrules.adapters.openspiel_bots``).
- **Returns**: at the end only, ``2 r - 1`` from ``Outcome.rewards()``: +1 a win, -1 a loss, 0 a
  draw. Zero-sum in every game but Clubs, whose ties share the win (general-sum).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from itertools import combinations
from math import factorial, prod
from operator import attrgetter
from typing import Any, ClassVar, cast

import attrs

from cardrules._extras import missing_extra
from cardrules._reprs import short_repr
from cardrules._shared.options import config_of
from cardrules.adapters._legal import FirstSteps, Stepper

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.adapters.openspiel", "openspiel", exc) from exc

from cardrules._shared.text import cards_text
from cardrules.errors import CardRulesError, ConfigError, IllegalMoveError, StateError
from cardrules.game import SteppedGame
from cardrules.registry import GAMES, AnyGame, game_of_view, get_game
from cardrules.serialization import FORMAT_VERSION, dumps, loads
from cardrules.tensors import (
    information_state_shape,
    information_state_tensor,
    observation_shape,
    observation_tensor,
)

__all__ = ["game_name", "game_parameters", "load", "state_from_view"]

_SEED_BYTES = 8


def game_name(game: str | AnyGame) -> str:
    """The OpenSpiel name of a cardrules game (its name or module): ``python_cardrules_<name>``."""
    return f"python_cardrules_{get_game(game).NAME}"


def load(game: str | AnyGame, config: Any = None, *, position: Any = None) -> Any:
    """``pyspiel.load_game`` of ``game`` with ``config`` (``None``: the default config), passed as
    the flat parameters of [`game_parameters`][]; Clubs also takes a ``position`` to start from."""
    return pyspiel.load_game(game_name(game), game_parameters(game, config, position=position))


def state_from_view(view: Any, seed: int) -> Any:
    """An OpenSpiel state of ``view``'s game that ``view.player`` cannot tell from the real one: its
    chance nodes done, the hidden cards dealt by ``sample_state(view, seed)`` (as
    ``resample_from_infostate`` deals them), the game loaded with ``view.config``. Any game, not
    only one that starts from a position: a search that resamples the hidden cards from the
    seat's information state (OpenSpiel's ``ISMCTSBot``) never learns which deal this one is.
    ``StateError`` for an object that is no registered game's view, or a view of a finished game."""
    module = game_of_view(view)
    if view.to_act is None:
        raise StateError(f"the {module.NAME} view is of a finished game: there is no move to search")
    state = _loaded(module.NAME, view.config).new_initial_state()
    state.seed_bytes = list((seed % 2**64).to_bytes(_SEED_BYTES, "big"))
    state.inner = module.sample_state(view, seed)
    return state


@functools.lru_cache(maxsize=32)
def _loaded(name: str, config: Any) -> Any:
    """The OpenSpiel game of ``name`` and ``config``, loaded once a process (configs are frozen)."""
    return load(name, config)


def game_parameters(game: str | AnyGame, config: Any = None, *, position: Any = None) -> dict[str, Any]:
    """``config`` as OpenSpiel game parameters: one a ``Config`` field, named as the field and
    valued as the JSON format writes it (an optional field's ``None`` is 0 for a number, ``""``
    for a suit). ``pyspiel.load_game(game_name(game), game_parameters(game, config))`` is
    ``load(game, config)``.

    A game whose unseen cards all lie in the hands (``INFO.hidden_only_in_hands``: Clubs) has one
    more parameter, ``position``: a position (a ``State`` or its ``to_text`` line, whose commas the
    parameter writes as ``;`` since OpenSpiel splits game strings at commas) to start from; one
    chance node then deals its hands' cards, each split of them that the public history allows
    equally likely, and its config is the game's.
    """
    module = get_game(game)
    if position is not None:
        if not module.INFO.hidden_only_in_hands:
            able = ", ".join(name for name, g in GAMES.items() if g.INFO.hidden_only_in_hands)
            raise ConfigError(
                f"only a game whose unseen cards all lie in the hands ({able}) starts from a position, "
                f"not {module.NAME}"
            )
        text = str(position) if isinstance(position, str) else module.to_text(position)
        start = _position(module, text)
        if config is not None and config_of(config, module.Config, module.NAME) != start.match.config:
            raise ConfigError(f"the position is a game of {start.match.config}, not of {config}")
        # OpenSpiel's game strings split parameters at commas: the trick list's commas travel as ";".
        return {
            **game_parameters(module, start.match.config),
            "position": module.to_text(start).replace(",", ";"),
        }
    cfg = config_of(config, module.Config, module.NAME)
    data = json.loads(dumps(cfg))["data"]
    params = {
        f.name: _NONE[f.type] if data[f.name] is None else data[f.name] for f in attrs.fields(module.Config)
    }
    return {**params, "position": ""} if module.INFO.hidden_only_in_hands else params


# What an optional Config field's None is as an OpenSpiel parameter, which has no null: 0 for
# 80 Points' rounds (at least 1 otherwise), "" for Manager's stripped suit.
_NONE: dict[Any, Any] = {"int | None": 0, "Suit | None": ""}


def _position(module: AnyGame, text: str) -> Any:
    try:
        start = module.from_text(text.replace(";", ","))
    except CardRulesError as exc:
        raise ConfigError(f"bad position: {exc}") from None
    if start.to_act is None:
        raise ConfigError("the position is a finished game")
    return start


def _settings_from(module: AnyGame, params: dict[str, Any]) -> tuple[Any, Any]:
    """The config and the starting position (``None``: a new game) that ``params`` give."""
    spec = game_parameters(module)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ConfigError(
            f"{game_name(module)} has the parameters {', '.join(spec)}; got {short_repr(unknown)}"
        )
    given = {k: v for k, v in params.items() if k != "position"}
    if params.get("position"):
        start = _position(module, str(params["position"]))
        mine, default = game_parameters(module, start.match.config), game_parameters(module)
        # OpenSpiel fills in the defaults of parameters not given: only another value disagrees.
        clash = sorted(k for k, v in given.items() if v not in (mine[k], default[k]))
        if clash:
            raise ConfigError(
                f"the position's config is {start.match.config}; the parameters {clash} disagree"
            )
        return start.match.config, start
    data = json.loads(dumps(module.Config()))["data"]
    for f in attrs.fields(module.Config):
        if f.name in given:
            value = given[f.name]
            data[f.name] = None if f.type in _NONE and value == _NONE[f.type] else value
    try:
        return loads(json.dumps({"format": FORMAT_VERSION, "game": module.NAME, "data": data})), None
    except CardRulesError as exc:
        raise ConfigError(f"bad {game_name(module)} parameters {short_repr(params)}: {exc}") from None


# A position's chance node lists every deal it allows; past this many, start nearer the end.
_MAX_DEALS = 10_000


def _deals(module: AnyGame, start: Any) -> list[Any]:
    """The position with its hands' cards split into its hand sizes in every way the public history
    allows (``validate`` refuses, say, a heart for a seat that did not follow hearts)."""
    cards = sorted(c for h in start.hands for c in h)
    sizes = [len(h) for h in start.hands]
    count = factorial(len(cards)) // prod(factorial(n) for n in sizes)
    if count > _MAX_DEALS:
        raise ConfigError(
            f"the position's {len(cards)} hidden cards split {count:,} ways into hands of {sizes}; "
            f"at most {_MAX_DEALS:,} make a chance node: start nearer the end"
        )
    deals = []
    for hands in _splits(tuple(cards), sizes):
        state = attrs.evolve(start, hands=hands)
        try:
            module.validate(state)
        except StateError:
            continue
        deals.append(state)
    return deals


def _splits(cards: tuple[Any, ...], sizes: list[int]) -> Iterator[tuple[tuple[Any, ...], ...]]:
    if not sizes:
        yield ()
        return
    for hand in combinations(cards, sizes[0]):
        rest = tuple(c for c in cards if c not in hand)
        for others in _splits(rest, sizes[1:]):
            yield (hand, *others)


@attrs.frozen
class _Facts:
    """The cardrules game an OpenSpiel game wraps, and what the adapter must know of it that the
    game's functions do not say. Immutable and holding a module, which cannot be deep-copied: a
    deep copy is the same object."""

    module: AnyGame
    steps: bool  # a move is chosen a face at a time (step actions), the same seat acting until it is made
    general_sum: bool  # several seats can win, so the +1/-1 returns need not sum to 0
    players: tuple[int, int]  # the fewest and the most seats its configs allow

    def __deepcopy__(self, memo: object) -> _Facts:
        return self

    @property
    def stepped(self) -> SteppedGame[Any, Any, Any, Any]:
        """The game's step interface (only when ``steps``)."""
        return cast("SteppedGame[Any, Any, Any, Any]", self.module)


def _facts(module: AnyGame) -> _Facts:
    """What OpenSpiel asks of a game that its functions do not say, from the facts it declares
    (``INFO``): its seats' range, whether it is general-sum, whether its moves come in steps."""
    info = module.INFO
    return _Facts(
        module=module,
        steps=info.moves_in_steps,
        general_sum=not info.zero_sum,
        players=(min(info.seats), max(info.seats)),
    )


def _game_type(facts: _Facts) -> Any:
    """The OpenSpiel ``GameType`` a cardrules game is registered with."""
    low, high = facts.players
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=game_name(facts.module.NAME),
        long_name=f"cardrules {facts.module.NAME}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.GENERAL_SUM if facts.general_sum else utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_parameters(facts.module),
    )


def _game_info(facts: _Facts, config: Any, deals: int | None) -> Any:
    """The OpenSpiel ``GameInfo`` of one config: ``deals`` is the number of a position's deals,
    ``None`` for a new game (whose chance nodes draw the seed's bytes)."""
    module = facts.module
    draws, outcomes = (_SEED_BYTES, 256) if deals is None else (1, deals)
    return pyspiel.GameInfo(
        num_distinct_actions=facts.stepped.STEP_COUNT if facts.steps else module.action_count(config),
        max_chance_outcomes=outcomes,
        num_players=module.num_players(config),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=None if facts.general_sum else 0.0,
        max_game_length=draws + module.max_moves(config) * (6 if facts.steps else 1),
    )


class _Game(pyspiel.Game):  # type: ignore[misc]
    """A cardrules game as an OpenSpiel game. Each cardrules game registers a subclass that sets
    ``facts``, ``game_type`` and ``state_class`` (see ``_register``)."""

    facts: ClassVar[_Facts]
    game_type: ClassVar[Any]
    state_class: ClassVar[type[_State]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        module = self.facts.module
        self.cardrules_config, self.start = _settings_from(module, params or {})
        self.deals = [] if self.start is None else _deals(module, self.start)
        self.setting = _Setting(self.cardrules_config, self.start)
        info = _game_info(self.facts, self.cardrules_config, None if self.start is None else len(self.deals))
        super().__init__(
            self.game_type, info, game_parameters(module, self.cardrules_config, position=self.start)
        )

    def new_initial_state(self) -> Any:
        """The chance nodes that draw the seed (or deal the position's hands), then the game."""
        return self.state_class(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """Observation (default) or information-state (perfect recall) tensors and strings."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.facts, self.cardrules_config, recall)


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SEED_OUTCOMES = tuple((b, 1 / 256) for b in range(256))


@attrs.frozen
class _Setting:
    """What every state of one OpenSpiel game shares: the config, the starting position (``None``
    for a new game), and the move each action number makes as ``decode_move`` gave it once (the
    numbering is the config's and the same in every state, so a legal action's move need not be
    decoded again)."""

    config: Any
    start: Any
    decoded: dict[int, Any] = attrs.field(factory=dict, eq=False)


class _Node:
    """Everything of an OpenSpiel state but its history: the game's setting, the seed bytes drawn,
    the cardrules state (``None`` while chance deals), the steps chosen (80 Points), the seat to act
    as OpenSpiel numbers it, and memos of what the adapter works out from them (the legal actions,
    the seats' views).

    A slotted class rather than a frozen record because of the memos. Everything memoized is a
    function of the node's cardrules state and steps, which are immutable, so OpenSpiel's clones
    (``copy.deepcopy`` of each attribute) share the node (its deep copy is itself) until one of
    them moves, which makes a new node.
    """

    __slots__ = ("actions", "chosen", "first", "inner", "player", "seed", "setting", "views")

    def __init__(self, setting: _Setting, seed: tuple[int, ...], inner: Any, chosen: tuple[int, ...]) -> None:
        # One assignment a line, no tuples built: a node is made on every move.
        self.setting = setting
        self.seed = seed
        self.inner = inner
        self.chosen = chosen
        self.player: int
        if inner is None:
            self.player = _CHANCE
        else:
            to_act = inner.to_act  # an int or None in every game's State
            self.player = _TERMINAL if to_act is None else to_act
        self.actions: tuple[int, ...] | None = None
        self.views: dict[int, Any] | None = None
        self.first: FirstSteps | None = None  # 80 Points: the first steps of the moves

    def __deepcopy__(self, memo: object) -> _Node:
        return self

    # OpenSpiel serializes a state by pickling its attributes: the memos stay behind.
    def __getstate__(self) -> tuple[Any, ...]:
        return self.setting.config, self.setting.start, self.seed, self.inner, self.chosen

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        config, start, *rest = state
        self.__init__(_Setting(config, start), *rest)  # type: ignore[misc]


@attrs.frozen
class _Shared:
    """What a state serialized by cardrules 0.1 holds of the cardrules game: kept so that its
    pickle still loads (``_State._shared``)."""

    config: Any
    start: Any
    inner: Any


class _State(pyspiel.State):  # type: ignore[misc]
    """The seed's bytes drawn (or, from a position, the cards dealt) so far, then the cardrules
    state and any steps chosen, all in one ``_Node``. Each cardrules game registers a subclass
    that sets ``facts``."""

    # The cardrules game is a class attribute, not an instance's: OpenSpiel pickles a state's
    # attributes to serialize it (a module cannot be pickled) and deep-copies them to clone it.
    facts: ClassVar[_Facts]
    # Its functions that every move calls, looked up once (static methods).
    _legal_of: ClassVar[Any]  # legal_actions (80 Points: step_actions)
    _decode_move: ClassVar[Any]  # decode_move (80 Points: step_move)
    _apply: ClassVar[Any]

    def __init__(self, game: _Game) -> None:
        super().__init__(game)
        self._node = _Node(game.setting, (), None, ())

    @property
    def inner(self) -> Any:
        """The cardrules state (``None`` while chance deals)."""
        return self._node.inner

    @inner.setter
    def inner(self, value: Any) -> None:
        node = self._node
        self._node = _Node(node.setting, node.seed, value, node.chosen)

    @property
    def seed_bytes(self) -> list[int]:
        """The seed's bytes drawn so far (a new list: set them, do not append)."""
        return list(self._node.seed)

    @seed_bytes.setter
    def seed_bytes(self, value: list[int]) -> None:
        node = self._node
        self._node = _Node(node.setting, tuple(value), node.inner, node.chosen)

    @property
    def chosen(self) -> tuple[int, ...]:
        """The steps the seat to act has chosen towards its move (80 Points; else ``()``)."""
        return self._node.chosen

    @chosen.setter
    def chosen(self, value: tuple[int, ...]) -> None:
        node = self._node
        self._node = _Node(node.setting, node.seed, node.inner, tuple(value))

    @property
    def _shared(self) -> _Shared:
        return _Shared(self.config, self.start, self.inner)

    @_shared.setter
    def _shared(self, value: _Shared) -> None:
        # OpenSpiel deserializes a state by setting the attributes it pickled; cardrules 0.1's
        # were _shared (the cardrules state), seed_bytes and chosen.
        self.inner = value.inner

    config = property(attrgetter("_node.setting.config"), doc="The game's ``Config``.")
    start = property(
        attrgetter("_node.setting.start"),
        doc="The position the game starts from, or ``None`` for a new game.",
    )

    def current_player(self) -> int:
        """The chance player while the seed is drawn, then the seat to act, then terminal."""
        return self._node.player

    def is_chance_node(self) -> bool:
        """Whether chance acts (pyspiel's, without a call back into Python for the player)."""
        return self._node.player == _CHANCE

    def is_terminal(self) -> bool:
        """Whether the cardrules game is over."""
        return self._node.player == _TERMINAL

    def legal_actions(self, player: Any = None) -> list[int]:
        """pyspiel's ``legal_actions``: the seat to act's actions, the chance outcomes at a chance
        node, none at the end or for another seat. The seat to act's own are answered here, not
        by pyspiel's, which calls back into Python four times to find whose they are."""
        node = self._node
        to_act = node.player
        if to_act >= 0 and (player is None or (type(player) is int and player == to_act)):
            actions = node.actions
            return list(self._actions() if actions is None else actions)
        if player is None:
            return cast("list[int]", pyspiel.State.legal_actions(self))
        return cast("list[int]", pyspiel.State.legal_actions(self, player))

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._actions())

    def _actions(self) -> tuple[int, ...]:
        """The seat to act's legal actions, memoized in the node."""
        node = self._node
        actions = node.actions
        if actions is None:
            actions = node.actions = self._legal_of(node.inner)
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed (256 equally likely values), or from a position the deal:
        each split of its hands' cards that the public history allows, equally likely."""
        if self._node.setting.start is None:
            return list(_SEED_OUTCOMES)
        deals = self.get_game().deals
        return [(i, 1 / len(deals)) for i in range(len(deals))]

    def _draw(self, action: int) -> None:
        node = self._node
        if node.setting.start is not None:
            deals = self.get_game().deals
            if not 0 <= action < len(deals):
                raise IllegalMoveError(f"the position has deals 0 to {len(deals) - 1}, got {action}")
            self.inner = deals[action]
            return
        seed = (*node.seed, action)
        inner = None
        if len(seed) == _SEED_BYTES:
            inner = self.facts.module.new_game(int.from_bytes(bytes(seed), "big"), node.setting.config)
        self._node = _Node(node.setting, seed, inner, ())

    def _apply_action(self, action: int) -> None:
        node = self._node
        inner = node.inner
        if inner is None:
            self._draw(action)
            return
        # A legal action's move is the one decode_move gave it before; else decode_move says
        # why the action is not legal here.
        actions, decoded = node.actions, node.setting.decoded
        move = decoded.get(action) if actions is not None and action in actions else None
        if move is None:
            move = decoded[action] = self._decode_move(inner, action)
        self._node = _Node(node.setting, node.seed, self._apply(inner, move), ())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, as ``ISMCTSBot`` asks for: the same
        view (its own cards and the public history; ``sample_state`` deals every hidden card
        at random, seeded by two draws of ``probability_sampler``). The seed bytes are drawn
        afresh, since the real ones fix every hidden card; another seat's steps under way
        (80 Points) are not part of the view and start again."""
        module = self.facts.module
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        node = self._node
        inner, seed_bytes = node.inner, seed.to_bytes(_SEED_BYTES, "big")[: len(node.seed)]
        chosen: tuple[int, ...] = ()
        if inner is not None:
            chosen = node.chosen if inner.to_act == player_id else ()
            inner = module.sample_state(module.view(inner, player_id), seed)
        sampled = self.get_game().new_initial_state()
        sampled._node = _Node(node.setting, tuple(seed_bytes), inner, chosen)
        return sampled

    def _action_to_string(self, player: int, action: int) -> str:
        facts = self.facts
        if player == pyspiel.PlayerId.CHANCE:
            if self.start is None:
                return f"seed byte {action}"
            return f"deal {'/'.join(cards_text(h) for h in self.get_game().deals[action].hands)}"
        if facts.steps:
            return f"step {action}"
        return str(facts.module.format_move(facts.module.decode_move(self.inner, action)))

    def returns(self) -> list[float]:
        """``2 r - 1`` for each seat at the end, 0 before."""
        module = self.facts.module
        result = None if self.inner is None else module.outcome(self.inner)
        if result is None:
            return [0.0] * module.num_players(self.config)
        return [2.0 * r - 1.0 for r in result.rewards()]

    def __str__(self) -> str:
        if self.inner is None:
            return f"seed bytes {self.seed_bytes}" if self.start is None else "the deal to come"
        return str(dumps(self.inner))


class _SteppedState(_State):
    """The state of a game whose moves are chosen in steps (80 Points): the seat to act chooses
    steps until they make its move. A position's first steps, and the moves each makes alone,
    are worked out once from its legal moves (``Stepper.first_steps``): most moves take one step."""

    _stepper: ClassVar[Stepper]

    def _first(self, node: _Node) -> FirstSteps:
        first = node.first
        if first is None:
            first = node.first = self._stepper.first_steps(node.inner)
        return first

    def _actions(self) -> tuple[int, ...]:
        node = self._node
        actions = node.actions
        if actions is None:
            chosen = node.chosen
            actions = node.actions = self._legal_of(node.inner, chosen) if chosen else self._first(node)[0]
        return actions

    def _apply_action(self, action: int) -> None:
        node = self._node
        if node.inner is None:
            self._draw(action)
            return
        # A move's first step is most often the whole move, found in the position's first steps.
        move = None if node.chosen else (node.first or self._first(node))[1].get(action)
        inner = node.inner
        if move is not None:
            self._node = _Node(node.setting, node.seed, self._apply(inner, move), ())
            return
        chosen = (*node.chosen, action)
        # A longer move, or steps that begin none: step_move says which.
        move = self._decode_move(inner, chosen)
        if move is None:  # the steps make no move yet: the same cardrules state, and so its views
            self._node = _Node(node.setting, node.seed, inner, chosen)
            self._node.views = node.views
        else:
            self._node = _Node(node.setting, node.seed, self._apply(inner, move), ())


class _Observer:
    """Fills the observation or information-state tensor and string of a seat."""

    def __init__(self, facts: _Facts, config: Any, recall: bool) -> None:
        self.facts = facts
        self.recall = recall
        shape = (information_state_shape if recall else observation_shape)(facts.module, config)
        self.tensor = np.zeros(shape[0] + (facts.stepped.CHOSEN_SIZE if facts.steps else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: Any, player: int) -> Any:
        """``player``'s view, memoized in the state's node (the tensor and the string both ask)."""
        node = state._node
        if node.inner is None:
            return None
        views = node.views
        if views is None:
            views = node.views = {}
        view = views.get(player)
        if view is None:
            view = views[player] = self.facts.module.view(node.inner, player)
        return view

    def set_from(self, state: Any, player: int) -> None:
        """The tensor of ``player``'s view (all 0 while the seed is drawn)."""
        self.tensor.fill(0)
        view = self._view(state, player)
        if view is None:
            return
        tensor = information_state_tensor(view) if self.recall else observation_tensor(view)
        self.tensor[: len(tensor)] = tensor
        if self.facts.steps and state.inner.to_act == player:
            self.tensor[len(tensor) :] = self.facts.stepped.chosen_faces(state.chosen)

    def string_from(self, state: Any, player: int) -> str:
        """The view's text, or (information state) its JSON with the steps chosen."""
        view = self._view(state, player)
        if view is None:
            return f"p{player} before the deal ({len(state.seed_bytes)} seed bytes)"
        if self.recall:
            mine = state.chosen if state.inner.to_act == player else ()
            return f"{dumps(view)} steps {list(mine)}"
        return f"p{player}\n{self.facts.module.render(view)}"


def _register(module: AnyGame) -> None:
    """Register ``python_cardrules_<name>`` (once: importing this module again changes nothing)."""
    facts = _facts(module)
    game_type = _game_type(facts)
    if game_type.short_name in pyspiel.registered_names():
        return
    # OpenSpiel makes a game from its parameters alone, so what is registered must know the
    # cardrules game: a subclass that sets it. Not a functools.partial: OpenSpiel's registry lets go
    # of its factories after Python has shut down, which frees a partial and crashes the exit; a
    # class refers to itself and is never freed.
    legal: Any
    decode: Any
    stepped: dict[str, Stepper] = {}
    if facts.steps:
        # The game type's one step table (of the position last asked), shared by its states.
        stepper = Stepper(facts.stepped)
        base, legal, decode = _SteppedState, stepper.step_actions, stepper.step_move
        stepped["_stepper"] = stepper
    else:
        base, legal, decode = _State, module.legal_actions, module.decode_move
    functions = {"_legal_of": legal, "_decode_move": decode, "_apply": module.apply}
    state_class = type(
        f"_State_{module.NAME}",
        (base,),
        {"facts": facts, **stepped, **{name: staticmethod(f) for name, f in functions.items()}},
    )
    game_class = type(
        f"_Game_{module.NAME}", (_Game,), {"facts": facts, "game_type": game_type, "state_class": state_class}
    )
    pyspiel.register_game(game_type, game_class)


for _module in GAMES.values():
    _register(_module)
