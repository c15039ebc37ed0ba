"""Bounded ``repr`` for error messages: whatever a caller passes, a message stays short and safe.

An error names the value that was wrong, but that value may be a 10 MB string, a list nested a
million deep, or an object whose ``__repr__`` raises. ``short_repr`` cuts each container to a few
items and a few levels (``reprlib``), and the whole text to ``MAX_CHARS`` characters.
"""

from __future__ import annotations

import reprlib

__all__ = ["MAX_CHARS", "short_repr", "short_str"]

MAX_CHARS = 200
"""The longest text ``short_repr`` returns."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 80
_REPR.maxother = 120
_REPR.maxlong = 40
for _name in ("maxtuple", "maxlist", "maxarray", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_REPR, _name, 8)


def short_repr(value: object) -> str:
    """``repr(value)``, cut to a few items a container, three levels and ``MAX_CHARS`` characters."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a broken __repr__ must not replace the error being reported
        text = f"<{type(value).__name__} object>"
    return _cut(text)


def short_str(value: object) -> str:
    """``str(value)`` (an exception's message, say), cut to ``MAX_CHARS`` characters."""
    try:
        text = str(value)
    except Exception:  # a broken __str__ must not replace the error being reported
        text = f"<{type(value).__name__} object>"
    return _cut(text)


def _cut(text: str) -> str:
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 3] + "..."
