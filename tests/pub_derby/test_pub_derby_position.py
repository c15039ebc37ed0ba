"""Pub Derby's one-line position notation: ``to_text`` / ``from_text`` (issue "One rule, one place")."""

from __future__ import annotations

import random

import pytest

from cardrules import pub_derby
from cardrules.cards import parse_cards, standard_deck
from cardrules.errors import StateError
from cardrules.pub_derby.state import Format
from cardrules.rng import Rng


def test_a_fresh_pub_match_written_by_hand() -> None:
    """Rule text: in ``pub`` the four cards left after the deal are the bench and its top card sets
    the trump; the 2 of clubs kicks off. The 52 cards in code order dealt to six seats leave JS QS
    KS AS on the bench (JS on top: spades are trumps) and 2C with seat 0, who leads it. The line
    gives neither the kick-off card nor the waves: the rules do."""
    deck = standard_deck()
    hands = "/".join("".join(map(str, deck[s:48:6])) for s in range(6))
    assert hands.startswith("2C8CAC7D")
    text = f"pub_derby pub 1 0,0 0,0 JSQSKSAS JS {hands} 0:- - 0 {Rng.from_seed(9).state}"
    state = pub_derby.from_text(text)
    assert state == pub_derby.new_game(9, pub_derby.Config(format="pub"), deck=deck)
    assert (state.match.kickoff, state.match.trump, state.progress.waves) == (parse_cards("2C")[0], 3, (0, 0))
    assert pub_derby.to_text(state) == text


@pytest.mark.parametrize("format_", ["classic", "pub", "big_squad"])
def test_every_position_of_random_matches_round_trips(format_: Format) -> None:
    """``from_text(to_text(s)) == s`` at every move of random matches: goals, yellow cards,
    penalties, half time and full time included; the waves come back from the tricks."""
    for seed in range(3):
        state = pub_derby.new_game(seed, pub_derby.Config(format=format_))
        pick = random.Random(seed)
        while True:
            assert pub_derby.from_text(pub_derby.to_text(state)) == state
            if state.to_act is None:
                break
            state = pub_derby.apply(state, pick.choice(pub_derby.legal_moves(state)))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda f: ["clubs", *f[1:]], "starts with 'pub_derby'"),
        (lambda f: f[:-1], "11 fields after its name"),
        (lambda f: [f[0], "derby", *f[2:]], "the format"),
        (lambda f: [*f[:3], "0,3", *f[4:]], "goals"),
        (lambda f: [*f[:6], "QSKS", *f[7:]], "the trump card is one card"),
        (lambda f: [*f[:8], "1:-", *f[9:]], "kick|lead|to_act"),
    ],
)
def test_a_malformed_or_impossible_position_names_what_is_wrong(edit: object, message: str) -> None:
    """A fresh classic match claiming 0-3 is refused by ``validate``, as ``loads`` refuses it."""
    fields = pub_derby.to_text(pub_derby.new_game(4)).split(" ")
    with pytest.raises(StateError, match=message):
        pub_derby.from_text(" ".join(edit(fields)))  # type: ignore[operator]


@pytest.mark.parametrize("junk", [None, 7, "", "pub_derby", "pub_derby " + "x " * 11])
def test_junk_is_a_state_error(junk: object) -> None:
    with pytest.raises(StateError):
        pub_derby.from_text(junk)  # type: ignore[arg-type]
