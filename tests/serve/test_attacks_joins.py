"""Join floods (issue 55): a join of a long table sends a bounded reply (the position and the latest
events), and ``events`` pages back through the rest, exactly. Before, every join sent every
event: a finished Clubs game to 200 was a 555 KB reply for a 48-byte request."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import GAMES, dumps
from cardrules.serve.protocol import MAX_EVENTS, Engine, Session
from cardrules.serve.stores import SQLiteStore, stored_transcript


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    store = SQLiteStore(str(tmp_path / "tables.db"))
    yield Engine(store)
    store.close()


def _db(engine: Engine) -> str:
    assert isinstance(engine.store, SQLiteStore)
    return engine.store.path


def _every_event(db: str, table: str, seat: int | None) -> list[dict[str, Any]]:
    """The table's events rebuilt from its stored transcript with the rules alone."""
    record = stored_transcript(db, table)
    game = GAMES[record.game]
    state = game.new_game(record.seed, record.config)
    events = list(game.opening_events(state))
    for move in record.moves:
        state, more = game.step(state, move)
        events.extend(more)
    return [{"event": json.loads(dumps(e)), "text": game.describe(e, seat)} for e in events]


def test_a_join_of_a_long_finished_table_is_bounded_and_pages_back_exactly(engine: Engine) -> None:
    created = engine.handle(
        {"op": "new", "game": "clubs", "seed": 8, "config": {"threshold": 200}, "seats": ["heuristic"] * 4},
        Session(),
    )
    spectator = Session()
    joined = engine.handle({"op": "join", "table": created["table"]}, spectator)
    assert joined["outcome"] is not None and joined["moves"] > 2_000
    every = _every_event(_db(engine), created["table"], None)
    assert len(every) > 4 * MAX_EVENTS
    assert len(joined["events"]) == MAX_EVENTS and joined["events_from"] == len(every) - MAX_EVENTS
    assert joined["events"] == every[-MAX_EVENTS:]
    assert len(json.dumps(joined)) < 100_000
    pages, before = [joined["events"]], joined["events_from"]
    while before > 0:
        page = engine.handle({"op": "events", "table": created["table"], "before": before}, spectator)
        assert page["ok"] and page["seat"] is None and len(page["events"]) == min(MAX_EVENTS, before)
        assert page["events_from"] == before - len(page["events"])
        pages.insert(0, page["events"])
        before = page["events_from"]
    assert [e for page in pages for e in page] == every
    again = engine.handle({"op": "view", "table": created["table"]}, spectator)
    assert again["events"] == [] and again["events_from"] == len(every)  # told once


def test_a_seat_away_for_long_is_sent_the_latest_events_only(engine: Engine) -> None:
    created = engine.handle(
        {"op": "new", "game": "manager", "seed": 3, "seats": ["human", "heuristic"], "seat": 0}, Session()
    )
    table, token = created["table"], created["tokens"]["0"]
    player = Session()
    reply = engine.handle({"op": "join", "table": table, "token": token}, player)
    first = reply["events_from"] + len(reply["events"])
    away = Session()  # the same seat through a connection that stopped listening after its join
    engine.handle({"op": "join", "table": table, "token": token}, away)
    while reply["outcome"] is None and reply["moves"] < 400:
        reply = engine.handle(
            {"op": "play", "table": table, "token": token, "move": reply["legal"][0]}, player
        )
        assert reply["ok"], reply
    back = engine.handle({"op": "view", "table": table, "token": token}, away)
    total = len(_every_event(_db(engine), table, 0))
    assert total - first > MAX_EVENTS
    assert back["events_from"] == total - MAX_EVENTS and len(back["events"]) == MAX_EVENTS
    assert back["events"] == _every_event(_db(engine), table, 0)[-MAX_EVENTS:]


def test_a_page_of_events_is_asked_for_within_bounds(engine: Engine) -> None:
    created = engine.handle(
        {"op": "new", "game": "manager", "seed": 3, "seats": ["heuristic"] * 2}, Session()
    )
    table = created["table"]
    for bad in ({"limit": 0}, {"limit": MAX_EVENTS + 1}, {"limit": "5"}, {"before": -1}, {"before": 1.5}):
        reply = engine.handle({"op": "events", "table": table, **bad}, Session())
        assert reply["error"]["type"] == "ProtocolError", (bad, reply)
    page = engine.handle({"op": "events", "table": table, "before": 10**9, "limit": 3}, Session())
    every = _every_event(_db(engine), table, None)
    assert page["events"] == every[-3:] and page["events_from"] == len(every) - 3
    start = engine.handle({"op": "events", "table": table, "before": 2}, Session())
    assert start["events"] == every[:2] and start["events_from"] == 0
