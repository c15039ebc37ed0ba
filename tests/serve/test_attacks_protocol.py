"""``cardrules serve`` attacked as a stranger would, through the protocol itself: hidden cards,
seeds, poisoned commits, junk input, replayed moves, unbounded configs, table floods and the
database. Each test failed on the server before these defences (issue 37)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from serve_support import public_view
from test_serve_stdio import Server

from cardrules import GAMES, loads, replay
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.errors import StateError
from cardrules.serve.fairness import commitment, deal_seed, verify_deal
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.seating import make_bot
from cardrules.serve.stores import SQLiteStore, stored_transcript
from cardrules.serve.thinking import Thinking

_CLUBS_BOTS = ["human", "random", "random", "random"]


@pytest.fixture
def server(tmp_path: Path) -> Any:
    running = Server(tmp_path / "tables.db")
    yield running
    if running.process.poll() is None:
        running.kill()
    running._release()


def _first_moves_to_end(
    server: Server, table: str, token: str, reply: dict[str, Any]
) -> list[dict[str, Any]]:
    replies = [reply]
    while replies[-1]["outcome"] is None:
        last = replies[-1]
        replies.append(
            server.ask(op="play", table=table, token=token, move=last["legal"][0], at=last["moves"])
        )
        assert replies[-1]["ok"], replies[-1]
    return replies


@pytest.mark.parametrize("name", list(GAMES))
def test_a_stranger_learns_no_hidden_card_from_any_op(tmp_path: Path, name: str) -> None:
    """At every position of a whole game, another connection without the seat's token asks every
    op: the transcript is refused until the end, a view is the public table, a move is refused,
    and no reply before the end holds the deal's seed (which would rebuild every hand)."""
    db = str(tmp_path / "t.db")
    store = SQLiteStore(db)
    engine = Engine(store)
    players = GAMES[name].num_players(None)
    config = {"rounds": 1} if name == "eighty_points" else {}
    seats = ["human"] + ["random"] * (players - 1)
    player, stranger = Session(client="a"), Session(client="b")
    try:
        created = engine.handle({"op": "new", "game": name, "config": config, "seats": seats}, player)
        table, token = created["table"], created["tokens"]["0"]
        assert created["deal"]["chosen"] is False and "seed" not in json.dumps(created)
        reply = engine.handle({"op": "sit", "table": table, "token": token, "contribution": "mine"}, player)
        seed = stored_transcript(db, table).seed
        seen: list[dict[str, Any]] = []
        while reply["outcome"] is None:
            state = replay(stored_transcript(db, table))
            for request in (
                {"op": "transcript", "table": table},
                {"op": "join", "table": table},
                {"op": "view", "table": table},
                {"op": "view", "table": table, "token": "guessed"},
                {"op": "play", "table": table, "move": reply["legal"][0]},
                {"op": "play", "move": reply["legal"][0]},
            ):
                seen.append(engine.handle(request, stranger))
            move = {"op": "play", "move": reply["legal"][0], "at": reply["moves"]}
            reply = engine.handle(move, player)
            assert seen[-4]["view"] == seen[-5]["view"] == public_view(GAMES[name], state, players)
            assert reply["ok"], reply
        finished = engine.handle({"op": "transcript", "table": table}, stranger)
    finally:
        store.close()
    kinds = {r["error"]["type"] if not r["ok"] else "view" for r in seen}
    assert kinds == {"StateError", "view", "IllegalMoveError"}
    assert all(r["seat"] is None and r["legal"] == [] for r in seen if r["ok"])
    assert all(str(seed) not in json.dumps(r) for r in seen)
    assert loads(json.dumps(finished["transcript"])).seed == seed
    assert finished["deal"]["reveal"]["seed"] == str(seed)  # a string, exact in every JSON reader
    assert verify_deal(finished["deal"]["reveal"], created["deal"]["commitment"]) == seed


def test_the_server_draws_the_seed_and_a_chosen_one_is_a_practice_table(server: Server) -> None:
    """Without a seed the server draws one (two tables never share a deal) and commits to it; a
    seed given makes a practice table, and every reply about it says so."""
    fair = [server.ask(op="new", game="clubs", seats=_CLUBS_BOTS) for _ in range(2)]
    commitments = {f["deal"]["commitment"] for f in fair}
    assert len(commitments) == 2 and all(len(c) == 64 for c in commitments)
    hands = [
        server.ask(op="sit", table=f["table"], token=f["tokens"]["0"])["view"]["data"]["hand"] for f in fair
    ]
    assert hands[0] != hands[1]
    practice = server.ask(op="new", game="clubs", seed=7, seats=_CLUBS_BOTS)
    replies = [practice, server.ask(op="join", table=practice["table"], token=practice["tokens"]["0"])]
    replies.append(server.ask(op="view", table=practice["table"]))
    assert all(
        r["deal"] == {"chosen": True, "commitment": None, "waiting": [], "reveal": None} for r in replies
    )


def test_the_deal_waits_for_every_human_seat_and_mixes_their_strings(tmp_path: Path) -> None:
    """Two human seats: no card is dealt (no hand, no move) until both have sat down; the seed is
    the server's seed mixed with both strings, as the documented scheme computes it."""
    store = SQLiteStore(str(tmp_path / "t.db"))
    engine = Engine(store)
    try:
        created = engine.handle({"op": "new", "game": "manager", "seat": [0, 1]}, Session())
        table, tokens = created["table"], created["tokens"]
        first = engine.handle(
            {"op": "sit", "table": table, "token": tokens["0"], "contribution": "abc"}, Session()
        )
        assert (
            first["deal"]["waiting"] == [1]
            and first["legal"] == []
            and first["view"] == {"shared": {}, "public": [], "hidden": []}
        )
        early = engine.handle({"op": "play", "table": table, "token": tokens["0"], "action": 0}, Session())
        assert (
            early["error"]["type"] == "IllegalMoveError"
            and "waits for seats [1]" in early["error"]["message"]
        )
        second = engine.handle(
            {"op": "sit", "table": table, "token": tokens["1"], "contribution": "xyz"}, Session()
        )
        assert second["deal"]["waiting"] == [] and second["view"]["data"]
        held = store.get(table)
        assert held.deal.server_seed is not None
        assert held.seed == deal_seed(held.deal.server_seed, {0: "abc", 1: "xyz"})
        assert held.seed != deal_seed(held.deal.server_seed, {0: "abc", 1: "xy"})
    finally:
        store.close()


def test_verify_deal_catches_every_kind_of_tampering() -> None:
    """A revealed deal checks only as published: another seed, salt, contribution or commitment
    is named as what does not match."""
    server_seed, salt = "ab" * 32, "cd" * 16
    seed = deal_seed(server_seed, {0: "me", 2: "you"})
    promised = commitment(server_seed, salt)
    assert seed == 9854182784300710565  # beyond 2**53: the server sends it as a string
    record: dict[str, Any] = {
        "commitment": promised,
        "server_seed": server_seed,
        "salt": salt,
        "contributions": {"0": "me", "2": "you"},
        "seed": "9854182784300710565",
    }
    assert verify_deal(record, promised) == seed
    assert verify_deal({**record, "seed": seed}, promised) == seed  # a proof saved as a number
    tampered: list[tuple[dict[str, Any], str]] = [
        ({**record, "salt": "ce" * 16}, "not the commitment"),
        ({**record, "server_seed": "ac" * 32}, "not the commitment"),
        ({**record, "contributions": {"0": "me", "2": "yo"}}, "make seed"),
        ({**record, "seed": str(seed ^ 1)}, "make seed"),
        ({**record, "seed": seed ^ 1}, "make seed"),
        ({**record, "seed": f"0{seed}"}, "make seed 9854182784300710565, not '09854182784300710565'"),
        ({**record, "seed": f" {seed}"}, "make seed"),
        ({**record, "seed": float(seed)}, "make seed"),
        ({**record, "seed": None}, "make seed"),
        ({**record, "contributions": {"0": 5}}, "contributions"),
    ]
    for bad, words in tampered:
        with pytest.raises(StateError, match=words):
            verify_deal(bad)
    with pytest.raises(StateError, match="you were shown"):
        verify_deal(record, "00" * 32)
    # What JavaScript's JSON.parse and JSON.stringify made of the seed as a number.
    with pytest.raises(StateError, match="not 9854182784300710000: that is this seed rounded to 53 bits"):
        verify_deal({**record, "seed": 9854182784300710000})


def test_every_documented_seed_is_played_and_stored(tmp_path: Path) -> None:
    """Seeds from 2**63 to 2**64 - 1 (past SQLite's signed integers) make, store and reload their
    tables; a poisoning client looping on such seeds makes no honest request fail."""
    db = str(tmp_path / "t.db")
    store = SQLiteStore(db, Limits.local())
    engine = Engine(store)
    failures: list[str] = []
    stop = threading.Event()

    def poisoner() -> None:
        seed = 2**64 - 1
        while not stop.is_set():
            reply = engine.handle(
                {"op": "new", "game": "clubs", "seed": str(seed), "seats": _CLUBS_BOTS}, Session()
            )
            if not reply["ok"]:
                failures.append(f"poison {reply['error']}")
            seed -= 1

    def honest(seed: int) -> None:
        session = Session()
        created = engine.handle({"op": "new", "game": "clubs", "seed": seed, "seats": _CLUBS_BOTS}, session)
        reply = engine.handle(
            {"op": "join", "table": created["table"], "token": created["tokens"]["0"]}, session
        )
        for _ in range(15):
            reply = engine.handle({"op": "play", "move": reply["legal"][0]}, session)
            if not reply["ok"]:
                failures.append(f"honest {reply['error']}")
                return

    threads = [threading.Thread(target=poisoner) for _ in range(2)]
    threads += [threading.Thread(target=honest, args=(s,)) for s in range(8)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads[2:]:
            thread.join(timeout=120)
        stop.set()
        for thread in threads[:2]:
            thread.join(timeout=60)
        top = engine.handle(
            {"op": "new", "game": "clubs", "seed": "18446744073709551615", "seats": _CLUBS_BOTS}, Session()
        )
    finally:
        store.close()
    assert failures == []
    assert stored_transcript(db, top["table"]).seed == 2**64 - 1
    assert replay(stored_transcript(db, top["table"])) is not None


_JUNK = [
    ('{"op": "join", "table": "\\ud800"}', "lone surrogate"),
    ('{"op": "games", "id": ' + "9" * 5000 + "}", "at most 100 digits"),
    ('{"op": "games", "id": NaN}', "NaN"),
    ('{"op": "games", "id": 1e999}', "too large"),
    ('{"op": "new", "game": "clubs", "seats": ["human", "ismcts:\\u00b2", "random", "random"]}', "ismcts"),
    ('{"op": "new", "game": "clubs", "config": 0}', "config"),
    ('{"op": "new", "game": "clubs", "seed": -1}', "2**64"),
    ('{"op": "new", "game": "clubs", "seed": 18446744073709551616}', "2**64"),
    ('{"op": "new", "game": "clubs", "seed": 9007199254740992}', "send a larger one as a string"),
    ('{"op": "new", "game": "clubs", "seed": "18446744073709551616"}', '"18446744073709551615" (2**64 - 1)'),
    ('{"op": "new", "game": "clubs", "seed": "-1"}', "decimal string"),
    ('{"op": "new", "game": "clubs", "seed": "' + "9" * 5000 + '"}', "decimal string"),
]


def test_junk_gets_an_answer_and_never_ends_the_server(server: Server) -> None:
    """Each malformed line gets an error reply saying what was wrong (never an internal error,
    never invalid JSON), and the server answers the next request."""
    for line, words in _JUNK:
        reply = server.raw(line)
        assert reply["ok"] is False and reply["error"]["type"] != "InternalError", (line, reply)
        assert words in reply["error"]["message"], (line, reply)
    assert server.process.stdin is not None and server.process.stdout is not None
    raw: Any = server.process.stdin
    raw.buffer.write(b'{"op": "games", "id": "\xff\xfe"}\n')  # not UTF-8
    server.process.stdin.flush()
    reply = json.loads(server.process.stdout.readline())
    assert reply["error"]["type"] == "ProtocolError" and "UTF-8" in reply["error"]["message"]
    assert server.ask(op="games")["ok"]
    assert server.close() == 0


def test_a_move_meant_for_an_old_position_is_refused(server: Server) -> None:
    """Manager's pass sent twice with the position it was meant for: the second is refused with
    the current move number (the bot answered in between), and the table has one pass."""
    created = server.ask(op="new", game="manager", seed=3, seats=["human", "heuristic"])
    table, token = created["table"], created["tokens"]["0"]
    start = server.ask(op="join", table=table, token=token)
    assert "pass" in start["legal"]
    once = server.ask(op="play", table=table, token=token, move="pass", at=start["moves"])
    assert once["ok"] and once["to_act"] == 0 and "pass" in once["legal"]
    again = server.ask(op="play", table=table, token=token, move="pass", at=start["moves"])
    assert again["error"]["type"] == "IllegalMoveError"
    assert f"the table is at move {once['moves']}" in again["error"]["message"]
    assert len(stored_transcript(str(server.db), table).moves) == once["moves"]
    stale = server.ask(op="play", table=table, token=token, move="pass", at="1")
    assert stale["error"]["type"] == "ProtocolError"


def test_configs_that_make_endless_games_are_refused(server: Server) -> None:
    """The server's maxima, named in the refusal and listed in the games reply."""
    games = {g["name"]: g for g in server.ask(op="games")["games"]}
    assert games["clubs"]["maxima"] == {"threshold": 200}
    cases = [
        ("clubs", {"threshold": 10**15}, "threshold at most 200"),
        ("eighty_points", {"max_rounds": 51}, "max_rounds at most 50"),
        ("eighty_points", {"rounds": 51}, "rounds at most 50"),
        ("eighty_points", {"max_redeals": 11}, "max_redeals at most 10"),
        ("manager", {"max_exchanges": 10**6}, "max_exchanges at most 100"),
    ]
    for name, config, words in cases:
        reply = server.ask(op="new", game=name, config=config)
        assert reply["error"]["type"] == "ConfigError" and words in reply["error"]["message"], reply
    bot = server.ask(op="new", game="manager", seats=["human", "ismcts:100001"])
    assert bot["error"]["type"] == "ConfigError" and "1 to 100,000" in bot["error"]["message"]  # stdio's cap
    store = SQLiteStore(":memory:")  # a server's own limits: searches of 2,000 iterations at most
    try:
        reply = Engine(store).handle(
            {"op": "new", "game": "manager", "seats": ["human", "ismcts:2001"]}, Session()
        )
        assert (
            reply["error"]["type"] == "ConfigError"
            and "N iterations a move, 1 to 2,000" in reply["error"]["message"]
        )
        assert Engine(store).handle(
            {"op": "new", "game": "manager", "seats": ["human", "ismcts:2000"]}, Session()
        )["ok"]
    finally:
        store.close()
    assert server.ask(op="new", game="clubs", config={"threshold": 200})["ok"]


def test_caps_refuse_a_flood_and_idle_tables_leave_memory(tmp_path: Path) -> None:
    """Per address: tables being played and tables a minute; in all: tables held. Beyond a cap
    a LimitError, nothing made; an idle table leaves memory and comes back on join."""
    limits = Limits(max_tables=5, max_tables_per_client=3, new_per_minute=4, idle_seconds=3600)
    store = SQLiteStore(str(tmp_path / "t.db"), limits)
    engine = Engine(store)
    try:
        alice, bob = Session(client="alice"), Session(client="bob")
        new = {"op": "new", "game": "clubs", "seats": _CLUBS_BOTS}
        made = [engine.handle(new, alice) for _ in range(4)]
        assert [m["ok"] for m in made] == [True, True, True, False]
        assert made[3]["error"]["type"] == "LimitError" and "3 tables" in made[3]["error"]["message"]
        more = [engine.handle(new, bob) for _ in range(3)]
        assert [m["ok"] for m in more] == [True, True, False]
        assert "5 tables" in more[2]["error"]["message"]
        assert len(store.tables) == 5
        carol = Session(client="carol")
        store.limits = Limits(max_tables=None, max_tables_per_client=None, new_per_minute=1)
        assert engine.handle(new, carol)["ok"]
        flood = engine.handle(new, carol)
        assert flood["error"]["type"] == "LimitError" and "a minute" in flood["error"]["message"]
        store.limits = Limits(idle_seconds=0.0)
        assert engine.handle(new, Session(client="dave"))["ok"]  # sweeps the idle tables
        assert len(store.tables) == 1
        back = engine.handle({"op": "sit", "table": made[0]["table"], "token": made[0]["tokens"]["0"]}, alice)
        assert back["ok"] and back["legal"]
    finally:
        store.close()


def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    """The second names the file and the first's process; a damaged file is a clear error."""
    db = tmp_path / "tables.db"
    first = Server(db)
    try:
        assert first.ask(op="games")["ok"]
        second = _stdio_on(db)
        assert second.returncode == 1
        assert str(db) in second.stderr and f"process {first.process.pid}" in second.stderr
        assert "internal error" not in second.stderr
    finally:
        assert first.close() == 0
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(8192))
    damaged = _stdio_on(junk)
    assert damaged.returncode == 1 and str(junk) in damaged.stderr
    assert "damaged" in damaged.stderr and "internal error" not in damaged.stderr


def _stdio_on(db: Path) -> subprocess.CompletedProcess[str]:
    """``cardrules serve --stdio`` on ``db`` with no input: how it ended and what it said."""
    command = [sys.executable, "-m", "cardrules", "serve", "--stdio", "--db", str(db)]
    return subprocess.run(command, input="", check=False, capture_output=True, text=True, timeout=60)


def test_a_table_whose_rows_were_damaged_is_named(tmp_path: Path) -> None:
    """A move row changed by hand: asking for that table is a StateError naming it and the file;
    the other tables are played on."""
    db = tmp_path / "t.db"
    store = SQLiteStore(str(db))
    engine = Engine(store)
    good = engine.handle({"op": "new", "game": "clubs", "seed": 1, "seats": _CLUBS_BOTS}, Session())
    bad = engine.handle({"op": "new", "game": "clubs", "seed": 2, "seats": _CLUBS_BOTS}, Session())
    for created in (good, bad):
        reply = engine.handle(
            {"op": "join", "table": created["table"], "token": created["tokens"]["0"]}, Session()
        )
        engine.handle(
            {
                "op": "play",
                "table": created["table"],
                "token": created["tokens"]["0"],
                "move": reply["legal"][0],
            },
            Session(),
        )
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE moves SET move = 'garbage' WHERE table_id = ?", (bad["table"],))
    raw.close()
    store = SQLiteStore(str(db))
    engine = Engine(store)
    try:
        reply = engine.handle({"op": "view", "table": bad["table"]}, Session())
        assert reply["error"]["type"] == "StateError"
        assert bad["table"] in reply["error"]["message"] and str(db) in reply["error"]["message"]
        assert engine.handle({"op": "view", "table": good["table"]}, Session())["ok"]
    finally:
        store.close()


def test_a_search_bot_thinks_in_a_worker_within_its_budget() -> None:
    """A search in the worker process chooses what it chooses in the caller (same view, same
    seed); one that cannot finish within the budget plays the heuristic bot's move instead."""
    game = GAMES["eighty_points"]
    state = game.new_game(5, None)
    view = game.view(state, state.to_act)
    thinking = Thinking(seconds=60.0)
    try:
        assert thinking.choose(make_bot("ismcts:50"), "ismcts:50", view, 9) == make_bot("ismcts:50").choose(
            view, 9
        )
        for search in ("ismcts:2000", "pimc:2000"):  # PIMC too: in the caller it would finish
            hurried = Thinking(seconds=0.001)
            try:
                move = hurried.choose(make_bot(search), search, view, 9)
            finally:
                hurried.close()
            assert hurried.timeouts == 1 and move == HeuristicBot().choose(view, 9), search
        assert thinking.choose(make_bot("random"), "random", view, 9) == RandomBot().choose(view, 9)
    finally:
        thinking.close()


def test_a_table_of_bots_moves_only_when_advanced(tmp_path: Path) -> None:
    """A paced engine (the WebSocket server's) makes a table of bots with no move played in the
    request; each advance_bots is one committed move, to the end and no further."""
    store = SQLiteStore(str(tmp_path / "t.db"))
    engine = Engine(store, paced=True)
    try:
        config = {"max_exchanges": 1}
        created = engine.handle(
            {"op": "new", "game": "manager", "config": config, "seats": ["random"] * 2}, Session()
        )
        watched = engine.handle({"op": "join", "table": created["table"]}, Session())
        assert watched["moves"] == 0 and watched["outcome"] is None
        steps = 0
        while engine.advance_bots(created["table"]):
            steps += 1
            assert len(stored_transcript(str(tmp_path / "t.db"), created["table"]).moves) == steps
        end = engine.handle({"op": "view", "table": created["table"]}, Session())
        assert end["outcome"] is not None and end["moves"] == steps > 0
        human = engine.handle({"op": "new", "game": "manager", "seats": ["human", "random"]}, Session())
        assert engine.advance_bots(human["table"]) is False
    finally:
        store.close()


def test_cardrules_verify_checks_a_finished_fair_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The proof and transcript a player saves at the end pass ``cardrules verify`` with the
    commitment shown at the start; a proof changed by one character, or another commitment, fail."""
    from cardrules.cli import main

    store = SQLiteStore(str(tmp_path / "t.db"))
    engine, player = Engine(store), Session()
    try:
        created = engine.handle(
            {"op": "new", "game": "manager", "config": {"max_exchanges": 1}, "seats": ["human", "random"]},
            player,
        )
        reply = engine.handle(
            {"op": "sit", "table": created["table"], "token": created["tokens"]["0"], "contribution": "x"},
            player,
        )
        while reply["outcome"] is None:
            reply = engine.handle({"op": "play", "move": reply["legal"][0]}, player)
        finished = engine.handle({"op": "transcript"}, player)
    finally:
        store.close()
    proof, transcript = tmp_path / "proof.json", tmp_path / "transcript.json"
    proof.write_text(json.dumps(reply["deal"]))
    transcript.write_text(json.dumps(finished["transcript"]))
    promised = created["deal"]["commitment"]
    assert main(["verify", str(proof), "--commitment", promised, "--transcript", str(transcript)]) == 0
    out = capsys.readouterr().out
    assert f"commitment {promised}" in out and "fixed before the first card" in out
    assert main(["verify", str(proof), "--commitment", "0" * 64]) == 1
    assert "you were shown" in capsys.readouterr().err
    reveal = reply["deal"]["reveal"]
    proof.write_text(
        json.dumps({**reveal, "salt": reveal["salt"][:-1] + ("0" if reveal["salt"][-1] != "0" else "1")})
    )
    assert main(["verify", str(proof)]) == 1
    assert "not the commitment" in capsys.readouterr().err
