"""Clubs' text rendering of a seat's view."""

from __future__ import annotations

import pytest

from cardrules import StateError, clubs
from cardrules.cards import parse_card as c


def test_render_shows_the_seat_its_table_and_its_hand() -> None:
    """Seed 3: seat 0 (A) holds 2C 7C 9C TC 2D 3D 8D 4H AH 2S 3S TS QS and leads 2C; B follows 3C,
    C 5C, D 4C: C's 5C is the highest club and takes the trick (its points count at the round's
    end, so every score is still 0), and leads next."""
    state = clubs.new_game(3)
    for card in ("2C", "3C", "5C", "4C"):
        state = clubs.apply(state, clubs.Play(c(card)))
    assert clubs.render(clubs.view(state, 0)).splitlines() == [
        "Clubs, round 1, threshold 50. You are Seat 0.",
        "Scores: you 0, Seat 1 0, Seat 2 0, Seat 3 0.   Cards left: you 12, Seat 1 12, Seat 2 12, Seat 3 12.",
        "Last trick: 2♣ 3♣ 5♣ 4♣, won by Seat 2.",
        "Trick: (empty).   To play: Seat 2.",
        "Hand: ♣ 7 9 10  ♦ 2 3 8  ♥ 4 A  ♠ 2 3 10 Q",
    ]


def test_render_of_a_trick_in_progress_names_each_card_by_its_seat() -> None:
    """Continuing seed 3: C leads 6S, D follows 9S, A QS, B JS: A's queen wins trick 2; A leads 7C,
    B follows QC, and C is to play. The last trick shown is trick 2, the table lists A's card then
    B's, and A holds its 10 remaining cards."""
    state = clubs.new_game(3)
    for card in ("2C", "3C", "5C", "4C", "6S", "9S", "QS", "JS", "7C", "QC"):
        state = clubs.apply(state, clubs.Play(c(card)))
    assert clubs.render(clubs.view(state, 0)).splitlines() == [
        "Clubs, round 1, threshold 50. You are Seat 0.",
        "Scores: you 0, Seat 1 0, Seat 2 0, Seat 3 0.   Cards left: you 10, Seat 1 10, Seat 2 11, Seat 3 11.",
        "Last trick: 6♠ 9♠ Q♠ J♠, won by you.",
        "Trick: you 7♣, Seat 1 Q♣.   To play: Seat 2.",
        "Hand: ♣ 9 10  ♦ 2 3 8  ♥ 4 A  ♠ 2 3 10",
    ]
    # Seat 2, to play, must follow clubs while it holds one: its clubs, and only they, are starred.
    hand = clubs.render(clubs.view(state, 2)).splitlines()[-1]
    assert hand.endswith("   (* may be played)")
    groups = dict(g.split(" ", 1) for g in hand.removeprefix("Hand: ").split("   (")[0].split("  "))
    assert all(face.endswith("*") for face in groups["♣"].split())
    assert not any("*" in faces for suit, faces in groups.items() if suit != "♣")


def test_a_view_names_the_seats_there_are() -> None:
    with pytest.raises(StateError, match="player must be a seat from 0 to 3, got 4"):
        clubs.view(clubs.new_game(3), 4)
    with pytest.raises(StateError, match="player must be a seat from 0 to 2, got True"):
        clubs.view(clubs.new_game(3, clubs.Config(players=3)), True)


def test_zones_set_the_two_of_diamonds_aside_with_three_players_only() -> None:
    """Each hand seen by its owner, the trick and each seat's won tricks seen by all, and with three
    players the 2 of diamonds, out of every deal, seen by all."""
    three = clubs.zones(clubs.new_game(3, clubs.Config(players=3)))
    assert [z.name for z in three] == [
        "hand 0",
        "hand 1",
        "hand 2",
        "trick",
        "won 0",
        "won 1",
        "won 2",
        "set aside",
    ]
    assert (three[-1].cards, three[-1].seen_by) == ((c("2D"),), (0, 1, 2))
    assert three[1].seen_by == (1,)
    four = clubs.zones(clubs.new_game(3))
    assert [z.name for z in four][-1] == "won 3" and len(four) == 9


def test_zones_put_each_completed_trick_with_its_winner() -> None:
    """Seed 3's first trick (2C 3C 5C 4C) is won by C (seat 2): the zone "won 2" holds those four
    cards, the other seats' won zones are empty, and the zones together hold the whole deck."""
    state = clubs.new_game(3)
    for card in ("2C", "3C", "5C", "4C"):
        state = clubs.apply(state, clubs.Play(c(card)))
    won = {z.name: z.cards for z in clubs.zones(state) if z.name.startswith("won")}
    assert won == {"won 0": (), "won 1": (), "won 2": tuple(map(c, ("2C", "3C", "5C", "4C"))), "won 3": ()}
    assert sorted(card for z in clubs.zones(state) for card in z.cards) == sorted(clubs.game_deck())


def test_render_names_the_cards_of_a_trick_led_by_seat_1_in_play_order() -> None:
    """Play goes round from the leader: a trick led by seat 1 shows Seat 1's card, then Seat 2's,
    then Seat 3's. Seed 3: A leads 2C, B 3C, C 5C, D 4C (C wins), C leads 6S, D 9S, A QS, B JS (A
    wins), A leads 7C, B QC, C and D follow with clubs as they must, whoever wins; if B won, B leads
    the next trick."""
    state = clubs.new_game(3)
    for card in ("2C", "3C", "5C", "4C", "6S", "9S", "QS", "JS"):
        state = clubs.apply(state, clubs.Play(c(card)))
    while not (state.leader == 1 and len(state.trick) == 3):
        state = clubs.apply(state, clubs.legal_moves(state)[-1])
        assert state.to_act is not None
    cards = [card.pretty() for card in state.trick]
    trick = clubs.render(clubs.view(state, 0)).splitlines()[3]
    assert trick == f"Trick: Seat 1 {cards[0]}, Seat 2 {cards[1]}, Seat 3 {cards[2]}.   To play: you."
