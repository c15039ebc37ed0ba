"""Search bots against ``cardrules serve``'s limits (#55): a table that is not in memory (after a
restart, or another process's) is still known to seat search bots, so its requests wait on the
search threads and never on the threads of everyone else; and one client flooding searches takes
at most its share of the threads and of the worker processes, so that another client's search
bots still answer by searching, not by the heuristic fallback.

The end-to-end tests start the real server on 127.0.0.1; clients tell it who they are with
``X-Forwarded-For`` (uvicorn believes it from 127.0.0.1), as many addresses behind one proxy would.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import anyio
from serve_support import ServerProcess
from websockets.sync.client import ClientConnection, connect

from cardrules.bots import HeuristicBot
from cardrules.registry import GAMES
from cardrules.rng import derive_seed
from cardrules.serve import web
from cardrules.serve.hub import Hub
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.seating import is_search, make_bot
from cardrules.serve.stores import SQLiteStore, base, is_postgres_url, open_store, stored_transcript
from cardrules.serve.thinking import Thinking, default_workers, search_threads

_ONE_ADDRESS = ["--max-tables-per-client", "0", "--new-per-minute", "0"]  # 0: no cap
_HEAVY = "pimc:2000"  # about 40 s a decision in Clubs: every one runs out of the budget


def _new(engine: Engine, seats: list[str], seed: int = 1) -> str:
    reply = engine.handle({"op": "new", "game": "clubs", "seed": seed, "seats": seats}, Session())
    assert reply["ok"], reply
    table_id: str = reply["table"]
    return table_id


# Which requests wait on the search threads: from the stored table, whatever is in memory


def test_a_table_not_in_memory_is_still_known_to_seat_search_bots(store_db: str) -> None:
    """A server restarted on SQLite, or another process on the same PostgreSQL database, holds
    none of the tables yet: a request at one that seats a search bot still goes to the search
    threads (the seats are read from the database, once), and one at a table of heuristic bots,
    or at no table, still does not."""
    first = open_store(store_db)
    try:
        engine = Engine(first, Thinking(workers=0))
        searching = _new(engine, ["human", "ismcts:20", "heuristic", "heuristic"])
        plain = _new(engine, ["human", "heuristic", "heuristic", "heuristic"])
    finally:
        if not is_postgres_url(store_db):
            first.close()  # a restart; on PostgreSQL the first process goes on beside the second
    second = open_store(store_db)
    try:
        hub = Hub(Engine(second, Thinking(workers=0)), search_threads=8)

        def may_search(request: dict[str, Any], session: Session | None = None) -> bool:
            return anyio.run(hub.may_search, request, session or Session())

        assert second.seats_known(searching) is None  # not in memory: the database must say
        for op in ("join", "view", "play", "sit", "claim", "events", "transcript"):
            assert may_search({"op": op, "table": searching}), op
            assert may_search({"op": op, "table": plain}), op  # loading it replays every move
        assert not second.tables  # deciding loaded no table
        second.get(searching), second.get(plain)  # both in memory now
        for op in ("join", "view", "play", "sit", "claim", "events", "transcript"):
            assert may_search({"op": op, "table": searching}), op
            assert not may_search({"op": op, "table": plain}), op
        assert second.seats_known(searching) == ("human", "ismcts:20", "heuristic", "heuristic")
        joined = Session(seats={searching: 0})
        assert may_search({"op": "play", "move": "x"}, joined)  # the table the session joined
        assert may_search({"op": "join", "table": "no-such-table"})  # bounded like a load
        assert not may_search({"op": "games", "table": searching})  # not answered at a table
        assert may_search({"op": "new", "seats": ["human", "pimc:5"]})
        assert not may_search({"op": "new", "seats": ["human", "heuristic"]})
    finally:
        second.close()
        if is_postgres_url(store_db):
            first.close()


def test_the_seats_read_are_kept_within_a_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats never change, so they are read once a table; but only the last few tables' are kept."""
    monkeypatch.setattr(base, "_SEATS_KEPT", 3)
    path = str(tmp_path / "t.db")
    store = SQLiteStore(path)
    try:
        made = [_new(Engine(store), ["human", f"ismcts:{k + 1}", "random", "random"]) for k in range(5)]
    finally:
        store.close()
    store = SQLiteStore(path)
    try:
        for k, table_id in enumerate(made):
            assert store.seats_of(table_id) == ("human", f"ismcts:{k + 1}", "random", "random")
        assert [store.seats_known(t) is not None for t in made] == [False, False, True, True, True]
        assert store.seats_of("nothing") is None and store.seats_known("nothing") is None
    finally:
        store.close()


# The worker processes: a search stops at its deadline, and clients are served in turn


def _first_view() -> Any:
    game = GAMES["clubs"]
    state = game.new_game(3, game.Config(threshold=200))
    return game.view(state, state.to_act)


def test_a_search_out_of_time_stops_and_frees_its_worker() -> None:
    """A search that cannot finish in the budget (PIMC's 2,000 deals: about 40 s) is stopped in
    its worker when the budget runs out, so the next search on that one worker starts at once and
    answers by searching. Before, the worker went on for the whole search, and every search
    queued behind it fell back to the heuristic bot."""
    view = _first_view()
    searched = make_bot("ismcts:50").choose(view, 1)
    assert searched != HeuristicBot().choose(view, 1)  # so that a fallback would show
    thinking = Thinking(seconds=1.0, workers=1)
    try:
        for _ in range(5):  # the worker started (on a loaded machine a start may outlast 1 s)
            thinking.choose(make_bot("ismcts:5"), "ismcts:5", view, 1)
            if thinking.timeouts == 0:
                break
            thinking.timeouts = 0
        started = time.monotonic()
        assert thinking.choose(make_bot(_HEAVY), _HEAVY, view, 1) == HeuristicBot().choose(view, 1)
        assert thinking.timeouts == 1 and time.monotonic() - started < 5.0
        assert thinking.choose(make_bot("ismcts:50"), "ismcts:50", view, 1) == searched
        assert thinking.timeouts == 1
    finally:
        thinking.close()


def test_one_client_flooding_the_workers_leaves_another_its_share() -> None:
    """Two workers; one client asks for six searches that each use the whole budget, at once.
    It holds one worker at a time (half), so another client's search starts on the other at once
    and answers by searching; only the flooder's own searches run out of time."""
    view = _first_view()
    thinking = Thinking(seconds=3.0, workers=2)
    try:
        for seed in (1, 2):  # both workers started, so that their start is not timed below
            thinking.choose(make_bot("ismcts:5"), "ismcts:5", view, seed)

        def flood(seed: int) -> None:
            with thinking.for_client("10.0.0.1"):
                thinking.choose(make_bot(_HEAVY), _HEAVY, view, seed)

        flooders = [threading.Thread(target=flood, args=(seed,)) for seed in range(6)]
        for flooder in flooders:
            flooder.start()
        time.sleep(0.5)  # the flood under way: one search running, five waiting their turn
        started = time.monotonic()
        with thinking.for_client("10.0.0.2"):
            move = thinking.choose(make_bot("ismcts:100"), "ismcts:100", view, 7)
        waited = time.monotonic() - started
        assert move == make_bot("ismcts:100").choose(view, 7) and thinking.timeouts == 0, waited
        assert waited < 2.5
        for flooder in flooders:
            flooder.join(timeout=30)
        assert thinking.timeouts == 6  # the flooder's, all of them
    finally:
        thinking.close()


def test_a_clients_searches_each_start_as_soon_as_its_worker_is_free() -> None:
    """One client's searches wait for its one worker of two, each starting as soon as the one
    before is done: three quick ones asked at once are all answered by searching, in well under
    the budget (none sleeps until its deadline with a worker that was given to it)."""
    view = _first_view()
    thinking = Thinking(seconds=10.0, workers=2)
    moves: list[Any] = []
    try:
        thinking.choose(make_bot("ismcts:5"), "ismcts:5", view, 1)  # the workers started

        def search(seed: int) -> None:
            with thinking.for_client("10.0.0.1"):
                moves.append(thinking.choose(make_bot("ismcts:20"), "ismcts:20", view, seed))

        started = time.monotonic()
        searches = [threading.Thread(target=search, args=(seed,)) for seed in range(3)]
        for thread in searches:
            thread.start()
        for thread in searches:
            thread.join(timeout=30)
        assert len(moves) == 3 and thinking.timeouts == 0
        assert time.monotonic() - started < 5.0
    finally:
        thinking.close()


# End to end: the real server


class _Client:
    """A WebSocket connection from ``address`` (told as X-Forwarded-For)."""

    def __init__(self, server: ServerProcess, address: str) -> None:
        self.ws: ClientConnection = connect(
            f"ws://{server.address}/ws", open_timeout=30, additional_headers={"X-Forwarded-For": address}
        ).__enter__()
        self.sent = 0

    def send(self, **request: Any) -> int:
        self.sent += 1
        self.ws.send(json.dumps({**request, "id": self.sent}))
        return self.sent

    def ask(self, timeout: float = 60, **request: Any) -> dict[str, Any]:
        wanted = self.send(**request)
        while True:
            reply: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
            if reply["id"] == wanted:
                assert reply["ok"], reply
                return reply

    def play(self, joined: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
        """The first legal move of ``reply`` at the ``joined`` table."""
        return self.ask(op="play", table=joined["table"], token=joined["token"], move=reply["legal"][0])

    def close(self) -> None:
        self.ws.close()


def _seated(client: _Client, seats: list[str], seed: int) -> dict[str, Any]:
    """A practice Clubs table (seat 0 leads, so no bot moves before its first play), joined."""
    created = client.ask(op="new", game="clubs", seed=seed, seats=seats)
    return client.ask(op="join", table=created["table"], token=created["tokens"]["0"]) | {
        "token": created["tokens"]["0"]
    }


def _timed_plays(client: _Client, joined: dict[str, Any], plays: int) -> list[float]:
    """Seconds for each of ``plays`` moves at a table against quick bots."""
    reply, took = joined, []
    for _ in range(plays):
        started = time.monotonic()
        reply = client.play(joined, reply)
        took.append(time.monotonic() - started)
    return took


@pytest.fixture
def servers() -> Iterator[list[ServerProcess]]:
    """The servers a test starts (append them), killed after it whatever happened."""
    started: list[ServerProcess] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.kill()


def test_plays_at_search_tables_not_in_memory_do_not_hold_up_an_honest_player(
    store_db: str, servers: list[ServerProcess]
) -> None:
    """44 tables against PIMC's largest search are made, then the server restarts (SQLite) or a
    second server process on the same PostgreSQL database takes over: none of the tables is in
    its memory. One client then plays a move at each at once, 44 requests that each wait about
    6 s on its bots. An honest player at a table of heuristic bots is answered as fast as
    before the attack. Before, the requests at tables not in memory took the threads every other
    request needs (40), and the honest player's moves waited seconds."""
    options = [*_ONE_ADDRESS, "--bot-seconds", "2"]
    servers.append(ServerProcess(store_db, options=options))
    maker = _Client(servers[0], "10.0.0.1")
    hostile = [_seated(maker, ["human", _HEAVY, _HEAVY, _HEAVY], seed) for seed in range(44)]
    maker.close()
    if not is_postgres_url(store_db):
        servers[0].stop()  # restarted below; on PostgreSQL the first process goes on meanwhile
    servers.append(ServerProcess(store_db, options=options))
    honest = _Client(servers[-1], "10.0.0.2")
    table = _seated(honest, ["human", "heuristic", "heuristic", "heuristic"], 1)
    before = _timed_plays(honest, table, 8)
    table = table | honest.ask(op="view", table=table["table"], token=table["token"])
    attackers = [_Client(servers[-1], "10.0.0.1") for _ in hostile]
    for attacker, joined in zip(attackers, hostile):
        attacker.send(op="play", table=joined["table"], token=joined["token"], move=joined["legal"][0])
    time.sleep(1.0)  # every play received and waiting on its bots
    during = _timed_plays(honest, table, 8)
    print(f"honest plays: slowest {max(before) * 1000:.0f} ms before, {max(during) * 1000:.0f} ms during")
    assert max(during) < max(before) + 1.5
    for server in servers:
        server.kill()  # the attack's requests are not waited for
    for client in (honest, *attackers):
        client.close()


def test_a_client_flooding_searches_leaves_another_clients_bots_searching(
    tmp_path: Path, servers: list[ServerProcess]
) -> None:
    """One client (one address) plays as fast as it can at four tables against PIMC's largest
    search and watches four tables of those bots only: every decision uses the whole budget. Another
    client plays a table against a small ISMCTS meanwhile. Every move its bots made is the search's
    own move (the one ``ismcts:100`` chooses for that view and seed), none the heuristic fallback.
    Before, the flood held every search thread and the one worker, and the other client's bots
    all fell back."""
    db = tmp_path / "tables.db"
    servers.append(ServerProcess(db, options=[*_ONE_ADDRESS, "--bot-seconds", "3"]))
    flooder = _Client(servers[0], "10.0.0.1")
    tables_played = [_seated(flooder, ["human", _HEAVY, _HEAVY, _HEAVY], seed) for seed in range(4)]
    for _ in range(4):
        created = flooder.ask(op="new", game="clubs", seats=[_HEAVY] * 4)
        flooder.ask(op="join", table=created["table"])  # watched: it plays at the server's pace
    stop = threading.Event()
    players = [threading.Thread(target=_flood, args=(servers[0], t, stop)) for t in tables_played]
    for player in players:
        player.start()
    try:
        time.sleep(2.0)  # the flood under way
        honest = _Client(servers[0], "10.0.0.2")
        table = _seated(honest, ["human", "ismcts:100", "ismcts:100", "ismcts:100"], 5)
        reply, started = table, time.monotonic()
        while reply["moves"] < 16 and time.monotonic() - started < 30:
            reply = honest.play(table, reply)
        print(f"the honest table: {reply['moves']} moves in {time.monotonic() - started:.1f} s")
        honest.close()
    finally:
        stop.set()
        servers[0].kill()  # the flood's requests are not waited for
        for player in players:
            player.join(timeout=30)
    assert _fallbacks(db, table["table"]) == []


def _flood(server: ServerProcess, joined: dict[str, Any], stop: threading.Event) -> None:
    """Play the first legal move as soon as each reply comes, until ``stop`` (or the server goes)."""
    try:
        client = _Client(server, "10.0.0.1")
        reply = joined
        while not stop.is_set() and reply["outcome"] is None:
            reply = client.play(joined, reply)
    except Exception:  # the server was killed under it: the flood is over
        return


def _fallbacks(db: Path, table_id: str) -> list[int]:
    """The moves of the table's search bots that are not the search's own choice."""
    transcript = stored_transcript(str(db), table_id)
    game = GAMES[transcript.game]
    state = game.new_game(transcript.seed, transcript.config)
    seats = ["human", "ismcts:100", "ismcts:100", "ismcts:100"]
    wrong, searched = [], 0
    for number, move in enumerate(transcript.moves):
        seat = state.to_act
        if is_search(seats[seat]):
            searched += 1
            seed = derive_seed(transcript.seed, 1, number)
            if make_bot(seats[seat]).choose(game.view(state, seat), seed) != move:
                wrong.append(number)
        state, _ = game.step(state, move)
    assert searched >= 6, searched  # enough of the bots' moves to tell
    return wrong


# The command line


def test_bot_workers_is_an_option_of_the_websocket_server(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--bot-workers N`` reaches the server; under 1, or with --stdio, it is a usage error saying
    why; ``serve`` itself refuses what is not a count. Its default: the cores less one, shared
    between the server processes, at least 2 and at most 8; the search threads follow it."""
    from cardrules import cli
    from cardrules.errors import ConfigError

    given: dict[str, Any] = {}
    monkeypatch.setattr(web, "serve", lambda *args, **options: given.update(options))
    db = str(tmp_path / "t.db")
    assert cli.main(["serve", "--db", db, "--bot-workers", "3"]) == 0 and given["options"].bot_workers == 3
    assert cli.main(["serve", "--db", db]) == 0 and given["options"].bot_workers is None
    assert cli.main(["serve", "--bot-workers", "0"]) == 2
    assert "--bot-workers: must be at least 1, got 0" in capsys.readouterr().err
    assert cli.main(["serve", "--bot-workers", "two"]) == 2
    assert "--bot-workers: expected a whole number, got 'two'" in capsys.readouterr().err
    assert cli.main(["serve", "--stdio", "--bot-workers", "2"]) == 2
    assert "--stdio searches in its one process" in capsys.readouterr().err
    monkeypatch.undo()
    with pytest.raises(ConfigError, match=r"--bot-workers .* 1 or more; got 0"):
        web.serve(db, "127.0.0.1", 0, bot_workers=0)
    assert [default_workers(cpus) for cpus in (None, 1, 2, 3, 4, 16, 64)] == [2, 2, 2, 2, 3, 8, 8]
    assert default_workers(16, processes=4) == 3 and default_workers(4, processes=4) == 2
    assert [search_threads(n) for n in (1, 2, 3, 8)] == [8, 8, 12, 32]
