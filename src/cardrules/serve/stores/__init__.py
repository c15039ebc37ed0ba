"""The stores that keep ``cardrules serve``'s tables: every accepted move is committed before
anyone hears of it.

``--db`` names the database (``urls``: the one place that reads and shows it): a SQLite file
(``sqlite.SQLiteStore``, the embedded default, one server process a file) or a PostgreSQL URL
(``postgres.PostgresStore``, the postgres extra, imported only then; several server processes
may share it). Both are a ``base.TableStore``, what the protocol needs of a store. ``open_store``
opens the one ``--db`` names, ``stored_transcript`` reads a table's story from either.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules._extras import install_command
from cardrules.errors import ConfigError
from cardrules.serve.limits import Limits
from cardrules.serve.stores import sqlite
from cardrules.serve.stores.base import TableStore
from cardrules.serve.stores.sqlite import SQLiteStore
from cardrules.serve.stores.urls import database_file, hide_passwords, is_postgres_url, shown_db
from cardrules.transcript import Transcript

__all__ = [
    "SQLiteStore",
    "TableStore",
    "database_file",
    "hide_passwords",
    "is_postgres_url",
    "open_store",
    "shown_db",
    "stored_transcript",
]


def open_store(db: str, limits: Limits | None = None, bots: Mapping[str, str] | None = None) -> TableStore:
    """The store ``--db`` names: ``PostgresStore`` for a ``postgresql://`` URL (the postgres
    extra; ``ConfigError`` saying how to install it when it is missing), else ``SQLiteStore`` on
    the SQLite file (or ``:memory:``)."""
    if not is_postgres_url(db):
        return SQLiteStore(db, limits, bots)
    try:
        from cardrules.serve.stores.postgres import PostgresStore
    except ImportError as exc:
        raise ConfigError(
            f"a PostgreSQL --db needs the postgres extra ({exc.name} is missing); "
            f"in a checkout of cardrules: {install_command('postgres')}"
        ) from None
    return PostgresStore(db, limits, bots)


def stored_transcript(db: str, table_id: str) -> Transcript:
    """The ``Transcript`` of a table as the database ``db`` (a SQLite file or a PostgreSQL URL)
    holds it now, seed included even mid-game: for the server's operator and tests, read beside
    the servers that use the database (a SQLite file is read without taking it from its server).
    ``StateError`` if the table is not dealt or not there."""
    if not is_postgres_url(db):
        return sqlite.read_table(db, table_id).transcript()
    from cardrules.serve.stores.postgres import read_table

    return read_table(db, table_id).transcript()
