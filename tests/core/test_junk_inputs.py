"""No input makes a public function raise anything but a CardRulesError (a ValueError).

Every public function of every registered game is called with values of the wrong type and shape;
each call must either succeed or raise ``CardRulesError``, never a ``TypeError``, ``KeyError``,
``AttributeError`` or ``IndexError``.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import (
    GAMES,
    CardRulesError,
    ConfigError,
    bots,
    cards,
    dumps,
    loads,
    registry,
    replay,
    rng,
    runner,
    serialization,
    testing,
    transcript,
)
from cardrules.arena import run_matches
from cardrules.bots import HeuristicBot, ISMCTSBot, RandomBot, heuristic, ismcts
from cardrules.cli import simulate

JUNK: tuple[object, ...] = (
    None,
    "x",
    "",
    5,
    -1,
    10**30,
    1.5,
    True,
    object(),
    (),
    ("QS",),
    [1, 2],
    {"a": 1},
    b"QS",
)


def _calls(game: Any) -> dict[str, Callable[[object], object]]:
    state = game.new_game(1)
    view = game.view(state, 0)
    move = game.legal_moves(state)[0]
    return {
        "new_game(seed)": game.new_game,
        "new_game(config)": lambda j: game.new_game(1, j),
        "new_game(deck)": lambda j: game.new_game(1, deck=j),
        "legal_moves": game.legal_moves,
        "is_legal(state)": lambda j: game.is_legal(j, move),
        "is_legal(move)": lambda j: game.is_legal(state, j),
        "apply(state)": lambda j: game.apply(j, move),
        "apply(move)": lambda j: game.apply(state, j),
        "step(move)": lambda j: game.step(state, j),
        "outcome": game.outcome,
        "view(state)": lambda j: game.view(j, 0),
        "view(player)": lambda j: game.view(state, j),
        "sample_state(view)": lambda j: game.sample_state(j, 1),
        "sample_state(seed)": lambda j: game.sample_state(view, j),
        "format_move": game.format_move,
        "parse_move(state)": lambda j: game.parse_move(j, "x"),
        "parse_move(text)": lambda j: game.parse_move(state, j),
        "max_moves": game.max_moves,
        "num_players": game.num_players,
        "game_deck": game.game_deck,
        "zones": game.zones,
        "validate": game.validate,
        "render": game.render,
        "opening_events": game.opening_events,
        "action_count": game.action_count,
        "encode_move": game.encode_move,
        "decode_move(state)": lambda j: game.decode_move(j, 0),
        "decode_move(index)": lambda j: game.decode_move(state, j),
        "legal_actions": game.legal_actions,
        "RandomBot.choose(view)": lambda j: RandomBot().choose(j, 0),
        "HeuristicBot.choose(view)": lambda j: HeuristicBot().choose(j, 0),
        "ISMCTSBot.choose(view)": lambda j: ISMCTSBot(iterations=2).choose(j, 0),
        "ISMCTSBot.choose(seed)": lambda j: ISMCTSBot(iterations=2).choose(view, j),
        "run_matches(game)": lambda j: run_matches(j, [RandomBot()], 1, 0),
        "run_matches(bots)": lambda j: run_matches(game, j, 1, 0),
        "run_matches(config)": lambda j: run_matches(game, [RandomBot()], 1, 0, config=j),
        **(
            {
                "rollout(state)": lambda j: game.rollout(j, 0),
                "rollout(seed)": lambda j: game.rollout(state, j),
            }
            if hasattr(game, "rollout")
            else {}
        ),
    }


@pytest.mark.parametrize("name", list(GAMES))
def test_public_functions_raise_only_cardrules_errors(name: str) -> None:
    escaped = []
    for call, function in _calls(GAMES[name]).items():
        for junk in JUNK:
            try:
                function(junk)
            except CardRulesError:
                pass
            except Exception as exc:
                escaped.append(f"{call} with {junk!r}: {type(exc).__name__}: {exc}")
    assert escaped == []


def _positional(function: Callable[..., object]) -> int:
    """How many arguments ``function`` needs."""
    return sum(
        1
        for p in inspect.signature(function).parameters.values()
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    )


def _escapes(function: Callable[..., object], label: str, filler: object) -> list[str]:
    """Call ``function`` with each junk value in each argument (the others ``filler``): whatever
    escapes that is not a ``CardRulesError``."""
    escaped = []
    arity = _positional(function)
    for i in range(arity):
        for junk in JUNK:
            args = [filler] * arity
            args[i] = junk
            try:
                function(*args)
            except CardRulesError:
                pass
            except Exception as exc:
                escaped.append(f"{label} argument {i} {junk!r}: {type(exc).__name__}: {exc}")
    return escaped


@pytest.mark.parametrize("name", list(GAMES))
def test_every_name_a_game_exports_raises_only_cardrules_errors(name: str) -> None:
    """Not only the contract: every function in the game's ``__all__`` (``order_table``,
    ``season_value``, ``step_actions``, ...), each argument in turn given junk."""
    game: Any = GAMES[name]
    state = game.new_game(1)
    escaped = []
    for attr in game.__all__:
        function = getattr(game, attr)
        if inspect.isfunction(function):
            escaped += _escapes(function, f"{name}.{attr}", state)
    assert escaped == []


_CORE_MODULES = (cardrules, cards, rng, serialization, transcript, runner, registry, bots, heuristic, ismcts)


@pytest.mark.parametrize("module", _CORE_MODULES, ids=[m.__name__ for m in _CORE_MODULES])
def test_every_function_of_the_core_api_raises_only_cardrules_errors(module: Any) -> None:
    """The modules of the API reference (docs/api), every function and class in ``__all__``, each
    argument in turn given junk, the others a Clubs state. (``play`` is left out: given junk for
    a count it would play for ever, and test_runner checks its arguments.)"""
    state = GAMES["clubs"].new_game(1)
    escaped = []
    for attr in module.__all__:
        function = getattr(module, attr)
        if not callable(function) or attr == "play" or isinstance(function, type(cards)):
            continue
        try:
            inspect.signature(function)
        except (ValueError, TypeError):  # no signature to read: a builtin or a protocol
            continue
        escaped += _escapes(function, f"{module.__name__}.{attr}", state)
    assert escaped == []


def test_tensor_functions_raise_only_cardrules_errors() -> None:
    tensors = pytest.importorskip("cardrules.tensors")  # the numpy extra
    state = GAMES["clubs"].new_game(1)
    escaped = []
    for attr in tensors.__all__:
        function = getattr(tensors, attr)
        if inspect.isfunction(function):
            escaped += _escapes(function, f"tensors.{attr}", state)
            escaped += _escapes(function, f"tensors.{attr} of clubs", "clubs")
    assert escaped == []


@pytest.mark.parametrize(
    "keyword",
    [
        "rotate_seats",
        "duplicate",
        "executor",
        "workers",
        "progress",
        "config",
        "games",
        "seed",
        "move_timeout",
        "game_timeout",
    ],
)
def test_run_matches_options_raise_only_cardrules_errors(keyword: str) -> None:
    for junk in JUNK:
        if keyword == "games" and junk == 10**30:
            continue  # a valid count, only a long one
        arguments: dict[str, Any] = {"games": 2, "seed": 0, keyword: junk}
        with contextlib.suppress(CardRulesError):
            run_matches("clubs", [RandomBot()], **arguments)


@pytest.mark.parametrize("keyword", ["iterations", "exploration", "root", "expand_after"])
def test_ismcts_settings_raise_only_cardrules_errors(keyword: str) -> None:
    for junk in JUNK:
        with contextlib.suppress(CardRulesError):
            ISMCTSBot(**{keyword: junk})  # type: ignore[arg-type]


def test_simulate_arguments_raise_only_cardrules_errors() -> None:
    assert _escapes(lambda g, s: simulate(g, 1, s), "simulate(game, seed)", "clubs") == []
    for junk in JUNK:
        if junk != 10**30:
            with contextlib.suppress(CardRulesError):
                simulate("clubs", junk, 0)  # type: ignore[arg-type]
        with contextlib.suppress(CardRulesError):
            simulate("clubs", 1, 0, progress=junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:20] for j in JUNK])
def test_core_functions_raise_only_cardrules_errors(junk: object) -> None:
    functions: tuple[Callable[[Any], object], ...] = (
        dumps,
        loads,
        replay,
        testing.transcripts,
        testing.states,
        testing.moves,
        lambda j: testing.states("clubs", j),
        lambda j: testing.transcripts("manager", max_moves=j),
        lambda j: testing.states("pub_derby", complete=j, max_moves=3),
    )
    for function in functions:
        with contextlib.suppress(CardRulesError):
            function(junk)


class _BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE: tuple[object, ...] = ("Q" * 10_000_000, _nested(100_000), _BrokenRepr(), [7] * 200_000, 2**20_000)
_MESSAGE_LIMIT = 1_000


# Manager's calls take the hostile values slowest (about 20 s): in the full run only.
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "manager" else n for n in GAMES]
)
def test_errors_about_hostile_values_stay_short(name: str) -> None:
    """A 10 MB string, a list nested 100,000 deep, an object whose ``repr`` raises, a long list and
    an int of 6,000 digits, given to every public function of the contract: each call succeeds or
    raises a ``CardRulesError`` whose message names the value in at most 1,000 characters (it used
    to ``repr`` the whole argument: ``RecursionError``, or 20 MB written to stderr)."""
    escaped = []
    for call, function in _calls(GAMES[name]).items():
        for hostile in HOSTILE:
            label = f"{call} with a {type(hostile).__name__}"
            try:
                function(hostile)
            except CardRulesError as exc:
                if len(str(exc)) > _MESSAGE_LIMIT:
                    escaped.append(f"{label}: a message of {len(str(exc))} characters")
            except Exception as exc:
                escaped.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
    assert escaped == []


@pytest.mark.parametrize("name", list(GAMES))
def test_game_deck_refuses_what_is_not_the_games_config(name: str) -> None:
    """``game_deck(junk)`` used to ignore its argument and answer."""
    game: Any = GAMES[name]
    assert game.game_deck() == game.game_deck(None) == game.game_deck(game.Config())
    for junk in ("junk", 5, object(), GAMES["clubs" if name != "clubs" else "manager"].Config()):
        with pytest.raises(ConfigError):
            game.game_deck(junk)
