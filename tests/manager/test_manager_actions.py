"""Manager's action numbers and notation: ``Exchange(team_card, pool_card)`` is ``52 * team_card +
pool_card`` (card codes 2C 0 .. AS 51) and ``Pass`` is 2,704, 2,705 actions in all, as the Manager
page's "Action encoding" says; the values below are worked out by hand from that layout."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError, clubs, manager
from cardrules.cards import Suit
from cardrules.cards import parse_card as c


def test_there_are_2705_actions_whatever_the_config() -> None:
    assert manager.action_count() == 2705
    assert manager.action_count(manager.Config(stripped_suit=Suit.HEARTS, max_exchanges=2)) == 2705


def test_exchanges_and_the_pass_are_numbered_as_documented() -> None:
    assert manager.encode_move(manager.Exchange(c("2C"), c("2C"))) == 0
    assert manager.encode_move(manager.Exchange(c("QS"), c("3H"))) == 52 * 49 + 27
    assert manager.encode_move(manager.Exchange(c("AS"), c("AS"))) == 2703
    assert manager.encode_move(manager.Pass()) == 2704


def test_legal_actions_of_a_first_draft() -> None:
    """Seed 3: seat 1 holds 8C 5H 8H 9H 9S, the pool is 9C AC QH; every exchange of one of each,
    then the pass."""
    state = manager.new_game(3)
    team = [6, 29, 32, 33, 46]  # 8C 5H 8H 9H 9S
    pool = [7, 12, 36]  # 9C AC QH
    assert manager.legal_actions(state) == tuple(52 * t + p for t in team for p in pool) + (2704,)
    assert manager.decode_move(state, 1515) == manager.Exchange(c("5H"), c("9C"))
    assert manager.decode_move(state, 2704) == manager.Pass()
    with pytest.raises(IllegalMoveError, match=r"Manager action 0 .* legal actions: 319, 324, 348"):
        manager.decode_move(state, 0)
    with pytest.raises(IllegalMoveError, match="Manager actions are ints from 0 to 2704, got 2705"):
        manager.decode_move(state, 2705)


def test_a_move_of_another_game_has_no_manager_number() -> None:
    with pytest.raises(
        IllegalMoveError, match=r"is not a Manager move \(Exchange\(team_card, pool_card\) or Pass\(\)\)"
    ):
        manager.encode_move(clubs.Play(c("QS")))  # type: ignore[arg-type]


def test_notation() -> None:
    state = manager.new_game(3)
    assert manager.format_move(manager.Exchange(c("QS"), c("3H"))) == "QS-3H"
    assert manager.format_move(manager.Pass()) == "pass"
    assert manager.parse_move(state, "8c-qh") == manager.Exchange(c("8C"), c("QH"))
    assert manager.parse_move(state, "pass") == manager.Pass()
