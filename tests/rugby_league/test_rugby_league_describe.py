"""Rugby League's events told in words (``describe``): seat 0 is home, seat 1 away, the viewer
"you"; scores read home–away."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardrules import rugby_league
from cardrules.cards import parse_card
from cardrules.errors import StateError
from cardrules.events import GameOver, HalfTime
from cardrules.game import Outcome
from cardrules.rugby_league import (
    BallMoved,
    CardsRevealed,
    KickResult,
    PenaltyChoice,
    PenaltyConceded,
    PossessionChanged,
    SetEnded,
    TackleWon,
    TieBreakDraw,
    TryScored,
)


def test_tackles_in_words() -> None:
    """Both cards shown, a tie broken by a drawn card, the tackle's winner, the ball's move named
    by the places of the field (home T .. away T)."""
    shown = CardsRevealed((parse_card("QC"), parse_card("KC")))
    assert rugby_league.describe(shown) == "Cards shown: Seat 0 (home) Q♣, Seat 1 (away) K♣."
    assert rugby_league.describe(shown, 1) == "Cards shown: Seat 0 (home) Q♣, you (away) K♣."
    assert (
        rugby_league.describe(TieBreakDraw(1, parse_card("AD")), 1)
        == "You (away) draw the A♦ to break the tie."
    )
    assert rugby_league.describe(TackleWon(0)) == "Seat 0 (home) wins the tackle."
    assert rugby_league.describe(BallMoved(2, 4)) == "The ball moves from home 2 to away 3."
    assert rugby_league.describe(BallMoved(5, 5)) == "The ball stays on away 2."
    assert rugby_league.describe(PossessionChanged(1), 0) == "Seat 1 (away) has the ball."
    assert rugby_league.describe(PossessionChanged(0), 0) == "You (home) have the ball."
    assert rugby_league.describe(SetEnded(3, 2)) == "End of set 2 of extra time's first half."


def test_penalties_and_kicks_in_words() -> None:
    """A repeated rank concedes a penalty to the other side, both repeating cancel; the three
    penalty options; kicks name their kind, whether they went over, and the score after."""
    assert (
        rugby_league.describe(PenaltyConceded(0, False))
        == "Penalty to the away side: Seat 0 (home) repeated a rank."
    )
    assert (
        rugby_league.describe(PenaltyConceded(1, True))
        == "Both sides repeat a rank: the penalties cancel out."
    )
    assert rugby_league.describe(PenaltyChoice(1, "touch")) == "Seat 1 (away) kicks for touch."
    assert rugby_league.describe(PenaltyChoice(0, "goal"), 0) == "You (home) kick for goal."
    assert rugby_league.describe(PenaltyChoice(1, "tap"), 1) == "You (away) take the tap and run."
    assert rugby_league.describe(TryScored(0, (4, 0))) == "TRY! Seat 0 (home) scores: home 4–0 away."
    good = KickResult(kind="conversion", seat=0, success=True, scores=(6, 0))
    assert rugby_league.describe(good) == "Seat 0 (home) kicks the conversion: home 6–0 away."
    wide = KickResult(kind="drop_goal", seat=1, success=False, scores=(6, 4))
    assert rugby_league.describe(wide, 1) == "You (away) miss a drop goal: home 6–4 away."
    assert rugby_league.describe(
        KickResult(kind="penalty_goal", seat=1, success=True, scores=(6, 6))
    ).startswith("Seat 1 (away) kicks a penalty goal")


def test_halves_and_the_end() -> None:
    """Halves 1 and 2, then extra time's two halves; the higher score wins, level is a draw."""
    assert rugby_league.describe(HalfTime(1, (6, 4))) == "End of the first half: home 6–4 away."
    assert rugby_league.describe(HalfTime(4, (14, 12))) == "End of extra time: home 14–12 away."
    away = GameOver(Outcome((12.0, 16.0), (1,)))
    assert rugby_league.describe(away) == "Full time: home 12–16 away. Seat 1 (away) wins."
    assert rugby_league.describe(away, 1) == "Full time: home 12–16 away. You (away) win."
    assert rugby_league.describe(GameOver(Outcome((8.0, 8.0), (0, 1)))) == "Full time: a draw, home 8–8 away."


def test_every_event_of_random_matches_is_one_sentence(
    check_sentences: Callable[[ModuleType, list[tuple[int, Any]]], None],
) -> None:
    """Every event of whole matches, for every viewer: one sentence."""
    check_sentences(rugby_league, [(0, None), (1, None), (2, None)])


@pytest.mark.parametrize("viewer", [-1, 2, True])
def test_a_viewer_that_is_no_seat_is_a_state_error(viewer: object) -> None:
    with pytest.raises(StateError, match="the viewer is a seat from 0 to 1 or None"):
        rugby_league.describe(TackleWon(0), viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("event", [None, rugby_league.Choose(3), (1, 2)])
def test_what_is_no_rugby_league_event_is_a_state_error(event: object) -> None:
    with pytest.raises(StateError, match="expected a rugby_league event"):
        rugby_league.describe(event)


def test_render_of_a_state_is_the_acting_seats_picture_and_the_cards_hidden_from_it(
    check_state_picture: Callable[[ModuleType, int], None],
) -> None:
    """``render`` takes a state too (the acting seat's picture, then every card hidden from it),
    and ``str`` of a state or a view is that picture."""
    check_state_picture(rugby_league, 11)
