"""``cards``: every card in its place at any step of a finished game, for the page's review (issue
57); nothing before the game is over, and any step, forward or back, the same as a replay of the
transcript's moves by the library itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from serve_support import zones_by_replay

from cardrules import loads
from cardrules.registry import get_game
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import SQLiteStore

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
REPLY = jsonschema.Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})
REQUEST = jsonschema.Draft202012Validator({"$ref": "#/$defs/request", "$defs": SCHEMA["$defs"]})


@pytest.fixture
def engine() -> Iterator[Engine]:
    store = SQLiteStore(":memory:")
    yield Engine(store)
    store.close()


def _ask(engine: Engine, **request: Any) -> dict[str, Any]:
    REQUEST.validate(request)
    reply = engine.handle(request, Session())
    REPLY.validate(reply)
    return reply


def _finished(engine: Engine, game: str, config: dict[str, Any]) -> tuple[str, Any]:
    """A table of random bots played to the end in its ``new`` request; its id and transcript."""
    seats = 2 if game in ("manager", "rugby_league") else 4
    created = _ask(engine, op="new", game=game, seed="7", config=config, seats=["random"] * seats)
    assert created["ok"], created
    reply = _ask(engine, op="transcript", table=created["table"])
    return created["table"], loads(json.dumps(reply["transcript"]))


def test_the_first_steps_of_a_clubs_game_show_each_hand_as_dealt_then_less_the_card_played(
    engine: Engine,
) -> None:
    table, transcript = _finished(engine, "clubs", {"threshold": 1})
    start = _ask(engine, op="cards", table=table, events=1)  # the deal, before any move
    assert (start["moves"], start["of"]) == (0, len(transcript.moves))
    hands = {z["name"]: z["cards"] for z in start["zones"] if z["name"].startswith("hand")}
    assert sorted(len(cards) for cards in hands.values()) == [13, 13, 13, 13]
    assert sum(len(z["cards"]) for z in start["zones"]) == 52
    first = transcript.moves[0]
    after = _ask(engine, op="cards", table=table, events=2)  # the deal and the first card played
    assert after["moves"] == 1
    leader = next(z for z in start["zones"] if str(first.card) in z["cards"])
    now = {z["name"]: z["cards"] for z in after["zones"]}
    assert now[leader["name"]] == [c for c in leader["cards"] if c != str(first.card)]
    assert now["trick"] == [str(first.card)]


@pytest.mark.parametrize(
    ("game", "config"),
    [("clubs", {"threshold": 10}), ("manager", {}), ("rugby_league", {}), ("eighty_points", {"rounds": 1})],
)
def test_every_step_forward_and_back_is_the_replay_of_the_moves_told_so_far(
    engine: Engine, game: str, config: dict[str, Any]
) -> None:
    table, transcript = _finished(engine, game, config)
    state = get_game(game).new_game(transcript.seed, transcript.config)
    told = [len(get_game(game).opening_events(state))]
    for move in transcript.moves:
        state, happened = get_game(game).step(state, move)
        told.append(told[-1] + len(happened))
    assert len(transcript.moves) > 64, "long enough to step across the kept states"
    picks = sorted(
        {k for k in (0, 1, 63, 64, 65, 129, len(told) - 2, len(told) - 1) if k < len(told)}, reverse=True
    )
    for pick in picks:  # backwards: each step back from the end
        reply = _ask(engine, op="cards", table=table, events=told[pick])
        # A move that tells nothing (a card chosen face down) shows with the next move that tells.
        moves = told.index(told[pick])
        assert reply["moves"] == moves, (game, moves)
        assert reply["zones"] == zones_by_replay(transcript, moves), (game, moves)
        if moves and told[moves] - 1 > told[moves - 1]:  # partway through one move's events
            assert _ask(engine, op="cards", table=table, events=told[moves] - 1)["moves"] == moves


def test_cards_are_refused_while_the_game_is_played_and_for_a_step_that_is_not_one(engine: Engine) -> None:
    created = _ask(
        engine, op="new", game="clubs", seed="3", seats=["human", "random", "random", "random"], seat=0
    )
    refused = _ask(engine, op="cards", table=created["table"], events=0)
    assert refused["error"]["type"] == "StateError"
    assert "still being played" in refused["error"]["message"]
    table, transcript = _finished(engine, "clubs", {"threshold": 1})
    total = len(_ask(engine, op="events", table=table, limit=200)["events"])
    for bad in (-1, total + 1, "3", True, None, 2.5):
        reply = engine.handle({"op": "cards", "table": table, "events": bad}, Session())
        REPLY.validate(reply)
        assert reply["error"]["type"] == "ProtocolError", bad
        assert f"0 to {total}" in reply["error"]["message"]
    assert _ask(engine, op="cards", table=table, events=total)["moves"] == len(transcript.moves)
