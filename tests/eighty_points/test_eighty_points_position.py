"""80 Points' one-line position notation: ``to_text`` / ``from_text`` (issue "One rule, one place")."""

from __future__ import annotations

import random

import pytest

from cardrules import eighty_points as ep
from cardrules.errors import StateError
from cardrules.events import Dealt


def test_the_fields_of_a_stacked_first_deal() -> None:
    """Rule text: "the first 2 dealt makes its receiver the starting player and its suit the trump
    suit"; both levels start at 2, the royal number. The 108 cards in sorted order deal 2C first,
    to seat 0: seat 0 starts, clubs are trumps, the royal number is 2. The four jokers are the last
    cards, so they lie in the bottom: nobody can declare no trump, and every hand of every fourth
    card holds well over 25 points, so nobody is asked for a redeal; seat 0 has taken the bottom
    (33 cards, the bottom field empty) and discards."""
    deck = ep.game_deck()
    state = ep.new_game(5, deck=deck)
    fields = ep.to_text(state).split(" ")
    assert fields[:5] == ["eighty_points", "3/50/-", "1", "2,2", "-"]
    assert fields[5:10] == ["discard", "0", "2", "C", "0"]
    hands = fields[10].split("/")
    assert [len(h) // 2 for h in hands] == [33, 25, 25, 25]
    # seat 0 is dealt cards 0, 4, 8, ... of the sorted deck (2C 4C 6C ... JS), then takes the bottom
    assert hands[0].startswith("2C4C6C8CTCQCAC")
    assert hands[0].endswith("JSKSKSASASSJSJBJBJ")
    assert fields[11:16] == ["-", "0:-", "-", "0", "0"]
    assert ep.from_text(" ".join(fields)) == state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_position_of_random_rounds_round_trips(seed: int) -> None:
    """``from_text(to_text(s)) == s`` at every move of random two-round matches: redeals, no-trump
    declarations, discards, multi-card plays, the round's end and the match's."""
    state = ep.new_game(seed, ep.Config(rounds=2))
    pick = random.Random(seed)
    while True:
        assert ep.from_text(ep.to_text(state)) == state
        if state.to_act is None:
            break
        state = ep.apply(state, pick.choice(ep.legal_moves(state)))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda f: ["clubs", *f[1:]], "starts with 'eighty_points'"),
        (lambda f: f[:-1], "16 fields after its name"),
        (lambda f: [f[0], "3/50", *f[2:]], "max_redeals/max_rounds/rounds"),
        (lambda f: [f[0], "3/50/0", *f[2:]], "rounds"),
        (lambda f: [*f[:5], "bidding", *f[6:]], "the phase is one of"),
        (lambda f: [*f[:8], "X", *f[9:]], "the trump suit is"),
        (lambda f: [*f[:3], "2,3", *f[4:]], "royal number"),
    ],
)
def test_a_malformed_or_impossible_position_names_what_is_wrong(edit: object, message: str) -> None:
    fields = ep.to_text(ep.new_game(4)).split(" ")
    with pytest.raises(StateError, match=message):
        ep.from_text(" ".join(edit(fields)))  # type: ignore[operator]


@pytest.mark.parametrize("junk", [None, 7, "", "eighty_points", "eighty_points " + "- " * 16])
def test_junk_is_a_state_error(junk: object) -> None:
    with pytest.raises(StateError):
        ep.from_text(junk)  # type: ignore[arg-type]


def test_a_position_read_back_plays_on_as_the_original() -> None:
    """A position read from its text is the same position: at every move of two random one-round
    matches (seed 3 has a redeal question, seed 4 a no-trump one) the state read back has the same
    legal moves (each legal when checked directly), the same view for every seat and the same
    zones, and another seat's view of a question samples to states asking the same seat, although
    its phase is a string read from text rather than the rules' own."""
    phases = set()
    for seed in (3, 4):
        state = ep.new_game(seed, ep.Config(rounds=1))
        pick = random.Random(seed)
        while True:
            back = ep.from_text(ep.to_text(state))
            phases.add(back.table.phase)
            assert ep.legal_moves(back) == ep.legal_moves(state)
            assert all(ep.is_legal(back, m) for m in ep.legal_moves(state))
            assert [ep.view(back, s) for s in range(4)] == [ep.view(state, s) for s in range(4)]
            assert ep.zones(back) == ep.zones(state)
            if back.table.phase in ("redeal", "declare") and back.to_act is not None:
                other = (back.to_act + 1) % 4  # the seat asked is hidden from this one
                seen = ep.view(back, other)
                assert ep.view(ep.sample_state(seen, seed), other) == seen
            if state.to_act is None:
                break
            state = ep.apply(state, pick.choice(ep.legal_moves(state)))
    assert phases == {"redeal", "declare", "discard", "play", "over"}


@pytest.mark.parametrize("trick", ["0:-", "0:3C..4C.5C"])
def test_a_completed_trick_with_missing_plays_is_a_state_error(trick: str) -> None:
    """A completed trick is written with its four plays: one written with none, or with an empty
    play, is refused as an impossible position (a ``StateError``), not a crash."""
    fields = ep.to_text(ep.new_game(4)).split(" ")
    fields[13] = trick
    with pytest.raises(StateError):
        ep.from_text(" ".join(fields))


def test_a_fresh_match_read_back_opens_with_the_bottom_taken() -> None:
    """ "The starting player then picks up the bottom 8": the sorted deck stacked makes seat 0 the
    starter with clubs trump (its 2C is the first 2 dealt) and asks nobody (see the first test), so
    the match opens with the deal, the trump and seat 0 taking the bottom. The same position read
    back from its line opens the same way, although its phase is text read from the line rather
    than the literal the rules wrote."""
    state = ep.from_text(ep.to_text(ep.new_game(5, deck=ep.game_deck())))
    assert (state.table.phase, state.table.bottom) == ("discard", ())
    assert ep.opening_events(state) == (
        Dealt(1, (25,) * 4),
        ep.TrumpSet(round=1, starter=0, royal=2, suit=0),
        ep.BottomTaken(0),
    )
