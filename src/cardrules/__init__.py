"""cardrules: exact, typed, headless rules engines for card games.

Each game is a module of pure functions over immutable states (see ``docs/contract.md``):
``clubs``, ``pub_derby``, ``rugby_league``, ``eighty_points`` and ``manager``, all in ``GAMES``::

    from cardrules import clubs
    state = clubs.new_game(seed=7)
    while state.to_act is not None:
        state = clubs.apply(state, clubs.legal_moves(state)[0])
    print(clubs.outcome(state))
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from cardrules import errors as _errors  # (no import of its own)
from cardrules._shared import checks as _checks

if TYPE_CHECKING:
    # What type checkers and readers see; at run time each name is imported on first use by
    # __getattr__ below, so `import cardrules.clubs` loads Clubs and not the bots or the other games.
    from cardrules import clubs, eighty_points, manager, pub_derby, rugby_league
    from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, PIMCBot, RandomBot
    from cardrules.cards import Card, Rank, Suit, parse_card, parse_cards
    from cardrules.errors import (
        CardParseError,
        CardRulesError,
        ConfigError,
        IllegalMoveError,
        MoveParseError,
        StateError,
    )
    from cardrules.game import Game, Outcome, ViewLike, Zone
    from cardrules.registry import GAMES, AnyGame, get_game
    from cardrules.rng import Rng, derive_seed
    from cardrules.runner import play
    from cardrules.serialization import FORMAT_VERSION, dumps, loads
    from cardrules.transcript import Transcript, replay, replay_steps

__all__ = [
    "COMPILED",
    "FORMAT_VERSION",
    "GAMES",
    "AnyGame",
    "Bot",
    "Card",
    "CardParseError",
    "CardRulesError",
    "ConfigError",
    "Game",
    "HeuristicBot",
    "ISMCTSBot",
    "IllegalMoveError",
    "MoveParseError",
    "Outcome",
    "PIMCBot",
    "RandomBot",
    "Rank",
    "Rng",
    "StateError",
    "Suit",
    "Transcript",
    "ViewLike",
    "Zone",
    "__version__",
    "clubs",
    "derive_seed",
    "dumps",
    "eighty_points",
    "get_game",
    "loads",
    "manager",
    "parse_card",
    "parse_cards",
    "play",
    "pub_derby",
    "replay",
    "replay_steps",
    "rugby_league",
]

__version__ = "0.1.0"
"""The package version; the build reads it from here (the one place it is written)."""

COMPILED = not _checks.__file__.endswith(".py")
"""Whether this install runs the compiled build: hot modules compiled with mypyc, from a wheel built
with ``CARDRULES_COMPILE=1`` (see docs/performance.md). Both builds give the same results."""

# The lazy re-exports: each public name and the module it comes from, the same names as the
# TYPE_CHECKING imports above (tests/repo/test_light_root.py checks they agree with __all__).
_GAME_MODULES = ("clubs", "pub_derby", "rugby_league", "eighty_points", "manager")
_SOURCES: dict[str, tuple[str, ...]] = {
    "cardrules.bots": ("Bot", "HeuristicBot", "ISMCTSBot", "PIMCBot", "RandomBot"),
    "cardrules.cards": ("Card", "Rank", "Suit", "parse_card", "parse_cards"),
    "cardrules.errors": tuple(_errors.__all__),
    "cardrules.game": ("Game", "Outcome", "ViewLike", "Zone"),
    "cardrules.registry": ("GAMES", "AnyGame", "get_game"),
    "cardrules.rng": ("Rng", "derive_seed"),
    "cardrules.runner": ("play",),
    "cardrules.serialization": ("FORMAT_VERSION", "dumps", "loads"),
    "cardrules.transcript": ("Transcript", "replay", "replay_steps"),
}
_SOURCE_OF = {name: module for module, names in _SOURCES.items() for name in names}


def _lazy_attribute(name: str) -> object:
    """A public name on first use: its module imported, the value kept in the module's globals so
    later lookups never come back here. Any other name raises AttributeError, as Python expects
    (``from cardrules import events`` relies on it to fall back to importing the submodule)."""
    if name in _GAME_MODULES:
        value: object = importlib.import_module(f"cardrules.{name}")
    elif name in _SOURCE_OF:
        value = getattr(importlib.import_module(_SOURCE_OF[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


if not TYPE_CHECKING:
    # Hidden from type checkers: a module __getattr__ they see would type every misspelt
    # `cardrules.X` as an object instead of reporting it; they read the imports above instead.
    __getattr__ = _lazy_attribute


def __dir__() -> list[str]:
    """The module's names, the lazy re-exports included before their first use (PEP 562)."""
    return sorted(set(globals()) | set(__all__))
