"""Shape checks shared by the games' ``validate`` and ``sample_state``: seats in range, one entry a
seat, tricks of the right size. Each raises ``StateError`` naming the field and what would fit, so
a hand-built or forged object fails here instead of with an ``IndexError`` deeper in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules._reprs import short_repr
from cardrules.errors import StateError

__all__ = [
    "check_in_range",
    "check_per_seat",
    "check_seat",
    "check_trick_in_progress",
    "check_trick_view",
    "check_tricks",
    "check_view_seats",
]


def check_in_range(what: str, value: object, low: int, high: int) -> None:
    """``value`` is an int from ``low`` to ``high`` (both included)."""
    if type(value) is not int or not low <= value <= high:
        raise StateError(f"{what} must be an int from {low} to {high}, got {short_repr(value)}")


def check_seat(what: str, value: object, players: int, *, optional: bool = False) -> None:
    """``value`` is a seat of a ``players``-seat game (or ``None`` when ``optional``)."""
    if optional and value is None:
        return
    if type(value) is not int or not 0 <= value < players:
        none = " or None" if optional else ""
        raise StateError(f"{what} must be a seat from 0 to {players - 1}{none}, got {short_repr(value)}")


def check_per_seat(what: str, values: Sequence[object], players: int) -> None:
    """``values`` has one entry a seat."""
    if len(values) != players:
        raise StateError(f"{what} must have one entry a seat ({players}), got {len(values)}")


def check_trick_in_progress(what: str, cards: Sequence[object], players: int) -> None:
    """A trick being played holds fewer cards than there are seats."""
    if len(cards) >= players:
        raise StateError(f"{what} in progress must hold fewer than {players} cards, got {len(cards)}")


def check_tricks(what: str, tricks: Sequence[object], players: int, trick_size: int) -> None:
    """Every completed trick (with ``leader``, ``cards`` and maybe ``winner``) has seats as its
    leader and winner, and ``trick_size`` cards."""
    for n, trick in enumerate(tricks, start=1):
        check_seat(f"{what} {n}'s leader", getattr(trick, "leader", None), players)
        if hasattr(trick, "winner"):
            check_seat(f"{what} {n}'s winner", trick.winner, players)
        cards = getattr(trick, "cards", ())
        if len(cards) != trick_size:
            raise StateError(f"{what} {n} must hold {trick_size} cards, got {len(cards)}")


def check_view_seats(view: Any, players: int) -> None:
    """A view's ``player`` is a seat and its ``to_act`` a seat or ``None``."""
    check_seat("a view's player", view.player, players)
    check_seat("a view's to_act", view.to_act, players, optional=True)


def check_trick_view(view: Any, players: int) -> None:
    """The shape of a view of a game of one card a seat a trick (Clubs, Pub Derby): its seats, one
    hand size a seat, and its tricks (``CompletedTrick``) and trick in progress."""
    check_view_seats(view, players)
    check_seat("a view's leader", view.leader, players)
    check_per_seat("a view's hand_sizes", view.hand_sizes, players)
    check_tricks("a view's trick", view.tricks, players, players)
    check_trick_in_progress("a view's trick", view.trick, players)
