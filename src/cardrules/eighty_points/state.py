"""80 Points' values: config, moves, the state and view, and events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias, get_args

import attrs

from cardrules._pictured import Pictured
from cardrules._reprs import short_repr
from cardrules._shared.options import RuleNumber, int_field
from cardrules.cards import Card, to_card
from cardrules.errors import CardParseError, IllegalMoveError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import GameInfo
from cardrules.rng import Rng

__all__ = ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "AskRedeal"]
__all__ += ["INFO"]
__all__ += ["BottomRevealed", "BottomTaken"]
__all__ += ["CompletedTrick", "Config", "DeclareNoTrump", "Discard", "Discarded", "Event", "KeepHand"]
__all__ += ["LevelsChanged", "Match", "Move", "NoDeclare", "NoTrumpDeclared", "Phase", "Play", "RedealAsked"]
__all__ += ["State", "Table", "Trick", "TrumpSet", "View"]

NAME = "eighty_points"
DESCRIPTION = "80 Points: 4 players in pairs, two decks, royal numbers, doubles and sisters."


HOW_TO_PLAY = (
    "Four players in two teams (seats 0 and 2 against 1 and 3) with two decks and four jokers.\n"
    "One team defends: its level (2 up to A) is the round's royal number, and the royal-number "
    "cards, the jokers and the trump suit are all trumps.\n"
    "The starting player takes the 8 bottom cards and puts 8 back. Lead a single, a double (two "
    "identical cards) or sisters (consecutive doubles); follow with as many cards of the led "
    "suit, doubles and sisters when you have them.\n"
    "Only 5s, 10s and kings count, and only for the attackers: 80 points takes the defence "
    "over. The defenders' level rises when they hold them off.\n"
    "A team that defends successfully on its level A wins the match."
)
"""How to play, for a person at the table: a few short paragraphs, one a line."""


ACE = 14
HAND = 25
BOTTOM = 8
TRICKS = 25
TAKE_OVER = 80  # the attackers' points that take the defence over

Phase: TypeAlias = Literal["redeal", "declare", "discard", "play", "over"]
"""Asking for redeals, declaring no-trump, the starter's discards, tricks, or the match is over."""
_PHASES: tuple[Phase, ...] = get_args(Phase)


# Seats 0 and 2 play against 1 and 3; redeals are deals.
INFO = GameInfo(
    seats=(4,),
    teams=("Team A", "Team B"),
    zero_sum=True,
    chance_in_deals_only=True,
    phases=("redeal", "declare", "discard", "play"),
    moves_in_steps=True,
    own_fields=("player", "hand", "bottom", "legal_moves"),
)
"""Facts no config changes: seats, teams, zero-sum, where chance lies, phases."""


@attrs.frozen
class Config:
    """80 Points options.

    ``max_redeals`` (default 3, at least 0): redeals allowed a round. ``max_rounds`` (default 50):
    the match stops after this many rounds if no team has won. ``rounds`` (default ``None``): play
    exactly this many rounds, whatever happens at A (overrides ``max_rounds``).
    """

    max_redeals: int = int_field(3, "80 Points max_redeals", 0, label="Redeals allowed a round", table_max=10)
    max_rounds: int = int_field(
        50, "80 Points max_rounds", 1, label="Most rounds", help="if no team has won by then", table_max=50
    )
    rounds: int | None = int_field(
        None,
        "80 Points rounds",
        1,
        label="Play exactly this many rounds",
        help="empty: until a team wins",
        table_max=50,
        optional=True,
    )

    @property
    def round_limit(self) -> int:
        """The most rounds a match can last."""
        return self.rounds if self.rounds is not None else self.max_rounds

    bottom_cards = RuleNumber(
        BOTTOM, "Cards in the bottom, which the starting player takes and puts back: 8."
    )
    take_over_points = RuleNumber(
        TAKE_OVER, "The attackers' points in a round that take the defence over: 80."
    )


@attrs.frozen
class AskRedeal:
    """Ask for a redeal (only a player holding fewer than 25 points is asked)."""


@attrs.frozen
class KeepHand:
    """Keep the hand: no redeal."""


@attrs.frozen
class DeclareNoTrump:
    """Show two identical jokers: the round has no trump suit, only the royal number."""


@attrs.frozen
class NoDeclare:
    """Do not show the jokers."""


@attrs.frozen
class Discard:
    """The starting player puts ``card`` into the bottom (eight such moves after taking it)."""

    card: Card = attrs.field(converter=to_card)


def _to_cards(value: Sequence[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    try:
        return tuple(sorted(to_card(c) for c in value))
    except CardParseError as exc:
        raise IllegalMoveError(f"a play is one, two or four cards: {exc}") from None
    except TypeError:
        raise IllegalMoveError(f"a play is a sequence of cards, got {short_repr(value)}") from None


@attrs.frozen
class Play:
    """Play ``cards`` to the trick: a single, a double, or sisters (kept sorted). ``Play("7C 7C")``."""

    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)


Move: TypeAlias = AskRedeal | KeepHand | DeclareNoTrump | NoDeclare | Discard | Play
"""An 80 Points move."""
MOVE_TYPES: tuple[type, ...] = (AskRedeal, KeepHand, DeclareNoTrump, NoDeclare, Discard, Play)


@attrs.frozen
class CompletedTrick:
    """A finished trick: its leader, the plays in play order (a play is one or more cards), the
    winning seat and its points."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int


Trick = CompletedTrick
"""The former name of [`CompletedTrick`][], kept so that old imports work; to go in 1.0."""


@attrs.frozen
class Match:
    """What changes once a round: config, each team's level (team 0 = seats 0 and 2), the round
    number, the winning team once decided, and the generator."""

    config: Config
    levels: tuple[int, int]
    round: int
    winner: int | None
    rng: Rng


@attrs.frozen
class Table:
    """What changes once a trick or phase step: the phase, the starting player (whose team defends),
    the royal number (the defending team's level when the round was dealt), the trump suit
    (``None``: no trump), the current trick's leader, this round's tricks, the
    attackers' points so far, the bottom, the redeals made, and the match."""

    phase: Phase
    starter: int
    royal: int
    trump: int | None
    leader: int
    tricks: tuple[CompletedTrick, ...]
    points: int
    bottom: tuple[Card, ...]
    redeals: int
    match: Match


def _table(
    *,
    phase: Phase,
    starter: int,
    royal: int,
    trump: int | None,
    leader: int,
    tricks: tuple[CompletedTrick, ...],
    points: int,
    bottom: tuple[Card, ...],
    redeals: int,
    match: Match,
) -> Table:
    """A ``Table``, every field named: what the transitions build one with. Calling the class with
    keywords would cost a dictionary a call (a class takes keywords as one), which a trick's
    transition cannot spare; a function takes them as they come."""
    return Table(phase, starter, royal, trump, leader, tricks, points, bottom, redeals, match)


@attrs.frozen
class State(Pictured):
    """An 80 Points match at one moment: ``hands`` (sorted), the current ``trick`` (plays in play
    order), ``to_act`` (``None`` when over) and the ``table``."""

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[Card, ...], ...]
    to_act: int | None
    table: Table


@attrs.frozen
class View(Pictured):
    """What a seat sees: its hand, the bottom if it took it, every card played this round, levels,
    trump, royal number, points so far, phase and whose turn it is."""

    player: int
    """The seat this view is for, 0 to 3; seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    hand: tuple[Card, ...]
    """This seat's cards in card order (clubs, diamonds, hearts, spades, each 2 up to A, then the
    small and big jokers), both copies of a card side by side; the starting player's holds the
    bottom too (33 cards) while it discards."""
    trick: tuple[tuple[Card, ...], ...]
    """The current trick's plays in play order, the leader's first (seat ``(leader + i) % 4`` made
    play ``i``), each play its cards sorted; empty before the lead."""
    to_act: int | None
    """The seat to move now: the seat asked in the redeal and no-trump phases, the starting player
    while it discards, else the seat to play. ``None`` once the match is over."""
    phase: Phase
    """The round's phase: ``"redeal"`` (asking for redeals), ``"declare"`` (declaring no trump),
    ``"discard"`` (the starting player's eight discards), ``"play"`` (tricks), or ``"over"`` (the
    match is over)."""
    starter: int
    """The round's starting player: its team (``starter % 2``) defends, the other attacks; it takes
    the bottom and leads the first trick."""
    trump: int | None
    """The trump suit, 0 clubs, 1 diamonds, 2 hearts, 3 spades; ``None`` for no trump (two identical
    jokers declared), when only the royal number and the jokers are trumps."""
    royal: int
    """The round's royal number, a rank from 2 to 14 (14 is the ace): the defending team's level when
    the round was dealt (it stays so once the match is over, while ``levels`` show the new ones)."""
    leader: int
    """The seat that led (or is to lead) the current trick: the starting player for the first trick
    (and before it), else the last trick's winner."""
    tricks: tuple[CompletedTrick, ...]
    """This round's completed tricks, first to last, each with its leader, plays in play order,
    winner and points (its 5s, 10s and kings, whoever won it); once the match is over, the last
    round's."""
    points: int
    """The attackers' points this round so far (5s count 5, 10s and kings 10, in the tricks they
    won); once the match is over, the last round's total, the bottom's doubled points included if
    the attackers won the last trick."""
    bottom: tuple[Card, ...]
    """The bottom, when this seat may see it: the starting player sees its discards so far while it
    discards, and the eight it put down while the tricks are played; every seat sees the last
    round's once the match is over. Otherwise empty."""
    bottom_size: int
    """How many cards are in the bottom: 8 until the starting player takes them, then 0, and one
    more with each discard up to 8."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds, seat 0 first."""
    redeals: int
    """Redeals made this round (at most ``config.max_redeals``)."""
    levels: tuple[int, int]
    """Each team's level, team 0 (seats 0 and 2) first, a rank from 2 to 14 (14 is the ace); both
    start at 2."""
    round: int
    """The round being played (the last one once the match is over), counted from 1."""
    winner: int | None
    """The team that won the match, 0 (seats 0 and 2) or 1 (seats 1 and 3); ``None`` while the
    match goes on."""
    config: Config
    """The match's options: ``max_redeals``, ``max_rounds`` and ``rounds``."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now, in the order the rules page gives under "Move order"; empty
    when it is not this seat's turn."""


@attrs.frozen
class TrumpSet:
    """Round ``round``: ``starter`` starts (its team defends) with royal number ``royal`` and trump
    ``suit`` (``None`` once no-trump is declared)."""

    round: int
    starter: int
    royal: int
    suit: int | None


@attrs.frozen
class RedealAsked:
    """``seat`` asked for a redeal; ``redeals`` made this round."""

    seat: int
    redeals: int


@attrs.frozen
class NoTrumpDeclared:
    """``seat`` showed two identical jokers: no trump suit this round."""

    seat: int


@attrs.frozen
class BottomTaken:
    """``seat`` took the bottom 8 into its hand."""

    seat: int


@attrs.frozen
class Discarded:
    """``seat`` discarded a card into the bottom, which now holds ``count`` cards (face down)."""

    seat: int
    count: int


@attrs.frozen
class BottomRevealed:
    """The round's bottom, ``points`` in it, and ``counted`` (doubled if the attackers won the last
    trick, else 0)."""

    cards: tuple[Card, ...]
    points: int
    counted: int


@attrs.frozen
class LevelsChanged:
    """After a round the ``levels`` are these; ``defenders`` defend next, led by ``starter``."""

    levels: tuple[int, int]
    defenders: int
    starter: int


Event: TypeAlias = (
    Dealt
    | TrumpSet
    | RedealAsked
    | NoTrumpDeclared
    | BottomTaken
    | Discarded
    | CardPlayed
    | TrickWon
    | BottomRevealed
    | RoundScored
    | LevelsChanged
    | GameOver
)
"""Events of 80 Points."""
EVENT_TYPES: tuple[type, ...] = (
    Dealt,
    TrumpSet,
    RedealAsked,
    NoTrumpDeclared,
    BottomTaken,
    Discarded,
    CardPlayed,
    TrickWon,
    BottomRevealed,
    RoundScored,
    LevelsChanged,
    GameOver,
)
