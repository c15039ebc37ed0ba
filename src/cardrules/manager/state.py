"""Manager's data: the config, the moves, season values and results, the state and the view,
the events."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules._pictured import Pictured
from cardrules._reprs import short_repr
from cardrules._shared.options import RuleNumber, config_of, int_field
from cardrules.cards import CARDS, Card, Suit, to_card
from cardrules.errors import ConfigError
from cardrules.events import GameOver
from cardrules.game import GameInfo

__all__ = ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "SEASONS", "Config"]
__all__ += ["INFO"]
__all__ += ["DraftClosed"]
__all__ += ["DraftOpened", "Event", "Exchange", "Exchanged", "Match", "Move", "Pass", "Passed"]
__all__ += ["SeasonHalved", "SeasonResult", "SeasonRevealed", "SeasonValue", "SeasonWon", "State", "View"]

NAME = "manager"


DESCRIPTION = "Manager: 2 players draft five-card football teams over 11 seasons of melds."


HOW_TO_PLAY = (
    "Two managers each hold a five-card football team; 2s to 10s are defenders, J, Q, K and A "
    "strikers.\n"
    "Each season the teams are compared: the side with more defenders scores 1 for each extra "
    "defender, the side with more strikers 2 for each extra striker; a run of 3, 4 or 5 "
    "consecutive ranks of one suit among them multiplies that by 3, 6 or 9.\n"
    "Between seasons a draft: in turn, swap one of your cards for one in the pool, or pass. Two "
    "passes in a row close it.\n"
    "Whoever wins the most of the 11 seasons wins the match."
)
"""How to play, for a person at the table: a few short paragraphs, one a line."""


# The drafts' pools are turned from the stock the deal left, so the deal decides them.
INFO = GameInfo(
    seats=(2,),
    teams=(),
    zero_sum=True,
    chance_in_deals_only=True,
    phases=("draft",),
)
"""Facts no config changes: seats, teams, zero-sum, where chance lies, phases."""


SEASONS = 11
"""A match is always 11 seasons, with a draft after each of the first 10."""


_TEAM_SIZE = 5


_POOL_SIZE = 3


_STRIKER_RANK = 11  # J, Q, K, A are strikers; 2..10 defenders


_MULTIPLIER = {3: 3, 4: 6, 5: 9}


def _suit_option(instance: object, attribute: attrs.Attribute[Suit | None], value: Suit | None) -> None:
    if value is not None and type(value) is not Suit:
        raise ConfigError(f"Manager stripped_suit must be a Suit or None, got {short_repr(value)}")


@attrs.frozen
class Config:
    """Manager options.

    ``stripped_suit``: the suit left out of the 39-card deck (``None``, the default: the seed's
    generator picks it). ``max_exchanges``: the exchanges (both players together) after which a
    draft closes at once (default 10, at least 1).
    """

    stripped_suit: Suit | None = attrs.field(
        default=None,
        validator=_suit_option,
        metadata={
            "label": "Suit left out",
            "help": "empty: drawn at random",
            "choices": {suit.name: suit.name.lower() for suit in Suit},
        },
    )
    max_exchanges: int = int_field(
        10,
        "Manager max_exchanges",
        1,
        label="Swaps before a draft closes",
        help="both managers together",
        table_max=100,
    )

    seasons = RuleNumber(SEASONS, "Seasons in a match: 11.")


@attrs.frozen
class Exchange:
    """Put ``team_card`` from the mover's team into the pool and take ``pool_card`` into the team."""

    team_card: Card = attrs.field(converter=to_card)
    pool_card: Card = attrs.field(converter=to_card)


@attrs.frozen
class Pass:
    """Make no exchange this turn (a second pass in a row closes the draft)."""


Move: TypeAlias = Exchange | Pass
"""A draft move."""


MOVE_TYPES: tuple[type, ...] = (Exchange, Pass)


@attrs.frozen
class SeasonValue:
    """One team's season value against the other team, with its breakdown.

    ``defenders`` and ``strikers`` count the team's cards (2-10 and J-A); ``surplus_defenders`` and
    ``surplus_strikers`` how many more than the other team has (0 if not more); ``defender_run``
    and ``striker_run`` the longest run of consecutive ranks in one suit within each category;
    ``defender_multiplier`` / ``striker_multiplier`` the factor applied (1, or 3, 6, 9 for a run of
    3, 4, 5 when the category has a surplus); ``points`` = surplus defenders x 1 x their multiplier
    + surplus strikers x 2 x theirs.
    """

    defenders: int
    strikers: int
    surplus_defenders: int
    surplus_strikers: int
    defender_run: int
    striker_run: int
    defender_multiplier: int
    striker_multiplier: int
    points: int


@attrs.frozen
class SeasonResult:
    """A scored season: its number, both teams as revealed, their values, and the winner (None: halved)."""

    season: int
    teams: tuple[tuple[Card, ...], ...]
    values: tuple[SeasonValue, ...]
    winner: int | None


@attrs.frozen
class Match:
    """What changes once a draft: config, the stripped suit, the season just scored, who opened the
    current draft, the stock (top first), retired pools, seasons won in halves (a won season is 2,
    a halved one 1 each), and every season's result."""

    config: Config
    stripped_suit: Suit
    season: int
    first: int
    stock: tuple[Card, ...]
    retired: tuple[Card, ...]
    halves: tuple[int, ...]
    results: tuple[SeasonResult, ...]


@attrs.frozen
class State(Pictured):
    """A Manager match between drafts' moves.

    ``teams`` are both seats' five cards, sorted; ``pool`` the open draft's cards, sorted;
    ``to_act`` the seat to move (``None`` once season 11 is scored); ``exchanges`` made in this
    draft; ``passed`` whether the last turn was a pass; ``match`` what changes once a draft.
    """

    teams: tuple[tuple[Card, ...], ...]
    pool: tuple[Card, ...]
    to_act: int | None
    exchanges: int
    passed: bool
    match: Match


@attrs.frozen
class View(Pictured):
    """What a seat sees: everything but the order of the stock (whose cards follow from the rest)."""

    player: int
    """The seat this view is for, 0 or 1."""
    teams: tuple[tuple[Card, ...], ...]
    """Both teams, seat 0's first, five cards each in card order (2 to 10 are defenders, J Q K A
    strikers); the teams are public."""
    pool: tuple[Card, ...]
    """The open draft's pool, face up, in card order: three cards (two in the tenth draft); empty
    after season 11."""
    to_act: int | None
    """The seat to move in the open draft; ``None`` once season 11 is scored and the match is over."""
    exchanges: int
    """Exchanges made in the open draft, both seats together; the ``config.max_exchanges``-th closes
    it at once."""
    passed: bool
    """Whether the last turn of the open draft was a pass: a second pass now closes it."""
    season: int
    """The season last scored, 1 to 11; the open draft (none after season 11) is draft ``season``,
    the one after it."""
    first: int
    """The seat that moves first in the draft after season ``season``: that season's loser, or after
    a halved season the seat that did not move first in the draft before (seat 1 after a halved
    season 1). No draft follows season 11."""
    stripped_suit: Suit
    """The suit left out of the 39-card deck (picked by the seed's generator when the config leaves
    it ``None``)."""
    stock_size: int
    """How many cards are left in the face-down stock, from which the next pools are turned up (26
    at the start, 0 once the tenth pool is up)."""
    retired: tuple[Card, ...]
    """The cards of the closed drafts' pools, in the order they were retired, each pool in card
    order."""
    halves: tuple[int, ...]
    """The seasons each seat has won, seat 0 first, counted in halves: a season won is 2, a halved
    one 1 each (so 11 is 5½ seasons). More wins the match."""
    results: tuple[SeasonResult, ...]
    """Every season scored so far, season 1 first: both teams as they were, their values with the
    breakdowns (``SeasonValue``), and the winning seat (``None``: halved)."""
    config: Config
    """The match's options: ``stripped_suit`` and ``max_exchanges``."""
    legal_moves: tuple[Exchange | Pass, ...]
    """The moves this seat may make now: every ``Exchange`` (by team card, then pool card, in card
    order), then ``Pass``; empty when it is not this seat's turn."""


@attrs.frozen
class SeasonRevealed:
    """Season ``season`` is tabulated: both ``teams`` and their ``values`` (breakdowns)."""

    season: int
    teams: tuple[tuple[Card, ...], ...]
    values: tuple[SeasonValue, ...]


@attrs.frozen
class SeasonWon:
    """``seat`` won season ``season``."""

    season: int
    seat: int


@attrs.frozen
class SeasonHalved:
    """Season ``season`` was halved (equal values): half a season each."""

    season: int


@attrs.frozen
class DraftOpened:
    """Draft ``draft`` opens on ``pool``; ``first`` moves first."""

    draft: int
    pool: tuple[Card, ...]
    first: int


@attrs.frozen
class Exchanged:
    """``seat`` put ``team_card`` into the pool and took ``pool_card``."""

    seat: int
    team_card: Card
    pool_card: Card


@attrs.frozen
class Passed:
    """``seat`` passed."""

    seat: int


@attrs.frozen
class DraftClosed:
    """Draft ``draft`` closed; its ``pool`` is retired."""

    draft: int
    pool: tuple[Card, ...]


Event: TypeAlias = (
    SeasonRevealed | SeasonWon | SeasonHalved | DraftOpened | Exchanged | Passed | DraftClosed | GameOver
)
"""Events of Manager."""


EVENT_TYPES: tuple[type, ...] = (
    SeasonRevealed,
    SeasonWon,
    SeasonHalved,
    DraftOpened,
    Exchanged,
    Passed,
    DraftClosed,
    GameOver,
)


_PASS = Pass()


_ACTIONS = 52 * 52 + 1


def _config(config: object) -> Config:
    return config_of(config, Config, "manager")


# Pool k is open during draft k (k = 1..10): 3 cards from the deal, then 3 a draft from the 26-card
# stock, the tenth the last 2 (26 = 8 x 3 + 2); no pool after season 11.
_POOL_SIZES = (_POOL_SIZE,) * 9 + (2, 0)


_EXCHANGE: tuple[tuple[Exchange, ...], ...] = tuple(
    tuple(Exchange(t, p) for p in CARDS[:52]) for t in CARDS[:52]
)
