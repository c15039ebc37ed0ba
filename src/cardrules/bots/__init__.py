"""Bots: the ``Bot`` protocol, ``RandomBot``, the rule-of-thumb ``HeuristicBot``, ``ISMCTSBot`` and
``PIMCBot`` (perfect-information Monte Carlo, the strongest);
``cardrules.bots.loading.load_bot("my_bot.py:MyBot")`` makes your own from a spec.

A bot sees only a seat's view: ``choose(view, seed)`` returns one of ``view.legal_moves``. Bots are
deterministic from their seed, so whole games replay exactly; a search on a time budget
(``ISMCTSBot(time_per_move=...)``, ``PIMCBot(time_per_move=...)``) is the exception, as the
machine's speed decides how far it gets.
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from cardrules.errors import StateError
from cardrules.game import ViewLike
from cardrules.rng import Rng

__all__ = ["Bot", "HeuristicBot", "ISMCTSBot", "PIMCBot", "RandomBot"]


class Bot(Protocol):
    """Anything with ``choose(view, seed) -> move``, the move being one of ``view.legal_moves``."""

    def choose(self, view: Any, seed: int) -> Any:
        """Pick a legal move for ``view.player`` using only ``view`` and ``seed``."""


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal move, drawn with the core generator from ``seed``."""

    def choose(self, view: ViewLike, seed: int) -> Any:
        """A uniformly random move of ``view.legal_moves``."""
        moves = getattr(view, "legal_moves", None)
        if type(moves) is not tuple:
            raise StateError(f"expected a game's view (with legal_moves), got {type(view).__name__}")
        if not moves:
            raise StateError(f"seat {view.player} has no move to choose in this view")
        move, _ = Rng.from_seed(seed).choice(moves)
        return move


from cardrules.bots.heuristic import HeuristicBot  # noqa: E402 - these need Bot and RandomBot above
from cardrules.bots.ismcts import ISMCTSBot  # noqa: E402
from cardrules.bots.pimc import PIMCBot  # noqa: E402
