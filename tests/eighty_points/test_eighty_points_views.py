"""80 Points' text rendering of a seat's view, checked against the position of seed 4
(``eighty_points 3/50/- 1 2,2 - declare 1 2 S 0 ...``): round 1, both teams at level 2, seat 1
starting (so team B, seats 1 and 3, defends) with royal 2 and spades trump, seat 2 to answer the
no-trump question holding the two small jokers."""

from __future__ import annotations

from cardrules import eighty_points as e


def test_render_shows_levels_trump_phase_and_hand() -> None:
    state = e.new_game(4)
    assert e.to_text(state).split()[5:9] == ["declare", "1", "2", "S"]
    assert e.render(e.view(state, 2)).splitlines() == [
        "80 Points, round 1. You are Seat 2 (team A). Levels A 2, B 2; team B defends, royal 2, trump ♠.",
        "Phase declare; attackers' points 0; to act: you.",
        # The question is answered with words, not cards: no card is starred.
        "Hand: ♣ 3 4 6  ♦ 3 4 5 8 10 K  ♥ 2 3 4 6 7 7 8 J Q K  ♠ 3 5 6 A  jokers SJ SJ",
    ]


def test_render_of_a_trick_names_each_play_by_its_seat() -> None:
    """The starter (seat 1) leads the first trick, seat 2 answers: the trick shows Seat 1's play
    then Seat 2's."""
    state = e.new_game(4)
    while state.table.phase != "play":
        state = e.apply(state, e.legal_moves(state)[0])
    assert state.to_act == 1
    lead = e.legal_moves(state)[0]
    assert isinstance(lead, e.Play)
    state = e.apply(state, lead)
    state = e.apply(state, e.legal_moves(state)[0])
    trick_line = e.render(e.view(state, 0)).splitlines()[2]
    assert trick_line.startswith("Trick: Seat 1 ") and ", Seat 2 " in trick_line
    assert trick_line.split(", ")[0] == "Trick: Seat 1 " + " ".join(c.pretty() for c in lead.cards)


def test_render_stars_every_card_the_starter_may_discard_the_two_of_clubs_too() -> None:
    """After taking the bottom the starter discards 8 cards of its choice: every card of its hand
    may go, the 2 of clubs (card code 0) included. Seed 0: seat 0 starts holding it."""
    state = e.new_game(0)
    while state.table.phase != "discard":
        state = e.apply(state, e.legal_moves(state)[0])
    assert state.to_act == 0 and state.hands[0][0] == 0
    hand = e.render(e.view(state, 0)).splitlines()[-1]
    assert hand.startswith("Hand: ♣ 2* ") and hand.endswith("   (* may be played)")
    faces = hand.removeprefix("Hand: ").split("   (")[0].split()
    assert all(face.endswith("*") for face in faces if face not in ("♣", "♦", "♥", "♠", "jokers"))
