"""Manager's events told in words (``describe``): seats 0 and 1, the viewer "you"."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardrules import manager
from cardrules.cards import parse_card, parse_cards
from cardrules.errors import StateError
from cardrules.events import GameOver
from cardrules.game import Outcome
from cardrules.manager import (
    DraftClosed,
    DraftOpened,
    Exchanged,
    Passed,
    SeasonHalved,
    SeasonRevealed,
    SeasonValue,
    SeasonWon,
)


def _value(points: int) -> SeasonValue:
    return SeasonValue(
        defenders=0,
        strikers=0,
        surplus_defenders=0,
        surplus_strikers=0,
        defender_run=0,
        striker_run=0,
        defender_multiplier=1,
        striker_multiplier=1,
        points=points,
    )


def test_a_season_in_words() -> None:
    """Both teams and what each is worth against the other; the winner, or half a season each."""
    teams = (tuple(parse_cards("4C KC 3S 6S KS")), tuple(parse_cards("8C 5H 8H 9H 9S")))
    revealed = SeasonRevealed(1, teams, (_value(4), _value(2)))
    assert manager.describe(revealed) == (
        "Season 1: Seat 0's team 4♣ K♣ 3♠ 6♠ K♠ is worth 4, Seat 1's team 8♣ 5♥ 8♥ 9♥ 9♠ is worth 2."
    )
    assert manager.describe(revealed, 1).endswith(", your team 8♣ 5♥ 8♥ 9♥ 9♠ is worth 2.")
    assert manager.describe(SeasonWon(1, 0)) == "Seat 0 wins season 1."
    assert manager.describe(SeasonWon(1, 0), 0) == "You win season 1."
    assert manager.describe(SeasonHalved(7)) == "Season 7 is halved: half a season each."


def test_a_draft_in_words() -> None:
    """The pool opened, who moves first, each swap or pass, the pool retired when it closes."""
    opened = DraftOpened(2, tuple(parse_cards("9C AC QH")), 1)
    assert manager.describe(opened) == "Draft 2 opens on 9♣ A♣ Q♥; Seat 1 moves first."
    assert manager.describe(opened, 1) == "Draft 2 opens on 9♣ A♣ Q♥; you move first."
    swap = Exchanged(0, parse_card("4C"), parse_card("AC"))
    assert manager.describe(swap) == "Seat 0 swaps the 4♣ for the A♣ from the pool."
    assert manager.describe(swap, 0) == "You swap the 4♣ for the A♣ from the pool."
    assert manager.describe(Passed(1), 1) == "You pass."
    assert manager.describe(Passed(1)) == "Seat 1 passes."
    assert manager.describe(DraftClosed(2, tuple(parse_cards("9C 4C")))) == (
        "Draft 2 closes; 9♣ 4♣ leave the game."
    )


def test_the_end_in_words() -> None:
    """Seasons won (halves as ½) and the winner, or a draw."""
    won = GameOver(Outcome((6.5, 4.5), (0,)))
    assert manager.describe(won) == "Game over, seasons won: Seat 0 6½–4½ Seat 1. Seat 0 wins."
    assert manager.describe(won, 1) == "Game over, seasons won: Seat 0 6½–4½ you. Seat 0 wins."
    assert manager.describe(won, 0) == "Game over, seasons won: you 6½–4½ Seat 1. You win."
    drawn = GameOver(Outcome((5.5, 5.5), (0, 1)))
    assert manager.describe(drawn) == "Game over, seasons won: Seat 0 5½–5½ Seat 1. It is a draw."


def test_every_event_of_random_matches_is_one_sentence(
    check_sentences: Callable[[ModuleType, list[tuple[int, Any]]], None],
) -> None:
    """Every event of whole matches, for every viewer: one sentence."""
    check_sentences(manager, [(0, None), (1, None)])


@pytest.mark.parametrize("viewer", [-1, 2, True])
def test_a_viewer_that_is_no_seat_is_a_state_error(viewer: object) -> None:
    with pytest.raises(StateError, match="the viewer is a seat from 0 to 1 or None"):
        manager.describe(Passed(0), viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("event", [None, manager.Pass(), _value(3)])
def test_what_is_no_manager_event_is_a_state_error(event: object) -> None:
    with pytest.raises(StateError, match="expected a manager event"):
        manager.describe(event)


def test_render_of_a_state_is_the_acting_seats_picture_and_the_cards_hidden_from_it(
    check_state_picture: Callable[[ModuleType, int], None],
) -> None:
    """``render`` takes a state too (the acting seat's picture, then every card hidden from it),
    and ``str`` of a state or a view is that picture."""
    check_state_picture(manager, 11)
