"""Tables kept in PostgreSQL (``cardrules serve --db postgresql://...``; the postgres extra):
one database that several server processes, on one machine or many, may share.

The rows are those of the SQLite store (``cardrules.serve.stores.base.Row``), in tables named
``cardrules_*`` so that the database may hold others, and each table has a ``version``: the
changes committed to it. What one request changes is one transaction that first raises the
version from the one its process last saw; if another process changed the table since, no row
matches, nothing is stored and the request is refused as stale (a ``StateError``). So two moves
made at one table through two processes at the same instant are ordered by the database: one is
stored, never both, and a table's bots move once whichever process makes their move. Before it
answers a request at a table, a process brings its copy up to the database's (``refresh``).

The schema is made and upgraded when a store opens (``migrate``): ``cardrules_schema`` holds the
version of each migration applied, and a database made by a newer cardrules is refused.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any

import psycopg
import psycopg_pool

from cardrules._reprs import short_str
from cardrules.errors import CardRulesError, ConfigError, StateError
from cardrules.serialization import loads
from cardrules.serve.limits import Limits
from cardrules.serve.stores.base import COLUMNS, Row, TableStore, rebuilt_table, seats_from_json
from cardrules.serve.stores.urls import hide_passwords, shown_db
from cardrules.serve.table import Table

__all__ = ["CHANNEL", "MIGRATIONS", "PostgresStore", "migrate", "read_table"]

MIGRATIONS: tuple[str, ...] = (
    # 1: the SQLite store's tables.
    """
    CREATE TABLE cardrules_tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        tokens TEXT NOT NULL,
        chosen INTEGER NOT NULL DEFAULT 1,
        server_seed TEXT,
        salt TEXT
    );
    CREATE TABLE cardrules_moves (
        table_id TEXT NOT NULL REFERENCES cardrules_tables(id),
        number INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    CREATE TABLE cardrules_seated (
        table_id TEXT NOT NULL REFERENCES cardrules_tables(id),
        seat INTEGER NOT NULL,
        contribution TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    """,
    # 2: each table's version, which orders the changes that several processes make.
    "ALTER TABLE cardrules_tables ADD COLUMN version BIGINT NOT NULL DEFAULT 0;",
    # 3: invitations: a seat the creator does not take is claimed once, with a token made then.
    """
    ALTER TABLE cardrules_tables ADD COLUMN invitations TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE cardrules_claims (
        table_id TEXT NOT NULL REFERENCES cardrules_tables(id),
        seat INTEGER NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    """,
    # 4: rematches: a new table of a finished one's seats, one a table.
    """
    ALTER TABLE cardrules_tables ADD COLUMN rematch_of TEXT;
    CREATE UNIQUE INDEX cardrules_tables_rematch_of ON cardrules_tables (rematch_of);
    """,
    # 5: reviews of finished games, kept with their tables: a second look costs nothing.
    """
    CREATE TABLE cardrules_reviews (
        table_id TEXT NOT NULL REFERENCES cardrules_tables(id),
        seat INTEGER NOT NULL,
        review TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    """,
)
"""The schema's migrations, oldest first: migration ``n`` (from 1) brings version ``n - 1`` to ``n``."""

_log = logging.getLogger("uvicorn.error")

_LOCK = 0x63617264  # the advisory lock that lets one process at a time migrate ("card")

_SEATED = (
    "ARRAY(SELECT seat FROM cardrules_claims c WHERE c.table_id = t.id ORDER BY seat), "
    "ARRAY(SELECT token FROM cardrules_claims c WHERE c.table_id = t.id ORDER BY seat), "
    "ARRAY(SELECT seat FROM cardrules_seated s WHERE s.table_id = t.id ORDER BY seat), "
    "ARRAY(SELECT contribution FROM cardrules_seated s WHERE s.table_id = t.id ORDER BY seat)"
)
# One statement, so one snapshot: the version, claims, seats and moves of the same moment.
_LOAD = (
    f"SELECT {COLUMNS}, version, {_SEATED}, "
    "ARRAY(SELECT move FROM cardrules_moves m WHERE m.table_id = t.id ORDER BY number) "
    "FROM cardrules_tables t WHERE id = %s"
)
_SINCE = (
    f"SELECT version, {_SEATED}, "
    "ARRAY(SELECT move FROM cardrules_moves m WHERE m.table_id = t.id AND number >= %s ORDER BY number) "
    "FROM cardrules_tables t WHERE id = %s"
)
_INSERTS = {
    "tables": f"INSERT INTO cardrules_tables ({COLUMNS}) VALUES ({', '.join(['%s'] * 11)})",
    "claims": "INSERT INTO cardrules_claims (table_id, seat, token) VALUES (%s, %s, %s)",
    "seated": "INSERT INTO cardrules_seated (table_id, seat, contribution) VALUES (%s, %s, %s)",
    "moves": "INSERT INTO cardrules_moves (table_id, number, move) VALUES (%s, %s, %s)",
}
CHANNEL = "cardrules_changes"
"""The notification channel: each change to a table is told on it (``origin table_id version``,
sent when the change commits), so that every other process pushes the table to its own watchers."""

# A change at a table in one statement, so one round trip (autocommit makes it a transaction
# of its own): the version's bump, then the rows, inserted only if the bump matched, and the
# notification. The rows go as three JSON texts (``[[seat, token], ...]``, ``[[seat,
# contribution], ...]``, ``[[number, move], ...]``): psycopg dumps one string faster than nine
# arrays. No row back means another process changed the table first and nothing is stored.
_CHANGE = (
    "WITH bump AS (UPDATE cardrules_tables SET version = version + 1 WHERE id = %s AND version = %s "
    "RETURNING id, version), "
    "claims AS (INSERT INTO cardrules_claims (table_id, seat, token) "
    "SELECT id, (r->>0)::int, r->>1 FROM bump, json_array_elements(%s::json) AS r), "
    "seated AS (INSERT INTO cardrules_seated (table_id, seat, contribution) "
    "SELECT id, (r->>0)::int, r->>1 FROM bump, json_array_elements(%s::json) AS r), "
    "moves AS (INSERT INTO cardrules_moves (table_id, number, move) "
    "SELECT id, (r->>0)::int, r->>1 FROM bump, json_array_elements(%s::json) AS r) "
    f"SELECT pg_notify('{CHANNEL}', %s || ' ' || version) FROM bump"
)

_KEPT = 4096  # marks kept for tables not held in memory before they are let go

POOL_SIZE = 16
"""Connections a server process holds at most (each request's thread takes one while it reads or
commits)."""


class PostgresStore(TableStore):
    """The tables of a PostgreSQL database (``url``: ``postgresql://user:password@host/dbname``,
    or any libpq connection URL), through a pool of up to ``pool_size`` connections. The schema
    is made or upgraded on start; several processes may use the same database at once.
    ``ConfigError`` if the database cannot be reached or its schema is newer than this one."""

    def __init__(
        self,
        url: str,
        limits: Limits | None = None,
        bots: Mapping[str, str] | None = None,
        pool_size: int = POOL_SIZE,
    ) -> None:
        super().__init__(limits, bots)
        self.url = url
        self.origin = secrets.token_hex(8)  # this store's changes, in the notifications it hears
        # The listening connection's life (a number for each connection made; None while none
        # listens), the life in which each table was last read whole, and the newest version
        # other processes were heard making: a table read in this life and not heard changed
        # since is the database's, and needs no read before a request.
        self.generation: int | None = None
        self._read_in: dict[str, int] = {}
        self._heard: dict[str, int] = {}
        try:
            with psycopg.connect(url, connect_timeout=10) as connection:
                migrate(connection)
        except psycopg.Error as exc:
            raise ConfigError(
                f"cannot use the PostgreSQL database {shown_db(url)}: {short_str(hide_passwords(str(exc)))}"
            ) from None
        # Autocommit: a read is one round trip; a change opens its own transaction.
        self.pool = psycopg_pool.ConnectionPool(
            url, min_size=1, max_size=pool_size, kwargs={"autocommit": True}, open=True
        )

    def close(self) -> None:
        """Close the pool's connections (everything is already committed)."""
        self.pool.close()

    def listen(self, changed: Callable[[str | None], object]) -> Callable[[], None]:
        """Hear the other processes' changes on a connection of its own (``LISTEN``), in a
        thread: ``changed(table_id)`` for each, within milliseconds of its commit. Once listening,
        and again each time a lost connection is made again (every second until it is back),
        ``changed(None)``: what was said before was not heard."""
        listener = _Listener(self, changed)
        listener.start()
        return listener.stop

    def heard(self, table_id: str, version: int) -> None:
        """Another process made ``version`` of ``table_id`` (called in the listener's thread)."""
        if version > self._heard.get(table_id, -1):
            self._heard[table_id] = version
        if len(self._heard) > _KEPT + len(self.tables):
            self._heard = {t: v for t, v in list(self._heard.items()) if t in self.tables}

    def refresh(self, table: Table, *, reread: bool = False) -> bool:
        """Bring ``table`` up to the database's version: the seats claimed and sat down and the moves
        made through other processes since this one last saw it (a finished table is final).
        While listening, no read if no other process was heard changing it since it was read,
        unless ``reread``."""
        if table.over:
            return False
        life = self.generation
        # A table of bots only is read each time: two processes' pacers race for its next move,
        # and one that tried on a copy a notification behind would push the other's move twice.
        if (
            life is not None
            and not reread
            and not table.bots_only
            and self._read_in.get(table.id) == life
            and self._heard.get(table.id, -1) <= table.version
        ):
            return False
        try:
            with self.pool.connection() as connection:
                row = connection.execute(_SINCE, (len(table.moves), table.id)).fetchone()
        except psycopg.Error as exc:
            raise StateError(
                f"table {table.id} could not be read: {short_str(hide_passwords(str(exc)))}"
            ) from None
        self._read(table.id, life)
        if row is None or row[0] == table.version:
            return False
        version, claimed, tokens, seats, contributions, moves = row
        for seat, token in zip(claimed, tokens, strict=True):
            table.tokens.setdefault(seat, token)
        for seat, contribution in zip(seats, contributions, strict=True):
            table.seated.setdefault(seat, contribution)
        if table.state is None and (table.deal.chosen or not table.waiting):
            table.deal_now()
        for text in moves:
            table.advance(loads(text))
        table.version = version
        self._keep(table)  # a table that ended elsewhere joins the finished ones
        return True

    def _read(self, table_id: str, life: int | None) -> None:
        """``table_id`` was read whole from the database in the listening connection's ``life``."""
        if life is not None:
            self._read_in[table_id] = life
            if len(self._read_in) > _KEPT + len(self.tables):
                self._read_in = {t: g for t, g in list(self._read_in.items()) if t in self.tables}

    def _load(self, table_id: str) -> Table:
        life = self.generation
        table = read_table(self.pool, table_id)
        table.own_bots = self.bots
        self._read(table_id, life)
        return table

    def _read_seats(self, table_id: str) -> tuple[str, ...] | None:
        try:
            with self.pool.connection() as connection:
                row = connection.execute(
                    "SELECT seats FROM cardrules_tables WHERE id = %s", (table_id,)
                ).fetchone()
        except (psycopg.Error, psycopg_pool.PoolTimeout, ValueError):  # ValueError: an id with a NUL
            return None
        return None if row is None else seats_from_json(row[0])

    def rematch(self, table: Table, *, reread: bool = False) -> str | None:
        """The id of the finished ``table``'s rematch, ``None`` if it has none: read until there
        is one (another process may make it; once made it never changes), ``reread`` or not."""
        if table.rematch is None and table.over:
            try:
                with self.pool.connection() as connection:
                    row = connection.execute(
                        "SELECT id FROM cardrules_tables WHERE rematch_of = %s", (table.id,)
                    ).fetchone()
            except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
                raise StateError(
                    f"table {table.id} could not be read: {short_str(hide_passwords(str(exc)))}"
                ) from None
            table.rematch = None if row is None else row[0]
        return table.rematch

    def stored_review(self, table_id: str, seat: int) -> str | None:
        try:
            with self.pool.connection() as connection:
                row = connection.execute(
                    "SELECT review FROM cardrules_reviews WHERE table_id = %s AND seat = %s", (table_id, seat)
                ).fetchone()
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            raise StateError(
                f"table {table_id}'s review could not be read: {short_str(hide_passwords(str(exc)))}"
            ) from None
        return None if row is None else str(row[0])

    def keep_review(self, table_id: str, seat: int, text: str) -> None:
        try:
            with self.pool.connection() as connection:
                connection.execute(
                    "INSERT INTO cardrules_reviews (table_id, seat, review) VALUES (%s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (table_id, seat, text),
                )
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            raise StateError(
                f"table {table_id}'s review could not be stored: {short_str(hide_passwords(str(exc)))}"
            ) from None

    def announce(self, table: Table) -> None:
        """Notify the other processes that ``table`` changed without a move (its rematch was made)."""
        try:
            with self.pool.connection() as connection:
                connection.execute(
                    f"SELECT pg_notify('{CHANNEL}', %s || ' ' || %s)",
                    (f"{self.origin} {table.id}", table.version),
                )
        except (psycopg.Error, psycopg_pool.PoolTimeout):
            _log.warning("the other processes were not told of table %s's rematch", table.id)

    def _commit_rows(self, rows: list[Row], table: Table, version: int | None) -> None:
        """One transaction: a new table's rows (``version`` None), or a change at a table: the
        version raised from ``version`` (refused as stale if another process changed the table
        since) and the rows, in one statement."""
        if version is not None:
            self._change(rows, table, version)
            return
        life = self.generation
        try:
            with (
                self.pool.connection() as connection,
                connection.transaction(),
                connection.cursor() as cursor,
            ):
                for kind, sql in _INSERTS.items():
                    values = [v for k, v in rows if k == kind]
                    if values:
                        cursor.executemany(sql, values)
        except (psycopg.Error, psycopg_pool.PoolTimeout, OverflowError) as exc:
            raise StateError(
                f"the table's moves could not be stored: {short_str(hide_passwords(str(exc)))}"
            ) from exc
        self._read(table.id, life)  # a new table: no other process knew its id before

    def _change(self, rows: list[Row], table: Table, version: int) -> None:
        """Store the claims, seats and moves of one change at ``table`` in one statement (``_CHANGE``)."""
        claims = json.dumps([v[1:] for k, v in rows if k == "claims"])
        seated = json.dumps([v[1:] for k, v in rows if k == "seated"])
        moves = json.dumps([v[1:] for k, v in rows if k == "moves"])
        try:
            with self.pool.connection() as connection:
                stored = connection.execute(
                    _CHANGE, (table.id, version, claims, seated, moves, f"{self.origin} {table.id}")
                ).fetchone()
        except (psycopg.Error, psycopg_pool.PoolTimeout, OverflowError) as exc:
            raise StateError(
                f"the table's moves could not be stored: {short_str(hide_passwords(str(exc)))}"
            ) from exc
        if stored is None:
            self._read_in.pop(table.id, None)  # read it whole before it is used again
            raise _stale(table)


class _Listener(threading.Thread):
    """The thread that hears a database's notifications for one store."""

    def __init__(self, store: PostgresStore, changed: Callable[[str | None], object]) -> None:
        super().__init__(name="cardrules-listen", daemon=True)
        self.store, self.changed = store, changed
        self.stopping = threading.Event()

    def stop(self) -> None:
        """Stop hearing, within a second."""
        self.stopping.set()
        self.join(timeout=5.0)
        self.store.generation = None

    def run(self) -> None:
        life = 0
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.store.url, autocommit=True, connect_timeout=10) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    life += 1
                    self.store.generation = life  # tables read from now on hear their changes
                    # What was committed before LISTEN (lost, or not yet made: the server answers
                    # requests before this thread first connects) was not heard: push every
                    # watched table as it is now.
                    self.changed(None)
                    self._hear(connection)
            except psycopg.Error as exc:
                self.store.generation = None  # every table is read before it is used
                _log.warning(
                    "lost the database's notifications (%s); listening again in 1 s",
                    short_str(hide_passwords(str(exc))),
                )
                self.stopping.wait(1.0)
        self.store.generation = None

    def _hear(self, connection: psycopg.Connection[Any]) -> None:
        while not self.stopping.is_set():
            for note in connection.notifies(timeout=0.5):
                origin, table_id, version = note.payload.split(" ")
                if origin != self.store.origin:
                    self.store.heard(table_id, int(version))  # before the push reads it
                    self.changed(table_id)


def _stale(table: Table) -> StateError:
    return StateError(
        f"table {table.id} changed in another server process while this request was "
        "answered: look at the new position and try again"
    )


def migrate(connection: psycopg.Connection[Any]) -> int:
    """Make or upgrade the schema in one transaction, one process at a time, and return its
    version. ``ConfigError`` if the database's schema is newer than ``MIGRATIONS`` knows."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        connection.execute(
            "CREATE TABLE IF NOT EXISTS cardrules_schema "
            "(version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        row = connection.execute("SELECT coalesce(max(version), 0) FROM cardrules_schema").fetchone()
        have = 0 if row is None else int(row[0])
        if have > len(MIGRATIONS):
            raise ConfigError(
                f"the database's cardrules schema is version {have}, newer than this cardrules knows "
                f"({len(MIGRATIONS)}): a newer cardrules made it; serve it with that version or newer"
            )
        for version in range(have + 1, len(MIGRATIONS) + 1):
            connection.execute(MIGRATIONS[version - 1])  # no parameters: several statements may go in one
            connection.execute("INSERT INTO cardrules_schema (version) VALUES (%s)", (version,))
    return len(MIGRATIONS)


def read_table(source: str | psycopg_pool.ConnectionPool[Any], table_id: str) -> Table:
    """A table as the database holds it now, replayed; ``source`` is a pool or a URL (for the
    operator and tests: ``stored_transcript``). ``StateError`` if there is none or its rows
    cannot be read."""
    row = None
    try:
        if isinstance(source, str):
            with psycopg.connect(source, connect_timeout=10) as connection:
                row = connection.execute(_LOAD, (table_id,)).fetchone()
        else:
            with source.connection() as connection:
                row = connection.execute(_LOAD, (table_id,)).fetchone()
        if row is None:
            raise StateError(f"no table {short_str(table_id)}")
        claimed = dict(zip(row[12], row[13], strict=True))
        table = rebuilt_table(row[:11], claimed, dict(zip(row[14], row[15], strict=True)), row[16])
    except (psycopg.Error, psycopg_pool.PoolTimeout, CardRulesError, ValueError, KeyError, TypeError) as exc:
        if isinstance(exc, StateError) and row is None:
            raise
        raise StateError(
            f"table {table_id} could not be read from the database (its rows are damaged or were "
            f"changed by hand): {short_str(hide_passwords(str(exc)))}"
        ) from None
    table.version = row[11]
    return table
