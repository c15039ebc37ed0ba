"""The WebSocket hub of ``cardrules serve``: each connection's requests answered in worker threads,
and every change at a table pushed to the other connections that joined it.

Each WebSocket connection is a session: it may ``join`` tables and then omit ``table``/``token``.
Requests run in worker threads, one table at a time (a lock a table), so that bots thinking at one
table never hold up another; a request that may wait on a search bot (``Engine.may_search``) runs
on threads of its own. After a move, every other connection that joined the table is sent its own
state reply (``"id": null``): the new events and its seat's new view, nothing more; a change
another server process made is heard from the store (``TableStore.listen``) and pushed the same
way.

Everything a connection is sent goes through its own bounded queue, which its own writer task
empties: a client that does not read fills only its own queue, and is closed when that is full,
so it never delays a reply to anyone else.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.abc
import anyio.to_thread
import attrs
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.serve.protocol import Engine, Session, error_reply, parse_request
from cardrules.serve.seating import is_search
from cardrules.serve.stores import TableStore
from cardrules.serve.table import Table
from cardrules.serve.thinking import share_of
from cardrules.serve.transport import CLOSE_GRACE

__all__ = ["Connection", "Hub"]

_WATCHING_OPS = frozenset(
    {"join", "view", "play", "claim", "rematch", "sit", "events"}
)  # replies that make a watcher

_TOO_SLOW = 1008  # policy violation: the client did not read what it was sent
_BINARY = 1003  # unsupported data

_log = logging.getLogger("uvicorn.error")


class Connection:
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

    async def run(self, hub: Hub) -> None:
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
        with anyio.move_on_after(CLOSE_GRACE), _gone():
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


@attrs.define
class _Share:
    """One client's search threads: at most ``limiter``'s tokens at once, and how many of its
    requests hold or wait for one (its entry goes at none)."""

    limiter: anyio.CapacityLimiter
    users: int = 0


class Hub:
    """The engine, and the connections at each table to push what changed there.

    Requests that may wait on search bots run on ``search_threads`` threads of their own, so
    that however many wait, the default pool's threads stay free for every other request; and
    one client (an address) holds at most ``share`` of them at once, so that others' searches
    still get threads. Which requests those are, the engine says (``Engine.may_search``: from
    the table's seats as stored, never only from the tables in memory, as a table unloaded when
    idle, before a restart or by another process still has its bots)."""

    def __init__(self, engine: Engine, search_threads: int, share: int | None = None) -> None:
        self.engine = engine
        self.watchers: dict[str, dict[Connection, Session]] = {}  # touched by the event loop only
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
        """``Engine.may_search``, asked on the event loop. Seats only the database can tell are
        read in a default thread (a read may wait) before the request takes its thread: deciding
        in that thread would be too late, as it is already one pool's or the other's. A read
        costs no more than the load that answering the request makes anyway, and one connection
        asks one at a time."""
        known = self.engine.may_search(request, session, read=False)
        if known is None:
            known = await anyio.to_thread.run_sync(
                functools.partial(self.engine.may_search, request, session)
            )
        return bool(known)

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
        self, table_id: str, others: list[tuple[Connection, Session]]
    ) -> list[tuple[Connection, int, str]]:
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

    async def push(self, table_id: str, mover: Connection | None) -> None:
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

    def watch(self, table_id: str, connection: Connection) -> None:
        """The connection joined the table: push it the table's changes."""
        if table_id not in connection.tables:
            self.watching[connection.session.client] += 1
        self.watchers.setdefault(table_id, {})[connection] = connection.session
        connection.tables.add(table_id)

    def watch_refused(self, request: object, connection: Connection) -> dict[str, Any] | None:
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

    def forget(self, connection: Connection) -> None:
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


async def _read(hub: Hub, connection: Connection) -> None:
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
        if reply["ok"] and reply.get("table") in connection.tables and "moves" in reply:
            # What a reply told need not be pushed again: a push the reply already shows (made
            # while it was answered: the bots moved for another seat) would tell nothing new.
            table_id = reply["table"]
            connection.pushed[table_id] = max(connection.pushed.get(table_id, 0), _progress(reply))
        if changed is not None:
            await hub.push(changed, connection)
            hub.kick(changed)


async def _answer(hub: Hub, connection: Connection, text: str) -> tuple[dict[str, Any], str | None]:
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
