"""``cardrules serve --host 127.0.0.1 --port 8000``: the protocol over WebSocket (``/ws``) and the
web table at ``/``, on Starlette and uvicorn (the ``serve`` extra).

Each WebSocket connection is a session: it may ``join`` tables and then omit ``table``/``token``.
Requests run in worker threads, one table at a time (a lock a table), so that bots thinking at one
table never hold up another. After a move, every other connection that joined the table is sent
its own state reply (``"id": null``): the new events and its seat's new view, nothing more.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.serve.protocol import Engine, Session, error_reply, parse_request
from cardrules.serve.tables import Store

__all__ = ["create_app"]

_SCHEMA = "protocol.schema.json"


class _Hub:
    """The engine, and the connections at each table to push what changed there."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.watchers: dict[str, dict[WebSocket, Session]] = {}  # touched by the event loop only

    def handle(self, request: object, session: Session) -> dict[str, Any]:
        return self.engine.handle(request, session)

    def pushes(
        self, table_id: str, others: list[tuple[WebSocket, Session]]
    ) -> list[tuple[WebSocket, dict[str, Any]]]:
        """Each other watcher's state reply after a change at the table (in a worker thread)."""
        return [
            (s, {**self.engine.handle({"op": "view", "table": table_id}, ss), "id": None}) for s, ss in others
        ]


def create_app(db: str) -> Starlette:
    """The ASGI application: ``/ws`` (the protocol), ``/protocol.schema.json``, and the web table
    (``static/``: a lobby and a table for each game) at ``/``."""
    store = Store(db)
    hub = _Hub(Engine(store))

    async def socket_endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        session = Session()
        try:
            while True:
                reply, changed = await _answer(hub, session, await websocket.receive_text())
                await websocket.send_text(json.dumps(reply, ensure_ascii=False))
                if reply["ok"] and "seat" in reply:
                    hub.watchers.setdefault(reply["table"], {})[websocket] = session
                if changed is not None:
                    others = [
                        (s, ss) for s, ss in hub.watchers.get(changed, {}).items() if s is not websocket
                    ]
                    if others:  # no thread hop for a table nobody else watches
                        for socket, push in await anyio.to_thread.run_sync(hub.pushes, changed, others):
                            await _send_quietly(socket, push)
        except WebSocketDisconnect:
            pass
        finally:
            for watchers in hub.watchers.values():
                watchers.pop(websocket, None)

    async def schema(request: Request) -> JSONResponse:
        from importlib.resources import files

        text = files("cardrules.serve").joinpath(_SCHEMA).read_text(encoding="utf-8")
        return JSONResponse(json.loads(text))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        store.close()

    return Starlette(
        routes=[
            WebSocketRoute("/ws", socket_endpoint),
            Route("/protocol.schema.json", schema),
            Mount("/", StaticFiles(packages=[("cardrules.serve", "static")], html=True)),
        ],
        lifespan=lifespan,
    )


async def _answer(hub: _Hub, session: Session, text: str) -> tuple[dict[str, Any], str | None]:
    """The reply, and the table a move changed (``None`` if none)."""
    request, refused = parse_request(text)
    if refused is not None:
        return refused, None
    try:
        reply = await anyio.to_thread.run_sync(hub.handle, request, session)
    except Exception as exc:  # a bug of ours: this request fails, the server and its tables go on
        return error_reply(request, exc), None
    moved = reply["ok"] and isinstance(request, dict) and request.get("op") == "play"
    return reply, reply["table"] if moved else None


async def _send_quietly(socket: WebSocket, message: dict[str, Any]) -> None:
    """Push to a watcher; one that has gone away is dropped when its own loop notices."""
    with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
        await socket.send_text(json.dumps(message, ensure_ascii=False))
