"""Tables kept in a database: every accepted move is committed before anyone hears of it.

``TableStore`` is what the protocol needs of a store: the tables held in memory, created, loaded
and changed one transaction a request. ``Store`` keeps them in SQLite, the embedded default (one
server process a file); ``cardrules.serve.postgres.PostgresStore`` in PostgreSQL, which several
server processes may share (the postgres extra). ``cardrules.serve.stores.open_store`` picks one
from ``--db``.

A table is its game, config, deal (a seed the creator chose, or the server's committed seed and
salt, ``cardrules.serve.fairness``), seats (``"human"`` or a bot name), one secret token per human
seat that is held (the creator's seats from the start, any other once its invitation is claimed,
``Table.claim``), the string each human seat gave when it sat down, and its moves in order; the state is
rebuilt by replaying them, so a server killed at any moment and started again on the same database
resumes every table where its last committed move left it. A table with the server's seed is dealt
once every human seat has sat down.

What one request changes (a human's move and the bots' moves after it, or a new table and its
bots' opening moves) is one transaction. In SQLite the transactions that threads are committing at
the same moment share one ``COMMIT`` (group commit): one fsync answers many tables, and no reply is
sent before the fsync that holds its moves has returned (``synchronous=FULL``).
"""

from __future__ import annotations

import collections
import contextlib
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import attrs

from cardrules._reprs import short_str
from cardrules.bots import Bot
from cardrules.bots.loading import load_bot
from cardrules.errors import CardRulesError, ConfigError, StateError
from cardrules.registry import AnyGame, get_game
from cardrules.rng import derive_seed
from cardrules.serialization import dumps, loads
from cardrules.serve.fairness import Deal, deal_seed, new_deal
from cardrules.serve.limits import LimitError, Limits
from cardrules.serve.seating import BUILT_IN_BOTS, check_bot_name, make_bot
from cardrules.serve.sqlite_file import MEMORY, database_file, file_uri, hold
from cardrules.serve.thinking import Thinking
from cardrules.transcript import Transcript

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

_COLUMNS = "id, game, config, seed, seats, tokens, chosen, server_seed, salt, invitations, rematch_of"

_TWO63 = 2**63  # seeds from 2**63 on are stored less 2**64: SQLite's integers are signed 64-bit

_Row = tuple[str, tuple[Any, ...]]
"""A row to insert: the SQL table (``"tables"``, ``"claims"``, ``"seated"`` or ``"moves"``) and
its values."""

_FINISHED = 64  # finished tables kept in memory; an older one is replayed from the database

_CHUNK = 250  # rows an INSERT: 750 parameters, far below SQLite's limit of 32,766

_SEATS_KEPT = 4096  # tables not in memory whose seats are remembered (a few hundred bytes each)


@attrs.define
class Table:
    """One game being played: its rules, deal, seats, the tokens of the human seats that are
    held, the invitations of the others, the human seats that sat down, its moves, the current
    state (``None`` until dealt) and every event so far (the opening events first)."""

    id: str
    game: AnyGame
    config: Any
    deal: Deal
    seed: int | None  # the deal's seed: chosen, or made once every human seat sat down
    seats: list[str]
    tokens: dict[int, str]  # human seat -> its secret, for the seats held (made or claimed)
    invitations: dict[int, str] = attrs.Factory(dict)  # human seat -> the code that claims it once
    seated: dict[int, str] = attrs.Factory(dict)  # human seat -> the string it gave
    moves: list[Any] = attrs.Factory(list)
    state: Any = None
    events: list[object] = attrs.Factory(list)  # bare: a wrapper each would double the GC's work
    bots: dict[int, Bot] = attrs.Factory(dict)  # made when first asked for a move
    own_bots: Mapping[str, str] = attrs.Factory(dict)  # the server's own bots: name -> spec
    client: str = ""  # who created it, for the per-client caps (not stored)
    used: float = 0.0  # time.monotonic() of its last request, to unload it when idle
    lock: threading.Lock = attrs.Factory(threading.Lock)  # one request at a time at a table
    version: int = 0  # the changes committed (the PostgreSQL store checks it against the database's)
    rematch_of: str | None = None  # the finished table this one is the rematch of
    rematch: str | None = None  # this finished table's rematch, once known
    _encoded: list[str] = attrs.Factory(list)  # text, not parsed: the GC never walks a str

    @property
    def waiting(self) -> list[int]:
        """The human seats the deal still waits for (none once dealt)."""
        if self.state is not None:
            return []
        return [s for s, kind in enumerate(self.seats) if kind == "human" and s not in self.seated]

    def claim(self, seat: int) -> str:
        """Seat ``seat``'s invitation is claimed: a fresh token, which nobody has seen before,
        becomes the seat's (committed by the caller, inside ``Store.moving``). ``StateError`` if
        the seat is held already, whoever holds it."""
        if seat in self.tokens:
            raise StateError(
                f"seat {seat} at table {self.id} is taken: its invitation was claimed already, "
                "and a seat is claimed once"
            )
        token = self.tokens[seat] = secrets.token_urlsafe(16)
        return token

    def sit(self, seat: int, contribution: str) -> None:
        """Seat ``seat`` sits down with its string; the last one to sit deals (bots' opening
        moves are the caller's, inside ``Store.moving``). ``StateError`` if the table is a
        practice table, or the seat sat down already: a string given then would never be used."""
        if self.deal.chosen:
            raise StateError(
                f"table {self.id} is a practice table: its creator chose the seed and it was dealt "
                "at once, so nobody sits down with a string"
            )
        if seat in self.seated or self.state is not None:
            raise StateError(
                f"seat {seat} sat down at table {self.id} already, with its string: a seat sits once"
            )
        self.seated[seat] = contribution
        if not self.waiting:
            self.deal_now()

    def deal_now(self) -> None:
        """The seed from the server's part and every seat's string, then the deal."""
        if self.deal.server_seed is not None:
            self.seed = deal_seed(self.deal.server_seed, self.seated)
        self.start()

    def event_json(self, index: int) -> Any:
        """The ``dumps`` document of event ``index`` as JSON data; ``dumps`` runs once for every
        reply and seat that sends the event."""
        while len(self._encoded) <= index:
            self._encoded.append(dumps(self.events[len(self._encoded)]))
        return json.loads(self._encoded[index])

    def start(self) -> None:
        """The state and events from the seed and the moves (replayed, each checked)."""
        if self.seed is None:
            raise StateError(f"table {self.id} is not dealt yet: it waits for seats {self.waiting}")
        self.state = self.game.new_game(self.seed, self.config)
        self.events = list(self.game.opening_events(self.state))
        self._encoded = []
        moves, self.moves = self.moves, []
        for move in moves:
            self.advance(move)

    def advance(self, move: Any) -> None:
        """Apply ``move`` and record its events (``Store.moving`` commits it or takes it back)."""
        self.state, events = self.game.step(self.state, move)
        self.moves.append(move)
        self.events.extend(events)

    @property
    def over(self) -> bool:
        """Whether the game has ended (no move will ever change the table again)."""
        return self.state is not None and self.game.outcome(self.state) is not None

    @property
    def bot_to_act(self) -> int | None:
        """The seat of the bot to act; ``None`` when a human is to act, the deal waits or the
        game is over."""
        seat: int | None = None if self.state is None else self.state.to_act
        if seat is None or self.seats[seat] == "human" or self.seed is None:
            return None
        return seat

    def bot_move(self, thinking: Thinking | None = None) -> Any | None:
        """The move of the bot to act (chosen within ``thinking``'s budget, if given), or
        ``None`` when a human is to act, the deal waits or the game is over."""
        seat = self.bot_to_act
        if seat is None or self.seed is None:
            return None
        view, seed = self.game.view(self.state, seat), derive_seed(self.seed, 1, len(self.moves))
        search = None if thinking is None else thinking.search_of(self.seats[seat])
        if thinking is not None and search is not None:  # its worker makes the bot: none is made here
            return thinking.search(search, view, seed)
        bot = self.bots.get(seat)
        if bot is None:  # a bot this server no longer has fails here, not when the table loads
            bot = self.bots[seat] = self._make_bot(seat)
        return bot.choose(view, seed)

    def _make_bot(self, seat: int) -> Bot:
        kind = self.seats[seat]
        try:
            return make_bot(kind, self.own_bots)
        except ConfigError:
            raise ConfigError(
                f"seat {seat} of table {self.id} is the bot {kind!r}, which this server does not have: "
                f"start it with --bot {kind}=SPEC to play on"
            ) from None

    def run_bots(self, thinking: Thinking | None = None, most: int | None = None) -> None:
        """Bots move until a human is to act, the game is over or ``most`` moves were made (to
        be committed by the caller)."""
        made = 0
        while (most is None or made < most) and (move := self.bot_move(thinking)) is not None:
            self.advance(move)
            made += 1

    def transcript(self) -> Transcript:
        """The table's ``Transcript`` (seed included): ``StateError`` while it is not dealt."""
        if self.seed is None:
            raise StateError(f"table {self.id} is not dealt yet: it waits for seats {self.waiting}")
        return Transcript(
            game=self.game.NAME, seed=self.seed, config=self.config, deck=None, moves=tuple(self.moves)
        )

    @property
    def bots_only(self) -> bool:
        """Whether only bots sit at the table (nobody's move ever stops them)."""
        return "human" not in self.seats

    def mark(self) -> _Mark:
        """Where the table is now, to go back to if what follows is not committed."""
        return _Mark(
            state=self.state,
            seed=self.seed,
            held=tuple(self.tokens),
            seated=tuple(self.seated),
            moves=len(self.moves),
            events=len(self.events),
        )

    def restore(self, mark: _Mark) -> None:
        """Back to ``mark``: the seats and moves since are forgotten (states are immutable, so
        the state of then is the state to go back to)."""
        self.state, self.seed = mark.state, mark.seed
        for seat in [s for s in self.tokens if s not in mark.held]:
            del self.tokens[seat]
        for seat in [s for s in self.seated if s not in mark.seated]:
            del self.seated[seat]
        del self.moves[mark.moves :]
        del self.events[mark.events :]
        del self._encoded[mark.events :]


@attrs.frozen
class _Mark:
    state: Any
    seed: int | None
    held: tuple[int, ...]
    seated: tuple[int, ...]
    moves: int
    events: int


@attrs.define
class _Batch:
    """The rows of the threads committing at the same moment (a group each), inserted in one
    transaction, and the error of each group that could not be stored."""

    groups: list[list[_Row]] = attrs.Factory(list)
    done: bool = False
    errors: dict[int, BaseException] = attrs.Factory(dict)


class TableStore:
    """The tables of one database, loaded on first use and held in memory within ``limits``:
    what the protocol's ``Engine`` asks of a store, whichever database keeps the tables.
    ``bots`` maps the names of the server's own bots to their specs (``cardrules serve --bot``):
    each is loaded once here, so a spec that does not load is a ``ConfigError`` at start.

    A subclass keeps the rows: ``_load`` reads a table, ``_commit_rows`` stores what one request
    changed, ``refresh`` brings a table held in memory up to the database's (where other
    processes may change it), ``close`` lets go of the database."""

    def __init__(self, limits: Limits | None = None, bots: Mapping[str, str] | None = None) -> None:
        self.limits = Limits() if limits is None else limits
        self.bots = dict(bots or {})
        for name, spec in self.bots.items():
            check_bot_name(name)
            load_bot(spec)
        self.tables: dict[str, Table] = {}  # the tables still being played
        # Finished tables, the most recently used last: kept only a few, as every object held
        # makes each full garbage collection (a pause of every request) longer.
        self.finished: collections.OrderedDict[str, Table] = collections.OrderedDict()
        self.lock = threading.RLock()  # the loaded tables (and SQLite's connection), for server threads
        self._created: dict[str, collections.deque[float]] = {}  # client -> its last minute's tables
        self._swept = time.monotonic()
        # The seats of tables read by ``seats_of``, the last read last: seats never change, so
        # a table's are read once however often it leaves memory (its own lock: the store's is
        # held through SQLite's fsyncs).
        self._seats: dict[str, tuple[str, ...]] = {}
        self._seats_guard = threading.Lock()

    def close(self) -> None:
        """Close the database (everything is already committed)."""
        raise NotImplementedError

    def refresh(self, table: Table, *, reread: bool = False) -> bool:
        """Bring ``table`` (held by the caller) up to what the database holds, and whether it
        changed: another process may have moved it (``reread``: even one the store was not told
        of). The base store's database has no other process, so its copy in memory is the
        table: nothing to do."""
        return False

    def listen(self, changed: Callable[[str | None], object]) -> Callable[[], None] | None:
        """Call ``changed(table_id)`` (from another thread) each time another process changes a
        table, and ``changed(None)`` when changes may have been missed (every table may have
        changed); return what stops it. ``None``: the database has no other process (SQLite's
        store: the process that changes a table tells its own watchers)."""
        return None

    def create(
        self,
        game_name: object,
        config: Any,
        seed: int | None,
        seats: list[str],
        client: str = "",
        opening: Callable[[Table], None] = Table.run_bots,
        held: tuple[int, ...] | None = None,
        rematch_of: str | None = None,
    ) -> Table:
        """A new table, committed with its tokens and invitations (and, if it is dealt at once,
        its bots' opening moves) in one transaction before it is returned. ``seed``: the
        creator's (a practice table, dealt at once), or ``None`` for the server's committed seed
        (dealt when every human seat has sat down). ``held``: the human seats the creator takes
        (a token each; every other human seat gets an invitation; ``None``: every human seat).
        ``opening`` makes the bots' opening moves of a table dealt at once. ``rematch_of``: the
        finished table it is the rematch of (``StateError`` if that one has a rematch already).
        ``LimitError`` if ``client`` is over a cap."""
        game = get_game(game_name)  # type: ignore[arg-type]  # get_game checks and names the games
        humans = [s for s, kind in enumerate(seats) if kind == "human"]
        mine = humans if held is None else [s for s in humans if s in held]
        tokens = {s: secrets.token_urlsafe(16) for s in mine}
        invitations = {s: secrets.token_urlsafe(16) for s in humans if s not in tokens}
        deal = Deal(True) if seed is not None else new_deal()
        table = Table(
            secrets.token_hex(6),
            game,
            config,
            deal,
            seed,
            seats,
            tokens,
            invitations,
            client=client,
            own_bots=self.bots,
            rematch_of=rematch_of,
        )
        table.used = time.monotonic()
        self._admit(client)
        if seed is not None or not humans:
            table.deal_now()
            opening(table)  # nobody else can reach the table before it is registered below
        stored_seed = 0 if seed is None else (seed - 2**64 if seed >= _TWO63 else seed)
        row = (
            table.id,
            game.NAME,
            dumps(config),
            stored_seed,
            json.dumps(seats),
            json.dumps(tokens),
            int(deal.chosen),
            deal.server_seed,
            deal.salt,
            json.dumps(invitations),
            rematch_of,
        )
        self._commit_rows([("tables", row), *_move_rows(table, 0)], table, None)
        self._keep(table)
        return table

    def seats_known(self, table_id: str) -> tuple[str, ...] | None:
        """The seats of table ``table_id`` if this process knows them without asking the
        database (a table held in memory, or one ``seats_of`` read), else ``None``. Never waits:
        the event loop may ask."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return tuple(table.seats)
        return self._seats.get(table_id)

    def seats_of(self, table_id: str) -> tuple[str, ...] | None:
        """The seats of table ``table_id`` as the database holds them (``"human"`` or a bot's
        name each; they never change once the table is made), whether or not the table is in
        memory; ``None`` if there is no such table or it cannot be read. The database is read
        only for a table whose seats are not known (``seats_known``), and only its seats."""
        known = self.seats_known(table_id)
        if known is not None:
            return known
        seats = self._read_seats(table_id)
        if seats is not None:
            with self._seats_guard:
                self._seats[table_id] = seats
                while len(self._seats) > _SEATS_KEPT:
                    del self._seats[next(iter(self._seats))]
        return seats

    def _read_seats(self, table_id: str) -> tuple[str, ...] | None:
        """The seats of a table's row, ``None`` if there is none or it cannot be read. This
        one loads the whole table; a subclass reads only the seats."""
        try:
            return tuple(self._load(table_id).seats)
        except StateError:
            return None

    def get(self, table_id: object) -> Table:
        """A table by id; ``StateError`` if there is none."""
        if type(table_id) is not str:
            raise StateError(f"a table id is a string, got {short_str(json.dumps(table_id))}")
        table = self.tables.get(table_id)  # a loaded table needs no lock: never wait for an fsync
        if table is None:
            with self.lock:
                table = self.tables.get(table_id) or self.finished.get(table_id)
            if table is None:
                loaded = self._load(table_id)  # not under the lock: other tables need not wait
                with self.lock:  # another thread may have loaded it meanwhile: one copy a table
                    table = self.tables.get(table_id) or self.finished.get(table_id) or loaded
            self._keep(table)
        table.used = time.monotonic()
        return table

    @contextlib.contextmanager
    def moving(self, table: Table) -> Iterator[None]:
        """The seats claimed and sat down and the moves made at ``table`` inside the block (the
        caller holds the table) are committed together when it ends; if anything fails, none is
        and the table is back where it was."""
        mark = table.mark()
        try:
            yield
            claims = [("claims", (table.id, s, t)) for s, t in table.tokens.items() if s not in mark.held]
            seated = [("seated", (table.id, s, c)) for s, c in table.seated.items() if s not in mark.seated]
            rows = [*claims, *seated, *_move_rows(table, mark.moves)]
            if rows:
                self._commit_rows(rows, table, table.version)
                table.version += 1
        except BaseException:
            table.restore(mark)
            raise
        if table.over:
            self._keep(table)

    def rematch(self, table: Table, *, reread: bool = False) -> str | None:
        """The id of the finished ``table``'s rematch, ``None`` if it has none (yet). SQLite's
        store has one process: what it read when it loaded the table, or made since; ``reread``:
        read from the database if none is known (a rematch made through another copy of the
        table, which was loaded again after it left memory while a request still held it)."""
        if reread and table.rematch is None and table.over:
            table.rematch = self._read_rematch(table.id)
        return table.rematch

    def _read_rematch(self, table_id: str) -> str | None:
        """The id of the rematch of ``table_id`` as the database holds it, ``None`` if none."""
        return None

    def announce(self, table: Table) -> None:
        """Tell the other processes that ``table`` changed without a move (its rematch was made),
        so that they push it to their watchers. SQLite's store has no other process."""

    def _commit_rows(self, rows: list[_Row], table: Table, version: int | None) -> None:
        """Store ``rows`` in one transaction, durable when this returns: the rows of a new
        ``table`` (``version`` ``None``), or what changed at a table whose committed changes
        were ``version``. ``StateError`` if they could not be stored."""
        raise NotImplementedError

    def _load(self, table_id: str) -> Table:
        """A table from the database, replayed; ``StateError`` if there is none."""
        raise NotImplementedError

    def _admit(self, client: str) -> None:
        """Room for one more table from ``client``, or ``LimitError`` naming the cap."""
        limits, now = self.limits, time.monotonic()
        with self.lock:
            self.unload_idle(full=limits.max_tables is not None and len(self.tables) >= limits.max_tables)
            if limits.max_tables is not None and len(self.tables) >= limits.max_tables:
                raise LimitError(
                    f"the server holds its maximum of {limits.max_tables:,} tables; try again later"
                )
            if limits.max_tables_per_client is not None:
                mine = sum(1 for t in self.tables.values() if t.client == client)
                if mine >= limits.max_tables_per_client:
                    raise LimitError(
                        f"you have {mine} tables being played, the most one address may have; "
                        "finish one or let it idle out"
                    )
            if limits.new_per_minute is not None:
                times = self._created.setdefault(client, collections.deque())
                while times and now - times[0] >= 60.0:
                    times.popleft()
                if len(times) >= limits.new_per_minute:
                    raise LimitError(
                        f"an address may create {limits.new_per_minute} tables a minute; "
                        f"try again in {60.0 - (now - times[0]):.0f} s"
                    )
                times.append(now)

    def unload_idle(self, full: bool = False) -> None:
        """Unload the tables idle for ``limits.idle_seconds`` (not one a request holds), and
        forget the clients that created no table in the last minute; at most once a minute
        (or as often as tables idle out) unless the store is ``full``."""
        now = time.monotonic()
        if not full and now - self._swept <= min(60.0, self.limits.idle_seconds):
            return
        with self.lock:
            self._sweep(now)

    def _sweep(self, now: float) -> None:
        self._swept = now
        for table in list(self.tables.values()):
            if now - table.used >= self.limits.idle_seconds and not table.lock.locked():
                del self.tables[table.id]
        for client in [c for c, times in self._created.items() if not times or now - times[-1] >= 60.0]:
            del self._created[client]

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


class Store(TableStore):
    """The tables of a SQLite database (a file, or ``":memory:"``), loaded on first use, held in
    memory within ``limits``. One server a file: a second ``Store`` on the same file is refused.
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
        return None if row is None else _seats_from_json(row[0])

    def _commit_rows(self, rows: list[_Row], table: Table, version: int | None) -> None:
        self._commit(rows)  # one process a file: the table in memory is the table, no version to check

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
        except Exception:  # not only sqlite3.Error: a value SQLite cannot bind raises OverflowError
            for member, group in enumerate(batch.groups):
                try:
                    self._write(group)
                except Exception as exc:
                    batch.errors[member] = exc

    def _write(self, rows: list[_Row]) -> None:
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
        row = db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
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
    table = _rebuilt(row, claimed, seated, moves)
    rematch = db.execute("SELECT id FROM tables WHERE rematch_of = ?", (row[0],)).fetchone()
    table.rematch = None if rematch is None else rematch[0]
    return table


def _rebuilt(
    row: tuple[Any, ...], claimed: dict[int, str], seated: dict[int, str], moves: list[str]
) -> Table:
    """A table from its row of ``_COLUMNS``, the tokens of the seats claimed since it was made,
    its seats' strings and its moves (as stored), dealt and replayed if it can be."""
    table_id, game_name, config, seed, seats, tokens, chosen, server_seed, salt, invitations, rematch_of = row
    game = get_game(game_name)
    held = {int(s): t for s, t in json.loads(tokens).items()}
    deal = Deal(bool(chosen), server_seed, salt)
    chosen_seed = seed + 2**64 if seed < 0 else seed
    table = Table(
        table_id,
        game,
        loads(config),
        deal,
        chosen_seed if chosen else None,
        json.loads(seats),
        {**held, **claimed},
        {int(s): code for s, code in json.loads(invitations).items()},
        rematch_of=rematch_of,
    )
    table.seated, table.moves = seated, [loads(text) for text in moves]
    if deal.chosen or not table.waiting:
        table.deal_now()
    return table


_URL_PASSWORD = re.compile(r"(postgres(?:ql)?://[^:/@\s\"']*:)[^@\s\"']*@", re.IGNORECASE)
_PAIR_PASSWORD = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&\"']+)", re.IGNORECASE)


def hide_passwords(text: str) -> str:
    """``text`` (a database driver's message, say) with every password of a PostgreSQL URL or a
    ``password=`` setting in it written ``***``: a message may quote the URL it could not use."""
    return _PAIR_PASSWORD.sub(r"\1***", _URL_PASSWORD.sub(r"\1***@", text))


def _seats_from_json(text: object) -> tuple[str, ...] | None:
    """A row's ``seats`` column read: its names, or ``None`` if it is not a JSON list of strings
    (a row damaged or changed by hand)."""
    try:
        seats = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
        return None
    return tuple(seats)


def shown_db(db: str) -> str:
    """``--db`` as messages and logs show it: a PostgreSQL URL without its password."""
    if not db.startswith(("postgresql://", "postgres://")):
        return db
    try:
        parts = urlsplit(db)
        pairs = parse_qsl(parts.query, keep_blank_values=True)
        if parts.password is None and all(key != "password" for key, _ in pairs):
            return db
        netloc = parts.netloc
        if parts.password is not None:
            netloc = f"{parts.username or ''}:***@{netloc.rsplit('@', 1)[1]}"
        query = "&".join(f"{key}=***" if key == "password" else f"{key}={value}" for key, value in pairs)
        shown = f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")
        return shown + (f"#{parts.fragment}" if parts.fragment else "")
    except ValueError:
        return "(a PostgreSQL URL that does not parse)"


def stored_transcript(path: str, table_id: str) -> Any:
    """The ``Transcript`` of a table as its server's SQLite database holds it now (seed included,
    even mid-game): for the server's operator and tests, read without taking the database from
    the server that runs on it. ``StateError`` if the table is not dealt or not there.
    (``cardrules.serve.stores.stored_transcript`` reads a PostgreSQL database too.)"""
    db = sqlite3.connect(file_uri(database_file(path), read_only=True), uri=True)
    try:
        table = _read_table(db, path, table_id)
    finally:
        db.close()
    return table.transcript()


def _move_rows(table: Table, start: int) -> list[_Row]:
    """The rows of the table's moves from number ``start`` on."""
    return [
        ("moves", (table.id, number, dumps(move))) for number, move in enumerate(table.moves[start:], start)
    ]


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
        # move; group commit (``Store._commit``) is what keeps that affordable under load.
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
            db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchall()
            db.execute("SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)).fetchall()
        except sqlite3.Error:
            bad.append(table_id)
    return bad
