"""Pub Derby's events told in words (``describe``): each seat with its team (even seats are team A,
the rule text's alternating seating), the viewer "you" and the viewer's team "yours"."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardrules import pub_derby
from cardrules.cards import parse_card
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, HalfTime, TrickWon
from cardrules.game import Outcome
from cardrules.pub_derby import (
    GoalScored,
    Intercepted,
    PenaltyAwarded,
    PenaltyDrawn,
    PenaltySaved,
    PenaltyScored,
    TrumpChosen,
    WaveExtended,
    YellowCard,
)


def test_seats_carry_their_team() -> None:
    """Seats sit A, B, A, B...: seat 2 is on team A, seat 5 on team B."""
    assert pub_derby.describe(CardPlayed(2, parse_card("JS"))) == "Seat 2 (team A) plays the J♠."
    assert pub_derby.describe(CardPlayed(5, parse_card("TH")), 5) == "You (team B) play the 10♥."
    trick = tuple(map(parse_card, ["2C", "3C", "5C", "4C"]))
    assert pub_derby.describe(TrickWon(3, trick, 0)) == "Seat 3 (team B) wins the trick."


def test_waves_and_goals() -> None:
    """A team's first trick in a row gives it the ball, more extend its wave, the other team's
    trick intercepts; a goal names the seat that completed the wave and the score A–B."""
    assert pub_derby.describe(WaveExtended(0, 1)) == "Team A has the ball."
    assert pub_derby.describe(WaveExtended(1, 2), 3) == "Team B (yours) keeps the ball: 2 tricks in a row."
    assert pub_derby.describe(WaveExtended(1, 2), 2) == "Team B keeps the ball: 2 tricks in a row."
    assert pub_derby.describe(Intercepted(1)) == "Team B intercepts and starts a wave."
    assert pub_derby.describe(GoalScored(0, 2, (2, 1))) == (
        "GOAL! Seat 2 (team A) completes the wave: A 2–1 B."
    )
    assert pub_derby.describe(GoalScored(1, 1, (0, 3)), 1) == "GOAL! You (team B) complete the wave: A 0–3 B."


def test_yellow_cards_and_penalties() -> None:
    """The rule text: a trick holding a jack books its winners; the second yellow card gives the
    other (fouled) team a penalty. Cards of equal value in a shootout are drawn again."""
    assert pub_derby.describe(YellowCard(1, 1)) == "Yellow card for team B: its 1st."
    assert pub_derby.describe(YellowCard(0, 2), 0) == "Yellow card for team A (yours): its 2nd."
    assert pub_derby.describe(PenaltyAwarded(1)) == "Penalty to team B!"
    drawn = PenaltyDrawn(parse_card("JH"), parse_card("2S"))
    assert pub_derby.describe(drawn) == "Penalty draw: the striker's J♥ against the goalkeeper's 2♠."
    level = PenaltyDrawn(parse_card("9H"), parse_card("9C"))
    assert pub_derby.describe(level) == (
        "Penalty draw: the striker's 9♥ against the goalkeeper's 9♣. Level: they draw again."
    )
    assert pub_derby.describe(PenaltyScored(1, (1, 2)), 0) == "GOAL! Team B scores the penalty: A 1–2 B."
    assert pub_derby.describe(PenaltySaved(0), 2) == "SAVED! Team A (yours) misses the penalty."


def test_halves_trump_and_the_end() -> None:
    """Two halves, each dealt afresh with its trump; the most goals at full time wins."""
    assert pub_derby.describe(Dealt(2, (8,) * 6)) == "Half 2 kicks off: 8 cards each."
    assert pub_derby.describe(TrumpChosen(1, parse_card("4H"), 2)) == (
        "Trump for half 1: ♥ hearts (the 4♥ turned up)."
    )
    assert pub_derby.describe(HalfTime(1, (1, 0))) == "Half time: A 1–0 B."
    assert pub_derby.describe(HalfTime(2, (1, 2))) == "Full time: A 1–2 B."
    b_wins = GameOver(Outcome((1.0, 2.0, 1.0, 2.0), (1, 3)))
    assert pub_derby.describe(b_wins) == "Full time: team B wins 2–1."
    assert pub_derby.describe(b_wins, 3) == "Full time: team B wins 2–1. You win!"
    assert pub_derby.describe(b_wins, 2) == "Full time: team B wins 2–1. You lose."
    draw = GameOver(Outcome((2.0,) * 4, (0, 1, 2, 3)))
    assert pub_derby.describe(draw, 0) == "Full time: a draw, A 2–2 B."


def test_every_event_of_random_matches_is_one_sentence(
    check_sentences: Callable[[ModuleType, list[tuple[int, Any]]], None],
) -> None:
    """Every event of whole matches of each format, for every viewer: one sentence."""
    formats = [
        pub_derby.Config(format="classic"),
        pub_derby.Config(format="pub"),
        pub_derby.Config(format="big_squad"),
    ]
    check_sentences(pub_derby, list(enumerate(formats)))


@pytest.mark.parametrize("viewer", [-1, 8, False])
def test_a_viewer_that_is_no_seat_is_a_state_error(viewer: object) -> None:
    with pytest.raises(StateError, match="the viewer is a seat from 0 to 7 or None"):
        pub_derby.describe(PenaltyAwarded(0), viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("event", [None, pub_derby.Play("QS"), HalfTime])
def test_what_is_no_pub_derby_event_is_a_state_error(event: object) -> None:
    with pytest.raises(StateError, match="expected a pub_derby event"):
        pub_derby.describe(event)


def test_render_of_a_state_is_the_acting_seats_picture_and_the_cards_hidden_from_it(
    check_state_picture: Callable[[ModuleType, int], None],
) -> None:
    """``render`` takes a state too (the acting seat's picture, then every card hidden from it),
    and ``str`` of a state or a view is that picture."""
    check_state_picture(pub_derby, 11)
