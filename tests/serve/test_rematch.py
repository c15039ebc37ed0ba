"""``rematch``: a finished table's seats play again, the same game, config and seats at a new fair
deal, each seat taking its own place there with its own request; the real server on 127.0.0.1
(SQLite, then PostgreSQL), started and stopped by each test."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import jsonschema
from serve_support import ServerProcess
from websockets.sync.client import ClientConnection, connect

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
REPLY = jsonschema.Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})
REQUEST = jsonschema.Draft202012Validator({"$ref": "#/$defs/request", "$defs": SCHEMA["$defs"]})


class _Client:
    """One WebSocket connection; every message both ways checked against the schema."""

    def __init__(self, server: ServerProcess) -> None:
        self.ws: ClientConnection = connect(f"ws://{server.address}/ws").__enter__()
        self.next_id = 0

    def ask(self, valid: bool = True, **request: Any) -> dict[str, Any]:
        """The reply to ``request`` (checked against the schema unless it is not ``valid``)."""
        self.next_id += 1
        request["id"] = self.next_id
        if valid:
            REQUEST.validate(request)
        self.ws.send(json.dumps(request))
        while True:
            reply = self.receive()
            if reply["id"] == request["id"]:
                return reply

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        REPLY.validate(reply)
        return reply

    def close(self) -> None:
        self.ws.close()


def _finished_table(a: _Client, b: _Client) -> tuple[str, dict[str, str]]:
    """A practice Clubs table of two people (seats 0 and 1, one connection each) and two random
    bots, to 1 point, played to the end by both people; its id and the people's tokens."""
    created = a.ask(
        op="new",
        game="clubs",
        seed=5,
        config={"threshold": 1},
        seats=["human", "human", "random", "random"],
        seat=[0, 1],
    )
    table, tokens = created["table"], created["tokens"]
    clients = {0: a, 1: b}
    states = {s: c.ask(op="join", table=table, token=tokens[str(s)]) for s, c in clients.items()}
    while any(state["outcome"] is None for state in states.values()):
        # each seat as its own connection's server sees it (another process's may be a moment behind)
        for seat, state in states.items():
            if state["legal"]:
                played = clients[seat].ask(
                    op="play", table=table, token=tokens[str(seat)], move=state["legal"][0]
                )
                assert played["ok"], played
                break
        else:
            time.sleep(0.05)
        states = {s: c.ask(op="view", table=table, token=tokens[str(s)]) for s, c in clients.items()}
    return table, tokens


def test_each_seat_takes_its_own_place_at_one_rematch(store_db: str) -> None:
    server = ServerProcess(store_db)
    a, b, watcher = _Client(server), _Client(server), _Client(server)
    try:
        created = a.ask(
            op="new", game="clubs", seed=5, seats=["human", "human", "random", "random"], seat=[0, 1]
        )
        early = a.ask(op="rematch", table=created["table"], token=created["tokens"]["0"])
        assert early["error"]["type"] == "StateError" and "still being played" in early["error"]["message"]
        table, tokens = _finished_table(a, b)
        watched = watcher.ask(op="join", table=table)
        assert watched["outcome"] is not None and watched["rematch"] is None
        spectator = watcher.ask(valid=False, op="rematch", table=table)  # a spectator has no token
        assert spectator["error"]["type"] == "ProtocolError"

        mine = a.ask(op="rematch", table=table, token=tokens["0"])
        assert mine["ok"] and mine["seat"] == 0 and mine["table"] != table
        assert mine["deal"]["chosen"] is False and mine["deal"]["waiting"] == [0, 1]  # a new fair deal
        rematch = mine["table"]
        told = b.receive()  # the finished table, pushed to the other seat with its rematch named
        assert (told["id"], told["table"], told["rematch"]) == (None, table, rematch)
        assert watcher.receive()["rematch"] == rematch
        assert a.ask(op="view", table=table, token=tokens["0"])["rematch"] == rematch

        theirs = b.ask(op="rematch", table=table, token=tokens["1"])
        assert theirs["ok"] and (theirs["table"], theirs["seat"]) == (rematch, 1)
        assert theirs["token"] != mine["token"]
        for client, seat, first in ((a, "0", mine), (b, "1", theirs)):  # a lost reply, a second tab
            again = client.ask(op="rematch", table=table, token=tokens[seat])
            assert {k: again[k] for k in ("table", "seat", "token")} == {
                k: first[k] for k in ("table", "seat", "token")
            }

        seated = a.ask(op="sit", table=rematch, token=mine["token"], contribution="a")
        assert seated["deal"]["waiting"] == [1] and seated["seats"] == ["human", "human", "random", "random"]
        dealt = b.ask(op="sit", table=rematch, token=theirs["token"], contribution="b")
        assert dealt["deal"]["waiting"] == [] and dealt["view"]["data"]["config"]["threshold"] == 1
    finally:
        for client in (a, b, watcher):
            client.close()
        server.stop()


def test_a_restarted_server_still_knows_the_rematch(store_db: str) -> None:
    first = ServerProcess(store_db)
    a, b = _Client(first), _Client(first)
    try:
        table, tokens = _finished_table(a, b)
        rematch = a.ask(op="rematch", table=table, token=tokens["0"])["table"]
    finally:
        a.close()
        b.close()
        first.kill()
    second = ServerProcess(store_db, port=None)
    again = _Client(second)
    try:
        assert again.ask(op="join", table=table, token=tokens["1"])["rematch"] == rematch
        theirs = again.ask(op="rematch", table=table, token=tokens["1"])
        assert (theirs["table"], theirs["seat"]) == (rematch, 1)
    finally:
        again.close()
        second.stop()


def test_two_processes_asked_at_once_make_one_rematch(postgres_url: str) -> None:
    """Both seats ask at the same moment, each through its own server process on one PostgreSQL
    database: one rematch (the database refuses a second of the same table), a seat each."""
    servers = [ServerProcess(postgres_url), ServerProcess(postgres_url)]
    a, b = _Client(servers[0]), _Client(servers[1])
    try:
        table, tokens = _finished_table(a, b)
        with ThreadPoolExecutor(2) as pool:
            asked = [
                pool.submit(c.ask, op="rematch", table=table, token=tokens[s])
                for c, s in ((a, "0"), (b, "1"))
            ]
            replies = [f.result() for f in asked]
        assert [r["ok"] for r in replies] == [True, True], replies
        assert replies[0]["table"] == replies[1]["table"] and [r["seat"] for r in replies] == [0, 1]
        assert b.ask(op="view", table=table, token=tokens["1"])["rematch"] == replies[0]["table"]
    finally:
        a.close()
        b.close()
        for server in servers:
            server.stop()
