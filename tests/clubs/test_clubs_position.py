"""Clubs' one-line position notation: ``to_text`` / ``from_text`` (issue "One rule, one place")."""

from __future__ import annotations

import random

import pytest

from cardrules import clubs
from cardrules.cards import parse_cards, standard_deck
from cardrules.errors import StateError
from cardrules.rng import Rng


def test_a_position_written_by_hand_is_the_state_the_rules_describe() -> None:
    """The scoring scenario of the rules tests, written as text: A holds 6H, B 8H, C 2C, D AC;
    A led and won all twelve earlier tricks (the other 48 cards from the highest code down, four
    at a time) and leads the last; nobody has scored in round 1. The winners are not written: the
    rules give them (A, who led the highest card of the led suit each time)."""
    last = parse_cards("6H 8H 2C AC")
    rest = [c for c in reversed(standard_deck()) if c not in last]
    written = ",".join("0:" + "".join(map(str, rest[4 * k : 4 * k + 4])) for k in range(12))
    assert written.startswith("0:ASKSQSJS,0:TS9S8S7S,0:6S5S4S3S,0:2SAHKHQH,0:JHTH9H7H,")
    rng = Rng.from_seed(5)
    text = f"clubs 4/50 1 0,0,0,0 6H/8H/2C/AC 0:- {written} 0 {rng.state}"
    state = clubs.from_text(text)
    tricks = tuple(clubs.CompletedTrick(0, tuple(rest[4 * k : 4 * k + 4]), 0) for k in range(12))
    match = clubs.Match(config=clubs.Config(), scores=(0, 0, 0, 0), round=1, rng=rng)
    assert state == clubs.State(
        hands=tuple((c,) for c in last), trick=(), to_act=0, progress=clubs.Progress(0, tricks, match)
    )
    assert clubs.to_text(state) == text


def test_a_fresh_game_in_one_line() -> None:
    """The documented fields: config, round, scores, hands, the trick (led by seat 0, empty), no
    completed trick, seat 0 to act, the generator."""
    state = clubs.new_game(1, clubs.Config(players=3, threshold=20))
    fields = clubs.to_text(state).split(" ")
    assert fields[:4] == ["clubs", "3/20", "1", "0,0,0"]
    assert [len(h) for h in fields[4].split("/")] == [34, 34, 34]
    assert fields[5:8] == ["0:-", "-", "0"]
    assert fields[8] == str(state.match.rng.state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_random_games_round_trips(players: int) -> None:
    """``from_text(to_text(s)) == s`` at every move of random games, mid-trick and finished."""
    for seed in range(3):
        state = clubs.new_game(seed, clubs.Config(players=players, threshold=15))
        pick = random.Random(seed)
        while True:
            assert clubs.from_text(clubs.to_text(state)) == state
            if state.to_act is None:
                break
            state = clubs.apply(state, pick.choice(clubs.legal_moves(state)))


def test_hands_may_be_written_in_any_order_and_case() -> None:
    state = clubs.new_game(2, clubs.Config(players=2))
    fields = clubs.to_text(state).split(" ")
    hands = fields[4].split("/")
    fields[4] = "/".join(h[2:].lower() + h[:2].lower() for h in hands)  # first card last, lower case
    assert clubs.from_text(" ".join(fields)) == state


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda f: ["pub_derby", *f[1:]], "starts with 'clubs'"),
        (lambda f: f[:-1], "8 fields after its name"),
        (lambda f: [*f[:4], f[4].replace(f[4][:2], "ZZ", 1), *f[5:]], "seat 0's hand"),
        (lambda f: [*f[:4], f[4][:-1], *f[5:]], "two characters each"),
        (lambda f: [f[0], "4-50", *f[2:]], "the config"),
        (lambda f: [f[0], "5/50", *f[2:]], "players"),
        (lambda f: [*f[:5], "x:-", *f[6:]], "the current trick's leader"),
        (lambda f: [*f[:7], "2", f[8]], "to_act"),
        (lambda f: [*f[:8], "-1"], "generator"),
        (lambda f: [*f[:3], "0,0,0,13", *f[4:]], "13 a finished round|every finished round"),
    ],
)
def test_a_malformed_or_impossible_position_names_what_is_wrong(edit: object, message: str) -> None:
    fields = clubs.to_text(clubs.new_game(4)).split(" ")
    with pytest.raises(StateError, match=message):
        clubs.from_text(" ".join(edit(fields)))  # type: ignore[operator]


@pytest.mark.parametrize("junk", [None, 7, b"clubs", "", "clubs", "x" * 200_000])
def test_junk_is_a_state_error(junk: object) -> None:
    with pytest.raises(StateError):
        clubs.from_text(junk)  # type: ignore[arg-type]
    with pytest.raises(StateError):
        clubs.to_text(junk)  # type: ignore[arg-type]
