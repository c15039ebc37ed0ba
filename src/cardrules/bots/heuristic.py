"""Rule-of-thumb bots: one plain policy per game, written from the game's rules (not tuned).

``HeuristicBot()`` plays any registered game, picking the game from the view's type. Each game
keeps its rule of thumb in its own ``policy`` module, ``cardrules.<game>.policy.heuristic_move``
(the module's docstring says what it plays), where the game's rollout and the PIMC search's
playouts find it too; ``POLICIES`` gathers them by registry name. Each policy is deterministic and
uses the view alone; the seed is unused.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from cardrules.errors import ConfigError, StateError
from cardrules.registry import GAMES, game_of_view

__all__ = ["POLICIES", "HeuristicBot"]


# A game's registry name is its package's name (registry.GAMES).
POLICIES: Mapping[str, Callable[[Any], Any]] = MappingProxyType(
    {name: importlib.import_module(f"cardrules.{name}.policy").heuristic_move for name in GAMES}
)
"""The rule-of-thumb policy of each game, by registry name: ``policy(view) -> move``, each game's
``policy.heuristic_move``."""


@attrs.frozen
class HeuristicBot:
    """Plays each game's rule-of-thumb policy (see the module docstring); deterministic, seed unused."""

    def choose(self, view: Any, seed: int) -> Any:
        """The policy's move for ``view``; ``ConfigError`` for a game with no policy."""
        game = game_of_view(view)
        if not view.legal_moves:
            raise StateError(f"seat {view.player} has no move to choose in this view")
        policy = POLICIES.get(game.NAME)
        if policy is None:
            raise ConfigError(f"no rule-of-thumb policy for {game.NAME}; the policies: {', '.join(POLICIES)}")
        return policy(view)
