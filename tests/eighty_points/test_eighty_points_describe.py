"""80 Points' events told in words (``describe``): seats 0 and 2 are team A, 1 and 3 team B (the
partners sit opposite), the viewer "you", royal numbers and levels as ranks (J, Q, K, A)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardrules import eighty_points
from cardrules.cards import parse_card, parse_cards
from cardrules.eighty_points import (
    BottomRevealed,
    BottomTaken,
    Discarded,
    LevelsChanged,
    NoTrumpDeclared,
    RedealAsked,
    TrumpSet,
)
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome


def test_the_deal_trump_and_questions() -> None:
    """A round's deal, who starts (and defends) with which royal number and trump, a redeal asked
    for, no trump declared with two identical jokers."""
    assert eighty_points.describe(Dealt(1, (25,) * 4)) == "Round 1 is dealt: 25 cards each."
    trump = TrumpSet(round=3, starter=2, royal=11, suit=1)
    assert eighty_points.describe(trump) == (
        "Round 3: Seat 2 (team A) starts, team A defends; royal J, trump ♦ diamonds."
    )
    assert eighty_points.describe(trump, 0) == (
        "Round 3: Seat 2 (team A) starts, team A (yours) defends; royal J, trump ♦ diamonds."
    )
    assert eighty_points.describe(trump, 2).startswith("Round 3: you (team A) start, team A (yours) defends;")
    none = TrumpSet(round=1, starter=1, royal=2, suit=None)
    assert eighty_points.describe(none) == (
        "Round 1: Seat 1 (team B) starts, team B defends; royal 2, no trump."
    )
    assert eighty_points.describe(RedealAsked(3, 1), 3) == (
        "You (team B) ask for a redeal: every card is dealt again."
    )
    assert eighty_points.describe(NoTrumpDeclared(0)) == (
        "Seat 0 (team A) shows two identical jokers: no trump this round."
    )


def test_the_bottom_and_tricks() -> None:
    """The starter takes the bottom and discards 8 face down; tricks name their points (5s, 10s
    and kings)."""
    assert eighty_points.describe(BottomTaken(2)) == "Seat 2 (team A) takes the bottom's 8 cards."
    assert eighty_points.describe(Discarded(2, 3), 2) == "You (team A) discard a card face down (3 of 8)."
    assert eighty_points.describe(CardPlayed(1, parse_card("BJ"))) == "Seat 1 (team B) plays the BJ."
    cards = tuple(parse_cards("5H KH 3H 4H"))
    assert eighty_points.describe(TrickWon(1, cards, 15)) == "Seat 1 (team B) wins the trick: 15 points."
    assert eighty_points.describe(TrickWon(0, cards, 0), 0) == "You (team A) win the trick: no points."


def test_the_end_of_a_round_and_of_the_match() -> None:
    """The bottom shown with its points (counted for the attackers only when they won the last
    trick), the attackers' total, the new levels and who defends next; the winning team."""
    bottom = tuple(parse_cards("4C 8C 9C 2D 6D 7D JD KD"))
    assert eighty_points.describe(BottomRevealed(bottom, 10, 20)) == (
        "The bottom: 4♣ 8♣ 9♣ 2♦ 6♦ 7♦ J♦ K♦, 10 points, 20 to the attackers."
    )
    assert eighty_points.describe(BottomRevealed(bottom, 10, 0)).endswith("10 points, not counted.")
    scored = RoundScored(1, (0, 135, 0, 135), (2, 3, 2, 3))
    assert eighty_points.describe(scored) == "End of round 1: the attackers took 135 points."
    levels = LevelsChanged((2, 13), 1, 3)
    assert eighty_points.describe(levels, 1) == (
        "Levels: A 2, B K. Team B (yours) defends next; Seat 3 starts."
    )
    assert eighty_points.describe(levels, 3) == "Levels: A 2, B K. Team B (yours) defends next; you start."
    over = GameOver(Outcome((14.0, 9.0, 14.0, 9.0), (0, 2)))
    assert eighty_points.describe(over) == "Game over: team A wins; levels A A, B 9."
    assert eighty_points.describe(over, 1) == "Game over: team A wins; levels A A, B 9. You lose."
    assert eighty_points.describe(over, 2) == "Game over: team A wins; levels A A, B 9. You win!"


def test_every_event_of_random_rounds_is_one_sentence(
    check_sentences: Callable[[ModuleType, list[tuple[int, Any]]], None],
) -> None:
    """Every event of two rounds, for every viewer: one sentence."""
    check_sentences(eighty_points, [(4, eighty_points.Config(rounds=2))])


@pytest.mark.parametrize("viewer", [-1, 4, True])
def test_a_viewer_that_is_no_seat_is_a_state_error(viewer: object) -> None:
    with pytest.raises(StateError, match="the viewer is a seat from 0 to 3 or None"):
        eighty_points.describe(BottomTaken(0), viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("event", [None, eighty_points.KeepHand(), "Dealt"])
def test_what_is_no_eighty_points_event_is_a_state_error(event: object) -> None:
    with pytest.raises(StateError, match="expected an eighty_points event"):
        eighty_points.describe(event)


def test_render_of_a_state_is_the_acting_seats_picture_and_the_cards_hidden_from_it(
    check_state_picture: Callable[[ModuleType, int], None],
) -> None:
    """``render`` takes a state too (the acting seat's picture, then every card hidden from it),
    and ``str`` of a state or a view is that picture."""
    check_state_picture(eighty_points, 11)


def test_team_b_told_to_each_viewer() -> None:
    """Seats 1 and 3 are team B: its start, defence and win are "yours" to seats 1 and 3 only, and
    its win is a loss to seats 0 and 2."""
    trump = TrumpSet(round=2, starter=3, royal=5, suit=0)
    assert eighty_points.describe(trump, 1) == (
        "Round 2: Seat 3 (team B) starts, team B (yours) defends; royal 5, trump ♣ clubs."
    )
    assert eighty_points.describe(trump, 0) == (
        "Round 2: Seat 3 (team B) starts, team B defends; royal 5, trump ♣ clubs."
    )
    levels = LevelsChanged((5, 2), 0, 2)
    assert eighty_points.describe(levels, 1) == "Levels: A 5, B 2. Team A defends next; Seat 2 starts."
    assert eighty_points.describe(levels, 0) == (
        "Levels: A 5, B 2. Team A (yours) defends next; Seat 2 starts."
    )
    over = GameOver(Outcome((3.0, 14.0, 3.0, 14.0), (1, 3)))
    assert eighty_points.describe(over) == "Game over: team B wins; levels A 3, B A."
    assert eighty_points.describe(over, 3) == "Game over: team B wins; levels A 3, B A. You win!"
    assert eighty_points.describe(over, 0) == "Game over: team B wins; levels A 3, B A. You lose."
    assert eighty_points.describe(over, 1) == "Game over: team B wins; levels A 3, B A. You win!"
    won_by_a = GameOver(Outcome((14.0, 3.0, 14.0, 3.0), (0, 2)))
    assert eighty_points.describe(won_by_a, 0) == "Game over: team A wins; levels A A, B 3. You win!"
