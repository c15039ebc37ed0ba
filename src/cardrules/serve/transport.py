"""Transport hardening for the internet (docs/deploying.md): what uvicorn leaves out.

A deadline for each request head and a cap on connections that drops the oldest one still sending
its head (``_guarded_protocol``); an end to closing connections whose peer reads nothing
(``_Guard.reap``); a request head over ``MAX_HEAD`` refused whole (``HeadLimit``); a text message
that is not UTF-8 closed 1007 without a traceback (``_websocket_protocol``); the open file limit
raised to fit the cap (``fit_open_files``); and uvicorn's configuration of one server process
with all of these (``server_config``).

The first two and the UTF-8 check subclass uvicorn's protocol classes and use hooks that are not
uvicorn's public API (``UVICORN_HOOKS``): pyproject's serve extra pins uvicorn to the versions
they were checked against, and ``missing_uvicorn_hooks`` (run by
tests/serve/test_attacks_transport.py) names any an installed uvicorn lacks. Neither uvicorn's
``limit_concurrency`` (HTTP 503 to a new connection, not room made by dropping a half-open one)
nor h11's ``max_incomplete_event_size`` (a bound, not a deadline) does the same.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
from typing import Any

import h11
import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send

from cardrules.serve.options import ServeOptions

__all__ = [
    "CLOSE_GRACE",
    "MAX_HEAD",
    "UVICORN_HOOKS",
    "HeadLimit",
    "fit_open_files",
    "missing_uvicorn_hooks",
    "server_config",
]

CLOSE_GRACE = 10.0
"""Seconds a connection being closed whose peer reads nothing has before it is cut off."""

_RESPONSE_SECONDS = 60.0  # a plain HTTP response (a static file) to a client that reads slowly
_REAP_EVERY = 1.0

_log = logging.getLogger("uvicorn.error")

UVICORN_HOOKS = {
    "uvicorn.protocols.http.h11_impl:H11Protocol": (
        "connection_made()",
        "connection_lost()",
        "data_received()",
        "handle_websocket_upgrade()",
        "on_response_complete()",
        "self.cycle",
        "self.connections",
        "self.transport",
        "self.loop",
    ),
    "uvicorn.protocols.websockets.websockets_sansio_impl:WebSocketsSansIOProtocol": (
        "send_receive_event_to_app()",
        "handle_parser_exception()",
        "self.frames",
        "self.curr_msg_data_type",
        "self.close_sent",
        "self.conn",
    ),
}
"""The parts of uvicorn's private protocol classes this module subclasses or reads, by class:
methods (``name()``) and attributes their ``__init__`` sets (``self.name``)."""


def missing_uvicorn_hooks() -> list[str]:
    """The ``UVICORN_HOOKS`` the installed uvicorn lacks, each as ``module:Class.hook``; empty
    when the hardening can be built on it."""
    missing = []
    for path, hooks in UVICORN_HOOKS.items():
        module_name, class_name = path.split(":")
        try:
            cls = getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError):
            missing.append(path)
            continue
        source = inspect.getsource(cls)
        for hook in hooks:
            name = hook.removesuffix("()").removeprefix("self.")
            found = callable(getattr(cls, name, None)) if hook.endswith("()") else hook in source
            if not found:
                missing.append(f"{path}.{name}")
    return missing


def server_config(app: ASGIApp, options: ServeOptions, host: str, port: int) -> uvicorn.Config:
    """uvicorn's configuration of one server process serving ``app``, hardened as ``options``
    says (the connection cap fitted to the open file limit)."""
    max_connections, backlog = fit_open_files(options.max_connections)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=_guarded_protocol(max_connections, options.header_timeout),
        ws=_websocket_protocol(),
        ws_max_size=options.max_frame,
        ws_ping_interval=20.0,  # a peer that answers no ping for 20 s more is closed
        ws_ping_timeout=20.0,
        timeout_keep_alive=5,  # an idle HTTP connection between requests
        h11_max_incomplete_event_size=16 * 1024,  # a longer request head gets HTTP 400
        backlog=backlog,
    )


MAX_HEAD = 16 * 1024
"""The longest request head (request line and headers), in bytes: a longer one gets HTTP 431."""


class HeadLimit:
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


def fit_open_files(max_connections: int) -> tuple[int, int]:
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
                if now - since > CLOSE_GRACE:
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


def _websocket_protocol() -> type[asyncio.Protocol]:
    """uvicorn's WebSocket protocol (websockets, sans-I/O), except that a text message that is not
    UTF-8 is closed 1007 with a reason and no traceback in the log (uvicorn logs the exception)."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

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
