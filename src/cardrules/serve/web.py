"""``cardrules serve --host 127.0.0.1 --port 8000``: the protocol over WebSocket (``/ws``) and the
web table at ``/``, on Starlette and uvicorn (the ``serve`` extra).

Each WebSocket connection is a session: it may ``join`` tables and then omit ``table``/``token``.
Requests run in worker threads, one table at a time (a lock a table), so that bots thinking at one
table never hold up another. After a move, every other connection that joined the table is sent
its own state reply (``"id": null``): the new events and its seat's new view, nothing more.

Everything a connection is sent goes through its own bounded queue, which its own writer task
empties: a client that does not read fills only its own queue, and is closed when that is full,
so it never delays a reply to anyone else. The transport is hardened for the internet
(docs/deploying.md): ``Host`` and ``Origin`` are checked, frames are bounded, and the HTTP
protocol (``_guarded_protocol``) times out request heads and caps connections.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlsplit

import anyio
import anyio.abc
import anyio.to_thread
import attrs
import h11
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules._reprs import short_str
from cardrules.errors import ConfigError
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import MAX_MESSAGE, Engine, Session, error_reply, parse_request
from cardrules.serve.seating import is_search
from cardrules.serve.stores import TableStore, is_postgres_url, open_store
from cardrules.serve.table import Table
from cardrules.serve.thinking import (
    BOT_SECONDS,
    Thinking,
    _follow_parent,
    _ignore_sigint,
    _sigint_held,
    default_workers,
    search_threads,
    share_of,
)

__all__ = [
    "HEADER_TIMEOUT",
    "LOOPBACK_NAMES",
    "MAX_CONNECTIONS",
    "MAX_FRAME",
    "SEND_QUEUE",
    "client_modules",
    "create_app",
    "serve",
]

_SCHEMA = "protocol.schema.json"

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The ``Host`` names a server listening on a loopback address answers to unless told more."""

MAX_FRAME = 4 * MAX_MESSAGE
"""The largest WebSocket message, in bytes: a request of ``MAX_MESSAGE`` characters of up to four
UTF-8 bytes each still fits (and is answered; a longer one gets a ``ProtocolError``)."""

SEND_QUEUE = 64
"""Messages waiting for a client to read them before it is closed as too slow."""

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a whole request head (and, after a response, the next one)."""

MAX_CONNECTIONS = 1_000
"""Connections at once; a new one beyond them takes the place of the oldest still sending its head."""

BOT_PACE = 1.0
"""Seconds between two bot moves at a table where only bots sit (played while someone watches)."""

_WATCHING_OPS = frozenset(
    {"join", "view", "play", "claim", "rematch", "sit", "events"}
)  # replies that make a watcher

_RESPONSE_SECONDS = 60.0  # a plain HTTP response (a static file) to a client that reads slowly
_CLOSE_GRACE = 10.0  # a connection being closed whose peer reads nothing is then cut off
_REAP_EVERY = 1.0
_TOO_SLOW = 1008  # policy violation: the client did not read what it was sent
_BINARY = 1003  # unsupported data

_log = logging.getLogger("uvicorn.error")

# Sent with every HTTP response. The page runs only its own files (no inline script or style, no
# other origin), opens only its own WebSocket, and may not be framed: a script that got into the
# page some other way could not run, and a site framing the table could not trick a click.
_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


MAX_HEAD = 16 * 1024
"""The longest request head (request line and headers), in bytes: a longer one gets HTTP 431."""


class _HeadLimit:
    """ASGI middleware refusing a request whose head is over ``MAX_HEAD`` (HTTP 431; a WebSocket
    before its handshake). uvicorn's own bound holds only for a head still arriving: one that
    comes whole in a few packets is parsed whatever its size."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or _head_size(scope) <= MAX_HEAD:
            await self.app(scope, receive, send)
            return
        text = f"the request head is over {MAX_HEAD:,} bytes\n".encode()
        if scope["type"] == "websocket":
            if "websocket.http.response" in scope.get("extensions", {}):
                start = {"type": "websocket.http.response.start", "status": 431, "headers": []}
                await send(start)
                await send({"type": "websocket.http.response.body", "body": text})
            else:
                await send({"type": "websocket.close", "code": 1008, "reason": "request head too large"})
            return
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(text)).encode()),
        ]
        await send({"type": "http.response.start", "status": 431, "headers": headers})
        await send({"type": "http.response.body", "body": text})


def _head_size(scope: Scope) -> int:
    """The bytes of the request head as it came (request line and headers, with their line ends)."""
    path = scope.get("raw_path") or scope.get("path", "").encode()
    query = scope.get("query_string", b"")
    line = len(scope.get("method", "GET")) + 1 + len(path) + (1 + len(query) if query else 0) + 11
    return line + sum(len(name) + len(value) + 4 for name, value in scope.get("headers", [])) + 2


class _SecurityHeaders:
    """ASGI middleware adding ``_SECURITY_HEADERS`` to every HTTP response (not to WebSockets)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *_SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _Connection:
    """One WebSocket connection: its session, and a bounded queue of messages that its own writer
    task sends, so that a client that does not read holds up nobody but itself."""

    def __init__(self, websocket: WebSocket, queue_size: int) -> None:
        self.websocket = websocket
        # The per-client caps count by address (behind a proxy on this machine, uvicorn takes it
        # from X-Forwarded-For).
        self.session = Session(client=websocket.client.host if websocket.client else "")
        self.closing: tuple[int, str] | None = None  # the close code and reason, once decided
        self.tables: set[str] = set()  # the tables it joined, to be pushed their changes
        # The move count of each table's last push: a table's state at a count is fixed, and
        # two processes may both tell of one change (one's bots tried it and were refused as
        # stale, the other's made it), so a push no further on than the last is not sent.
        self.pushed: dict[str, int] = {}
        self._queue: asyncio.Queue[str] = asyncio.Queue(queue_size)
        self._scope: anyio.CancelScope | None = None

    def put(self, text: str) -> None:
        """Queue a message without waiting; a connection whose queue is full is closed."""
        if self.closing is not None:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(_TOO_SLOW, f"too slow: {self._queue.maxsize} messages were waiting to be read")

    def close(self, code: int, reason: str) -> None:
        """Stop reading and writing; ``finish`` then sends the close frame."""
        if self.closing is None:
            self.closing = (code, reason)
        if self._scope is not None:
            self._scope.cancel()

    async def run(self, hub: _Hub) -> None:
        """Read and answer requests, and write what is queued, until either side stops."""
        async with anyio.create_task_group() as group:
            self._scope = group.cancel_scope
            group.start_soon(self._write)
            await _read(hub, self)
            group.cancel_scope.cancel()  # the reader is done: so is the writer

    async def finish(self) -> None:
        """Send the close frame decided on, if any, to a client that still reads; one that reads
        nothing is given up on after a grace (the HTTP protocol then cuts it off)."""
        if self.closing is None:
            return
        with anyio.move_on_after(_CLOSE_GRACE), _gone():
            await self.websocket.close(*self.closing)

    async def drained(self) -> None:
        """Wait until everything queued has been handed to the socket: a client's next request
        is read only then, so one that reads nothing holds one reply of its own at most."""
        await self._queue.join()

    async def _write(self) -> None:
        with _gone():
            while True:
                text = await self._queue.get()
                try:
                    await self.websocket.send_text(text)
                finally:
                    self._queue.task_done()
        if self._scope is not None:  # the client went away: nothing to read from it either
            self._scope.cancel()


def _progress(reply: dict[str, Any]) -> int:
    """How far on a state reply shows its table, to push no connection an older one than it was
    pushed: its moves, counted twice so that the rematch of a finished table, made with no move,
    is one further."""
    moves: int = reply.get("moves", 0)
    return 2 * moves + (reply.get("rematch") is not None)


def _gone() -> contextlib.suppress:
    """What sending to a client that has gone (or that the server already closed) raises."""
    return contextlib.suppress(WebSocketDisconnect, OSError, RuntimeError)


_AT_A_TABLE = frozenset({"claim", "rematch", "sit", "join", "view", "play", "events", "transcript", "cards"})
"""The ops answered at a table, which may wait on its search bots (they move, or hold its lock), or
load it (``cards`` replays it too)."""


@attrs.define
class _Share:
    """One client's search threads: at most ``limiter``'s tokens at once, and how many of its
    requests hold or wait for one (its entry goes at none)."""

    limiter: anyio.CapacityLimiter
    users: int = 0


class _Hub:
    """The engine, and the connections at each table to push what changed there.

    Requests that may wait on search bots run on ``search_threads`` threads of their own, so
    that however many wait, the default pool's threads stay free for every other request; and
    one client (an address) holds at most ``share`` of them at once, so that others' searches
    still get threads. Which requests those are is decided from the table's seats as stored
    (``TableStore.seats_of``), never only from the tables in memory: a table unloaded when idle,
    before a restart or by another process still has its bots."""

    def __init__(self, engine: Engine, search_threads: int, share: int | None = None) -> None:
        self.engine = engine
        self.watchers: dict[str, dict[_Connection, Session]] = {}  # touched by the event loop only
        self.watching: collections.Counter[str] = collections.Counter()  # client -> tables watched
        # One push at a time a table, queued in the order computed: a later push delivered
        # first would make an earlier one look told already, and its events would be lost.
        self._pushing: dict[str, tuple[asyncio.Lock, int]] = {}  # table -> its lock, pushes using it
        self.searching = anyio.CapacityLimiter(search_threads)
        self.share = share_of(search_threads) if share is None else share
        self._shares: dict[str, _Share] = {}  # touched by the event loop only
        self._drivers: anyio.abc.TaskGroup | None = None  # where bots move (``pace`` makes it)
        self._driving: set[str] = set()  # tables whose bots are moving
        self._kicked: set[str] = set()  # of those, tables changed since their driver last looked

    def answer(self, request: object, session: Session) -> tuple[dict[str, Any], str | None]:
        """The engine's answer, its searches counted as the session's client's (in a thread)."""
        with self._for_client(session.client):
            return self.engine.answer(request, session)

    async def run(self, request: object, session: Session) -> tuple[dict[str, Any], str | None]:
        """``answer`` in a worker thread: a search thread within the client's share if the request
        may wait on a search bot, a default one otherwise."""
        if not await self.may_search(request, session):
            return await anyio.to_thread.run_sync(self.answer, request, session)
        async with self.searching_as(session.client):
            return await anyio.to_thread.run_sync(self.answer, request, session, limiter=self.searching)

    async def may_search(self, request: object, session: Session) -> bool:
        """Whether answering ``request`` may wait on a search bot, or load a table: a ``new``
        seating a search bot, a request at a table that has one (as the database says, whether or
        not it is in memory), or at a table not in memory (loading it replays every move: a
        finished table of 3,000 moves is about 35 ms of CPU, which a flood of joins of tables
        nobody plays must not take from the players)."""
        if not isinstance(request, dict):
            return False
        op = request.get("op")
        if op == "new":
            seats = request.get("seats")
            return isinstance(seats, list) and any(is_search(kind) for kind in seats)
        table_id = request.get("table")
        if table_id is None and len(session.seats) == 1:
            table_id = next(iter(session.seats))
        if op not in _AT_A_TABLE or not isinstance(table_id, str):
            return False  # answered without any table (or refused before one is read)
        store = self.engine.store
        if table_id not in store.tables and table_id not in store.finished:
            return True
        seats = store.seats_known(table_id)
        if seats is None:
            # Not in memory (never loaded here, unloaded when idle, or another process's): read
            # in a default thread, as a read may wait (SQLite's lock is held through each fsync),
            # before the request takes its thread: deciding in that thread would be too late, as
            # it is already one pool's or the other's. A table's seats are read once (then they
            # are known, and the answer comes on the loop); a read costs no more than the load
            # that answering the request makes anyway, and one connection asks one at a time.
            seats = await anyio.to_thread.run_sync(store.seats_of, table_id)
        return seats is not None and any(is_search(kind) for kind in seats)

    @contextlib.asynccontextmanager
    async def searching_as(self, client: str) -> AsyncIterator[None]:
        """Hold one of ``client``'s share of the search threads (waiting, if it holds them all,
        behind its own requests only)."""
        share = self._shares.get(client)
        if share is None:
            share = self._shares[client] = _Share(anyio.CapacityLimiter(self.share))
        share.users += 1
        try:
            async with share.limiter:
                yield
        finally:
            share.users -= 1
            if not share.users:
                del self._shares[client]

    def _for_client(self, client: str) -> contextlib.AbstractContextManager[None]:
        thinking = self.engine.thinking
        return contextlib.nullcontext() if thinking is None else thinking.for_client(client)

    def _advance(self, table_id: str, client: str) -> bool:
        with self._for_client(client):
            return self.engine.advance_bots(table_id)

    async def pace(self, seconds: float) -> None:
        """Forever: every ``seconds``, one bot move at each watched table where only bots sit,
        pushed to its watchers (a table nobody watches waits). A table where a human sits moves
        when ``kick``ed; one found here with a bot to act (moved by a process that has since
        stopped, or loaded back after a restart) is driven as if it had been."""
        async with anyio.create_task_group() as group:
            self._drivers = group
            while True:
                await anyio.sleep(seconds)
                # Idle tables leave memory even when nobody makes one (in a thread: the store's
                # lock may be held through an fsync).
                await anyio.to_thread.run_sync(self.engine.store.unload_idle)
                for table_id in list(self.watchers):
                    table = self.engine.store.tables.get(table_id)
                    if table is None or table_id in self._driving or table.bot_to_act is None:
                        continue
                    self._driving.add(table_id)
                    group.start_soon(self._drive, table, table.bots_only)

    def kick(self, table_id: str) -> None:
        """A request changed the table: if it is a bot's turn at a table where a human sits, its
        bots move now, one after another, each move pushed to every watcher as it is made (the
        human's own move was answered before any of them thought)."""
        table = self.engine.store.tables.get(table_id)
        if self._drivers is None or table is None or table.bots_only:
            return
        if table_id in self._driving:
            self._kicked.add(table_id)  # its driver may have just seen a human to act: look again
            return
        if table.bot_to_act is not None:
            self._driving.add(table_id)
            self._drivers.start_soon(self._drive, table, False)

    async def _drive(self, table: Table, once: bool) -> None:
        """The table's bot moves (one if ``once``, else until a human is to act or the game is
        over), each committed, then pushed to its watchers. A search bot thinks on the search
        threads and workers within the share of the table's creator, as the creator's own
        requests do (a table that came back into memory after a restart is nobody's: all such
        share one)."""
        try:
            while True:
                self._kicked.discard(table.id)
                if any(is_search(kind) for kind in table.seats):
                    async with self.searching_as(table.client):
                        moved = await anyio.to_thread.run_sync(
                            self._advance, table.id, table.client, limiter=self.searching
                        )
                else:
                    moved = await anyio.to_thread.run_sync(self._advance, table.id, table.client)
                if moved:
                    await self.push(table.id, None)
                if once or not (moved or table.id in self._kicked):
                    return
        except Exception:  # a bug of ours, or a damaged table: that table stops, no other
            _log.exception("the bots of table %s could not move", table.id)
        finally:
            self._driving.discard(table.id)
            self._kicked.discard(table.id)

    def pushes(
        self, table_id: str, others: list[tuple[_Connection, Session]]
    ) -> list[tuple[_Connection, int, str]]:
        """Each other watcher's state reply after a change at the table, with its move count,
        as JSON (in a worker thread). Spectators told up to the same event share one reply:
        what they are shown is the same, so hundreds of them cost one view, not hundreds."""
        key = (table_id, None)
        shared: dict[int, tuple[int, str, int]] = {}  # events told -> (progress, reply, events told after)
        pushes = []
        for connection, session in others:
            token = session.spoke_with.get(table_id) if session.seats.get(table_id) is None else None
            spectator = token is None and table_id in session.seats and session.seats[table_id] is None
            told = session.sent.get(key, 0)
            if spectator and told in shared:
                progress, text, after = shared[told]
                session.sent[key] = after
                pushes.append((connection, progress, text))
                continue
            asked = {"op": "view", "table": table_id, **({} if token is None else {"token": token})}
            reply = self.engine.handle(asked, session)
            pushed = (connection, _progress(reply), json.dumps({**reply, "id": None}, ensure_ascii=False))
            if spectator and reply.get("ok"):
                shared[told] = (pushed[1], pushed[2], session.sent.get(key, 0))
            pushes.append(pushed)
        return pushes

    async def push(self, table_id: str, mover: _Connection | None) -> None:
        """Queue each other watcher of the table its state reply; waits for no one's socket."""
        others = [
            (c, s) for c, s in self.watchers.get(table_id, {}).items() if c is not mover and c.closing is None
        ]
        if not others:  # no thread hop for a table nobody else watches
            return
        lock, users = self._pushing.get(table_id, (asyncio.Lock(), 0))
        self._pushing[table_id] = (lock, users + 1)
        try:
            async with lock:
                for connection, progress, text in await anyio.to_thread.run_sync(
                    self.pushes, table_id, others
                ):
                    if progress and progress <= connection.pushed.get(table_id, 0):
                        continue  # told already (a deal, at 0 moves, is always told)
                    connection.pushed[table_id] = progress
                    connection.put(text)
        finally:
            lock, users = self._pushing[table_id]
            if users == 1:
                del self._pushing[table_id]
            else:
                self._pushing[table_id] = (lock, users - 1)

    async def relay(self, store: TableStore) -> None:
        """Forever: push each table another process changes (``TableStore.listen``) to this
        process's watchers of it, one push at a time a table, the latest change included."""
        loop = asyncio.get_running_loop()
        heard: asyncio.Queue[str | None] = asyncio.Queue()
        stop = store.listen(lambda table_id: loop.call_soon_threadsafe(heard.put_nowait, table_id))
        if stop is None:
            return
        dirty: set[str] = set()  # changed since its push began (or none began)
        pushing: set[str] = set()

        async def push_while_dirty(table_id: str) -> None:
            try:
                while table_id in dirty:
                    dirty.discard(table_id)
                    await self.push(table_id, None)
            finally:
                pushing.discard(table_id)

        try:
            async with anyio.create_task_group() as group:
                while True:
                    table_id = await heard.get()
                    for changed in list(self.watchers) if table_id is None else [table_id]:
                        if changed in self.watchers:
                            dirty.add(changed)
                            if changed not in pushing:
                                pushing.add(changed)
                                group.start_soon(push_while_dirty, changed)
        finally:
            await anyio.to_thread.run_sync(stop)

    def watch(self, table_id: str, connection: _Connection) -> None:
        """The connection joined the table: push it the table's changes."""
        if table_id not in connection.tables:
            self.watching[connection.session.client] += 1
        self.watchers.setdefault(table_id, {})[connection] = connection.session
        connection.tables.add(table_id)

    def watch_refused(self, request: object, connection: _Connection) -> dict[str, Any] | None:
        """The ``LimitError`` reply to a request that would make its connection watch one more
        table while its address's connections watch as many as they may; ``None`` if it may."""
        most = self.engine.store.limits.max_watched_per_client
        if most is None or not isinstance(request, dict) or request.get("op") not in _WATCHING_OPS:
            return None
        table_id = request.get("table")
        if table_id is None or table_id in connection.tables:
            return None
        if self.watching[connection.session.client] < most:
            return None
        message = (
            f"the connections of one address may watch {most} tables at once (each table each "
            "connection joined); close some first"
        )
        return {"id": request.get("id"), "ok": False, "error": {"type": "LimitError", "message": message}}

    def forget(self, connection: _Connection) -> None:
        """The connection has ended: no table pushes to it any more (and a table nobody watches
        any more leaves no entry behind, however many tables a long-running server sees)."""
        client = connection.session.client
        for table_id in connection.tables:
            watchers = self.watchers.get(table_id, {})
            watchers.pop(connection, None)
            if not watchers:
                self.watchers.pop(table_id, None)
        self.watching[client] -= len(connection.tables)
        if self.watching[client] <= 0:
            del self.watching[client]


def create_app(
    db: str,
    *,
    allowed_hosts: Sequence[str] = LOOPBACK_NAMES,
    allowed_origins: Sequence[str] = (),
    send_queue: int = SEND_QUEUE,
    limits: Limits | None = None,
    bot_seconds: float = BOT_SECONDS,
    bot_pace: float = BOT_PACE,
    bots: Mapping[str, str] | None = None,
    bot_workers: int | None = None,
) -> Starlette:
    """The ASGI application: ``/ws`` (the protocol), ``/protocol.schema.json``, and the web table
    (``static/``: a lobby and a table for each game) at ``/``.

    Args:
        db: the SQLite database of tables (``:memory:`` keeps nothing), or a PostgreSQL URL
            (``postgresql://user:password@host/dbname``; the postgres extra).
        allowed_hosts: the ``Host`` names answered (Starlette's ``TrustedHostMiddleware`` patterns:
            ``example.com``, ``*.example.com``, or ``*`` for any); others get HTTP 400.
        allowed_origins: the ``Origin`` values, besides the page's own origin, from which a browser
            may open ``/ws`` (``https://cards.example.com``, or ``*`` for any). A connection with
            no ``Origin`` (not a browser) is always accepted; others get HTTP 403.
        send_queue: messages that may wait for a client to read them before it is closed.
        limits: the server's caps on tables (``Limits()``'s defaults if ``None``).
        bot_seconds: a bot move's time budget; search bots think in worker processes.
        bot_pace: seconds between two bot moves at a table where only bots sit.
        bots: the server's own bots, each name (a seat clients may ask for) mapped to its spec
            (``package.module:ClassName`` or ``path/to/bot.py:ClassName``; see ``cardrules.bots.loading``).
            They choose in the request's thread, without a time budget.
        bot_workers: the worker processes where search bots think (``ConfigError`` if under 1;
            ``None``: ``thinking.default_workers`` for this machine). Requests that may wait on
            a search take ``thinking.search_threads(bot_workers)`` threads of their own, and one
            client at most half of those threads and half of the workers at once.
    """
    origins = _origins(allowed_origins)  # a bad one is refused before the database is opened
    workers = _check_bot_workers(default_workers(os.cpu_count()) if bot_workers is None else bot_workers)
    thinking = Thinking(seconds=bot_seconds, workers=workers)
    site = _Site(open_store(db, limits, bots), thinking, origins, send_queue, bot_pace)
    return Starlette(
        routes=[
            WebSocketRoute("/ws", site.socket_endpoint),
            Route("/protocol.schema.json", _schema),
            Mount("/client", StaticFiles(directory=client_modules())),
            Mount("/", StaticFiles(packages=[("cardrules.serve", "static")], html=True)),
        ],
        middleware=[
            Middleware(_HeadLimit),
            Middleware(_SecurityHeaders),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)),
        ],
        lifespan=site.lifespan,
    )


class _Site:
    """What the application's WebSocket endpoint and lifespan share: the tables, the bots' worker
    processes, the hub over them, and ``create_app``'s settings."""

    def __init__(
        self,
        store: TableStore,
        thinking: Thinking,
        origins: frozenset[_Origin] | None,
        send_queue: int,
        bot_pace: float,
    ) -> None:
        self.store = store
        self.thinking = thinking
        self.hub = _Hub(Engine(store, thinking, paced=True), search_threads(thinking.workers))
        self.origins = origins
        self.send_queue = send_queue
        self.bot_pace = bot_pace

    async def socket_endpoint(self, websocket: WebSocket) -> None:
        """One WebSocket connection, from the handshake (refused to an origin not allowed) to the
        close frame."""
        if not _origin_allowed(websocket, self.origins):
            await _refuse(websocket, "this page's origin may not open /ws on this server")
            return
        await websocket.accept()
        connection = _Connection(websocket, self.send_queue)
        try:
            await connection.run(self.hub)
        finally:
            self.hub.forget(connection)
        await connection.finish()

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """While the server runs, the bots move at tables where only bots sit; at its end, the
        bots' worker processes and the database are closed."""
        try:
            async with anyio.create_task_group() as group:
                group.start_soon(self.hub.pace, self.bot_pace)
                group.start_soon(self.hub.relay, self.store)
                yield
                group.cancel_scope.cancel()
        finally:
            self.thinking.close()
            self.store.close()


def client_modules() -> Path:
    """The folder of ``@cardrules/client``'s ES modules the web table imports from ``/client/``:
    the installed wheel's copy (``cardrules/serve/client``, from ``clients/js/src``), else the
    checkout's ``clients/js/src`` (an editable install runs the source tree)."""
    here = Path(__file__).resolve().parent
    installed = here / "client"
    if installed.is_dir():
        return installed
    checkout = here.parents[2] / "clients" / "js" / "src"
    if checkout.is_dir():
        return checkout
    raise ConfigError(
        f"the JS client's modules are in neither {installed} nor {checkout}: reinstall cardrules"
    )


async def _schema(request: Request) -> JSONResponse:
    """``/protocol.schema.json``: the JSON Schema of the protocol's messages."""
    from importlib.resources import files

    text = files("cardrules.serve").joinpath(_SCHEMA).read_text(encoding="utf-8")
    return JSONResponse(json.loads(text))


async def _read(hub: _Hub, connection: _Connection) -> None:
    """Answer each text message in order, queueing the reply, until the client leaves."""
    while True:
        await connection.drained()
        message = await connection.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            connection.close(_BINARY, "binary frames are not accepted: send each request as a text message")
            return
        reply, changed = await _answer(hub, connection, text)
        connection.put(json.dumps(reply, ensure_ascii=False))
        if reply["ok"] and "seat" in reply:
            hub.watch(reply["table"], connection)
        if changed is not None:
            await hub.push(changed, connection)
            hub.kick(changed)


async def _answer(hub: _Hub, connection: _Connection, text: str) -> tuple[dict[str, Any], str | None]:
    """The reply, and the table the request changed (``None`` if none)."""
    session = connection.session
    request, refused = parse_request(text)
    if refused is None:
        refused = hub.watch_refused(request, connection)
    if refused is not None:
        return refused, None
    try:
        return await hub.run(request, session)
    except Exception as exc:  # a bug of ours: this request fails, the server and its tables go on
        return error_reply(request, exc), None


_Origin = tuple[str, str, int]


def _origin(text: str) -> _Origin | None:
    """``scheme://host[:port]`` as (scheme, host, port), the port filled in; ``None`` if it is not
    an http or https origin."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username is not None:
        return None
    default = 443 if parts.scheme == "https" else 80
    return parts.scheme, parts.hostname, default if port is None else port


def _origins(texts: Iterable[str]) -> frozenset[_Origin] | None:
    """The allowed origins; ``None`` for any (``*``)."""
    allowed: set[_Origin] = set()
    for text in texts:
        if text.strip() == "*":
            return None
        origin = _origin(text)
        if origin is None:
            raise ValueError(f"an allowed origin is scheme://host[:port] (http or https), got {text!r}")
        allowed.add(origin)
    return frozenset(allowed)


def _origin_allowed(websocket: WebSocket, allowed: frozenset[_Origin] | None) -> bool:
    """A browser says which page opens the socket: only the server's own pages and the origins
    allowed may, so that no other site can drive it from its visitors' browsers."""
    text = websocket.headers.get("origin")
    if text is None or allowed is None:
        return True  # not a browser (a browser always sends Origin), or any origin allowed
    origin = _origin(text)
    if origin is None:
        return False
    if origin in allowed:
        return True
    # Behind a TLS proxy the scheme comes from X-Forwarded-Proto (uvicorn's proxy headers).
    scheme = "https" if websocket.scope.get("scheme") == "wss" else "http"
    return origin == _origin(f"{scheme}://{websocket.headers.get('host', '')}")


async def _refuse(websocket: WebSocket, reason: str) -> None:
    """HTTP 403 before the handshake completes, with the reason where the server can say it."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(PlainTextResponse(reason + "\n", status_code=403))
    else:
        await websocket.close(code=1008, reason=reason)  # uvicorn answers 403 to a close before accept


def serve(
    db: str,
    host: str,
    port: int,
    *,
    allowed_hosts: Sequence[str] = LOOPBACK_NAMES,
    allowed_origins: Sequence[str] = (),
    max_frame: int = MAX_FRAME,
    send_queue: int = SEND_QUEUE,
    header_timeout: float = HEADER_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
    limits: Limits | None = None,
    bot_seconds: float = BOT_SECONDS,
    bot_pace: float = BOT_PACE,
    bots: Mapping[str, str] | None = None,
    workers: int = 1,
    bot_workers: int | None = None,
    listening: Callable[[int], None] | None = None,
) -> None:
    """Run the server on ``host:port`` until interrupted (``cardrules serve``; docs/deploying.md).

    ``max_frame`` is the largest WebSocket message in bytes (a larger one closes its connection with
    code 1009); ``header_timeout`` the seconds a connection has for its request head;
    ``max_connections`` the connections at once (a process's, with ``workers``). ``workers``
    processes answer on the one port, sharing a PostgreSQL ``db`` (``ConfigError`` for more than
    one on SQLite); one that dies is started again. Each has ``bot_workers`` worker processes for
    its search bots (``None``: ``thinking.default_workers`` for this machine's cores shared between
    the ``workers``). ``listening(port)`` is called once the server listens (the port it listens
    on: ``port``, or the one the system chose for 0). The other options are ``create_app``'s.
    """
    if bot_workers is None:
        bot_workers = default_workers(os.cpu_count(), max(1, workers))
    app_options = {
        "allowed_hosts": allowed_hosts,
        "allowed_origins": allowed_origins,
        "send_queue": send_queue,
        "limits": limits,
        "bot_seconds": bot_seconds,
        "bot_pace": bot_pace,
        "bots": bots,
        "bot_workers": _check_bot_workers(bot_workers),
    }
    settings = _Settings(
        db=db,
        app_options=app_options,
        max_frame=max_frame,
        header_timeout=header_timeout,
        max_connections=max_connections,
    )
    if workers == 1:
        _serve_alone(settings.config(host, port), listening)
        return
    _check_workers(db, workers)
    open_store(db, limits, bots).close()  # a database or bot that cannot be used: said once, here
    _, backlog = _fit_open_files(max_connections)
    sock = uvicorn.Config(
        "cardrules.serve.web:create_app", host=host, port=port, backlog=backlog, log_level="warning"
    ).bind_socket()
    _supervise(settings, sock, workers, listening)


def _check_workers(db: str, workers: int) -> None:
    """``ConfigError`` unless ``workers`` processes may serve ``db``: one or more, and more than
    one only on PostgreSQL (a SQLite file belongs to one process)."""
    if workers < 1:
        raise ConfigError(f"--workers is the number of server processes, 1 or more; got {workers}")
    if workers > 1 and not is_postgres_url(db):
        raise ConfigError(
            f"--workers {workers}: several server processes share their tables through a "
            "PostgreSQL --db (postgresql://...), not a SQLite file; one process (--workers 1) "
            "serves SQLite"
        )


def _serve_alone(config: uvicorn.Config, listening: Callable[[int], None] | None) -> None:
    """One server process, this one, until stopped: ``KeyboardInterrupt`` once stopped by Ctrl-C
    (SIGINT), every request finished."""
    server = _Server(config, listening)
    interrupted = False
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn raises the signal again once it has shut down
        interrupted = True
    if interrupted or server.stopped_by == signal.SIGINT:
        raise KeyboardInterrupt  # the command says so in a line and exits with 130
    if not server.started:
        raise SystemExit(_COULD_NOT_START)  # as uvicorn.run (the reason is in its log)


def _check_bot_workers(bot_workers: int) -> int:
    """``bot_workers`` if it is 1 or more; ``ConfigError`` otherwise."""
    if type(bot_workers) is not int or bot_workers < 1:
        raise ConfigError(
            "--bot-workers is the number of processes where search bots think, 1 or more; "
            f"got {short_str(repr(bot_workers))}"
        )
    return bot_workers


@attrs.frozen(kw_only=True)
class _Settings:
    """What each server process is made from: ``create_app``'s arguments and uvicorn's options
    (passed to worker processes, so only plain data)."""

    db: str
    app_options: dict[str, Any]
    max_frame: int
    header_timeout: float
    max_connections: int

    def config(self, host: str, port: int) -> uvicorn.Config:
        """uvicorn's configuration of one server process, its application made."""
        max_connections, backlog = _fit_open_files(self.max_connections)
        return uvicorn.Config(
            create_app(self.db, **self.app_options),
            host=host,
            port=port,
            log_level="warning",
            http=_guarded_protocol(max_connections, self.header_timeout),
            ws=_websocket_protocol(),
            ws_max_size=self.max_frame,
            ws_ping_interval=20.0,  # a peer that answers no ping for 20 s more is closed
            ws_ping_timeout=20.0,
            timeout_keep_alive=5,  # an idle HTTP connection between requests
            h11_max_incomplete_event_size=16 * 1024,  # a longer request head gets HTTP 400
            backlog=backlog,
        )


def _supervise(
    settings: _Settings, sock: socket.socket, workers: int, listening: Callable[[int], None] | None
) -> None:
    """Run ``workers`` server processes on the listening ``sock`` until stopped (SIGINT or
    SIGTERM), starting another in the place of one that dies; then stop them all, and raise
    ``KeyboardInterrupt`` if it was Ctrl-C (SIGINT), as one process does."""
    context = multiprocessing.get_context("spawn")  # not fork: this process may hold threads' locks
    processes: list[multiprocessing.process.BaseProcess] = []

    def start(k: int) -> None:
        process = context.Process(
            target=_worker, args=(settings, sock, os.getpid()), name=f"cardrules-serve-{k}", daemon=False
        )
        # Ctrl-C at a terminal is SIGINT to every process of the group; this one answers it. Held
        # while a process starts: the process begins with it blocked (``_worker`` ignores it, so
        # a Ctrl-C in its start-up is no traceback), and one that comes meanwhile waits here
        # until the process is in ``processes``, to be stopped with the others.
        with _sigint_held():
            process.start()
            processes[k : k + 1] = [process]

    # SIGTERM stops as Ctrl-C does; and Ctrl-C stops even where it was ignored when Python started
    # (a job started in the background by a script), as it stops one process (uvicorn's handler).
    # Set before any process starts, so that no signal falls between the two.
    stopped_by: list[int] = []

    def stop(sig: int, frame: object) -> None:
        stopped_by.append(sig)
        raise KeyboardInterrupt

    handlers = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for k in range(workers):
            start(k)
        if listening is not None:
            listening(int(sock.getsockname()[1]))
        _watch(processes, start)
    except KeyboardInterrupt:
        stopped_by.append(signal.SIGINT)  # raised before ``stop`` was set: a Ctrl-C
    finally:
        _stop_all(processes)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        sock.close()
    if stopped_by[0] == signal.SIGINT:
        raise KeyboardInterrupt


def _watch(processes: list[multiprocessing.process.BaseProcess], start: Callable[[int], None]) -> None:
    """Wait on the server processes, starting another in the place of one that ends; until a
    signal stops this process, or one could not start (``SystemExit``: another would fail too)."""
    while True:
        multiprocessing.connection.wait([p.sentinel for p in processes])
        for k, process in enumerate(processes):
            if process.exitcode == _COULD_NOT_START:
                raise SystemExit(_COULD_NOT_START)  # its reason is in the log
            if not process.is_alive():
                _log.warning(
                    "server process %s ended (exit code %s); starting another", process.pid, process.exitcode
                )
                start(k)


def _stop_all(processes: list[multiprocessing.process.BaseProcess]) -> None:
    """SIGTERM to each server process (each finishes its requests, as one alone would), then wait
    for them; one still running after 30 s, or when Ctrl-C is pressed again, is killed."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping already
    try:
        for process in processes:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        for process in processes:
            process.join(timeout=30)
    except KeyboardInterrupt:
        pass  # in a hurry: the rest are killed
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # nothing stops the killing half-way
        for process in processes:
            if process.is_alive():
                process.kill()
                process.join(timeout=5)


def _worker(settings: _Settings, sock: socket.socket, parent: int) -> None:
    """One of ``--workers`` server processes: serve on the shared socket until its supervisor
    stops it (SIGTERM), or until the process that started it is gone. Ctrl-C, which a terminal
    sends to every process of the group, is the supervisor's to answer: ignored here, and by the
    processes this one starts (the bots' search processes inherit it), so none prints a traceback."""
    _ignore_sigint()  # it came blocked (``_sigint_held``): one sent meanwhile is dropped now
    _follow_parent(parent)
    server = _WorkerServer(settings.config("", 0), None)
    server.run(sockets=[sock])
    if not server.started:
        raise SystemExit(_COULD_NOT_START)


_COULD_NOT_START = 3  # a server process's exit code, as uvicorn.run's


class _Server(uvicorn.Server):
    """uvicorn's server, which tells ``listening`` the port once it listens."""

    def __init__(self, config: uvicorn.Config, listening: Callable[[int], None] | None) -> None:
        super().__init__(config)
        self.listening = listening
        self.stopped_by: int | None = None
        """The signal that stopped the server first, if one did."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.stopped_by is None:
            self.stopped_by = sig
        super().handle_exit(sig, frame)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.listening is not None and self.started:
            port = int(self.servers[0].sockets[0].getsockname()[1])
            self.listening(port)


class _WorkerServer(_Server):
    """A server process of ``--workers``: stopped by its supervisor's SIGTERM alone."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        # uvicorn's handles SIGINT too; here it stays ignored (``_worker``), and so it is in the
        # processes started while serving.
        previous = signal.signal(signal.SIGTERM, self.handle_exit)
        try:
            yield
        finally:
            signal.signal(signal.SIGTERM, previous)


def _fit_open_files(max_connections: int) -> tuple[int, int]:
    """Raise the soft limit on open files to the hard one, so that many connections do not meet
    "Too many open files"; the connection cap and listen backlog that fit in it.

    asyncio accepts up to a backlog of connections each turn of its loop, and the cap drops the
    extra ones two or three turns later, so the cap, several backlogs and the server's own files
    must all fit: past the limit, accepting fails (with a traceback in the log) and stops for a
    second, honest clients included.
    """
    backlog = 2048  # uvicorn's default
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return max_connections, backlog
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # macOS reports an infinite hard limit but refuses more than OPEN_MAX (10,240) files.
    for wanted in (hard if hard != resource.RLIM_INFINITY else 1 << 20, 10_240):
        if soft == resource.RLIM_INFINITY or soft >= wanted:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            continue
        soft = wanted
        break
    if soft == resource.RLIM_INFINITY:
        return max_connections, backlog
    room = soft - 64  # the database and its journal, the listening socket, pipes, bots' processes
    backlog = max(16, min(backlog, room // 10))
    in_flight = 5 * backlog  # accepted, not yet dropped: measured under 4 backlogs on Linux
    if max_connections > room - in_flight:
        fitted = max(1, room - in_flight)
        _log.warning(
            "--max-connections %d is over the open file limit (%d): using %d", max_connections, soft, fitted
        )
        return fitted, backlog
    return max_connections, backlog


class _Guard:
    """What uvicorn leaves out, shared by one server's connections: a cap on connections that
    makes room by dropping the oldest one still sending a request head, and an end to closing
    connections whose peer reads nothing (asyncio waits for ever to flush them)."""

    def __init__(self, max_connections: int) -> None:
        self.max_connections = max_connections
        self.waiting: dict[asyncio.BaseProtocol, asyncio.Transport] = {}  # no request head yet, oldest first
        self.dropped: set[asyncio.BaseProtocol] = set()  # aborted, not yet lost
        self.closing_since: dict[asyncio.BaseProtocol, float] = {}
        self.reaping = False
        self.turned_away = 0

    def arrived(
        self, protocol: asyncio.BaseProtocol, transport: asyncio.Transport, connections: set[Any]
    ) -> None:
        """A new connection, still to send its head: over the cap, the oldest such one goes
        (the new one itself when every other is past its head)."""
        self.waiting[protocol] = transport
        while len(connections) - len(self.dropped) > self.max_connections and self.waiting:
            oldest = next(iter(self.waiting))
            self.drop(oldest)
            self.turned_away += 1
        if not self.reaping:
            self.reaping = True
            asyncio.get_running_loop().call_later(_REAP_EVERY, self.reap, connections)

    def drop(self, protocol: asyncio.BaseProtocol) -> None:
        """Cut a connection off now (RST, nothing flushed)."""
        transport = self.waiting.pop(protocol, None)
        if transport is not None:
            self.dropped.add(protocol)
            transport.abort()

    def left(self, protocol: asyncio.BaseProtocol) -> None:
        self.waiting.pop(protocol, None)
        self.dropped.discard(protocol)

    def reap(self, connections: set[Any]) -> None:
        """Every second: abort connections that have been closing for longer than the grace
        (their peer reads nothing, so their last bytes never leave)."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        closing: dict[asyncio.BaseProtocol, float] = {}
        for protocol in list(connections):
            transport: Any = getattr(protocol, "transport", None)  # asyncio's, or uvloop's
            if transport is not None and transport.is_closing():
                since = self.closing_since.get(protocol, now)
                if now - since > _CLOSE_GRACE:
                    transport.abort()
                else:
                    closing[protocol] = since
        self.closing_since = closing
        if self.turned_away:
            _log.warning("connections cut off at the --max-connections cap: %d", self.turned_away)
            self.turned_away = 0
        loop.call_later(_REAP_EVERY, self.reap, connections)


def _guarded_protocol(max_connections: int, header_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a deadline for each request head (uvicorn has none: a client
    that sends half a request and then nothing holds its connection for ever) and the connection
    cap of a ``_Guard``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    guard = _Guard(max_connections)

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm(header_timeout)
            guard.arrived(self, transport, self.connections)

        def connection_lost(self, exc: Exception | None) -> None:
            self._arm(None)
            guard.left(self)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            super().data_received(data)
            self._heard(cycle)

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._arm(None)  # the WebSocket protocol takes over: pings and the send queue
            guard.left(self)
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            cycle = self.cycle
            super().on_response_complete()
            if self.transport.is_closing():
                return
            guard.waiting[self] = self.transport  # idle until its next head: the first to go
            self._arm(header_timeout)
            self._heard(cycle)  # a pipelined request may have started already

        def _heard(self, cycle: object) -> None:
            if self.cycle is not cycle and not self.transport.is_closing():  # a whole head came
                guard.left(self)
                self._arm(_RESPONSE_SECONDS)

        def _arm(self, seconds: float | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = None if seconds is None else self.loop.call_later(seconds, self._expire)

        def _expire(self) -> None:
            self._deadline = None
            guard.left(self)
            self.transport.abort()

    return GuardedH11Protocol


def _websocket_protocol() -> type[asyncio.Protocol] | str:
    """uvicorn's WebSocket protocol (websockets, sans-I/O), except that a text message that is not
    UTF-8 is closed 1007 with a reason and no traceback in the log (uvicorn logs the exception)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    except ImportError:  # an older uvicorn: its websockets protocol checks UTF-8 itself
        return "auto"

    class CheckedWebSocketProtocol(WebSocketsSansIOProtocol):
        def send_receive_event_to_app(self) -> None:
            if self.curr_msg_data_type == "text" and not self.close_sent:
                try:
                    b"".join(self.frames).decode()
                except UnicodeDecodeError as exc:
                    self.frames = []
                    self.conn.send_close(1007, f"a text message must be UTF-8 (byte {exc.start} is not)")
                    self.handle_parser_exception()
                    return
            super().send_receive_event_to_app()

    return CheckedWebSocketProtocol
