"""``validate`` on hand-written 80 Points histories: a trick with a seat void in the led suit is
accepted, and each forged detail is refused for what it is.

Royal number 2, hearts trumps, so 3S < 4S < 5S rank in order in spades and 3C is a plain club.
Each forgery is built with ``attrs.evolve`` from a position that passes, and each test names the
check it expects (validate's error names the broken rule).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from cardrules import eighty_points as ep
from cardrules.cards import parse_cards
from cardrules.errors import StateError

SPADES = 3
Position = Callable[..., ep.State]  # the ``position`` fixture (conftest.py)
# The 21 spades left after one 3S, 4S and 5S are played (2S is a trump: royal number 2).
OTHER_SPADES = "3S 4S 5S " + " ".join(f"{r}S {r}S" for r in "6789TJQKA")


def one_trick(position: Position, trick: str, points: int, leader: int) -> ep.State:
    """Seat 1 starts and leads the first trick ``trick`` (``1:plays``); seat 2 is void in spades and
    seats 0 and 3 hold no spade besides the one they played: seat 1 holds every other spade. The
    trick is complete and ``leader``, its winner, is to lead the next."""
    return position(
        ["", OTHER_SPADES],
        tricks=(trick,),
        trick=f"{leader}:-",
        void={0: {SPADES}, 2: {SPADES}, 3: {SPADES}},
        starter=1,
        points=points,
        to_act=leader,
    )


def test_a_void_seat_may_answer_with_another_suit(position: Position) -> None:
    """ "Only when the suit is exhausted, any cards": seat 1 leads 3S, seat 2 (void in spades)
    answers 3C, seats 3 and 0 follow with 4S and 5S. The highest spade, seat 0's 5S, wins and
    leads next; seat 0's team attacks (seat 1 started) and takes the 5 points of the 5S. The
    position is valid, and each seat's answer is checked against the hand that seat held."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    ep.validate(state)
    (trick,) = state.table.tricks
    assert (trick.winner, trick.points) == (0, 5)


def test_a_seat_holding_the_led_suit_must_follow(position: Position) -> None:
    """ "Players must follow suit if they can": the same trick, but seat 2 now holds a spade (one
    of seat 1's, swapped for one of its diamonds), so its 3C answer is an impossible history."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    hands = [list(h) for h in state.hands]
    spade, diamond = parse_cards("6S 3D")
    hands[1].remove(spade)
    hands[2].remove(diamond)
    hands[1].append(diamond)
    hands[2].append(spade)
    forged = attrs.evolve(state, hands=tuple(tuple(sorted(h)) for h in hands))
    with pytest.raises(StateError, match="impossible history: seat 2 played 3C"):
        ep.validate(forged)


@pytest.mark.parametrize("wrong", [0, 1, 2])
def test_a_completed_trick_names_its_real_winner(position: Position, wrong: int) -> None:
    """ "The winner leads next" and the trick is won by the highest card of the led suit: in
    1:3S 3C 5S 4S seat 3's 5S wins (for the defenders: no points to the attackers). A completed
    trick recorded as won by any other seat (that seat leading next, and the attackers' points
    following the recorded winner, so only the winner is wrong) is refused as a wrong winner."""
    state = one_trick(position, "1:3S.3C.5S.4S", points=0, leader=3)
    (trick,) = state.table.tricks
    assert trick.winner == 3
    recorded = attrs.evolve(trick, winner=wrong)
    points = 5 if wrong % 2 == 0 else 0
    table = attrs.evolve(state.table, leader=wrong, tricks=(recorded,), points=points)
    forged = attrs.evolve(state, to_act=wrong, table=table)
    with pytest.raises(StateError, match="trick 1 must have four plays and the right winner"):
        ep.validate(forged)


def test_the_winner_of_the_last_trick_leads_the_current_one(position: Position) -> None:
    """ "The winner leads next", for the latest completed trick too: seat 0 won the first trick,
    so a position where seat 1 leads the second (and is to act) is refused."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    forged = attrs.evolve(state, to_act=1, table=attrs.evolve(state.table, leader=1))
    with pytest.raises(StateError, match="the winner of trick 1 \\(seat 0\\) leads the next"):
        ep.validate(forged)


def test_an_answer_of_two_cards_to_a_single_is_named(position: Position) -> None:
    """ "Play as many cards as were led": in 1:3S 3C 4S 5S, seat 2's answer recorded as 3C and a
    diamond of its hand (two cards to a single) is refused as such."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    (trick,) = state.table.tricks
    hands = list(state.hands)
    diamond = parse_cards("3D")[0]
    hands[2] = tuple(c for i, c in enumerate(hands[2]) if i != hands[2].index(diamond))
    plays = (trick.plays[0], (*trick.plays[1], diamond), *trick.plays[2:])
    forged = attrs.evolve(
        state, hands=tuple(hands), table=attrs.evolve(state.table, tricks=(attrs.evolve(trick, plays=plays),))
    )
    with pytest.raises(StateError, match="seat 2 answered 1 cards with 2"):
        ep.validate(forged)


def test_a_wrong_winner_is_named_with_its_tricks_number(position: Position) -> None:
    """Two tricks: seat 1 leads 3S and seat 0's 5S wins (5 points to the attackers, seats 0 and
    2); seat 0 leads 6S, seat 1 plays 7S, seat 2 (void) 3D and seat 3's 8S wins. Recording the
    second trick as won by seat 1 is refused as a wrong winner of trick 2."""
    spades = "3S 4S 5S 6S 7S 8S " + " ".join(f"{r}S {r}S" for r in "9TJQKA")
    state = position(
        ["", spades],
        tricks=("1:3S.3C.4S.5S", "0:6S.7S.3D.8S"),
        trick="3:-",
        void={0: {SPADES}, 2: {SPADES}, 3: {SPADES}},
        starter=1,
        points=5,
        to_act=3,
    )
    first, second = state.table.tricks
    assert (first.winner, second.winner) == (0, 3)
    tricks = (first, attrs.evolve(second, winner=1))
    forged = attrs.evolve(state, table=attrs.evolve(state.table, tricks=tricks))
    with pytest.raises(StateError, match="trick 2 must have four plays and the right winner"):
        ep.validate(forged)


def test_a_seat_before_the_starter_does_not_lead_the_first_trick(position: Position) -> None:
    """ "The starting player leads the first trick": seat 3 starts, so seat 0 (or any other) to
    lead the first trick is refused."""
    state = position([], starter=3, trick="3:-", to_act=3)
    for seat in (0, 1, 2):
        forged = attrs.evolve(state, to_act=seat, table=attrs.evolve(state.table, leader=seat))
        with pytest.raises(StateError, match="the starter \\(seat 3\\) leads the round's first trick"):
            ep.validate(forged)


@pytest.mark.parametrize("points", [0, 10])
def test_the_attackers_points_are_those_of_their_tricks(position: Position, points: int) -> None:
    """ "Only the attackers' tricks count": seat 0 (an attacker: seat 1 started) won the 5S, so the
    attackers hold 5 points, not 0 or 10."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    forged = attrs.evolve(state, table=attrs.evolve(state.table, points=points))
    with pytest.raises(StateError, match="the attackers' points must be the points of the tricks they won"):
        ep.validate(forged)


def test_a_completed_trick_of_no_plays_is_refused(position: Position) -> None:
    """A trick is four plays: a completed trick recorded with none (its four cards back in the
    hands that played them, so that all 108 cards are there) is refused as a lead of no cards."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    (trick,) = state.table.tricks
    hands = [list(h) for h in state.hands]
    for i, cards in enumerate(trick.plays):
        hands[(1 + i) % 4].extend(cards)
    emptied = attrs.evolve(trick, plays=())
    forged = attrs.evolve(
        state,
        hands=tuple(tuple(sorted(h)) for h in hands),
        table=attrs.evolve(state.table, tricks=(emptied,)),
    )
    with pytest.raises(StateError, match="seat 1 led no cards"):
        ep.validate(forged)


def test_a_position_at_royal_ace_reads_its_tricks_winners(position: Position) -> None:
    """The text does not write a trick's winner: ``from_text`` works it out by the round's order,
    at royal A (14) too. With royal A and hearts trumps spades run K down to 2, so in
    1:3S 3C 4S 5S seat 0's 5S wins and leads next (5 points to the attackers)."""
    state = position(
        ["", OTHER_SPADES],
        tricks=("1:3S.3C.4S.5S",),
        trick="0:-",
        void={0: {SPADES}, 2: {SPADES}, 3: {SPADES}},
        starter=1,
        points=5,
        to_act=0,
        royal=14,
    )
    assert state.table.royal == 14
    assert state.table.tricks[0].winner == 0


def test_the_play_phase_has_a_bottom_of_8(position: Position) -> None:
    """ "those 8 are the bottom": in the trick phase a position with a bottom of 7 (its eighth
    card in seat 0's hand) is refused for its bottom."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    *bottom, moved = state.table.bottom
    hands = list(state.hands)
    hands[0] = tuple(sorted((*hands[0], moved)))
    forged = attrs.evolve(state, hands=tuple(hands), table=attrs.evolve(state.table, bottom=tuple(bottom)))
    with pytest.raises(StateError, match="a bottom of 8 and cards left to play"):
        ep.validate(forged)


def test_a_trick_of_four_plays_is_no_trick_in_progress(position: Position) -> None:
    """ "A trick is four cards ... one from each player": once the fourth play is made the trick
    is complete, so a trick in progress holding four plays (seat 3's 5S added to 0:AS 3S 4S) is
    refused."""
    state = position(["", "", "", "5S"], trick="0:AS.3S.4S", to_act=3)
    five = parse_cards("5S")[0]
    hands = list(state.hands)
    hands[3] = tuple(c for i, c in enumerate(hands[3]) if i != hands[3].index(five))
    forged = attrs.evolve(state, hands=tuple(hands), trick=(*state.trick, (five,)), to_act=0)
    with pytest.raises(StateError, match="a bottom of 8 and cards left to play"):
        ep.validate(forged)


def test_a_lead_of_two_different_cards_is_named(position: Position) -> None:
    """ "No other multi-card leads": a trick in progress led with AS KS (no double) is refused,
    naming the lead."""
    state = position(["KS"], trick="0:AS", to_act=1)
    hands = list(state.hands)
    king = parse_cards("KS")[0]
    hands[0] = tuple(c for i, c in enumerate(hands[0]) if i != hands[0].index(king))
    forged = attrs.evolve(state, hands=tuple(hands), trick=((state.trick[0][0], king),))
    with pytest.raises(StateError, match="seat 0 led AS KS: a lead is a single, a double or sisters"):
        ep.validate(forged)


def test_a_tricks_points_are_its_fives_tens_and_kings(position: Position) -> None:
    """ "Points: 5s are 5, 10s and kings 10": 1:3S 3C 4S 5S holds 5 points, so the trick recorded
    with 15 (and the attackers' points to match) is refused."""
    state = one_trick(position, "1:3S.3C.4S.5S", points=5, leader=0)
    (trick,) = state.table.tricks
    table = attrs.evolve(state.table, tricks=(attrs.evolve(trick, points=15),), points=15)
    with pytest.raises(StateError, match="a trick's points are its 5s, 10s and kings"):
        ep.validate(attrs.evolve(state, table=table))


@pytest.mark.parametrize("answer", ["3C 9C", "9C 3C"])
def test_a_double_answered_with_two_odd_cards_is_refused_in_either_order(
    position: Position, answer: str
) -> None:
    """ "If a double is played, everyone must respond with doubles (if possible)": seat 0 leads
    5C 5C and seat 1, holding JC JC, answers with two different clubs. The history is impossible
    however the answer is written (high card first or low card first); answering QC QC (and
    keeping JC JC) passes."""
    ep.validate(position(["", "JC JC"], trick="0:5C 5C.QC QC", to_act=2))
    refused = f"seat 1 played {answer}: must answer the double with a double of clubs"
    with pytest.raises(StateError, match=refused):
        position(["", "JC JC"], trick=f"0:5C 5C.{answer}", to_act=2)
