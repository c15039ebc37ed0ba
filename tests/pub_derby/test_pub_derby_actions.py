"""Pub Derby's action numbers and notation: action k plays the card with code k (2C 0 .. AC 12, 2D
13 .. AS 51), as the Pub Derby page's "Action encoding" says; values are worked out by hand."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError, MoveParseError, clubs, pub_derby
from cardrules.cards import parse_card as c


def test_there_are_52_actions_in_every_format() -> None:
    for config in (
        pub_derby.Config(format="classic"),
        pub_derby.Config(format="pub"),
        pub_derby.Config(format="big_squad"),
    ):
        assert pub_derby.action_count(config) == 52
    assert pub_derby.action_count() == 52


def test_the_kickoff_and_the_follow_are_numbered_by_card_code() -> None:
    state = pub_derby.new_game(3)  # seat 0 holds 2C, the kick-off card of a classic match
    assert pub_derby.legal_actions(state) == (0,)
    assert pub_derby.decode_move(state, 0) == pub_derby.Play(c("2C"))
    state = pub_derby.apply(state, pub_derby.Play(c("2C")))
    assert pub_derby.legal_actions(state) == (1, 10)  # seat 1 follows clubs: 3C, QC
    with pytest.raises(IllegalMoveError, match=r"Pub Derby action 15 .* legal actions: 1, 10"):
        pub_derby.decode_move(state, 15)  # 4D: seat 1 holds clubs


def test_a_move_of_another_game_has_no_pub_derby_number() -> None:
    with pytest.raises(
        IllegalMoveError, match=r"is not a Pub Derby move \(a Pub Derby move is Play\(card\)\)"
    ):
        pub_derby.encode_move(clubs.Play(c("QS")))  # type: ignore[arg-type]
    assert pub_derby.encode_move(pub_derby.Play(c("QS"))) == 49


def test_notation_is_the_card() -> None:
    state = pub_derby.new_game(3)
    assert pub_derby.format_move(pub_derby.Play(c("2C"))) == "2C"
    assert pub_derby.parse_move(state, "2c") == pub_derby.Play(c("2C"))
    with pytest.raises(MoveParseError):
        pub_derby.parse_move(state, "SJ")
    with pytest.raises(IllegalMoveError, match="cannot play 7C: seat 0 must kick off the half with 2C"):
        pub_derby.parse_move(state, "7C")
