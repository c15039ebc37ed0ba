"""Who sees which cards in 80 Points (``zones``, ``view``) and how a seat's picture names the plays
of the trick in progress (``render``).

Rule text: "The starting player then picks up the bottom 8 and discards any 8 cards back to the
table" (face down: only the starter knows them until the round ends and the bottom is shown);
hands are private; the trick and the round's tricks are played face up.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import RandomBot, play
from cardrules import eighty_points as ep
from cardrules.cards import format_cards, parse_cards

Position = Callable[..., ep.State]  # the ``position`` fixture (conftest.py)
EVERYONE = (0, 1, 2, 3)


@pytest.fixture
def trick_in_play(position: Position) -> ep.State:
    """Seat 3 starts and leads AS; seat 0 answers 3S; seat 1 is to act (royal 2, hearts trumps)."""
    return position([], trick="3:AS.3S", starter=3, to_act=1)


def finished_match() -> ep.State:
    """A one-round match played to its end by random bots (seed 4)."""
    config = ep.Config(rounds=1)
    state = ep.new_game(4, config)
    for move in play("eighty_points", [RandomBot()] * 4, 4, config).moves:
        state = ep.apply(state, move)
    assert state.table.phase == "over"
    return state


def test_zones_in_the_trick_phase(trick_in_play: ep.State) -> None:
    """Each hand is seen by its owner alone, the bottom by the starter (seat 3) alone, the trick's
    cards (AS 3S) by all four seats, as are the round's tricks (none yet)."""
    state = trick_in_play
    zones = {z.name: z for z in ep.zones(state)}
    assert [zones[f"hand {s}"].seen_by for s in range(4)] == [(0,), (1,), (2,), (3,)]
    assert [zones[f"hand {s}"].cards for s in range(4)] == list(state.hands)
    assert (zones["bottom"].cards, zones["bottom"].seen_by) == (state.table.bottom, (3,))
    assert (zones["trick"].cards, zones["trick"].seen_by) == (parse_cards("AS 3S"), EVERYONE)
    assert (zones["tricks"].cards, zones["tricks"].seen_by) == ((), EVERYONE)


def test_only_the_starter_sees_the_bottom_during_the_round(trick_in_play: ep.State) -> None:
    """Seat 3 started and took the bottom: its view shows the 8 cards; seats 0, 1 and 2 see only
    that there are 8."""
    state = trick_in_play
    bottom = state.table.bottom
    assert len(bottom) == 8
    assert [ep.view(state, s).bottom for s in range(4)] == [(), (), (), bottom]
    assert {ep.view(state, s).bottom_size for s in range(4)} == {8}


def test_nobody_sees_the_bottom_before_it_is_taken() -> None:
    """In the no-trump question (seed 4: seat 1 starts) the bottom still lies face down."""
    state = ep.new_game(4)
    assert state.table.phase == "declare"
    zones = {z.name: z for z in ep.zones(state)}
    assert zones["bottom"].seen_by == ()
    assert [ep.view(state, s).bottom for s in range(4)] == [()] * 4


def test_everyone_sees_the_bottom_once_the_round_is_over() -> None:
    """The bottom is shown at the round's end (its points may count for the attackers)."""
    state = finished_match()
    zones = {z.name: z for z in ep.zones(state)}
    assert zones["bottom"].seen_by == EVERYONE
    assert [ep.view(state, s).bottom for s in range(4)] == [state.table.bottom] * 4


def test_render_names_each_play_of_the_trick_by_its_seat(trick_in_play: ep.State) -> None:
    """The trick line lists the plays in play order from the leader, going round the table: seat
    3's AS, then seat 0's 3S ("you" for seat 0's own picture)."""
    state = trick_in_play
    assert ep.render(ep.view(state, 1)).splitlines()[2] == "Trick: Seat 3 A♠, Seat 0 3♠."
    assert ep.render(ep.view(state, 0)).splitlines()[2] == "Trick: Seat 3 A♠, you 3♠."


def test_render_of_a_finished_match_shows_nobody_to_act_and_the_bottom() -> None:
    """Once the match is over nobody is to act and the bottom, shown to everyone, is pictured."""
    state = finished_match()
    lines = ep.render(ep.view(state, 0)).splitlines()
    assert lines[1] == f"Phase over; attackers' points {state.table.points}; to act: nobody."
    assert "Bottom: " + format_cards(state.table.bottom, pretty=True) in lines
