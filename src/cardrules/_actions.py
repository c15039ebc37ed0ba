"""Integer action encodings: the shared parts of every game's ``encode_move`` / ``decode_move``.

Every game numbers its moves ``0 .. action_count(config) - 1`` (see ``docs/contract.md``, "Action
encoding", and each game's page). The numbering is part of the contract: it never changes for a
given game and config without a changelog entry. This module holds what the games share: the
combinatorial number system for sets of cards, and the checks and messages of ``decode_move``.

Internal to the package (hence the underscore): the game modules call these on their hot paths
with arguments they have already checked, so nothing here validates its input. Users reach the
same rules through the games' public functions, which do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import Any, TypeVar

from cardrules._checks import check_fields
from cardrules._reprs import short_repr
from cardrules.errors import IllegalMoveError, StateError

__all__ = ["check_index", "check_move_fields", "combination_index", "combination_of", "decode_checked"]

MoveT = TypeVar("MoveT")


def combination_index(items: Sequence[int]) -> int:
    """The rank of a strictly increasing sequence among all sets of its size (colex order):
    ``sum(comb(items[i], i + 1))``. ``(0, 1) -> 0``, ``(0, 2) -> 1``, ``(1, 2) -> 2``."""
    return sum(comb(x, i + 1) for i, x in enumerate(items))


def combination_of(index: int, size: int) -> tuple[int, ...]:
    """The strictly increasing ``size``-sequence whose [`combination_index`][] is ``index``."""
    out: list[int] = []
    for k in range(size, 0, -1):
        x = k - 1
        while comb(x + 1, k) <= index:
            x += 1
        out.append(x)
        index -= comb(x, k)
    return tuple(reversed(out))


def check_index(game: str, index: object, count: int) -> int:
    """``index`` if it is an int in ``range(count)``; else ``IllegalMoveError`` naming the range."""
    if type(index) is not int or not 0 <= index < count:
        raise IllegalMoveError(f"{game} actions are ints from 0 to {count - 1}, got {short_repr(index)}")
    return index


def check_move_fields(game: str, move: object) -> None:
    """``IllegalMoveError`` for a move of the right class whose fields are not of their types (one
    built around its converters with ``object.__setattr__``), instead of a ``TypeError`` or a wrong
    action number from ``encode_move``."""
    try:
        check_fields(move)
    except StateError as exc:
        raise IllegalMoveError(f"not a well-formed {game} move: {exc}") from None


def decode_checked(
    game: str,
    state: Any,
    index: int,
    move: MoveT,
    is_legal: Callable[[Any, object], bool],
    legal_actions: Callable[[Any], tuple[int, ...]],
) -> MoveT:
    """``move`` (the move numbered ``index``) if it is legal in ``state``; else ``IllegalMoveError``
    naming the move and the legal action numbers."""
    if not is_legal(state, move):
        legal = legal_actions(state)
        shown = ", ".join(map(str, legal[:20])) + (", ..." if len(legal) > 20 else "")
        raise IllegalMoveError(
            f"{game} action {index} ({short_repr(move)}) is not legal here; legal actions: {shown or 'none'}"
        )
    return move
