"""``cardrules serve``: the five games for front ends in any language (docs/protocol.md).

The protocol (``cardrules.serve.protocol``) answers JSON requests against tables kept in SQLite
(``cardrules.serve.tables``) or PostgreSQL (``cardrules.serve.postgres``, the postgres extra);
``cardrules serve --stdio`` speaks it as JSON lines on standard input
and output (``cardrules.serve.stdio``). Nothing in the library's core imports this package.
"""

from __future__ import annotations

from cardrules.serve.protocol import PROTOCOL_VERSION, Engine, ProtocolError, Session
from cardrules.serve.stdio import run_stdio
from cardrules.serve.stores import open_store
from cardrules.serve.tables import Store, TableStore

__all__ = [
    "PROTOCOL_VERSION",
    "Engine",
    "ProtocolError",
    "Session",
    "Store",
    "TableStore",
    "open_store",
    "run_stdio",
]
