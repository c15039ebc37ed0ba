"""``review``: a finished game's review of one seat, computed on the server's bot workers within
its budget, bounded per client, and kept with the table so that a second look costs nothing
(issue 60). The review a server makes is the library's own (``cardrules.review``) at the same
seed and budget, whichever way it is computed."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardrules import loads
from cardrules.review import ReviewBudget, review, to_json
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.reviews import Reviews
from cardrules.serve.stores import SQLiteStore, open_store
from cardrules.serve.thinking import Thinking
from cardrules.transcript import replay_steps

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
REPLY = jsonschema.Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})
REQUEST = jsonschema.Draft202012Validator({"$ref": "#/$defs/request", "$defs": SCHEMA["$defs"]})

BUDGET = ReviewBudget(deals=4)


@pytest.fixture
def engine() -> Iterator[Engine]:
    store = SQLiteStore(":memory:")
    yield Engine(store, review_budget=BUDGET)
    store.close()


def _ask(engine: Engine, session: Session | None = None, **request: Any) -> dict[str, Any]:
    REQUEST.validate(request)
    reply = engine.handle(request, session or Session(client="a"))
    REPLY.validate(reply)
    return reply


def _finished(engine: Engine, game: str = "clubs", config: Any = None, seed: str = "3") -> tuple[str, Any]:
    """A table of heuristic bots played to the end in its ``new`` request: its id and transcript."""
    seats = 2 if game in ("manager", "rugby_league") else 4
    config = {"threshold": 10} if config is None else config
    created = _ask(engine, op="new", game=game, seed=seed, config=config, seats=["heuristic"] * seats)
    assert created["ok"], created
    reply = _ask(engine, op="transcript", table=created["table"])
    return created["table"], loads(json.dumps(reply["transcript"]))


def _library(transcript: Any, seat: int, budget: ReviewBudget = BUDGET) -> dict[str, Any]:
    return to_json(review(transcript, seat, budget=budget, seed=0))


def _until_done(
    engine: Engine, table: str, seat: int, session: Session | None = None
) -> list[dict[str, Any]]:
    replies = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        replies.append(_ask(engine, session, op="review", table=table, seat=seat))
        if not replies[-1]["ok"] or replies[-1]["review"] is not None:
            return replies
        time.sleep(0.05)
    raise AssertionError("the review never ended")


def test_the_server_review_is_the_library_review_at_the_same_budget_and_seed(engine: Engine) -> None:
    table, transcript = _finished(engine)
    replies = _until_done(engine, table, 2)
    done = replies[-1]
    assert done["ok"] and (done["reviewed"], done["table"]) == (2, table)
    assert done["done"] == done["total"] == len(done["review"]["decisions"]) > 0
    assert done["review"] == _library(transcript, 2)
    assert all(d["seat"] == 2 for d in done["review"]["decisions"])
    first = replies[0]
    assert first["review"] is None and first["done"] < first["total"] == done["total"]
    assert [r["done"] for r in replies] == sorted(r["done"] for r in replies)  # never goes back


@pytest.mark.slow  # a whole Manager game reviewed twice, the server's and the library's: 12 s
def test_wait_answers_with_the_whole_review_and_the_token_names_the_seat(engine: Engine) -> None:
    created = _ask(engine, op="new", game="manager", seed="5", seats=["human", "heuristic"])
    table, token = created["table"], created["tokens"]["0"]
    early = _ask(engine, op="review", table=table, token=token)
    assert (
        not early["ok"]
        and early["error"]["type"] == "StateError"
        and "still being played" in early["error"]["message"]
    )
    while True:
        state = _ask(engine, op="view", table=table, token=token)
        if state["outcome"] is not None:
            break
        _ask(engine, op="play", table=table, token=token, move=state["legal"][0])
    reply = _ask(engine, op="review", table=table, token=token, wait=True)
    assert reply["ok"] and reply["reviewed"] == 0 and reply["done"] == reply["total"] > 0
    transcript = loads(json.dumps(_ask(engine, op="transcript", table=table)["transcript"]))
    assert reply["review"] == _library(transcript, 0)


def test_refusals_change_nothing(engine: Engine) -> None:
    table, _ = _finished(engine)
    refusals: list[tuple[dict[str, Any], str, str]] = [
        ({"seat": 4}, "ProtocolError", "0 to 3"),
        ({"seat": -1}, "ProtocolError", "0 to 3"),
        ({"seat": "1"}, "ProtocolError", "'seat'"),
        ({}, "ProtocolError", "'seat'"),  # a spectator names the seat
        ({"seat": 0, "wait": 1}, "ProtocolError", "'wait'"),
        ({"token": "not-a-token"}, "StateError", "no seat's"),
    ]
    for request, kind, words in refusals:
        reply = engine.handle({"op": "review", "table": table, **request}, Session())
        assert not reply["ok"] and reply["error"]["type"] == kind and words in reply["error"]["message"], (
            reply
        )
    missing = engine.handle({"op": "review", "table": "nosuchtable1", "seat": 0}, Session())
    assert missing["error"]["type"] == "StateError"
    assert engine.reviews._running == {}


class _Gate:
    """Holds every decision's review until opened; counts them."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.judged = 0

    def judge(self, client: str, state: Any, move: Any, index: int) -> Any:
        self.open.wait(30)
        self.judged += 1
        from cardrules.review import review_decision

        return review_decision(state, move, budget=BUDGET, seed=0, index=index)


def test_one_client_has_at_most_its_reviews_at_once_and_the_server_its_own(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = _Gate()
    monkeypatch.setattr(Reviews, "_judge", lambda self, *a: gate.judge(*a))
    engine.store.limits = Limits(max_reviews_per_client=2, max_reviews=3)
    table, _ = _finished(engine)
    a, b = Session(client="a"), Session(client="b")
    for seat in (0, 1):
        assert _ask(engine, a, op="review", table=table, seat=seat)["ok"]
    assert _ask(engine, a, op="review", table=table, seat=0)["ok"]  # the same review: no new one
    third = _ask(engine, a, op="review", table=table, seat=2)
    assert third["error"]["type"] == "LimitError" and "2 reviews" in third["error"]["message"]
    assert _ask(engine, b, op="review", table=table, seat=2)["ok"]
    full = _ask(engine, b, op="review", table=table, seat=3)
    assert full["error"]["type"] == "LimitError" and "3 games" in full["error"]["message"]
    gate.open.set()
    for seat in (0, 1, 2):
        assert _until_done(engine, table, seat)[-1]["review"] is not None
    assert _until_done(engine, table, 3, a)[-1]["review"] is not None  # room again


def test_a_review_is_kept_with_the_table_and_asked_again_costs_no_worker(
    store_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Computed once, kept in the database (SQLite and PostgreSQL): another server on the same
    database answers it at once, judging nothing."""
    first = Engine(open_store(store_db), review_budget=BUDGET)
    try:
        table, transcript = _finished(first, "pub_derby", {})
        done = _until_done(first, table, 1)[-1]
    finally:
        first.store.close()
    assert done["review"] == _library(transcript, 1)

    def no_worker(*args: Any) -> Any:
        raise AssertionError("a kept review was judged again")

    monkeypatch.setattr(Thinking, "review", no_worker)
    monkeypatch.setattr(Reviews, "_judge", no_worker)
    second = Engine(open_store(store_db), Thinking(workers=1), review_budget=ReviewBudget(deals=99))
    try:
        again = _ask(second, op="review", table=table, seat=1)
        assert again == {**done, "id": None} and second.reviews._running == {}
    finally:
        second.store.close()


def test_the_bot_workers_judge_each_decision_in_their_fair_queues(engine: Engine) -> None:
    """With worker processes, each decision is a job in the client's queue (counted by the
    workers' lock), and the review is the same as the library's."""
    thinking = Thinking(workers=1)
    engine.reviews.thinking = thinking
    jobs: list[str] = []
    real = Thinking._wait_turn

    def counted(self: Thinking, job: Any) -> bool:
        jobs.append(job.client)
        return real(self, job)

    try:
        Thinking._wait_turn = counted  # type: ignore[method-assign]
        table, transcript = _finished(engine, "eighty_points", {"rounds": 1}, seed="4")
        done = _until_done(engine, table, 0, Session(client="someone"))[-1]
    finally:
        Thinking._wait_turn = real  # type: ignore[method-assign]
        thinking.close()
    assert done["review"] == _library(transcript, 0)
    assert jobs == ["someone"] * done["total"] and done["total"] > 0


def test_over_websocket_the_review_comes_with_its_progress_then_is_kept(tmp_path: Path) -> None:
    """A real server (its bot workers): asked again and again, the review's ``done`` climbs to
    its ``total``, and once done a new connection is answered with the same review at once."""
    pytest.importorskip("starlette")
    from serve_support import BROWSER_SERVER_OPTIONS, ServerProcess
    from websockets.sync.client import connect

    server = ServerProcess(tmp_path / "tables.db", options=BROWSER_SERVER_OPTIONS)  # bots move fast
    try:
        with connect(f"ws://{server.address}/ws") as socket:

            def ask(**request: Any) -> dict[str, Any]:
                socket.send(json.dumps({**request, "id": 1}))
                while True:  # past the pushes of the bots' moves
                    reply: dict[str, Any] = json.loads(socket.recv(timeout=60))
                    if reply["id"] is not None:
                        REPLY.validate(reply)
                        return reply

            seats = ["heuristic"] * 4
            table = ask(op="new", game="clubs", seed="9", config={"threshold": 5}, seats=seats)["table"]
            ask(op="join", table=table)  # a table of bots moves while it is watched
            while ask(op="view", table=table)["outcome"] is None:
                time.sleep(0.1)
            replies = [ask(op="review", table=table, seat=3)]
            while replies[-1]["review"] is None:
                time.sleep(0.1)
                replies.append(ask(op="review", table=table, seat=3))
            transcript = loads(json.dumps(ask(op="transcript", table=table)["transcript"]))
        done = [r["done"] for r in replies]
        assert done[0] < replies[0]["total"] and done == sorted(done) and done[-1] == replies[-1]["total"]
        assert len(set(done)) > 2  # progress seen, not only the start and the end
        review = replies[-1]["review"]
        assert review["budget"] == {"deals": 24, "seconds": 0.5}
        assert [d["index"] for d in review["decisions"]] == [
            k for k, (before, *_) in enumerate(replay_steps(transcript)) if before.to_act == 3
        ]
        with connect(f"ws://{server.address}/ws") as socket:
            started = time.monotonic()
            socket.send(json.dumps({"op": "review", "table": table, "seat": 3, "id": 2}))
            again = json.loads(socket.recv(timeout=60))
            assert again["review"] == review and time.monotonic() - started < 2
    finally:
        server.stop()
