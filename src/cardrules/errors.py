"""The exceptions cardrules raises.

Every error the library raises on purpose is a [`CardRulesError`][], which is also a
`ValueError`, so ``except ValueError`` catches them all.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "CardRulesError",
    "ConfigError",
    "IllegalMoveError",
    "MoveParseError",
    "StateError",
]


class CardRulesError(ValueError):
    """Base class of every error raised by cardrules."""


class IllegalMoveError(CardRulesError):
    """A move that is not legal in the given state (or is no move of this game at all).

    The message names the move, the seat and why it is illegal.
    """


class MoveParseError(IllegalMoveError):
    """Text given to ``parse_move`` that is no move at all in the game's notation."""


class ConfigError(CardRulesError):
    """An invalid game configuration, seed or stacked deck."""


class StateError(CardRulesError):
    """A state, view or serialized document that is malformed or inconsistent."""


class CardParseError(CardRulesError):
    """Text that does not name a card, e.g. ``parse_card("1X")``."""
