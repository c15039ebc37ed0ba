"""``validate`` refuses 80 Points histories the rules cannot produce.

Each test plays real moves to a position in the play phase, then forges one thing with
``attrs.evolve``; the unforged position passes.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import RandomBot, play
from cardrules import eighty_points as ep
from cardrules.cards import parse_cards
from cardrules.errors import StateError

CONFIG = ep.Config(rounds=1)


def in_play(tricks: int, seed: int = 4) -> ep.State:
    """The position after ``tricks`` completed tricks (and before the next lead) of a random game."""
    transcript = play("eighty_points", [RandomBot()] * 4, seed, CONFIG)
    state = ep.new_game(seed, CONFIG)
    for move in transcript.moves:
        if state.table.phase == "play" and len(state.table.tricks) == tricks and not state.trick:
            ep.validate(state)
            return state
        state = ep.apply(state, move)
    raise AssertionError("the game ended first")


def with_trick(state: ep.State, n: int, **changes: Any) -> ep.State:
    tricks = list(state.table.tricks)
    tricks[n] = attrs.evolve(tricks[n], **changes)
    return attrs.evolve(state, table=attrs.evolve(state.table, tricks=tuple(tricks)))


def test_a_lead_of_two_different_cards_is_refused() -> None:
    """ "Leads: a single card, a double (two identical cards), or sisters": a completed trick led
    by two different cards is refused (it used to pass and then fail on an ``assert``)."""
    state = in_play(2)
    trick = state.table.tricks[0]
    a = trick.plays[0][0]
    hands = list(state.hands)
    b = next(c for c in hands[trick.leader] if c != a)
    hands[trick.leader] = tuple(
        c for i, c in enumerate(hands[trick.leader]) if i != hands[trick.leader].index(b)
    )
    forged = with_trick(attrs.evolve(state, hands=tuple(hands)), 0, plays=((a, b), *trick.plays[1:]))
    with pytest.raises(StateError, match="a lead is a single, a double or sisters"):
        ep.validate(forged)


def test_a_play_of_no_cards_in_the_trick_in_progress_is_refused() -> None:
    """A play is at least one card: an empty play in the current trick is refused (``legal_moves``
    and ``view`` used to raise ``IndexError`` on it)."""
    state = in_play(1)
    seat = state.to_act
    assert seat is not None
    forged = attrs.evolve(state, trick=((),), to_act=(seat + 1) % 4)
    with pytest.raises(StateError):
        ep.validate(forged)


def test_an_answer_of_the_wrong_size_is_refused() -> None:
    """ "Play as many cards as were led"."""
    state = in_play(2)
    trick = state.table.tricks[1]
    plays = list(trick.plays)
    plays[1] = plays[1] + plays[2]
    plays[2] = ()
    with pytest.raises(StateError):
        ep.validate(with_trick(state, 1, plays=tuple(plays)))


def test_failing_to_follow_a_suit_still_held_is_refused() -> None:
    """ "Players must follow suit if they can": a seat whose recorded answer is of another suit
    while its hand (then) held the led suit is an impossible history."""
    state = in_play(3)
    order = ep.order_table(state.table.royal, state.table.trump)
    for n, trick in enumerate(state.table.tricks):
        led = order[trick.plays[0][0]][0]
        for i in range(1, 4):
            seat = (trick.leader + i) % 4
            off = [c for c in state.hands[seat] if order[c][0] != led]
            if order[trick.plays[i][0]][0] == led and off:
                # Swap the answer with an off-suit card still in the hand: it held the led suit.
                hands = list(state.hands)
                hands[seat] = tuple(sorted([*[c for c in hands[seat] if c != off[0]], trick.plays[i][0]]))
                plays = list(trick.plays)
                plays[i] = (off[0],)
                forged = with_trick(attrs.evolve(state, hands=tuple(hands)), n, plays=tuple(plays))
                with pytest.raises(StateError, match="impossible history"):
                    ep.validate(forged)
                return
    pytest.fail("no answer to forge in this game")


def test_the_starter_leads_the_first_trick() -> None:
    """The starter takes the bottom and leads the round's first trick."""
    state = in_play(0)
    starter = state.table.starter
    forged = attrs.evolve(
        state, to_act=(starter + 1) % 4, table=attrs.evolve(state.table, leader=(starter + 1) % 4)
    )
    with pytest.raises(StateError, match="leads the round's first trick"):
        ep.validate(forged)


def test_each_trick_is_led_by_the_winner_of_the_one_before() -> None:
    state = in_play(3)
    trick = state.table.tricks[1]
    other = (trick.leader + 1) % 4
    rotated = trick.plays[-1:] + trick.plays[:-1]
    forged = with_trick(state, 1, leader=other, plays=rotated)
    with pytest.raises(StateError):
        ep.validate(forged)


def finished(seed: int) -> ep.State:
    """The end of a one-round match of random moves."""
    transcript = play("eighty_points", [RandomBot()] * 4, seed, CONFIG)
    state = ep.new_game(seed, CONFIG)
    for move in transcript.moves:
        state = ep.apply(state, move)
    assert state.table.phase == "over"
    ep.validate(state)
    return state


def test_a_finished_rounds_last_trick_of_three_plays_is_refused() -> None:
    """ "A trick is one mini-round of 4 cards (one from each player)": in a finished match, the
    last trick written with only three plays (the fourth seat's cards put back in its hand, so the
    108 cards are all still there, and the points those three plays hold) is refused, as a trick
    (the hand left holding cards would be refused too, but the tricks are checked first)."""
    state = finished(4)
    n = len(state.table.tricks) - 1
    last = state.table.tricks[n]
    fourth = (last.leader + 3) % 4
    assert last.winner != fourth  # the winner stays among the three plays kept
    hands = list(state.hands)
    hands[fourth] = tuple(sorted(hands[fourth] + last.plays[3]))
    kept = last.plays[:3]
    forged = with_trick(
        attrs.evolve(state, hands=tuple(hands)),
        n,
        plays=kept,
        points=sum(ep.card_points(c) for play in kept for c in play),
    )
    with pytest.raises(StateError, match=f"trick {n + 1} must have four plays"):
        ep.validate(forged)


def test_a_finished_match_with_a_bottom_card_in_a_hand_is_refused() -> None:
    """A match ends when a round's last trick is taken, every hand played out: a finished match
    whose bottom card sits in a seat's hand instead (the 108 cards all still there, the tricks
    untouched) is refused. Seed 4, no trump: seat 1 holding the bottom's JS, which no trick seat 1
    answered called for, so its history stays legal."""
    state = finished(4)
    assert not any(state.hands) and len(state.table.bottom) == 8
    card = state.table.bottom[0]
    assert str(card) == "JS"
    forged = attrs.evolve(
        state,
        hands=((), (card,), (), ()),
        table=attrs.evolve(state.table, bottom=state.table.bottom[1:]),
    )
    with pytest.raises(StateError, match="a finished match ends its last round"):
        ep.validate(forged)


def test_a_finished_match_with_a_trick_in_progress_is_refused() -> None:
    """A finished match has no trick in progress: the last trick's final play moved back to be
    a trick in progress is refused (whatever the cards), as is the match it leaves short of 25
    tricks' worth of cards."""
    state = finished(4)
    n = len(state.table.tricks) - 1
    last = state.table.tricks[n]
    kept = last.plays[:3]
    forged = attrs.evolve(
        with_trick(state, n, plays=kept, points=sum(ep.card_points(c) for play in kept for c in play)),
        trick=(last.plays[3],),
    )
    with pytest.raises(StateError):
        ep.validate(forged)
    short = attrs.evolve(
        state,
        hands=(tuple(sorted(c for play in last.plays for c in play)), (), (), ()),
        table=attrs.evolve(state.table, tricks=state.table.tricks[:n]),
    )
    with pytest.raises(StateError, match="a finished match ends its last round"):
        ep.validate(short)


def test_a_finished_rounds_last_trick_of_five_plays_is_refused() -> None:
    """ "A trick is one mini-round of 4 cards (one from each player)": in a finished match (seed 9:
    trump hearts, royal 2), the last trick, 6D led by seat 3 and answered AH, BJ, 4C, written
    with a fifth play, seat 3's again, of the bottom's TD (a diamond, so it follows the lead; the
    108 cards are all still there) is refused. BJ still wins it, for seat 1, as recorded."""
    state = finished(9)
    t = state.table
    n = len(t.tricks) - 1
    last = t.tricks[n]
    assert (last.leader, last.plays, last.winner) == (3, tuple((c,) for c in parse_cards("6D AH BJ 4C")), 1)
    ten = parse_cards("TD")[0]
    bottom = list(t.bottom)
    bottom.remove(ten)
    forged = with_trick(
        attrs.evolve(state, table=attrs.evolve(t, bottom=tuple(bottom))),
        n,
        plays=(*last.plays, (ten,)),
        points=10,
    )
    with pytest.raises(StateError, match=f"trick {n + 1} must have four plays"):
        ep.validate(forged)


def test_a_trick_credited_to_the_winners_partner_is_refused() -> None:
    """ "The trick is won by the highest trump ... or the highest card of the played suit" and "the
    winner leads next": seat 0 led KC KC to the second trick (seed 4) and won it; written as won by
    seat 2, its partner (so the attackers' points do not change), with seat 2 leading the third
    trick, the position is refused."""
    state = in_play(2)
    t = state.table
    last = t.tricks[1]
    assert (last.leader, last.plays[0], last.winner) == (0, parse_cards("KC KC"), 0)
    forged = attrs.evolve(with_trick(state, 1, winner=2), to_act=2)
    forged = attrs.evolve(forged, table=attrs.evolve(forged.table, leader=2))
    with pytest.raises(StateError, match="trick 2 must have four plays and the right winner"):
        ep.validate(forged)


def test_a_hand_out_of_order_is_refused() -> None:
    """``validate`` checks "the 108 cards once each, sorted hands": the same cards of a hand in
    descending order are refused."""
    state = in_play(1)
    hands = list(state.hands)
    hands[0] = tuple(reversed(hands[0]))
    with pytest.raises(StateError, match="hands are kept sorted"):
        ep.validate(attrs.evolve(state, hands=tuple(hands)))
