"""Pub Derby's text rendering of a seat's view, checked against the position of seed 3
(``pub_derby classic 1 0,0 0,0 - 2H 2C7C9CTC2D3D8D4HAH2S3STSQS/... 0:- - 0 ...``): classic format,
first half, no goals or yellows, trump card 2H, seat 0 (team A) to kick off holding the 2C."""

from __future__ import annotations

from cardrules import pub_derby


def test_render_shows_the_match_the_trick_and_the_hand() -> None:
    state = pub_derby.new_game(3)
    assert pub_derby.to_text(state).split()[6] == "2H"  # the trump card
    # Seat 0 holds the 2 of clubs, so it must lead it ("the player holding the 2 of Clubs starts
    # the match by leading it"): the only card starred.
    assert pub_derby.render(pub_derby.view(state, 0)).splitlines() == [
        "Pub Derby (classic), half 1. You are Seat 0 (team A). Goals A 0–0 B.",
        "Trump ♥ hearts. Waves A 0 B 0. Yellows A 0 B 0.",
        "Trick: (empty).   To play: you.",
        "Hand: ♣ 2* 7 9 10  ♦ 2 3 8  ♥ 4 A  ♠ 2 3 10 Q   (* may be played)",
    ]
