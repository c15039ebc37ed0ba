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

from cardrules.errors import ConfigError
from cardrules.registry import GAMES
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.tables import Store


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    store = Store(str(tmp_path_factory.mktemp("games") / "tables.db"))
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
    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in static.iterdir() if p.is_file()}
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
