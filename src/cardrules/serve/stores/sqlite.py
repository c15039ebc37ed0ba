"""Tables kept in SQLite (``cardrules serve --db FILE``, the embedded default): ``SQLiteStore``.

One server process a file: the file is held while the store is open (``_file_lock``). The
transactions that threads are committing at the same moment share one ``COMMIT`` (group commit):
one fsync answers many tables, and no reply is sent before the fsync that holds its moves has
returned (``synchronous=FULL``). An older database gains the columns and tables it lacks when it
is opened (the ``reviews`` of finished games, kept with their tables, came last).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules._reprs import short_str
from cardrules.errors import CardRulesError, ConfigError, StateError
from cardrules.serve.limits import Limits
from cardrules.serve.stores._file_lock import hold
from cardrules.serve.stores.base import COLUMNS, Row, TableStore, rebuilt_table, seats_from_json
from cardrules.serve.stores.urls import MEMORY, database_file, file_uri
from cardrules.serve.table import Table

__all__ = ["SQLiteStore", "read_table"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    chosen INTEGER NOT NULL DEFAULT 1,
    server_seed TEXT,
    salt TEXT,
    invitations TEXT NOT NULL DEFAULT '{}',
    rematch_of TEXT
);
CREATE TABLE IF NOT EXISTS claims (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS seated (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    contribution TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, review TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
"""

# Columns an older database lacks: before provably fair deals (its tables' seeds were all
# chosen), and before invitations (its tables held a token for every human seat from the start).
_ADDED_COLUMNS = (
    "chosen INTEGER NOT NULL DEFAULT 1",
    "server_seed TEXT",
    "salt TEXT",
    "invitations TEXT NOT NULL DEFAULT '{}'",
    "rematch_of TEXT",
)

# One rematch a table (a second, made at the same moment elsewhere, is refused by the database).
_REMATCH_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS tables_rematch_of ON tables (rematch_of)"

_CHUNK = 250  # rows an INSERT: 750 parameters, far below SQLite's limit of 32,766


@attrs.define
class _Batch:
    """The rows of the threads committing at the same moment (a group each), inserted in one
    transaction, and the error of each group that could not be stored."""

    groups: list[list[Row]] = attrs.Factory(list)
    done: bool = False
    errors: dict[int, BaseException] = attrs.Factory(dict)


class SQLiteStore(TableStore):
    """The tables of a SQLite database (a file, or ``":memory:"``), loaded on first use, held in
    memory within ``limits``. One server a file: a second ``SQLiteStore`` on the same file is refused.
    ``bots`` maps the names of the server's own bots to their specs (``cardrules serve --bot``):
    each is loaded once here, so a spec that does not load is a ``ConfigError`` at start."""

    def __init__(
        self, path: str, limits: Limits | None = None, bots: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(limits, bots)
        self.path = path
        self.file = database_file(path)
        self._hold = hold(self.file)
        try:
            self.db = _open(self.file, path)
        except BaseException:
            if self._hold is not None:
                self._hold.release()
            raise
        self._batches = threading.Condition()
        self._open = _Batch()  # the batch a thread that commits now joins
        self._writing = False  # a thread is committing a batch (the others wait for the next)

    def close(self) -> None:
        """Close the database (everything is already committed) and let another server have it."""
        self.db.close()
        if self._hold is not None:
            self._hold.release()

    def _load(self, table_id: str) -> Table:
        """A table from the database, replayed (under the lock: one connection for every thread)."""
        with self.lock:
            table = _read_table(self.db, self.path, table_id)
        table.own_bots = self.bots
        return table

    def _read_rematch(self, table_id: str) -> str | None:
        try:
            with self.lock:
                row = self.db.execute("SELECT id FROM tables WHERE rematch_of = ?", (table_id,)).fetchone()
        except sqlite3.Error as exc:
            raise StateError(f"table {table_id} could not be read: {short_str(exc)}") from None
        return None if row is None else str(row[0])

    def _read_seats(self, table_id: str) -> tuple[str, ...] | None:
        try:
            with self.lock:
                row = self.db.execute("SELECT seats FROM tables WHERE id = ?", (table_id,)).fetchone()
        except (sqlite3.Error, ValueError):  # ValueError: an id SQLite cannot take (a lone surrogate)
            return None
        return None if row is None else seats_from_json(row[0])

    def stored_review(self, table_id: str, seat: int) -> str | None:
        try:
            with self.lock:
                row = self.db.execute(
                    "SELECT review FROM reviews WHERE table_id = ? AND seat = ?", (table_id, seat)
                ).fetchone()
        except sqlite3.Error as exc:
            raise StateError(f"table {table_id}'s review could not be read: {short_str(exc)}") from None
        return None if row is None else str(row[0])

    def keep_review(self, table_id: str, seat: int, text: str) -> None:
        try:
            with self.lock:  # one statement: its own transaction, between the batches' (same lock)
                self.db.execute("INSERT OR IGNORE INTO reviews VALUES (?, ?, ?)", (table_id, seat, text))
        except sqlite3.Error as exc:
            raise StateError(f"table {table_id}'s review could not be stored: {short_str(exc)}") from None

    def _commit_rows(self, rows: list[Row], table: Table, version: int | None) -> None:
        self._commit(rows)  # one process a file: the table in memory is the table, no version to check

    def _commit(self, rows: list[Row]) -> None:
        """Insert ``rows`` in a transaction and return once it is durable. A thread that
        arrives while another is committing joins the next batch; the first of that batch to
        find the connection free commits all of it, so one fsync serves every thread waiting."""
        with self._batches:
            batch = self._open
            member = len(batch.groups)
            batch.groups.append(rows)
            while self._writing and not batch.done:
                self._batches.wait()
            if not batch.done:
                self._writing, self._open = True, _Batch()
        if not batch.done:
            try:
                self._write_batch(batch)
            except BaseException as exc:  # none of the batch is known to be stored
                batch.errors.update(dict.fromkeys(range(len(batch.groups)), exc))
                raise
            finally:
                with self._batches:
                    batch.done, self._writing = True, False
                    self._batches.notify_all()
        error = batch.errors.get(member)
        if error is not None:
            raise StateError(f"the table's moves could not be stored: {short_str(error)}") from error

    def _write_batch(self, batch: _Batch) -> None:
        """All the batch's groups in one transaction; if that fails, each in its own, so that
        one table's failure never touches another's moves."""
        try:
            self._write([row for group in batch.groups for row in group])
        except Exception:  # not only sqlite3.Error: a value SQLite cannot bind raises OverflowError
            for member, group in enumerate(batch.groups):
                try:
                    self._write(group)
                except Exception as exc:
                    batch.errors[member] = exc

    def _write(self, rows: list[Row]) -> None:
        """``BEGIN IMMEDIATE``, an ``INSERT`` of a few hundred rows at a time, ``COMMIT``
        (``ROLLBACK`` on an error), holding the store's lock so that server threads never
        interleave on the one connection: durable when it ends. Few statements, because each
        call into SQLite lets go of the GIL and may wait a whole switch interval to get it back."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for kind in ("tables", "claims", "seated", "moves"):
                    values = [v for k, v in rows if k == kind]
                    for start in range(0, len(values), _CHUNK):
                        chunk = values[start : start + _CHUNK]
                        marks = ", ".join([f"({', '.join('?' * len(chunk[0]))})"] * len(chunk))
                        self.db.execute(f"INSERT INTO {kind} VALUES {marks}", [x for v in chunk for x in v])
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise


def _read_table(db: sqlite3.Connection, path: str, table_id: str) -> Table:
    """A table from the database, replayed; ``StateError`` if there is none or its rows
    cannot be read."""
    row = None
    try:
        row = db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise StateError(f"no table {short_str(json.dumps(table_id))}")
        return _replayed(db, row)
    except (sqlite3.Error, CardRulesError, ValueError, KeyError, TypeError) as exc:
        if isinstance(exc, StateError) and row is None:
            raise
        raise StateError(
            f"table {table_id} could not be read from {path} (the file is damaged or was "
            f"changed by hand): {short_str(exc)}"
        ) from None


def _replayed(db: sqlite3.Connection, row: tuple[Any, ...]) -> Table:
    moves = [
        text for (text,) in db.execute("SELECT move FROM moves WHERE table_id = ? ORDER BY number", (row[0],))
    ]
    claimed = dict(db.execute("SELECT seat, token FROM claims WHERE table_id = ?", (row[0],)))
    seated = dict(db.execute("SELECT seat, contribution FROM seated WHERE table_id = ?", (row[0],)))
    table = rebuilt_table(row, claimed, seated, moves)
    rematch = db.execute("SELECT id FROM tables WHERE rematch_of = ?", (row[0],)).fetchone()
    table.rematch = None if rematch is None else rematch[0]
    return table


def read_table(path: str, table_id: str) -> Table:
    """A table as the SQLite database ``path`` (a ``--db`` file) holds it now, replayed: for the
    server's operator and tests (``cardrules.serve.stores.stored_transcript``), read without
    taking the database from the server that runs on it. ``StateError`` if there is none or its
    rows cannot be read."""
    db = sqlite3.connect(file_uri(database_file(path), read_only=True), uri=True)
    try:
        return _read_table(db, path, table_id)
    finally:
        db.close()


def _open(file: str, path: str) -> sqlite3.Connection:
    """The database in ``file`` (``--db`` named it ``path``) with the current schema (an older
    one gains its new columns); ``ConfigError`` naming it if it cannot be opened, is no database
    of tables or is damaged."""
    try:
        db = sqlite3.connect(file_uri(file), uri=True, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise ConfigError(f"cannot open --db {short_str(path)} as a SQLite database: {exc}") from None
    try:
        db.execute("PRAGMA journal_mode=WAL" if file != MEMORY else "PRAGMA journal_mode=MEMORY")
        # FULL: a COMMIT returns once the WAL is fsynced, so even a power cut loses no answered
        # move; group commit (``SQLiteStore._commit``) is what keeps that affordable under load.
        db.execute("PRAGMA synchronous=FULL")
        db.executescript(_SCHEMA)
        have = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
        for column in _ADDED_COLUMNS:
            if column.split()[0] not in have:
                db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
        db.execute(_REMATCH_INDEX)
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
    except sqlite3.Error as exc:
        db.close()
        raise ConfigError(f"{path} is not a cardrules tables database, or it is damaged: {exc}") from None
    if problems != ["ok"]:
        unreadable = _unreadable_tables(db)
        db.close()
        raise ConfigError(
            f"{path} is damaged ({short_str('; '.join(problems))}); "
            + (f"tables that cannot be read: {', '.join(unreadable)}; " if unreadable else "")
            + f'keep a copy, then try: sqlite3 {path} ".recover" | sqlite3 recovered.db'
        )
    return db


def _unreadable_tables(db: sqlite3.Connection) -> list[str]:
    """The ids of the tables whose rows cannot all be read from a damaged database."""
    try:
        ids = [row[0] for row in db.execute("SELECT id FROM tables")]
    except sqlite3.Error:
        return ["(the list of tables itself)"]
    bad = []
    for table_id in ids:
        try:
            db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchall()
            db.execute("SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)).fetchall()
        except sqlite3.Error:
            bad.append(table_id)
    return bad
