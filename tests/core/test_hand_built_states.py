"""Hand-built states and views with a field of the wrong type fail ``validate`` (and
``sample_state``) with ``StateError`` naming the field, in every game.

The contract advises building positions by hand with ``attrs.evolve``; a typo there (``hands=None``,
a list as the trick, ``True`` or ``1.0`` as a seat, ``rng=None``) used to give a ``TypeError`` or be
accepted and fail later (a list makes the state unhashable).
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules import GAMES, RandomBot, StateError, play
from cardrules._shared.checks import check_fields
from cardrules.cards import Card
from cardrules.rng import Rng

Path = tuple[str | int, ...]


def reached(name: str, moves: int = 7) -> Any:
    """A state a few moves into a game of ``name``."""
    game: Any = GAMES[name]
    transcript = play(name, [RandomBot()] * game.num_players(None), 3)
    state = game.new_game(3)
    for move in transcript.moves[:moves]:
        state = game.apply(state, move)
    return state


def leaves(obj: object, path: Path = (), items_optional: bool = False) -> Iterator[tuple[Path, object, bool]]:
    """Every field of an attrs object, all the way down (tuples by index), with its value and
    whether its annotation allows ``None`` (for a tuple's items: whether the tuple's does)."""
    cls: Any = type(obj)
    if attrs.has(cls):
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            value = getattr(obj, field.name)
            optional = "None" in str(hints[field.name])
            yield (*path, field.name), value, optional
            yield from leaves(value, (*path, field.name), optional)
    elif type(obj) is tuple:
        for i, value in enumerate(obj):
            yield (*path, i), value, items_optional
            yield from leaves(value, (*path, i), items_optional)


def replaced(obj: Any, path: Path, value: object) -> Any:
    """``obj`` with the field at ``path`` set to ``value``, built without running any validator."""
    head, rest = path[0], path[1:]
    if type(obj) is tuple:
        assert type(head) is int
        new = list(obj)
        new[head] = replaced(obj[head], rest, value) if rest else value
        return tuple(new)
    assert type(head) is str
    clone = object.__new__(type(obj))
    for field in attrs.fields(type(obj)):
        object.__setattr__(clone, field.name, getattr(obj, field.name))
    object.__setattr__(clone, head, replaced(getattr(obj, head), rest, value) if rest else value)
    return clone


def wrong_types(value: object, optional: bool) -> list[object]:
    """Values of a type other than ``value``'s that a careless hand might put in its place
    (``None`` only where the annotation does not allow it)."""
    return [v for v in _wrong_types(value) if v is not None or not optional]


def _wrong_types(value: object) -> list[object]:
    if type(value) is bool:
        return [1, None]
    if type(value) is int:
        return [True, float(value), str(value), None]
    if type(value) is Card:
        return [int(value), str(value), None]
    if type(value) is tuple:
        return [list(value), None, "x"]
    if type(value) is Rng:
        return [None, value.state]
    if type(value) is str:
        return [None, 1]
    if value is None:
        return [[], 1.5]
    return [None]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_wrongly_typed_field_is_a_state_error(name: str) -> None:
    """``validate`` names the field whose type is wrong, for every field of a reachable state."""
    game: Any = GAMES[name]
    state = reached(name)
    game.validate(state)
    tried = 0
    for path, value, optional in leaves(state):
        where = ".".join(map(str, path))
        for wrong in wrong_types(value, optional):
            forged = replaced(state, path, wrong)
            with pytest.raises(StateError) as caught:
                game.validate(forged)
            tried += 1
            assert "must be" in str(caught.value), f"{where} = {wrong!r}: {caught.value}"
    assert tried > 100


@pytest.mark.parametrize("name", sorted(GAMES))
def test_wrongly_typed_view_fields_are_state_errors(name: str) -> None:
    """``sample_state`` checks a view's field types before it uses them."""
    game: Any = GAMES[name]
    view = game.view(reached(name), 0)
    for path, value, optional in leaves(view):
        for wrong in wrong_types(value, optional):
            with pytest.raises(StateError):
                game.sample_state(replaced(view, path, wrong), 1)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", None, r"State\.hands must be a tuple, got None"),
        ("trick", [], r"State\.trick must be a tuple, got \[\]"),
        ("to_act", True, r"State\.to_act must be an int or None, got True"),
        ("to_act", 1.0, r"State\.to_act must be an int or None, got 1\.0"),
    ],
)
def test_messages_name_the_field(field: str, value: object, message: str) -> None:
    """The message says which field, what it must be and what it was."""
    state = reached("clubs")
    with pytest.raises(StateError, match=message):
        GAMES["clubs"].validate(replaced(state, (field,), value))


def test_rng_none_names_the_path() -> None:
    """A nested field is named by its whole path from the state."""
    state = reached("clubs")
    with pytest.raises(StateError, match=r"State\.progress\.match\.rng must be a Rng, got None"):
        check_fields(replaced(state, ("progress", "match", "rng"), None))


@pytest.mark.parametrize(
    ("phase", "message"),
    [("dance", r"phase must be one of 'redeal', 'declare'"), ("zzz", r"phase must be one of 'redeal'")],
)
def test_a_literal_field_takes_only_its_values(phase: str, message: str) -> None:
    """A ``Literal`` field (80 Points' phase) accepts exactly its listed strings: not another one,
    nor one that merely compares with them (``"zzz"`` sorts after every phase)."""
    state = reached("eighty_points")
    with pytest.raises(StateError, match=message):
        check_fields(replaced(state, ("table", "phase"), phase))


def test_a_wrong_item_deep_in_a_tuple_is_named_by_its_index() -> None:
    """An item of a tuple of tuples is named by both indexes, with what it must be (a Card)."""
    state = reached("clubs")
    with pytest.raises(StateError, match=r"^State\.hands\[1\]\[0\] must be a Card, got 5$"):
        check_fields(replaced(state, ("hands", 1, 0), 5))


def test_a_fixed_size_tuple_with_one_item_too_many_is_refused() -> None:
    """Rugby League's ``last`` (one card or None a seat) is a tuple of exactly 2."""
    state = reached("rugby_league")
    last = state.field.last
    with pytest.raises(StateError, match=r"^State\.field\.last must be a tuple of 2, got "):
        check_fields(replaced(state, ("field", "last"), (*last, None)))


@pytest.mark.parametrize(
    ("path", "what"),
    [(("leader",), "a view's leader"), (("tricks", 0, "winner"), "a view's trick 1's winner")],
)
def test_a_view_seat_far_out_of_range_is_refused(path: Path, what: str) -> None:
    """A Clubs view's seats are 0 to 3: a 9 (not only a 4) is refused, naming the field, for the
    leader and for a completed trick's winner."""
    view = GAMES["clubs"].view(reached("clubs", 7), 0)
    assert view.tricks
    with pytest.raises(StateError, match=rf"^{what} must be a seat from 0 to 3, got 9$"):
        GAMES["clubs"].sample_state(replaced(view, path, 9), 1)


def test_a_wrong_item_in_a_fixed_size_tuple_is_named_by_its_index() -> None:
    """An item of a fixed-size tuple (Rugby League's ``last``: a card or None a seat) is named by
    its index, with what it must be."""
    state = reached("rugby_league")
    with pytest.raises(StateError, match=r"^State\.field\.last\[1\] must be a Card or None, got 5$"):
        check_fields(replaced(state, ("field", "last", 1), 5))
