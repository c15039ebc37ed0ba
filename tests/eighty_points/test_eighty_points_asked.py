"""``validate`` before the bottom is taken: who may be asked for a redeal or a no-trump declaration,
and the bounds on redeals. Each forgery changes one field (``attrs.evolve``) of a real opening
position, which passes; each test names the check it expects.

Seed 3 opens in the redeal phase: seat 3 starts, seat 2 (20 points) is asked, seat 0 holds 55
points. Seed 4 opens in the declare phase: seat 1 starts, seat 2 (holding both small jokers) is
asked.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import RandomBot, play
from cardrules import eighty_points as ep
from cardrules.cards import parse_card
from cardrules.eighty_points.tricks import points
from cardrules.errors import StateError

JOKERS = (parse_card("SJ"), parse_card("BJ"))


def redeal_opening() -> ep.State:
    state = ep.new_game(3)
    assert (state.table.phase, state.table.starter, state.to_act) == ("redeal", 3, 2)
    assert (points(state.hands[2]), points(state.hands[0])) == (20, 55)
    return state


def declare_opening() -> ep.State:
    state = ep.new_game(4)
    assert (state.table.phase, state.table.starter, state.to_act) == ("declare", 1, 2)
    assert state.hands[2].count(parse_card("SJ")) == 2
    return state


def with_card_passed(state: ep.State, giver: int, taker: int) -> ep.State:
    """``state`` with ``giver``'s highest card moved to ``taker``'s hand (the 108 cards all kept)."""
    hands = [list(h) for h in state.hands]
    hands[taker].append(hands[giver].pop())
    return attrs.evolve(state, hands=tuple(tuple(sorted(h)) for h in hands))


def test_only_a_seat_under_25_points_is_asked_for_a_redeal() -> None:
    """ "Each player whose hand holds fewer than 25 points (and only such a player) chooses to ask
    for a redeal or keep": seat 0, holding 55 points, cannot be the seat asked."""
    state = redeal_opening()
    ep.validate(state)
    with pytest.raises(StateError, match="only a player under 25 points is asked for a redeal"):
        ep.validate(attrs.evolve(state, to_act=0))


def test_only_a_seat_with_two_identical_jokers_is_asked_to_declare() -> None:
    """ "Each player holding two identical jokers (two big or two small) chooses to show them or
    not": a seat without such a pair cannot be the seat asked."""
    state = declare_opening()
    ep.validate(state)
    without = next(s for s in range(4) if not any(state.hands[s].count(j) == 2 for j in JOKERS))
    with pytest.raises(StateError, match="only a player with two identical jokers is asked to declare"):
        ep.validate(attrs.evolve(state, to_act=without))


def test_nobody_is_asked_once_the_redeals_are_used_up() -> None:
    """ "Once ``max_redeals`` redeals have been made in a round, nobody is asked": the redeal
    question with 3 redeals made (the default bound, 3) is refused."""
    state = redeal_opening()
    forged = attrs.evolve(state, table=attrs.evolve(state.table, redeals=3))
    with pytest.raises(StateError, match="nobody is asked once the redeals are used up"):
        ep.validate(forged)


def test_more_redeals_than_the_bound_are_refused() -> None:
    """ "At most ``max_redeals`` = 3 a round": a position recording 4 redeals in round 1 is out of
    the config's bounds."""
    state = redeal_opening()
    forged = attrs.evolve(state, table=attrs.evolve(state.table, redeals=4))
    with pytest.raises(StateError, match="round and redeals within the config's bounds"):
        ep.validate(forged)


@pytest.mark.parametrize("seat", [4, -1])
def test_the_seat_to_act_is_one_of_the_four(seat: int) -> None:
    """Four players, seats 0 to 3: any other seat to act is refused as such."""
    state = redeal_opening()
    with pytest.raises(StateError, match="the seat to act must be a seat from 0 to 3"):
        ep.validate(attrs.evolve(state, to_act=seat))


def test_no_points_before_the_first_trick() -> None:
    """ "Only the attackers' tricks count": before any trick is played (here the starter's
    discards, seed 0) the attackers have no points, and a position saying they have 5 is refused."""
    state = ep.new_game(0)
    assert (state.table.phase, state.table.points) == ("discard", 0)
    forged = attrs.evolve(state, table=attrs.evolve(state.table, points=5))
    with pytest.raises(StateError, match="the attackers' points must be the points of the tricks they won"):
        ep.validate(forged)


def test_nobody_is_asked_once_a_large_bound_of_redeals_is_used_up() -> None:
    """ "Once ``max_redeals`` redeals have been made in a round, nobody is asked", for a bound past
    the small numbers too: with ``max_redeals`` 257 and 256 redeals made, seed 44's seat 1 asks
    for one more; seat 3 is then dealt 20 points, but the 257th redeal was the last, so the round
    goes on to the no-trump question instead of asking seat 3."""
    state = ep.new_game(44, ep.Config(max_redeals=257))
    assert (state.table.phase, state.to_act) == ("redeal", 1)
    forged = attrs.evolve(state, table=attrs.evolve(state.table, redeals=256))
    ep.validate(forged)
    after = ep.apply(forged, ep.AskRedeal())
    assert (after.table.redeals, points(after.hands[3])) == (257, 20)
    assert after.table.phase == "declare"


@pytest.mark.parametrize("field", ["starter", "leader"])
def test_the_starter_and_the_leader_are_seats(field: str) -> None:
    """Four players, seats 0 to 3: a starter or a trick leader "seat 4" is refused as such, even
    before the first trick (seed 4 opens on the no-trump question)."""
    state = declare_opening()
    changes: dict[str, Any] = {field: 4}
    forged = attrs.evolve(state, table=attrs.evolve(state.table, **changes))
    with pytest.raises(StateError, match=f"the {field} must be a seat from 0 to 3"):
        ep.validate(forged)


def test_the_starter_discards() -> None:
    """ "Then the starting player takes the bottom 8 and discards any 8 cards": while discarding
    (seed 0: seat 0 starts) no other seat is to act."""
    state = ep.new_game(0)
    assert (state.table.phase, state.table.starter, state.to_act) == ("discard", 0, 0)
    for seat in (1, 2, 3):
        with pytest.raises(StateError, match="the starter holds 33 cards less its discards, and discards"):
            ep.validate(attrs.evolve(state, to_act=seat))


@pytest.mark.parametrize("royal", [3, 14])
def test_the_royal_number_is_the_defending_teams_level(royal: int) -> None:
    """ "the royal number (trump number) is the defending team's level": both teams are at 2 in the
    first round (seed 3, still on the redeal question), so any other royal number is refused."""
    state = redeal_opening()
    forged = attrs.evolve(state, table=attrs.evolve(state.table, royal=royal))
    with pytest.raises(StateError, match="the royal number is the defending team's level"):
        ep.validate(forged)


def test_the_no_trump_question_is_asked_once_the_redeals_are_used_up() -> None:
    """ "Once ``max_redeals`` redeals have been made in a round, nobody is asked. Then, in turn
    from the starting player, each player holding two identical jokers ... chooses": with no
    redeals allowed, seed 4 opens on the no-trump question, which is a valid position."""
    state = ep.new_game(4, ep.Config(max_redeals=0))
    assert (state.table.phase, state.table.redeals, state.to_act) == ("declare", 0, 2)
    ep.validate(state)


def test_the_hands_hold_25_cards_each_before_the_bottom_is_taken() -> None:
    """ "25 cards each and a bottom of 8": on the no-trump question (seed 4) a seat holding 26
    cards and another 24 is refused, although the 108 cards are all there."""
    forged = with_card_passed(declare_opening(), 0, 1)
    with pytest.raises(StateError, match="before the bottom is taken: 25 cards each and a bottom of 8"):
        ep.validate(forged)


def test_a_match_in_progress_has_a_seat_to_act_and_no_winner() -> None:
    """A match goes on until a team has won it: a position of the no-trump question with nobody to
    act, or with a winner, is refused."""
    state = declare_opening()
    nobody = attrs.evolve(state, to_act=None)
    match = attrs.evolve(state.table.match, winner=0)
    won = attrs.evolve(state, table=attrs.evolve(state.table, match=match))
    for forged in (nobody, won):
        with pytest.raises(StateError, match="a match in progress has a seat to act and no winner"):
            ep.validate(forged)


def test_a_finished_match_has_a_winner_and_nobody_to_act() -> None:
    """Once the match is over (a one-round match played out by random bots), nobody is to act and
    a team has won: a seat to act, or no winner, is refused."""
    config = ep.Config(rounds=1)
    state = ep.new_game(4, config)
    for move in play("eighty_points", [RandomBot()] * 4, 4, config).moves:
        state = ep.apply(state, move)
    assert state.table.phase == "over"
    ep.validate(state)
    someone = attrs.evolve(state, to_act=0)
    no_winner = attrs.evolve(
        state, table=attrs.evolve(state.table, match=attrs.evolve(state.table.match, winner=None))
    )
    for forged in (someone, no_winner):
        with pytest.raises(StateError, match="a finished match has a winner and nobody to act"):
            ep.validate(forged)


def test_the_discards_end_with_the_eighth() -> None:
    """ "discards any 8 cards, one move per card; those 8 are the bottom": once the starter (seat 0,
    seed 0) has discarded 8 cards the discard phase is over, so that position labelled as still
    discarding is refused."""
    state = ep.new_game(0)
    for _ in range(8):
        state = ep.apply(state, ep.legal_moves(state)[0])
    assert (state.table.phase, len(state.table.bottom), state.to_act) == ("play", 8, 0)
    forged = attrs.evolve(state, table=attrs.evolve(state.table, phase="discard"))
    with pytest.raises(StateError, match="the starter holds 33 cards less its discards, and discards"):
        ep.validate(forged)


def test_the_starter_holds_33_cards_less_its_discards() -> None:
    """ "the starting player takes the bottom 8 and discards": while seat 0 (seed 0) discards, the
    other seats hold 25 cards each; a position with one of them holding a card of the starter's is
    refused."""
    forged = with_card_passed(ep.new_game(0), 0, 2)
    with pytest.raises(StateError, match="the starter holds 33 cards less its discards, and discards"):
        ep.validate(forged)


def test_a_view_of_a_seat_asked_against_the_rules_is_refused_as_such() -> None:
    """ "(and only such a player)": a view in which seat 0 itself, holding 55 points, is asked
    for a redeal shows a position no deal of the hidden cards can mend, refused for what it is."""
    view = ep.view(attrs.evolve(redeal_opening(), to_act=0), 0)
    with pytest.raises(StateError, match="only a player under 25 points is asked for a redeal"):
        ep.sample_state(view, 0)


@pytest.mark.parametrize("player", [4, -1, True, "0"])
def test_a_view_is_of_one_of_the_four_seats(player: object) -> None:
    """Seats are the ints 0 to 3: a view for anything else is refused."""
    with pytest.raises(StateError, match="player must be a seat from 0 to 3"):
        ep.view(redeal_opening(), player)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("opening", "field", "value", "refusal"),
    [
        ("declare", 15, "0", "only a player with two identical jokers is asked to declare"),
        ("redeal", 15, "0", "only a player under 25 points is asked for a redeal"),
        ("redeal", 9, "3", "nobody is asked once the redeals are used up"),
    ],
)
def test_the_same_forgeries_read_from_a_line_are_refused(
    opening: str, field: int, value: str, refusal: str
) -> None:
    """The three questions above, on positions written as a line of text (``from_text``), whose
    phase is text read from the line: seat 0 holds neither two small nor two big jokers in the
    declare opening of seed 4 (seat 2 holds the small ones), and 55 points in the redeal opening
    of seed 3; and 3 redeals made use up the default bound of 3."""
    state = declare_opening() if opening == "declare" else redeal_opening()
    fields = ep.to_text(state).split(" ")
    assert fields[5] == opening
    ep.from_text(" ".join(fields))
    fields[field] = value
    with pytest.raises(StateError, match=refusal):
        ep.from_text(" ".join(fields))
