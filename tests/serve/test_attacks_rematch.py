"""A hostile client against the three newest parts of the protocol: ``rematch`` (a finished table's
seats play again), ``bots_after_reply`` (the reply before the bots' moves, which are pushed) and
``cards`` (every card at any step of a finished game). At the ``Engine`` where that is enough, and
against the real server on 127.0.0.1 (SQLite, and two processes on one PostgreSQL database),
started and stopped by each test. Every message is checked against the protocol's schema."""

from __future__ import annotations

import itertools
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from serve_support import zones_by_replay

from cardrules import loads
from cardrules.registry import get_game
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.replays import _KEPT
from cardrules.serve.stores import SQLiteStore
from cardrules.serve.stores.sqlite import _read_table

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
REPLY = jsonschema.Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})
REQUEST = jsonschema.Draft202012Validator({"$ref": "#/$defs/request", "$defs": SCHEMA["$defs"]})

_FOUR = ["human", "human", "human", "human"]
_TWO_AND_BOTS = ["human", "random", "human", "random"]
_CARD = re.compile(r"\b(10|[2-9JQKA])[CDHS]\b")


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    store = SQLiteStore(str(tmp_path / "tables.db"))
    yield Engine(store)
    store.close()


def _asker(engine: Engine, session: Session | None = None) -> Callable[..., dict[str, Any]]:
    """A client of ``engine`` with its own session; a request that is ``valid`` (the default) is
    checked against the schema, and every reply is."""
    own = Session() if session is None else session

    def ask(valid: bool = True, **request: Any) -> dict[str, Any]:
        if valid:
            REQUEST.validate(request)
        reply = engine.handle(request, own)
        REPLY.validate(reply)
        return reply

    return ask


def _sqlite(engine: Engine) -> SQLiteStore:
    assert isinstance(engine.store, SQLiteStore)
    return engine.store


def _refused(reply: dict[str, Any], kind: str, *words: str) -> None:
    assert reply["ok"] is False, reply
    assert reply["error"]["type"] == kind, reply
    for word in words:
        assert word in reply["error"]["message"], (word, reply)


def _play_out(engine: Engine, table: str, tokens: dict[str, str]) -> None:
    """Every human seat of ``table`` plays its first legal move until the game is over."""
    ask = _asker(engine)
    for _ in range(5000):
        seen = ask(op="view", table=table)
        if seen["outcome"] is not None:
            return
        seat = str(seen["to_act"])
        mine = ask(op="view", table=table, token=tokens[seat])
        played = ask(op="play", table=table, token=tokens[seat], move=mine["legal"][0], at=mine["moves"])
        assert played["ok"], played
    raise AssertionError("no end")


def _finished_with_guests(engine: Engine, seats: list[str] = _FOUR) -> tuple[str, dict[str, str], str]:
    """A practice Clubs table to 1 point whose host holds seat 0 and whose other human seats were
    claimed by guests, played to the end; its id, every seat's token, and the host's whole
    ``new`` reply as text (everything the host was ever sent about it)."""
    host = _asker(engine)
    created = host(op="new", game="clubs", seed=5, config={"threshold": 1}, seats=seats)
    assert created["ok"], created
    tokens = dict(created["tokens"])
    for seat, code in created["invitations"].items():
        claimed = _asker(engine)(op="claim", table=created["table"], invitation=code)
        tokens[seat] = claimed["token"]
    _play_out(engine, created["table"], tokens)
    return created["table"], tokens, json.dumps(created)


# rematch: who may ask, and what each asker is given


def test_a_rematch_is_asked_for_only_with_a_seats_own_token_at_the_finished_table(engine: Engine) -> None:
    """No token, a spectator's, another table's, an invitation (used or never sent), the deal's
    commitment, a table id, a token of a table still being played: each refused with its own
    type, no rematch made, and nothing of any seat's secret in any reply."""
    table, tokens, host_saw = _finished_with_guests(engine)
    other, other_tokens, _ = _finished_with_guests(engine)
    playing = _asker(engine)(op="new", game="clubs", seed=2, seats=_FOUR, seat=[0, 1, 2, 3])
    stranger = _asker(engine)
    replies = [
        stranger(valid=False, op="rematch", table=table),
        stranger(valid=False, op="rematch", table=table, token=None),
        stranger(op="rematch", table=table, token=""),
        stranger(op="rematch", table=table, token=other_tokens["0"]),
        stranger(op="rematch", table=table, token=json.loads(host_saw)["invitations"]["1"]),
        stranger(op="rematch", table=table, token=json.loads(host_saw)["deal"]["commitment"] or "x"),
        stranger(op="rematch", table=table, token=table),
        stranger(op="rematch", table="nosuchtable1", token=tokens["0"]),
        stranger(valid=False, op="rematch", table=7, token=tokens["0"]),
        stranger(valid=False, op="rematch", table=table, token=[tokens["0"]]),
        stranger(op="rematch", table=other, token=tokens["0"]),
    ]
    for reply in replies[:2]:
        _refused(reply, "ProtocolError", "your seat's 'token'")
    for reply in replies[2:7] + replies[9:]:
        _refused(reply, "StateError", "no seat's at this table")
    _refused(replies[7], "StateError", "no table")
    _refused(replies[8], "StateError", "a table id is a string")
    early = stranger(op="rematch", table=playing["table"], token=playing["tokens"]["0"])
    _refused(early, "StateError", "still being played", "once it is over")
    joined = stranger(op="join", table=table)  # a spectator's session, then with its session alone
    assert joined["seat"] is None
    _refused(stranger(valid=False, op="rematch", table=table), "ProtocolError", "your seat's 'token'")
    for finished in (table, other):
        assert stranger(op="view", table=finished)["rematch"] is None  # nothing was made
    said = json.dumps([*replies, early])
    assert not any(token in said for token in [*tokens.values(), *other_tokens.values()])


def test_each_seat_is_given_its_own_token_and_no_one_elses(engine: Engine) -> None:
    """The host makes the rematch; each guest takes its seat; a second request of any seat, the
    host's included (its first reply lost, a second tab), is given the same seat and token there
    again; and no reply to anyone carries another seat's new token."""
    table, tokens, _ = _finished_with_guests(engine)
    people = {seat: _asker(engine) for seat in tokens}
    heard: dict[str, list[dict[str, Any]]] = {seat: [] for seat in tokens}
    new_tokens: dict[str, str] = {}
    for seat in ("2", "0", "3", "1"):  # a guest first: whoever asks first makes it
        reply = people[seat](op="rematch", table=table, token=tokens[seat])
        heard[seat].append(reply)
        assert reply["ok"] and reply["seat"] == int(seat), reply
        new_tokens[seat] = reply["token"]
    rematch = {r["table"] for replies in heard.values() for r in replies}
    assert len(rematch) == 1 and table not in rematch
    (made,) = rematch
    assert len(set(new_tokens.values())) == 4 and not set(new_tokens.values()) & set(tokens.values())
    for seat in tokens:
        again = people[seat](op="rematch", table=table, token=tokens[seat])
        heard[seat].append(again)
        assert again["ok"] and (again["table"], again["seat"], again["token"]) == (
            made,
            int(seat),
            new_tokens[seat],
        )
        assert people[seat](op="view", table=made, token=new_tokens[seat])["seat"] == int(seat)
        heard[seat].append(people[seat](op="view", table=table, token=tokens[seat]))
        assert heard[seat][-1]["rematch"] == made
    for seat, replies in heard.items():
        said = json.dumps(replies)
        assert [t for s, t in new_tokens.items() if s != seat and t in said] == []
    # The rematch's own invitations were never sent: the new seats' tokens are the only way in.
    store = engine.store
    codes = store.get(made).invitations.values()
    assert not any(code in json.dumps(heard) for code in codes)


def test_a_rematch_of_a_rematch_is_its_own_table_and_the_first_stays(engine: Engine) -> None:
    table, tokens, _ = _finished_with_guests(engine, _TWO_AND_BOTS)
    first = {s: _asker(engine)(op="rematch", table=table, token=t) for s, t in tokens.items()}
    made = first["0"]["table"]
    assert first["2"]["table"] == made
    early = _asker(engine)(op="rematch", table=made, token=first["0"]["token"])
    _refused(early, "StateError", "still being played")
    for seat in ("0", "2"):
        sat = _asker(engine)(op="sit", table=made, token=first[seat]["token"], contribution=seat)
        assert sat["ok"], sat
    _play_out(engine, made, {s: r["token"] for s, r in first.items()})
    old_token_at_new = _asker(engine)(op="rematch", table=made, token=tokens["0"])
    _refused(old_token_at_new, "StateError", "no seat's at this table")
    second = _asker(engine)(op="rematch", table=made, token=first["2"]["token"])
    assert second["ok"] and second["table"] not in (table, made) and second["seat"] == 2
    assert _asker(engine)(op="view", table=table)["rematch"] == made
    assert _asker(engine)(op="view", table=made)["rematch"] == second["table"]
    assert engine.store.get(second["table"]).rematch_of == made
    db = _sqlite(engine).db  # as a restarted server reads them back
    assert _read_table(db, "", table).rematch == made and _read_table(db, "", made).rematch == second["table"]


def test_every_seat_asking_at_once_makes_one_rematch_and_each_its_own_seat(engine: Engine) -> None:
    """Four seats, each asking three times at once from its own session (twelve threads): one
    table, each seat's three replies its one seat and token there, four tokens each its seat's alone."""
    table, tokens, _ = _finished_with_guests(engine)
    start = threading.Barrier(12)

    def ask(seat: str) -> tuple[str, dict[str, Any]]:
        session = Session()
        start.wait()
        return seat, engine.handle({"op": "rematch", "table": table, "token": tokens[seat]}, session)

    with ThreadPoolExecutor(12) as pool:
        replies = list(pool.map(ask, [s for s in tokens for _ in range(3)]))
    for _, reply in replies:
        REPLY.validate(reply)
    assert all(r["ok"] for _, r in replies), replies
    won = dict(replies)
    assert len({r["table"] for _, r in replies}) == 1
    for seat, reply in replies:  # each seat's every reply: its own seat, its one token
        assert (reply["seat"], reply["token"]) == (int(seat), won[seat]["token"])
    made = won["0"]["table"]
    assert engine.store.get(made).tokens == {int(s): r["token"] for s, r in won.items()}
    assert _sqlite(engine).db.execute(
        "SELECT count(*) FROM tables WHERE rematch_of = ?", (table,)
    ).fetchone() == (1,)


def test_a_rematch_made_meanwhile_through_another_copy_of_the_table_is_found_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0's rematch is being stored when 64 other games end, so the finished table leaves
    memory; seat 1's request loads it again (without seat 0's rematch, not yet committed) and
    makes one first. Seat 0's then meets the database's one-rematch-a-table: it must take its
    seat at seat 1's rematch (which the table names), not be answered that nothing was stored."""
    store = SQLiteStore(str(tmp_path / "tables.db"), Limits.local())
    engine = Engine(store)
    try:
        table, tokens, _ = _finished_with_guests(engine, _TWO_AND_BOTS)
        real, storing, go_on = store._commit_rows, threading.Event(), threading.Event()

        def slow_rematch(rows: Any, table_: Any, version: Any) -> None:
            if any(kind == "tables" and row[-1] is not None for kind, row in rows) and not storing.is_set():
                storing.set()
                assert go_on.wait(30)
            real(rows, table_, version)

        monkeypatch.setattr(store, "_commit_rows", slow_rematch)
        with ThreadPoolExecutor(1) as pool:
            first = pool.submit(
                engine.handle, {"op": "rematch", "table": table, "token": tokens["0"]}, Session()
            )
            assert storing.wait(30)
            for seed in range(64):  # other games end meanwhile: the finished table leaves memory
                ended = engine.handle(
                    {
                        "op": "new",
                        "game": "clubs",
                        "seed": seed,
                        "config": {"threshold": 1},
                        "seats": ["random"] * 4,
                    },
                    Session(),
                )
                assert ended["ok"], ended
            assert table not in store.finished
            second = _asker(engine)(op="rematch", table=table, token=tokens["2"])
            go_on.set()
            late = first.result()
        REPLY.validate(late)
        assert second["ok"] and second["seat"] == 2, second
        assert late["ok"] and (late["table"], late["seat"]) == (second["table"], 0), late
        assert _asker(engine)(op="view", table=table)["rematch"] == second["table"]
    finally:
        store.close()


# bots_after_reply: only where pushes are sent, only true or false


def test_bots_after_reply_over_stdio_is_refused_and_changes_nothing(engine: Engine) -> None:
    ask = _asker(engine)
    created = ask(op="new", game="clubs", seed=3, seats=_TWO_AND_BOTS, seat=[0, 2])
    table, tokens = created["table"], created["tokens"]
    before = ask(op="view", table=table, token=tokens["0"])
    made = len(engine.store.tables)
    attempts = [
        ask(op="play", table=table, token=tokens["0"], move=before["legal"][0], bots_after_reply=True),
        ask(op="new", game="clubs", seed=3, seats=_TWO_AND_BOTS, bots_after_reply=True),
        ask(op="new", game="clubs", seats=_TWO_AND_BOTS, bots_after_reply=True),
    ]
    for reply in attempts:
        _refused(reply, "ProtocolError", "'bots_after_reply' needs pushes", "over stdio the bots move before")
    fair = ask(op="new", game="clubs", seats=["human", "random", "random", "random"])
    sit = ask(op="sit", table=fair["table"], token=fair["tokens"]["0"], bots_after_reply=True)
    _refused(sit, "ProtocolError", "'bots_after_reply' needs pushes")
    assert ask(op="view", table=fair["table"])["deal"]["waiting"] == [0]  # not sat down
    assert len(engine.store.tables) == made + 1 and ask(op="view", table=table)["moves"] == 0
    played = ask(op="play", table=table, token=tokens["0"], move=before["legal"][0], bots_after_reply=False)
    assert played["ok"] and played["moves"] == 2 and played["to_act"] == 2  # the bot moved first


@pytest.mark.parametrize("value", [1, 0, "true", None, [], {}, 1.0])
def test_bots_after_reply_is_true_or_false_and_nothing_else(engine: Engine, value: object) -> None:
    paced = Engine(engine.store, paced=True)
    ask = _asker(paced)
    created = ask(op="new", game="clubs", seed=3, seats=_TWO_AND_BOTS, seat=[0, 2])
    table, token = created["table"], created["tokens"]["0"]
    move = ask(op="view", table=table, token=token)["legal"][0]
    for request in (
        {"op": "play", "table": table, "token": token, "move": move},
        {"op": "new", "game": "clubs", "seed": 3, "seats": _TWO_AND_BOTS},
        {"op": "sit", "table": table, "token": token},
        {"op": "rematch", "table": table, "token": token},
    ):
        reply = ask(valid=False, **request, bots_after_reply=value)
        _refused(reply, "ProtocolError", "'bots_after_reply' is true or false", f"got {json.dumps(value)}")
    assert ask(op="view", table=table)["moves"] == 0


def test_bots_after_reply_where_a_human_is_next_answers_with_that_human_to_act(engine: Engine) -> None:
    paced = Engine(engine.store, paced=True)
    ask = _asker(paced)
    created = ask(op="new", game="clubs", seed=3, seats=["human", "human", "random", "random"], seat=[0, 1])
    first = ask(op="view", table=created["table"], token=created["tokens"]["0"])
    played = ask(
        op="play",
        table=created["table"],
        token=created["tokens"]["0"],
        move=first["legal"][0],
        bots_after_reply=True,
    )
    assert played["ok"] and (played["moves"], played["to_act"]) == (1, 1)
    assert not paced.advance_bots(created["table"])  # nothing for the hub to move, nothing moved
    assert ask(op="view", table=created["table"])["moves"] == 1


# cards: nothing before the end, a step in range only, and the right table's cards whatever the order


def test_cards_of_a_table_being_played_show_nothing_whatever_the_step(engine: Engine) -> None:
    ask = _asker(engine)
    created = ask(op="new", game="clubs", seed=3, seats=_TWO_AND_BOTS, seat=[0, 2])
    table = created["table"]
    fair = ask(op="new", game="clubs", seats=_TWO_AND_BOTS)
    expected = "is still being played: every seat's cards are shown once the game is over"
    for target in (table, fair["table"]):
        for told in (0, 1, 10**30, -1, True, "1"):
            reply = ask(valid=False, op="cards", table=target, events=told)
            _refused(reply, "StateError", f"table {target} {expected}")
            assert reply["error"]["message"] == f"table {target} {expected}"
            assert not _CARD.search(reply["error"]["message"])


def test_cards_refuse_every_step_that_is_not_one_naming_the_range(engine: Engine) -> None:
    ask = _asker(engine)
    table = ask(op="new", game="clubs", seed=4, config={"threshold": 1}, seats=["random"] * 4)["table"]
    total = ask(op="events", table=table, before=10**6, limit=1)["events_from"] + 1
    for bad in (-1, total + 1, 10**30, -(10**30), True, False, None, 2.5, 1e300, "0", [0], {"n": 0}):
        reply = ask(valid=False, op="cards", table=table, events=bad)
        _refused(
            reply, "ProtocolError", f"'events' is how many of the table's events have been told, 0 to {total}"
        )
        assert reply["error"]["message"].endswith(f"got {json.dumps(bad)}")
    missing = ask(valid=False, op="cards", table=table)
    _refused(missing, "ProtocolError", f"0 to {total}", "got null")
    no_table = ask(valid=False, op="cards", events=0)
    _refused(no_table, "ProtocolError", "say which table")
    _refused(ask(op="cards", table="nosuchtable1", events=0), "StateError", "no table")
    assert ask(op="cards", table=table, events=total)["ok"]


def _told_after_each_move(game_name: str, transcript: Any) -> list[int]:
    game = get_game(game_name)
    state = game.new_game(transcript.seed, transcript.config)
    told = [len(game.opening_events(state))]
    for move in transcript.moves:
        state, happened = game.step(state, move)
        told.append(told[-1] + len(happened))
    return told


def test_a_flood_of_cards_over_more_tables_than_are_kept_always_shows_each_tables_own(engine: Engine) -> None:
    """Twenty finished tables (more than the replays kept), asked for steps forward and back in a
    shuffled order from eight threads at once: each reply is that table's replay by the library
    at that step, and no more than the kept replays stay in memory."""
    ask = _asker(engine)
    games = [("clubs", {"threshold": 3}), ("manager", {}), ("rugby_league", {}), ("pub_derby", {})]
    finished = []
    for k in range(20):
        game, config = games[k % len(games)]
        seats = 2 if game in ("manager", "rugby_league") else 4
        created = ask(op="new", game=game, seed=str(100 + k), config=config, seats=["random"] * seats)
        assert created["ok"], created
        transcript = loads(json.dumps(ask(op="transcript", table=created["table"])["transcript"]))
        finished.append((created["table"], game, transcript, _told_after_each_move(game, transcript)))
    rng = random.Random(57)
    asks = []
    for _ in range(6):
        for table, game, transcript, told in finished:
            for _ in range(3):
                move = rng.choice([0, len(told) - 1, rng.randrange(len(told))])
                asks.append((table, game, transcript, told, move))
    rng.shuffle(asks)

    def check(item: tuple[str, str, Any, list[int], int]) -> None:
        table, game, transcript, told, move = item
        reply = engine.handle({"op": "cards", "table": table, "events": told[move]}, Session())
        REPLY.validate(reply)
        moves = told.index(told[move])  # a move that tells nothing shows with the next that does
        assert (reply["table"], reply["moves"], reply["of"]) == (table, moves, len(transcript.moves))
        assert reply["zones"] == zones_by_replay(transcript, moves), (game, table, moves)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(check, asks))
    assert len(engine._replays._kept) == _KEPT


def test_cards_of_a_finished_table_not_in_memory_load_it_on_the_bounded_threads(tmp_path: Path) -> None:
    """A ``cards`` request at a table not in memory loads and replays it whole, as a ``transcript``
    does: a flood of them over old tables must wait on the bounded threads, as a flood of
    ``transcript`` or ``join`` requests does, not take the default threads from the players."""
    pytest.importorskip("starlette")
    import anyio

    from cardrules.serve.hub import Hub

    db = str(tmp_path / "tables.db")
    first = SQLiteStore(db)
    table = _asker(Engine(first))(
        op="new", game="clubs", seed=4, config={"threshold": 1}, seats=["random"] * 4
    )
    first.close()
    second = SQLiteStore(db)  # a restart: nothing in memory
    try:
        hub = Hub(Engine(second), search_threads=8)
        for op in ("transcript", "cards"):
            assert anyio.run(hub.may_search, {"op": op, "table": table["table"], "events": 0}, Session()), op
    finally:
        second.close()


# The real server: connections of their own, threads at once


class _Client:
    """One WebSocket connection to the server; every message both ways checked against the
    schema, and every message it was sent kept (``heard``) to look for secrets in."""

    def __init__(self, address: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://{address}/ws").__enter__()
        self.next_id = 0
        self.heard: list[dict[str, Any]] = []

    def send(self, valid: bool = True, **request: Any) -> int:
        self.next_id += 1
        request["id"] = self.next_id
        if valid:
            REQUEST.validate(request)
        self.ws.send(json.dumps(request))
        return self.next_id

    def ask(self, valid: bool = True, **request: Any) -> dict[str, Any]:
        rid = self.send(valid, **request)
        while True:
            message = self.receive()
            if message["id"] == rid:
                return message

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        REPLY.validate(message)
        self.heard.append(message)
        return message

    def close(self) -> None:
        self.ws.close()


def _server(db: str | Path) -> Any:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from serve_support import ServerProcess

    return ServerProcess(db)


def _stop(*servers: Any) -> None:
    for server in servers:
        server.stop()
    for server in servers:
        assert "Traceback" not in server.log, server.log


def _play_out_over(clients: dict[str, _Client], table: str, tokens: dict[str, str]) -> None:
    """Each human seat plays its first legal move through its own connection until the end (a
    connection a moment behind another process's change is asked again)."""
    for _ in range(5000):
        states = {s: c.ask(op="view", table=table, token=tokens[s]) for s, c in clients.items()}
        if all(state["outcome"] is not None for state in states.values()):
            return
        ready = [s for s, state in states.items() if state["legal"]]
        if not ready:
            time.sleep(0.02)
            continue
        seat = ready[0]
        played = clients[seat].ask(op="play", table=table, token=tokens[seat], move=states[seat]["legal"][0])
        assert played["ok"], played
    raise AssertionError("no end")


def _four_people(addresses: list[str]) -> tuple[str, dict[str, str], dict[str, _Client]]:
    """A practice Clubs table to 1 point of four people, each on its own connection (seat s on
    ``addresses[s % len(addresses)]``), the host at seat 0 and three guests by invitation, played
    to the end; its id, the tokens and the connections."""
    clients = {str(s): _Client(addresses[s % len(addresses)]) for s in range(4)}
    created = clients["0"].ask(op="new", game="clubs", seed=5, config={"threshold": 1}, seats=_FOUR)
    table, tokens = created["table"], dict(created["tokens"])
    for seat, code in created["invitations"].items():
        tokens[seat] = clients[seat].ask(op="claim", table=table, invitation=code)["token"]
    _play_out_over(clients, table, tokens)
    return table, tokens, clients


def _everyone_asks_twice_at_once(
    table: str, tokens: dict[str, str], clients: dict[str, _Client]
) -> dict[str, dict[str, Any]]:
    """Every seat sends two ``rematch`` requests back to back, all four at the same moment; each
    seat's one seat. Exactly one rematch; each seat's two replies its seat and one token there."""
    start = threading.Barrier(len(clients))

    def both(seat: str) -> list[dict[str, Any]]:
        client = clients[seat]
        start.wait()
        ids = [client.send(op="rematch", table=table, token=tokens[seat]) for _ in range(2)]
        replies: dict[int, dict[str, Any]] = {}
        while len(replies) < 2:
            message = client.receive()
            if message["id"] in ids:
                replies[message["id"]] = message
        return [replies[i] for i in ids]

    with ThreadPoolExecutor(len(clients)) as pool:
        answered = dict(zip(clients, pool.map(both, clients), strict=True))
    won = {}
    for seat, (first, second) in answered.items():
        assert first["ok"] and first["seat"] == int(seat), first
        assert {k: second[k] for k in ("table", "seat", "token")} == {
            k: first[k] for k in ("table", "seat", "token")
        }
        won[seat] = first
    assert len({r["table"] for r in won.values()}) == 1 and won["0"]["table"] != table
    assert len({r["token"] for r in won.values()}) == 4
    return won


def _no_one_heard_anothers_secret(clients: dict[str, _Client], secrets_: dict[str, list[str]]) -> None:
    for seat, client in clients.items():
        said = json.dumps(client.heard)
        others = [t for s, ts in secrets_.items() if s != seat for t in ts]
        assert [t for t in others if t in said] == [], seat


def test_four_people_asking_at_once_over_the_server_each_get_their_own_seat(tmp_path: Path) -> None:
    """Over the real server: every seat asks twice at the same moment; one rematch, one seat each,
    the spectator pushed the finished table naming it, and nobody (the host least) ever sent
    another seat's secret, old or new. Then each sits with its own token and the deal is made."""
    server = _server(tmp_path / "tables.db")
    clients: dict[str, _Client] = {}
    watcher = None
    try:
        table, tokens, clients = _four_people([server.address])
        watcher = _Client(server.address)
        assert watcher.ask(op="join", table=table)["rematch"] is None
        won = _everyone_asks_twice_at_once(table, tokens, clients)
        made = won["0"]["table"]
        pushed = watcher.receive()
        assert (pushed["id"], pushed["table"], pushed["rematch"], pushed["seat"]) == (None, table, made, None)
        _no_one_heard_anothers_secret(clients, {s: [tokens[s], won[s]["token"]] for s in tokens})
        assert not any(won[s]["token"] in json.dumps(watcher.heard) for s in won)
        for seat in ("3", "1", "0"):
            assert clients[seat].ask(op="sit", table=made, token=won[seat]["token"])["deal"]["waiting"]
        dealt = clients["2"].ask(op="sit", table=made, token=won["2"]["token"], contribution="2")
        assert (
            dealt["deal"]["waiting"] == [] and dealt["seat"] == 2 and len(dealt["view"]["data"]["hand"]) == 13
        )
    finally:
        for client in [*clients.values(), *([watcher] if watcher else [])]:
            client.close()
        _stop(server)


def test_two_processes_and_four_seats_racing_make_one_rematch(postgres_url: str) -> None:
    """Two server processes on one PostgreSQL database, two seats on each, every seat asking
    twice at once: the database's one rematch a table holds across processes, and each seat is
    given its own seat there and no other's secret."""
    pytest.importorskip("psycopg")
    servers = [_server(postgres_url), _server(postgres_url)]
    clients: dict[str, _Client] = {}
    try:
        table, tokens, clients = _four_people([s.address for s in servers])
        won = _everyone_asks_twice_at_once(table, tokens, clients)
        _no_one_heard_anothers_secret(clients, {s: [tokens[s], won[s]["token"]] for s in tokens})
        made = won["0"]["table"]
        for seat, client in clients.items():
            seen = client.ask(op="view", table=made, token=won[seat]["token"])
            assert seen["seat"] == int(seat) and seen["deal"]["waiting"] == [0, 1, 2, 3]
            assert client.ask(op="view", table=table)["rematch"] == made
    finally:
        for client in clients.values():
            client.close()
        _stop(*servers)


def _moves_by_seat(db: str | Path, table: str) -> tuple[int, dict[int, int]]:
    """How many moves the database holds for ``table``, and how many of them each seat made."""
    from cardrules.serve.stores import stored_transcript

    transcript = stored_transcript(str(db), table)
    game = get_game(transcript.game)
    state, made = game.new_game(transcript.seed, transcript.config), dict[int, int]()
    for move in transcript.moves:
        made[state.to_act] = made.get(state.to_act, 0) + 1
        state = game.apply(state, move)
    return len(transcript.moves), made


def test_a_player_gone_right_after_the_reply_still_has_the_bots_answer(tmp_path: Path) -> None:
    """The player's connection closes as soon as its reply comes (and another never even reads
    it): the accepted moves stay, the bots still move up to a human's turn, and the next
    connection sees the table there."""
    db = tmp_path / "tables.db"
    server = _server(db)
    try:
        player = _Client(server.address)
        created = player.ask(op="new", game="clubs", seed=3, seats=["human", "random", "random", "random"])
        table, token = created["table"], created["tokens"]["0"]
        first = player.ask(op="join", table=table, token=token)
        answer = player.ask(op="play", move=first["legal"][0], at=0, bots_after_reply=True)
        assert (answer["moves"], answer["to_act"], answer["legal"]) == (1, 1, [])
        player.ws.socket.close()  # gone without a close frame, the bots still to move
        again = _Client(server.address)
        for _ in range(300):
            seen = again.ask(op="view", table=table, token=token)
            if seen["to_act"] == 0:
                break
            time.sleep(0.02)
        assert seen["to_act"] == 0 and seen["moves"] >= 4 and seen["legal"], seen
        rude = _Client(server.address)
        rude.send(
            op="play",
            table=table,
            token=token,
            move=seen["legal"][0],
            at=seen["moves"],
            bots_after_reply=True,
        )
        rude.ws.socket.close()  # not even the reply read
        for _ in range(300):
            later = again.ask(op="view", table=table, token=token)
            if later["to_act"] == 0 and later["moves"] > seen["moves"]:
                break
            time.sleep(0.02)
        assert later["moves"] >= seen["moves"] + 2 and later["to_act"] == 0, later  # a bot moved after ours
        again.close()
    finally:
        _stop(server)
    moves, made = _moves_by_seat(db, table)
    assert moves == later["moves"] and made[0] == 2  # both of seat 0's moves, and the bots' after


def test_a_player_back_on_a_new_connection_who_plays_without_join_is_pushed_its_own_seat(
    tmp_path: Path,
) -> None:
    """A seat back on a new connection plays with its token at once (no ``join``): the bots'
    moves pushed after the reply are its seat's view, with its legal moves when it is to act
    again, not a spectator's."""
    server = _server(tmp_path / "tables.db")
    try:
        first = _Client(server.address)
        created = first.ask(op="new", game="clubs", seed=3, seats=["human", "random", "random", "random"])
        table, token = created["table"], created["tokens"]["0"]
        seen = first.ask(op="join", table=table, token=token)
        first.close()
        back = _Client(server.address)
        answer = back.ask(
            op="play", table=table, token=token, move=seen["legal"][0], at=0, bots_after_reply=True
        )
        assert (answer["seat"], answer["to_act"]) == (0, 1), answer
        pushes = [back.receive()]
        while pushes[-1]["to_act"] != 0:  # the bots' moves, each pushed
            pushes.append(back.receive())
        assert [(p["id"], p["seat"], p["moves"]) for p in pushes] == [
            (None, 0, moves) for moves in range(2, len(pushes) + 2)
        ]
        assert len(pushes) >= 3 and pushes[-1]["legal"] and "hand" in pushes[-1]["view"]["data"]
        back.close()
    finally:
        _stop(server)


def _check_order(key: tuple[str, int | None], messages: list[dict[str, Any]]) -> None:
    """A connection's state messages at a table, in the order it read them: each push further on
    than the message before it (a reply may show where a push already did), and each event told
    once, in order (``events_from`` takes up where the message before left off)."""
    for before, after in itertools.pairwise(messages):
        if after["id"] is None:
            assert after["moves"] > before["moves"], (key, before["moves"], after["moves"])
        assert after["moves"] >= before["moves"], key
        assert after["events_from"] == before["events_from"] + len(before["events"]), key


def test_plays_flooding_in_with_bots_after_reply_are_each_told_once_in_order(tmp_path: Path) -> None:
    """Four tables of two people and two bots, every person playing with ``bots_after_reply`` as
    soon as its turn comes and following each move with a stale one (refused), a spectator at
    each: each connection's pushes go forward, tell each event once and in order, and the
    database holds exactly the moves accepted."""
    db = tmp_path / "tables.db"
    server = _server(db)
    host = _Client(server.address)
    tables: list[tuple[str, dict[str, str]]] = []
    for k in range(4):
        created = host.ask(
            op="new", game="clubs", seed=20 + k, config={"threshold": 1}, seats=_TWO_AND_BOTS, seat=[0, 2]
        )
        tables.append((created["table"], created["tokens"]))
    host.close()
    accepted: dict[tuple[str, int], int] = {}
    stale: list[dict[str, Any]] = []
    told: dict[tuple[str, int | None], list[dict[str, Any]]] = {}

    def person(table: str, seat: int, token: str) -> None:
        client = _Client(server.address)
        try:
            state = client.ask(op="join", table=table, token=token)
            while state["outcome"] is None:
                if state["to_act"] == seat and state["legal"]:
                    move, at = state["legal"][0], state["moves"]
                    reply = client.ask(op="play", move=move, at=at, bots_after_reply=True)
                    assert reply["ok"], reply  # the latest message said it was our turn
                    accepted[(table, seat)] = accepted.get((table, seat), 0) + 1
                    stale.append(client.ask(op="play", move=move, at=at, bots_after_reply=True))
                    stale.append(client.ask(op="play", move=move, at=reply["moves"], bots_after_reply=True))
                    state = [m for m in client.heard if m["ok"]][-1]
                    continue
                state = client.receive()
            told[(table, seat)] = [m for m in client.heard if m["ok"]]
        finally:
            client.close()

    def spectator(table: str) -> None:
        client = _Client(server.address)
        try:
            state = client.ask(op="join", table=table)
            while state["outcome"] is None:
                state = client.receive()
            told[(table, None)] = [m for m in client.heard if m["ok"]]
        finally:
            client.close()

    try:
        with ThreadPoolExecutor(12) as pool:
            work = [pool.submit(spectator, table) for table, _ in tables]
            time.sleep(0.2)  # the spectators have joined
            work += [pool.submit(person, t, s, tokens[str(s)]) for t, tokens in tables for s in (0, 2)]
            for done in work:
                done.result(timeout=120)
    finally:
        _stop(server)
    _check_flood(db, [t for t, _ in tables], told, stale, accepted)


def _check_flood(
    db: Path,
    tables: list[str],
    told: dict[tuple[str, int | None], list[dict[str, Any]]],
    stale: list[dict[str, Any]],
    accepted: dict[tuple[str, int], int],
) -> None:
    """Every connection told in order, every stale move refused as one, and the database holding
    each person's accepted moves, no more and no fewer."""
    assert len(told) == 3 * len(tables) and len(stale) == 2 * sum(accepted.values()) > 0
    for key, messages in told.items():
        _check_order(key, messages)
    for reply in stale:
        _refused(reply, "IllegalMoveError")
        assert re.fullmatch(
            r"this move was meant for move \d+, but the table is at move \d+: look at the new position first"
            r"|seat \d is not to act; it is (seat \d|nobody: the game is over)"
            # our move won the trick, so we lead again at that move number: the card is gone
            r"|cannot play \w+: seat \d does not hold \w+ \(it may play [\w ]+\)",
            reply["error"]["message"],
        ), reply
    for table in tables:
        moves, made = _moves_by_seat(db, table)
        spectated = told[(table, None)]
        assert spectated[-1]["moves"] == moves and spectated[-1]["outcome"] is not None
        assert sum(len(m["events"]) for m in spectated) == spectated[-1]["events_from"] + len(
            spectated[-1]["events"]
        )
        assert {s: made.get(s, 0) for s in (0, 2)} == {s: accepted.get((table, s), 0) for s in (0, 2)}
