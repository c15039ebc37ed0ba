"""The action numbers each game documents (docs/rules/<game>.md, "Action encoding"), by example.

Every expected number is computed by hand from the documented layout; the contract suite checks
the round trips and legality on random games.
"""

from __future__ import annotations

from math import comb

import pytest

from cardrules import IllegalMoveError, clubs, eighty_points, manager, pub_derby, rugby_league
from cardrules._shared.actions import combination_index, combination_of


def test_combinatorial_number_system() -> None:
    assert [combination_index(c) for c in [(0, 1), (0, 2), (1, 2), (0, 3)]] == [0, 1, 2, 3]
    assert combination_index((1, 3, 4)) == comb(1, 1) + comb(3, 2) + comb(4, 3) == 8
    for size in (1, 2, 4):
        total = comb(54, size)
        for index in (0, 1, total // 3, total - 1):
            items = combination_of(index, size)
            assert list(items) == sorted(set(items)) and len(items) == size and items[-1] < 54
            assert combination_index(items) == index


@pytest.mark.parametrize("game", [clubs, pub_derby])
def test_a_card_play_is_its_card_code(game: object) -> None:
    encode = game.encode_move  # type: ignore[attr-defined]
    play = game.Play  # type: ignore[attr-defined]
    assert game.action_count() == 52  # type: ignore[attr-defined]
    assert [encode(play(c)) for c in ("2C", "AC", "2D", "AD", "2H", "AH", "2S", "AS")] == [
        0,
        12,
        13,
        25,
        26,
        38,
        39,
        51,
    ]


def test_rugby_league_actions() -> None:
    moves: list[rugby_league.Move] = [
        rugby_league.Choose(0),
        rugby_league.Choose(5),
        rugby_league.AttemptDropGoal(),
        rugby_league.KickForTouch(),
        rugby_league.KickForGoal(),
        rugby_league.TapAndRun(),
    ]
    assert [rugby_league.encode_move(m) for m in moves] == [0, 5, 6, 7, 8, 9]
    assert rugby_league.action_count(rugby_league.Config(open_hands=True)) == 10
    with pytest.raises(IllegalMoveError):
        rugby_league.encode_move(rugby_league.Choose(6))


def test_manager_actions() -> None:
    # 2C is card 0, 3D card 14, AS card 51: Exchange(team, pool) is 52 * team + pool.
    assert manager.encode_move(manager.Exchange("2C", "3D")) == 14
    assert manager.encode_move(manager.Exchange("3D", "2C")) == 52 * 14
    assert manager.encode_move(manager.Exchange("AS", "KS")) == 52 * 51 + 50
    assert manager.encode_move(manager.Pass()) == 2704 == manager.action_count() - 1


def test_eighty_points_actions() -> None:
    e = eighty_points
    assert e.action_count() == 393_691
    simple: list[e.Move] = [e.AskRedeal(), e.KeepHand(), e.DeclareNoTrump(), e.NoDeclare()]
    assert [e.encode_move(m) for m in simple] == [0, 1, 2, 3]
    assert e.encode_move(e.Discard("2C")) == 4
    assert e.encode_move(e.Discard("BJ")) == 4 + 53
    assert e.encode_move(e.Play("2C")) == 58
    assert e.encode_move(e.Play("2C 2C")) == 112
    # Two faces {a < b}: 166 + C(a, 1) + C(b, 2); 3C 4C are faces 1, 2.
    assert e.encode_move(e.Play("2C 3C")) == 166
    assert e.encode_move(e.Play("3C 4C")) == 166 + 1 + 1
    assert e.encode_move(e.Play("2C 3C 4C 5C")) == 1597
    # A double and two others: 317,848 + 1,378 p + rank of the others with faces above p moved down.
    assert e.encode_move(e.Play("2C 2C 3C 4C")) == 317_848
    assert e.encode_move(e.Play("3C 3C 2C 4C")) == 317_848 + 1378 * 1 + combination_index((0, 1))
    assert e.encode_move(e.Play("2C 2C 3C 3C")) == 392_260
    # The last action: doubles of both jokers (faces 52, 53).
    assert e.encode_move(e.Play("SJ SJ BJ BJ")) == 392_260 + 52 + comb(53, 2) == 393_690
    with pytest.raises(IllegalMoveError, match="at most twice"):
        e.encode_move(e.Play("2C 2C 2C"))
