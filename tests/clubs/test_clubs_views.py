"""Clubs' text rendering of a seat's view."""

from __future__ import annotations

from cardrules import clubs
from cardrules.cards import parse_card as c


def test_render_shows_the_seat_its_table_and_its_hand() -> None:
    """Seed 3: seat 0 (A) holds 2C 7C 9C TC 2D 3D 8D 4H AH 2S 3S TS QS and leads 2C; B follows 3C,
    C 5C, D 4C: C's 5C is the highest club and takes the trick (its points count at the round's
    end, so every score is still 0), and leads next."""
    state = clubs.new_game(3)
    for card in ("2C", "3C", "5C", "4C"):
        state = clubs.apply(state, clubs.Play(c(card)))
    assert clubs.render(clubs.view(state, 0)).splitlines() == [
        "Clubs, round 1, threshold 50. You are A.",
        "Scores: A=0  B=0  C=0  D=0   Cards: A:12  B:12  C:12  D:12",
        "Last trick (led by A): 2♣ 3♣ 5♣ 4♣ -> C",
        "Trick: (empty)   To play: C",
        "Hand: 7♣ 9♣ 10♣ 2♦ 3♦ 8♦ 4♥ A♥ 2♠ 3♠ 10♠ Q♠",
    ]
