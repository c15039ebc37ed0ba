"""Compatibility names: the PostgreSQL store is ``cardrules.serve.stores.postgres`` now (#58).

Importing this module needs the postgres extra, as importing that one does.
"""

from __future__ import annotations

from cardrules.serve.stores.postgres import CHANNEL, MIGRATIONS, PostgresStore, migrate, read_table

__all__ = ["CHANNEL", "MIGRATIONS", "PostgresStore", "migrate", "read_table"]
