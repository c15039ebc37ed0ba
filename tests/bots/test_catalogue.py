"""One bot catalogue (#58): the library's bots are written once, in ``cardrules.bots.catalogue``,
and every list of them, the name reader, its messages, the command line, a server's checks and its
``games`` reply, is derived from it; a bot added to the catalogue shows up in each."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import get_args

import pytest

from cardrules.bots import Bot
from cardrules.bots.catalogue import CATALOGUE, SEARCH_CAPS, BotKind, Tuning
from cardrules.bots.names import LIBRARY_BOTS, BotName, read_bot_name
from cardrules.serve.limits import Limits
from cardrules.serve.seating import BUILT_IN_BOTS, described_bots, make_bot

SRC = Path(__file__).parents[2] / "src"


def test_the_literal_and_the_public_lists_are_the_catalogues_names() -> None:
    """A ``Literal`` cannot be built from a table, so this holds it to the catalogue."""
    assert get_args(BotKind) == tuple(CATALOGUE) == LIBRARY_BOTS == BUILT_IN_BOTS


@pytest.mark.parametrize("name", list(CATALOGUE))
def test_each_entry_makes_its_bot_and_offers_a_seat_a_server_takes(name: str) -> None:
    entry = CATALOGUE[name]
    bot: Bot = entry.make(None, None, Tuning())
    assert callable(bot.choose)
    assert read_bot_name(name) == BotName(entry.name)
    assert entry.searches == (entry.counts is not None) == (entry.caps is not None)
    offered = read_bot_name(entry.offer, Limits().max_iterations, SEARCH_CAPS.server_seconds)
    assert offered is not None and offered.kind == name
    make_bot(entry.offer, most=Limits().max_iterations)
    if entry.searches:
        assert read_bot_name(f"{name}:3") == BotName(entry.name, iterations=3)
        assert (read_bot_name(f"{name}@5ms") is not None) == entry.timed


def test_a_servers_caps_are_the_catalogues() -> None:
    assert Limits().max_iterations == SEARCH_CAPS.client_count
    assert Limits.local().max_iterations == SEARCH_CAPS.server_count
    for module in ("serve/limits.py", "serve/seating.py", "bots/names.py"):
        text = (SRC / "cardrules" / module).read_text(encoding="utf-8")
        assert "100_000" not in text and "2_000" not in text and "5.0" not in text, module


def test_the_games_reply_describes_the_catalogue_strongest_first() -> None:
    described = described_bots()
    names = [str(b["name"]) for b in described]
    assert sorted(names) == sorted(CATALOGUE) and names[0] == "pimc"
    strengths = [CATALOGUE[str(b["name"])].strength for b in described]
    assert strengths == sorted(strengths)


# A copy of the catalogue with one more search, "deep", whose factory makes a bot of no search
# class (so a server that asked the bot's class, not the catalogue, would not bound its time).
_DEEP = textwrap.dedent(
    """
    import io, json, types
    from contextlib import redirect_stderr, redirect_stdout
    import attrs
    import cardrules.bots.catalogue as catalogue
    from cardrules.bots import HeuristicBot

    deep = attrs.evolve(
        catalogue.CATALOGUE["ismcts"], name="deep", make=lambda count, seconds, tuning: HeuristicBot(),
        title="Deep bot", description="a deeper search", offer="deep:50", strength=0, counts="rollouts",
    )
    catalogue.CATALOGUE = types.MappingProxyType({**catalogue.CATALOGUE, "deep": deep})

    from cardrules.errors import ConfigError
    from cardrules.bots.names import LIBRARY_BOTS, bot_help, bot_list, read_bot_name, search_names
    from cardrules.serve.seating import BUILT_IN_BOTS, check_bot_name, make_bot
    from cardrules.serve.protocol import Engine, Session
    from cardrules.serve.stores import SQLiteStore
    from cardrules.serve.thinking import Thinking
    from cardrules.cli import main

    def error(call):
        try:
            call()
        except ConfigError as exc:
            return str(exc)
        return None

    def new(engine, seat):
        reply = engine.handle({"op": "new", "game": "manager", "seats": ["human", seat]}, Session())
        return reply["error"]["message"] if not reply["ok"] else "ok"

    store = SQLiteStore(":memory:")
    thinking = Thinking(seconds=1.0)
    engine = Engine(store, thinking)
    games = engine.handle({"op": "games"}, Session())
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        main(["arena", "clubs", "--bots", "nobody,random"])
    found = {
        "names": list(LIBRARY_BOTS), "built_in": list(BUILT_IN_BOTS),
        "read": repr(read_bot_name("deep")), "count": repr(read_bot_name("deep:7")),
        "time": repr(read_bot_name("deep@20ms")), "bad": error(lambda: read_bot_name("deep:x")),
        "search_names": search_names(), "bot_list": bot_list(), "help": bot_help(),
        "seat": error(lambda: make_bot("nobody")), "own": error(lambda: check_bot_name("deeper")),
        "bots": games["bots"], "library_bots": games["library_bots"],
        "capped": new(engine, "deep:2001"), "timed": new(engine, "deep@1s"), "taken": new(engine, "deep@5ms"),
        "searches": repr(thinking.search_of("deep:5")), "cli": err.getvalue(),
    }
    thinking.close()
    store.close()
    print(json.dumps(found))
    """
)


@pytest.fixture(scope="module")
def deep() -> dict[str, object]:
    """What each place says of the library's bots once ``deep`` is in the catalogue."""
    done = subprocess.run(
        [sys.executable, "-c", _DEEP], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_a_bot_added_to_the_catalogue_is_read_by_name(deep: dict[str, object]) -> None:
    assert deep["names"] == deep["built_in"] == ["random", "heuristic", "ismcts", "pimc", "deep"]
    assert deep["read"] == "BotName(kind='deep', iterations=None, seconds=None)"
    assert deep["count"] == "BotName(kind='deep', iterations=7, seconds=None)"
    assert deep["time"] == "BotName(kind='deep', iterations=None, seconds=0.02)"
    assert "a search bot is 'deep', 'deep:N' (N rollouts a move" in str(deep["bad"])
    assert deep["searches"] == str(deep["read"]).replace("None, seconds", "5, seconds")


def test_a_bot_added_to_the_catalogue_is_in_every_message(deep: dict[str, object]) -> None:
    assert "'deep:N' (N rollouts a move" in str(deep["search_names"])
    assert str(deep["bot_list"]).startswith("random, heuristic, ismcts, pimc, deep (ismcts and pimc and deep")
    assert "deep (1,000 rollouts a move; deep:N for N, deep@0.5s" in str(deep["help"])
    assert "a seat is 'human', 'random', 'heuristic', 'ismcts', 'pimc', 'deep'," in str(deep["seat"])
    assert "'deep@Ts'" in str(deep["seat"])
    assert "not starting with random, heuristic, ismcts, pimc or deep" in str(deep["own"])
    assert "no bot named 'nobody'; the bots: random, heuristic, ismcts, pimc, deep (" in str(deep["cli"])


def test_a_bot_added_to_the_catalogue_is_offered_and_bounded_by_a_server(deep: dict[str, object]) -> None:
    assert deep["bots"] == ["random", "heuristic", "ismcts", "pimc", "deep"]
    offered = deep["library_bots"]
    assert isinstance(offered, list)
    assert offered[0] == {
        "name": "deep",
        "title": "Deep bot",
        "description": "a deeper search",
        "offer": "deep:50",
        "searches": True,
        "counts": "rollouts",
        "timed": True,
    }
    assert "N rollouts a move, 1 to 2,000" in str(deep["capped"])
    assert "a search must take less" in str(deep["timed"])  # asked of the catalogue, not the class
    assert deep["taken"] == "ok"
