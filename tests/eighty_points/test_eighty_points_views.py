"""80 Points' text rendering of a seat's view, checked against the position of seed 4
(``eighty_points 3/50/- 1 2,2 - declare 1 2 S 0 ...``): round 1, both teams at level 2, seat 1
starting (so team B, seats 1 and 3, defends) with royal 2 and spades trump, seat 2 to answer the
no-trump question holding the two small jokers."""

from __future__ import annotations

from cardrules import eighty_points as e
from cardrules.cards import parse_card
from cardrules.eighty_points.tricks import table_for
from cardrules.eighty_points.views import _double_refusals


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


# Seat 2 led 3S 3S (trump diamonds, royal 2: 2S is a trump, so spades are the plain spades 3S..AS);
# seat 3 answered 5S 5S and seat 0 JS JS, doubles; seat 1 answered 6S TS, no double, so it held no
# two identical plain spades then, 6S and TS included. Seat 0 is to lead the fourth trick.
DOUBLE_ANSWERED_WITHOUT_ONE = (
    "eighty_points 3/50/1 1 2,2 - play 0 2 D 1 "
    "2C2C3C3C9C2D6D8D8D9D9D2H2H3H5H6H7H8H8S9SSJ/4C6C6C7C7CTCKCKCAC4DTDKDAD9HJHQHKHKHAH2SSJ/"
    "5CTCJCQCAC4D5D6D7DTDQDKDAD4H6H7H9HJHTSASBJ/4C8C9C3D3DJDQD3H5H8HTHQHAH4S6S7S8S9SQSKSAS "
    "7S4S2D4HQSTHBJKS 0:- 0:8C.QC.5C.JC,1:JD.2S.5D.7D,2:3S3S.5S5S.JSJS.6STS 5 0 4782753605503662481"
)


def test_sample_state_deals_around_a_double_answered_without_one() -> None:
    """A seat that answered a double without a double held no two identical cards of the led suit
    then. ``sample_state`` deals around it: seat 1 (the first of the others, deal index 0) may not
    be dealt a 6S or TS, which it played in that answer, nor a second copy of a plain spade; a
    trump spade (2S, the royal number) and seats 2 and 3, who answered with doubles, are free."""
    view = e.view(e.from_text(DOUBLE_ANSWERED_WITHOUT_ONE), 0)
    refuse = _double_refusals(view, [1, 2, 3], table_for(view.royal, view.trump))
    assert refuse is not None
    c = parse_card
    assert refuse(0, c("6S"), []) and refuse(0, c("TS"), [])
    assert not refuse(0, c("4S"), []) and refuse(0, c("4S"), [c("4S")])
    assert not refuse(0, c("2S"), [c("2S")])  # a trump: the double led was of plain spades
    assert not refuse(0, c("4H"), [c("4H")])
    assert not refuse(1, c("6S"), [c("6S")]) and not refuse(2, c("TS"), [c("TS")])
    for seed in range(20):
        hand = e.sample_state(view, seed).hands[1]
        spades = [x for x in hand if x // 13 == 3 and x != c("2S")]
        assert len(set(spades)) == len(spades) and not {c("6S"), c("TS")} & set(spades)


def test_sample_state_with_no_double_answered_otherwise_refuses_nothing() -> None:
    """Before any double is answered without one, no card is barred beyond the voids."""
    view = e.view(e.new_game(3, e.Config(rounds=1)), 0)
    assert _double_refusals(view, [1, 2, 3], table_for(view.royal, view.trump)) is None
