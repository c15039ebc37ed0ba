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

from cardrules import clubs, eighty_points, manager, pub_derby, rugby_league
from cardrules._shared import checks as _checks
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
