"""Unit tests of ``cardrules.dumps`` / ``cardrules.loads`` (canonical JSON), with Clubs as the game."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from cardrules import FORMAT_VERSION, RandomBot, Transcript, clubs, dumps, loads, play
from cardrules._shared.completed_trick import CompletedTrick
from cardrules.cards import CARDS, parse_card, parse_cards, standard_deck
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome, Zone
from cardrules.rng import Rng

SHORT = clubs.Config(threshold=5)
Doc = dict[str, Any]


def canonical(text: str) -> str:
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def assert_keys_sorted(text: str) -> None:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        assert keys == sorted(keys)
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)


def round_trip(obj: object) -> str:
    text = dumps(obj)
    assert type(text) is str
    assert text == canonical(text)
    assert_keys_sorted(text)
    back = loads(text)
    assert type(back) is type(obj)
    assert back == obj
    assert dumps(back) == text
    assert loads(text.encode("utf-8")) == obj
    return text


def game_states(seed: int = 4, config: clubs.Config = SHORT) -> Iterator[tuple[clubs.State, tuple[Any, ...]]]:
    """Every state of a random Clubs game with the events that led to it."""
    transcript = play("clubs", [RandomBot()] * config.players, seed, config)
    state = clubs.new_game(seed, config)
    yield state, clubs.opening_events(state)
    for move in transcript.moves:
        state, events = clubs.step(state, move)
        yield state, events


def doc(obj: object) -> Doc:
    """The whole document ``{"data": ..., "format": 3, "game": ...}`` that ``dumps`` wrote."""
    data = json.loads(dumps(obj))
    assert isinstance(data, dict)
    assert set(data) == {"data", "format", "game"}
    return data


def text(data: Doc) -> str:
    return json.dumps(data)


def expect_error(data: Doc | str | bytes, match: str | None = None) -> StateError:
    raw = text(data) if isinstance(data, dict) else data
    with pytest.raises(StateError, match=match) as info:
        loads(raw)
    return info.value


# --- canonical form ------------------------------------------------------------------------------


def test_exact_text_of_small_objects() -> None:
    assert dumps(Outcome((0, 0, 8, 5), (0, 1))) == (
        '{"data":{"scores":[0,0,8,5],"type":"Outcome","winners":[0,1]},"format":3,"game":null}'
    )
    assert dumps(clubs.Play("QS")) == '{"data":{"card":"QS","type":"Play"},"format":3,"game":"clubs"}'
    assert dumps(clubs.Config()) == (
        '{"data":{"players":4,"threshold":50,"type":"Config"},"format":3,"game":"clubs"}'
    )
    assert dumps(CardPlayed(2, parse_card("TH"))) == (
        '{"data":{"card":"TH","seat":2,"type":"CardPlayed"},"format":3,"game":null}'
    )
    assert dumps(Rng(5)) == '{"data":{"state":5,"type":"Rng"},"format":3,"game":null}'
    assert dumps(Transcript(game="clubs", seed=1, config=None, deck=None, moves=())) == (
        '{"data":{"config":null,"deck":null,"game":"clubs","moves":[],"seed":1,"type":"Transcript"},'
        '"format":3,"game":"clubs"}'
    )
    assert FORMAT_VERSION == 3


def test_dumps_is_canonical_for_states() -> None:
    state = clubs.new_game(5)
    text_ = dumps(state)
    assert '"format":3' in text_
    assert '"game":"clubs"' in text_
    assert text_.startswith('{"data":{"hands":[[')
    assert text_ == canonical(text_)
    assert " " not in text_ and "\n" not in text_
    assert_keys_sorted(text_)
    assert dumps(clubs.new_game(5)) == text_
    assert dumps(clubs.new_game(6)) != text_
    # Only the document carries format and game.
    assert text_.count('"format"') == 1
    assert text_.count('"game"') == 1


# --- round trips ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "obj",
    [
        Outcome((0, 0, 8, 5), (0, 1)),
        Outcome((1.5, -2.0, 0.25), (0,)),
        Outcome((), ()),
        Dealt(1, (13, 13, 13, 13)),
        Dealt(7, ()),
        CardPlayed(2, parse_card("QS")),
        CardPlayed(0, CARDS[53]),
        TrickWon(1, parse_cards("5H 9H 2H AS"), 0),
        TrickWon(3, parse_cards("2C 3C 4C 5C"), 4),
        RoundScored(1, (0, 0, 8, 5), (10, 20, 8, 5)),
        GameOver(Outcome((0, 0, 8, 5), (0, 1))),
        Rng(0),
        Rng(2**64 - 1),
        Zone("hand 0", parse_cards("2C QS"), (0,)),
        Zone("deck", (), ()),
        CompletedTrick(1, parse_cards("5H 9H 2H AS"), 2),
    ],
    ids=lambda o: type(o).__name__,
)
def test_core_objects_round_trip(obj: object) -> None:
    text_ = round_trip(obj)
    assert text_.endswith(',"format":3,"game":null}')


@pytest.mark.parametrize(
    "config", [clubs.Config(), clubs.Config(players=2), clubs.Config(players=3, threshold=1)]
)
def test_clubs_config_round_trip(config: clubs.Config) -> None:
    assert '"game":"clubs"' in round_trip(config)


def test_clubs_plays_round_trip() -> None:
    for card in standard_deck():
        round_trip(clubs.Play(card))


@pytest.mark.parametrize("config", [SHORT, clubs.Config(players=3, threshold=5), clubs.Config(players=2)])
def test_clubs_states_views_and_events_round_trip(config: clubs.Config) -> None:
    count = 0
    for state, events in game_states(4, config):
        count += 1
        if count % 5 and state.to_act is not None:
            continue  # every fifth state, and the final one, keeps the test fast
        round_trip(state)
        for event in events:
            round_trip(event)
        for seat in range(config.players):
            round_trip(clubs.view(state, seat))
    assert count > 20


def test_transcripts_round_trip() -> None:
    transcript = play("clubs", [RandomBot()] * 4, 8, SHORT)
    text_ = round_trip(transcript)
    assert json.loads(text_)["game"] == "clubs"
    data = json.loads(text_)["data"]
    assert data["moves"] == [str(m.card) for m in transcript.moves]
    assert data["config"] == {"players": 4, "threshold": 5, "type": "Config"}
    assert data["deck"] is None
    assert data["game"] == "clubs"
    round_trip(play("clubs", [RandomBot()] * 4, 1, None))
    deck = tuple(reversed(standard_deck()))
    stacked = play("clubs", [RandomBot()] * 3, 2, clubs.Config(players=3, threshold=3), deck=deck)
    assert stacked.deck == deck
    round_trip(stacked)
    round_trip(Transcript(game="clubs", seed=-5, config=None, deck=None, moves=()))


# --- loads rejects -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    ["", "{", "{]", "nonsense", "{'a': 1}", b"\x80abc", b'{"type": "\xff"}', "[" * 100_000 + "]" * 100_000],
    ids=repr,
)
def test_loads_rejects_non_json(raw: str | bytes) -> None:
    expect_error(raw, "not valid JSON|nests too deeply")


@pytest.mark.parametrize("raw", ["[]", "[1,2]", '"Outcome"', "5", "null", "true", "{}"])
def test_loads_rejects_non_documents(raw: str) -> None:
    expect_error(raw, "JSON object with the keys")


def test_loads_rejects_documents_with_wrong_keys() -> None:
    data = doc(Outcome((1,), (0,)))
    del data["data"]
    expect_error(data, "JSON object with the keys")
    data = doc(Outcome((1,), (0,)))
    data["extra"] = 1
    expect_error(data, "JSON object with the keys")
    # The old flat layout (fields next to format and game) is not a document.
    flat = {**doc(Outcome((1,), (0,)))["data"], "format": 3, "game": None}
    expect_error(flat, "JSON object with the keys")


@pytest.mark.parametrize("body", [None, [], "Outcome", 5, [{"type": "Outcome"}]])
def test_loads_rejects_data_that_is_not_an_object(body: object) -> None:
    data = doc(Outcome((1,), (0,)))
    data["data"] = body
    expect_error(data, "data is a JSON object")


@pytest.mark.parametrize("value", [None, 5, 1.5, ["{}"], {"type": "Outcome"}])
def test_loads_rejects_non_text(value: object) -> None:
    with pytest.raises(StateError):
        loads(value)  # type: ignore[arg-type]


def test_loads_rejects_unknown_type() -> None:
    expect_error({"format": 3, "game": None, "data": {"type": "Nope"}}, "unknown type 'Nope'")
    expect_error({"format": 3, "game": "clubs", "data": {"type": "Nope"}}, "unknown type")
    data = doc(Outcome((1,), (0,)))
    del data["data"]["type"]
    expect_error(data, "unknown type None")
    # A clubs class without the game name is not a core type.
    data = doc(clubs.Config())
    data["game"] = None
    expect_error(data, "unknown type 'Config'")
    nested = doc(GameOver(Outcome((1,), (0,))))
    nested["data"]["outcome"]["type"] = "Dealt"
    expect_error(nested, "expected type 'Outcome'")


def test_loads_rejects_unknown_game() -> None:
    data = doc(clubs.Config())
    data["game"] = "chess"
    err = expect_error(data, "unknown game 'chess'")
    assert "clubs" in str(err)
    transcript = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    transcript["game"] = "chess"
    expect_error(transcript, "unknown game 'chess'")
    transcript["game"] = None
    expect_error(transcript, "transcript's game must be the document's game")
    transcript = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    transcript["data"]["game"] = "chess"
    expect_error(transcript, "transcript's game must be the document's game")
    transcript["game"] = "chess"
    expect_error(transcript, "unknown game 'chess'")
    transcript = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    transcript["game"] = "pub_derby"
    expect_error(transcript, "transcript's game must be the document's game")


@pytest.mark.parametrize("game", [[], {}, ["clubs"], 5, True, 1.5, "CLUBS"])
def test_loads_rejects_non_string_or_unknown_game(game: object) -> None:
    """Regression: an unhashable game (a list or an object) used to raise a bare TypeError."""
    data = doc(Outcome((1,), (0,)))
    data["game"] = game
    expect_error(data, "unknown game")


@pytest.mark.parametrize("version", [0, -1, 4, "3", 3.0, True, None, [3]])
def test_loads_rejects_wrong_format(version: object) -> None:
    for obj in (
        Outcome((1,), (0,)),
        clubs.Config(),
        Transcript(game="clubs", seed=1, config=None, deck=None, moves=()),
    ):
        data = doc(obj)
        data["format"] = version
        expect_error(data, "format version .* reads formats 1 to 3 and writes 3")


def test_loads_reads_format_1_where_format_2_changed_nothing() -> None:
    """Format 1 wrote these objects as format 2 does (tests/core/test_format1.py reads documents
    that cardrules 0.1.0 wrote)."""
    for obj in (
        Outcome((1,), (0,)),
        clubs.Config(),
        Transcript(game="clubs", seed=1, config=None, deck=None, moves=()),
        clubs.new_game(3),
    ):
        data = doc(obj)
        data["format"] = 1
        assert loads(text(data)) == obj


def test_loads_rejects_missing_format() -> None:
    for obj in (
        Outcome((1,), (0,)),
        clubs.new_game(1),
        Transcript(game="clubs", seed=1, config=None, deck=None, moves=()),
    ):
        data = doc(obj)
        del data["format"]
        expect_error(data, "JSON object with the keys")


def test_loads_rejects_missing_and_extra_fields() -> None:
    data = doc(Outcome((1,), (0,)))
    del data["data"]["winners"]
    expect_error(data, r"missing \['winners'\]")
    data = doc(Outcome((1,), (0,)))
    data["data"]["extra"] = 1
    expect_error(data, r"unknown \['extra'\]")
    state = doc(clubs.new_game(1))
    del state["data"]["progress"]["match"]["rng"]
    expect_error(state, r"progress\.match.*missing \['rng'\]")
    state = doc(clubs.new_game(1))
    state["data"]["progress"]["leader_seat"] = 0
    expect_error(state, "unknown")
    transcript = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    del transcript["data"]["seed"]
    expect_error(transcript, "seed")
    transcript = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    transcript["data"]["winner"] = 0
    expect_error(transcript, "winner")


def edit(obj: object, change: Callable[[Doc], None]) -> Doc:
    """The document of ``obj`` after ``change`` edited its data (the object itself)."""
    data = doc(obj)
    change(data["data"])
    return data


def _set(path: tuple[str | int, ...], value: object) -> Callable[[Doc], None]:
    def change(data: Doc) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("obj", "path", "value"),
    [
        (Dealt(1, (13, 13)), ("round",), True),
        (Dealt(1, (13, 13)), ("round",), "1"),
        (Dealt(1, (13, 13)), ("round",), 1.0),
        (Dealt(1, (13, 13)), ("hand_sizes",), "13 13"),
        (Dealt(1, (13, 13)), ("hand_sizes", 0), False),
        (Dealt(1, (13, 13)), ("hand_sizes",), {"0": 13}),
        (CardPlayed(1, CARDS[5]), ("card",), 5),
        (CardPlayed(1, CARDS[5]), ("card",), None),
        (CardPlayed(1, CARDS[5]), ("card",), ["QS"]),
        (CardPlayed(1, CARDS[5]), ("seat",), True),
        (CardPlayed(1, CARDS[5]), ("seat",), None),
        (Outcome((1, 2), (0,)), ("scores", 0), True),
        (Outcome((1, 2), (0,)), ("scores", 0), "1"),
        (Outcome((1, 2), (0,)), ("winners", 0), 0.0),
        (GameOver(Outcome((1,), (0,))), ("outcome",), [1, 0]),
        (GameOver(Outcome((1,), (0,))), ("outcome",), None),
        (clubs.Play("QS"), ("card",), 51),
        (clubs.Config(), ("players",), True),
        (clubs.Config(), ("players",), "4"),
        (clubs.Config(), ("threshold",), 50.0),
        (Rng(1), ("state",), "1"),
        (Zone("x", (), ()), ("name",), 5),
    ],
)
def test_loads_rejects_wrong_types(obj: object, path: tuple[str | int, ...], value: object) -> None:
    expect_error(edit(obj, _set(path, value)))


@pytest.mark.parametrize("card", ["ZZ", "1X", "11H", "QQ", "", "Q S S"])
def test_loads_rejects_bad_card_text(card: str) -> None:
    expect_error(edit(CardPlayed(1, CARDS[5]), _set(("card",), card)), "is not a card")
    expect_error(edit(clubs.Play("QS"), _set(("card",), card)), "card")
    expect_error(edit(clubs.new_game(1), _set(("hands", 0, 0), card)), r"hands\[0\]\[0\]")


@pytest.mark.parametrize(
    ("field", "value"), [("players", 1), ("players", 5), ("players", -4), ("threshold", 0), ("threshold", -1)]
)
def test_loads_rejects_invalid_config_values(field: str, value: int) -> None:
    err = expect_error(edit(clubs.Config(), _set((field,), value)), "invalid Config")
    assert f"Clubs {field}" in str(err)
    state = edit(clubs.new_game(1), _set(("progress", "match", "config", field), value))
    expect_error(state, "invalid Config")


def test_loads_rejects_invalid_rng_state() -> None:
    for value in (-1, "18446744073709551616", "-9007199254740992"):
        expect_error(edit(Rng(1), _set(("state",), value)), "invalid Rng")


def _sort_cards(texts: list[str]) -> list[str]:
    return [str(c) for c in sorted(parse_card(t) for t in texts)]


def test_loads_rejects_state_with_duplicated_card() -> None:
    def duplicate(data: Doc) -> None:
        hands = data["hands"]
        hands[0] = _sort_cards([*hands[0], hands[1][0]])

    expect_error(edit(clubs.new_game(1), duplicate), "exactly once")

    def replace(data: Doc) -> None:
        hands = data["hands"]
        hands[0] = _sort_cards([*hands[0][1:], hands[1][0]])

    expect_error(edit(clubs.new_game(1), replace), "exactly once")


def test_loads_rejects_state_with_missing_card() -> None:
    def drop(data: Doc) -> None:
        data["hands"][2] = data["hands"][2][1:]

    expect_error(edit(clubs.new_game(1), drop), "exactly once")


def test_loads_rejects_other_inconsistent_states() -> None:
    state = clubs.new_game(1)

    def move_card(data: Doc) -> None:
        hands = data["hands"]
        hands[1] = _sort_cards([*hands[1], hands[0][0]])
        hands[0] = hands[0][1:]

    expect_error(edit(state, move_card), "seat 0 holds 12 cards")
    expect_error(edit(state, _set(("progress", "match", "scores"), [1, 0, 0, 0])), "13 clubs")
    expect_error(edit(state, _set(("to_act",), 2)), "to_act")
    expect_error(edit(state, _set(("hands", 0), list(reversed(doc(state)["data"]["hands"][0])))), "sorted")
    expect_error(edit(state, _set(("progress", "match", "round"), 0)), "round")


def test_loads_rejects_inconsistent_views() -> None:
    state = clubs.new_game(1)
    view = clubs.view(state, 0)
    expect_error(edit(view, _set(("legal_moves",), [])), "inconsistent clubs view")
    expect_error(edit(view, _set(("hand_sizes", 1), 12)), "inconsistent clubs view")
    # Seat 1's own view is consistent with holding seat 0's cards, but not with playing as it.
    assert loads(text(edit(clubs.view(state, 1), _set(("hand",), doc(view)["data"]["hand"])))).player == 1
    expect_error(edit(clubs.view(state, 1), _set(("legal_moves",), doc(view)["data"]["legal_moves"])), "view")
    # After seat 0 leads, seat 1 claims to hold the card on the table.
    after = clubs.apply(state, clubs.legal_moves(state)[0])
    led = str(after.trick[0])
    expect_error(
        edit(clubs.view(after, 1), lambda d: d.update(hand=_sort_cards([*d["hand"][1:], led]))),
        "inconsistent clubs view",
    )


def test_loads_rejects_transcript_with_illegal_move() -> None:
    transcript = play("clubs", [RandomBot()] * 4, 8, SHORT)
    data = doc(transcript)
    moves = data["data"]["moves"]
    moves[4] = moves[0]
    err = expect_error(data, "inconsistent transcript at move 5")
    assert repr(moves[0]) in str(err)
    data = doc(transcript)
    data["data"]["moves"][1] = "ZZ"
    expect_error(data, "move 2 \\('ZZ'\\)")
    data = doc(transcript)
    data["data"]["moves"][1] = "BJ"
    expect_error(data, "move 2")
    data = doc(transcript)
    data["data"]["moves"].append(data["data"]["moves"][0])  # a move after the game is over
    expect_error(data, f"move {len(transcript.moves) + 1}")


@pytest.mark.parametrize("moves", ["QS", None, [5], [None], [["QS"]], {"0": "QS"}])
def test_loads_rejects_transcript_moves_of_wrong_shape(moves: object) -> None:
    data = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    data["data"]["moves"] = moves
    expect_error(data, "moves")


def test_loads_rejects_transcript_with_bad_head() -> None:
    base = Transcript(game="clubs", seed=1, config=None, deck=None, moves=())
    expect_error(edit(base, _set(("seed",), "1")), "seed")
    expect_error(edit(base, _set(("seed",), True)), "seed")
    expect_error(edit(base, _set(("deck",), ["QS"])), "set-up")
    expect_error(edit(base, _set(("deck",), ["ZZ"] * 52)), "deck")
    # A nested object is the bare object, not a whole document.
    expect_error(edit(base, _set(("config",), doc(clubs.Config()))), "unknown type None")
    bad_config = {"type": "Outcome", "scores": [1], "winners": [0]}
    expect_error(edit(base, _set(("config",), bad_config)), "set-up")
    expect_error(edit(base, _set(("config",), {"type": "Config", "players": 9, "threshold": 5})), "Config")


def test_loads_rejects_deep_nesting() -> None:
    config: Doc = {"type": "Config", "players": 4, "threshold": 5}
    for _ in range(200):
        config = {
            "type": "Transcript",
            "game": "clubs",
            "seed": 1,
            "config": config,
            "deck": None,
            "moves": [],
        }
    data = doc(Transcript(game="clubs", seed=1, config=None, deck=None, moves=()))
    data["data"]["config"] = config
    expect_error(data, "deep")


def test_loads_rejects_a_key_given_twice() -> None:
    """Which of two values counts would be up to the JSON reader: refuse both (last used to win)."""
    text = dumps(Outcome((1, 2), (1,)))
    twice = text.replace('"winners":[1]', '"winners":[1],"winners":[0]')
    assert twice != text
    with pytest.raises(StateError, match="the key 'winners' appears twice in one object"):
        loads(twice)
    with pytest.raises(StateError, match="the key 'format' appears twice"):
        loads(text[:-1] + ',"format":3}')


@pytest.mark.parametrize("number", ["1e400", "-1e400", "Infinity", "-Infinity", "NaN"])
def test_loads_rejects_numbers_dumps_could_not_write(number: str) -> None:
    """``1e400`` used to load as an infinite score that ``dumps`` then refused."""
    text = dumps(Outcome((1.5, 2), (1,))).replace("1.5", number)
    with pytest.raises(StateError, match="not valid JSON"):
        loads(text)


def test_loads_rejects_integers_longer_than_any_field() -> None:
    seed = 2**64 - 1
    text = dumps(Transcript(game="clubs", seed=seed, config=None, deck=None, moves=()))
    assert '"seed":"18446744073709551615"' in text
    assert loads(text).seed == seed
    with pytest.raises(StateError, match="an integer of 101 digits is longer than any field"):
        loads(text.replace('"18446744073709551615"', "9" * 101))
    with pytest.raises(StateError, match=r"seed: expected an integer .*got '9999"):
        loads(text.replace(str(seed), "9" * 101))
    assert loads(text.replace(str(seed), "1" + "0" * 99)).seed == 10**99  # long, but within the bound


# --- integers beyond 2**53 - 1 --------------------------------------------------------------------

BIG_SEED = 11310772225009022492
"""A seed JavaScript's JSON.parse reads as 11310772225009023000, another seed."""


def test_integers_beyond_2_53_are_written_as_strings() -> None:
    assert dumps(Rng(2**53 - 1)) == '{"data":{"state":9007199254740991,"type":"Rng"},"format":3,"game":null}'
    assert dumps(Rng(2**53)) == '{"data":{"state":"9007199254740992","type":"Rng"},"format":3,"game":null}'
    assert dumps(Rng(2**64 - 1)) == (
        '{"data":{"state":"18446744073709551615","type":"Rng"},"format":3,"game":null}'
    )
    assert dumps(Transcript(game="clubs", seed=BIG_SEED, config=None, deck=None, moves=())) == (
        '{"data":{"config":null,"deck":null,"game":"clubs","moves":[],"seed":"11310772225009022492",'
        '"type":"Transcript"},"format":3,"game":"clubs"}'
    )
    negative = round_trip(Transcript(game="clubs", seed=-(2**60), config=None, deck=None, moves=()))
    assert '"seed":"-1152921504606846976"' in negative
    assert '"seed":-9007199254740991' in round_trip(
        Transcript(game="clubs", seed=-(2**53 - 1), config=None, deck=None, moves=())
    )
    # A number field (an outcome's scores) holding such an integer: a string too.
    assert '"scores":["9007199254740993",1.5]' in round_trip(Outcome((2**53 + 1, 1.5), (0,)))


def _read_as_doubles(text: str) -> Any:
    """``text`` as JavaScript's JSON.parse reads it: every number a double."""
    return json.loads(text, parse_int=float)


def _as_javascript_writes(value: Any) -> Any:
    """The values JavaScript's JSON.stringify writes for ``value`` read as doubles: a whole double
    below 1e21 as an integer (its exact value: JavaScript writes the shortest digits that read back
    as the same double; tests/serve/test_javascript_numbers.py runs node itself)."""
    if type(value) is float and value.is_integer() and abs(value) < 1e21:
        return int(value)
    if isinstance(value, list):
        return [_as_javascript_writes(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_javascript_writes(v) for k, v in value.items()}
    return value


def test_every_number_of_a_game_from_a_large_seed_survives_doubles() -> None:
    """A reader holding numbers as doubles reads the same values from every document of a game
    dealt from a seed beyond 2**53 (its transcript, states with their Rng, views, events)."""
    transcript = play("clubs", [RandomBot()] * 4, BIG_SEED, SHORT)
    texts = [dumps(transcript)]
    for state, events in game_states(BIG_SEED):
        texts += [dumps(state), dumps(clubs.view(state, 0)), *map(dumps, events)]
    assert '"seed":"11310772225009022492"' in texts[0]
    assert any('"rng":{"state":"' in text_ for text_ in texts)
    for text_ in texts:
        assert _read_as_doubles(text_) == json.loads(text_)
        assert loads(json.dumps(_as_javascript_writes(_read_as_doubles(text_)))) == loads(text_)
    # The test can fail: a bare number beyond 2**53, as format 2 wrote it, reads as another.
    older = dumps(transcript).replace('"11310772225009022492"', "11310772225009022492")
    assert _read_as_doubles(older) != json.loads(older)
    assert _as_javascript_writes(_read_as_doubles(older))["data"]["seed"] == 11310772225009022976


@pytest.mark.parametrize(
    ("value", "match"),
    [
        (
            BIG_SEED,
            r"^seed: 11310772225009022492 is beyond ±\(2\*\*53 - 1\): format 3 writes it as a string, "
            r'"11310772225009022492"',
        ),
        (2**53, r'seed: 9007199254740992 is beyond .* "9007199254740992"'),
        (-(2**53), r'seed: -9007199254740992 is beyond .* "-9007199254740992"'),
        ("7", "seed: 7 is written as a number, not as the string '7'"),
        ("9007199254740991", "is written as a number"),
        ("-9007199254740991", "is written as a number"),
        ("0", "seed: expected an integer"),
        ("-0", "seed: expected an integer"),
        ("+11310772225009022492", "seed: expected an integer"),
        ("011310772225009022492", "seed: expected an integer"),
        (" 11310772225009022492", "seed: expected an integer"),
        ("11310772225009022492\n", "seed: expected an integer"),
        ("11310772225009022492.0", "seed: expected an integer"),
        ("1.1310772225009022492e19", "seed: expected an integer"),
        ("11_310772225009022492", "seed: expected an integer"),
        ("\uff11" * 17, "seed: expected an integer"),  # fullwidth digits: int() would read them
        ("0x9cf8a7e2c3b9c11c", "seed: expected an integer"),
        (float(BIG_SEED), "seed: expected an integer"),
        (None, "seed: expected an integer"),
        ([str(BIG_SEED)], "seed: expected an integer"),
    ],
)
def test_a_seed_beyond_2_53_is_read_only_as_the_string_dumps_writes(value: object, match: str) -> None:
    """One text for each integer, so that dumps(loads(text)) is the text dumps wrote."""
    document = doc(Transcript(game="clubs", seed=BIG_SEED, config=None, deck=None, moves=()))
    assert document["data"]["seed"] == "11310772225009022492"
    assert loads(text(document)).seed == BIG_SEED
    document["data"]["seed"] = value
    expect_error(document, match)


def test_a_bare_integer_beyond_2_53_is_refused_in_every_field_of_a_current_document() -> None:
    state = clubs.new_game(BIG_SEED)
    document = doc(state)
    held = document["data"]["progress"]["match"]["rng"]["state"]
    assert type(held) is str and int(held) > 2**53
    assert loads(text(document)) == state
    document["data"]["progress"]["match"]["rng"]["state"] = int(held)
    expect_error(document, rf"^progress\.match\.rng\.state: {held} is beyond .*written|writes it as a string")
    expect_error(edit(Outcome((1, 2), (0,)), _set(("scores", 1), 2**60)), r"scores\[1\]: .* is beyond")


def test_an_earlier_format_reads_its_bare_integers_only_where_it_read_them() -> None:
    """Format 2 wrote an integer beyond 2**53 as a number: read where an integer or a number is
    read, as format 2 read it, and refused where format 2 refused it (not taken as text)."""
    transcript = doc(Transcript(game="clubs", seed=BIG_SEED, config=None, deck=None, moves=()))
    transcript["format"] = 2
    transcript["data"]["seed"] = BIG_SEED
    assert text(transcript).count("11310772225009022492") == 1
    back = loads(text(transcript))
    assert back.seed == BIG_SEED
    assert '"seed":"11310772225009022492"' in dumps(back)
    outcome = dumps(Outcome((2**60, 1), (0,))).replace('"format":3', '"format":2')
    assert loads(outcome.replace('"1152921504606846976"', "1152921504606846976")) == Outcome((2**60, 1), (0,))
    older = doc(Outcome((2**60, 1), (0,)))
    older["format"] = 1
    older["data"]["scores"][0] = 2**60
    assert loads(text(older)) == Outcome((2**60, 1), (0,))
    for version in (1, 2):
        zone = doc(Zone("x", (), ()))
        zone["format"] = version
        zone["data"]["name"] = BIG_SEED
        expect_error(zone, r"name: expected str, got 11310772225009022492")
        transcript["format"] = version
        transcript["data"]["game"] = BIG_SEED
        expect_error(transcript, "transcript's game must be the document's game")
        transcript["data"]["game"] = "clubs"
        played = play("clubs", [RandomBot()] * 4, 3, SHORT)
        moves = doc(played)
        moves["format"] = version
        moves["data"]["moves"][0] = BIG_SEED
        expect_error(moves, "moves are an array of moves in the game's notation")
        card = doc(CardPlayed(1, CARDS[5]))
        card["format"] = version
        card["data"]["card"] = BIG_SEED
        expect_error(card, "a card is written as text")


# --- dumps rejects -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "obj",
    [None, 5, "QS", b"QS", [1], {"type": "Outcome"}, CARDS[0], clubs, object(), (clubs.Play("QS"),)],
    ids=repr,
)
def test_dumps_rejects_non_cardrules_objects(obj: object) -> None:
    with pytest.raises(StateError, match="cardrules object"):
        dumps(obj)


def test_dumps_rejects_unserializable_fields() -> None:
    with pytest.raises(StateError, match="cannot serialize"):
        dumps(Outcome([1, 2], (0,)))  # type: ignore[arg-type]
    with pytest.raises(StateError, match="cannot serialize"):
        dumps(CardPlayed(1, object()))  # type: ignore[arg-type]


def test_dumps_rejects_bad_transcripts() -> None:
    with pytest.raises(StateError, match="unknown game 'chess'"):
        dumps(Transcript(game="chess", seed=1, config=None, deck=None, moves=()))
    with pytest.raises(StateError, match="not a clubs move"):
        dumps(Transcript(game="clubs", seed=1, config=None, deck=None, moves=(Dealt(1, ()),)))


@attrs.frozen
class Foreign:
    x: int


@attrs.frozen
class Outcome2:
    scores: tuple[float, ...]
    winners: tuple[int, ...]


Outcome2.__name__ = "Outcome"


def test_dumps_rejects_foreign_attrs_classes() -> None:
    """Regression: dumps used to write any attrs instance, which loads then rejected."""
    with pytest.raises(StateError, match="cardrules object"):
        dumps(Foreign(1))
    # A look-alike of a core class is not the class.
    with pytest.raises(StateError, match="cardrules object"):
        dumps(Outcome2((1,), (0,)))
