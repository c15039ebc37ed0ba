"""Spectators (issue 55): pushes to a table's spectators cost one view however many watch, one
address watches a bounded number of tables, and no push is lost when two are computed at once.
Each test failed on the server that computed a view per watcher, capped nothing, and dropped a
push that arrived after a later one."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from serve_support import stopped_after
from test_serve_websocket import Server

from cardrules.serve.hub import Hub
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import SQLiteStore


class _Watcher:
    """A connection as the hub sees it: what it was pushed."""

    def __init__(self, client: str = "127.0.0.1") -> None:
        self.session = Session(client=client)
        self.tables: set[str] = set()
        self.pushed: dict[str, int] = {}
        self.closing = None
        self.told: list[dict[str, Any]] = []

    def put(self, text: str) -> None:
        self.told.append(json.loads(text))


@pytest.fixture
def engine() -> Iterator[Engine]:
    store = SQLiteStore(":memory:")
    yield Engine(store)
    store.close()


def _two_seat_table(engine: Engine) -> tuple[str, dict[str, str]]:
    created = engine.handle({"op": "new", "game": "manager", "seed": 4, "seat": [0, 1]}, Session())
    return created["table"], created["tokens"]


def _move(engine: Engine, table: str, tokens: dict[str, str]) -> None:
    seat = str(engine.handle({"op": "view", "table": table}, Session())["to_act"])
    view = engine.handle({"op": "view", "table": table, "token": tokens[seat]}, Session())
    assert engine.handle(
        {"op": "play", "table": table, "token": tokens[seat], "move": view["legal"][0]}, Session()
    )["ok"]


def test_a_push_computed_first_is_never_dropped_for_one_delivered_first(engine: Engine) -> None:
    """Two pushes at one table at once: the first computed takes longer to come back than the
    second. Every event reaches the spectator, in order."""
    hub = Hub(engine, search_threads=8)
    table, tokens = _two_seat_table(engine)
    watcher = _Watcher()
    joined = engine.handle({"op": "join", "table": table}, watcher.session)
    hub.watch(table, watcher)  # type: ignore[arg-type]
    real, calls = hub.pushes, []

    def slow_first(table_id: str, others: Any) -> Any:
        pushes = real(table_id, others)
        calls.append(table_id)
        if len(calls) == 1:
            time.sleep(0.5)  # computed, then late back from its thread
        return pushes

    hub.pushes = slow_first  # type: ignore[method-assign]

    async def both() -> None:
        _move(engine, table, tokens)
        first = asyncio.create_task(hub.push(table, None))
        await asyncio.sleep(0.15)
        _move(engine, table, tokens)
        await asyncio.gather(first, hub.push(table, None))

    asyncio.run(both())
    told = [e["text"] for reply in watcher.told for e in reply["events"]]
    every = engine.handle({"op": "events", "table": table, "before": 10**6}, Session())["events"]
    assert told == [e["text"] for e in every[len(joined["events"]) :]]
    assert [reply["moves"] for reply in watcher.told] == sorted(reply["moves"] for reply in watcher.told)


def test_spectators_share_one_view_a_push(engine: Engine) -> None:
    hub = Hub(engine, search_threads=8)
    table, tokens = _two_seat_table(engine)
    watchers = [_Watcher(f"10.0.0.{k}") for k in range(50)]
    for watcher in watchers:
        engine.handle({"op": "join", "table": table}, watcher.session)
        hub.watch(table, watcher)  # type: ignore[arg-type]
    views = []
    real_handle = engine.handle

    def counting(request: Any, session: Session) -> dict[str, Any]:
        views.append(request)
        return real_handle(request, session)

    engine.handle = counting  # type: ignore[method-assign]
    _move(engine, table, tokens)
    views.clear()
    asyncio.run(hub.push(table, None))
    assert len(views) == 1
    texts = {json.dumps(w.told[-1]) for w in watchers}
    assert len(texts) == 1 and all(len(w.told) == 1 for w in watchers)
    _move(engine, table, tokens)
    asyncio.run(hub.push(table, None))
    assert all(len(w.told) == 2 for w in watchers)
    assert all(w.told[1]["moves"] > w.told[0]["moves"] and w.told[1]["events"] for w in watchers)


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Server]:
    yield from stopped_after(Server(tmp_path / "tables.db", options=["--max-watched-per-client", "3"]))


def test_one_address_watches_a_bounded_number_of_tables(capped: Server) -> None:
    with capped.client() as maker:
        tables = [
            maker.ask(op="new", game="manager", seed=k, seats=["heuristic"] * 2)["table"] for k in range(4)
        ]
    with capped.client() as one, capped.client() as two:
        assert one.ask(op="join", table=tables[0])["ok"] and one.ask(op="join", table=tables[1])["ok"]
        assert two.ask(op="join", table=tables[2])["ok"]
        refused = two.ask(op="join", table=tables[3])
        assert refused["error"]["type"] == "LimitError" and "watch 3 tables" in refused["error"]["message"]
        assert one.ask(op="view", table=tables[0])["ok"]  # a table it watches already: not one more
    with capped.client() as three:  # the others closed: room again
        deadline = time.monotonic() + 10
        while not (reply := three.ask(op="join", table=tables[3]))["ok"] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert reply["ok"], reply
