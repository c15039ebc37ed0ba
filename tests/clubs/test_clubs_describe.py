"""Clubs' events told in words (``describe``): seats named "Seat k", the viewer "you"."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardrules import clubs
from cardrules.cards import parse_cards
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome


def test_a_card_played_names_the_seat_or_you() -> None:
    """Seat k is "Seat k"; the viewer is "you", with the verb agreeing."""
    (qs,) = parse_cards("QS")
    assert clubs.describe(CardPlayed(2, qs)) == "Seat 2 plays the Q♠."
    assert clubs.describe(CardPlayed(2, qs), viewer=2) == "You play the Q♠."
    assert clubs.describe(CardPlayed(2, qs), viewer=1) == "Seat 2 plays the Q♠."


def test_a_trick_names_its_winning_card_and_its_clubs() -> None:
    """The rule text: the highest card of the led suit wins the trick, and each club in it is a
    point. 6♦ led, then Q♦ (the highest diamond), A♣ and 2♣ (no diamonds): the Q♦ wins it with 2
    clubs; a trick of hearts has none, a trick with one club has "1 club"."""
    trick = tuple(parse_cards("6D QD AC 2C"))
    assert clubs.describe(TrickWon(1, trick, 2)) == "Seat 1 wins the trick with the Q♦: 2 clubs."
    assert clubs.describe(TrickWon(1, trick, 2), 1) == "You win the trick with the Q♦: 2 clubs."
    # A higher suit's card thrown away (the A♠ on diamonds) does not win either.
    thrown = tuple(parse_cards("6D AS QD 2C"))
    assert clubs.describe(TrickWon(2, thrown, 1)) == "Seat 2 wins the trick with the Q♦: 1 club."
    hearts = tuple(parse_cards("2H AH 3H 4H"))
    assert clubs.describe(TrickWon(3, hearts, 0)) == "Seat 3 wins the trick with the A♥: no clubs."
    one = tuple(parse_cards("KS 9C 2S"))
    assert clubs.describe(TrickWon(0, one, 1)) == "Seat 0 wins the trick with the K♠: 1 club."


def test_a_round_lists_clubs_taken_and_scores() -> None:
    """The round's clubs and the running totals, seat by seat, the viewer as "you"."""
    event = RoundScored(2, (3, 10, 0, 0), (13, 20, 4, 13))
    assert clubs.describe(event, 1) == (
        "End of round 2. Clubs taken: Seat 0 3, you 10, Seat 2 0, Seat 3 0. "
        "Scores: Seat 0 13, you 20, Seat 2 4, Seat 3 13."
    )


def test_a_deal_and_the_end() -> None:
    """A deal says the hand size; the end the final scores and who won (lowest score wins, ties
    share the win)."""
    assert clubs.describe(Dealt(3, (17, 17, 17))) == "Round 3 is dealt: 17 cards each."
    alone = GameOver(Outcome((21.0, 36.0, 49.0, 50.0), (0,)))
    assert clubs.describe(alone) == (
        "Game over. Final scores: Seat 0 21, Seat 1 36, Seat 2 49, Seat 3 50. Seat 0 wins."
    )
    assert clubs.describe(alone, 0) == (
        "Game over. Final scores: you 21, Seat 1 36, Seat 2 49, Seat 3 50. You win."
    )
    shared = GameOver(Outcome((10.0, 52.0, 10.0), (0, 2)))
    assert clubs.describe(shared).endswith("Seats 0 and 2 share the win.")
    assert clubs.describe(shared, 2).endswith("You share the win with seat 0.")
    assert clubs.describe(shared, 1).endswith("Seats 0 and 2 share the win.")
    everyone = GameOver(Outcome((50.0, 50.0), (0, 1)))
    assert clubs.describe(everyone, 0) == "Game over. Final scores: you 50, Seat 1 50. It is a draw."


def test_every_event_of_random_games_is_one_sentence(
    check_sentences: Callable[[ModuleType, list[tuple[int, Any]]], None],
) -> None:
    """Every event of whole games of 2, 3 and 4 players, for every viewer: one sentence."""
    check_sentences(clubs, [(seed, clubs.Config(players=2 + seed, threshold=8)) for seed in range(3)])


@pytest.mark.parametrize("viewer", [-1, 4, True, "0", 1.0])
def test_a_viewer_that_is_no_seat_is_a_state_error(viewer: object) -> None:
    with pytest.raises(StateError, match="the viewer is a seat from 0 to 3 or None"):
        clubs.describe(Dealt(1, (13,) * 4), viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("event", [None, "CardPlayed", clubs.Play("QS"), Outcome((0.0,), (0,))])
def test_what_is_no_clubs_event_is_a_state_error(event: object) -> None:
    with pytest.raises(StateError, match="expected a clubs event"):
        clubs.describe(event)


def test_render_of_a_state_is_the_acting_seats_picture_and_the_cards_hidden_from_it(
    check_state_picture: Callable[[ModuleType, int], None],
) -> None:
    """``render`` takes a state too (the acting seat's picture, then every card hidden from it),
    and ``str`` of a state or a view is that picture."""
    check_state_picture(clubs, 11)
