"""High Card's data: the config, the move, the state and the view (each seat's knowledge), the events."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules._pictured import Pictured
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.options import config_of
from cardrules.cards import CARDS, Card, Rank, Suit, to_card
from cardrules.events import CardPlayed, Dealt, GameOver, TrickWon
from cardrules.game import GameInfo

__all__ = ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "INFO", "MOVE_TYPES", "NAME", "Config", "Event"]
__all__ += ["Move", "Play", "State", "View"]

NAME = "high_card"


DESCRIPTION = "High Card: 2 players, 3 cards each from the 9 to the ace of spades; most tricks wins."


HOW_TO_PLAY = (
    "Six cards, the 9 to the ace of spades, are dealt three to each seat.\n"
    "Seat 0 leads the first trick with any card, and the other seat answers with any card.\n"
    "The higher card wins the trick, and its winner leads the next.\n"
    "After three tricks, the seat that won more of them wins."
)
"""How to play, for a person at the table: a few short paragraphs, one a line."""


INFO = GameInfo(
    seats=(2,),
    teams=(),
    zero_sum=True,
    chance_in_deals_only=True,
    phases=("tricks",),
    hidden_only_in_hands=True,
    own_fields=("player", "hand", "legal_moves"),
)
"""Facts no config changes: two seats playing alone, one winner, one shuffle, hands hold all."""


# The six cards of the game, sorted: 9S TS JS QS KS AS.
_DECK: tuple[Card, ...] = tuple(CARDS[Suit.SPADES * 13 + rank - 2] for rank in range(Rank.NINE, Rank.ACE + 1))


@attrs.frozen
class Config:
    """High Card has no options: ``Config()`` is the one game."""


@attrs.frozen
class Play:
    """Play ``card`` to the current trick. Text is accepted: ``Play("QS")``."""

    card: Card = attrs.field(converter=to_card)


MOVE_TYPES: tuple[type, ...] = (Play,)


Move: TypeAlias = Play
"""High Card has one kind of move."""


@attrs.frozen
class State(Pictured):
    """A whole High Card game at one moment, the other seat's hand included.

    ``hands[s]`` is seat ``s``'s hand, sorted; ``trick`` the cards of the current trick in play
    order, led by ``leader``; ``tricks`` the completed ones; ``to_act`` the seat to play, ``None``
    once the game is over. One deal and three tricks need no layer that changes less often.
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    leader: int
    tricks: tuple[CompletedTrick, ...]
    to_act: int | None


@attrs.frozen
class View(Pictured):
    """What seat ``player`` knows: its hand, the table and the tricks, and how many cards each holds."""

    player: int
    """The seat this view is for, 0 or 1."""
    hand: tuple[Card, ...]
    """This seat's cards, low to high."""
    trick: tuple[Card, ...]
    """The current trick's cards in play order, the leader's first; empty before the lead."""
    leader: int
    """The seat that led (or is to lead) the current trick."""
    tricks: tuple[CompletedTrick, ...]
    """The completed tricks, first to last, each with its leader, cards and winner."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds, seat 0 first."""
    to_act: int | None
    """The seat to play now; ``None`` once the game is over."""
    legal_moves: tuple[Play, ...]
    """The plays this seat may make now, low to high; empty when it is not this seat's turn."""


Event: TypeAlias = CardPlayed | TrickWon | Dealt | GameOver
"""Events of High Card, all shared with other games."""


EVENT_TYPES: tuple[type, ...] = (CardPlayed, TrickWon, Dealt, GameOver)


# One move object a card, indexed by card code (actions number moves by it), so that the rules
# never build a move.
_PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS[:52])


def _config(value: object) -> Config:
    """``value`` checked to be a ``Config`` (``None`` is the one game)."""
    return config_of(value, Config, NAME)
