"""Clubs' data: the config, the move, the state and the view (each seat's knowledge), the events."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules._pictured import Pictured
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.options import config_of, int_field
from cardrules.cards import CARDS, Card, Rank, Suit, to_card
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import GameInfo
from cardrules.rng import Rng

__all__ = ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "Config", "Event"]
__all__ += ["INFO"]
__all__ += ["Match", "Move", "Play"]
__all__ += ["Progress", "State", "View"]

NAME = "clubs"


DESCRIPTION = "Clubs: 2-4 players follow suit; every club taken is a point; lowest score wins."


HOW_TO_PLAY = (
    "Every club you take costs you a point, so the lowest score wins.\n"
    "The whole deck is dealt. Seat 0 leads the first trick with any card; the others follow the "
    "led suit if they can, and may play anything when they cannot.\n"
    "The highest card of the led suit wins the trick (another suit never does), and its winner "
    "leads the next.\n"
    "When the hands are empty, each club in the tricks you won is a point. A new deal follows "
    "until someone reaches the threshold (50 by default)."
)
"""How to play, for a person at the table: a few short paragraphs, one a line."""


INFO = GameInfo(
    seats=(2, 3, 4),
    teams=(),
    zero_sum=False,
    chance_in_deals_only=True,
    phases=("tricks",),
    hidden_only_in_hands=True,
    own_fields=("player", "hand", "legal_moves"),
)
"""Facts no config changes: seats, teams, zero-sum, where chance lies, phases."""


_TWO_OF_DIAMONDS = CARDS[Suit.DIAMONDS * 13 + Rank.TWO - 2]


_CLUB = int(Suit.CLUBS)


_SEATS = "ABCD"


@attrs.frozen
class Config:
    """Clubs options: ``players`` (2-4, default 4) and the point ``threshold`` (>= 1, default 50)."""

    players: int = int_field(4, "Clubs players", 2, 4, label="Players")
    threshold: int = int_field(
        50, "Clubs threshold", 1, label="Game ends at (points)", help="lowest score wins", table_max=200
    )


@attrs.frozen
class Play:
    """Play ``card`` to the current trick. Text is accepted: ``Play("QS")``."""

    card: Card = attrs.field(converter=to_card)


Move: TypeAlias = Play
"""Clubs has one kind of move."""


MOVE_TYPES: tuple[type, ...] = (Play,)


@attrs.frozen
class Match:
    """What changes once a round: the config, running scores, the round number and the generator."""

    config: Config
    scores: tuple[int, ...]
    round: int
    rng: Rng


@attrs.frozen
class Progress:
    """What changes once a trick: the current trick's ``leader``, this round's completed ``tricks``
    (the last round's once the game is over) and the ``match``."""

    leader: int
    tricks: tuple[CompletedTrick, ...]
    match: Match


@attrs.frozen
class State(Pictured):
    """A whole Clubs game at one moment, hidden hands and the random stream included.

    ``hands[s]`` is seat ``s``'s hand, sorted; ``trick`` the cards of the current trick in play
    order; ``to_act`` the seat to play, ``None`` once the game is over; ``progress`` what changes
    once a trick (read through the ``leader``, ``tricks`` and ``match`` properties).
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    to_act: int | None
    progress: Progress

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self.progress.leader

    @property
    def tricks(self) -> tuple[CompletedTrick, ...]:
        """This round's completed tricks (the last round's once the game is over)."""
        return self.progress.tricks

    @property
    def match(self) -> Match:
        """Config, scores, round number and generator."""
        return self.progress.match


@attrs.frozen
class View(Pictured):
    """What seat ``player`` knows: its hand, the table, this round's tricks, sizes and scores."""

    player: int
    """The seat this view is for, 0 to ``config.players - 1`` (seats 0..3 are the rule text's A..D)."""
    hand: tuple[Card, ...]
    """This seat's cards, sorted by suit (clubs, diamonds, hearts, spades), then rank, 2 low to A high."""
    trick: tuple[Card, ...]
    """The current trick's cards in play order, the leader's first (seat ``(leader + i) % players``
    played card ``i``); empty before the lead."""
    leader: int
    """The seat that led (or is to lead) the current trick: seat 0 for the game's first trick, else
    the winner of the trick before (across rounds too)."""
    to_act: int | None
    """The seat to play now; ``None`` once the game is over."""
    tricks: tuple[CompletedTrick, ...]
    """This round's completed tricks, first to last, each with its leader, cards in play order and
    winner; once the game is over, the last round's."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds, seat 0 first."""
    scores: tuple[int, ...]
    """Each seat's points, seat 0 first: a point per club in the tricks it won, added when a round
    ends (this round's clubs are not in them yet). Lowest wins."""
    round: int
    """The round being played (the last one once the game is over), counted from 1."""
    config: Config
    """The game's options: ``players`` (2-4) and the point ``threshold`` that ends the game."""
    legal_moves: tuple[Play, ...]
    """The plays this seat may make now, in hand order; empty when it is not this seat's turn."""


Event: TypeAlias = CardPlayed | TrickWon | RoundScored | Dealt | GameOver
"""Events of Clubs, all shared with other games."""


EVENT_TYPES: tuple[type, ...] = (CardPlayed, TrickWon, RoundScored, Dealt, GameOver)


_PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS[:52])


_IS_CLUB: tuple[int, ...] = tuple(1 if c // 13 == _CLUB else 0 for c in range(52))


def _round_deck(players: int) -> tuple[Card, ...]:
    deck = CARDS[:52]
    return tuple(c for c in deck if c != _TWO_OF_DIAMONDS) if players == 3 else deck


def _config(config: object) -> Config:
    return config_of(config, Config, "clubs")
