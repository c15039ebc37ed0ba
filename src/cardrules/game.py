"""The game contract: what every ruleset module provides, and the small types they share.

A game is a module (``cardrules.clubs``, ...) that satisfies [`Game`][]. States, moves, views
and events are frozen attrs classes; the module's functions are pure. See ``docs/contract.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import attrs

from cardrules.cards import Card

__all__ = ["Game", "GameInfo", "Outcome", "SteppedGame", "ViewLike", "Zone", "game_of"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")
ConfigT = TypeVar("ConfigT")


@attrs.frozen
class Outcome:
    """The result of a finished game.

    ``scores`` has one entry per seat (in team games each seat carries its team's score);
    ``winners`` lists the winning seats in ascending order (shared wins; every seat on a draw).
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]

    def rewards(self) -> tuple[float, ...]:
        """Each seat's reward in [0, 1], as search bots use it: 1 for a win, 0 for a loss.

        A win shared by every seat (a draw) is 0.5 each; a win shared by some seats (a team, or a tie
        for the lowest Clubs score) is 1 to each of them.
        """
        players = len(self.scores)
        if len(self.winners) == players:
            return (0.5,) * players
        return tuple(1.0 if s in self.winners else 0.0 for s in range(players))


@attrs.frozen
class GameInfo:
    """Facts about a game that no config changes, declared once by the game as ``INFO`` (as
    OpenSpiel's ``GameType`` is). Adapters, bots, tables and the server read them here instead
    of knowing games by name.
    """

    seats: tuple[int, ...]
    """The seat counts its configs allow, ascending: ``(2, 3, 4)`` for Clubs, ``(2,)`` for Manager."""
    teams: tuple[str, ...]
    """The sides' names when seats play in sides, seat ``s`` for ``teams[s % len(teams)]``:
    ``("Home", "Away")``; empty when every seat plays for itself."""
    zero_sum: bool
    """Whether one side's win is always the other's loss (a draw halves it). ``False`` for Clubs,
    where every seat tied for the lowest score wins."""
    chance_in_deals_only: bool
    """Whether every random event is a shuffle for a deal, so that a deal's order decides all that
    follows. ``False`` when play itself shuffles or draws, as Pub Derby's penalty shootouts and
    Rugby League's reshuffled rows do."""
    phases: tuple[str, ...]
    """The phases of play in the order a round meets them, as a state's ``phase`` names them
    where it has one."""
    hidden_only_in_hands: bool = False
    """Whether every card a seat may not see lies in another seat's hand, in every config (the
    whole deck is dealt, nothing lies face down): then every way to split the unseen cards into
    the hands' sizes that the public play allows is a possible deal (the OpenSpiel adapter starts
    from a position so)."""
    moves_in_steps: bool = False
    """Whether a move can be made of several cards chosen one decision at a time (80 Points'
    doubles and sisters): the game is then a [`SteppedGame`][] as well, which the adapters use."""
    own_fields: tuple[str, ...] = ("player", "legal_moves")
    """The fields of the game's ``View`` that are the seat's own (which seat it is, its moves, its
    cards): every other field is the same in every seat's view of a state, as the contract suite
    checks, so it is what all the seats know, and a spectator may be shown it."""

    def team_of(self, seat: int) -> int | None:
        """The index in ``teams`` of the side ``seat`` plays for; ``None`` when seats play alone."""
        return seat % len(self.teams) if self.teams else None

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for: its team's index, or the seat itself when seats play alone
        (two seats are on one side exactly when their sides are equal)."""
        return seat % len(self.teams) if self.teams else seat

    def team_name(self, seat: int) -> str | None:
        """The name of the side ``seat`` plays for (``"Team B"``); ``None`` when seats play alone."""
        return self.teams[seat % len(self.teams)] if self.teams else None


@attrs.frozen
class Zone:
    """One place where cards lie, for card-conservation and hidden-information checks.

    ``seen_by`` lists the seats allowed to know which cards are in the zone: every seat for a
    public zone, one seat for a hand, none for a deck or face-down cards.
    """

    name: str
    cards: tuple[Card, ...]
    seen_by: tuple[int, ...]


class ViewLike(Protocol):
    """What every game's ``View`` has: the seat it belongs to, whose turn it is, and the legal moves."""

    @property
    def player(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def legal_moves(self) -> tuple[Any, ...]: ...


class Game(Protocol[StateT, MoveT, ViewT, ConfigT]):
    """The contract every ruleset module satisfies (``cardrules.GAMES`` holds the modules).

    Functions are pure: they never mutate their arguments, read no clock and no global state.
    """

    NAME: str
    """Registry name, equal to the module name (``"clubs"``)."""
    DESCRIPTION: str
    """One line describing the game."""
    HOW_TO_PLAY: str
    """How to play, in a few short paragraphs (one a line) for a person at the table: what the
    terminal table prints at the start and the web table's "How to play" panel shows."""
    INFO: GameInfo
    """Facts no config changes: seats, teams, zero-sum, where chance lies, phases."""
    MOVE_TYPES: tuple[type, ...]
    """The move classes; ``Move`` is their union."""
    EVENT_TYPES: tuple[type, ...]
    """The event classes ``step`` can emit; ``Event`` is their union."""

    @property
    def Config(self) -> type[ConfigT]: ...  # noqa: N802 - the contract names the class Config

    @property
    def State(self) -> type[StateT]: ...  # noqa: N802

    @property
    def View(self) -> type[ViewT]: ...  # noqa: N802

    def new_game(
        self, seed: int, config: ConfigT | None = None, *, deck: Sequence[Card | str] | None = None
    ) -> StateT:
        """A new game; ``deck`` (top card first) stacks the first deal, the seed drives the rest."""

    def legal_moves(self, state: StateT) -> tuple[MoveT, ...]:
        """Every legal move of ``state.to_act`` in a documented order; empty exactly when over."""

    def is_legal(self, state: StateT, move: object) -> bool:
        """Whether ``move`` is legal now, without listing the other moves."""

    def apply(self, state: StateT, move: object) -> StateT:
        """The state after ``move``; raises ``IllegalMoveError`` for anything not legal."""

    def step(self, state: StateT, move: object) -> tuple[StateT, tuple[Any, ...]]:
        """``apply`` plus the public events of the transition, in table order."""

    def rollout(self, state: StateT, seed: int) -> tuple[float, ...]:
        """A fast playout for search bots on the game's one transition (no events, no re-checking
        of its own moves): each seat's reward in [0, 1], deterministic from ``seed``."""

    def opening_events(self, state: StateT) -> tuple[Any, ...]:
        """The public events implied by ``new_game`` (the deal, the trump, ...), for front ends."""

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, ``None`` before."""

    def view(self, state: StateT, player: int) -> ViewT:
        """Everything seat ``player`` may know, and nothing else."""

    def sample_state(self, view: ViewT, seed: int) -> StateT:
        """A complete state consistent with ``view``, hidden cards dealt at random."""

    def format_move(self, move: MoveT) -> str:
        """The move in the game's short notation."""

    def parse_move(self, state: StateT, text: str) -> MoveT:
        """The legal move written as ``text``; ``MoveParseError`` for text that is no move."""

    def action_count(self, config: ConfigT | None = None) -> int:
        """How many integer actions the game's encoding has with this config (fixed for it)."""

    def encode_move(self, move: MoveT) -> int:
        """The move's action number, in ``range(action_count(config))``."""

    def decode_move(self, state: StateT, index: int) -> MoveT:
        """The move numbered ``index``, which must be legal in ``state`` (else ``IllegalMoveError``)."""

    def legal_actions(self, state: StateT) -> tuple[int, ...]:
        """The action numbers of ``legal_moves(state)``, ascending."""

    def num_players(self, config: ConfigT | None = None) -> int:
        """The number of seats of a game with this config."""

    def max_moves(self, config: ConfigT | None = None) -> int:
        """A hard bound on the number of moves of a game with this config."""

    def game_deck(self, config: ConfigT | None = None) -> tuple[Card, ...]:
        """Every card the game uses, sorted (for conservation checks)."""

    def zones(self, state: StateT) -> tuple[Zone, ...]:
        """Every place holding cards, with who may see it; together they hold ``game_deck``."""

    def to_text(self, state: StateT) -> str:
        """The position as one line of text (like chess's FEN), the game's name first."""

    def from_text(self, text: str) -> StateT:
        """The position ``to_text`` wrote (or one written by hand), checked by ``validate``."""

    def validate(self, state: StateT) -> None:
        """Raise ``StateError`` if ``state`` is not a consistent position of the game."""

    def render(self, state_or_view: StateT | ViewT) -> str:
        """A plain-text picture for terminals: a seat's view, or a state (its acting seat's view
        and every card hidden from that seat)."""

    def describe(self, event: object, viewer: int | None = None) -> str:
        """One of the game's events as one sentence for people, the seat ``viewer`` called "you"."""


class SteppedGame(Game[StateT, MoveT, ViewT, ConfigT], Protocol):
    """A game whose moves can be chosen a step at a time (``INFO.moves_in_steps``): an agent picks
    each card of a multi-card play in turn, so a fixed, small action space covers every play."""

    STEP_COUNT: int
    """How many step actions there are."""
    CHOSEN_SIZE: int
    """The length of ``chosen_faces``' answer."""

    def step_actions(self, state: StateT, chosen: tuple[int, ...] = ()) -> tuple[int, ...]:
        """The legal next steps after ``chosen``, ascending; empty once ``chosen`` makes a move."""

    def step_move(self, state: StateT, chosen: tuple[int, ...]) -> MoveT | None:
        """The move the steps ``chosen`` make, or ``None`` while more are needed."""

    def move_steps(self, state: StateT, move: MoveT) -> tuple[int, ...]:
        """The steps that make the legal ``move``."""

    def chosen_faces(self, chosen: tuple[int, ...]) -> tuple[float, ...]:
        """The steps chosen so far, as an agent's input of ``CHOSEN_SIZE`` numbers."""


def game_of(obj: object) -> Any:
    """The game module whose ``State`` or ``View`` class ``obj`` is an instance of, else ``None``.

    The class's own package is looked up among the imported modules (it is imported once the class
    exists), not in the registry: the registry imports every game, and the games import this.
    """
    game = sys.modules.get(type(obj).__module__.rpartition(".")[0])
    if game is not None and type(obj) in (getattr(game, "State", None), getattr(game, "View", None)):
        return game
    return None
