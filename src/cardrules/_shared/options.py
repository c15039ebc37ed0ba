"""Validators for games' ``Config`` fields, raising ``ConfigError`` with the option's name and range.

Internal to the package (hence the underscore): the games build their ``Config`` classes with them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, overload

import attrs

from cardrules._reprs import short_repr
from cardrules.errors import ConfigError

__all__ = ["RuleNumber", "bool_option", "config_of", "int_field", "int_option"]

_C = TypeVar("_C")


def int_option(
    what: str, low: int, high: int | None = None, *, optional: bool = False
) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator for an int option ``what`` (e.g. ``"Clubs players"``) from ``low`` to ``high``;
    ``optional`` takes ``None`` too."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if optional and value is None:
            return
        if type(value) is not int or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
            none = "None or " if optional else ""
            raise ConfigError(f"{what} must be {none}an int {bound}, got {short_repr(value)}")

    return check


def int_field(
    default: int | None,
    what: str,
    low: int,
    high: int | None = None,
    *,
    label: str,
    help: str = "",
    table_max: int | None = None,
    optional: bool = False,
) -> Any:
    """A ``Config`` int field from ``low`` to ``high``, declared once: its validator
    (``int_option``) and the metadata a front end's form reads (``label``, ``help``, ``min``,
    ``max``) come from the same bounds. ``table_max`` caps a field with no ``high`` that makes
    games longer: the largest value a server's shared table takes, so that a stranger cannot ask
    it for unbounded work. An ``optional`` field also takes ``None``."""
    metadata: dict[str, Any] = {"label": label, "min": low}
    if help:
        metadata["help"] = help
    if high is not None:
        metadata["max"] = high
    if table_max is not None:
        metadata["table_max"] = table_max
    check = int_option(what, low, high, optional=optional)
    return attrs.field(default=default, validator=check, metadata=metadata)


def bool_option(what: str) -> Callable[[Any, attrs.Attribute[bool], bool], None]:
    """A validator for a bool option ``what`` (``True`` or ``False``, not 0 or 1)."""

    def check(instance: Any, attribute: attrs.Attribute[bool], value: bool) -> None:
        if type(value) is not bool:
            raise ConfigError(f"{what} must be True or False, got {short_repr(value)}")

    return check


def config_of(config: object, cls: type[_C], game: str) -> _C:
    """``config`` checked to be a ``cls`` (``cls()``, the standard game, for ``None``).

    Raises ``ConfigError`` naming the game's config class for anything else.
    """
    if config is None:
        return cls()
    if type(config) is not cls:
        raise ConfigError(f"expected a {game}.Config, got {short_repr(config)}")
    return config


class RuleNumber(property):
    """A number a game's rules fix, as a read-only property of its ``Config``
    (``halves = RuleNumber(HALVES, "Halves in a match: 2.")``): the server sends a table's config's
    int properties as its ``facts``, so that a front end shows the game's own number."""

    def __init__(self, value: int, doc: str) -> None:
        super().__init__(lambda config: value)
        self.value = value
        self.__doc__ = doc  # property's own doc would give way to this class's docstring

    @overload
    def __get__(self, instance: None, owner: type | None = None, /) -> RuleNumber: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None, /) -> int: ...

    def __get__(self, instance: object, owner: type | None = None, /) -> RuleNumber | int:
        return self if instance is None else self.value
