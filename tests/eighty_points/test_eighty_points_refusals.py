"""80 Points refusals, each named for what it is: a play of no cards, an answer of the wrong size,
a trick led with no cards, and views whose tricks no table of four can show; and ``sample_state``
dealing again (not refusing) when a random deal contradicts another seat's answer.

Royal 2, hearts trumps: clubs and spades run A down to 3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import dumps
from cardrules import eighty_points as ep
from cardrules.cards import parse_card, parse_cards
from cardrules.eighty_points.tricks import doubles_in, follow_reason
from cardrules.errors import ConfigError, IllegalMoveError, StateError

CLUBS, SPADES = 0, 3
Position = Callable[..., ep.State]  # the ``position`` fixture (conftest.py)
R2H = ep.order_table(2, 2)


@pytest.fixture
def one_trick_won(position: Position) -> ep.State:
    """Seat 0 starts; the first trick 0:AS 3S 4S 5S is complete (seat 0's ace wins it, the 5 points
    go to the defenders) and seat 0 is to lead the second."""
    return position([], tricks=("0:AS.3S.4S.5S",), trick="0:-", to_act=0)


@pytest.mark.parametrize("trick", ["0:-", "0:AS"])
def test_a_play_of_no_cards_is_refused_as_such(position: Position, trick: str) -> None:
    """A play is one, two or four cards: ``Play(())`` is no play of cards, as a lead or as an
    answer."""
    state = position([], trick=trick, to_act=0 if trick == "0:-" else 1)
    with pytest.raises(IllegalMoveError, match="is not a play of cards"):
        ep.apply(state, ep.Play(()))


@pytest.mark.parametrize("cards", [(12,), ("AS",), (parse_card("AS"), 12), [parse_card("AS")]])
def test_a_play_forged_around_its_converter_is_refused_and_changes_nothing(
    position: Position, cards: object
) -> None:
    """A ``Play`` whose cards were set around its converter (a plain int 12 standing for the ace
    of clubs' code, text, or a list) is no play of cards, one card or two, even where the seat
    holds the card it names; the state is left as it was."""
    state = position(["AS AS KS"], to_act=0)
    play = ep.Play("AS")
    object.__setattr__(play, "cards", cards)
    before = dumps(state)
    with pytest.raises(IllegalMoveError, match="is not a play of cards"):
        ep.apply(state, play)
    assert not ep.is_legal(state, play)
    assert dumps(state) == before


@pytest.mark.parametrize(
    ("led", "play", "reason"),
    [
        ("AS", "3S 4S", "must play 1 card"),
        ("AS AS", "3S", "must play 2 cards"),
        ("AS AS KS KS", "3S 4S", "must play 4 cards"),
        ("AS AS KS KS", "3S 4S 5S 6S 7S", "must play 4 cards"),
    ],
)
def test_an_answer_has_as_many_cards_as_the_lead(led: str, play: str, reason: str) -> None:
    """ "Play as many cards as were led": fewer or more cards are refused, with the number led."""
    hand = parse_cards("3S 4S 5S 6S 7S")
    assert follow_reason(hand, parse_cards(play), parse_cards(led), R2H) == reason


def test_a_trick_led_with_no_cards_is_refused(position: Position) -> None:
    """A lead is at least one card: a trick in progress whose lead is empty (and whose second play
    is not) is refused as a lead of no cards."""
    state = position([], trick="0:AS.3S", to_act=2)
    hands = list(state.hands)
    hands[0] = tuple(sorted((*hands[0], parse_card("AS"))))
    forged = attrs.evolve(state, hands=tuple(hands), trick=((), (parse_card("3S"),)))
    with pytest.raises(StateError, match="seat 0 led no cards"):
        ep.validate(forged)


def test_a_view_whose_trick_has_five_plays_is_refused(one_trick_won: ep.State) -> None:
    """A trick of four seats has four plays: a view showing a completed trick of five cannot be
    sampled."""
    view = ep.view(one_trick_won, 0)
    (trick,) = view.tricks
    five = attrs.evolve(trick, plays=(*trick.plays, (parse_card("6S"),)))
    with pytest.raises(StateError, match="has 5 plays, which a trick of four seats cannot have"):
        ep.sample_state(attrs.evolve(view, tricks=(five,)), 0)


def test_a_view_whose_trick_was_won_by_no_seat_is_refused(one_trick_won: ep.State) -> None:
    """Seats are 0 to 3: a completed trick won by "seat 4" cannot be sampled."""
    view = ep.view(one_trick_won, 0)
    (trick,) = view.tricks
    forged = attrs.evolve(view, tricks=(attrs.evolve(trick, winner=4),))
    with pytest.raises(StateError, match="trick 1's winner must be a seat from 0 to 3"):
        ep.sample_state(forged, 0)


def test_a_view_showing_a_third_copy_of_a_card_is_refused(one_trick_won: ep.State) -> None:
    """The deck holds every card twice: a view whose hand shows both aces of spades while the first
    trick shows a third cannot be sampled."""
    view = ep.view(one_trick_won, 0)
    ace = parse_card("AS")
    forged = attrs.evolve(view, hand=tuple(sorted((*view.hand, ace, ace))))
    with pytest.raises(StateError, match="the view shows more copies of a card than the deck holds"):
        ep.sample_state(forged, 0)


def test_sampling_deals_again_when_another_seat_could_not_have_answered_so(position: Position) -> None:
    """ "A double if a double was led and you hold one": seat 1 answered seat 0's 3C 3C with 4C 5C,
    so it held no club double. Seat 0 holds no other club and its view does not show seat 1 void
    in clubs, so a random deal of the hidden cards may give seat 1 a club double; ``sample_state``
    deals again rather than refusing the view, and each state it returns shows the view and gives
    seat 1 no club double."""
    state = position([], trick="0:3C 3C.4C 5C", void={0: {CLUBS}, 1: {CLUBS}}, to_act=2)
    view = ep.view(state, 0)
    for seed in range(5):
        sampled = ep.sample_state(view, seed)
        assert ep.view(sampled, 0) == view
        assert not [c for c in doubles_in(sampled.hands[1]) if R2H[c][0] == CLUBS]


@pytest.mark.parametrize("rounds", [True, 2.0, "3", 0, -2])
def test_rounds_is_none_or_a_whole_number_of_at_least_one(rounds: object) -> None:
    """ "(option: ``rounds`` = N plays exactly N rounds ...)": N is a count of rounds, an int of at
    least 1 (not a bool, a float or text)."""
    with pytest.raises(ConfigError, match="rounds must be None or an int of at least 1"):
        ep.Config(rounds=rounds)  # type: ignore[arg-type]
    assert ep.Config(rounds=1).round_limit == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player": 4}, "a view's player must be a seat from 0 to 3"),
        ({"to_act": 4}, "a view's to_act must be a seat from 0 to 3 or None"),
        ({"starter": 4}, "a view's starter must be a seat from 0 to 3"),
        ({"leader": 4}, "a view's leader must be a seat from 0 to 3"),
        ({"royal": 15}, "a view's royal number must be an int from 2 to 14"),
        ({"royal": 1}, "a view's royal number must be an int from 2 to 14"),
        ({"trump": 4}, "a view's trump suit must be an int from 0 to 3"),
        ({"trump": -1}, "a view's trump suit must be an int from 0 to 3"),
        ({"hand_sizes": (24, 25, 25)}, "a view's hand_sizes must have one entry a seat"),
    ],
)
def test_a_view_with_a_field_out_of_range_is_refused(
    one_trick_won: ep.State, change: dict[str, Any], message: str
) -> None:
    """Four seats (0-3), royal numbers 2 to A (14), trump suits 0-3 (clubs..spades) or none, one
    hand size a seat: a view with any field outside these cannot be sampled, and the refusal names
    the field."""
    view = ep.view(one_trick_won, 0)
    ep.sample_state(view, 0)
    with pytest.raises(StateError, match=message):
        ep.sample_state(attrs.evolve(view, **change), 0)


def test_the_tricks_of_a_view_are_shaped_as_four_seats_play_them(one_trick_won: ep.State) -> None:
    """A completed trick is led by a seat (0-3) and has four plays, each as many cards as the lead
    (at least one); the trick in progress has fewer than four plays."""
    view = ep.view(one_trick_won, 0)
    (trick,) = view.tricks
    ace, three, four = parse_cards("AS 3S 4S")
    forged = {
        "trick 1's leader must be a seat from 0 to 3": {"tricks": (attrs.evolve(trick, leader=4),)},
        "trick 1: every play has as many cards as the lead": {
            "tricks": (attrs.evolve(trick, plays=(*trick.plays[:3], (three, four))),)
        },
        "trick in progress has 4 plays": {"trick": ((ace,), (three,), (four,), (four,))},
        "trick in progress: every play has as many cards as the lead": {"trick": ((ace,), ())},
    }
    for message, change in forged.items():
        with pytest.raises(StateError, match=message):
            ep.sample_state(attrs.evolve(view, **change), 0)  # type: ignore[arg-type]


def test_a_seat_that_followed_suit_may_still_hold_it(position: Position) -> None:
    """Only a seat that answered with fewer cards of the led suit than were led has shown it lacks
    the suit: seat 1 followed seat 0's 3S with 4S, so a state sampled for seat 0 (which holds no
    spade: 22 spades are hidden) may deal seat 1 more spades, and seeds 0-2 do."""
    state = position([], trick="0:3S.4S", void={0: {SPADES}}, to_act=2)
    view = ep.view(state, 0)
    for seed in range(3):
        assert any(R2H[c][0] == SPADES for c in ep.sample_state(view, seed).hands[1])


def test_a_double_of_a_card_held_once_is_refused(position: Position) -> None:
    """A play is of cards the seat holds: seat 0, to lead and holding one 7C (the other is in seat
    1's hand), may not lead the double 7C 7C, and is told which card it lacks."""
    state = position(["7C", "7C"], trick="0:-", to_act=0)
    assert state.hands[0].count(parse_card("7C")) == 1
    double = ep.Play(parse_cards("7C 7C"))
    assert not ep.is_legal(state, double)
    with pytest.raises(IllegalMoveError, match="seat 0 does not hold 7C"):
        ep.apply(state, double)


def test_a_card_of_the_led_suit_not_held_is_refused(position: Position) -> None:
    """A play is of cards the seat holds, also when it would follow suit: seat 1 holds no spade,
    so answering seat 0's AS with 5S is refused, naming the card it lacks, while any card it holds
    is a legal answer."""
    state = position([], trick="0:AS", void={1: {SPADES}}, to_act=1)
    spade = ep.Play(parse_cards("5S"))
    assert parse_card("5S") not in state.hands[1] and not ep.is_legal(state, spade)
    with pytest.raises(IllegalMoveError, match="seat 1 does not hold 5S"):
        ep.apply(state, spade)
    assert all(ep.is_legal(state, ep.Play((c,))) for c in state.hands[1])
