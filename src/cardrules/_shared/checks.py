"""Shape checks shared by the games' ``validate`` and ``sample_state``: seats in range, one entry a
seat, tricks of the right size. Each raises ``StateError`` naming the field and what would fit, so
a hand-built or forged object fails here instead of with an ``IndexError`` deeper in.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Literal, Union

import attrs

from cardrules._reprs import short_repr
from cardrules.errors import StateError

__all__ = [
    "check_fields",
    "check_in_range",
    "check_per_seat",
    "check_player",
    "check_seat",
    "check_trick_in_progress",
    "check_trick_view",
    "check_tricks",
    "check_type",
    "check_view",
    "wrong_type",
]


def wrong_type(value: object, cls: type) -> StateError:
    """The error for ``value`` given where a ``cls`` belongs, naming the game's class:
    ``expected a clubs.State, got dict``. ``legal_moves`` and ``_reason`` (which ``apply`` calls
    on every move) test the type inline and call this only to fail, saving ``check_type``'s call."""
    # The game is the package whose module defines the class: cardrules.clubs.state gives clubs,
    # and a game built outside cardrules (tests/toy/high_card) is named as well.
    game = cls.__module__.rsplit(".", 2)[-2]
    article = "an" if game[0] in "aeiou" else "a"
    return StateError(f"expected {article} {game}.{cls.__qualname__}, got {type(value).__name__}")


def check_type(value: object, cls: type) -> None:
    """``value`` is exactly a ``cls`` (a game's ``State`` or ``View``; no subclass, no look-alike)."""
    if type(value) is not cls:
        raise wrong_type(value, cls)


def check_in_range(what: str, value: object, low: int, high: int) -> None:
    """``value`` is an int from ``low`` to ``high`` (both included)."""
    if type(value) is not int or not low <= value <= high:
        raise StateError(f"{what} must be an int from {low} to {high}, got {short_repr(value)}")


def check_seat(what: str, value: object, players: int, *, optional: bool = False) -> None:
    """``value`` is a seat of a ``players``-seat game (or ``None`` when ``optional``)."""
    if optional and value is None:
        return
    if type(value) is not int or not 0 <= value < players:
        none = " or None" if optional else ""
        raise StateError(f"{what} must be a seat from 0 to {players - 1}{none}, got {short_repr(value)}")


def check_player(player: object, players: int) -> None:
    """``player``, the seat a view is asked for, is a seat: "seat 0 or 1" in a two-player game."""
    if type(player) is not int or not 0 <= player < players:
        seats = "seat 0 or 1" if players == 2 else f"a seat from 0 to {players - 1}"
        raise StateError(f"player must be {seats}, got {short_repr(player)}")


def check_per_seat(what: str, values: Sequence[object], players: int) -> None:
    """``values`` has one entry a seat."""
    if len(values) != players:
        raise StateError(f"{what} must have one entry a seat ({players}), got {len(values)}")


def check_trick_in_progress(what: str, cards: Sequence[object], players: int) -> None:
    """A trick being played holds fewer cards than there are seats."""
    if len(cards) >= players:
        raise StateError(f"{what} in progress must hold fewer than {players} cards, got {len(cards)}")


def check_tricks(what: str, tricks: Sequence[object], players: int, trick_size: int) -> None:
    """Every completed trick (with ``leader``, ``cards`` and maybe ``winner``) has seats as its
    leader and winner, and ``trick_size`` cards."""
    for n, trick in enumerate(tricks, start=1):
        check_seat(f"{what} {n}'s leader", getattr(trick, "leader", None), players)
        if hasattr(trick, "winner"):
            check_seat(f"{what} {n}'s winner", trick.winner, players)
        cards = getattr(trick, "cards", ())
        if len(cards) != trick_size:
            raise StateError(f"{what} {n} must hold {trick_size} cards, got {len(cards)}")


def check_view(view: Any, cls: type, players: int | None = None) -> int:
    """``view`` is exactly a ``cls`` (the game's ``View``) with every field of its annotated type,
    its ``player`` a seat and its ``to_act`` a seat or ``None``: what every game's
    ``sample_state`` checks before it reads the view's other fields. ``players`` defaults to the
    view's ``config.players``, read once the fields are known to be well typed; it is returned."""
    check_type(view, cls)
    check_fields(view)
    if players is None:
        players = typing.cast(int, view.config.players)
    check_seat("a view's player", view.player, players)
    check_seat("a view's to_act", view.to_act, players, optional=True)
    return players


def check_trick_view(view: Any, cls: type, players: int | None = None) -> int:
    """The shape of a view of a game of one card a seat a trick (Clubs, Pub Derby), of ``players``
    seats (by default its config's): ``check_view``, then one hand size a seat, and its tricks
    (``CompletedTrick``) and trick in progress. Returns the number of seats."""
    players = check_view(view, cls, players)
    check_seat("a view's leader", view.leader, players)
    check_per_seat("a view's hand_sizes", view.hand_sizes, players)
    check_tricks("a view's trick", view.tricks, players, players)
    check_trick_in_progress("a view's trick", view.trick, players)
    return players


# A field check returns None when the value fits, else where it failed below the value (".hands[2]"),
# what was wanted there and what was found: nothing is formatted unless a check fails, since
# ``validate`` and ``sample_state`` run these over every card of a state.
_Failure = tuple[str, str, object]
_Check = Callable[[object], "_Failure | None"]


def check_fields(obj: object) -> None:
    """Every field of the attrs object ``obj``, all the way down, has exactly its annotated type:
    ``int`` is an int (not a bool or a float), ``tuple[Card, ...]`` a tuple of cards, ``X | None``
    one of the two, a ``Literal`` one of its values. A hand-built state with ``hands=None``, a list
    as its trick or ``True`` as a seat fails here, naming the field, instead of deeper in (or
    being accepted and later unhashable)."""
    cls: Any = type(obj)
    failure = _check_for(cls)(obj)
    if failure is not None:
        path, wanted, value = failure
        raise StateError(f"{cls.__name__}{path} must be {wanted}, got {short_repr(value)}")


@functools.cache
def _check_for(annotation: Any) -> _Check:
    """The check of one annotation, built once."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return _literal_check(typing.get_args(annotation))
    if origin is Union or origin is types.UnionType:
        return _union_check(tuple(_check_for(arg) for arg in typing.get_args(annotation)), annotation)
    if origin is tuple:
        return _tuple_check(typing.get_args(annotation))
    if annotation is None or annotation is type(None):
        return _exact_check(type(None), "None")
    if isinstance(annotation, type) and attrs.has(annotation):
        return _attrs_check(annotation)
    if isinstance(annotation, type):
        return _exact_check(annotation, _type_name(annotation))
    raise TypeError(f"check_fields cannot check the annotation {annotation!r}")  # a library bug


def _type_name(cls: type) -> str:
    return "an int" if cls is int else f"a {cls.__name__}"


def _exact_check(cls: type, wanted: str) -> _Check:
    def check(value: object) -> _Failure | None:
        return None if type(value) is cls else ("", wanted, value)

    return check


def _literal_check(values: tuple[object, ...]) -> _Check:
    wanted = "one of " + ", ".join(map(repr, values))

    def check(value: object) -> _Failure | None:
        if any(type(value) is type(v) and value == v for v in values):
            return None
        return ("", wanted, value)

    return check


def _union_check(checks: tuple[_Check, ...], annotation: object) -> _Check:
    wanted = " or ".join(_describe(arg) for arg in typing.get_args(annotation))

    def check(value: object) -> _Failure | None:
        for one in checks:
            if one(value) is None:
                return None
        return ("", wanted, value)

    return check


def _describe(annotation: object) -> str:
    if annotation is type(None):
        return "None"
    if isinstance(annotation, type):
        return _type_name(annotation)
    return str(annotation).replace("typing.", "")


def _tuple_check(args: tuple[Any, ...]) -> _Check:
    if len(args) == 2 and args[1] is Ellipsis:
        plain = isinstance(args[0], type) and not attrs.has(args[0])
        return _items_check(_check_for(args[0]), args[0] if plain else None)
    items = tuple(_check_for(arg) for arg in args)

    def check_fixed(value: object) -> _Failure | None:
        if type(value) is not tuple or len(value) != len(items):
            return ("", f"a tuple of {len(items)}", value)
        for i, (one, x) in enumerate(zip(items, value)):
            failure = one(x)
            if failure is not None:
                return (f"[{i}]{failure[0]}", failure[1], failure[2])
        return None

    return check_fixed


def _items_check(item: _Check, exact: type | None) -> _Check:
    """A tuple of any length whose items pass ``item``; items of the class ``exact`` (when the
    items' annotation is a plain class, as cards are) pass without the call."""

    def check_items(value: object) -> _Failure | None:
        if type(value) is not tuple:
            return ("", "a tuple", value)
        for i, x in enumerate(value):
            if type(x) is exact:
                continue
            failure = item(x)
            if failure is not None:
                return (f"[{i}]{failure[0]}", failure[1], failure[2])
        return None

    return check_items


def _attrs_check(cls: Any) -> _Check:
    wanted = _type_name(cls)
    fields: list[tuple[str, _Check]] | None = None

    def check(value: object) -> _Failure | None:
        nonlocal fields
        if type(value) is not cls:
            return ("", wanted, value)
        if fields is None:  # resolved on first use: a field's class may be defined after this one
            hints = typing.get_type_hints(cls)
            fields = [(f.name, _check_for(hints[f.name])) for f in attrs.fields(typing.cast(Any, cls))]
        for name, one in fields:
            failure = one(getattr(value, name))
            if failure is not None:
                return (f".{name}{failure[0]}", failure[1], failure[2])
        return None

    return check
