"""``validate`` refuses Pub Derby scores and kick-offs the half's tricks cannot give.

Each test plays real moves, then forges one thing with ``attrs.evolve``; the unforged position
passes.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import pub_derby
from cardrules.errors import StateError


def with_match(state: pub_derby.State, **changes: Any) -> pub_derby.State:
    match = attrs.evolve(state.progress.match, **changes)
    return attrs.evolve(state, progress=attrs.evolve(state.progress, match=match))


def played(moves: int, seed: int = 5) -> pub_derby.State:
    state = pub_derby.new_game(seed)
    for _ in range(moves):
        state = pub_derby.apply(state, pub_derby.legal_moves(state)[0])
    pub_derby.validate(state)
    return state


def test_a_fresh_match_has_no_goals() -> None:
    """Goals come from waves and penalties: before any trick, a score of 0-3 is impossible (it
    used to load, and the wrong team won)."""
    state = played(0)
    with pytest.raises(StateError, match=r"goals \(0, 3\) and yellow cards \(0, 0\) are not what half 1"):
        pub_derby.validate(with_match(state, goals=(0, 3)))


def test_goals_beyond_the_waves_and_penalties_of_the_first_half_are_refused() -> None:
    """In the first half each team's goals are its goals from waves of ``goal_length`` tricks,
    plus at most one a penalty awarded to it."""
    state = played(4 * 6)
    goals = state.progress.match.goals
    with pytest.raises(StateError, match="are not what half 1"):
        pub_derby.validate(with_match(state, goals=(goals[0] + 3, goals[1])))


def test_a_yellow_card_needs_a_jack_in_a_trick() -> None:
    """ "A trick containing a Jack" gives its winner's team a yellow card: none before a trick."""
    state = played(0)
    with pytest.raises(StateError, match="yellow cards"):
        pub_derby.validate(with_match(state, yellows=(1, 0)))


def test_the_half_kicks_off_with_its_kick_off_card_in_a_trick_in_progress() -> None:
    """The half's first card is the kick-off 2, also while its first trick is being played."""
    state = played(1)
    progress = state.progress
    leader = progress.leader
    kick = state.trick[0]
    other = next(c for c in state.hands[leader] if c != kick) if state.hands[leader] else None
    assert other is not None
    hands = list(state.hands)
    hands[leader] = tuple(sorted([*(c for c in hands[leader] if c != other), kick]))
    forged = attrs.evolve(state, hands=tuple(hands), trick=(other,))
    with pytest.raises(StateError, match="the half kicks off with"):
        pub_derby.validate(forged)


def _after_two_tricks() -> pub_derby.State:
    state = pub_derby.new_game(3)
    while len(state.progress.tricks) < 2 or state.trick:
        state = pub_derby.apply(state, pub_derby.legal_moves(state)[0])
    return state


def test_a_completed_trick_led_by_no_seat_is_refused() -> None:
    state = _after_two_tricks()
    first, second = state.progress.tricks
    forged = attrs.evolve(first, leader=7)
    bad = attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=(forged, second)))
    with pytest.raises(StateError, match="a completed trick has 4 cards and a seat as leader"):
        pub_derby.validate(bad)


def test_a_trick_not_led_by_the_seat_the_one_before_names_it() -> None:
    """Trick 2 forged as led by the seat after its real leader (its winner moved along): the message
    numbers the trick from 1 and names both seats."""
    state = _after_two_tricks()
    first, second = state.progress.tricks
    other = (second.leader + 1) % 4
    forged = attrs.evolve(second, leader=other, winner=(second.winner + 1) % 4)
    progress = attrs.evolve(state.progress, tricks=(first, forged), leader=forged.winner)
    bad = attrs.evolve(state, to_act=forged.winner, progress=progress)
    expected = rf"trick 2 is led by seat {other}, but seat {second.leader} leads it"
    with pytest.raises(StateError, match=expected):
        pub_derby.validate(bad)


def test_a_card_off_suit_in_the_trick_in_progress_while_holding_the_suit_is_refused() -> None:
    """ "You must play a card of the same suit as the led card if you are able to", in the trick
    being played too: seed 5's first trick once its second card is down, with that card swapped for
    one of its player's cards of another suit while the player still holds the led suit."""
    state = pub_derby.new_game(5)
    state = pub_derby.apply(state, pub_derby.legal_moves(state)[0])
    led_suit = state.trick[0] // 13
    follower = state.to_act
    assert follower is not None
    hand = state.hands[follower]
    follow = next(c for c in pub_derby.legal_moves(state) if c.card // 13 == led_suit).card
    other = next((c for c in hand if c // 13 != led_suit), None)
    assert other is not None and any(c // 13 == led_suit for c in hand)
    hands = list(state.hands)
    hands[follower] = tuple(sorted(c for c in hand if c is not other))
    forged = attrs.evolve(state, hands=tuple(hands), trick=(*state.trick, other), to_act=(follower + 1) % 4)
    with pytest.raises(StateError, match="impossible history"):
        pub_derby.validate(forged)
    honest = pub_derby.apply(state, pub_derby.Play(follow))
    pub_derby.validate(honest)
