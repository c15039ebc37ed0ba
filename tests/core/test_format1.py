"""Documents of format 1, written by cardrules 0.1.0 itself, read by today's ``loads``.

The fixtures in ``format1/`` (see its README) are a whole game of each of the five games from one
seed: its transcript, config, states, views, a move, one event of each kind and the outcome. Each
is checked against the object built today from the same seed, config and moves (the moves read from
the transcript's notation), and written again as the current format (format 3: an ``Rng``'s state
beyond 2**53 - 1 as a string).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import (
    FORMAT_VERSION,
    GAMES,
    StateError,
    Suit,
    Transcript,
    clubs,
    dumps,
    eighty_points,
    loads,
    manager,
    pub_derby,
    replay,
)
from cardrules._formats import UPGRADES, upgrade
from cardrules.serialization import _namespace

HERE = Path(__file__).resolve().parent / "format1"
MANIFEST: dict[str, Any] = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
FILES: dict[str, dict[str, Any]] = MANIFEST["files"]
SEED = 20261124
CONFIGS: dict[str, Any] = {
    "clubs": clubs.Config(players=3, threshold=20),
    "pub_derby": pub_derby.Config(format="pub"),
    "rugby_league": None,
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(stripped_suit=Suit.HEARTS, max_exchanges=6),
}
# The documents holding a class that format 2 renamed: their format-2 text differs from the
# format-1 text by more than the format number. Every other document's text is the same.
RENAMED = {
    # 80 Points' Trick is CompletedTrick.
    "eighty_points-state-52.json",
    "eighty_points-state-104.json",
    *(f"eighty_points-view-52-{seat}.json" for seat in range(4)),
    # HalfTime(goals) is HalfTime(1, scores).
    "pub_derby-event-HalfTime.json",
    # Rugby League's HalfTime is the shared one, whose documents have no game.
    "rugby_league-event-HalfTime.json",
}


def _text(file: str) -> str:
    return (HERE / file).read_text(encoding="utf-8").strip()


def _quoted(text: str) -> str:
    """Format-1 ``text`` with each integer beyond 2**53 - 1 in quotes, as format 3 writes it (the
    fixtures hold no digits inside strings: cards and moves are notation such as ``"QS"``)."""

    def quote(match: re.Match[str]) -> str:
        number = match.group()
        return f'"{number}"' if abs(int(number)) > 2**53 - 1 else number

    return re.sub(r"(?<=[:,\[])-?[0-9]+(?=[,\]}])", quote, text)


@functools.cache
def _game(name: str) -> tuple[list[Any], list[Any]]:
    """The states and moves of the fixtures' game of ``name``, played today: the moves are read
    from the format-1 transcript's notation, not from ``loads``."""
    game = GAMES[name]
    texts = json.loads(_text(f"{name}-transcript.json"))["data"]["moves"]
    states = [game.new_game(SEED, CONFIGS[name])]
    moves = []
    for text in texts:
        moves.append(game.parse_move(states[-1], text))
        states.append(game.apply(states[-1], moves[-1]))
    return states, moves


def _expected(where: dict[str, Any]) -> object:
    """What a fixture holds, built today from the seed, config and moves its manifest names."""
    name, kind = where["game"], where["kind"]
    game = GAMES[name]
    states, moves = _game(name)
    if kind == "transcript":
        return Transcript(game=name, seed=SEED, config=CONFIGS[name], deck=None, moves=tuple(moves))
    if kind == "config":
        return CONFIGS[name]
    if kind == "state":
        return states[where["moves"]]
    if kind == "view":
        return game.view(states[where["moves"]], where["seat"])
    if kind == "move":
        return moves[where["moves"]]
    if kind == "outcome":
        return game.outcome(states[where["moves"]])
    step = where["step"]
    events = game.opening_events(states[0]) if step < 0 else game.step(states[step], moves[step])[1]
    return events[where["index"]]


def test_the_fixtures_hold_every_game_every_kind_and_both_renames() -> None:
    assert MANIFEST["seed"] == SEED
    kinds = {(w["game"], w["kind"]) for w in FILES.values()}
    for name in GAMES:
        for kind in ("transcript", "state", "view", "move", "event", "outcome"):
            assert (name, kind) in kinds
    assert sorted(p.name for p in HERE.glob("*.json")) == sorted([*FILES, "manifest.json"])
    assert all(json.loads(_text(file))["format"] == 1 for file in FILES)
    assert '"type":"Trick"' in _text("eighty_points-state-52.json")
    assert '"goals":[2,1],"type":"HalfTime"' in _text("pub_derby-event-HalfTime.json")
    assert set(FILES) >= RENAMED


@pytest.mark.parametrize("file", sorted(FILES))
def test_a_format1_document_reads_as_the_object_built_today(file: str) -> None:
    obj = loads(_text(file))
    expected = _expected(FILES[file])
    assert type(obj) is type(expected)
    assert obj == expected
    again = dumps(obj)
    assert json.loads(again)["format"] == FORMAT_VERSION
    assert loads(again) == obj
    if file not in RENAMED:
        assert again == _quoted(_text(file)).replace('"format":1', f'"format":{FORMAT_VERSION}', 1)


def test_a_format1_rng_state_is_written_again_as_a_string() -> None:
    """Format 1 wrote an Rng's state as a bare number, which JavaScript's JSON.parse rounds."""
    assert '"rng":{"state":9587389500507283763,"type":"Rng"}' in _text("clubs-state-0.json")
    state = loads(_text("clubs-state-0.json"))
    assert state.progress.match.rng.state == 9587389500507283763
    assert '"rng":{"state":"9587389500507283763","type":"Rng"}' in dumps(state)
    assert _quoted('{"a":[9007199254740991,-9007199254740992],"b":9007199254740992}') == (
        '{"a":[9007199254740991,"-9007199254740992"],"b":"9007199254740992"}'
    )


@pytest.mark.parametrize("name", list(GAMES))
def test_a_format1_transcript_replays_to_the_end_of_its_game(name: str) -> None:
    transcript = loads(_text(f"{name}-transcript.json"))
    final = replay(transcript)
    assert final == loads(_text(f"{name}-state-{len(transcript.moves)}.json"))
    assert GAMES[name].outcome(final) == loads(_text(f"{name}-outcome-{len(transcript.moves)}.json"))


def test_the_renamed_classes_read_as_todays() -> None:
    state = loads(_text("eighty_points-state-52.json"))
    assert state.table.tricks and all(type(t) is eighty_points.CompletedTrick for t in state.table.tricks)
    half_time = loads(_text("pub_derby-event-HalfTime.json"))
    assert (half_time.half, half_time.scores) == (1, (2, 1))
    assert '"game":null' in dumps(half_time)


def test_every_earlier_format_upgrades_to_the_current_one() -> None:
    """The table has a step from each earlier format to the next, up to the current one, and each
    rename names a class of today with the fields it gives."""
    assert sorted(UPGRADES) == list(range(1, FORMAT_VERSION))
    for renames in UPGRADES.values():
        for rename in renames:
            cls = _namespace(rename.game)[rename.new]
            fields = {f.name for f in attrs.fields(cls)}
            assert {*rename.fields.values(), *rename.added} <= fields


# --- what is refused ------------------------------------------------------------------------------


@pytest.mark.parametrize("version", [4, 99, 10**40])
def test_a_newer_format_is_refused_naming_the_formats_read(version: int) -> None:
    document = _text("clubs-state-0.json").replace('"format":1', f'"format":{version}')
    with pytest.raises(StateError, match=r"is newer than this library, which reads formats 1 to 3"):
        loads(document)


@pytest.mark.parametrize("version", [0, -1, '"1"', "1.0", "true", "null", "[1]"])
def test_an_unknown_format_is_refused_naming_the_formats_read(version: str | int) -> None:
    document = _text("clubs-state-0.json").replace('"format":1', f'"format":{version}')
    with pytest.raises(StateError, match=r"unsupported format version .*reads formats 1 to 3 and writes 3"):
        loads(document)


def _half_time(fields: str) -> str:
    return '{"data":{' + fields + ',"type":"HalfTime"},"format":1,"game":"pub_derby"}'


def _trick(end: str) -> str:
    """The mid-round 80 Points state with its first trick's ``"type":"Trick","winner":3`` replaced."""
    text = _text("eighty_points-state-52.json")
    assert '"type":"Trick","winner":3}' in text
    return text.replace('"type":"Trick","winner":3', end, 1)


@pytest.mark.parametrize(
    ("document", "match"),
    [
        (_half_time('"goals":[1,0],"scores":[1,0]'), "a format-1 HalfTime has no field 'scores'"),
        (_half_time('"goals":[1,0],"half":2'), "a format-1 HalfTime has no field 'half'"),
        (_half_time('"goal":[1,0]'), r"missing \['scores'\].*\(a format-1 document, read as format 3\)"),
        (_half_time('"goals":[1,"0"]'), r"scores\[1\]: expected an integer"),
        (_half_time('"goals":{"a":1}'), "scores: expected an array"),
        (_trick('"type":"Trick","won":3'), r"table\.tricks\[0\]: CompletedTrick fields: .*unknown \['won'\]"),
        (_trick('"type":"Trick","winner":"3"'), r"table\.tricks\[0\]\.winner: 3 is written as a number"),
        (
            _trick('"type":"CompletedTrick","winner":3'),
            "a format-1 document has no CompletedTrick; it calls it Trick",
        ),
        (_trick('"type":"Trick","winner":2'), "trick 1 must have four plays and the right winner"),
        ('{"data":' + "[" * 500 + "]" * 500 + ',"format":1,"game":"eighty_points"}', "data is a JSON object"),
        (
            '{"data":{"type":"State","x":' + "[" * 500 + "]" * 500 + '},"format":1,"game":"eighty_points"}',
            "nests too deeply",
        ),
        ('{"data":{"type":["Trick"]},"format":1,"game":"eighty_points"}', "unknown type"),
    ],
)
def test_a_broken_format1_document_is_a_state_error(document: str, match: str) -> None:
    with pytest.raises(StateError, match=match):
        loads(document)


def _mutations(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) where a value of ``data`` may be replaced or a key dropped."""
    found = [(path, data)]
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found += _mutations(value, (*path, key))
    return found


def _edited(document: Any, path: tuple[Any, ...], value: Any) -> str:
    out = copy.deepcopy(document)
    target = out
    for key in path[:-1]:
        target = target[key]
    if value is _DROP:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(out)


_DROP = object()


@pytest.mark.parametrize(
    "file",
    ["eighty_points-state-52.json", "eighty_points-view-52-1.json", "pub_derby-event-HalfTime.json"],
)
def test_every_edit_of_a_renamed_object_is_refused_or_read_never_an_other_exception(file: str) -> None:
    """Each field dropped, each value replaced by junk, in the documents the upgrade rewrites:
    ``loads`` raises ``StateError`` or reads a valid object (an edit may still be a valid game),
    and the text given is not changed."""
    document = json.loads(_text(file))
    failures = []
    for path, _ in _mutations(document["data"]):
        full = ("data", *path)
        for junk in (_DROP, None, "Trick", ["x"], {"type": "Trick"}, -1):
            if not path and junk is _DROP:
                continue
            text = _edited(document, full, junk)
            try:
                obj = loads(text)
            except StateError:
                continue
            except Exception as exc:
                failures.append(f"{full} = {junk!r}: {type(exc).__name__}: {exc}")
                continue
            assert loads(dumps(obj)) == obj
    assert failures == []


def test_the_upgrade_changes_no_part_of_what_it_is_given() -> None:
    """Nothing half-applied: the data read from the text stays as it was, whether the upgrade
    succeeds or fails part way through."""
    for file in ("eighty_points-state-52.json", "pub_derby-event-HalfTime.json"):
        data = json.loads(_text(file))["data"]
        before = copy.deepcopy(data)
        game = FILES[file]["game"]
        assert upgrade(data, game, 1, FORMAT_VERSION, 64) != before
        assert data == before
    broken = json.loads(_text("eighty_points-state-52.json"))["data"]
    broken["table"]["tricks"][-1]["type"] = "HalfTime"
    broken["table"]["tricks"][0]["scores"] = []
    before = copy.deepcopy(broken)
    with pytest.raises(StateError):
        upgrade({"a": broken, "b": {"goals": [], "scores": [], "type": "HalfTime"}}, "pub_derby", 1, 2, 64)
    assert broken == before
