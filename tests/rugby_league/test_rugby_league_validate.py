"""``validate`` refuses Rugby League counts the played slots contradict.

Each test plays real tackles, then forges one count with ``attrs.evolve``; the unforged position
passes.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import rugby_league as rl
from cardrules.errors import StateError


def after_tackles(n: int, seed: int = 2) -> rl.State:
    """The first state of a match (first legal moves) with ``n`` tackles of a set played."""
    state = rl.new_game(seed)
    while not (state.field.phase == "tackle" and state.field.tackles == n and state.pending is None):
        state = rl.apply(state, rl.legal_moves(state)[0])
    rl.validate(state)
    return state


def with_field(state: rl.State, **changes: object) -> rl.State:
    return attrs.evolve(state, field=attrs.evolve(state.field, **changes))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(6))
def test_no_tackles_counted_with_played_slots_is_refused(seed: int) -> None:
    """Each tackle takes a card from each row: ``tackles=0`` with two played slots (which would
    switch off "no penalty in a first tackle" for the next tackles) is refused."""
    state = after_tackles(2, seed) if seed % 2 else after_tackles(1, seed)
    forged = with_field(state, tackles=0, lost=0)
    with pytest.raises(StateError, match="a set's tackles are its played slots"):
        rl.validate(forged)


def test_the_rows_have_as_many_played_slots_each() -> None:
    state = after_tackles(1)
    rows = list(state.rows)
    slot = next(i for i, card in enumerate(rows[0]) if card is not None)
    card = rows[0][slot]
    assert card is not None
    rows[0] = tuple(None if i == slot else x for i, x in enumerate(rows[0]))
    forged = attrs.evolve(
        state, rows=tuple(rows), field=attrs.evolve(state.field, discards=(*state.field.discards, card))
    )
    with pytest.raises(StateError, match="each tackle takes a card from each seat"):
        rl.validate(forged)


def test_a_sixth_tackle_ends_the_set() -> None:
    """A set has at most six tackles; a tackle phase after the sixth is impossible."""
    state = after_tackles(1)
    with pytest.raises(StateError):
        rl.validate(with_field(state, tackles=6))


def test_more_tackles_than_places_gained_is_refused() -> None:
    """Rule text: the ball moves one place towards the defence's try line in every tackle but a
    second lost one (which ends the set), and a set or restart starts no further back than the
    attacker's own 1 space. So a set's tackles are at most the places the ball lies past that
    space: home attacking on place 4 has had 3 at most. The fuzzer's find: 5 tackles there loaded,
    and the next tackle made a sixth that the rules never reach."""
    state = after_tackles(1)
    assert (state.field.attacker, state.field.ball, state.field.tackles) == (0, 2, 1)
    with pytest.raises(StateError, match="each tackle of a set or restart moves it one place forward"):
        rl.validate(with_field(state, ball=4, tackles=5))
    rl.validate(with_field(state, ball=4))
