"""``cardrules serve --host 127.0.0.1 --port 8000``: the protocol over WebSocket (``/ws``) and the
web table at ``/``, on Starlette and uvicorn (the ``serve`` extra).

This module is the application: ``create_app`` (uvicorn's factory path is
``cardrules.serve.web:create_app``), its routes, the security headers, the ``Host`` and ``Origin``
checks; and ``serve``, the front door that runs it. The rest of the server is a module a role
(docs/architecture.md): ``options`` (``ServeOptions``, every option in one record), ``hub`` (the
WebSocket connections, their requests and the pushes of what changed), ``supervisor`` (one server
process or ``--workers``, and their signals) and ``transport`` (what uvicorn leaves out on the
internet: deadlines for request heads, a connection cap, frames bounded; docs/deploying.md).
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from cardrules.errors import ConfigError
from cardrules.serve.hub import Connection, Hub
from cardrules.serve.options import (
    HEADER_TIMEOUT,
    LOOPBACK_NAMES,
    MAX_CONNECTIONS,
    MAX_FRAME,
    SEND_QUEUE,
    Origin,
    ServeOptions,
    parse_origin,
)
from cardrules.serve.protocol import Engine
from cardrules.serve.stores import TableStore, open_store
from cardrules.serve.supervisor import run_servers
from cardrules.serve.thinking import Thinking, search_threads
from cardrules.serve.transport import HeadLimit

__all__ = [
    "HEADER_TIMEOUT",
    "LOOPBACK_NAMES",
    "MAX_CONNECTIONS",
    "MAX_FRAME",
    "SEND_QUEUE",
    "ServeOptions",
    "client_modules",
    "create_app",
    "serve",
]

_SCHEMA = "protocol.schema.json"

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


def create_app(db: str, *, options: ServeOptions | None = None, **keywords: Any) -> Starlette:
    """The ASGI application: ``/ws`` (the protocol), ``/protocol.schema.json``, and the web table
    (``static/``: a lobby and a table for each game) at ``/``.

    ``db`` is the SQLite database of tables (``:memory:`` keeps nothing), or a PostgreSQL URL
    (``postgresql://user:password@host/dbname``; the postgres extra). The options are
    ``options``, or ``ServeOptions(**keywords)`` (``allowed_hosts``, ``allowed_origins``,
    ``send_queue``, ``limits``, ``bot_seconds``, ``bot_pace``, ``bots``, ``bot_workers``...;
    ``ConfigError`` for a bad one, before the database is opened); those of the transport
    (``max_frame``, ``header_timeout``, ``max_connections``) are uvicorn's, which ``serve`` sets.
    Requests that may wait on a search take ``thinking.search_threads(bot_workers)`` threads of
    their own, and one client at most half of those threads and half of the workers at once.
    """
    options = _options(options, keywords)
    thinking = Thinking(seconds=options.bot_seconds, workers=options.bot_processes)
    site = _Site(open_store(db, options.limits, options.bot_map), thinking, options)
    return Starlette(
        routes=[
            WebSocketRoute("/ws", site.socket_endpoint),
            Route("/protocol.schema.json", _schema),
            Mount("/client", StaticFiles(directory=client_modules())),
            Mount("/", StaticFiles(packages=[("cardrules.serve", "static")], html=True)),
        ],
        middleware=[
            Middleware(HeadLimit),
            Middleware(_SecurityHeaders),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(options.allowed_hosts)),
        ],
        lifespan=site.lifespan,
    )


def serve(
    db: str,
    host: str,
    port: int,
    *,
    options: ServeOptions | None = None,
    listening: Callable[[int], None] | None = None,
    **keywords: Any,
) -> None:
    """Run the server on ``host:port`` until interrupted (``cardrules serve``; docs/deploying.md).

    The options are ``options``, or ``ServeOptions(**keywords)`` (every field of the record:
    ``max_frame``, ``workers``, ``bot_workers``, ``allowed_hosts``...; ``ConfigError`` for a bad
    one). ``options.workers`` processes answer on the one port, sharing a PostgreSQL ``db``
    (``ConfigError`` for more than one on SQLite); one that dies is started again
    (``supervisor``). ``listening(port)`` is called once the server listens (the port it listens
    on: ``port``, or the one the system chose for 0).
    """
    options = _options(options, keywords)
    options.check_db(db)
    if options.workers > 1:
        open_store(db, options.limits, options.bot_map).close()  # a bad database or bot: said once, here
    run_servers(functools.partial(create_app, db, options=options), options, host, port, listening)


def _options(options: ServeOptions | None, keywords: dict[str, Any]) -> ServeOptions:
    """The record given, or the one the keywords make (``ConfigError`` for both, or a bad one)."""
    if options is None:
        try:
            return ServeOptions(**keywords)
        except TypeError as exc:  # a keyword that is no option
            raise ConfigError(f"{exc}; the options are ServeOptions' fields") from None
    if keywords:
        raise ConfigError(f"give options or keywords, not both (got {', '.join(sorted(keywords))})")
    return options


class _Site:
    """What the application's WebSocket endpoint and lifespan share: the tables, the bots' worker
    processes, the hub over them, and the options it needs."""

    def __init__(self, store: TableStore, thinking: Thinking, options: ServeOptions) -> None:
        self.store = store
        self.thinking = thinking
        engine = Engine(store, thinking, paced=True, review_budget=options.review_budget)
        self.hub = Hub(engine, search_threads(thinking.workers))
        self.origins = options.origins
        self.send_queue = options.send_queue
        self.bot_pace = options.bot_pace

    async def socket_endpoint(self, websocket: WebSocket) -> None:
        """One WebSocket connection, from the handshake (refused to an origin not allowed) to the
        close frame."""
        if not _origin_allowed(websocket, self.origins):
            await _refuse(websocket, "this page's origin may not open /ws on this server")
            return
        await websocket.accept()
        connection = Connection(websocket, self.send_queue)
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


def _origin_allowed(websocket: WebSocket, allowed: frozenset[Origin] | None) -> bool:
    """A browser says which page opens the socket: only the server's own pages and the origins
    allowed may, so that no other site can drive it from its visitors' browsers."""
    text = websocket.headers.get("origin")
    if text is None or allowed is None:
        return True  # not a browser (a browser always sends Origin), or any origin allowed
    origin = parse_origin(text)
    if origin is None:
        return False
    if origin in allowed:
        return True
    # Behind a TLS proxy the scheme comes from X-Forwarded-Proto (uvicorn's proxy headers).
    scheme = "https" if websocket.scope.get("scheme") == "wss" else "http"
    return origin == parse_origin(f"{scheme}://{websocket.headers.get('host', '')}")


async def _refuse(websocket: WebSocket, reason: str) -> None:
    """HTTP 403 before the handshake completes, with the reason where the server can say it."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(PlainTextResponse(reason + "\n", status_code=403))
    else:
        await websocket.close(code=1008, reason=reason)  # uvicorn answers 403 to a close before accept
