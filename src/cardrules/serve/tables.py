"""Tables kept in SQLite: every accepted move is committed before anyone hears of it.

A table is its game, config, seed and seats (``"human"`` or a bot name), one secret token per human
seat, and its moves in order; the state is rebuilt by replaying them, so a server killed at any
moment and started again on the same database resumes every table where its last committed move
left it.

What one request changes (a human's move and the bots' moves after it, or a new table and its
bots' opening moves) is one transaction, and the transactions that threads are committing at the
same moment share one ``COMMIT`` (group commit): one fsync answers many tables, and no reply is
sent before the fsync that holds its moves has returned (``synchronous=FULL``).
"""

from __future__ import annotations

import collections
import contextlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import attrs

from cardrules._reprs import short_str
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame, get_game
from cardrules.rng import derive_seed
from cardrules.serialization import dumps, loads

__all__ = ["Store", "Table", "make_bot"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""

_MAX_ISMCTS = 100_000

_Row = tuple[str, tuple[Any, ...]]
"""A row to insert: the SQL table (``"tables"`` or ``"moves"``) and its values."""

_FINISHED = 64  # finished tables kept in memory; an older one is replayed from the database

_CHUNK = 250  # rows an INSERT: 750 parameters, far below SQLite's limit of 32,766


def make_bot(name: object) -> Bot:
    """A bot by its seat name: ``"random"``, ``"heuristic"``, ``"ismcts"`` or ``"ismcts:500"``
    (iterations a decision). ``ConfigError`` names the choices otherwise."""
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return HeuristicBot()
    if isinstance(name, str) and (name == "ismcts" or name.startswith("ismcts:")):
        count = name.partition(":")[2] or "1000"
        if count.isdigit() and 1 <= int(count) <= _MAX_ISMCTS:
            return ISMCTSBot(iterations=int(count))
    raise ConfigError(
        f"a seat is 'human', 'random', 'heuristic' or 'ismcts[:iterations]' (1 to {_MAX_ISMCTS:,}), "
        f"got {json.dumps(name)[:60]}"
    )


@attrs.define
class Table:
    """One game being played: its rules, seats, tokens, moves, the current state and every event
    so far (the opening events first)."""

    id: str
    game: AnyGame
    config: Any
    seed: int
    seats: list[str]
    tokens: dict[int, str]
    moves: list[Any] = attrs.Factory(list)
    state: Any = None
    events: list[object] = attrs.Factory(list)  # bare: a wrapper each would double the GC's work
    bots: dict[int, Bot] = attrs.Factory(dict)
    _encoded: list[str] = attrs.Factory(list)  # text, not parsed: the GC never walks a str

    def event_json(self, index: int) -> Any:
        """The ``dumps`` document of event ``index`` as JSON data; ``dumps`` runs once for every
        reply and seat that sends the event."""
        while len(self._encoded) <= index:
            self._encoded.append(dumps(self.events[len(self._encoded)]))
        return json.loads(self._encoded[index])

    def start(self) -> None:
        """The state and events from the seed and the moves (replayed, each checked)."""
        self.state = self.game.new_game(self.seed, self.config)
        self.events = list(self.game.opening_events(self.state))
        self._encoded = []
        moves, self.moves = self.moves, []
        for move in moves:
            self.advance(move)
        self.bots = {s: make_bot(kind) for s, kind in enumerate(self.seats) if kind != "human"}

    def advance(self, move: Any) -> None:
        """Apply ``move`` and record its events (``Store.moving`` commits it or takes it back)."""
        self.state, events = self.game.step(self.state, move)
        self.moves.append(move)
        self.events.extend(events)

    @property
    def over(self) -> bool:
        """Whether the game has ended (no move will ever change the table again)."""
        return self.game.outcome(self.state) is not None

    def bot_move(self) -> Any | None:
        """The move of the bot to act, or ``None`` when a human is to act or the game is over."""
        seat = self.state.to_act
        if seat is None or seat not in self.bots:
            return None
        view = self.game.view(self.state, seat)
        return self.bots[seat].choose(view, derive_seed(self.seed, 1, len(self.moves)))

    def run_bots(self) -> None:
        """Bots move until a human is to act or the game is over (to be committed by the caller)."""
        while (move := self.bot_move()) is not None:
            self.advance(move)

    def mark(self) -> _Mark:
        """Where the table is now, to go back to if what follows is not committed."""
        return _Mark(self.state, len(self.moves), len(self.events))

    def restore(self, mark: _Mark) -> None:
        """Back to ``mark``: the moves made since are forgotten (states are immutable, so the
        state of then is the state to go back to)."""
        self.state = mark.state
        del self.moves[mark.moves :]
        del self.events[mark.events :]
        del self._encoded[mark.events :]


@attrs.frozen
class _Mark:
    state: Any
    moves: int
    events: int


@attrs.define
class _Batch:
    """The rows of the threads committing at the same moment (a group each), inserted in one
    transaction, and the error of each group that could not be stored."""

    groups: list[list[_Row]] = attrs.Factory(list)
    done: bool = False
    errors: dict[int, BaseException] = attrs.Factory(dict)


class Store:
    """The tables of a SQLite database (a file, or ``":memory:"``), loaded on first use."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL" if path != ":memory:" else "PRAGMA journal_mode=MEMORY")
        # FULL: a COMMIT returns once the WAL is fsynced, so even a power cut loses no answered
        # move; group commit (``_commit``) is what keeps that affordable under load.
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(_SCHEMA)
        self.tables: dict[str, Table] = {}  # the tables still being played
        # Finished tables, the most recently used last: kept only a few, as every object held
        # makes each full garbage collection (a pause of every request) longer.
        self.finished: collections.OrderedDict[str, Table] = collections.OrderedDict()
        self.lock = threading.RLock()  # the connection and the loaded tables, for server threads
        self._batches = threading.Condition()
        self._open = _Batch()  # the batch a thread that commits now joins
        self._writing = False  # a thread is committing a batch (the others wait for the next)

    def close(self) -> None:
        """Close the database (everything is already committed)."""
        self.db.close()

    def create(self, game_name: object, config: Any, seed: int, seats: list[str]) -> Table:
        """A new table after its bots' opening moves, committed with its tokens and those moves
        in one transaction before it is returned."""
        game = get_game(game_name)  # type: ignore[arg-type]  # get_game checks and names the games
        tokens = {s: secrets.token_urlsafe(16) for s, kind in enumerate(seats) if kind == "human"}
        table = Table(secrets.token_hex(6), game, config, seed, seats, tokens)
        table.start()
        table.run_bots()  # nobody else can reach the table before it is registered below
        row = (table.id, game.NAME, dumps(config), seed, json.dumps(seats), json.dumps(tokens))
        self._commit([("tables", row), *_move_rows(table, 0)])
        self._keep(table)
        return table

    def get(self, table_id: object) -> Table:
        """A table by id; ``StateError`` if there is none."""
        if type(table_id) is not str:
            raise StateError(f"a table id is a string, got {json.dumps(table_id)[:40]}")
        table = self.tables.get(table_id)  # a loaded table needs no lock: never wait for an fsync
        if table is not None:
            return table
        with self.lock:
            table = self.tables.get(table_id) or self.finished.get(table_id)
            if table is None:
                row = self.db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
                if row is None:
                    raise StateError(f"no table {json.dumps(table_id)[:40]}")
                table = self._load(row)
            self._keep(table)
            return table

    @contextlib.contextmanager
    def moving(self, table: Table) -> Iterator[None]:
        """The moves made at ``table`` inside the block (the caller holds the table) are committed
        together when it ends; if anything fails, none is and the table is back where it was."""
        mark = table.mark()
        try:
            yield
            self._commit(_move_rows(table, mark.moves))
        except BaseException:
            table.restore(mark)
            raise
        if table.over:
            self._keep(table)

    def _keep(self, table: Table) -> None:
        """Hold ``table`` in memory: every table being played, and the last finished ones."""
        with self.lock:
            if not table.over:
                self.tables[table.id] = table
                return
            self.tables.pop(table.id, None)
            self.finished[table.id] = table
            self.finished.move_to_end(table.id)
            while len(self.finished) > _FINISHED:
                self.finished.popitem(last=False)

    def _load(self, row: tuple[Any, ...]) -> Table:
        table_id, game_name, config, seed, seats, tokens = row
        moves = [
            loads(text)
            for (text,) in self.db.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
            )
        ]
        game = get_game(game_name)
        held = {int(s): t for s, t in json.loads(tokens).items()}
        table = Table(table_id, game, loads(config), seed, json.loads(seats), held, moves)
        table.start()
        return table

    def _commit(self, rows: list[_Row]) -> None:
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
        except sqlite3.Error:
            for member, group in enumerate(batch.groups):
                try:
                    self._write(group)
                except sqlite3.Error as exc:
                    batch.errors[member] = exc

    def _write(self, rows: list[_Row]) -> None:
        """``BEGIN IMMEDIATE``, an ``INSERT`` of a few hundred rows at a time, ``COMMIT``
        (``ROLLBACK`` on an error), holding the store's lock so that server threads never
        interleave on the one connection: durable when it ends. Few statements, because each
        call into SQLite lets go of the GIL and may wait a whole switch interval to get it back."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for kind in ("tables", "moves"):
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


def _move_rows(table: Table, start: int) -> list[_Row]:
    """The rows of the table's moves from number ``start`` on."""
    return [
        ("moves", (table.id, number, dumps(move))) for number, move in enumerate(table.moves[start:], start)
    ]
