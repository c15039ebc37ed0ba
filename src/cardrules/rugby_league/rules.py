"""Rugby League's rules: the deal, legal moves and every transition of a match."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias, cast

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_type, wrong_type
from cardrules._shared.tricks import RANK_OF
from cardrules.cards import CARDS, Card, check_deck
from cardrules.errors import IllegalMoveError
from cardrules.events import GameOver, HalfTime
from cardrules.game import Outcome
from cardrules.rng import Rng
from cardrules.rugby_league.policy import half_time_value
from cardrules.rugby_league.state import (
    AWAY,
    CHOOSE,
    DROP,
    GOAL,
    HALVES,
    HOME,
    KICK_POINTS,
    KICK_ROW,
    KICKS,
    LOST_TACKLES,
    MOVE_TYPES,
    ROW,
    SETS_PER_HALF,
    TAP,
    TOUCH,
    TOUCH_PLACES,
    TRY,
    TRY_LINES,
    AttemptDropGoal,
    BallMoved,
    CardsRevealed,
    Choose,
    Config,
    Event,
    Field,
    KickForGoal,
    KickForTouch,
    KickResult,
    Match,
    Move,
    PenaltyChoice,
    PenaltyConceded,
    Phase,
    PossessionChanged,
    SetEnded,
    State,
    TackleWon,
    TapAndRun,
    TieBreakDraw,
    TryScored,
    _config,
    forward,
    in_own_half,
    opponent_space_number,
    own_space,
    place_name,
)

__all__ = ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "num_players"]
__all__ += ["opening_events", "outcome", "step"]

_Shown: TypeAlias = tuple[Card | None, Card | None]
"""Each seat's last revealed card, home first (``Field.last``)."""


def game_deck(config: Config | None = None) -> tuple[Card, ...]:
    """The standard 52 cards."""
    _config(config)
    return CARDS[:52]


def num_players(config: Config | None = None) -> int:
    """Rugby League is for two players."""
    _config(config)
    return 2


def max_moves(config: Config | None = None) -> int:
    """A hard bound on a match's moves: 30 sets of at most 37 moves, 1,110.

    Within a set the ball only moves towards the defence's try line, at most six places. A tackle
    either moves it, ends the set, or is a penalty; every penalty restart is followed by a first
    tackle, which cannot be penalised and moves the ball. So a set has at most 6 ball-moving
    tackles and 6 penalised ones (24 moves), 6 penalty choices, and one kick (a drop goal attempt
    and three rounds of 2 moves): 37.
    """
    _config(config)
    return sum(SETS_PER_HALF) * 37


class _Dealer:
    """Mutable scratch for one transition: the rows, pile, discards and generator being changed.

    The pile stays the state's tuple with a count of cards drawn from its top, so that a transition
    that draws nothing (most tackles) neither copies it nor builds it again."""

    __slots__ = ("discards", "drawn", "pile", "rng", "rows")

    def __init__(self, state: State) -> None:
        field = state.field
        self.rows = [list(state.rows[0]), list(state.rows[1])]
        self.pile = field.pile
        self.drawn = 0
        # A tuple, added to by concatenation: a duel adds its two cards and any tie-break draws, and
        # the Field it makes keeps the tuple as it is (no copy into a list and back).
        self.discards: tuple[Card, ...] = field.discards
        self.rng = field.match.rng

    def draw(self) -> Card | None:
        """The pile's top card, reshuffling the discards into a new pile when it is empty."""
        if self.drawn == len(self.pile):
            if not self.discards:
                return None
            self.pile, self.rng = self.rng.shuffle(self.discards)
            self.drawn = 0
            self.discards = ()
        self.drawn += 1
        return self.pile[self.drawn - 1]

    def pile_tuple(self) -> tuple[Card, ...]:
        """The cards not drawn, top first."""
        return self.pile[self.drawn :] if self.drawn else self.pile

    def clear_rows(self) -> None:
        for row in self.rows:
            self.discards += tuple([c for c in row if c is not None])
        self.rows = [[], []]

    def deal(self, size: int, first: int) -> None:
        """Discard the rows, then deal ``size`` cards to each, one at a time, ``first`` seat first."""
        self.clear_rows()
        top, pile = self.drawn, self.pile
        if len(pile) - top >= 2 * size:  # no reshuffle mid-deal: the cards alternate from the top
            dealt = pile[top : top + 2 * size]
            self.drawn = top + 2 * size
            self.rows = (
                [list(dealt[0::2]), list(dealt[1::2])]
                if first == 0
                else [list(dealt[1::2]), list(dealt[0::2])]
            )
            return
        rows: list[list[Card | None]] = [[None] * size, [None] * size]
        for slot in range(size):
            for seat in (first, 1 - first):
                rows[seat][slot] = self.draw()
        self.rows = rows

    def refill(self, first: int) -> None:
        """Fill the empty slots of both rows to six, slot order, alternately, ``first`` seat first."""
        empty = [[k for k, c in enumerate(self.rows[s]) if c is None] for s in (0, 1)]
        for k in range(max(len(empty[0]), len(empty[1]))):
            for seat in (first, 1 - first):
                if k < len(empty[seat]):
                    self.rows[seat][empty[seat][k]] = self.draw()

    def rows_tuple(self) -> tuple[tuple[Card | None, ...], ...]:
        return (tuple(self.rows[0]), tuple(self.rows[1]))


def _new_game(cfg: Config, rng: Rng, deck: Sequence[Card | str] | None) -> State:
    """``new_game`` past its checks of the seed and the config (in ``entry``): the first deal."""
    if deck is None:
        cards, rng = rng.shuffle(CARDS[:52])
    else:
        cards = check_deck(deck, CARDS[:52], "Rugby League")
    rows = (tuple(cards[0:12:2]), tuple(cards[1:12:2]))
    match = Match(config=cfg, scores=(0, 0), half=1, sets=0, rng=rng)
    field = Field(
        phase="tackle",
        attacker=HOME,
        ball=own_space(HOME, 1),
        tackles=0,
        lost=0,
        last=(None, None),
        wins=0,
        rounds=0,
        needed=0,
        pile=tuple(cards[12:]),
        discards=(),
        match=match,
    )
    return State(rows=rows, to_act=HOME, pending=None, field=field)


def legal_moves(state: State) -> tuple[Move, ...]:
    """The legal moves of the seat to act: its filled slots in slot order (then ``AttemptDropGoal``
    for an attacker at a tackle's start in the opponent's half); or the allowed penalty choices."""
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return ()
    field = state.field
    if field.phase == "penalty":
        choices: list[Move] = []
        if in_own_half(seat, field.ball):
            choices.append(TOUCH)
        if opponent_space_number(seat, field.ball):
            choices.append(GOAL)
        choices.append(TAP)
        return tuple(choices)
    row = state.rows[seat]
    # A full row (a fresh deal or refill) plays any slot: the shared prefix of CHOOSE.
    moves: tuple[Move, ...] = (
        CHOOSE[: len(row)]
        if None not in row
        else tuple([CHOOSE[k] for k in range(len(row)) if row[k] is not None])
    )
    if field.phase == "tackle" and state.pending is None and opponent_space_number(seat, field.ball):
        return (*moves, DROP)
    return moves


def _reason(state: State, move: object) -> str | None:
    if type(state) is not State:
        raise wrong_type(state, State)
    if type(move) not in MOVE_TYPES:
        return f"{short_repr(move)} is not a Rugby League move"
    seat = state.to_act
    if seat is None:
        return "the match is over"
    field = state.field
    if type(move) is Choose:
        # Read as any object: a Choose built around its validator may hold anything, and in the
        # compiled build a read typed as an int would itself raise TypeError where this names it.
        slot: object = getattr(move, "slot")  # noqa: B009
        if type(slot) is not int:
            return f"a slot is an int, got {short_repr(slot)}"
        row = state.rows[seat]
        # The common case answered without building legal_moves: a filled slot outside a penalty.
        if field.phase != "penalty" and 0 <= slot < len(row) and row[slot] is not None:
            return None
    elif move in legal_moves(state):
        return None
    if field.phase == "penalty":
        if type(move) is KickForTouch:
            return f"seat {seat} may kick for touch only in its own half (ball on {place_name(field.ball)})"
        if type(move) is KickForGoal:
            where = place_name(field.ball)
            return f"seat {seat} may kick for goal only in the opponent's half (ball on {where})"
        return f"seat {seat} must choose its penalty option (touch, goal or tap)"
    if type(move) is Choose:
        return f"slot {move.slot} of seat {seat}'s row holds no card"
    if type(move) is AttemptDropGoal:
        return (
            f"seat {seat} may try a drop goal only as attacker, at a tackle's start, in the opponent's half"
        )
    return f"seat {seat} has no penalty to take"


def is_legal(state: State, move: object) -> bool:
    """Whether ``move`` is legal for the seat to act."""
    return _reason(state, move) is None


def apply(state: State, move: object) -> State:
    """The state after the seat to act moves; raises [`IllegalMoveError`][] and changes nothing
    when the move is not legal. See the module docstring and ``docs/rules/rugby_league.md``."""
    return _transition(state, move, None)


def step(state: State, move: object) -> tuple[State, tuple[Event, ...]]:
    """``apply`` plus the public events: ``CardsRevealed``, ``TieBreakDraw``, ``PenaltyConceded``,
    ``TackleWon``, ``BallMoved``, ``TryScored``, ``PenaltyChoice``, ``KickResult``, ``SetEnded``,
    ``PossessionChanged``, ``HalfTime``, ``GameOver``, in the order they happen."""
    events: list[Event] = []
    after = _transition(state, move, events)
    return after, tuple(events)


def _transition(state: State, move: object, events: list[Event] | None, check: bool = True) -> State:
    if check:
        reason = _reason(state, move)
        if reason is not None:
            raise IllegalMoveError(f"illegal move {short_repr(move)} for seat {state.to_act}: {reason}")
    seat: int = state.to_act  # type: ignore[assignment]  # checked above, or known by rollout
    field = state.field
    if type(move) is Choose:
        if state.pending is None:
            # Names spelled as the fields they fill: named, at no cost on the hot path.
            rows, to_act, pending = state.rows, 1 - seat, move.slot
            return State(rows, to_act, pending, field)
        return _duel(state, move.slot, events)
    dealer = _Dealer(state)
    if type(move) is AttemptDropGoal:
        return _start_kick(dealer, field, field.match, "drop_goal", seat)
    name = {KickForTouch: "touch", KickForGoal: "goal", TapAndRun: "tap"}[type(move)]
    if events is not None:
        events.append(PenaltyChoice(seat, name))
    if type(move) is KickForGoal:
        return _start_kick(dealer, field, field.match, "penalty_goal", seat)
    ball = field.ball + TOUCH_PLACES * forward(seat) if type(move) is KickForTouch else field.ball
    if events is not None and ball != field.ball:
        events.append(BallMoved(field.ball, ball))
    dealer.refill(seat)
    return _restart(dealer, field.last, seat, ball, field.match)


def _field(
    dealer: _Dealer,
    *,
    match: Match,
    phase: Phase,
    attacker: int,
    ball: int,
    last: _Shown,
    tackles: int = 0,
    lost: int = 0,
    wins: int = 0,
    rounds: int = 0,
    needed: int = 0,
) -> Field:
    """A Field holding the dealer's pile, discards and generator, every other field named."""
    if dealer.rng is not match.rng:
        match = Match(
            config=match.config, scores=match.scores, half=match.half, sets=match.sets, rng=dealer.rng
        )
    pile, discards = dealer.pile_tuple(), dealer.discards
    return Field(phase, attacker, ball, tackles, lost, last, wins, rounds, needed, pile, discards, match)


def _restart(dealer: _Dealer, last: _Shown, attacker: int, ball: int, match: Match) -> State:
    """Play resumes at a first tackle with no tackle lost (rows already dealt or refilled)."""
    field = _field(dealer, match=match, phase="tackle", attacker=attacker, ball=ball, last=last)
    pending: int | None  # typed ahead: mypyc infers None from the literal alone
    rows, to_act, pending = dealer.rows_tuple(), attacker, None
    return State(rows, to_act, pending, field)


def _start_kick(dealer: _Dealer, before: Field, match: Match, kind: Phase, kicker: int) -> State:
    """Discard the rows, deal three cards each (kicker first) and start a kick from the ball's place."""
    needed = 1 if kind == "conversion" and before.lost == 0 else 2
    if kind != "conversion":
        needed = opponent_space_number(kicker, before.ball)
    dealer.deal(KICK_ROW, kicker)
    field = _field(
        dealer,
        match=match,
        phase=kind,
        attacker=kicker,
        ball=before.ball,
        last=before.last,
        tackles=before.tackles,
        lost=before.lost,
        needed=needed,
    )
    pending: int | None  # typed ahead: mypyc infers None from the literal alone
    rows, to_act, pending = dealer.rows_tuple(), kicker, None
    return State(rows, to_act, pending, field)


def _duel(state: State, second_slot: int, events: list[Event] | None) -> State:
    """Reveal both picks, break ties from the pile, and settle the tackle or kick round."""
    field = state.field
    first = field.attacker
    dealer = _Dealer(state)
    rows = dealer.rows
    # No cast() calls here (each a Python call on the hot path): the first pick is pending and both
    # picked slots hold cards, as _reason checked.
    pending: int = state.pending  # type: ignore[assignment]
    slots = (pending, second_slot) if first == 0 else (second_slot, pending)
    # Each seat's last card shown: its pick, then (in a tie) the cards it draws.
    shown: list[Card] = [rows[0][slots[0]], rows[1][slots[1]]]  # type: ignore[list-item]
    rows[0][slots[0]] = rows[1][slots[1]] = None
    if events is not None:
        events.append(CardsRevealed((shown[0], shown[1])))
    live = field.phase == "tackle" and field.tackles >= 1
    previous = field.last
    conceded = [live and _same_rank(previous[0], shown[0]), live and _same_rank(previous[1], shown[1])]
    revealed = list(shown)
    if RANK_OF[shown[0]] != RANK_OF[shown[1]]:
        winner = 0 if RANK_OF[shown[0]] > RANK_OF[shown[1]] else 1
    else:
        winner = _break_tie(dealer, first, shown, live, conceded, revealed, events)
    dealer.discards += tuple(revealed)
    new_last = (shown[0], shown[1])
    if field.phase in KICKS:
        if events is not None:
            events.append(TackleWon(winner))
        return _kick_round(dealer, field, winner, new_last, events)
    if conceded[0] != conceded[1]:
        offender = 0 if conceded[0] else 1
        if events is not None:
            events.append(PenaltyConceded(offender, False))
        return _penalty(dealer, field, 1 - offender, new_last, events)
    if events is not None:
        if conceded[0]:
            events.extend((PenaltyConceded(0, True), PenaltyConceded(1, True)))
        events.append(TackleWon(winner))
    return _tackle_result(dealer, field, winner, new_last, events)


def _same_rank(previous: Card | None, card: Card) -> bool:
    """Whether ``card`` repeats the rank of the card its seat showed last (a penalty when live)."""
    return previous is not None and RANK_OF[card] == RANK_OF[previous]


def _break_tie(
    dealer: _Dealer,
    first: int,
    last: list[Card],
    live: bool,
    conceded: list[bool],
    revealed: list[Card],
    events: list[Event] | None,
) -> int:
    """The tie's winner: both seats draw from the pile, ``first`` first, until the ranks differ; the
    other seat wins when pile and discards run out. ``last``, ``conceded`` and ``revealed`` follow
    the cards drawn."""
    while True:
        for seat in (first, 1 - first):
            card = dealer.draw()
            if card is None:
                return 1 - first
            revealed.append(card)
            if events is not None:
                events.append(TieBreakDraw(seat, card))
            if live and _same_rank(last[seat], card):
                conceded[seat] = True
            last[seat] = card
        if RANK_OF[last[0]] != RANK_OF[last[1]]:
            return 0 if RANK_OF[last[0]] > RANK_OF[last[1]] else 1


def _penalty(dealer: _Dealer, before: Field, awarded: int, last: _Shown, events: list[Event] | None) -> State:
    """The non-offending seat takes possession (ending the set if it changes hands) and chooses."""
    match = before.match
    if awarded != before.attacker:
        match, over = _turnover(
            dealer, match, last, events, holder=before.attacker, receiver=awarded, ball=before.ball
        )
        if over is not None:
            return over
    field = _field(dealer, match=match, phase="penalty", attacker=awarded, ball=before.ball, last=last)
    pending: int | None  # typed ahead: mypyc infers None from the literal alone
    rows, to_act, pending = dealer.rows_tuple(), awarded, None
    return State(rows, to_act, pending, field)


def _tackle_result(
    dealer: _Dealer, before: Field, winner: int, last: _Shown, events: list[Event] | None
) -> State:
    attacker = before.attacker
    defender = 1 - attacker
    lost = before.lost + (1 if winner == defender else 0)
    match = before.match
    if lost >= LOST_TACKLES:
        cap = own_space(defender, 1)
        ball = before.ball + 2 * forward(attacker)
        ball = min(ball, cap) if attacker == HOME else max(ball, cap)
        if events is not None and ball != before.ball:
            events.append(BallMoved(before.ball, ball))
        match, over = _turnover(dealer, match, last, events, holder=attacker, receiver=defender, ball=ball)
        if over is not None:
            return over
        dealer.deal(ROW, HOME)
        return _restart(dealer, last, defender, ball, match)
    ball = before.ball + forward(attacker)
    if events is not None:
        events.append(BallMoved(before.ball, ball))
    tackles = before.tackles + 1
    field = _field(
        dealer,
        match=match,
        phase="tackle",
        attacker=attacker,
        ball=ball,
        last=last,
        tackles=tackles,
        lost=lost,
    )
    if ball not in TRY_LINES:
        pending: int | None  # typed ahead: mypyc infers None from the literal alone
        rows, to_act, pending = dealer.rows_tuple(), attacker, None
        return State(rows, to_act, pending, field)
    scores = _add(match.scores, attacker, TRY)
    if events is not None:
        events.append(TryScored(attacker, scores))
    match = _rescored(match, scores=scores, rng=dealer.rng)
    if match.half >= 3:
        return _game_over(dealer, match, last, attacker, ball, events)
    return _start_kick(dealer, field, match, "conversion", attacker)


def _kick_round(
    dealer: _Dealer, before: Field, winner: int, last: _Shown, events: list[Event] | None
) -> State:
    kicker = before.attacker
    wins = before.wins + (1 if winner == kicker else 0)
    rounds = before.rounds + 1
    match = before.match
    if wins < before.needed <= wins + (KICK_ROW - rounds):
        field = _field(
            dealer,
            match=match,
            phase=before.phase,
            attacker=kicker,
            ball=before.ball,
            last=last,
            tackles=before.tackles,
            lost=before.lost,
            wins=wins,
            rounds=rounds,
            needed=before.needed,
        )
        pending: int | None  # typed ahead: mypyc infers None from the literal alone
        rows, to_act, pending = dealer.rows_tuple(), kicker, None
        return State(rows, to_act, pending, field)
    success = wins >= before.needed
    kind = before.phase
    scores = match.scores
    if success:
        scores = _add(scores, kicker, KICK_POINTS[kind])
    match = _rescored(match, scores=scores, rng=dealer.rng)
    if events is not None:
        events.append(KickResult(kind=kind, seat=kicker, success=success, scores=scores))
    if success and match.half >= 3:
        return _game_over(dealer, match, last, kicker, before.ball, events)
    if kind == "conversion" or success:
        attacker, ball = kicker, own_space(kicker, 1)
    elif kind == "penalty_goal":
        attacker, ball = kicker, own_space(kicker, 2)
    else:
        attacker, ball = 1 - kicker, own_space(1 - kicker, 2)
    match, over = _turnover(
        dealer, match, last, events, holder=kicker, receiver=attacker, ball=before.ball, after_set=True
    )
    if over is not None:
        return over
    if events is not None:
        events.append(BallMoved(before.ball, ball))
    dealer.deal(ROW, HOME)
    return _restart(dealer, last, attacker, ball, match)


def _turnover(
    dealer: _Dealer,
    match: Match,
    last: _Shown,
    events: list[Event] | None,
    *,
    holder: int,
    receiver: int,
    ball: int,
    after_set: bool = False,
) -> tuple[Match, State | None]:
    """The set ``holder`` attacked in ends with the ball on ``ball``, and ``receiver`` (``holder``
    itself after a successful kick) has it next: ``_end_set``'s answer.

    A change of hands is told (``PossessionChanged``) only when the half goes on, since the next
    half's kick-off tells who has the ball; before ``SetEnded``, or after it for a set closed by a
    kick (``after_set``), which tells its result first (the order ``step`` has always given)."""
    told = events is not None and receiver != holder and _half_goes_on(match)
    if events is not None and told and not after_set:
        events.append(PossessionChanged(receiver))
    match, over = _end_set(dealer, match, last, holder, ball, events)
    if events is not None and told and after_set:
        events.append(PossessionChanged(receiver))
    return match, over


def _half_goes_on(match: Match) -> bool:
    """Whether the half continues after the set now ending (else its possession change lapses)."""
    return match.sets + 1 < SETS_PER_HALF[match.half - 1]


def _end_set(
    dealer: _Dealer, match: Match, last: _Shown, attacker: int, ball: int, events: list[Event] | None
) -> tuple[Match, State | None]:
    """Count a finished set. Returns the updated match, and the next state when the set completes
    a half: the next half's kick-off, or the end of the match."""
    # Names spelled as the fields they fill: named, at no cost (a set ends every few tackles).
    config, scores, half = match.config, match.scores, match.half
    sets, rng = match.sets + 1, dealer.rng
    if events is not None:
        events.append(SetEnded(half, sets))
    if sets < SETS_PER_HALF[half - 1]:
        return Match(config, scores, half, sets, rng), None
    if events is not None:
        events.append(HalfTime(half, scores))
    if half == len(SETS_PER_HALF) or (half == HALVES and scores[0] != scores[1]):
        final = Match(config, scores, half, sets, rng)
        return final, _game_over(dealer, final, last, attacker, ball, events)
    half, sets = half + 1, 0
    first = AWAY if half in (2, 4) else HOME
    dealer.deal(ROW, HOME)
    rng = dealer.rng  # the deal may have reshuffled
    if events is not None:
        events.append(PossessionChanged(first))
    next_half = Match(config, scores, half, sets, rng)
    return next_half, _restart(dealer, last, first, own_space(first, 1), next_half)


def _game_over(
    dealer: _Dealer, match: Match, last: _Shown, attacker: int, ball: int, events: list[Event] | None
) -> State:
    field = _field(dealer, match=match, phase="over", attacker=attacker, ball=ball, last=last)
    to_act: int | None
    pending: int | None  # typed ahead: mypyc infers None from the literal alone
    rows, to_act, pending = dealer.rows_tuple(), None, None
    state = State(rows, to_act, pending, field)
    if events is not None:
        events.append(GameOver(cast(Outcome, outcome(state))))
    return state


def _rescored(match: Match, *, scores: tuple[int, int], rng: Rng) -> Match:
    """``match`` with the scores a try or a kick left, and the dealer's generator."""
    config, half, sets = match.config, match.half, match.sets
    return Match(config, scores, half, sets, rng)


def _add(scores: tuple[int, int], seat: int, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if seat == HOME else (scores[0], scores[1] + points)


def outcome(state: State) -> Outcome | None:
    """When over: each seat's points; more points wins, equal points (after extra time) is a draw."""
    check_type(state, State)
    if state.to_act is not None:
        return None
    home, away = state.field.match.scores
    winners = (0, 1) if home == away else ((0,) if home > away else (1,))
    return Outcome((float(home), float(away)), winners)


def _playout(state: State, rnd: Callable[[], float]) -> tuple[float, ...]:
    """``rollout`` past its checks of the state and the seed (in ``entry``): the playout."""
    first_half = state.field.match.half == 1
    while state.to_act is not None and not (first_half and state.field.match.half != 1):
        moves = legal_moves(state)
        state = _transition(state, moves[int(rnd() * len(moves))], None, False)
    if state.to_act is None:
        return cast(Outcome, outcome(state)).rewards()
    return half_time_value(state.field.match.scores)


def opening_events(state: State) -> tuple[Event, ...]:
    """A fresh match has no events before its first move: the rows are face down."""
    check_type(state, State)
    return ()
