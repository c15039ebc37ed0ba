"""Compatibility names: what this module held before the stores became a package (#58).

The in-memory table is ``cardrules.serve.table.Table``; the stores are ``cardrules.serve.stores``
(``TableStore``, ``SQLiteStore``, which was ``Store`` here, ``stored_transcript``, ``shown_db``,
``hide_passwords``); the seat names are ``cardrules.serve.seating``'s. New code imports them from
there. The table is not defined here because the stores import it: this module, which names
both, sits above them.
"""

from __future__ import annotations

from cardrules.serve.seating import BUILT_IN_BOTS, check_bot_name, make_bot
from cardrules.serve.stores import SQLiteStore, TableStore, hide_passwords, shown_db, stored_transcript
from cardrules.serve.table import Table

__all__ = [
    "BUILT_IN_BOTS",
    "Store",
    "Table",
    "TableStore",
    "check_bot_name",
    "hide_passwords",
    "make_bot",
    "shown_db",
    "stored_transcript",
]

Store = SQLiteStore
"""The SQLite store's name before it was ``cardrules.serve.stores.SQLiteStore``."""
