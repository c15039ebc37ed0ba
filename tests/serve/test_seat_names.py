"""A server's seats name a search on the clock (``ismcts@0.5s``) as the command line does; the
server refuses one its bots' time budget could never hold, and the schema says the same names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import cardrules.serve
from cardrules.bots import HeuristicBot
from cardrules.bots.catalogue import CATALOGUE
from cardrules.bots.names import BotName
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.seating import check_bot_name, is_search
from cardrules.serve.stores import SQLiteStore
from cardrules.serve.thinking import Thinking

SCHEMA = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
SEAT = jsonschema.Draft202012Validator(SCHEMA["$defs"]["new_request"]["properties"]["seats"]["items"])


def _new(engine: Engine, seat: str) -> dict[str, object]:
    return engine.handle({"op": "new", "game": "manager", "seed": 2, "seats": ["human", seat]}, Session())


def test_a_seat_names_a_search_by_its_time_and_the_server_plays_it() -> None:
    store = SQLiteStore(":memory:")
    try:
        engine = Engine(store)  # bots choose in the request, as with --stdio
        created = _new(engine, "ismcts@20ms")
        assert created["ok"], created
        table = store.get(created["table"])
        assert table.seats == ["human", "ismcts@20ms"]
        for junk in ("ismcts@", "ismcts@-1s", "ismcts@abc", "ismcts@6s"):
            reply: dict[str, object] = _new(engine, junk)
            error = reply["error"]
            assert isinstance(error, dict) and error["type"] == "ConfigError"
            assert "'ismcts@Ts' (T seconds of CPU time a move, more than 0 and at most 5" in error["message"]
    finally:
        store.close()


def test_a_search_longer_than_the_bots_time_budget_is_refused() -> None:
    """With bots thinking in workers for 1 s a move, a search of 1 s would always run out: refused
    before the table is made (no worker starts); 0.5 s is taken."""
    store = SQLiteStore(":memory:")
    thinking = Thinking(seconds=1.0)
    try:
        engine = Engine(store, thinking)
        refused = _new(engine, "ismcts@1s")
        error = refused["error"]
        assert isinstance(error, dict) and error["type"] == "ConfigError"
        assert "gives a bot's move 1 s (--bot-seconds): a search must take less" in error["message"]
        assert _new(Engine(store, Thinking(seconds=1.0, workers=0)), "ismcts@1s")["ok"]  # no budget
    finally:
        thinking.close()
        store.close()


def test_a_pimc_seat_is_bounded_as_an_ismcts_seat_is() -> None:
    """A PIMC seat is a search like ISMCTS: a time the bots' budget could never hold is refused,
    and so are more deals than the server's cap (2,000 by default); within both it is taken."""
    store = SQLiteStore(":memory:")
    thinking = Thinking(seconds=1.0)
    try:
        engine = Engine(store, thinking)
        for seat, words in (
            ("pimc@1s", "a search must take less"),
            ("pimc:2001", "N deals a move, 1 to 2,000"),
            ("pimc:100001", "N deals a move, 1 to 2,000"),  # the server's cap, not the library's
        ):
            error = _new(engine, seat)["error"]
            assert isinstance(error, dict) and error["type"] == "ConfigError" and words in error["message"]
        # A fair table waits for its human to sit before the deal: the seat is taken, and no bot
        # thinks (2,000 deals a move would take minutes here).
        fair = {"op": "new", "game": "manager", "seats": ["human", "pimc:2000"]}
        taken = Engine(store, Thinking(seconds=1.0, workers=0)).handle(fair, Session())
        assert taken["ok"] and store.get(str(taken["table"])).seats == ["human", "pimc:2000"], taken
    finally:
        thinking.close()
        store.close()


def test_is_search_names_the_searches_only() -> None:
    assert [is_search(name) for name in ("ismcts", "ismcts:5", "pimc@0.5s", "pimc:3", "pimc")] == [True] * 5
    assert [is_search(name) for name in ("heuristic", "random", "human", "lowest", "pimc@", 3)] == [False] * 6


def test_the_schema_takes_the_seat_names_the_server_takes() -> None:
    taken = ("human", "random", "heuristic", "ismcts", "ismcts:500", "ismcts@0.5s", "ismcts@500ms")
    for seat in (*taken, "pimc", "pimc:20", "pimc@0.5s"):
        assert SEAT.is_valid(seat), seat
    for own in ("robot", "humans"):  # a server's own bots' names (cardrules serve --bot robot=...)
        assert SEAT.is_valid(own) and check_bot_name(own) == own
    refused = ("ismcts@", "ismcts@-1s", "ismcts@abc", "ismcts@0.5", "ismcts:", "Robot", "randoms")
    for seat in (*refused, "pimc@", "pimcs"):
        assert not SEAT.is_valid(seat), seat


def test_the_lobby_reads_the_library_bots_from_the_games_reply() -> None:
    """The web page keeps no list of the library's bots: it offers those the ``games`` reply
    describes (``cardrules.bots.catalogue``), the strongest first, each at a budget the server
    takes, and names a seat by its bot's title whatever the budget."""
    js = Path(cardrules.serve.__file__).parent / "static" / "js"
    for path in sorted(js.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for entry in CATALOGUE.values():
            for quoted in (f'"{entry.name}"', f'"{entry.offer}"', f'"{entry.title}"'):
                assert quoted not in text, (path.name, quoted)
    assert "app.games.library_bots" in (js / "seats.js").read_text(encoding="utf-8")
    store = SQLiteStore(":memory:")
    try:
        engine = Engine(store)
        reply = engine.handle({"op": "games"}, Session())
        offers = [bot["offer"] for bot in reply["library_bots"]]
        assert offers == ["pimc@0.5s", "heuristic", "ismcts:300", "random"]  # the ladder's order
        for offer in offers:
            assert _new(engine, offer)["ok"], offer
    finally:
        store.close()


def test_the_schemas_seat_pattern_names_the_catalogues_bots() -> None:
    """The schema's seat names are the catalogue's: its plain bots, its searches with a budget,
    and a server's own bots, which start with no library bot's name."""
    plain = "|".join(e.name for e in CATALOGUE.values() if not e.searches)
    searches = "|".join(e.name for e in CATALOGUE.values() if e.searches)
    pattern = (
        rf"^(human|{plain}|({searches})(:[0-9]+|@[0-9]+(\.[0-9]+)?m?s)?"
        rf"|(?!{'|'.join(CATALOGUE)})[a-z][a-z0-9_-]{{0,31}})$"
    )
    assert SCHEMA["$defs"]["new_request"]["properties"]["seats"]["items"]["pattern"] == pattern


def test_a_search_seat_makes_no_bot_in_the_servers_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search seat's move is asked of the workers by the seat's name, read once: the table
    makes no bot of its own to throw away (the worker makes it from the name)."""
    asked: list[BotName] = []

    def search(self: Thinking, name: BotName, view: Any, seed: int) -> Any:
        asked.append(name)
        return HeuristicBot().choose(view, seed)

    monkeypatch.setattr(Thinking, "search", search)
    store = SQLiteStore(":memory:")
    try:
        engine = Engine(store, Thinking(seconds=1.0))
        created = engine.handle(
            {"op": "new", "game": "manager", "seed": 2, "seats": ["human", "pimc:3"], "seat": 0}, Session()
        )
        assert created["ok"], created
        table = store.get(created["table"])
        assert asked and asked[0] == BotName("pimc", iterations=3)
        assert table.bots == {}
    finally:
        store.close()


def test_the_schema_takes_every_seat_a_server_may_offer() -> None:
    """A server's own bots (``--bot NAME=SPEC``), which its ``games`` reply offers, are seats the
    schema takes, as are the library's bots with any budget; a name no server could give is not."""
    import json
    from pathlib import Path

    import jsonschema

    schema = json.loads((Path(__file__).parents[2] / "src/cardrules/serve/protocol.schema.json").read_text())
    request = jsonschema.Draft202012Validator({"$ref": "#/$defs/new_request", "$defs": schema["$defs"]})
    seats = ["human", "mine", "last-bot_2", "pimc@0.5s", "ismcts:300", "heuristic", "random", "pimc"]
    request.validate({"op": "new", "game": "clubs", "seats": seats})
    for wrong in ("Mine", "9lives", "a" * 33, "my bot", ""):
        assert not request.is_valid({"op": "new", "game": "clubs", "seats": [wrong]}), wrong
