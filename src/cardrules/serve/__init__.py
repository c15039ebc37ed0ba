"""``cardrules serve``: the five games for front ends in any language (docs/protocol.md).

The protocol (``cardrules.serve.protocol``) answers JSON requests against tables
(``cardrules.serve.table``) kept by a store (``cardrules.serve.stores``): in SQLite
(``stores.sqlite.SQLiteStore``) or PostgreSQL (``stores.postgres.PostgresStore``, the postgres
extra), the one ``--db`` names (``open_store``); ``cardrules serve --stdio`` speaks it as JSON
lines on standard input and output (``cardrules.serve.stdio``). Nothing in the library's core
imports this package. ``Store`` is ``SQLiteStore``'s name before the stores became a package.
"""

from __future__ import annotations

from cardrules.serve.protocol import PROTOCOL_VERSION, Engine, ProtocolError, Session
from cardrules.serve.stdio import run_stdio
from cardrules.serve.stores import SQLiteStore, TableStore, open_store

Store = SQLiteStore

__all__ = [
    "PROTOCOL_VERSION",
    "Engine",
    "ProtocolError",
    "SQLiteStore",
    "Session",
    "Store",
    "TableStore",
    "open_store",
    "run_stdio",
]
