"""The PostgreSQL store: several processes on one database (here two ``PostgresStore`` objects,
and two real ``cardrules serve --stdio`` processes), each table's changes ordered by the database,
and the schema made and upgraded on start. The tests every store passes are in
test_serve_stdio.py and test_serve_websocket.py (the ``store_db`` fixture)."""

from __future__ import annotations

import concurrent.futures
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules import GAMES, StateError, replay
from cardrules.errors import ConfigError
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import open_store, shown_db, stored_transcript

_BOTS = ["human", "random", "random", "random"]

Opener = Callable[[str], Engine]


@pytest.fixture
def engines() -> Iterator[Opener]:
    """Opens an engine on a database URL (as a server process would); all closed after the test."""
    opened: list[Engine] = []

    def open_engine(url: str) -> Engine:
        opened.append(Engine(open_store(url)))
        return opened[-1]

    yield open_engine
    for engine in opened:
        engine.store.close()


def _connect(url: str) -> Any:
    import psycopg

    return psycopg.connect(url, autocommit=True)


def _stored_moves(url: str, table: str) -> list[str]:
    with _connect(url) as connection:
        rows = connection.execute(
            "SELECT move FROM cardrules_moves WHERE table_id = %s ORDER BY number", (table,)
        ).fetchall()
    return [row[0] for row in rows]


def test_a_move_through_one_process_is_seen_by_the_other(postgres_url: str, engines: Opener) -> None:
    """Two stores on one database: each answers from the database's table, not from its own old
    copy, so a seat may move through either and a stale move is refused."""
    one, two = engines(postgres_url), engines(postgres_url)
    created = one.handle({"op": "new", "game": "clubs", "seed": 7, "seats": _BOTS}, Session())
    table, token = created["table"], created["tokens"]["0"]
    seen_by_two = two.handle({"op": "view", "table": table, "token": token}, Session())
    played = one.handle(
        {"op": "play", "table": table, "token": token, "move": seen_by_two["legal"][0]}, Session()
    )
    assert played["ok"] and played["moves"] >= 4 and played["to_act"] == 0, played  # ours, bots' answers
    again = two.handle({"op": "view", "table": table, "token": token}, Session())
    assert (again["moves"], again["view"], again["legal"]) == (
        played["moves"],
        played["view"],
        played["legal"],
    )
    stale = two.handle(
        {"op": "play", "table": table, "token": token, "move": seen_by_two["legal"][0], "at": 0}, Session()
    )
    assert stale["ok"] is False and stale["error"]["type"] == "IllegalMoveError"
    assert f"the table is at move {played['moves']}" in stale["error"]["message"]
    through_two = two.handle(
        {"op": "play", "table": table, "token": token, "move": again["legal"][0]}, Session()
    )
    assert through_two["ok"] and through_two["moves"] >= played["moves"] + 4
    back_at_one = one.handle({"op": "view", "table": table, "token": token}, Session())
    assert (back_at_one["moves"], back_at_one["view"]) == (through_two["moves"], through_two["view"])
    assert len(_stored_moves(postgres_url, table)) == through_two["moves"]


def test_a_listener_first_says_anything_may_have_changed(postgres_url: str, engines: Opener) -> None:
    """A server answers requests before its listener's first ``LISTEN``: what another process
    committed meanwhile was not heard, so once listening the store says ``changed(None)`` (every
    watched table pushed as it is now), as it does after a lost connection; then each change."""
    one, two = engines(postgres_url), engines(postgres_url)
    heard: list[str | None] = []
    got = threading.Event()

    def changed(table_id: str | None) -> None:
        heard.append(table_id)
        got.set()

    created = one.handle({"op": "new", "game": "clubs", "seed": 7, "seats": _BOTS}, Session())
    table, token = created["table"], created["tokens"]["0"]
    legal = one.handle({"op": "view", "table": table, "token": token}, Session())["legal"]
    stop = two.store.listen(changed)
    assert stop is not None
    try:
        assert got.wait(10.0) and heard == [None]
        got.clear()
        played = one.handle({"op": "play", "table": table, "token": token, "move": legal[0]}, Session())
        assert played["ok"] and got.wait(10.0) and heard[1] == table
    finally:
        stop()


def test_a_join_reads_the_table_even_before_a_change_is_heard(
    postgres_url: str, engines: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A listening process answers a ``view`` from its copy until it hears of a change (here it
    never does: its notifications are lost), but a ``join``, how a client comes back from
    another process, reads the table: the client sees the move that process stored."""
    import time

    one, two = engines(postgres_url), engines(postgres_url)
    stop = two.store.listen(lambda table_id: None)
    assert stop is not None  # PostgreSQL's store listens
    try:
        deadline = time.monotonic() + 10
        while getattr(two.store, "generation", None) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        monkeypatch.setattr(two.store, "heard", lambda table_id, version: None)
        created = one.handle(
            {"op": "new", "game": "manager", "seed": 5, "seats": ["human", "human"], "seat": [0, 1]},
            Session(),
        )
        table, tokens = created["table"], created["tokens"]
        first = two.handle({"op": "view", "table": table, "token": tokens["0"]}, Session())
        seat = str(first["to_act"])
        mover = one.handle({"op": "view", "table": table, "token": tokens[seat]}, Session())
        played = one.handle(
            {"op": "play", "table": table, "token": tokens[seat], "move": mover["legal"][0]}, Session()
        )
        assert played["ok"] and played["moves"] == 1
        assert two.handle({"op": "view", "table": table, "token": tokens["0"]}, Session())["moves"] == 0
        joined = two.handle({"op": "join", "table": table, "token": tokens["0"]}, Session())
        assert joined["moves"] == 1 and joined["to_act"] == played["to_act"]
    finally:
        stop()


def _meet_before_commit(monkeypatch: pytest.MonkeyPatch, parties: int) -> None:
    """Each commit of a change waits until ``parties`` threads are about to commit: they all
    decided their moves from the same version of the table."""
    from cardrules.serve.stores.postgres import PostgresStore

    barrier = threading.Barrier(parties, timeout=30)
    real = PostgresStore._commit_rows

    def meeting(self: PostgresStore, rows: Any, table: Any, version: int | None) -> None:
        if version is not None:
            barrier.wait()
        real(self, rows, table, version)

    monkeypatch.setattr(PostgresStore, "_commit_rows", meeting)


def test_two_moves_at_once_through_two_processes_store_one(
    postgres_url: str, engines: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same seat plays two different moves through two stores at the same instant (both
    checked against the same position): the database keeps one, with its bots' answers once; the
    other is refused as stale and its process then shows the stored one."""
    one, two = engines(postgres_url), engines(postgres_url)
    created = one.handle({"op": "new", "game": "clubs", "seed": 3, "seats": _BOTS}, Session())
    table, token = created["table"], created["tokens"]["0"]
    legal = two.handle({"op": "view", "table": table, "token": token}, Session())["legal"]
    assert len(legal) >= 2
    _meet_before_commit(monkeypatch, 2)

    def play(engine: Engine, move: str) -> dict[str, Any]:
        return engine.handle({"op": "play", "table": table, "token": token, "move": move}, Session())

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        replies = list(pool.map(play, (one, two), legal[:2]))
    monkeypatch.undo()
    won = [r for r in replies if r["ok"]]
    lost = [r for r in replies if not r["ok"]]
    assert len(won) == 1 and len(lost) == 1, replies
    assert (
        lost[0]["error"]["type"] == "StateError" and "another server process" in lost[0]["error"]["message"]
    )
    stored = stored_transcript(postgres_url, table)
    assert len(stored.moves) == won[0]["moves"] >= 4  # one human move, the bots' answers once
    assert GAMES["clubs"].format_move(stored.moves[0]) == legal[replies.index(won[0])]
    for engine in (one, two):
        view = engine.handle({"op": "view", "table": table, "token": token}, Session())
        assert (view["moves"], view["view"]) == (won[0]["moves"], won[0]["view"])
    assert replay(stored).to_act == 0


def test_a_table_of_bots_moves_once_whichever_process_moves_it(
    postgres_url: str, engines: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes pace the same table of bots at the same instant: one bot move is stored,
    and both processes then hold the table at that move."""
    one, two = engines(postgres_url), engines(postgres_url)
    one.paced = two.paced = True
    created = one.handle({"op": "new", "game": "clubs", "seed": 5, "seats": ["random"] * 4}, Session())
    table = created["table"]
    assert _stored_moves(postgres_url, table) == []  # paced: no move before someone watches
    two.store.get(table)
    _meet_before_commit(monkeypatch, 2)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        moved = list(pool.map(lambda engine: engine.advance_bots(table), (one, two)))
    monkeypatch.undo()
    assert moved == [True, True]  # the one that lost shows the other's move to its watchers
    assert len(_stored_moves(postgres_url, table)) == 1
    for engine in (one, two):
        assert engine.handle({"op": "view", "table": table}, Session())["moves"] == 1
    assert one.advance_bots(table) and two.advance_bots(table)
    assert len(_stored_moves(postgres_url, table)) == 3


def test_a_fair_deal_sat_through_two_processes(postgres_url: str, engines: Opener) -> None:
    """A table with the server's seed: the friend claims its seat through one process, and a claim
    of the same invitation through the other is refused as taken; each seat sits down through its
    own process (the friend's token, made by the first process, is known to the second), and the
    last to sit deals the same cards for both."""
    one, two = engines(postgres_url), engines(postgres_url)
    created = one.handle({"op": "new", "game": "manager", "seats": ["human", "human"]}, Session())
    table, code = created["table"], created["invitations"]["1"]
    assert two.handle({"op": "view", "table": table}, Session())["deal"]["waiting"] == [0, 1]  # two holds it
    claimed = one.handle({"op": "claim", "table": table, "invitation": code}, Session())
    again = two.handle({"op": "claim", "table": table, "invitation": code}, Session())
    assert again["ok"] is False and "is taken" in again["error"]["message"], again
    tokens = {"0": created["tokens"]["0"], "1": claimed["token"]}
    waiting = one.handle({"op": "sit", "table": table, "token": tokens["0"], "contribution": "a"}, Session())
    assert waiting["ok"] and waiting["to_act"] is None and waiting["deal"]["waiting"] == [1], waiting
    dealt = two.handle({"op": "sit", "table": table, "token": tokens["1"], "contribution": "b"}, Session())
    assert dealt["ok"] and dealt["to_act"] is not None and dealt["deal"]["waiting"] == []
    first = one.handle({"op": "view", "table": table, "token": tokens["0"]}, Session())
    assert first["to_act"] == dealt["to_act"] and first["deal"] == dealt["deal"]
    state = replay(stored_transcript(postgres_url, table))
    assert first["to_act"] == state.to_act


def test_two_seats_sitting_down_at_once_through_two_processes_both_sit(
    postgres_url: str, engines: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both seats sit down at the same instant through two processes, each decided on the same
    version of the table: the one the database orders second is made again on the new version,
    never answered as stale, and the deal uses both strings."""
    from cardrules.serve.fairness import deal_seed
    from cardrules.serve.stores.postgres import PostgresStore

    one, two = engines(postgres_url), engines(postgres_url)
    created = one.handle(
        {"op": "new", "game": "manager", "seats": ["human", "human"], "seat": [0, 1]}, Session()
    )
    table, tokens = created["table"], created["tokens"]
    assert two.handle({"op": "view", "table": table}, Session())["deal"]["waiting"] == [0, 1]
    barrier, met = threading.Barrier(2, timeout=30), threading.local()
    real = PostgresStore._commit_rows

    def meeting(self: PostgresStore, rows: Any, table: Any, version: int | None) -> None:
        if version is not None and not getattr(met, "once", False):
            met.once = True  # the first try of each: both from the same version
            barrier.wait()
        real(self, rows, table, version)

    monkeypatch.setattr(PostgresStore, "_commit_rows", meeting)

    def sit(engine: Engine, seat: str) -> dict[str, Any]:
        request = {"op": "sit", "table": table, "token": tokens[seat], "contribution": f"s{seat}"}
        return engine.handle(request, Session())

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        replies = list(pool.map(sit, (one, two), ("0", "1")))
    monkeypatch.undo()
    assert all(r["ok"] for r in replies), replies
    assert sorted(len(r["deal"]["waiting"]) for r in replies) == [0, 1]
    stored = stored_transcript(postgres_url, table)
    server_seed = one.store.get(table).deal.server_seed
    assert server_seed is not None and stored.seed == deal_seed(server_seed, {0: "s0", 1: "s1"})


def test_a_move_that_cannot_be_stored_leaves_the_table_as_it_was(
    postgres_url: str, engines: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version and the rows are one transaction: when inserting the moves fails, the raised
    version is rolled back too, and the next move is stored as if nothing had happened."""
    from cardrules.serve.stores import postgres

    engine = engines(postgres_url)
    created = engine.handle({"op": "new", "game": "clubs", "seed": 3, "seats": _BOTS}, Session())
    table, token = created["table"], created["tokens"]["0"]
    before = engine.handle({"op": "join", "table": table, "token": token}, Session())
    broken = {**postgres._INSERTS, "moves": "INSERT INTO cardrules_no_such_table VALUES (%s, %s, %s)"}
    with monkeypatch.context() as patch:
        patch.setattr(postgres, "_INSERTS", broken)
        change = postgres._CHANGE.replace("INTO cardrules_moves", "INTO cardrules_no_such_table")
        assert change != postgres._CHANGE
        patch.setattr(postgres, "_CHANGE", change)
        refused = engine.handle(
            {"op": "play", "table": table, "token": token, "move": before["legal"][0]}, Session()
        )
    assert refused["ok"] is False and refused["error"]["type"] == "StateError"
    assert "could not be stored" in refused["error"]["message"]
    with _connect(postgres_url) as connection:
        row = connection.execute("SELECT version FROM cardrules_tables WHERE id = %s", (table,)).fetchone()
    assert row == (0,) and _stored_moves(postgres_url, table) == []
    played = engine.handle(
        {"op": "play", "table": table, "token": token, "move": before["legal"][0]}, Session()
    )
    assert played["ok"] and played["moves"] >= 4
    other = engines(postgres_url).handle({"op": "view", "table": table, "token": token}, Session())
    assert (other["moves"], other["view"]) == (played["moves"], played["view"])


def test_an_older_schema_is_upgraded_on_start(postgres_url: str, engines: Opener) -> None:
    """A database at schema version 1 (no table versions), holding a table mid-game, is upgraded
    to the current version when a store opens it, and the table plays on."""
    from cardrules.serve.stores.postgres import MIGRATIONS

    first = engines(postgres_url)
    created = first.handle({"op": "new", "game": "clubs", "seed": 9, "seats": _BOTS}, Session())
    table, token = created["table"], created["tokens"]["0"]
    view = first.handle({"op": "join", "table": table, "token": token}, Session())
    played = first.handle({"op": "play", "table": table, "token": token, "move": view["legal"][0]}, Session())
    first.store.close()
    with _connect(postgres_url) as connection:  # back to version 1, as an older cardrules left it
        connection.execute("DROP TABLE cardrules_reviews")
        connection.execute("DROP INDEX cardrules_tables_rematch_of")
        connection.execute("ALTER TABLE cardrules_tables DROP COLUMN rematch_of")
        connection.execute("DROP TABLE cardrules_claims")
        connection.execute("ALTER TABLE cardrules_tables DROP COLUMN invitations")
        connection.execute("ALTER TABLE cardrules_tables DROP COLUMN version")
        connection.execute("DELETE FROM cardrules_schema WHERE version > 1")
    second = engines(postgres_url)
    with _connect(postgres_url) as connection:
        versions = [
            row[0] for row in connection.execute("SELECT version FROM cardrules_schema ORDER BY version")
        ]
        columns = {
            row[0]
            for row in connection.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'cardrules_tables'"
            )
        }
    assert versions == list(range(1, len(MIGRATIONS) + 1)) == [1, 2, 3, 4, 5]
    assert {"version", "invitations", "rematch_of"} <= columns
    resumed = second.handle({"op": "view", "table": table, "token": token}, Session())
    assert (resumed["moves"], resumed["view"]) == (played["moves"], played["view"])
    after = second.handle(
        {"op": "play", "table": table, "token": token, "move": resumed["legal"][0]}, Session()
    )
    assert after["ok"] and after["moves"] >= played["moves"] + 4


def test_a_newer_schema_is_refused(postgres_url: str, engines: Opener) -> None:
    # Five migrations: the tables, then their version, invitations, rematches, and the reviews.
    engines(postgres_url).store.close()
    with _connect(postgres_url) as connection:
        connection.execute("INSERT INTO cardrules_schema (version) VALUES (99)")
    with pytest.raises(ConfigError, match=r"schema is version 99, newer than this cardrules knows \(5\)"):
        open_store(postgres_url)


def test_a_database_that_cannot_be_reached_is_a_config_error(tmp_path: Any, postgres: Any) -> None:
    """The message names the database without its password."""
    url = f"postgresql://someone:secret@/nowhere?host={tmp_path}"
    with pytest.raises(ConfigError, match="cannot use the PostgreSQL database") as raised:
        open_store(url)
    assert "secret" not in str(raised.value) and shown_db(url) in str(raised.value)


def test_two_server_processes_play_one_table(postgres_url: str) -> None:
    """Two real ``cardrules serve --stdio`` processes on one database: a table created through
    one is played through both in turn, and each sees the other's moves."""
    servers = [
        subprocess.Popen(
            [sys.executable, "-m", "cardrules", "serve", "--stdio", "--db", postgres_url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]

    def ask(server: subprocess.Popen[str], **request: Any) -> dict[str, Any]:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        reply: dict[str, Any] = json.loads(server.stdout.readline())
        return reply

    try:
        created = ask(servers[0], op="new", game="manager", seed=4, seats=["human", "human"], seat=[0, 1])
        table, tokens = created["table"], created["tokens"]
        reply = ask(servers[1], op="view", table=table, token=tokens["0"])
        for turn in range(12):
            server = servers[turn % 2]
            seat = str(reply["to_act"])
            view = ask(server, op="view", table=table, token=tokens[seat])
            assert view["moves"] == turn, view
            reply = ask(server, op="play", table=table, token=tokens[seat], move=view["legal"][0])
            assert reply["ok"] and reply["moves"] == turn + 1, reply
    finally:
        logs = []
        for server in servers:  # end of input stops each
            logs.append(server.communicate(timeout=30)[1])
    assert all(server.returncode == 0 for server in servers), logs
    assert "secret" not in logs[0] and f"tables are kept in {postgres_url}" in logs[0]
    assert len(stored_transcript(postgres_url, table).moves) == 12


def test_a_finished_table_has_one_rematch_whichever_process_makes_it(
    postgres_url: str, engines: Opener
) -> None:
    """Process one makes the rematch; the database refuses process two a second of the same table
    (its copy had not heard of the first), and two's seat takes its place at the first."""
    one, two = engines(postgres_url), engines(postgres_url)
    new = {"op": "new", "game": "clubs", "seed": 4, "config": {"players": 2, "threshold": 1}}
    created = one.handle({**new, "seats": ["human", "human"], "seat": [0, 1]}, Session())
    table, tokens = created["table"], created["tokens"]
    state = one.handle({"op": "view", "table": table, "token": tokens["0"]}, Session())
    while state["outcome"] is None:
        token = tokens[str(state["to_act"])]
        mover = one.handle({"op": "view", "table": table, "token": token}, Session())
        state = one.handle(
            {"op": "play", "table": table, "token": token, "move": mover["legal"][0]}, Session()
        )
    old = two.store.get(table)
    assert old.over and two.store.rematch(old) is None
    made = one.handle({"op": "rematch", "table": table, "token": tokens["0"]}, Session())
    assert made["ok"] and made["seat"] == 0, made
    with pytest.raises(StateError):
        two.store.create("clubs", old.config, None, list(old.seats), rematch_of=table)
    theirs = two.handle({"op": "rematch", "table": table, "token": tokens["1"]}, Session())
    assert theirs["ok"] and (theirs["table"], theirs["seat"]) == (made["table"], 1), theirs


# Left out of the default run (pyproject.toml's markers): a real PostgreSQL.
pytestmark = pytest.mark.slow
