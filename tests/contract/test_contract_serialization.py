"""Serialization of every registered game: ``loads(dumps(x)) == x`` for everything a game produces,
and ``loads`` rejects malformed or inconsistent documents with ``StateError`` only."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from contract_support import (
    MOVE_CHOICES,
    SEEDS,
    Playout,
    examples,
    game_under_test,
    random_playout,
    rng_playout,
)
from hypothesis import Phase, given, settings

from cardrules import (
    FORMAT_VERSION,
    GAMES,
    AnyGame,
    Card,
    CardParseError,
    StateError,
    Transcript,
    dumps,
    loads,
    parse_card,
)

# A whole game a example, serialized at every step; no shrinking (see test_contract_play.py).
ROUND_TRIP = settings(
    max_examples=examples(20), deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate)
)


def _round_trip(obj: object) -> None:
    text = dumps(obj)
    assert type(text) is str
    back = loads(text)
    assert type(back) is type(obj)
    assert back == obj
    assert dumps(back) == text, "dumps is canonical: equal objects give identical text"


@ROUND_TRIP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_positions_round_trip_through_one_line_of_text(
    name: str | AnyGame, config: Any, seed: int, rnd: random.Random
) -> None:
    """Issue "One rule, one place": ``from_text(to_text(s)) == s`` for every state of a random game
    (every config), and the line is one line: no newline, single spaces."""
    game = game_under_test(name)
    for state in random_playout(game, config, seed, rnd).states:
        text = game.to_text(state)
        assert "\n" not in text and "  " not in text and text.split(" ")[0] == game.NAME
        assert game.from_text(text) == state


@ROUND_TRIP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_round_trips(name: str, config: Any, seed: int, rnd: random.Random) -> None:
    """States, views of every seat, moves, events, the outcome, the config and the transcript."""
    game = GAMES[name]
    players = game.num_players(config)
    playout = random_playout(game, config, seed, rnd)
    for event in game.opening_events(playout.states[0]):
        _round_trip(event)
    # Views are checked at a few random steps and at the end: loads checks each with sample_state.
    last = len(playout.states) - 1
    view_steps = {rnd.randrange(last + 1) for _ in range(6)} | {0, last}
    for index, state in enumerate(playout.states):
        _round_trip(state)
        if index in view_steps:
            for player in range(players):
                _round_trip(game.view(state, player))
        for move in game.legal_moves(state):
            _round_trip(move)
        if index < len(playout.moves):
            for event in game.step(state, playout.moves[index])[1]:
                _round_trip(event)
    _round_trip(game.outcome(playout.final))
    _round_trip(Transcript(game=name, seed=seed, config=config, deck=None, moves=playout.moves))


def test_config_round_trips(name: str, config: Any) -> None:
    """A game's ``Config`` (the listed ones and the default) survives ``loads(dumps(c))``."""
    game = GAMES[name]
    _round_trip(game.Config() if config is None else config)
    _round_trip(game.Config())


# --- invalid documents ----------------------------------------------------------------------------

Json = Any
Mutation = tuple[str, Callable[[Json], Json]]


def _paths(data: Json, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Json]]:
    """Every (path, value) inside a JSON value, the value itself first."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index))


def _edit(data: Json, path: tuple[Any, ...], change: Callable[[Json], Json]) -> Json:
    """A deep copy of ``data`` with the value at ``path`` replaced by ``change(value)``."""
    out = copy.deepcopy(data)
    if not path:
        return change(out)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = change(parent[path[-1]])
    return out


def _without(key: str) -> Callable[[Json], Json]:
    return lambda d: {k: v for k, v in d.items() if k != key}


_DEEP = "__deeply nested__"


def _render(mutated: Json) -> str:
    """JSON text of ``mutated``, each ``_DEEP[n]`` marker written as ``n`` nested arrays."""
    text = json.dumps(mutated)
    for depth in (200, 3000):
        text = text.replace(json.dumps(f"{_DEEP}{depth}"), "[" * depth + "]" * depth)
    return text


def _is_card_text(value: Json) -> bool:
    if type(value) is not str:
        return False
    try:
        parse_card(value)
    except CardParseError:
        return False
    return len(value) <= 3


def _structural_mutations(data: Json) -> Iterator[tuple[str, Json]]:
    """Missing and unknown fields in every object, a string for every integer, wrong containers."""
    yield "unknown game", {**data, "game": "no_such_game"}
    typed = next(path for path, value in _paths(data) if isinstance(value, dict) and "type" in value)
    yield "unknown type", _edit(data, typed, lambda d: {**d, "type": "NoSuchType"})
    yield (
        "type of another class",
        _edit(data, typed, lambda d: {**d, "type": "Zone" if d["type"] == "Outcome" else "Outcome"}),
    )
    v = FORMAT_VERSION
    # Format v - 1 is read, upgraded (tests/core/test_format1.py); format 0 never existed.
    for version in (0, v + 1, str(v), None, float(v), True):
        yield f"format {version!r}", {**data, "format": version}
    yield "no format", _without("format")(data)
    yield "json array of the document", [data]
    yield "json string", "x"
    cards_changed = 0
    lists_changed = 0
    for path, value in list(_paths(data)):
        where = "/".join(map(str, path)) or "document"
        if isinstance(value, dict):
            for key in value:
                yield f"missing {where}/{key}", _edit(data, path, _without(key))
            yield f"unknown field in {where}", _edit(data, path, lambda d: {**d, "bogus": 1})
            if path:
                yield f"array for object {where}", _edit(data, path, lambda d: [d])
        elif type(value) is int and path != ("format",):
            yield f"string for int {where}", _edit(data, path, str)
        elif _is_card_text(value) and cards_changed < 6:
            cards_changed += 1
            yield f"int for card {where}", _edit(data, path, lambda _: 7)
            yield f"no card {where}", _edit(data, path, lambda _: "ZZ")
        elif isinstance(value, list) and path and lists_changed < 6:
            lists_changed += 1
            yield f"object for array {where}", _edit(data, path, lambda _: {})
            yield f"deep nesting in {where}", _edit(data, path, lambda _: f"{_DEEP}200")
            yield f"deeper nesting in {where}", _edit(data, path, lambda _: f"{_DEEP}3000")


def _text_mutations(text: str) -> Iterator[tuple[str, str | bytes]]:
    """Text that is no cardrules document at all."""
    yield "truncated json", text[:-1]
    yield "trailing garbage", text + "}"
    yield "empty text", ""
    yield "not json", "nul"
    yield "bad utf-8", b"\xff\xfe{"
    yield "json array", "[]"
    yield "json array holding the document", f"[{text}]"
    yield "json number", "1"
    yield "json null", "null"
    yield "deeply nested arrays", "[" * 100_000 + "]" * 100_000
    yield "deeply nested objects", '{"a":' * 100_000 + "1" + "}" * 100_000


def _card_paths(data: Json) -> list[tuple[tuple[Any, ...], str]]:
    return [(path, value) for path, value in _paths(data) if _is_card_text(value)]


def _duplicated_card(data: Json, cards: tuple[Card, ...], substitute: Card) -> Json | None:
    """``data`` with one card of the array holding exactly ``cards`` replaced by ``substitute``."""
    target = sorted(map(str, cards))
    for path, value in _paths(data):
        if isinstance(value, list) and all(type(v) is str for v in value) and sorted(value) == target:
            return _edit(data, (*path, 0), lambda _: str(substitute))
    return None


def _documents(name: str, config: Any) -> tuple[Playout, dict[str, Any]]:
    game = GAMES[name]
    playout = rng_playout(game, config, 21, 22)
    # A state in mid-play: several moves made, cards in more than one zone.
    mid = playout.states[min(len(playout.states) - 1, 9)]
    index = playout.states.index(mid)
    seat = mid.to_act if mid.to_act is not None else 0
    steps = (game.step(s, m)[1] for s, m in zip(playout.states[index:], playout.moves[index:]))
    events = next(e for e in steps if e)
    docs: dict[str, Any] = {
        "state": mid,
        "view of the seat to act": game.view(mid, seat),
        "view of another seat": game.view(mid, (seat + 1) % game.num_players(config)),
        "move": game.legal_moves(mid)[0],
        "event": events[0],
        "outcome": game.outcome(playout.final),
        "transcript": Transcript(game=name, seed=21, config=config, deck=None, moves=playout.moves),
    }
    if config is not None:
        docs["config"] = config
    return playout, docs


def _failure(label: str, text: str | bytes) -> str | None:
    try:
        loads(text)
    except StateError:
        return None
    except Exception as exc:
        return f"{label}: {type(exc).__name__}: {exc}"
    return f"{label}: accepted"


def test_invalid_documents_rejected(name: str, config: Any) -> None:
    """Unknown game or type, wrong version, missing or extra fields, wrong types, malformed JSON and
    deep nesting: ``StateError`` for each, in every kind of document."""
    _, docs = _documents(name, config)
    failures: list[str] = []
    for kind, obj in docs.items():
        text = dumps(obj)
        for label, mutated in _structural_mutations(json.loads(text)):
            failure = _failure(f"{kind}: {label}", _render(mutated))
            if failure:
                failures.append(failure)
        for label, bad in _text_mutations(text):
            failure = _failure(f"{kind}: {label}", bad)
            if failure:
                failures.append(failure)
    assert failures == [], "\n".join(failures[:30])


def test_invalid_transcripts_rejected(name: str, config: Any) -> None:
    """A transcript whose moves are no moves, or not legal where they stand, is rejected."""
    game = GAMES[name]
    playout, docs = _documents(name, config)
    document = json.loads(dumps(docs["transcript"]))
    body = document["data"]
    moves = body["moves"]
    cases: dict[str, Json] = {
        "move that is no move": {**body, "moves": [*moves[:3], "zz?", *moves[4:]]},
        "move after the end": {**body, "moves": [*moves, moves[-1]]},
        "moves not an array": {**body, "moves": "x"},
        "move not a string": {**body, "moves": [*moves[:1], 5, *moves[2:]]},
        "seed not an int": {**body, "seed": str(body["seed"])},
    }
    for other in GAMES:
        if other != name:
            cases["another game than the document's"] = {**body, "game": other}
            break
    # A move that was legal in another position of the game but is not legal where it is put.
    first_legal = {game.format_move(m) for m in game.legal_moves(playout.states[0])}
    later = next((game.format_move(m) for m in playout.moves if game.format_move(m) not in first_legal), None)
    if later is not None:
        cases["move not legal there"] = {**body, "moves": [later, *moves]}
    failures = [
        f for label, b in cases.items() if (f := _failure(label, json.dumps({**document, "data": b})))
    ]
    assert failures == [], "\n".join(failures)


def test_inconsistent_cards_rejected(name: str, config: Any) -> None:
    """A state with one card of a hand replaced by a card that lies elsewhere (more copies of it than
    the deck holds, and one missing), and a view whose hand repeats a card it shows elsewhere."""
    game = GAMES[name]
    _, docs = _documents(name, config)
    state = docs["state"]
    zones = [z for z in game.zones(state) if z.cards]
    # Hands first: zones seen by one seat, then any other zone stored as one array.
    zones.sort(key=lambda z: (len(z.seen_by) != 1, z.name))
    failures: list[str] = []
    data = json.loads(dumps(state))
    tried = 0
    for zone in zones:
        elsewhere = [c for z in zones if z is not zone for c in z.cards if c != zone.cards[0]]
        if not elsewhere:
            continue
        mutated = _duplicated_card(data, zone.cards, elsewhere[0])
        if mutated is None:
            continue
        tried += 1
        failure = _failure(f"state: {zone.name} with {elsewhere[0]} for {zone.cards[0]}", json.dumps(mutated))
        if failure:
            failures.append(failure)
        if tried == 2:
            break
    assert tried, f"no zone of {name} is stored as one array of cards in the state's JSON"
    deck = Counter(game.game_deck(config))
    for kind in ("view of the seat to act", "view of another seat"):
        view = docs[kind]
        player = view.player
        own = [z for z in zones if z.seen_by == (player,)]
        visible = Counter(c for z in zones if player in z.seen_by for c in z.cards)
        public = [c for z in zones if player in z.seen_by and z.seen_by != (player,) for c in z.cards]
        view_data = json.loads(dumps(view))
        in_view = {v for _, v in _card_paths(view_data)}
        for zone in own:
            # A card the view shows elsewhere, every copy of which the seat already sees.
            shown = [c for c in public if c != zone.cards[0] and visible[c] == deck[c] and str(c) in in_view]
            if not shown:
                continue
            mutated = _duplicated_card(view_data, zone.cards, shown[0])
            if mutated is None:
                continue
            failure = _failure(f"{kind}: {zone.name} with public {shown[0]}", json.dumps(mutated))
            if failure:
                failures.append(failure)
            break
    assert failures == [], "\n".join(failures)


@pytest.mark.parametrize("junk", [None, 5, 1.5, [], {}, object()], ids=repr)
def test_loads_rejects_non_text(junk: object) -> None:
    """``loads`` of something that is not text raises ``StateError``."""
    with pytest.raises(StateError):
        loads(junk)  # type: ignore[arg-type]
