"""Manager's one-line position notation: ``to_text`` / ``from_text`` (issue "One rule, one place")."""

from __future__ import annotations

import random

import pytest

from cardrules import manager
from cardrules.cards import Suit, standard_deck
from cardrules.errors import StateError


def test_a_fresh_match_written_by_hand() -> None:
    """Rule text: five cards each, dealt alternately from seat 0, then a pool of three and the stock.
    With hearts stripped and the 39 cards in code order, seat 0 holds 2C 4C 6C 8C TC (five
    defenders) and seat 1 3C 5C 7C 9C JC (four defenders, one striker): seat 0's surplus defender
    scores 1, seat 1's surplus striker 2, so seat 1 wins season 1 and seat 0, the loser, drafts
    first. The line gives neither the season's values nor its winner: the rules do."""
    deck = [c for c in standard_deck() if c.suit is not Suit.HEARTS]
    stock = "".join(map(str, deck[13:]))
    text = f"manager -/10 H 2C4C6C8CTC/3C5C7C9CJC 2C4C6C8CTC/3C5C7C9CJC QCKCAC {stock} - 0 no 0"
    state = manager.from_text(text)
    assert state == manager.new_game(1, deck=deck)
    result = state.match.results[0]
    assert (result.values[0].points, result.values[1].points, result.winner) == (1, 2, 1)
    assert (state.to_act, state.match.first, state.match.halves) == (0, 0, (0, 2))
    assert manager.to_text(state) == text


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_every_position_of_random_matches_round_trips(seed: int) -> None:
    """``from_text(to_text(s)) == s`` at every move of random matches, to the end of season 11."""
    config = manager.Config(stripped_suit=Suit(seed), max_exchanges=3 + seed) if seed % 2 else None
    state = manager.new_game(seed, config)
    pick = random.Random(seed)
    while True:
        assert manager.from_text(manager.to_text(state)) == state
        if state.to_act is None:
            break
        state = manager.apply(state, pick.choice(manager.legal_moves(state)))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda f: ["clubs", *f[1:]], "starts with 'manager'"),
        (lambda f: f[:-1], "10 fields after its name"),
        (lambda f: [f[0], "X/10", *f[2:]], "a suit is C, D, H or S"),
        (lambda f: [f[0], "-/0", *f[2:]], "max_exchanges"),
        (lambda f: [*f[:3], "SJ" + f[3][2:], *f[4:]], "season 1's teams"),
        (lambda f: [*f[:9], "maybe", f[10]], "'yes' or 'no'"),
        (lambda f: [*f[:10], "1"], "first mover|to act|to_act"),
    ],
)
def test_a_malformed_or_impossible_position_names_what_is_wrong(edit: object, message: str) -> None:
    fields = manager.to_text(manager.new_game(4)).split(" ")
    with pytest.raises(StateError, match=message):
        manager.from_text(" ".join(edit(fields)))  # type: ignore[operator]


@pytest.mark.parametrize("junk", [None, 7, "", "manager", "manager " + "- " * 10])
def test_junk_is_a_state_error(junk: object) -> None:
    with pytest.raises(StateError):
        manager.from_text(junk)  # type: ignore[arg-type]
