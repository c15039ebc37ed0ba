"""The web table without a browser: what its lobby is told about each game (the ``games`` reply's
``fields``), checked against the rules themselves, and its screenshots in the docs, checked to be
of the current static files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules._shared.options import RuleNumber
from cardrules.errors import ConfigError
from cardrules.registry import GAMES
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import SQLiteStore


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    store = SQLiteStore(str(tmp_path_factory.mktemp("games") / "tables.db"))
    try:
        reply = Engine(store).handle({"op": "games"}, Session())
    finally:
        store.close()
    return {game["name"]: game for game in reply["games"]}


def _make(name: str, **fields: Any) -> Any:
    return GAMES[name].Config(**fields)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_config_field_has_a_label_and_a_range_the_rules_keep(games: dict[str, Any], name: str) -> None:
    """Each field is labelled in words (never its raw name), and an int's range is the rules' own:
    its ``min`` is taken and one less refused; a ``max`` the rules set is taken and one more
    refused (a smaller ``max`` is the server's cap)."""
    fields = games[name]["fields"]
    assert [f["name"] for f in fields] == [f.name for f in attrs.fields(GAMES[name].Config)]
    for field in fields:
        assert field["label"] and field["label"] != field["name"]
        if field["kind"] != "int":
            continue
        low = field["min"]
        _make(name, **{field["name"]: low})
        with pytest.raises(ConfigError):
            _make(name, **{field["name"]: low - 1})
        rules_max = attrs.fields_dict(GAMES[name].Config)[field["name"]].metadata.get("max")
        if rules_max is not None:
            _make(name, **{field["name"]: rules_max})
            with pytest.raises(ConfigError):
                _make(name, **{field["name"]: rules_max + 1})


def test_choices_say_how_many_seats_they_make(games: dict[str, Any]) -> None:
    choices = {c["value"]: c["players"] for c in games["pub_derby"]["fields"][0]["choices"]}
    assert choices == {"classic": 4, "pub": 6, "big_squad": 8}
    threshold = games["clubs"]["fields"][1]
    assert (threshold["min"], threshold["max"]) == (1, 200)  # the server's cap


# Each game's numbers as its rule text (docs/rules/<game>.md) says them, checked by hand there:
# Pub Derby "A match consists of 2 halves", 4 players with 13 cards and 3 tricks in a row in
# classic; Rugby League "The first half ends after a total of 10 sets", "extra time (5 sets each
# way", three places in each half and a T at each end, "loses 2 tackles", kick for touch "2
# spaces", a try 4, a conversion 2, a penalty goal 2, a drop goal 1; 80 Points "the bottom 8",
# "at least 80 points" (and its config's default of 50 rounds at most); Manager "11 seasons".
RULE_FACTS: dict[str, dict[str, int]] = {
    "clubs": {},
    "pub_derby": {"players": 4, "hand_size": 13, "goal_length": 3, "halves": 2},
    "rugby_league": {
        "halves": 2,
        "sets_per_half": 10,
        "extra_time_sets": 5,
        "places": 8,
        "lost_tackles": 2,
        "touch_places": 2,
        "try_points": 4,
        "conversion_points": 2,
        "penalty_goal_points": 2,
        "drop_goal_points": 1,
    },
    "eighty_points": {"round_limit": 50, "bottom_cards": 8, "take_over_points": 80},
    "manager": {"seasons": 11},
}


def _table_reply(tmp_path: Path, name: str, config: dict[str, Any], seed: int | None = 7) -> dict[str, Any]:
    """A spectator's state reply at a new table of human seats (``seed`` None: a fair deal, which
    waits for the seats)."""
    store = SQLiteStore(str(tmp_path / f"{name}-{seed}-{'-'.join(map(str, config.values()))}.db"))
    try:
        engine = Engine(store)
        request: dict[str, Any] = {"op": "new", "game": name, "config": config}
        if seed is not None:
            request["seed"] = seed
        made = engine.handle(request, Session())
        assert made["ok"], made
        return engine.handle({"op": "view", "table": made["table"]}, Session())
    finally:
        store.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_a_table_is_sent_the_numbers_of_its_rules(tmp_path: Path, name: str) -> None:
    """The state reply's ``facts`` are the rule text's numbers, for a dealt table and for one
    whose fair deal waits for its seats (the web table reads them, never restating one)."""
    assert _table_reply(tmp_path, name, {})["facts"] == RULE_FACTS[name]
    waiting = _table_reply(tmp_path, name, {}, seed=None)
    assert waiting["deal"]["waiting"] and waiting["facts"] == RULE_FACTS[name]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_rule_number_is_read_only_and_says_its_value(name: str) -> None:
    """Each ``RuleNumber`` of a Config is an int no config changes, and its docstring says it."""
    config = GAMES[name].Config()
    for prop, member in vars(GAMES[name].Config).items():
        if isinstance(member, RuleNumber):
            value = getattr(config, prop)
            assert type(value) is int and RULE_FACTS[name][prop] == value
            assert f": {value}" in (member.__doc__ or ""), prop
            with pytest.raises(AttributeError):
                setattr(config, prop, value + 1)


def test_the_facts_follow_the_tables_config(tmp_path: Path, games: dict[str, Any]) -> None:
    """Pub Derby's formats: 6 players with 8 cards and 8 with 6, goals of 2 tricks in a row, as in
    the games reply's choices; 80 Points played for exactly 3 rounds lasts 3."""
    formats = {
        "pub": {"players": 6, "hand_size": 8, "goal_length": 2, "halves": 2},
        "big_squad": {"players": 8, "hand_size": 6, "goal_length": 2, "halves": 2},
    }
    for value, facts in formats.items():
        assert _table_reply(tmp_path, "pub_derby", {"format": value})["facts"] == facts
    choices = {c["value"]: c["facts"] for c in games["pub_derby"]["fields"][0]["choices"]}
    assert choices == {"classic": RULE_FACTS["pub_derby"], **formats}
    short = _table_reply(tmp_path, "eighty_points", {"rounds": 3})["facts"]
    assert short == {**RULE_FACTS["eighty_points"], "round_limit": 3}


@pytest.mark.parametrize("name", list(GAMES))
def test_how_to_play_and_the_rules_page(games: dict[str, Any], name: str) -> None:
    game = games[name]
    assert game["how_to_play"] == GAMES[name].HOW_TO_PLAY.splitlines()
    assert game["rules"].endswith(f"/docs/rules/{name}.md")
    assert (Path(__file__).parents[2] / "docs/rules" / f"{name}.md").is_file()


ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "docs" / "images" / "web-table"


def test_the_screenshots_are_of_the_current_web_table() -> None:
    """docs/images/web-table/ pictures the static files as they are: its manifest's SHA-256 of
    each is the file's own (else run ``python tools/screenshots.py``), and every game is pictured
    mid-game and at its end at each width, every picture named there present."""
    manifest = json.loads((SHOTS / "manifest.json").read_text(encoding="utf-8"))
    static = ROOT / "src" / "cardrules" / "serve" / "static"
    digests = {
        p.relative_to(static).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in static.rglob("*")
        if p.is_file()
    }
    stale = sorted(
        name
        for name in digests.keys() | manifest["static"].keys()
        if digests.get(name) != manifest["static"].get(name)
    )
    assert stale == [], f"{stale} changed since the screenshots: run python tools/screenshots.py"
    wanted = {
        f"{game}-{when}-{width}.png"
        for game in GAMES
        for when in ("mid", "end")
        for width in (1280, 1920, 390)
    }
    assert wanted <= set(manifest["images"])
    assert sorted(p.name for p in SHOTS.glob("*.png")) == sorted(manifest["images"])
    page = (ROOT / "docs" / "web-table.md").read_text(encoding="utf-8")
    assert all(
        f"images/web-table/{game}-{when}-1280.png" in page for game in GAMES for when in ("mid", "end")
    )
