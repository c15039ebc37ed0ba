"""Canonical JSON for states, views, moves, events, outcomes and transcripts.

A document is ``{"format": <version>, "game": <registry name or null>, "data": <object>}``: the
format version ([`FORMAT_VERSION`][]), the game (``null`` for objects shared by all games such as
``Outcome``), and the object. Every object is a JSON object ``{"type": <class name>, <field>:
<value>, ...}``; cards are their notation (``"QS"``), enum members their name (``"HEARTS"``), tuples
are arrays, nested objects carry their own ``"type"``; an integer beyond ``±(2**53 - 1)`` (a
seed, an ``Rng``'s state) is a decimal string, which every JSON reader keeps exact where a number
would be rounded. Keys are sorted and there is no whitespace, so equal objects give identical
text. ``loads`` also reads every earlier format, upgrading it first. See
``docs/serialization.md``.
"""

from __future__ import annotations

import enum
import functools
import json
import math
import re
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, cast

import attrs

from cardrules import events as _events
from cardrules._formats import SAFE_INTEGER, UPGRADES, UnquotedInt, upgrade
from cardrules._reprs import short_repr, short_str
from cardrules._shared.completed_trick import CompletedTrick
from cardrules.cards import Card, parse_card
from cardrules.errors import CardParseError, CardRulesError, StateError
from cardrules.game import Outcome, Zone
from cardrules.registry import GAMES, AnyGame
from cardrules.rng import Rng
from cardrules.transcript import Transcript

__all__ = ["FORMAT_VERSION", "dumps", "loads"]

FORMAT_VERSION = 3
"""Version of the JSON layout; bumped whenever a field of any serialized class changes."""

_CORE_TYPES: tuple[type, ...] = (
    Outcome,
    Zone,
    Rng,
    Transcript,
    CompletedTrick,
    _events.Dealt,
    _events.CardPlayed,
    _events.TrickWon,
    _events.RoundScored,
    _events.GameOver,
    _events.HalfTime,
)
_MAX_DEPTH = 64


def _game_name(obj: object) -> str | None:
    if type(obj) is Transcript:
        return obj.game
    module = type(obj).__module__
    if module.startswith("cardrules."):
        name = module.split(".")[1]
        if name in GAMES:
            return name
    return None


def _unstructure(value: object, depth: int = 0) -> object:
    if depth > _MAX_DEPTH:
        raise StateError("object nests too deeply to serialize")
    kind = type(value)
    if kind is Card:
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if type(value) is int:
        # Readers that hold numbers as doubles (JavaScript's JSON.parse) round a larger integer.
        return value if -SAFE_INTEGER <= value <= SAFE_INTEGER else str(value)
    if kind in (str, bool, float) or value is None:
        return value
    if kind is tuple:
        return [_unstructure(v, depth + 1) for v in value]  # type: ignore[attr-defined]
    if attrs.has(kind):
        out: dict[str, object] = {"type": kind.__name__}
        for field in attrs.fields(kind):
            out[field.name] = _unstructure(getattr(value, field.name), depth + 1)
        return out
    raise StateError(f"cannot serialize {short_repr(value)} of type {kind.__name__}")


def dumps(obj: object) -> str:
    """Canonical JSON text for a state, view, move, event, outcome, config or transcript."""
    kind = type(obj)
    game_name = _game_name(obj)
    if game_name is not None and game_name not in GAMES:
        raise StateError(f"transcript of unknown game {short_repr(game_name)}")
    if not attrs.has(kind) or _namespace(game_name).get(kind.__name__) is not kind:
        raise StateError(f"dumps() takes a cardrules object, got {kind.__name__}")
    data = cast("dict[str, object]", _unstructure(obj))  # an attrs object unstructures to a dict
    if type(obj) is Transcript:
        # Moves in the game's notation keep a whole game to a few bytes a move.
        game = GAMES[obj.game]
        try:
            data["moves"] = [game.format_move(m) for m in obj.moves]
        except CardRulesError as exc:
            raise StateError(f"transcript holds a move that is not a {obj.game} move: {exc}") from None
    document = {"format": FORMAT_VERSION, "game": game_name, "data": data}
    try:
        return json.dumps(
            document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except ValueError:
        raise StateError("cannot serialize a NaN or infinite number") from None


def _collect(tp: object, found: dict[str, type], shadowed: bool = False) -> None:
    """Every serializable class reachable from ``tp``, by name. With ``shadowed``, a class whose
    name the game already gives to its own class is left out (80 Points' ``CompletedTrick`` holds
    plays of several cards, the shared one single cards)."""
    if isinstance(tp, type) and attrs.has(tp):
        if found.get(tp.__name__) is tp or (shadowed and tp.__name__ in found):
            return
        if tp.__name__ in found:
            raise StateError(f"two serializable classes are named {tp.__name__}")
        found[tp.__name__] = tp
        for hint in _hints(tp).values():
            _collect(hint, found, shadowed)
        return
    for arg in typing.get_args(tp):
        _collect(arg, found, shadowed)


@functools.cache
def _namespace(game_name: str | None) -> Mapping[str, type]:
    found: dict[str, type] = {}
    if game_name is not None:
        game = GAMES[game_name]
        for tp in (game.State, game.View, game.Config, *game.MOVE_TYPES, *game.EVENT_TYPES):
            _collect(tp, found)
    for tp in _CORE_TYPES:
        _collect(tp, found, shadowed=game_name is not None)
    return types.MappingProxyType(found)


@functools.cache
def _hints(cls: type) -> Mapping[str, object]:
    return typing.get_type_hints(cls)


def _fail(path: str, message: str) -> StateError:
    return StateError(f"{path or 'document'}: {message}")


def _structure(tp: object, value: object, ns: Mapping[str, type], path: str, depth: int) -> object:
    """``value`` read from JSON as the annotation ``tp`` requires; ``StateError`` naming ``path``
    when it does not fit."""
    if depth > _MAX_DEPTH:
        raise _fail(path, "nests too deeply")
    if tp is Card:
        return _structure_card(value, path)
    if tp is Any or tp is object:
        return None if value is None else _structure_object(None, value, ns, path, depth)
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _structure_union(typing.get_args(tp), value, ns, path, depth)
    if origin is tuple:
        return _structure_tuple(typing.get_args(tp), value, ns, path, depth)
    if isinstance(tp, type) and attrs.has(tp):
        return _structure_object(tp, value, ns, path, depth)
    return _structure_scalar(tp, value, path)


def _structure_card(value: object, path: str) -> Card:
    """A card, written in its canonical notation."""
    if type(value) is not str:
        raise _fail(path, f"a card is written as text such as 'QS', got {short_repr(value)}")
    try:
        card = parse_card(value)
    except CardParseError as exc:
        raise _fail(path, str(exc)) from None
    if str(card) != value:
        raise _fail(
            path,
            f"cards are written in canonical notation ({short_repr(str(card))}), got {short_repr(value)}",
        )
    return card


def _structure_scalar(tp: object, value: object, path: str) -> object:
    """An enum member by name, an int, a number, a bool, a string, null, or a ``Literal`` value."""
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if type(value) is not str or value not in tp.__members__:
            raise _fail(path, f"expected one of {list(tp.__members__)}, got {short_repr(value)}")
        return tp[value]
    if tp is int or tp is float:
        if tp is float and type(value) is float:
            return value
        return _structure_int(value, path, "an integer" if tp is int else "a number")
    if tp is bool or tp is str:
        if type(value) is not tp:
            raise _fail(path, f"expected {tp.__name__}, got {short_repr(value)}")
        return value
    if tp is type(None):
        if value is not None:
            raise _fail(path, f"expected null, got {short_repr(value)}")
        return None
    if typing.get_origin(tp) is Literal:
        args = typing.get_args(tp)
        if value not in args or type(value) not in {type(a) for a in args}:
            raise _fail(path, f"expected one of {list(args)}, got {short_repr(value)}")
        return value
    raise _fail(path, f"cannot read a value of type {short_repr(tp)}")


def _structure_int(value: object, path: str, expected: str) -> int:
    """An integer as ``dumps`` writes it: a JSON number within ``±SAFE_INTEGER``, a decimal string
    beyond it; or a bare number beyond it that a document of format 2 or earlier wrote."""
    if type(value) is UnquotedInt:
        return value.value
    if type(value) is int:
        if -SAFE_INTEGER <= value <= SAFE_INTEGER:
            return value
        raise _fail(
            path,
            f"{short_repr(value)} is beyond ±(2**53 - 1): format {FORMAT_VERSION} writes it as a string, "
            f"{short_str(json.dumps(str(value)))}, which every JSON reader keeps exact",
        )
    if type(value) is str and _DECIMAL.fullmatch(value):
        number = int(value)
        if not -SAFE_INTEGER <= number <= SAFE_INTEGER:
            return number
        # One way to write each number keeps dumps(loads(text)) == text.
        raise _fail(path, f"{number} is written as a number, not as the string {short_repr(value)}")
    raise _fail(
        path,
        f"expected {expected} (beyond ±(2**53 - 1), a decimal string such as "
        f'"18446744073709551615"), got {short_repr(value)}',
    )


def _structure_union(
    args: tuple[object, ...], value: object, ns: Mapping[str, type], path: str, depth: int
) -> object:
    """One alternative of a union: null where allowed, a class by its ``"type"``, else the first
    alternative that reads the value."""
    if value is None:
        if type(None) in args:
            return None
        raise _fail(path, "null is not allowed here")
    classes = [a for a in args if isinstance(a, type) and attrs.has(a)]
    if isinstance(value, dict) and classes:
        name = value.get("type")
        for cls in classes:
            if cls.__name__ == name:
                return _structure_object(cls, value, ns, path, depth)
        raise _fail(path, f"expected one of {[c.__name__ for c in classes]}, got type {short_repr(name)}")
    for arg in args:
        if arg is type(None):
            continue
        try:
            return _structure(arg, value, ns, path, depth)
        except StateError:
            continue
    raise _fail(path, f"no alternative fits {short_repr(value)}")


def _structure_tuple(
    args: tuple[object, ...], value: object, ns: Mapping[str, type], path: str, depth: int
) -> tuple[object, ...]:
    """An array read as a tuple of one type (``tuple[X, ...]``) or of fixed types."""
    if type(value) is not list:
        raise _fail(path, f"expected an array, got {short_repr(value)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_structure(args[0], v, ns, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))
    if len(value) != len(args):
        raise _fail(path, f"expected {len(args)} items, got {len(value)}")
    return tuple(_structure(a, v, ns, f"{path}[{i}]", depth + 1) for i, (a, v) in enumerate(zip(args, value)))


def _structure_object(
    cls: type | None, value: object, ns: Mapping[str, type], path: str, depth: int
) -> object:
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, got {short_repr(value)}")
    name = value.get("type")
    if cls is None:
        found = ns.get(name) if isinstance(name, str) else None
        if found is None:
            raise _fail(path, f"unknown type {short_repr(name)}")
        cls = found
    elif name != cls.__name__:
        raise _fail(path, f"expected type {short_repr(cls.__name__)}, got {short_repr(name)}")
    fields = {f.name for f in attrs.fields(cls)}
    keys = set(value) - {"type"}
    if keys != fields:
        missing = sorted(fields - keys)
        extra = sorted(keys - fields)
        raise _fail(path, f"{cls.__name__} fields: missing {missing}, unknown {extra}")
    hints = _hints(cls)
    kwargs = {f: _structure(hints[f], value[f], ns, f"{path}.{f}" if path else f, depth + 1) for f in fields}
    try:
        return cls(**kwargs)
    except CardRulesError as exc:
        raise _fail(path, f"invalid {cls.__name__}: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise _fail(path, f"invalid {cls.__name__}: {exc}") from None


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


_MAX_DIGITS = 100
"""The longest integer ``loads`` reads, as a number or as a string (a seed has at most 20 digits);
longer ones cost quadratic time."""

_DECIMAL = re.compile(rf"-?[1-9][0-9]{{0,{_MAX_DIGITS - 1}}}")
"""An integer as ``dumps`` writes it in a string: no sign but a minus, no leading zero (it writes
zero as a number), at most ``_MAX_DIGITS`` digits."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{short_repr(text)} is too large for a number")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits is longer than any field ({_MAX_DIGITS} at most)")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object with each key once: a repeated key would leave which value counts to the reader."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {short_repr(key)} appears twice in one object")
        found[key] = value
    return found


def loads(text: str | bytes) -> Any:
    """Read what [`dumps`][] wrote, checking it completely.

    A document of an earlier format (``"format": 1`` or ``2``) is upgraded to the current one
    first, so it reads as today's object (its integers beyond ``±(2**53 - 1)`` may be bare
    numbers; in a current document they are decimal strings, as ``dumps`` writes them, and a
    string only for such an integer). Raises [`StateError`][] for anything malformed or
    inconsistent: bad JSON, an unknown game or type, a format version this library does not read
    (a newer one included), a missing or unknown field, a value of the wrong type, a state whose
    cards are not the game's deck exactly once or whose counts are impossible, a transcript whose
    moves are not legal.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise StateError(f"loads() takes JSON text, got {type(text).__name__}")
    try:
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            parse_int=_bounded_int,
            object_pairs_hook=_unique_keys,
        )
    except (ValueError, RecursionError) as exc:
        raise StateError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict) or set(data) != {"format", "game", "data"}:
        raise StateError('a cardrules document is a JSON object with the keys "format", "game" and "data"')
    version = _check_version(data["format"])
    game_name = data["game"]
    if game_name is not None and (not isinstance(game_name, str) or game_name not in GAMES):
        raise StateError(f"unknown game {short_repr(game_name)}; the games are: {', '.join(GAMES)}")
    body = data["data"]
    if not isinstance(body, dict):
        raise StateError("a document's data is a JSON object")
    if version == FORMAT_VERSION:
        return _load_body(body, game_name)
    upgraded = upgrade(body, game_name, version, FORMAT_VERSION, _MAX_DEPTH)
    try:
        return _load_body(cast("dict[str, Any]", upgraded), game_name)
    except StateError as exc:
        raise StateError(f"{exc} (a format-{version} document, read as format {FORMAT_VERSION})") from None


def _check_version(version: object) -> int:
    """The document's format, if this library reads it: its own, or an earlier one it upgrades."""
    readable = sorted({*UPGRADES, FORMAT_VERSION})
    if type(version) is int and version in readable:
        return version
    formats = " and ".join(map(str, readable)) if len(readable) < 3 else f"{readable[0]} to {readable[-1]}"
    reads = f"reads formats {formats} and writes {FORMAT_VERSION}"
    if type(version) is int and version > FORMAT_VERSION:
        raise StateError(
            f"format version {short_repr(version)} is newer than this library, which {reads}; "
            "a later cardrules wrote it"
        )
    raise StateError(f"unsupported format version {short_repr(version)}; this library {reads}")


def _load_body(body: dict[str, Any], game_name: str | None) -> Any:
    """The object a current document's ``data`` holds, checked as ``loads`` promises."""
    if body.get("type") == "Transcript":
        if game_name is None or body.get("game") != game_name:
            raise StateError("a transcript's game must be the document's game")
        return _load_transcript(body)
    ns = _namespace(game_name)
    try:
        obj = _structure_object(None, body, ns, "", 0)
    except RecursionError:
        raise StateError("document nests too deeply") from None
    if game_name is not None:
        game: AnyGame = GAMES[game_name]
        if type(obj) is game.State:
            game.validate(obj)
        elif type(obj) is game.View:
            _check_view(game, obj)
    return obj


def _load_transcript(data: dict[str, Any]) -> Transcript:
    game_name = data.get("game")
    if not isinstance(game_name, str) or game_name not in GAMES:
        raise StateError(f"unknown game {short_repr(game_name)}; the games are: {', '.join(GAMES)}")
    game: AnyGame = GAMES[game_name]
    texts = data.get("moves")
    if type(texts) is not list or any(type(t) is not str for t in texts):
        raise StateError("a transcript's moves are an array of moves in the game's notation")
    head = _structure_object(Transcript, {**data, "moves": []}, _namespace(game_name), "", 0)
    if type(head) is not Transcript:
        raise StateError(f"a transcript's data is a Transcript, got {type(head).__name__}")
    moves = []
    try:
        state = game.new_game(head.seed, head.config, deck=head.deck)
        for text in texts:
            move = game.parse_move(state, text)
            state = game.apply(state, move)
            moves.append(move)
    except CardRulesError as exc:
        where = (
            f"move {len(moves) + 1} ({short_repr(texts[len(moves)])})"
            if len(moves) < len(texts)
            else "set-up"
        )
        raise StateError(f"inconsistent transcript at {where}: {exc}") from None
    return Transcript(game=head.game, seed=head.seed, config=head.config, deck=head.deck, moves=tuple(moves))


def _check_view(game: AnyGame, view: Any) -> None:
    try:
        sample = game.sample_state(view, 0)
        same = game.view(sample, view.player) == view
    except CardRulesError as exc:
        raise StateError(f"inconsistent {game.NAME} view: {exc}") from None
    if not same:
        raise StateError(f"inconsistent {game.NAME} view: no state of the game shows it")
