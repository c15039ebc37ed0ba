"""Each seat's secret is its own (issue 55): the host of a table attacks its friends' seats with
everything ``new`` gave it, and a seat's string goes into the deal exactly once. Each test failed
on the server that returned every seat's token to the table's creator."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import GAMES, dumps
from cardrules.serve.fairness import deal_seed, verify_deal
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import SQLiteStore, stored_transcript

_TWO_FRIENDS = ["human", "human", "heuristic", "heuristic"]


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    store = SQLiteStore(str(tmp_path / "tables.db"))
    yield Engine(store)
    store.close()


def _ask(engine: Engine, session: Session) -> Any:
    return lambda **request: engine.handle(request, session)


def test_the_host_is_given_its_own_seats_token_and_an_invitation_for_each_other(engine: Engine) -> None:
    host = _ask(engine, Session())
    created = host(op="new", game="clubs", seats=_TWO_FRIENDS)
    assert set(created["tokens"]) == {"0"} and set(created["invitations"]) == {"1"}
    assert created["tokens"]["0"] != created["invitations"]["1"]
    alone = host(op="new", game="clubs", seats=["heuristic", "human", "heuristic", "human"], seat=None)
    assert alone["tokens"] == {} and set(alone["invitations"]) == {"1", "3"}
    both = host(op="new", game="clubs", seats=_TWO_FRIENDS, seat=[0, 1])
    assert set(both["tokens"]) == {"0", "1"} and both["invitations"] == {}
    for seat in (2, [0, 0], "0", [0, 5], True):
        refused = host(op="new", game="clubs", seats=_TWO_FRIENDS, seat=seat)
        assert refused["error"]["type"] == "ConfigError" and "one of [0, 1]" in refused["error"]["message"]


def test_the_host_with_every_invitation_cannot_see_or_sit_a_claimed_seat(engine: Engine) -> None:
    """The friend claims first: every string the host was ever sent fails as seat 1's token, and
    the host's own claim is refused; the friend's hand is seen by the friend's token alone."""
    host, friend = _ask(engine, Session()), _ask(engine, Session())
    created = host(op="new", game="clubs", seats=_TWO_FRIENDS, seed=5)
    table, code = created["table"], created["invitations"]["1"]
    claimed = friend(op="claim", table=table, invitation=code)
    assert claimed["seat"] == 1 and claimed["token"] not in json.dumps(created)
    assert len(claimed["token"]) >= 22
    again = host(op="claim", table=table, invitation=code)
    assert again["error"]["type"] == "StateError" and "seat 1" in again["error"]["message"]
    assert "taken" in again["error"]["message"]
    for guess in [code, created["tokens"]["0"], created["deal"]["commitment"] or "", table]:
        tried = host(op="view", table=table, token=guess)
        assert not tried["ok"] or tried["seat"] != 1
    hand = friend(op="join", table=table, token=claimed["token"])["view"]["data"]["hand"]
    mine = host(op="join", table=table, token=created["tokens"]["0"])["view"]["data"]["hand"]
    assert set(hand).isdisjoint(mine) and len(hand) == 13


def test_a_seat_the_host_claims_first_is_refused_to_the_friend_as_taken(engine: Engine) -> None:
    """Grinding: a host that claims its friend's seat to look at deals is seen, since the friend's
    claim is then refused, saying the seat is taken."""
    host, friend = _ask(engine, Session()), _ask(engine, Session())
    created = host(op="new", game="clubs", seats=_TWO_FRIENDS)
    code = created["invitations"]["1"]
    assert host(op="claim", table=created["table"], invitation=code)["ok"]
    late = friend(op="claim", table=created["table"], invitation=code)
    assert late["error"]["type"] == "StateError" and "is taken" in late["error"]["message"]
    wrong = friend(op="claim", table=created["table"], invitation="guessed")
    assert wrong["error"]["type"] == "StateError" and "no seat's" in wrong["error"]["message"]


def test_a_contribution_is_taken_once_at_sit_down_and_never_ignored(engine: Engine) -> None:
    host, friend = _ask(engine, Session()), _ask(engine, Session())
    created = host(op="new", game="clubs", seats=_TWO_FRIENDS)
    table, mine = created["table"], created["tokens"]["0"]
    early = host(op="join", table=table, token=mine, contribution="mine")
    assert early["error"]["type"] == "ProtocolError" and "'sit'" in early["error"]["message"]
    assert host(op="join", table=table, token=mine)["deal"]["waiting"] == [0, 1]  # a join never sits
    assert host(op="sit", table=table, token=mine, contribution="mine")["deal"]["waiting"] == [1]
    twice = host(op="sit", table=table, token=mine, contribution="other")
    assert twice["error"]["type"] == "StateError" and "sits once" in twice["error"]["message"]
    theirs = friend(op="claim", table=table, invitation=created["invitations"]["1"])["token"]
    dealt = friend(op="sit", table=table, token=theirs, contribution="yours")
    assert dealt["deal"]["waiting"] == [] and len(dealt["view"]["data"]["hand"]) == 13
    late = friend(op="sit", table=table, token=theirs, contribution="again")
    assert late["error"]["type"] == "StateError" and "sits once" in late["error"]["message"]
    held = engine.store.get(table)
    assert held.deal.server_seed is not None
    assert held.seed == deal_seed(held.deal.server_seed, {0: "mine", 1: "yours"})


def test_a_practice_table_has_no_sitting_down(engine: Engine) -> None:
    host = _ask(engine, Session())
    created = host(op="new", game="clubs", seats=["human", "heuristic", "heuristic", "heuristic"], seed=3)
    refused = host(op="sit", table=created["table"], token=created["tokens"]["0"], contribution="x")
    assert refused["error"]["type"] == "StateError" and "practice table" in refused["error"]["message"]
    spectator = host(op="sit", table=created["table"], contribution="x")
    assert spectator["error"]["type"] == "ProtocolError"


def test_a_claim_outlives_a_restart_and_a_second_claim_still_fails(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    store = SQLiteStore(db)
    created = Engine(store).handle({"op": "new", "game": "manager", "seed": 9}, Session())
    token = Engine(store).handle(
        {"op": "claim", "table": created["table"], "invitation": created["invitations"]["1"]}, Session()
    )["token"]
    store.close()
    store = SQLiteStore(db)
    try:
        engine = Engine(store)
        again = engine.handle(
            {"op": "claim", "table": created["table"], "invitation": created["invitations"]["1"]}, Session()
        )
        assert "taken" in again["error"]["message"]
        assert (
            engine.handle({"op": "join", "table": created["table"], "token": token}, Session())["seat"] == 1
        )
    finally:
        store.close()
    assert stored_transcript(db, created["table"]).seed == 9


def test_a_database_from_before_invitations_keeps_every_seats_token(tmp_path: Path) -> None:
    """Tables stored when ``new`` gave every seat's token (no invitations column, no claims) are
    played on: each stored token is its seat's, and there is nothing left to claim."""
    db = str(tmp_path / "old.db")
    old = sqlite3.connect(db)
    old.executescript(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL, "
        "seed INTEGER NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL, chosen INTEGER NOT NULL "
        "DEFAULT 1, server_seed TEXT, salt TEXT);"
        "CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL, "
        "move TEXT NOT NULL, PRIMARY KEY (table_id, number));"
        "CREATE TABLE seated (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, "
        "contribution TEXT NOT NULL, PRIMARY KEY (table_id, seat));"
    )
    config = dumps(GAMES["manager"].Config())
    old.execute(
        "INSERT INTO tables VALUES ('abc', 'manager', ?, 4, '[\"human\", \"human\"]', "
        '\'{"0": "tok0", "1": "tok1"}\', 1, NULL, NULL)',
        (config,),
    )
    old.commit()
    old.close()
    store = SQLiteStore(db)
    try:
        engine = Engine(store)
        seats = [
            engine.handle({"op": "join", "table": "abc", "token": t}, Session()) for t in ("tok0", "tok1")
        ]
        assert [r["seat"] for r in seats] == [0, 1] and all(r["view"]["data"] for r in seats)
    finally:
        store.close()


def test_a_fair_table_of_two_friends_verifies_with_both_strings(engine: Engine) -> None:
    host, friend = _ask(engine, Session()), _ask(engine, Session())
    created = host(op="new", game="manager")
    table = created["table"]
    tokens = {"0": created["tokens"]["0"]}
    tokens["1"] = friend(op="claim", table=table, invitation=created["invitations"]["1"])["token"]
    host(op="sit", table=table, token=tokens["0"], contribution="ünïcode 🂡")
    reply = friend(op="sit", table=table, token=tokens["1"], contribution="")
    while reply["outcome"] is None:
        seat = str(reply["to_act"])
        ask = host if seat == "0" else friend
        view = ask(op="view", table=table, token=tokens[seat])
        reply = ask(op="play", table=table, token=tokens[seat], move=view["legal"][0], at=view["moves"])
        assert reply["ok"], reply
    reveal = reply["deal"]["reveal"]
    assert reveal["contributions"] == {"0": "ünïcode 🂡", "1": ""}
    assert verify_deal(reveal, created["deal"]["commitment"]) == engine.store.get(table).seed
