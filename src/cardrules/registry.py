"""The registry of games: ``GAMES`` maps each registry name to its ruleset module."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardrules import clubs, eighty_points, manager, pub_derby, rugby_league
from cardrules._reprs import short_repr
from cardrules.errors import ConfigError, StateError
from cardrules.game import Game, SteppedGame

__all__ = ["GAMES", "AnyGame", "game_of_view", "get_game"]

AnyGame = Game[Any, Any, Any, Any]
"""A game module of any kind."""

_clubs: Game[clubs.State, clubs.Play, clubs.View, clubs.Config] = clubs

_manager: Game[manager.State, manager.Exchange | manager.Pass, manager.View, manager.Config] = manager

_pub_derby: Game[pub_derby.State, pub_derby.Play, pub_derby.View, pub_derby.Config] = pub_derby

_rugby_league: Game[rugby_league.State, rugby_league.Move, rugby_league.View, rugby_league.Config] = (
    rugby_league
)

_eighty_points: SteppedGame[
    eighty_points.State, eighty_points.Move, eighty_points.View, eighty_points.Config
] = eighty_points

GAMES: Mapping[str, AnyGame] = MappingProxyType(
    {
        "clubs": _clubs,
        "pub_derby": _pub_derby,
        "rugby_league": _rugby_league,
        "eighty_points": _eighty_points,
        "manager": _manager,
    }
)
"""Read-only mapping from registry name (the module name) to the game module, in a fixed order."""


def get_game(name: str | AnyGame) -> AnyGame:
    """The game registered as ``name``; a game module passes through. ``ConfigError`` lists the names."""
    if isinstance(name, str):
        game = GAMES.get(name)
        if game is None:
            raise ConfigError(f"no game named {short_repr(name)}; the games are: {', '.join(GAMES)}")
        return game
    for game in GAMES.values():
        if game is name:
            return game
    raise ConfigError(f"{short_repr(name)} is not a registered game; the games are: {', '.join(GAMES)}")


def game_of_view(view: object) -> AnyGame:
    """The registered game whose ``View`` class ``view`` is an instance of; ``StateError`` otherwise."""
    for game in GAMES.values():
        if type(view) is game.View:
            return game
    raise StateError(f"{type(view).__name__} is not the view of a registered game")
