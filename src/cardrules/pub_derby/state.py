"""Pub Derby's data: the config and formats, the move, the state and the view, the events."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from cardrules._pictured import Pictured
from cardrules._reprs import short_repr
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.options import RuleNumber, config_of
from cardrules.cards import CARDS, Card, Rank, to_card
from cardrules.errors import ConfigError
from cardrules.events import CardPlayed, Dealt, GameOver, HalfTime, TrickWon
from cardrules.game import GameInfo
from cardrules.rng import Rng

__all__ = ["DESCRIPTION", "EVENT_TYPES", "FORMATS", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "Config"]
__all__ += ["INFO"]
__all__ += ["Event", "GoalScored"]
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


# Seats alternate between the teams; a penalty shootout shuffles the trick's cards.
INFO = GameInfo(
    seats=(4, 6, 8),
    teams=("Team A", "Team B"),
    zero_sum=True,
    chance_in_deals_only=False,
    phases=("tricks",),
    own_fields=("player", "hand", "legal_moves"),
)
"""Facts no config changes: seats, teams, zero-sum, where chance lies, phases."""


Format: TypeAlias = Literal["classic", "pub", "big_squad"]


FORMATS: dict[str, tuple[int, int, int]] = {
    "classic": (4, 13, 3),
    "pub": (6, 8, 2),
    "big_squad": (8, 6, 2),
}
"""Each format's players, cards per hand and goal length (tricks in a row)."""


HALVES = 2
"""A match's halves, each a fresh deal and trump (the rules: "A match consists of 2 halves")."""


_KICKOFF_ORDER: tuple[Card, ...] = tuple(CARDS[suit * 13] for suit in (0, 1, 3, 2))  # 2C 2D 2S 2H


_JACK = int(Rank.JACK)


_TEAMS = ("A", "B")


def _format_option(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str or value not in FORMATS:
        raise ConfigError(f"Pub Derby format must be one of {', '.join(FORMATS)}, got {short_repr(value)}")


@attrs.frozen
class Config:
    """Pub Derby options: ``format`` is ``"classic"`` (default), ``"pub"`` or ``"big_squad"``."""

    format: Format = attrs.field(
        default="classic",
        validator=_format_option,
        metadata={
            "label": "Format",
            "choices": {"classic": "Classic", "pub": "Pub", "big_squad": "Big squad"},
        },
    )

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

    halves = RuleNumber(HALVES, "Halves in a match, in every format: 2.")


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
    """The seat this view is for, 0 to ``config.players - 1``; even seats are team A (0), odd seats
    team B (1)."""
    hand: tuple[Card, ...]
    """This seat's cards, sorted by suit (clubs, diamonds, hearts, spades), then rank, 2 low to A high."""
    trick: tuple[Card, ...]
    """The current trick's cards in play order, the leader's first (seat ``(leader + i) % players``
    played card ``i``); empty before the lead."""
    leader: int
    """The seat that led (or is to lead) the current trick: at a half's kick-off the holder of the
    kick-off card (seat 0 when there is none), after a goal the seat to the scorer's left (the
    next seat), else the last trick's winner."""
    to_act: int | None
    """The seat to play now; ``None`` at full time."""
    tricks: tuple[CompletedTrick, ...]
    """This half's completed tricks, first to last, each with its leader, cards in play order and
    winner; at full time, the second half's."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds, seat 0 first."""
    trump: int
    """This half's trump suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades (the bench's top card's suit,
    or in classic the suit of a card drawn at random)."""
    bench_top: Card | None
    """The bench's top card, face up, which set the trump (``pub`` and ``big_squad``); ``None`` in
    ``classic``, which has no bench."""
    kickoff: Card | None
    """This half's kick-off card, which its holder must lead to the half's first trick: the 2 of
    clubs, or if it is on the bench the first of the 2 of diamonds, spades, hearts that is not;
    ``None`` when all four are on the bench (seat 0 then leads any card)."""
    waves: tuple[int, int]
    """Each team's wave, team A first: the tricks it has won in a row, so at most one is above 0. A
    wave that reaches ``config.goal_length`` scores a goal; both go back to 0 then and at half time."""
    goals: tuple[int, int]
    """Each team's goals in the match, team A first, penalties included; more goals wins at full time."""
    yellows: tuple[int, int]
    """Each team's yellow cards, team A first: 0 or 1, since a team's second gives the other team a
    penalty and both teams' are then discarded. They carry over at half time."""
    half: int
    """The half being played: 1 or 2 (2 at full time)."""
    config: Config
    """The match's options: its ``format`` (``"classic"``, ``"pub"`` or ``"big_squad"``), which
    gives the players, cards per hand and goal length."""
    legal_moves: tuple[Play, ...]
    """The plays this seat may make now, in hand order (at a half's kick-off, the kick-off card
    alone if there is one); empty when it is not this seat's turn."""


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
