"""Rugby League's values: config, moves, the state and view, events, and the pitch."""

from __future__ import annotations

from typing import Literal, TypeAlias, get_args

import attrs

from cardrules._pictured import Pictured
from cardrules._reprs import short_repr
from cardrules._shared.options import RuleNumber, bool_option, config_of
from cardrules.cards import Card
from cardrules.errors import IllegalMoveError, StateError
from cardrules.events import GameOver, HalfTime
from cardrules.game import GameInfo
from cardrules.rng import Rng

__all__ = ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "AttemptDropGoal", "BallMoved"]
__all__ += ["INFO"]
__all__ += ["CardsRevealed", "Choose", "Config", "Event", "Field", "KickForGoal", "KickForTouch"]
__all__ += ["KickResult", "Match", "Move", "PenaltyChoice", "PenaltyConceded", "Phase", "PossessionChanged"]
__all__ += ["SetEnded", "State", "TackleWon", "TapAndRun", "TieBreakDraw", "TryScored", "View", "place_name"]
__all__ += ["in_extra_time", "sets_in_half"]

NAME = "rugby_league"
DESCRIPTION = "Rugby League: 2 players tackle with blind cards for tries, penalties and goals."


HOW_TO_PLAY = (
    "Two players fight over an eight-place pitch: home (seat 0) attacks towards the away try "
    "line, away (seat 1) towards home's.\n"
    "Each set you both lay six cards face down. In a tackle the attacker picks a slot, then "
    "the defender; both cards turn over and the higher rank wins.\n"
    "The ball goes one place forward either way, but on the attack's second lost tackle of a set "
    "they kick and the ball changes hands.\n"
    "Reach the try line for a try (4) and a conversion (2). Showing the same rank twice in a "
    "row gives away a penalty: kick for touch, kick for goal (2) or tap and run.\n"
    "In the other half the attacker may try a drop goal (1). Two halves of 10 sets; more points "
    "wins."
)
"""How to play, for a person at the table: a few short paragraphs, one a line."""


HOME, AWAY = 0, 1
ROW = 6
KICK_ROW = 3
SETS_PER_HALF = (10, 10, 5, 5)  # halves 1, 2 and the two halves of extra time
HALVES = 2  # of normal time; extra time's two halves follow a draw
PLACES = 8  # the pitch: a try line and three places in each half, then the other try line
TRY_LINES = (0, PLACES - 1)  # the home try line, the away try line: a try is scored on reaching one
LOST_TACKLES = 2  # the attackers' lost tackles that end a set
TOUCH_PLACES = 2  # a kick for touch's gain
TRY, CONVERSION, PENALTY_GOAL, DROP_GOAL = 4, 2, 2, 1

Phase: TypeAlias = Literal["tackle", "penalty", "conversion", "penalty_goal", "drop_goal", "over"]
"""What the match is doing: a tackle, a penalty choice, one of the three kicks, or over."""
_PHASES: tuple[Phase, ...] = get_args(Phase)


# Seat 0 is Home; fresh rows are dealt during play and the draw pile is reshuffled when used up.
INFO = GameInfo(
    seats=(2,),
    teams=("Home", "Away"),
    zero_sum=True,
    chance_in_deals_only=False,
    phases=("tackle", "penalty", "conversion", "penalty_goal", "drop_goal"),
    own_fields=("player", "own_row", "own_pending", "legal_moves"),
)
"""Facts no config changes: seats, teams, zero-sum, where chance lies, phases."""


KICKS: tuple[str, ...] = ("conversion", "penalty_goal", "drop_goal")


@attrs.frozen
class Config:
    """Rugby League options: ``open_hands`` lets each player see their own row (default blind play)."""

    open_hands: bool = attrs.field(
        default=False,
        validator=bool_option("Rugby League open_hands"),
        metadata={"label": "Open hands", "help": "see your own face-down row"},
    )

    halves = RuleNumber(HALVES, "Halves of normal time: 2 (extra time's two halves follow a draw).")
    sets_per_half = RuleNumber(SETS_PER_HALF[0], "Sets in each half of normal time: 10.")
    extra_time_sets = RuleNumber(
        SETS_PER_HALF[HALVES], "Sets in each half of extra time, which ends at a score: 5."
    )
    places = RuleNumber(PLACES, "Places on the pitch, from the home try line to the away try line: 8.")
    lost_tackles = RuleNumber(
        LOST_TACKLES, "The attackers' lost tackles that end a set (they kick, the ball changes hands): 2."
    )
    touch_places = RuleNumber(TOUCH_PLACES, "Places a kick for touch moves the ball forward: 2.")
    try_points = RuleNumber(TRY, "Points for a try: 4.")
    conversion_points = RuleNumber(CONVERSION, "Points for a conversion: 2.")
    penalty_goal_points = RuleNumber(PENALTY_GOAL, "Points for a penalty goal: 2.")
    drop_goal_points = RuleNumber(DROP_GOAL, "Points for a drop goal: 1.")


@attrs.frozen
class Choose:
    """Pick slot ``slot`` (0-5 in a set, 0-2 in a kick) of one's own face-down row.

    ``slot`` is a whole number from 0 (``IllegalMoveError`` otherwise: ``Choose(True)`` would
    equal ``Choose(1)``, and ``Choose(-1)`` name a slot from the end); a slot the row does not
    have is refused when the move is played.
    """

    slot: int = attrs.field(validator=lambda _, __, slot: _check_slot(slot))


def _check_slot(slot: object) -> None:
    if type(slot) is not int or slot < 0:
        raise IllegalMoveError(f"a slot is a whole number from 0, got {short_repr(slot)}")


@attrs.frozen
class AttemptDropGoal:
    """Instead of picking a card, try a drop goal (attacker in the opponent's half, tackle start)."""


@attrs.frozen
class KickForTouch:
    """Penalty choice in one's own half: the ball goes two places forward, then a restart."""


@attrs.frozen
class KickForGoal:
    """Penalty choice in the opponent's half: a kick at goal for 2 points."""


@attrs.frozen
class TapAndRun:
    """Penalty choice anywhere: restart the set where the ball lies."""


Move: TypeAlias = Choose | AttemptDropGoal | KickForTouch | KickForGoal | TapAndRun
"""A Rugby League move."""
MOVE_TYPES: tuple[type, ...] = (Choose, AttemptDropGoal, KickForTouch, KickForGoal, TapAndRun)


@attrs.frozen
class Match:
    """What changes once a set: config, the score, the half (1, 2; 3 and 4 are extra time), sets
    completed in this half, and the generator."""

    config: Config
    scores: tuple[int, int]
    half: int
    sets: int
    rng: Rng


@attrs.frozen
class Field:
    """What changes once a tackle.

    ``phase``; ``attacker`` (in a kick: the kicking seat); ``ball`` (0-7); ``tackles`` completed
    since the set started or restarted; ``lost`` tackles lost by the attackers since then; ``last``
    each seat's previously revealed card (for penalties); ``wins``, ``rounds`` and ``needed`` of a
    kick; the draw ``pile`` (top first) and the ``discards``; the ``match``.
    """

    phase: Phase
    attacker: int
    ball: int
    tackles: int
    lost: int
    last: tuple[Card | None, Card | None]
    wins: int
    rounds: int
    needed: int
    pile: tuple[Card, ...]
    discards: tuple[Card, ...]
    match: Match


@attrs.frozen
class State(Pictured):
    """A Rugby League match at one moment.

    ``rows[seat][slot]`` are the face-down cards (``None`` for a played slot); ``to_act`` the seat to
    move (``None`` when over); ``pending`` the slot the first chooser picked this tackle (hidden
    from the other seat); ``field`` the rest.
    """

    rows: tuple[tuple[Card | None, ...], ...]
    to_act: int | None
    pending: int | None
    field: Field

    @property
    def match(self) -> Match:
        """Score, half, sets and generator."""
        return self.field.match


@attrs.frozen
class View(Pictured):
    """What a seat sees: the pitch, counts and score, which slots hold cards, every revealed card,
    its own row in open-hands play, and its own pending pick (never the other seat's)."""

    player: int
    """The seat this view is for: 0 home (attacks towards place 7), 1 away (towards place 0)."""
    to_act: int | None
    """The seat to move now: in a tackle or kick round the attacker (the kicking seat) picks first,
    then the other seat; at a penalty the seat choosing. ``None`` once the match is over."""
    phase: Phase
    """What the match is doing: ``"tackle"``; ``"penalty"`` (the seat to act chooses touch, goal or
    tap); a kick, ``"conversion"``, ``"penalty_goal"`` or ``"drop_goal"``; or ``"over"``."""
    attacker: int
    """The seat with the ball (0 home, 1 away); in a kick, the kicking seat; at a penalty, the seat
    awarded it."""
    ball: int
    """The ball's place, 0 to 7 indexed from the home try line: 0 home T, 1-3 home 1-3, 4-6 away
    3-1, 7 away T (``place_name`` names it)."""
    tackles: int
    """Tackles completed since the set started or last restarted after a penalty; a repeated rank
    concedes a penalty only when it is 1 or more. In a kick, the count when the kick began."""
    lost: int
    """Tackles the attackers have lost since the set started or last restarted: 0 or 1, since the
    second ends the set. In a kick, the count when it began (a conversion after a lost tackle needs
    2 wins)."""
    last: tuple[Card | None, Card | None]
    """Each seat's previously revealed card, home first, tie-break draws included (``None`` before
    its first): from the second tackle of a set or restart, revealing the same rank again concedes a
    penalty. It runs on across tackles, kicks and sets."""
    wins: int
    """In a kick, the rounds the kicking seat has won; 0 outside a kick."""
    rounds: int
    """In a kick, the rounds played (at most 3); 0 outside a kick."""
    needed: int
    """In a kick, the round wins the kicking seat needs: 1 or 2 for a conversion (2 after a lost
    tackle), else the number of the opponent's space the ball is on (1-3); 0 outside a kick."""
    filled: tuple[tuple[bool, ...], ...]
    """For each seat, home first, whether each slot of its face-down row still holds a card (6 slots
    in a set, 3 in a kick)."""
    own_row: tuple[Card | None, ...]
    """In open-hands play (``config.open_hands``), this seat's row by slot, ``None`` for a played
    slot; empty in blind play."""
    pending_chosen: bool
    """Whether the first chooser of this tackle or kick round has picked a slot and the other seat
    is still to pick."""
    own_pending: int | None
    """The slot this seat picked as first chooser, while the other seat is still to pick; ``None``
    otherwise (the other seat's pick is never shown)."""
    pile_size: int
    """How many cards are in the face-down draw pile."""
    discards: tuple[Card, ...]
    """The discard pile, oldest first: every revealed card (tie-break draws included) and the cards
    left in the rows when fresh rows are dealt. It is shuffled into a new pile when a draw finds the
    pile empty."""
    scores: tuple[int, int]
    """Each seat's points, home first: try 4, conversion 2, penalty goal 2, drop goal 1."""
    half: int
    """The half being played: 1 and 2 (10 sets each), then 3 and 4, extra time's halves (5 sets
    each)."""
    sets: int
    """Sets completed in this half."""
    config: Config
    """The match's options: ``open_hands`` (each seat sees its own row) or blind play."""
    legal_moves: tuple[Move, ...]
    """The moves this seat may make now: ``Choose`` of each filled slot in slot order, then
    ``AttemptDropGoal`` when allowed; at a penalty, the choices allowed in the order touch, goal,
    tap. Empty when it is not this seat's turn."""


@attrs.frozen
class CardsRevealed:
    """A tackle's (or kick round's) two cards, by seat: ``cards[0]`` home, ``cards[1]`` away."""

    cards: tuple[Card, Card]


@attrs.frozen
class TieBreakDraw:
    """``seat`` drew ``card`` from the pile to break a tie."""

    seat: int
    card: Card


@attrs.frozen
class TackleWon:
    """``seat`` won the tackle (or the kick round)."""

    seat: int


@attrs.frozen
class BallMoved:
    """The ball moved from place ``start`` to place ``end`` (0 home T .. 7 away T)."""

    start: int
    end: int


@attrs.frozen
class PenaltyConceded:
    """``seat`` repeated a rank and conceded a penalty (``cancelled`` when both did)."""

    seat: int
    cancelled: bool


@attrs.frozen
class PenaltyChoice:
    """``seat`` chose ``choice`` (``"touch"``, ``"goal"`` or ``"tap"``) for its penalty."""

    seat: int
    choice: str


@attrs.frozen
class SetEnded:
    """A set ended: ``sets`` sets are complete in half ``half``."""

    half: int
    sets: int


@attrs.frozen
class PossessionChanged:
    """``attacker`` now has the ball."""

    attacker: int


@attrs.frozen
class TryScored:
    """``seat`` scored a try; ``scores`` after it."""

    seat: int
    scores: tuple[int, int]


@attrs.frozen
class KickResult:
    """A ``kind`` kick (conversion, penalty_goal, drop_goal) by ``seat``: ``success``, ``scores`` after."""

    kind: str
    seat: int
    success: bool
    scores: tuple[int, int]


Event: TypeAlias = (
    CardsRevealed
    | TieBreakDraw
    | TackleWon
    | BallMoved
    | PenaltyConceded
    | PenaltyChoice
    | SetEnded
    | PossessionChanged
    | TryScored
    | KickResult
    | HalfTime
    | GameOver
)
"""Events of Rugby League."""
EVENT_TYPES: tuple[type, ...] = (
    CardsRevealed,
    TieBreakDraw,
    TackleWon,
    BallMoved,
    PenaltyConceded,
    PenaltyChoice,
    SetEnded,
    PossessionChanged,
    TryScored,
    KickResult,
    HalfTime,
    GameOver,
)

CHOOSE: tuple[Choose, ...] = tuple(Choose(k) for k in range(ROW))
DROP = AttemptDropGoal()
TOUCH, GOAL, TAP = KickForTouch(), KickForGoal(), TapAndRun()


def place_name(place: int) -> str:
    """``"home T"``, ``"home 1"`` .. ``"away 1"``, ``"away T"`` for a place index 0-7."""
    names = ("home T", "home 1", "home 2", "home 3", "away 3", "away 2", "away 1", "away T")
    if type(place) is not int or not 0 <= place < PLACES:
        raise StateError(f"a place is 0 to {PLACES - 1}, got {short_repr(place)}")
    return names[place]


KICK_POINTS = {"conversion": CONVERSION, "penalty_goal": PENALTY_GOAL, "drop_goal": DROP_GOAL}
"""Points for a successful kick of each kind."""


def forward(seat: int) -> int:
    """The direction ``seat`` attacks in: +1 for home, -1 for away."""
    return 1 if seat == HOME else -1


def own_space(seat: int, number: int) -> int:
    """The place of ``seat``'s own ``number`` space (1-3)."""
    return number if seat == HOME else PLACES - 1 - number


def opponent_space_number(seat: int, ball: int) -> int:
    """The number of the opponent's space the ball is on (1-3), 0 if in ``seat``'s own half."""
    number = PLACES - 1 - ball if seat == HOME else ball
    return number if 1 <= number <= 3 else 0


def sets_in_half(half: int) -> int:
    """The sets half ``half`` lasts: 10 in halves 1 and 2, 5 in extra time's halves 3 and 4."""
    return SETS_PER_HALF[_half(half) - 1]


def in_extra_time(half: int) -> bool:
    """Whether half ``half`` is extra time (3 or 4), which ends at once when any points are scored."""
    return _half(half) > HALVES


def _half(half: object) -> int:
    if type(half) is not int or not 1 <= half <= len(SETS_PER_HALF):
        raise StateError(f"a half is 1 to {len(SETS_PER_HALF)}, got {short_repr(half)}")
    return half


def in_own_half(seat: int, ball: int) -> bool:
    """Whether the ball is on one of ``seat``'s own 1-3 spaces."""
    return 1 <= ball <= 3 if seat == HOME else 4 <= ball <= 6


def _config(config: object) -> Config:
    return config_of(config, Config, "rugby_league")
