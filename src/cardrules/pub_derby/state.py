"""Pub Derby's data: the config and formats, the move, the state and the view, the events."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from cardrules._completed_trick import CompletedTrick
from cardrules._options import config_of
from cardrules._reprs import short_repr
from cardrules._words import Pictured
from cardrules.cards import CARDS, Card, Rank, to_card
from cardrules.errors import ConfigError
from cardrules.events import CardPlayed, Dealt, GameOver, HalfTime, TrickWon
from cardrules.rng import Rng

__all__ = [
    "DESCRIPTION",
    "EVENT_TYPES",
    "FORMATS",
    "HOW_TO_PLAY",
    "MOVE_TYPES",
    "NAME",
    "Config",
    "Event",
    "GoalScored",
]
__all__ += ["Intercepted", "Match", "Move", "PenaltyAwarded", "PenaltyDrawn", "PenaltySaved", "PenaltyScored"]
__all__ += ["Play", "Progress", "State", "TrumpChosen", "View", "WaveExtended", "YellowCard"]

NAME = "pub_derby"


DESCRIPTION = "Pub Derby: 4, 6 or 8 players in two teams score goals with waves of tricks."


HOW_TO_PLAY = (
    "Two teams sit alternately (even seats are team A, odd seats team B) and score goals with "
    "waves of tricks.\n"
    "Follow the led suit if you can; otherwise trump or throw any card. The highest trump wins "
    "the trick, else the highest card of the led suit.\n"
    "Win the goal length of tricks in a row (3 in the classic format, 2 in the others) and your "
    "team scores a goal.\n"
    "Winning a trick that holds a jack is a yellow card for your team; a team's second yellow "
    "gives the other team a penalty shootout.\n"
    "Two halves, each a fresh deal and trump: more goals wins, equal goals is a draw."
)
"""How to play, for a person at the table: a few short paragraphs, one a line."""


Format: TypeAlias = Literal["classic", "pub", "big_squad"]


FORMATS: dict[str, tuple[int, int, int]] = {
    "classic": (4, 13, 3),
    "pub": (6, 8, 2),
    "big_squad": (8, 6, 2),
}
"""Each format's players, cards per hand and goal length (tricks in a row)."""


_KICKOFF_ORDER: tuple[Card, ...] = tuple(CARDS[suit * 13] for suit in (0, 1, 3, 2))  # 2C 2D 2S 2H


_JACK = int(Rank.JACK)


_TEAMS = ("A", "B")


_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def _format_option(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str or value not in FORMATS:
        raise ConfigError(f"Pub Derby format must be one of {', '.join(FORMATS)}, got {short_repr(value)}")


@attrs.frozen
class Config:
    """Pub Derby options: ``format`` is ``"classic"`` (default), ``"pub"`` or ``"big_squad"``."""

    format: Format = attrs.field(default="classic", validator=_format_option)

    @property
    def players(self) -> int:
        """Seats in this format: 4, 6 or 8."""
        return FORMATS[self.format][0]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 13, 8 or 6."""
        return FORMATS[self.format][1]

    @property
    def goal_length(self) -> int:
        """Tricks in a row that score a goal: 3 in classic, else 2."""
        return FORMATS[self.format][2]


@attrs.frozen
class Play:
    """Play ``card`` to the current trick. Text is accepted: ``Play("QS")``."""

    card: Card = attrs.field(converter=to_card)


Move: TypeAlias = Play
"""Pub Derby has one kind of move."""


MOVE_TYPES: tuple[type, ...] = (Play,)


@attrs.frozen
class Match:
    """What changes once a half or on goals and cards: config, half (1 or 2), goals and yellow cards
    per team, the bench (top first; empty in classic), the card that set the trump (the bench's
    top, or the card drawn in classic), the half's kick-off card (``None`` when all four 2s are on
    the bench), and the generator."""

    config: Config
    half: int
    goals: tuple[int, int]
    yellows: tuple[int, int]
    bench: tuple[Card, ...]
    trump_card: Card
    kickoff: Card | None
    rng: Rng

    @property
    def trump(self) -> int:
        """The trump suit (0 clubs .. 3 spades)."""
        return self.trump_card // 13


@attrs.frozen
class Progress:
    """What changes once a trick: the current trick's ``leader``, this half's completed ``tricks``,
    each team's ``waves`` count (consecutive tricks won) and the ``match``."""

    leader: int
    tricks: tuple[CompletedTrick, ...]
    waves: tuple[int, int]
    match: Match


@attrs.frozen
class State(Pictured):
    """A Pub Derby match at one moment: ``hands`` (sorted), the current ``trick`` in play order,
    ``to_act`` (``None`` at full time) and ``progress``."""

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    to_act: int | None
    progress: Progress

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self.progress.leader

    @property
    def match(self) -> Match:
        """Goals, yellow cards, trump, bench, half and generator."""
        return self.progress.match


@attrs.frozen
class View(Pictured):
    """What a seat sees: its hand, the trump, the bench's top card (not in classic), every card
    played this half, waves, yellow cards, goals and each seat's hand size."""

    player: int
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    to_act: int | None
    tricks: tuple[CompletedTrick, ...]
    hand_sizes: tuple[int, ...]
    trump: int
    bench_top: Card | None
    kickoff: Card | None
    waves: tuple[int, int]
    goals: tuple[int, int]
    yellows: tuple[int, int]
    half: int
    config: Config
    legal_moves: tuple[Play, ...]


@attrs.frozen
class TrumpChosen:
    """The trump ``suit`` of ``half`` was set by ``card`` (the bench's top, or the card drawn)."""

    half: int
    card: Card
    suit: int


@attrs.frozen
class WaveExtended:
    """``team`` won another trick in a row: its wave is now ``count`` long."""

    team: int
    count: int


@attrs.frozen
class Intercepted:
    """``team`` broke the other team's wave and starts its own at 1."""

    team: int


# Events are immutable: the transition hands out these shared ones instead of building each anew.
_INTERCEPTED = (Intercepted(0), Intercepted(1))
_WAVE = tuple(tuple(WaveExtended(team, count) for count in range(4)) for team in (0, 1))


@attrs.frozen
class GoalScored:
    """``team`` scored from a wave completed by ``seat``; ``goals`` are both teams' totals after it."""

    team: int
    seat: int
    goals: tuple[int, int]


@attrs.frozen
class YellowCard:
    """``team`` won a trick holding a jack and has ``yellows`` yellow cards now."""

    team: int
    yellows: int


@attrs.frozen
class PenaltyAwarded:
    """``team`` (the fouled side) takes a penalty against the other team."""

    team: int


@attrs.frozen
class PenaltyDrawn:
    """One draw of a shootout: the striker's and the goalkeeper's cards."""

    striker_card: Card
    keeper_card: Card


@attrs.frozen
class PenaltyScored:
    """``team`` scored its penalty; ``goals`` are both teams' totals after it."""

    team: int
    goals: tuple[int, int]


@attrs.frozen
class PenaltySaved:
    """``team``'s penalty was saved."""

    team: int


Event: TypeAlias = (
    CardPlayed
    | TrickWon
    | WaveExtended
    | Intercepted
    | GoalScored
    | YellowCard
    | PenaltyAwarded
    | PenaltyDrawn
    | PenaltyScored
    | PenaltySaved
    | HalfTime
    | Dealt
    | TrumpChosen
    | GameOver
)
"""Events of Pub Derby."""


EVENT_TYPES: tuple[type, ...] = (
    CardPlayed,
    TrickWon,
    WaveExtended,
    Intercepted,
    GoalScored,
    YellowCard,
    PenaltyAwarded,
    PenaltyDrawn,
    PenaltyScored,
    PenaltySaved,
    HalfTime,
    Dealt,
    TrumpChosen,
    GameOver,
)


_PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS[:52])


def _config(config: object) -> Config:
    return config_of(config, Config, "pub_derby")
