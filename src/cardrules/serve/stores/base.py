"""What every store of tables is: ``TableStore``, and the rows both databases keep.

``TableStore`` is what the protocol needs of a store: the tables held in memory, created, loaded
and changed one transaction a request. What one request changes (a human's move and the bots'
moves after it, or a new table and its bots' opening moves) is one transaction, committed before
anyone hears of it. A subclass keeps the rows in a database: ``SQLiteStore``
(``cardrules.serve.stores.sqlite``, the embedded default, one server process a file) or
``PostgresStore`` (``cardrules.serve.stores.postgres``, several processes may share it; the postgres
extra). Both keep the same rows (``Row``: a table's row of ``COLUMNS``, its claims, its seats'
strings and its moves) and rebuild a table from them the same way (``rebuilt_table``).
"""

from __future__ import annotations

import collections
import contextlib
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from cardrules._reprs import short_str
from cardrules.bots.loading import load_bot
from cardrules.errors import StateError
from cardrules.registry import get_game
from cardrules.serialization import dumps, loads
from cardrules.serve.fairness import Deal, new_deal
from cardrules.serve.limits import LimitError, Limits
from cardrules.serve.seating import check_bot_name
from cardrules.serve.table import Table

__all__ = ["COLUMNS", "Row", "TableStore", "rebuilt_table", "seats_from_json"]

COLUMNS = "id, game, config, seed, seats, tokens, chosen, server_seed, salt, invitations, rematch_of"
"""The columns of a table's row, in the order ``rebuilt_table`` reads them (both databases)."""

Row = tuple[str, tuple[Any, ...]]
"""A row to insert: the SQL table (``"tables"``, ``"claims"``, ``"seated"`` or ``"moves"``) and
its values."""

_TWO63 = 2**63  # seeds from 2**63 on are stored less 2**64: both databases' integers are signed 64-bit

_FINISHED = 64  # finished tables kept in memory; an older one is replayed from the database

_SEATS_KEPT = 4096  # tables not in memory whose seats are remembered (a few hundred bytes each)

_REVIEWS_KEPT = 64  # reviews the base store keeps in memory (a database keeps every one)


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
        self._reviews: dict[tuple[str, int], str] = {}  # the base store's reviews (its guard: the seats')

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

    def stored_review(self, table_id: str, seat: int) -> str | None:
        """The review of ``seat``'s decisions at the finished table ``table_id`` as kept by
        ``keep_review`` (its JSON text), ``None`` if none is. This one keeps the last few in
        memory; a subclass keeps them in its database, with the table."""
        with self._seats_guard:
            return self._reviews.get((table_id, seat))

    def keep_review(self, table_id: str, seat: int, text: str) -> None:
        """Keep the review of ``seat``'s decisions at the finished table ``table_id`` (the JSON
        text of ``cardrules.review.to_json``): a second request for it is answered from here.
        The first one kept stays (a review is the same whoever computes it)."""
        with self._seats_guard:
            self._reviews.setdefault((table_id, seat), text)
            while len(self._reviews) > _REVIEWS_KEPT:
                del self._reviews[next(iter(self._reviews))]

    def announce(self, table: Table) -> None:
        """Tell the other processes that ``table`` changed without a move (its rematch was made),
        so that they push it to their watchers. SQLite's store has no other process."""

    def _commit_rows(self, rows: list[Row], table: Table, version: int | None) -> None:
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


def rebuilt_table(
    row: tuple[Any, ...], claimed: dict[int, str], seated: dict[int, str], moves: list[str]
) -> Table:
    """A table from its row of ``COLUMNS``, the tokens of the seats claimed since it was made,
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


def seats_from_json(text: object) -> tuple[str, ...] | None:
    """A row's ``seats`` column read: its names, or ``None`` if it is not a JSON list of strings
    (a row damaged or changed by hand)."""
    try:
        seats = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
        return None
    return tuple(seats)


def _move_rows(table: Table, start: int) -> list[Row]:
    """The rows of the table's moves from number ``start`` on."""
    return [
        ("moves", (table.id, number, dumps(move))) for number, move in enumerate(table.moves[start:], start)
    ]
