"""Events that several games share. Events carry only public information."""

from __future__ import annotations

import attrs

from cardrules.cards import Card
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
