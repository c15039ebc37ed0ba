"""Rugby League's one-line position notation: ``to_text`` / ``from_text`` (issue "One rule, one
place")."""

from __future__ import annotations

import random

import pytest

from cardrules import rugby_league
from cardrules.cards import standard_deck
from cardrules.errors import StateError
from cardrules.rng import Rng


def test_a_kick_off_written_by_hand() -> None:
    """Rule text: rows of six face-down cards are dealt one at a time, alternately, home first; the
    rest is the draw pile; the home seat attacks from its 1 space. With the 52 cards in code order
    home holds 2C 4C 6C 8C TC QC, away 3C 5C 7C 9C JC KC, and AC tops the pile."""
    pile = "".join(map(str, standard_deck()[12:]))
    rng = Rng.from_seed(3)
    rows = "2C4C6C8CTCQC/3C5C7C9CJCKC"
    text = f"rugby_league blind 1 0 0,0 tackle 0 1 0,0 0,0,0 -/- {rows} - {pile} - 0 {rng.state}"
    state = rugby_league.from_text(text)
    assert state == rugby_league.new_game(3, deck=standard_deck())
    assert rugby_league.to_text(state) == text


@pytest.mark.parametrize("open_hands", [False, True])
def test_every_position_of_random_matches_round_trips(open_hands: bool) -> None:
    """``from_text(to_text(s)) == s`` at every move of random matches: pending picks, penalties,
    kicks (rows of three), played slots and the end."""
    for seed in range(6):
        state = rugby_league.new_game(seed, rugby_league.Config(open_hands=open_hands))
        pick = random.Random(seed)
        while True:
            assert rugby_league.from_text(rugby_league.to_text(state)) == state
            if state.to_act is None:
                break
            state = rugby_league.apply(state, pick.choice(rugby_league.legal_moves(state)))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda f: ["clubs", *f[1:]], "starts with 'rugby_league'"),
        (lambda f: f[:-1], "16 fields after its name"),
        (lambda f: [f[0], "shut", *f[2:]], "'blind' or 'open'"),
        (lambda f: [*f[:5], "scrum", *f[6:]], "the phase is one of"),
        (lambda f: [*f[:8], "0,0,0", *f[9:]], "the tackles"),
        (lambda f: [*f[:11], f[11][:-1], *f[12:]], "two characters each"),
        (lambda f: [*f[:7], "0", *f[8:]], "try line"),
        (lambda f: [*f[:8], "0,1", *f[9:]], "lost"),
    ],
)
def test_a_malformed_or_impossible_position_names_what_is_wrong(edit: object, message: str) -> None:
    fields = rugby_league.to_text(rugby_league.new_game(4)).split(" ")
    with pytest.raises(StateError, match=message):
        rugby_league.from_text(" ".join(edit(fields)))  # type: ignore[operator]


@pytest.mark.parametrize("junk", [None, 7, "", "rugby_league", "rugby_league " + "- " * 16])
def test_junk_is_a_state_error(junk: object) -> None:
    with pytest.raises(StateError):
        rugby_league.from_text(junk)  # type: ignore[arg-type]
