"""The store ``cardrules serve --db`` names: a SQLite file (``cardrules.serve.tables.Store``, the
embedded default) or a PostgreSQL URL (``cardrules.serve.postgres.PostgresStore``, the postgres
extra, imported only then)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules._extras import install_command
from cardrules.errors import ConfigError
from cardrules.serve import tables
from cardrules.serve.limits import Limits
from cardrules.serve.tables import Store, TableStore

__all__ = ["is_postgres_url", "open_store", "stored_transcript"]


def is_postgres_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)
    rather than a SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


def open_store(db: str, limits: Limits | None = None, bots: Mapping[str, str] | None = None) -> TableStore:
    """The store ``--db`` names: ``PostgresStore`` for a ``postgresql://`` URL (the postgres
    extra; ``ConfigError`` saying how to install it when it is missing), else ``Store`` on the
    SQLite file (or ``:memory:``)."""
    if not is_postgres_url(db):
        return Store(db, limits, bots)
    try:
        from cardrules.serve.postgres import PostgresStore
    except ImportError as exc:
        raise ConfigError(
            f"a PostgreSQL --db needs the postgres extra ({exc.name} is missing); "
            f"in a checkout of cardrules: {install_command('postgres')}"
        ) from None
    return PostgresStore(db, limits, bots)


def stored_transcript(db: str, table_id: str) -> Any:
    """The ``Transcript`` of a table as the database ``db`` (a SQLite file or a PostgreSQL URL)
    holds it now, seed included even mid-game: for the server's operator and tests, read beside
    the servers that use the database. ``StateError`` if the table is not dealt or not there."""
    if not is_postgres_url(db):
        return tables.stored_transcript(db, table_id)
    from cardrules.serve.postgres import read_table

    return read_table(db, table_id).transcript()
