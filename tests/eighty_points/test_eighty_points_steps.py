"""80 Points' step actions: a play split into one decision per distinct face, only completable
choices offered (docs/rules/eighty_points.md, "Action encoding")."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import IllegalMoveError
from cardrules import eighty_points as e

CONFIG = e.Config(rounds=1)
Position = Callable[..., e.State]  # the ``position`` fixture (conftest.py)


def _states(seed: int, every: int = 7) -> list[e.State]:
    rnd = random.Random(seed)
    state = e.new_game(seed, CONFIG)
    out = []
    while state.to_act is not None:
        out.append(state)
        state = e.apply(state, rnd.choice(e.legal_moves(state)))
    assert len(out) > 50  # a whole round: redeal and declaration choices, 8 discards, the tricks
    return out[::every]


def _walk(state: e.State, chosen: tuple[int, ...], found: list[Any]) -> None:
    """Every path of offered steps ends in a move: collect the moves reached."""
    move = e.step_move(state, chosen)
    if move is not None:
        assert e.step_actions(state, chosen) == ()
        found.append(move)
        return
    offered = e.step_actions(state, chosen)
    assert offered, f"steps {chosen} are a dead end"
    for step in offered:
        assert 0 <= step < e.STEP_COUNT
        _walk(state, (*chosen, step), found)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_step_tree_reaches_exactly_the_legal_moves(seed: int) -> None:
    for state in _states(seed):
        found: list[Any] = []
        _walk(state, (), found)
        assert sorted(map(e.encode_move, found)) == sorted(map(e.encode_move, e.legal_moves(state)))
        assert len(found) == len(e.legal_moves(state))


@pytest.mark.parametrize("seed", [4, 5])
def test_move_steps_spell_each_move(seed: int) -> None:
    for state in _states(seed):
        for move in e.legal_moves(state):
            steps = e.move_steps(state, move)
            for k in range(len(steps)):
                assert steps[k] in e.step_actions(state, steps[:k])
                assert e.step_move(state, steps[:k]) is None
            assert e.step_move(state, steps) == move


def test_a_double_that_could_be_sisters_needs_end_play() -> None:
    """A lead holding 7C 7C 8C 8C (plain suit, neither rank the royal number) may lead the double
    7C 7C or the sisters 7C 7C 8C 8C: after "7C twice" both "8C twice" and END_PLAY are offered."""
    seen = False
    for seed in range(1, 40):
        for state in _states(seed, every=1):
            for move in e.legal_moves(state):
                steps = e.move_steps(state, move)
                if type(move) is e.Play and steps[-1] == e.END_PLAY:
                    offered = e.step_actions(state, steps[:-1])
                    assert e.END_PLAY in offered and len(offered) >= 2
                    assert e.step_move(state, steps[:-1]) is None
                    seen = True
        if seen:
            return
    pytest.fail("no state with a play that could grow was found")


def test_non_play_moves_are_one_step_with_their_flat_number() -> None:
    state = e.new_game(1, CONFIG)
    assert state.table.phase in ("redeal", "declare", "discard", "tricks")
    for move in e.legal_moves(state):
        if type(move) is not e.Play:
            assert e.move_steps(state, move) == (e.encode_move(move),)


def test_bad_steps_are_illegal_move_errors() -> None:
    state = _states(1)[-1]
    for bad in ([e.END_PLAY], [9999], "x", [1.5]):
        with pytest.raises(IllegalMoveError):
            e.step_actions(state, bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError):
            e.step_move(state, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        e.move_steps(state, e.AskRedeal())


def test_end_play_after_a_play_that_cannot_grow_is_refused() -> None:
    for state in _states(1):
        for move in e.legal_moves(state):
            steps = e.move_steps(state, move)
            if type(move) is e.Play and steps[-1] != e.END_PLAY:
                with pytest.raises(IllegalMoveError):
                    e.step_move(state, (*steps, e.END_PLAY))
                return
    pytest.fail("no play found")


def test_chosen_faces_give_copies_over_two() -> None:
    """7C is face 5: "7C once" is step 63 (58 + 5), "7C twice" 117 (112 + 5); 8C twice is 118."""
    assert e.CHOSEN_SIZE == 54
    assert e.chosen_faces(()) == (0.0,) * 54
    once = e.chosen_faces((63,))
    assert once[5] == 0.5 and sum(once) == 0.5
    twice = e.chosen_faces((117, 118, e.END_PLAY))
    assert twice[5] == twice[6] == 1.0 and sum(twice) == 2.0
    with pytest.raises(IllegalMoveError):
        e.chosen_faces("x")  # type: ignore[arg-type]


def test_chosen_faces_count_only_the_face_steps() -> None:
    """ "Steps that choose no face (the other phases, END_PLAY) add nothing": steps 0-57 (the
    answers and discards) leave every face at 0; 112 is "2C twice" (face 0 at 1.0), 111 "BJ once"
    (face 53 at 0.5)."""
    assert e.chosen_faces((0, 3, 4, 57)) == (0.0,) * 54
    assert e.chosen_faces((112, 111)) == (1.0,) + (0.0,) * 52 + (0.5,)


def test_chosen_faces_of_doubles_of_every_face() -> None:
    """ "112 + f face f twice", for every face f from 0 (2C) to 53 (BJ): the step sets that face
    alone to 1.0."""
    for face in range(54):
        chosen = e.chosen_faces((112 + face,))
        assert chosen[face] == 1.0 and sum(chosen) == 1.0


def test_the_step_numbers_and_new_game_keywords() -> None:
    """ "167 step actions: ... 166 'end the play'"; and ``new_game`` takes its seed and config by
    keyword as well as by position."""
    assert (e.STEP_COUNT, e.END_PLAY) == (167, 166)
    assert e.new_game(seed=4, config=e.Config()) == e.new_game(4, e.Config())


def test_end_play_after_sisters_is_refused(position: Position) -> None:
    """END_PLAY "ends a play which is complete but could still grow (a double that could become
    sisters). A play that cannot grow ends with its last face": seat 0 leads holding 7C 7C 8C 8C
    (royal 2). "7C twice" (112 + 5 = 117) then END_PLAY is the double 7C 7C; "7C twice", "8C
    twice" (118) is the sisters, which cannot grow, so END_PLAY after them spells no move."""
    state = position(["7C 7C 8C 8C"], to_act=0)
    assert e.step_move(state, (117, e.END_PLAY)) == e.Play("7C 7C")
    assert e.step_move(state, (117, 118)) == e.Play("7C 7C 8C 8C")
    with pytest.raises(IllegalMoveError):
        e.step_move(state, (117, 118, e.END_PLAY))
    with pytest.raises(IllegalMoveError):
        e.step_actions(state, (117, 118, e.END_PLAY))
