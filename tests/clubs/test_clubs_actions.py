"""Clubs' action numbers and notation: action k plays the card with code k (2C 0 .. AC 12, 2D 13
.. AS 51), as the Clubs page's "Action encoding" says; values below are worked out by hand from
that layout."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError, MoveParseError, clubs, pub_derby
from cardrules.cards import parse_card as c


def test_there_are_52_actions_whatever_the_config() -> None:
    assert clubs.action_count() == 52
    assert clubs.action_count(clubs.Config(players=3, threshold=10)) == 52


@pytest.mark.parametrize(
    ("card", "action"), [("2C", 0), ("AC", 12), ("2D", 13), ("7C", 5), ("QS", 49), ("AS", 51)]
)
def test_a_play_is_numbered_by_its_cards_code(card: str, action: int) -> None:
    assert clubs.encode_move(clubs.Play(c(card))) == action


def test_legal_actions_are_the_legal_cards_codes_ascending() -> None:
    state = clubs.new_game(3)  # seat 0 leads, holding 2C 7C 9C TC 2D 3D 8D 4H AH 2S 3S TS QS
    assert clubs.legal_actions(state) == (0, 5, 7, 8, 13, 14, 19, 28, 38, 39, 40, 47, 49)
    assert clubs.decode_move(state, 49) == clubs.Play(c("QS"))


def test_decoding_an_illegal_action_names_the_legal_ones() -> None:
    state = clubs.new_game(3)
    with pytest.raises(IllegalMoveError, match=r"Clubs action 1 .* legal actions: 0, 5, 7, 8, 13"):
        clubs.decode_move(state, 1)  # 3C is seat 1's
    with pytest.raises(IllegalMoveError, match="Clubs actions are ints from 0 to 51, got 52"):
        clubs.decode_move(state, 52)


def test_a_move_of_another_game_has_no_clubs_number() -> None:
    with pytest.raises(IllegalMoveError, match=r"is not a Clubs move \(a Clubs move is Play\(card\)\)"):
        clubs.encode_move(pub_derby.Play(c("QS")))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="is not a Clubs move"):
        clubs.format_move(pub_derby.Play(c("QS")))  # type: ignore[arg-type]


def test_notation_is_the_card() -> None:
    state = clubs.new_game(3)
    assert clubs.format_move(clubs.Play(c("TS"))) == "TS"
    assert clubs.parse_move(state, "ts") == clubs.Play(c("TS"))
    with pytest.raises(MoveParseError):
        clubs.parse_move(state, "BJ")  # a joker: no Clubs card
    with pytest.raises(IllegalMoveError, match="cannot play 3C: seat 0 does not hold 3C"):
        clubs.parse_move(state, "3C")
