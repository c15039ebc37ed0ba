"""80 Points' action numbers, from the layout its actions module documents: 4 simple answers, 54
discards, then plays by shape: 54 singles from 58, 54 doubles from 112, two singles from 166 (C(54,2)
= 1,431), four singles from 1,597 (C(54,4) = 316,251), a pair and two singles from 317,848 (54
pairs of C(53,2) = 1,378, the singles numbered as if the pair's face were not there), two pairs
from 392,260, 393,691 in all. Sets use the combinatorial number system: sorted faces c1 < c2 < ...
number sum C(ci, i). The values below are worked out by hand from that."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardrules import eighty_points as e
from cardrules.cards import parse_cards

Position = Callable[..., e.State]  # the ``position`` fixture (conftest.py)


@pytest.mark.parametrize(
    ("cards", "action"),
    [
        ("2C", 58),  # face 0
        ("2C 2C", 112),
        ("2C 3C", 166),  # C(0,1) + C(1,2) = 0
        ("2C 3C 4C 5C", 1597),  # 0
        ("2C 3C 4C 6C", 1598),  # C(0,1) + C(1,2) + C(2,3) + C(4,4) = 1
        ("2C 2C 3C 4C", 317848),  # pair 0, singles 1, 2 -> 0, 1 -> 0
        ("7C 7C 3C 9C", 324754),  # pair 5: 317,848 + 5 * 1,378; singles 1, 7 -> 1, 6 -> 1 + 15
        ("2C 2C 3C 3C", 392260),
        ("4C 4C 7C 7C", 392272),  # pairs 2, 5 -> C(2,1) + C(5,2) = 12
    ],
)
def test_a_play_is_numbered_by_its_shape_and_faces(cards: str, action: int) -> None:
    assert e.encode_move(e.Play(tuple(parse_cards(cards)))) == action


def test_the_simple_answers_and_discards_come_first() -> None:
    assert [e.encode_move(m) for m in (e.AskRedeal(), e.KeepHand(), e.DeclareNoTrump(), e.NoDeclare())] == [
        0,
        1,
        2,
        3,
    ]
    assert e.encode_move(e.Discard(parse_cards("2C")[0])) == 4
    assert e.encode_move(e.Discard(parse_cards("BJ")[0])) == 57
    assert e.action_count() == 393691


def test_every_legal_move_decodes_from_its_number() -> None:
    """Over random rounds, each legal move's number decodes back to the same move, whatever its
    shape (the singles, doubles and pairs with singles that following produces among them)."""
    shapes = set()
    for seed in range(3):
        rnd = random.Random(seed)
        state = e.new_game(seed, e.Config(rounds=1))
        while state.to_act is not None:
            moves = e.legal_moves(state)
            for move in moves if len(moves) < 200 else rnd.sample(moves, 200):
                assert e.decode_move(state, e.encode_move(move)) == move
                if type(move) is e.Play:
                    shapes.add(len(move.cards))
            state = e.apply(state, rnd.choice(moves))
    assert {1, 2, 4} <= shapes


def test_a_four_card_answer_decodes_from_its_number(position: Position) -> None:
    """Seat 0 leads the sisters 3D 3D 4D 4D (royal 2, hearts trumps); seat 1, whose only diamonds
    are 9D JD KD AD (faces 20, 22, 24, 25), must play all four. Their number, worked out by hand:
    1,597 + C(20,1) + C(22,2) + C(24,3) + C(25,4) = 1,597 + 20 + 231 + 2,024 + 12,650 = 16,522."""
    state = position(["", "9D JD KD AD"], trick="0:3D 3D 4D 4D", void={1: {1}}, to_act=1)
    answer = e.Play(tuple(parse_cards("9D JD KD AD")))
    assert e.legal_moves(state) == (answer,)
    assert e.encode_move(answer) == 16522
    assert e.decode_move(state, 16522) == answer
