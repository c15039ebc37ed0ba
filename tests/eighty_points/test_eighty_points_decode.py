"""80 Points' action numbers decoded back to plays, in a position where every play of four cards
from one hand is legal, so that each block of the numbering can be read back.

The layout (``cardrules.eighty_points.actions``): faces are numbered 2C 0, 3C 1, ... AC 12, 2D 13,
...; four singles from 1,597, a double ``p`` with two singles from 317,848 + 1,378 p (the singles
numbered as if ``p`` were not there: faces above ``p`` move down one), two doubles from 392,260.
Sets use the combinatorial number system: sorted faces c1 < c2 < ... number sum C(ci, i). The
numbers below are worked out by hand from that.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardrules import eighty_points as ep
from cardrules.cards import parse_cards
from cardrules.errors import IllegalMoveError

SPADES = 3
Position = Callable[..., ep.State]  # the ``position`` fixture (conftest.py)


@pytest.fixture
def void_answer(position: Position) -> ep.State:
    """Seat 0 leads the spade sisters 3S 3S 4S 4S (royal 2, hearts trumps) and seat 1, void in
    spades, answers: "only when the suit is exhausted, any cards", so every four cards of its hand
    are a legal answer."""
    return position(
        ["", "2C 2C 3C 4C 5C 6C 7C 7C 8C 8C"], trick="0:3S 3S 4S 4S", void={1: {SPADES}}, to_act=1
    )


@pytest.mark.parametrize(
    ("action", "cards"),
    [
        (1597, "2C 3C 4C 5C"),  # faces 0 1 2 3: 0
        (1598, "2C 3C 4C 6C"),  # faces 0 1 2 4: C(4,4) = 1
        (1605, "3C 4C 5C 7C"),  # faces 1 2 3 5: C(1,1) + C(2,2) + C(3,3) + C(5,4) = 8
        (1616, "2C 3C 6C 8C"),  # faces 0 1 4 6: C(1,2) + C(4,3) + C(6,4) = 0 + 4 + 15 = 19
    ],
)
def test_four_singles_decode_from_their_number(void_answer: ep.State, action: int, cards: str) -> None:
    """Four different faces ``a < b < c < d`` are numbered 1,597 + C(a,1) + C(b,2) + C(c,3) +
    C(d,4); the number decodes back to those four cards."""
    move = ep.Play(parse_cards(cards))
    assert ep.decode_move(void_answer, action) == move
    assert ep.encode_move(move) == action


@pytest.mark.parametrize(
    ("action", "cards"),
    [
        (317848, "2C 2C 3C 4C"),  # pair 0; singles 1 2 -> 0 1: 0
        (317850, "2C 2C 4C 5C"),  # pair 0; singles 2 3 -> 1 2: C(1,1) + C(2,2) = 2
        (317849, "2C 2C 3C 5C"),  # pair 0; singles 1 3 -> 0 2: C(2,2) = 1
        (324743, "4C 5C 7C 7C"),  # pair 5: + 1,378 * 5 = 6,890; singles 2 3 stay: C(2,1) + C(3,2) = 5
        (324749, "3C 7C 7C 8C"),  # pair 5: + 6,890; singles 1 6 -> 1 5: C(1,1) + C(5,2) = 11
    ],
)
def test_a_double_and_two_singles_decode_from_their_number(
    void_answer: ep.State, action: int, cards: str
) -> None:
    """A double of face ``p`` and singles ``a < b`` is numbered 317,848 + 1,378 p + C(a',1) +
    C(b',2), where a face above ``p`` counts one less (``p`` itself cannot be a single); the number
    decodes back to those cards."""
    move = ep.Play(parse_cards(cards))
    assert ep.decode_move(void_answer, action) == move
    assert ep.encode_move(move) == action


@pytest.mark.parametrize(
    ("action", "cards"),
    [
        (392270, "2C 2C 7C 7C"),  # doubles 0 5: C(0,1) + C(5,2) = 10
        (392275, "2C 2C 8C 8C"),  # doubles 0 6: C(6,2) = 15
        (392280, "7C 7C 8C 8C"),  # doubles 5 6: C(5,1) + C(6,2) = 20
    ],
)
def test_two_doubles_decode_from_their_number(void_answer: ep.State, action: int, cards: str) -> None:
    """Two doubles of faces ``p < q`` are numbered 392,260 + C(p,1) + C(q,2); the number decodes
    back to those four cards."""
    move = ep.Play(parse_cards(cards))
    assert ep.decode_move(void_answer, action) == move
    assert ep.encode_move(move) == action


@pytest.mark.parametrize("chosen", [5, "58", (58, "x"), [58.0]])
def test_chosen_steps_must_be_a_sequence_of_ints(void_answer: ep.State, chosen: object) -> None:
    """The steps chosen so far are a tuple or list of ints: anything else (not a sequence, or a
    sequence holding a non-int) is refused with ``IllegalMoveError`` saying so, by each function
    that takes them."""
    for call in (
        lambda: ep.step_actions(void_answer, chosen),  # type: ignore[arg-type]
        lambda: ep.step_move(void_answer, chosen),  # type: ignore[arg-type]
        lambda: ep.chosen_faces(chosen),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalMoveError, match="chosen steps are a sequence of ints"):
            call()


@pytest.mark.parametrize(
    "cards",
    ["", "7C 7C 7C", "7C 7C 7C 8C", "7C 8C 9C", "7C 7C 8C"]
    + ["7C 8C 9C TC JC", "7C 7C 8C 8C 9C", "7C 7C 7C 7C"],
)
def test_what_is_no_numbered_play_has_no_number(cards: str) -> None:
    """Only plays of one, two or four cards, each face at most twice, are numbered: no cards,
    three copies of a face, three or five cards have no action number."""
    with pytest.raises(IllegalMoveError, match="is not a play of one, two or four cards, each at most twice"):
        ep.encode_move(ep.Play(parse_cards(cards)))


def test_what_is_no_move_has_no_number_and_no_words() -> None:
    """The moves are ``AskRedeal``, ``KeepHand``, ``DeclareNoTrump``, ``NoDeclare``, ``Discard`` and
    ``Play``: anything else is refused by ``encode_move`` and ``format_move``."""
    for junk in ("ask", 3, None):
        with pytest.raises(IllegalMoveError, match="is not an 80 Points move"):
            ep.encode_move(junk)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="is not an 80 Points move"):
            ep.format_move(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "steps"),
    [
        ("2C 2C 3C 4C", (112, 59, 60)),  # 2C twice (112 + 0), 3C once (58 + 1), 4C once (58 + 2)
        ("3C 5C 7C 7C", (59, 61, 117)),  # 7C twice: 112 + 5
        ("7C 7C 8C 8C", (117, 118)),
        ("2C 3C 4C 5C", (58, 59, 60, 61)),
    ],
)
def test_a_play_is_chosen_face_by_face(void_answer: ep.State, cards: str, steps: tuple[int, ...]) -> None:
    """Step actions: "58 + f face f once, 112 + f face f twice", the faces in increasing order. A
    play of four cards cannot grow, so its steps end with its last face, and those steps make it."""
    move = ep.Play(parse_cards(cards))
    assert ep.move_steps(void_answer, move) == steps
    assert ep.step_move(void_answer, steps) == move
    assert ep.step_move(void_answer, steps[:-1]) is None
    assert steps[-1] in ep.step_actions(void_answer, steps[:-1])


@pytest.mark.parametrize(
    ("action", "cards"),
    [
        (112, "2C 2C"),  # the double of face 0
        (166, "2C 3C"),  # faces 0 1: C(0,1) + C(1,2) = 0
        (167, "2C 4C"),  # faces 0 2: C(2,2) = 1
        (168, "3C 4C"),  # faces 1 2: C(1,1) + C(2,2) = 2
    ],
)
def test_two_cards_decode_from_their_number(position: Position, action: int, cards: str) -> None:
    """Seat 0 leads the spade double 3S 3S and seat 1, void in spades, may answer any two cards:
    a double of face ``f`` is numbered 112 + f, two faces ``a < b`` 166 + C(a,1) + C(b,2)."""
    state = position(["", "2C 2C 3C 4C"], trick="0:3S 3S", void={1: {SPADES}}, to_act=1)
    move = ep.Play(parse_cards(cards))
    assert ep.decode_move(state, action) == move
    assert ep.encode_move(move) == action


def test_a_move_forged_around_its_converter_has_no_number() -> None:
    """A ``Discard`` or ``Play`` whose fields were set around the converters (text instead of
    cards) is refused as not a well-formed move, not numbered or crashed on."""
    discard = ep.Discard("QS")
    object.__setattr__(discard, "card", "QS")
    play = ep.Play("7C")
    object.__setattr__(play, "cards", ("7C",))
    for forged in (discard, play):
        with pytest.raises(IllegalMoveError, match="not a well-formed 80 Points move"):
            ep.encode_move(forged)


def test_the_first_two_doubles_action_decodes_to_its_sisters(position: Position) -> None:
    """The flat numbering's last block, two doubles, starts after 4 simple moves, 54 discards, 54
    singles, 54 doubles, C(54, 2) = 1431 pairs of singles, C(54, 4) = 316251 fours of singles and
    54 * C(53, 2) = 74412 doubles with two singles: at 392260. Its first entry is faces 0 and 1
    twice each, 2C 2C 3C 3C, sisters with royal number 5 (2C and 3C are adjacent clubs): led by
    seat 0, that action decodes to that play and back."""
    sisters = ep.Play("2C 2C 3C 3C")
    state = position(["2C 2C 3C 3C"], to_act=0, royal=5)
    assert ep.encode_move(sisters) == 392260
    assert ep.decode_move(state, 392260) == sisters
