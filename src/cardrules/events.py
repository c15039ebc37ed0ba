"""Events that several games share. Events carry only public information."""

from __future__ import annotations

import attrs

from cardrules.cards import CARDS, Card
from cardrules.game import Outcome

__all__ = ["CardPlayed", "Dealt", "GameOver", "HalfTime", "RoundScored", "TrickWon"]


@attrs.frozen
class Dealt:
    """A new round was dealt: its number (from 1) and each seat's hand size."""

    round: int
    hand_sizes: tuple[int, ...]


@attrs.frozen
class CardPlayed:
    """``seat`` played ``card`` to the current trick."""

    seat: int
    card: Card


_CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(s, c) for c in CARDS) for s in range(8)
)


def _card_played(seat: int, card: Card) -> CardPlayed:
    """``CardPlayed(seat, card)`` for seats 0-7: events are immutable, so one object serves each
    time, which keeps ``step`` close to ``apply`` in cost."""
    return _CARD_PLAYED[seat][card]


@attrs.frozen
class TrickWon:
    """``seat`` won the trick ``cards`` (in play order), worth ``points`` by the game's count."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@attrs.frozen
class RoundScored:
    """Round ``round`` ended: each seat's ``points`` this round and the running ``scores``."""

    round: int
    points: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class GameOver:
    """The game ended with ``outcome``."""

    outcome: Outcome


@attrs.frozen
class HalfTime:
    """Half ``half`` ended with ``scores`` as the game counts them: Pub Derby's goals a team, Rugby
    League's points a seat (its halves 3 and 4 are extra time)."""

    half: int
    scores: tuple[int, ...]
