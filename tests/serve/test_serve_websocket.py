"""``cardrules serve --host 127.0.0.1 --port N``: the protocol over WebSocket, the real server in
its own process on 127.0.0.1, started and stopped by each test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import jsonschema
from serve_support import ServerProcess, public_view, stopped_after
from websockets.sync.client import ClientConnection, connect

from cardrules.serve.stores import stored_transcript

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
REPLY = jsonschema.Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})


class Server(ServerProcess):
    """The server, with a WebSocket client of its own."""

    def client(self) -> Client:
        return Client(f"ws://{self.address}/ws")


class Client:
    """One WebSocket connection (a session), as a context manager."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.next_id = 0

    def __enter__(self) -> Client:
        self.connection: ClientConnection = connect(self.url).__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.close()

    def ask(self, **request: Any) -> dict[str, Any]:
        self.next_id += 1
        request.setdefault("id", self.next_id)
        self.connection.send(json.dumps(request))
        while True:
            reply = self.receive()
            if reply["id"] == request["id"]:
                return reply

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(self.connection.recv(timeout=timeout))
        REPLY.validate(reply)
        return reply


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from stopped_after(Server(tmp_path / "tables.db"))


def test_each_connection_hears_every_move_and_sees_its_own_seat_only(server: Server) -> None:
    """Two people at one Clubs table on two connections, and a spectator: after seat 0 plays,
    seat 1's connection is pushed the event and its own view (id null), the spectator the public
    table; a joined connection may leave out table and token."""
    with server.client() as seat0, server.client() as seat1, server.client() as watcher:
        _two_seats_and_a_watcher(seat0, seat1, watcher)


def _two_seats_and_a_watcher(seat0: Client, seat1: Client, watcher: Client) -> None:
    created = seat0.ask(
        op="new", game="clubs", seed=3, seats=["human", "human", "random", "random"], seat=[0, 1]
    )
    table, tokens = created["table"], created["tokens"]
    mine = seat0.ask(op="join", table=table, token=tokens["0"])
    theirs = seat1.ask(op="join", table=table, token=tokens["1"])
    watched = watcher.ask(op="join", table=table)
    assert (mine["seat"], theirs["seat"], watched["seat"]) == (0, 1, None)
    assert mine["view"]["data"]["hand"] != theirs["view"]["data"]["hand"]
    played = seat0.ask(op="play", move=mine["legal"][0])  # joined: no table, no token
    assert played["ok"] and played["events"][0]["text"].startswith("You play the ")
    pushed = seat1.receive()
    assert pushed["id"] is None and pushed["seat"] == 1 and pushed["to_act"] == 1
    assert pushed["events"][0]["text"].startswith("Seat 0 plays the ")
    assert pushed["legal"] and pushed["view"]["data"]["player"] == 1
    spectated = watcher.receive()
    assert spectated["id"] is None and spectated["seat"] is None and "public" in spectated["view"]
    answer = seat1.ask(op="play", move=pushed["legal"][0])
    assert answer["ok"] and answer["to_act"] in (0, 1)  # the bots moved before the reply
    texts = [e["text"] for e in answer["events"]]
    assert [t[:6] for t in texts[:3]] == ["You pl", "Seat 2", "Seat 3"]
    assert " wins the trick with the " in texts[3]
    assert seat0.receive()["events"][0]["text"].startswith("Seat 1 plays the ")


def _pushes_until_a_human_acts(client: Client, humans: tuple[int, ...]) -> list[dict[str, Any]]:
    """The pushes a connection hears until a seat of ``humans`` is to act: one a bot move, or
    fewer when a push is computed after the next move was made (it then tells both)."""
    pushes = [client.receive()]
    while pushes[-1]["to_act"] not in humans:
        pushes.append(client.receive())
    assert all(p["id"] is None for p in pushes)
    return pushes


def test_bots_after_reply_answers_first_then_pushes_each_bot_move(server: Server) -> None:
    """A play with ``bots_after_reply`` is answered with a bot to act and only its own move; the
    bots' moves then reach every connection at the table, the player's too, as pushes."""
    with server.client() as seat0, server.client() as seat1:
        created = seat0.ask(
            op="new", game="clubs", seed=3, seats=["human", "human", "random", "random"], seat=[0, 1]
        )
        mine = seat0.ask(op="join", table=created["table"], token=created["tokens"]["0"])
        theirs = seat1.ask(op="join", table=created["table"], token=created["tokens"]["1"])
        seat0.ask(op="play", move=mine["legal"][0])
        pushed = seat1.receive()
        assert pushed["to_act"] == 1 and theirs["to_act"] == 0
        answer = seat1.ask(op="play", move=pushed["legal"][0], bots_after_reply=True)
        assert answer["ok"] and answer["to_act"] == 2 and answer["legal"] == []
        assert [e["text"][:6] for e in answer["events"]] == ["You pl"]
        texts = [e["text"] for push in _pushes_until_a_human_acts(seat1, (0, 1)) for e in push["events"]]
        assert [t[:6] for t in texts[:2]] == ["Seat 2", "Seat 3"]
        assert " wins the trick with the " in texts[2]
        heard = [e["text"] for push in _pushes_until_a_human_acts(seat0, (0, 1)) for e in push["events"]]
        assert [t[:6] for t in heard[:3]] == ["Seat 1", "Seat 2", "Seat 3"]
        refused = seat1.ask(op="play", move="2C", bots_after_reply="yes")
        assert refused["error"]["type"] == "ProtocolError" and "true or false" in refused["error"]["message"]


def test_bots_left_to_move_by_a_killed_server_move_when_the_table_is_watched_again(tmp_path: Path) -> None:
    """SIGKILL while a search bot thinks after a reply: the human's move was committed, and the
    next server moves the bots once someone joins, pushing their moves."""
    db = tmp_path / "tables.db"
    first = Server(db, options=["--bot-seconds", "5"])
    with first.client() as client:
        seats = ["human", "pimc@3s", "pimc@3s", "pimc@3s"]
        created = client.ask(op="new", game="clubs", seed=3, seats=seats)
        table, token = created["table"], created["tokens"]["0"]
        joined = client.ask(op="join", table=table, token=token)
        answer = client.ask(op="play", move=joined["legal"][0], bots_after_reply=True)
        assert answer["to_act"] == 1 and answer["moves"] == 1
        first.kill()  # seat 1 is thinking for 3 s
    second = Server(db, options=["--bot-seconds", "5"])
    try:
        with second.client() as again:
            resumed = again.ask(op="join", table=table, token=token)
            assert resumed["moves"] == 1 and resumed["to_act"] == 1  # our move kept, no bot's yet
            pushes = _pushes_until_a_human_acts(again, (0,))
            assert pushes[-1]["moves"] >= 4 and [e["text"][:6] for p in pushes for e in p["events"]][:3] == [
                "Seat 1",
                "Seat 2",
                "Seat 3",
            ]
    finally:
        second.stop()


def test_errors_are_typed_and_the_connection_goes_on(server: Server) -> None:
    with server.client() as client:
        _errors(client)


def _errors(client: Client) -> None:
    assert client.ask(op="fly")["error"]["type"] == "ProtocolError"
    client.connection.send("not json")
    assert client.receive()["error"]["type"] == "ProtocolError"
    assert client.ask(op="play", move="2C")["error"]["type"] == "ProtocolError"  # no table joined
    assert client.ask(op="games")["protocol"] == 4


def test_a_killed_server_resumes_its_tables(store_db: str) -> None:
    """SIGKILL after moves were answered; the next server on the same database (SQLite, then
    PostgreSQL) has them all."""
    db = store_db
    first = Server(db)
    with first.client() as client:
        created = client.ask(op="new", game="manager", seed=2, seats=["human", "heuristic"])
        table, token = created["table"], created["tokens"]["0"]
        reply = client.ask(op="join", table=table, token=token)
        for _ in range(5):
            reply = client.ask(op="play", move=reply["legal"][-1])
            assert reply["ok"], reply
        refused = client.ask(op="transcript")  # the seed would show the bot's hand
        first.kill()
    assert refused["error"]["type"] == "StateError" and "still being played" in refused["error"]["message"]
    transcript = stored_transcript(str(db), table)
    assert len(transcript.moves) >= 10  # five of ours, the bot's answers
    second = Server(db)
    try:
        with second.client() as again:
            assert stored_transcript(str(db), table) == transcript
            resumed = again.ask(op="join", table=table, token=token)
            assert resumed["to_act"] == reply["to_act"] and resumed["legal"] == reply["legal"]
    finally:
        second.stop()


def test_the_schema_is_served(server: Server) -> None:
    import urllib.request

    with urllib.request.urlopen(
        f"http://127.0.0.1:{server.port}/protocol.schema.json", timeout=10
    ) as response:
        assert json.loads(response.read()) == SCHEMA


def test_pages_come_with_a_policy_that_runs_only_the_servers_own_files(server: Server) -> None:
    import urllib.request

    for path in ("/", "/js/main.js", "/client/index.js", "/protocol.schema.json"):
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=10) as response:
            policy = response.headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
            assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert response.headers["X-Frame-Options"] == "DENY"


def test_the_js_clients_modules_are_served_from_the_one_copy_of_them(server: Server) -> None:
    import urllib.request

    from cardrules.serve.web import client_modules

    folder = client_modules()
    assert {p.name for p in folder.glob("*.js")} >= {"index.js", "client.js", "deal.js", "errors.js"}
    for module in sorted(folder.glob("*.js")):
        url = f"http://127.0.0.1:{server.port}/client/{module.name}"
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.read() == module.read_bytes()
            assert "javascript" in response.headers["Content-Type"]


@pytest.mark.parametrize("name", ["clubs", "pub_derby", "rugby_league", "eighty_points", "manager"])
def test_a_whole_game_against_bots_leaks_nothing(server: Server, name: str) -> None:
    """One person against bots over the WebSocket, a spectator watching: every message either
    receives is sniffed. Each seat's view is exactly its view of the game at that move (nothing
    hidden from it), the spectator's only the public table, and every event its sentence; the
    result shown at the end is the transcript's outcome."""
    from cardrules import GAMES, dumps, loads

    game = GAMES[name]
    players = game.num_players(None)
    seats = ["human"] + ["random"] * (players - 1)
    with server.client() as person, server.client() as spectator:
        created = person.ask(
            op="new", game=name, seed=21, seats=seats, config={"rounds": 1} if name == "eighty_points" else {}
        )
        table, token = created["table"], created["tokens"]["0"]
        got: list[dict[str, Any]] = [person.ask(op="join", table=table, token=token)]
        watched = [spectator.ask(op="join", table=table)]
        while got[-1]["outcome"] is None:
            got.append(person.ask(op="play", move=got[-1]["legal"][0]))
            watched.append(spectator.receive())
        record = loads(json.dumps(person.ask(op="transcript")["transcript"]))
    states = [game.new_game(21, record.config)]
    for move in record.moves:
        states.append(game.apply(states[-1], move))
    for reply in got:
        assert reply["view"] == json.loads(dumps(game.view(states[reply["moves"]], 0)))
    for reply in watched:
        assert reply["view"] == public_view(game, states[reply["moves"]], players)
        assert reply["legal"] == []
    outcome = game.outcome(states[-1])
    assert outcome is not None
    assert got[-1]["outcome"] == {"scores": list(outcome.scores), "winners": list(outcome.winners)}


def test_many_tables_at_once_lose_nothing(server: Server) -> None:
    """Twelve people on twelve connections play their own tables at the same time (the server
    answers each in a worker thread): no request fails, and every table's transcript holds exactly
    the moves its player saw answered, the bots' included."""
    import threading

    failures: list[str] = []

    def person(seed: int) -> None:
        with server.client() as client:
            created = client.ask(
                op="new", game="clubs", seed=seed, seats=["human", "random", "random", "random"]
            )
            reply = client.ask(op="join", table=created["table"], token=created["tokens"]["0"])
            for _ in range(20):
                reply = client.ask(op="play", move=reply["legal"][0])
                if not reply["ok"]:
                    failures.append(reply["error"]["message"])
                    return
            moves = len(stored_transcript(str(server.db), created["table"]).moves)
            if moves != reply["moves"]:
                failures.append(f"table of seed {seed}: {moves} moves stored, {reply['moves']} answered")

    threads = [threading.Thread(target=person, args=(seed,)) for seed in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert failures == []


def test_a_fair_deal_waits_for_both_seats_and_the_last_to_sit_deals_for_both(server: Server) -> None:
    """Two people at a Manager table with the server's seed: the friend claims the invitation and
    sees the commitment; the first to sit down sees no card and who the deal waits for; when the
    second sits down, both are dealt, the first by a push."""
    with server.client() as first, server.client() as second:
        created = first.ask(op="new", game="manager")
        table = created["table"]
        claimed = second.ask(op="claim", table=table, invitation=created["invitations"]["1"])
        assert claimed["seat"] == 1 and claimed["deal"]["commitment"] == created["deal"]["commitment"]
        waiting = first.ask(op="sit", table=table, token=created["tokens"]["0"], contribution="one")
        assert waiting["deal"]["waiting"] == [1] and waiting["legal"] == [] and waiting["to_act"] is None
        dealt = second.ask(op="sit", table=table, token=claimed["token"], contribution="two")
        assert dealt["deal"]["waiting"] == [] and dealt["view"]["data"]["type"] == "View"
        pushed = first.receive()
        assert pushed["id"] is None and pushed["seat"] == 0 and pushed["deal"]["waiting"] == []
        assert pushed["to_act"] == dealt["to_act"] and pushed["view"]["data"]["type"] == "View"
        assert pushed["deal"]["commitment"] == created["deal"]["commitment"]


def test_a_table_of_bots_plays_at_its_pace_only_while_watched(tmp_path: Path) -> None:
    """A bots-only table is made with no move played in the request; it stays put while nobody
    watches, and once watched it is pushed its moves as they are played, to its end. (Any state
    reply makes its connection a watcher, so the test reads the database before joining.)"""
    import time

    server = Server(tmp_path / "t.db", options=["--bot-pace", "0.05"])
    try:
        with server.client() as person:
            created = person.ask(op="new", game="manager", config={"max_exchanges": 1}, seats=["random"] * 2)
            time.sleep(0.5)
            assert stored_transcript(str(server.db), created["table"]).moves == ()  # nobody watched
            watched = [person.ask(op="join", table=created["table"])]
            while watched[-1]["outcome"] is None:
                watched.append(person.receive(timeout=30))
        moves = [r["moves"] for r in watched]
        assert moves == sorted(set(moves)) and len(moves) > 2  # one move a push, in order
        assert all(r["id"] is None for r in watched[1:])
        assert moves[-1] == len(stored_transcript(str(server.db), created["table"]).moves)
    finally:
        server.stop()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from Linux's /proc")
def test_a_killed_server_leaves_no_bot_process_behind(tmp_path: Path) -> None:
    """A search bot thinks in a worker process; when the server is killed without a word
    (SIGKILL), its worker processes exit by themselves instead of waiting for work for ever."""
    import contextlib
    import os
    import signal
    import time

    server = Server(tmp_path / "t.db")
    children: list[str] = []
    try:
        with server.client() as person:
            created = person.ask(op="new", game="manager", seed=1, seats=["human", "ismcts:50"])
            reply = person.ask(op="join", table=created["table"], token=created["tokens"]["0"])
            assert person.ask(op="play", move=reply["legal"][0])["ok"]
            pid = server.process.pid
            tasks = Path(f"/proc/{pid}/task").iterdir()  # a worker thread starts the pool
            children = [c for task in tasks for c in (task / "children").read_text().split()]
        assert children  # the worker (and multiprocessing's resource tracker)
        server.kill()
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{child}").exists() for child in children) and time.monotonic() < deadline:
            time.sleep(0.2)
        alive = [c for c in children if Path(f"/proc/{c}").exists() and "Z" not in _state(c)]
        assert alive == []
    finally:  # whatever failed, nothing this test started outlives it
        if server.process.poll() is None:
            server.kill()
        for child in children:
            with contextlib.suppress(OSError):
                os.kill(int(child), signal.SIGKILL)


def _state(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][:1]
    except (OSError, IndexError):
        return "Z"


def test_serve_prints_the_address_and_open_opens_it(tmp_path: Path) -> None:
    """The browser is a script of the test's (``$BROWSER``, which ``webbrowser`` runs first): it
    writes down the address it was given, once the server listens there; without ``--open`` it
    is not run."""
    import os
    import sys
    import time

    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.py"
    browser.write_text(
        "import socket, sys, urllib.parse\n"
        "url = urllib.parse.urlsplit(sys.argv[1])\n"
        "socket.create_connection((url.hostname, url.port), timeout=5).close()  # it listens\n"
        f"open({str(opened)!r}, 'a').write(sys.argv[1] + '\\n')\n"
    )
    servers = []
    os.environ["BROWSER"] = f"{sys.executable} {browser} %s"
    try:
        servers.append(Server(tmp_path / "a.db", options=["--open"]))
        servers.append(Server(tmp_path / "b.db"))
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # time for the second server to open a browser, were it to
    finally:
        del os.environ["BROWSER"]
        for server in servers:
            server.stop()
    first = f"http://127.0.0.1:{servers[0].port}/"
    assert opened.read_text() == first + "\n"
    assert f"cardrules: play in your browser at {first} " in servers[0].log
    assert f"cardrules: tables are kept in {tmp_path / 'a.db'}\n" in servers[0].log
    assert f"cardrules: play in your browser at http://127.0.0.1:{servers[1].port}/ " in servers[1].log


def test_a_bot_of_your_own_plays_at_a_served_table(tmp_path: Path) -> None:
    """``--bot mine=FILE:LastBot``: the games reply lists it, and at a table of you and three of it
    each of its moves is the last legal move of its seat's view."""
    from cardrules import GAMES, loads

    bot = tmp_path / "my_bot.py"
    bot.write_text("class LastBot:\n    def choose(self, view, seed):\n        return view.legal_moves[-1]\n")
    server = Server(tmp_path / "t.db", options=["--bot", f"mine={bot}:LastBot"])
    try:
        with server.client() as person:
            assert person.ask(op="games")["bots"] == ["random", "heuristic", "ismcts", "pimc", "mine"]
            created = person.ask(
                op="new", game="clubs", seed=5, config={"threshold": 5}, seats=["human"] + ["mine"] * 3
            )
            reply = person.ask(op="join", table=created["table"], token=created["tokens"]["0"])
            while reply["outcome"] is None:
                reply = person.ask(op="play", move=reply["legal"][0])
            record = loads(json.dumps(person.ask(op="transcript")["transcript"]))
            refused = person.ask(
                op="new", game="clubs", seats=["human", "random", "random", f"{bot}:LastBot"]
            )
    finally:
        server.stop()
    assert refused["ok"] is False and refused["error"]["type"] == "ConfigError"
    game = GAMES["clubs"]
    state = game.new_game(5, record.config)
    bot_moves = 0
    for move in record.moves:
        seat = state.to_act
        if seat != 0:
            assert move == game.view(state, seat).legal_moves[-1]
            bot_moves += 1
        state = game.apply(state, move)
    assert bot_moves >= 3 * 13


def test_several_workers_need_a_postgresql_database(tmp_path: Path) -> None:
    """``--workers 2`` on a SQLite file is refused before anything listens, saying why; so is no
    process at all."""
    from cardrules.errors import ConfigError
    from cardrules.serve.web import serve

    with pytest.raises(ConfigError, match=r"--workers 2: .* through a PostgreSQL --db .*not a SQLite file"):
        serve(str(tmp_path / "t.db"), "127.0.0.1", 0, workers=2)
    with pytest.raises(ConfigError, match="1 or more; got 0"):
        serve(str(tmp_path / "t.db"), "127.0.0.1", 0, workers=0)
    assert not (tmp_path / "t.db").exists()
