"""What one server lets its clients do: the caps that keep one client from starving the others.

Every cap is an option of ``cardrules serve`` (docs/deploying.md); ``None`` turns a cap off.
"""

from __future__ import annotations

import attrs

from cardrules.bots.catalogue import SEARCH_CAPS
from cardrules.errors import CardRulesError

__all__ = ["LimitError", "Limits"]


class LimitError(CardRulesError):
    """A request refused by one of the server's caps (too many tables, too fast); it changed
    nothing and may succeed later."""


@attrs.frozen
class Limits:
    """The server's caps. The defaults suit a server on the internet: a few players per address,
    bounded memory whatever the clients do."""

    max_tables: int | None = 1_000
    """Tables being played held in memory, all clients together (idle ones are unloaded first)."""

    max_tables_per_client: int | None = 20
    """Tables being played held in memory that one client address created."""

    new_per_minute: int | None = 30
    """Tables one client address may create in any 60 seconds."""

    max_watched_per_client: int | None = 100
    """Tables the connections of one client address may watch at once (each connection's each
    table: a watcher is pushed every change), so that one address cannot make every move cost
    hundreds of pushes."""

    max_iterations: int = SEARCH_CAPS.client_count
    """The most a search bot's seat may ask for with ``:N`` (``ismcts:N`` iterations,
    ``pimc:N`` deals; the catalogue's client cap, ``cardrules.bots.catalogue.SEARCH_CAPS``)."""

    max_reviews: int | None = 8
    """Reviews of finished games computed at once, all clients together (a review waits on the
    bot workers one decision at a time, in a thread of its own)."""

    max_reviews_per_client: int | None = 2
    """Reviews of finished games that one client address may have computed at once."""

    idle_seconds: float = 900.0
    """A table nobody has asked about for this long leaves memory (it stays in the database and
    comes back on the next request that names it)."""

    @classmethod
    def local(cls) -> Limits:
        """No per-client caps, and searches as large as the bots take: one trusted local client
        (``cardrules serve --stdio``)."""
        return cls(
            max_tables_per_client=None,
            new_per_minute=None,
            max_watched_per_client=None,
            max_reviews_per_client=None,
            max_iterations=SEARCH_CAPS.server_count,
        )
