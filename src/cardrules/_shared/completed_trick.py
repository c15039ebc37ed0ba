"""The record of a finished trick that Clubs' and Pub Derby's states keep.

It lives apart from the trick mechanics in ``cardrules._shared.tricks`` because that module is compiled in the
compiled build, and an attrs class defined in a compiled module loses the field types that
``loads`` reads.
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card

__all__ = ["CompletedTrick"]


@attrs.frozen
class CompletedTrick:
    """A finished trick: who led it, the cards in play order, and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
