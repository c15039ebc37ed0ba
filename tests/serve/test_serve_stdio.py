"""``cardrules serve --stdio``: the protocol driven through the real command, as a program in
another language would drive it, with its tables in a real SQLite file."""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardrules import GAMES, dumps, loads, replay
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import SQLiteStore, TableStore, open_store, stored_transcript
from cardrules.transcript import Transcript

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
REPLY = jsonschema.Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})
REQUEST = jsonschema.Draft202012Validator({"$ref": "#/$defs/request", "$defs": SCHEMA["$defs"]})


class Server:
    """The real ``cardrules serve --stdio`` process: one request a line, one reply a line."""

    def __init__(self, db: Path | str) -> None:
        self.db = db
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardrules", "serve", "--stdio", "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.next_id = 0

    def ask(self, **request: Any) -> dict[str, Any]:
        self.next_id += 1
        request.setdefault("id", self.next_id)
        reply = self.raw(json.dumps(request))
        if reply["ok"]:  # a request the server took is one the schema describes
            REQUEST.validate(request)
        return reply

    def raw(self, line: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        reply: dict[str, Any] = json.loads(self.process.stdout.readline())
        REPLY.validate(reply)  # every reply, errors included, has the documented shape
        return reply

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._release()

    def close(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(timeout=30)
        self._release()
        return code

    def _release(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "tables.db")
    yield running
    if running.process.poll() is None:
        running.kill()
    running._release()


def _play_out(server: Server, table: str, tokens: dict[str, str], reply: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal move for whichever human seat is to act, to the end."""
    while reply["outcome"] is None:
        seat = str(reply["to_act"])
        view = server.ask(op="view", table=table, token=tokens[seat])
        assert view["ok"] and view["legal"], view
        reply = server.ask(op="play", table=table, token=tokens[seat], move=view["legal"][0])
        assert reply["ok"], reply
    return reply


# 80 Points' whole match is thousands of moves: in the full run only.
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "eighty_points" else n for n in GAMES]
)
def test_a_whole_game_of_humans_and_bots(server: Server, name: str) -> None:
    """A table with a human at every even seat and bots elsewhere, played to its end through the
    protocol: each reply's view is exactly the seat's view of the replayed game, bots moved before
    each reply, and the transcript replays to the same outcome."""
    players = GAMES[name].num_players(None)
    seats = ["human" if s % 2 == 0 else "random" for s in range(players)]
    created = server.ask(op="new", game=name, seed=11, seats=seats, seat=list(range(0, players, 2)))
    assert created["ok"], created
    table, tokens = created["table"], created["tokens"]
    assert sorted(tokens) == [str(s) for s in range(0, players, 2)]
    first = server.ask(op="join", table=table, token=tokens["0"])
    assert first["seat"] == 0 and isinstance(first["events"], list), first
    assert first["to_act"] is None or seats[first["to_act"]] == "human"  # bots moved first
    end = _play_out(server, table, tokens, first)
    transcript = server.ask(op="transcript", table=table)["transcript"]
    game_record = loads(json.dumps(transcript))
    assert type(game_record) is Transcript and game_record.game == name
    final = replay(game_record)
    outcome = GAMES[name].outcome(final)
    assert outcome is not None
    assert end["outcome"] == {"scores": list(outcome.scores), "winners": list(outcome.winners)}
    assert end["view"] == json.loads(dumps(GAMES[name].view(final, end["seat"])))
    assert any(e["event"]["data"]["type"] == "GameOver" for e in end["events"])


def test_views_events_and_spectators_show_nothing_hidden(server: Server) -> None:
    """Each seat's reply holds its own view only; events come once each, with their sentence for
    that seat; a spectator (table, no token) gets the public cards and counts of hidden ones."""
    created = server.ask(
        op="new", game="clubs", seed=3, seats=["human", "human", "random", "random"], seat=[0, 1]
    )
    table, tokens = created["table"], created["tokens"]
    seat0 = server.ask(op="view", table=table, token=tokens["0"])
    seat1 = server.ask(op="view", table=table, token=tokens["1"])
    assert seat0["view"]["data"]["player"] == 0 and seat1["view"]["data"]["player"] == 1
    assert seat0["view"]["data"]["hand"] != seat1["view"]["data"]["hand"]
    assert seat0["legal"] and not seat1["legal"]  # seat 0 leads; seat 1 may not move
    assert [e["text"] for e in seat0["events"]] == ["Round 1 is dealt: 13 cards each."]
    again = server.ask(op="view", table=table, token=tokens["0"])
    assert again["events"] == []  # sent once
    played = server.ask(op="play", table=table, token=tokens["0"], move=seat0["legal"][0])
    assert played["events"][0]["text"].startswith("You play the ")
    watcher = server.ask(op="join", table=table)
    assert watcher["seat"] is None and watcher["legal"] == []
    hidden = {z["name"]: z["count"] for z in watcher["view"]["hidden"]}
    assert hidden == {"hand 0": 12, "hand 1": 13, "hand 2": 13, "hand 3": 13}
    public = {z["name"]: z["cards"] for z in watcher["view"]["public"]}
    assert public["trick"] == [played["view"]["data"]["trick"][0]]
    assert all(e["text"].startswith("Seat 0 plays") for e in watcher["events"][1:])
    # Who sits where is public: every reply, a spectator's too, says it as the table was made.
    assert seat1["seats"] == watcher["seats"] == ["human", "human", "random", "random"]


def test_errors_are_typed_replies_and_change_nothing(server: Server) -> None:
    """Bad requests get the library's error types (ProtocolError for what is no request); the
    server goes on and the table is unchanged."""
    created = server.ask(op="new", game="clubs", seed=3, seats=["human", "random", "random", "random"])
    table, token = created["table"], created["tokens"]["0"]
    before = server.ask(op="view", table=table, token=token)
    cases = [
        ({"op": "play", "table": table, "token": token, "move": "BJ"}, "MoveParseError"),
        ({"op": "play", "table": table, "token": token, "action": 99}, "IllegalMoveError"),
        ({"op": "play", "table": table, "token": "nope", "move": "2C"}, "StateError"),
        ({"op": "play", "table": table, "move": "2C"}, "IllegalMoveError"),  # a spectator
        ({"op": "new", "game": "chess", "seed": 1}, "ConfigError"),
        ({"op": "new", "game": "clubs", "seed": 1, "config": {"players": 9}}, "ConfigError"),
        (
            {"op": "new", "game": "clubs", "seed": 1, "seats": ["human", "robot", "random", "random"]},
            "ConfigError",
        ),
        ({"op": "view", "table": "missing"}, "StateError"),
        ({"op": "fly"}, "ProtocolError"),
        ({"op": "new", "game": "clubs", "seed": 7.5}, "ProtocolError"),
        ({"op": "new", "game": "clubs", "seed": True}, "ProtocolError"),
        ({"op": "new", "game": "clubs", "seed": "07"}, "ConfigError"),
        ({"op": "new", "game": "clubs", "seed": 2**53}, "ConfigError"),
        # no pushes over stdio: the bots always move before the reply
        (
            {"op": "play", "table": table, "token": token, "move": "2C", "bots_after_reply": True},
            "ProtocolError",
        ),
        ({"op": "new", "game": "clubs", "seed": 1, "bots_after_reply": True}, "ProtocolError"),
    ]
    for request, kind in cases:
        reply = server.ask(**request)
        assert reply["ok"] is False and reply["error"]["type"] == kind, (request, reply)
        assert reply["error"]["message"]
    assert server.raw("not json") == {
        "id": None,
        "ok": False,
        "error": {"type": "ProtocolError", "message": server.raw("not json")["error"]["message"]},
    }
    assert server.raw("[1, 2]")["error"]["type"] == "ProtocolError"
    after = server.ask(op="view", table=table, token=token)
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    assert server.close() == 0


def test_a_seed_is_sent_as_a_decimal_string_or_as_a_small_integer(server: Server) -> None:
    """Any seed as the string JSON documents write it; one up to 2**53 - 1 as a number too, the
    same deal. The finished table's transcript holds a large seed as that string, exact."""
    seats = ["human", "random", "random", "random"]
    deals = []
    for seed in ("7", 7):
        created = server.ask(op="new", game="clubs", seed=seed, seats=seats, config={"threshold": 1})
        assert created["ok"] and created["deal"]["chosen"] is True, created
        deals.append(server.ask(op="join", table=created["table"], token=created["tokens"]["0"])["view"])
    assert deals[0] == deals[1]
    big = server.ask(
        op="new", game="clubs", seed="11310772225009022492", seats=seats, config={"threshold": 1}
    )
    table, tokens = big["table"], big["tokens"]
    _play_out(server, table, tokens, server.ask(op="join", table=table, token=tokens["0"]))
    transcript = server.ask(op="transcript", table=table)["transcript"]
    assert transcript["format"] == 3 and transcript["data"]["seed"] == "11310772225009022492"
    assert loads(json.dumps(transcript)).seed == 11310772225009022492
    assert big["deal"]["reveal"] is None  # a practice table: its creator knows the seed


@pytest.mark.slow  # a server process killed and started again
def test_a_killed_server_resumes_every_table_with_no_move_lost(store_db: str) -> None:
    """Every accepted move is committed before its reply: SIGKILL the server after some moves,
    start it again on the same database (SQLite, then PostgreSQL), and each table goes on from its
    last move."""
    db = store_db
    first = Server(db)
    tables = []
    for name in ("clubs", "manager"):
        players = GAMES[name].num_players(None)
        created = first.ask(op="new", game=name, seed=5, seats=["human"] * players, seat=list(range(players)))
        tables.append((name, created["table"], created["tokens"]))
    made: dict[str, list[str]] = {}
    for _name, table, tokens in tables:
        made[table] = []
        reply = first.ask(op="join", table=table, token=tokens["0"])
        for _ in range(7):
            seat = str(reply["to_act"])
            view = first.ask(op="view", table=table, token=tokens[seat])
            reply = first.ask(op="play", table=table, token=tokens[seat], move=view["legal"][0])
            assert reply["ok"]
            made[table].append(view["legal"][0])
    first.kill()
    second = Server(db)
    try:
        for name, table, tokens in tables:
            record = stored_transcript(str(db), table)
            assert [GAMES[name].format_move(m) for m in record.moves] == made[table]
            reply = second.ask(op="view", table=table, token=tokens["0"])
            state = replay(record)
            assert reply["to_act"] == state.to_act
            assert _play_out(second, table, tokens, reply)["outcome"] is not None
    finally:
        assert second.close() == 0


def test_end_of_input_stops_the_server_cleanly(tmp_path: Path) -> None:
    running = Server(tmp_path / "t.db")
    assert running.ask(op="games")["protocol"] == 4
    assert running.close() == 0
    assert os.path.getsize(tmp_path / "t.db") > 0


def test_the_documented_schema_is_the_shipped_one() -> None:
    """docs/protocol.md shows the schema the package ships, not a copy that drifted."""
    text = (Path(__file__).parents[2] / "docs/protocol.md").read_text(encoding="utf-8")
    block = text.split("## JSON Schema", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == SCHEMA


def test_oversized_replayed_and_forged_requests_change_nothing(server: Server) -> None:
    """A request over 64 KiB, a move sent twice, another seat's move with one's own token: each an
    error reply, the table as it was."""
    created = server.ask(op="new", game="clubs", seed=4, seats=["human"] * 4, seat=[0, 1, 2, 3])
    table, tokens = created["table"], created["tokens"]
    start = server.ask(op="view", table=table, token=tokens["0"])
    huge = server.raw(json.dumps({"op": "view", "table": table, "pad": "x" * 70_000}))
    assert huge["error"]["type"] == "ProtocolError" and "at most 65,536" in huge["error"]["message"]
    move = {"op": "play", "table": table, "token": tokens["0"], "move": start["legal"][0], "id": "once"}
    assert server.raw(json.dumps(move))["ok"]
    again = server.raw(json.dumps(move))
    assert (
        again["error"]["type"] == "IllegalMoveError" and "seat 0 is not to act" in again["error"]["message"]
    )
    seat1 = server.ask(op="view", table=table, token=tokens["1"])
    forged = server.ask(op="play", table=table, token=tokens["2"], move=seat1["legal"][0])
    assert forged["error"]["type"] == "IllegalMoveError"
    assert len(stored_transcript(str(server.db), table).moves) == 1


def test_tokens_are_long_random_and_never_repeat(server: Server) -> None:
    """128 random bits a token or an invitation (URL-safe base64, 22 characters): no two alike over
    many tables, nor a token the same as an invitation."""
    seen = set()
    for seed in range(20):
        created = server.ask(
            op="new", game="pub_derby", seed=seed, config={"format": "big_squad"}, seat=[0, 1]
        )
        assert len(created["tokens"]) == 2 and len(created["invitations"]) == 6
        for token in [*created["tokens"].values(), *created["invitations"].values()]:
            assert len(token) >= 22
            seen.add(token)
    assert len(seen) == 160


def test_one_broken_table_never_touches_another(tmp_path: Path) -> None:
    """A table whose stored record is damaged (its game unknown) answers with an error; the other
    tables of the same database play on."""
    import sqlite3

    db = tmp_path / "tables.db"
    first = Server(db)
    good = first.ask(op="new", game="clubs", seed=1, seats=["human", "random", "random", "random"])
    bad = first.ask(op="new", game="clubs", seed=2, seats=["human", "random", "random", "random"])
    assert first.close() == 0
    with contextlib.closing(sqlite3.connect(db)) as connection, connection:
        connection.execute("UPDATE tables SET game = 'chess' WHERE id = ?", (bad["table"],))
    second = Server(db)
    broken = second.ask(op="view", table=bad["table"], token=bad["tokens"]["0"])
    assert broken["ok"] is False and broken["error"]["type"] in ("ConfigError", "StateError")
    fine = second.ask(op="view", table=good["table"], token=good["tokens"]["0"])
    assert (
        fine["ok"]
        and second.ask(op="play", table=good["table"], token=good["tokens"]["0"], move=fine["legal"][0])["ok"]
    )
    assert second.close() == 0


# The store behind both transports, in-process: what one request commits, and when.

_BOTS = ["human", "random", "random", "random"]


@pytest.fixture
def engine_at() -> Iterator[Callable[[Path | str], tuple[Engine, Session]]]:
    """Opens an engine on a database (a file or a URL); every store it opened is closed after the
    test."""
    stores: list[TableStore] = []

    def open_engine(db: Path | str) -> tuple[Engine, Session]:
        stores.append(open_store(str(db)))
        return Engine(stores[-1]), Session()

    yield open_engine
    for store in stores:
        store.close()


def test_a_move_that_cannot_be_stored_is_refused_and_changes_nothing(
    tmp_path: Path, engine_at: Callable[[Path | str], tuple[Engine, Session]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The human's move and the bots' answers are one transaction: if it fails, the reply is a
    StateError, nothing is stored and the table is where it was, in memory as on disk."""
    engine, session = engine_at(tmp_path / "t.db")
    created = engine.handle({"op": "new", "game": "clubs", "seed": 3, "seats": _BOTS}, session)
    table, token = created["table"], created["tokens"]["0"]
    before = engine.handle({"op": "join", "table": table, "token": token}, session)

    def broken(self: SQLiteStore, rows: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with monkeypatch.context() as patch:
        patch.setattr(SQLiteStore, "_write", broken)
        refused = engine.handle(
            {"op": "play", "table": table, "token": token, "move": before["legal"][0]}, session
        )
    assert refused["ok"] is False and refused["error"]["type"] == "StateError"
    after = engine.handle({"op": "view", "table": table, "token": token}, session)
    assert (after["moves"], after["view"], after["legal"]) == (
        before["moves"],
        before["view"],
        before["legal"],
    )
    played = engine.handle(
        {"op": "play", "table": table, "token": token, "move": before["legal"][0]}, session
    )
    assert played["ok"] and played["moves"] > before["moves"]
    engine.store.close()
    again, fresh = engine_at(tmp_path / "t.db")
    stored = again.handle({"op": "view", "table": table, "token": token}, fresh)
    assert (stored["moves"], stored["view"]) == (played["moves"], played["view"])


def test_threads_committing_at_once_share_one_commit(
    tmp_path: Path, engine_at: Callable[[Path | str], tuple[Engine, Session]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit: while one transaction is being written, the moves of every other table
    wait together and go in the next one; each reply comes after its own moves are stored."""
    engine, _ = engine_at(tmp_path / "t.db")
    tables = [
        engine.handle({"op": "new", "game": "clubs", "seed": s, "seats": _BOTS}, Session()) for s in range(6)
    ]
    writes: list[int] = []
    real_write = SQLiteStore._write

    def slow_first(self: SQLiteStore, rows: list[Any]) -> None:
        if not writes:  # hold the first transaction until the five other tables have queued
            while len(self._open.groups) < 5:
                time.sleep(0.001)
        writes.append(len({values[0] for _, values in rows}))
        real_write(self, rows)

    monkeypatch.setattr(SQLiteStore, "_write", slow_first)

    def play(created: dict[str, Any]) -> dict[str, Any]:
        session = Session()
        view = engine.handle(
            {"op": "join", "table": created["table"], "token": created["tokens"]["0"]}, session
        )
        return engine.handle({"op": "play", "move": view["legal"][0]}, session)

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        replies = list(pool.map(play, tables))
    assert all(r["ok"] for r in replies) and writes == [1, 5]
    engine.store.close()
    again, session = engine_at(tmp_path / "t.db")
    for created, reply in zip(tables, replies, strict=True):
        stored = again.handle(
            {"op": "view", "table": created["table"], "token": created["tokens"]["0"]}, session
        )
        assert (stored["moves"], stored["view"]) == (reply["moves"], reply["view"])


def test_finished_tables_leave_memory_and_come_back_from_the_database(
    store_db: str, engine_at: Callable[[Path | str], tuple[Engine, Session]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the last finished tables stay loaded; an older one is replayed, the same game (in
    SQLite and in PostgreSQL)."""
    monkeypatch.setattr("cardrules.serve.stores.base._FINISHED", 1)
    engine, session = engine_at(store_db)
    ended = []
    for seed in range(2):
        request = {"op": "new", "game": "clubs", "seed": seed, "seats": _BOTS, "config": {"threshold": 1}}
        created = engine.handle(request, session)
        table, token = created["table"], created["tokens"]["0"]
        reply = engine.handle({"op": "join", "table": table, "token": token}, session)
        while reply["outcome"] is None:
            reply = engine.handle(
                {"op": "play", "table": table, "token": token, "move": reply["legal"][0]}, session
            )
        ended.append((table, token, reply))
    assert not engine.store.tables and list(engine.store.finished) == [ended[1][0]]
    for table, token, reply in ended:
        again = engine.handle({"op": "view", "table": table, "token": token}, Session())
        assert (again["moves"], again["view"], again["outcome"]) == (
            reply["moves"],
            reply["view"],
            reply["outcome"],
        )
