"""80 Points' rules: deals and redeals, the phases before the tricks, tricks, scoring and levels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple, cast

import attrs

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_type, wrong_type
from cardrules._shared.dealing import deal_round_robin
from cardrules._shared.options import config_of
from cardrules.cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, check_deck, double_deck, format_cards
from cardrules.eighty_points.policy import rule_of_thumb
from cardrules.eighty_points.state import (
    ACE,
    BOTTOM,
    HAND,
    TAKE_OVER,
    TRICKS,
    AskRedeal,
    BottomRevealed,
    BottomTaken,
    CompletedTrick,
    Config,
    DeclareNoTrump,
    Discard,
    Discarded,
    Event,
    KeepHand,
    LevelsChanged,
    Match,
    Move,
    NoDeclare,
    NoTrumpDeclared,
    Phase,
    Play,
    RedealAsked,
    State,
    Table,
    TrumpSet,
    _table,
)
from cardrules.eighty_points.tricks import (
    follow_plays,
    follow_reason,
    lead_shapes,
    shape_of,
    single_answers,
    sisters_play,
    table_for,
    trick_winner,
)
from cardrules.eighty_points.tricks import points as points_of
from cardrules.errors import IllegalMoveError
from cardrules.events import Dealt, GameOver, RoundScored, TrickWon, _card_played
from cardrules.game import Outcome
from cardrules.rng import Rng

__all__ = ["apply", "game_deck", "is_legal", "legal_moves", "max_moves"]
__all__ += ["num_players", "opening_events", "outcome", "step"]

_DECK: Final = double_deck()
_ASK, _KEEP, _DECLARE, _NO_DECLARE = AskRedeal(), KeepHand(), DeclareNoTrump(), NoDeclare()


def play_of(cards: tuple[Card, ...]) -> Play:
    """A ``Play`` of cards already sorted and checked (skips the converter: legal_moves makes many;
    here, in a module the compiled build compiles, rather than beside ``Play``, so that it is
    compiled too)."""
    n = len(cards)
    if n == 1:
        return _SINGLE_PLAYS[cards[0]]
    if n == 2 and cards[0] == cards[1]:
        return _DOUBLE_PLAYS[cards[0]]
    return _new_play(cards)


def _new_play(cards: tuple[Card, ...]) -> Play:
    play = object.__new__(Play)
    object.__setattr__(play, "cards", cards)
    return play


# Plays are values: every single and every double is made once and shared.
_SINGLE_PLAYS: Final[tuple[Play, ...]] = tuple(_new_play((c,)) for c in CARDS)
_DOUBLE_PLAYS: Final[tuple[Play, ...]] = tuple(_new_play((c, c)) for c in CARDS)


def _config(config: object) -> Config:
    """The config, ``Config()`` for ``None``; ``ConfigError`` for anything else."""
    return config_of(config, Config, "eighty_points")


def game_deck(config: Config | None = None) -> tuple[Card, ...]:
    """The 108 cards: two full decks with their jokers."""
    _config(config)
    return _DECK


def num_players(config: Config | None = None) -> int:
    """80 Points is for four players in two partnerships (seats 0 and 2 against 1 and 3)."""
    _config(config)
    return 4


def max_moves(config: Config | None = None) -> int:
    """A hard bound: ``round_limit`` rounds of at most ``4 * (max_redeals + 1)`` redeal answers,
    4 no-trump answers, 8 discards and 100 plays (25 tricks of singles; doubles and sisters make
    fewer)."""
    cfg = _config(config)
    return cfg.round_limit * (4 * (cfg.max_redeals + 1) + 4 + BOTTOM + 4 * TRICKS)


# --- dealing -------------------------------------------------------------------------------------


def _deal(
    cards: Sequence[Card], first: int, royal: int | None
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int, int] | None:
    """Deal 25 each one at a time from seat ``first``; the last 8 are the bottom.

    First round (``royal`` None): the first 2 dealt makes its receiver the starter and sets the
    trump suit. Later rounds: the first royal-number card dealt sets the trump suit and the starter
    is ``first``. Returns hands, bottom, starter and trump suit, or ``None`` when no such card was
    dealt (the deal is then redone).
    """
    wanted = 2 if royal is None else royal
    # The first card of the wanted rank dealt decides (the jokers, codes 52 and 53, have no rank).
    found = next((i for i in range(4 * HAND) if cards[i] < 52 and cards[i] % 13 + 2 == wanted), None)
    if found is None:
        return None
    hands, bottom = deal_round_robin(cards, 4, HAND, first=first)
    starter = (first + found) % 4 if royal is None else first
    return hands, bottom, starter, cards[found] // 13


def _new_round(
    cards: Sequence[Card] | None,
    match: Match,
    starter: int | None,
    redeals: int,
    events: list[Event] | None,
) -> State:
    """Deal a round (from ``cards`` if given, else a fresh shuffle) and open its first phase."""
    rng = match.rng
    while True:
        if cards is None:
            cards, rng = rng.shuffle(_DECK)
        royal = None if starter is None else match.levels[starter % 2]
        dealt = _deal(cards, 0 if starter is None else starter, royal)
        if dealt is not None:
            break
        cards = None
    hands, bottom, first, trump = dealt
    match = Match(config=match.config, levels=match.levels, round=match.round, winner=match.winner, rng=rng)
    table = _table(
        phase="redeal",
        starter=first,
        royal=match.levels[first % 2],
        trump=trump,
        leader=first,
        tricks=(),
        points=0,
        bottom=bottom,
        redeals=redeals,
        match=match,
    )
    if events is not None:
        events.append(Dealt(match.round, (HAND,) * 4))
        events.append(TrumpSet(round=match.round, starter=first, royal=table.royal, suit=trump))
    return _open_redeal(hands, table, first, events)


def _order_from(starter: int, start: int) -> list[int]:
    """Seats in turn from the starter, beginning at ``start`` (inclusive)."""
    turn = [(starter + k) % 4 for k in range(4)]
    return turn[turn.index(start) :]


def _open_redeal(
    hands: tuple[tuple[Card, ...], ...], table: Table, start: int, events: list[Event] | None
) -> State:
    """Ask the next player under 25 points (from ``start``), or move on to the no-trump phase."""
    if table.redeals < table.match.config.max_redeals:
        for seat in _order_from(table.starter, start):
            if points_of(hands[seat]) < HAND:
                return State(hands=hands, trick=(), to_act=seat, table=attrs.evolve(table, phase="redeal"))
    return _open_declare(hands, table, table.starter, events)


def _holds_joker_pair(hand: Sequence[Card]) -> bool:
    return hand.count(BIG_JOKER) >= 2 or hand.count(SMALL_JOKER) >= 2


def _open_declare(
    hands: tuple[tuple[Card, ...], ...], table: Table, start: int, events: list[Event] | None
) -> State:
    for seat in _order_from(table.starter, start):
        if _holds_joker_pair(hands[seat]):
            return State(hands=hands, trick=(), to_act=seat, table=attrs.evolve(table, phase="declare"))
    return _open_discard(hands, table, events)


def _open_discard(hands: tuple[tuple[Card, ...], ...], table: Table, events: list[Event] | None) -> State:
    starter = table.starter
    taken = list(hands)
    taken[starter] = tuple(sorted(hands[starter] + table.bottom))
    if events is not None:
        events.append(BottomTaken(starter))
    # Once a round, so the changed fields alone are named (evolve's cost does not show here).
    new_table = attrs.evolve(table, phase="discard", leader=starter, tricks=(), points=0, bottom=())
    return State(hands=tuple(taken), trick=(), to_act=starter, table=new_table)


def _new_game(cfg: Config, rng: Rng, deck: Sequence[Card | str] | None) -> State:
    """``new_game`` past its checks of the seed and the config (in ``entry``): the first deal."""
    cards = None if deck is None else check_deck(deck, _DECK, "80 Points")
    match = Match(config=cfg, levels=(2, 2), round=1, winner=None, rng=rng)
    return _new_round(cards, match, None, 0, None)


# --- legality ------------------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the seat to act, in a fixed order.

    Redeal phase: ``AskRedeal``, ``KeepHand``. No-trump phase: ``DeclareNoTrump``, ``NoDeclare``.
    Discards: one ``Discard`` per distinct card, in card order. Tricks: leads as singles, doubles,
    then sisters; follows as every legal multiset, each in card order, sorted.
    """
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return ()
    table = state.table
    phase = table.phase
    if phase == "redeal":
        return (_ASK, _KEEP)
    if phase == "declare":
        return (_DECLARE, _NO_DECLARE)
    hand = state.hands[seat]
    if phase == "discard":
        return tuple([_DISCARD[c] for c in dict.fromkeys(hand)])  # a sorted hand: card order
    return _plays(hand, state.trick, table_for(table.royal, table.trump))


def _plays(
    hand: Sequence[Card], trick: Sequence[tuple[Card, ...]], order: Sequence[tuple[int, int]]
) -> tuple[Play, ...]:
    """The legal plays of ``hand`` to ``trick`` (``legal_moves`` in the trick phase; the playout's too)."""
    if not trick:
        singles, doubles, sisters = lead_shapes(hand, order)
        return (
            *[_SINGLE_PLAYS[c] for c in singles],
            *[_DOUBLE_PLAYS[d] for d in doubles],
            *[_new_play(sisters_play(a, b)) for a, b in sisters],
        )
    led = trick[0]
    if len(led) == 1:  # most answers: single cards, whose plays are made once
        return tuple([_SINGLE_PLAYS[c] for c in single_answers(hand, led[0], order)])
    return tuple([play_of(p) for p in follow_plays(hand, led, order)])


def _reason(state: State, move: object) -> str | None:
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return "the match is over"
    table = state.table
    phase = table.phase
    kind = type(move)
    if phase == "redeal":
        return None if kind in (AskRedeal, KeepHand) else f"seat {seat} must answer AskRedeal or KeepHand"
    if phase == "declare":
        return (
            None
            if kind in (DeclareNoTrump, NoDeclare)
            else f"seat {seat} must answer DeclareNoTrump or NoDeclare"
        )
    hand = state.hands[seat]
    if phase == "discard":
        if kind is not Discard:
            return f"seat {seat} must discard a card into the bottom"
        card = cast(Discard, move).card
        if type(card) is not Card:
            return f"{short_repr(move)} does not name a card"
        return None if card in hand else f"seat {seat} does not hold {card}"
    if kind is not Play:
        return f"seat {seat} must play cards (Play)"
    # Read as any object: a forged Play may hold anything here, and in the compiled build a read
    # typed as a tuple would itself raise TypeError where the check below names the move.
    cards: object = getattr(move, "cards")  # noqa: B009
    if type(cards) is not tuple or not _all_cards(cards):
        return f"{short_repr(move)} is not a play of cards"
    missing = _unheld(cards, hand)
    if missing:
        return f"seat {seat} does not hold {format_cards(missing)}"
    order = table_for(table.royal, table.trump)
    if not state.trick:
        if shape_of(cards, order) is None:
            return f"seat {seat} may lead a single, a double or sisters, not {format_cards(cards)}"
        return None
    reason = follow_reason(hand, cards, state.trick[0], order)
    return None if reason is None else f"seat {seat} {reason}"


def _all_cards(cards: tuple[object, ...]) -> bool:
    """Whether ``cards`` holds one card or more, each a ``Card`` (not an int posing as one)."""
    if len(cards) == 1:  # most plays: one card, checked without a generator
        return type(cards[0]) is Card
    return bool(cards) and all(type(c) is Card for c in cards)


def _unheld(cards: tuple[Card, ...], hand: tuple[Card, ...]) -> list[Card]:
    """The cards of ``cards`` (a multiset) that ``hand`` does not hold, sorted."""
    # A single card (most plays) is looked up directly; a multiset's cards are counted in C.
    if len(cards) == 1:
        return [] if cards[0] in hand else list(cards)
    missing: list[Card] = []
    for c in sorted(set(cards)):
        missing.extend([c] * (cards.count(c) - hand.count(c)))
    return missing


def is_legal(state: State, move: object) -> bool:
    """Whether ``move`` is legal now, checked directly (without listing the legal moves)."""
    return _reason(state, move) is None


# --- transitions ---------------------------------------------------------------------------------


def apply(state: State, move: object) -> State:
    """The state after the seat to act moves; raises [`IllegalMoveError`][] and changes nothing
    for an illegal move. See ``docs/rules/eighty_points.md``."""
    return _transition(state, move, None)


def step(state: State, move: object) -> tuple[State, tuple[Event, ...]]:
    """``apply`` plus the public events in order (see ``docs/rules/eighty_points.md``)."""
    events: list[Event] = []
    return _transition(state, move, events), tuple(events)


def _transition(state: State, move: object, events: list[Event] | None, check: bool = True) -> State:
    """The one 80 Points move: ``apply`` (``events`` None), ``step`` (events appended to ``events``)
    and ``rollout`` (``check`` False: the move is known legal) all go through here."""
    if check:
        reason = _reason(state, move)
        if reason is not None:
            raise IllegalMoveError(f"illegal move {short_repr(move)}: {reason}")
    seat: int = state.to_act  # type: ignore[assignment]  # checked above, or known by rollout
    if type(move) is Play:
        return _play(state, seat, move.cards, events)
    if type(move) is Discard:
        return _discard(state, seat, move.card, events)
    return _answer(state, seat, type(move), events)


def _answer(state: State, seat: int, kind: type, events: list[Event] | None) -> State:
    """An answer to the redeal or no-trump question: keep, ask for a redeal, no declaration, or
    declare no trump; the question then goes to the next seat, or the phase moves on."""
    table = state.table
    if kind is AskRedeal:
        if events is not None:
            events.append(RedealAsked(seat, table.redeals + 1))
        first_round = table.match.round == 1
        return _new_round(
            None, table.match, None if first_round else table.starter, table.redeals + 1, events
        )
    nxt = _order_from(table.starter, seat)[1:]
    if kind is KeepHand:
        if nxt:
            return _open_redeal(state.hands, table, nxt[0], events)
        return _open_declare(state.hands, table, table.starter, events)
    if kind is NoDeclare:
        return (
            _open_declare(state.hands, table, nxt[0], events)
            if nxt
            else _open_discard(state.hands, table, events)
        )
    if events is not None:
        events.append(NoTrumpDeclared(seat))
        events.append(TrumpSet(round=table.match.round, starter=table.starter, royal=table.royal, suit=None))
    no_trump = attrs.evolve(table, trump=None, tricks=(), points=0)
    return _open_discard(state.hands, no_trump, events)


def _discard(state: State, seat: int, card: Card, events: list[Event] | None) -> State:
    """The starter puts ``card`` into the bottom; the eighth starts the play, the starter leading."""
    table = state.table
    hand = list(state.hands[seat])
    hand.remove(card)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    bottom = (*table.bottom, card)
    if events is not None:
        events.append(Discarded(seat, len(bottom)))
    phase: Phase = "play" if len(bottom) == BOTTOM else "discard"
    new_table = _table(
        phase=phase,
        starter=table.starter,
        royal=table.royal,
        trump=table.trump,
        leader=table.starter,
        tricks=(),
        points=0,
        bottom=bottom,
        redeals=table.redeals,
        match=table.match,
    )
    return State(hands=tuple(hands), trick=(), to_act=seat, table=new_table)


def _play(state: State, seat: int, cards: tuple[Card, ...], events: list[Event] | None) -> State:
    """``seat`` plays ``cards`` to the trick; the fourth play completes it."""
    hand = list(state.hands[seat])
    for c in cards:
        hand.remove(c)
    held = list(state.hands)
    held[seat] = tuple(hand)
    hands = tuple(held)
    if events is not None:
        events.extend(_card_played(seat, c) for c in cards)
    trick = (*state.trick, cards)
    # The records of a move are built from names spelled as their fields: named, at no cost.
    if len(trick) < 4:
        to_act, table = (seat + 1) % 4, state.table
        return State(hands, trick, to_act, table)
    return _finish_trick(hands=hands, trick=trick, table=state.table, events=events)


def _finish_trick(
    *,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[tuple[Card, ...], ...],
    table: Table,
    events: list[Event] | None,
) -> State:
    """The trick goes to its winner, who leads the next; after the last trick the round ends."""
    order = table_for(table.royal, table.trump)
    winner, cards, trick_points, won = _trick_taken(trick, table.leader, table.starter, table.points, order)
    if events is not None:
        events.append(TrickWon(winner, cards, trick_points))
    leader, plays, points = table.leader, trick, trick_points
    tricks = (*table.tricks, CompletedTrick(leader, plays, winner, points))
    if hands[winner]:
        table = _table(
            phase="play",
            starter=table.starter,
            royal=table.royal,
            trump=table.trump,
            leader=winner,
            tricks=tricks,
            points=won,
            bottom=table.bottom,
            redeals=table.redeals,
            match=table.match,
        )
        trick, to_act = (), winner
        return State(hands, trick, to_act, table)
    return _end_round(table, tricks, won, winner, events)


def _trick_taken(
    trick: Sequence[tuple[Card, ...]], leader: int, starter: int, won: int, order: Sequence[tuple[int, int]]
) -> tuple[int, tuple[Card, ...], int, int]:
    """A complete trick led by ``leader``: its winning seat, its cards and points, and the attackers'
    points with it (``won`` before it): its points count for the attackers only if they won it."""
    winner = (leader + trick_winner(trick, order)) % 4
    cards = trick[0] + trick[1] + trick[2] + trick[3]  # four plays: concatenated in C
    trick_points = points_of(cards)
    attackers = 1 - starter % 2
    return winner, cards, trick_points, won + (trick_points if winner % 2 == attackers else 0)


def _level_change(p: int) -> tuple[bool, int]:
    """``level_change`` of ``p`` points, 0 or more, past its checks (in ``entry``)."""
    if p < TAKE_OVER:
        return False, 3 if p == 0 else 2 if p < 40 else 1
    return True, 0 if p < 120 else 1 if p < 160 else 2 if p < 200 else 3


class _RoundResult(NamedTuple):
    """A round's score and what follows from it."""

    bottom_points: int
    counted: int  # the bottom's points as counted for the attackers: doubled, or none
    total: int  # the attackers' points, the bottom's included
    levels: tuple[int, int]  # each team's level after the round
    defenders: int  # the team defending the next round
    starter: int  # the next round's starter
    winner: int | None  # the team that won the match, once decided


def _round_result(table: Table, won: int, last_winner: int) -> _RoundResult:
    """The score of a round whose tricks gave the attackers ``won`` points and whose last trick
    seat ``last_winner`` took: the bottom's points count double for the attackers if they took it;
    the levels change by the total; the match may be decided."""
    match = table.match
    defenders = table.starter % 2
    attackers = 1 - defenders
    bottom_points = points_of(table.bottom)
    counted = 2 * bottom_points if last_winner % 2 == attackers else 0
    total = won + counted
    take_over, gain = _level_change(total)
    levels = list(match.levels)
    if take_over:
        levels[attackers] = min(ACE, levels[attackers] + gain)
        next_defenders, next_starter = attackers, (table.starter + 1) % 4
    else:
        levels[defenders] = min(ACE, levels[defenders] + gain)
        next_defenders, next_starter = defenders, (table.starter + 2) % 4
    new_levels = (levels[0], levels[1])
    winner = _match_winner(match, table.royal, take_over, defenders, new_levels, next_defenders)
    return _RoundResult(bottom_points, counted, total, new_levels, next_defenders, next_starter, winner)


def _end_round(
    table: Table,
    tricks: tuple[CompletedTrick, ...],
    won: int,
    last_winner: int,
    events: list[Event] | None,
) -> State:
    """The round is scored; the match ends, or the next round is dealt."""
    result = _round_result(table, won, last_winner)
    match = table.match
    if events is not None:
        attackers = 1 - table.starter % 2
        events.append(BottomRevealed(table.bottom, result.bottom_points, result.counted))
        events.append(
            RoundScored(
                match.round,
                tuple(result.total if s % 2 == attackers else 0 for s in range(4)),
                tuple(result.levels[s % 2] for s in range(4)),
            )
        )
        events.append(LevelsChanged(result.levels, result.defenders, result.starter))
    if result.winner is not None:
        final_match = Match(
            config=match.config, levels=result.levels, round=match.round, winner=result.winner, rng=match.rng
        )
        over = attrs.evolve(table, phase="over", tricks=tricks, points=result.total, match=final_match)
        if events is not None:
            events.append(GameOver(_match_outcome(result.levels, result.winner)))
        return State(hands=((), (), (), ()), trick=(), to_act=None, table=over)
    next_match = Match(
        config=match.config, levels=result.levels, round=match.round + 1, winner=None, rng=match.rng
    )
    return _new_round(None, next_match, result.starter, 0, events)


def _match_winner(
    match: Match, royal: int, take_over: bool, defenders: int, levels: tuple[int, int], next_defenders: int
) -> int | None:
    """The team that wins the match after this round, or ``None`` while it goes on: defenders who
    hold the defence at the ace win; at the round bound, the higher level (equal levels: the team
    defending next)."""
    cfg = match.config
    if not take_over and royal == ACE and cfg.rounds is None:
        return defenders
    if match.round >= cfg.round_limit:
        if levels[0] != levels[1]:
            return 0 if levels[0] > levels[1] else 1
        return next_defenders
    return None


def outcome(state: State) -> Outcome | None:
    """Once the match is decided: each seat carries its team's level; the winning team's seats."""
    check_type(state, State)
    match = state.table.match
    if state.to_act is not None or match.winner is None:
        return None
    return _match_outcome(match.levels, match.winner)


def _match_outcome(levels: tuple[int, int], winner: int) -> Outcome:
    """Each seat carries its team's level; the winning team's seats win."""
    return Outcome(tuple(float(levels[s % 2]) for s in range(4)), (winner, winner + 2))


_DISCARD: Final[tuple[Discard, ...]] = tuple(Discard(c) for c in CARDS)


def _playout(state: State) -> tuple[float, ...]:
    """``rollout`` past its checks of the state and the seed (in ``entry``): the phases before the
    tricks through the transition, then the tricks in ``_play_tricks``."""
    while state.to_act is not None and state.table.phase != "play":
        moves = legal_moves(state)
        t = state.table
        seat = state.to_act
        hand = state.hands[seat]
        move = (
            moves[0]
            if len(moves) == 1
            else rule_of_thumb(moves, hand, state.trick, t.leader, seat, table_for(t.royal, t.trump))
        )
        state = _transition(state, move, None, False)
    if state.to_act is None:
        return cast(Outcome, outcome(state)).rewards()
    return _play_tricks(state)


def _play_tricks(state: State) -> tuple[float, ...]:
    """The round's tricks played out by the rule of thumb on mutable copies of the hands, through
    the rule functions the transition calls (``_plays``, ``_trick_taken``, ``_round_result``): only
    the order of play is written here; a test replays it through ``apply``. The last trick is
    scored without dealing the next round (a shuffle would cost the search as much as a tenth of
    its time, to be thrown away)."""
    t = state.table
    order = table_for(t.royal, t.trump)
    hands = [list(h) for h in state.hands]
    trick = list(state.trick)
    seat: int = state.to_act  # type: ignore[assignment]  # the caller checked it
    leader, won = t.leader, t.points
    while True:
        hand = hands[seat]
        moves = _plays(hand, trick, order)
        move = moves[0] if len(moves) == 1 else rule_of_thumb(moves, hand, trick, leader, seat, order)
        cards = cast(Play, move).cards  # the rule of thumb answers a play with one of the plays
        for c in cards:
            hand.remove(c)
        trick.append(cards)
        if len(trick) < 4:
            seat = (seat + 1) % 4
            continue
        seat, _, _, won = _trick_taken(trick, leader, t.starter, won, order)
        if not hands[seat]:
            return _playout_value(t.match.levels, _round_result(t, won, seat), 1 - t.starter % 2)
        leader, trick = seat, []


def _playout_value(before: tuple[int, int], result: _RoundResult, attackers: int) -> tuple[float, ...]:
    """A played-out round's value to each seat: the mean of a value by levels (the match's
    rewards once it is won, else the teams' level gains, defending next worth one level, scaled) and
    a value by the attackers' points (their share of 160, the rest to the defenders)."""
    if result.winner is not None:
        by_levels = _match_outcome(result.levels, result.winner).rewards()
    else:
        value = [result.levels[t] - before[t] + (1 if t == result.defenders else 0) for t in (0, 1)]
        diff = (value[0] - value[1]) / 8
        by_levels = (0.5 + diff, 0.5 - diff, 0.5 + diff, 0.5 - diff)
    share = min(160, max(0, result.total)) / 160
    by_points = tuple(share if s % 2 == attackers else 1.0 - share for s in range(4))
    return tuple((a + b) / 2 for a, b in zip(by_levels, by_points))


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a fresh match: ``Dealt``, ``TrumpSet``, and ``BottomTaken`` when nobody had to
    be asked about redeals or no-trump."""
    check_type(state, State)
    t = state.table
    events: list[Event] = [
        Dealt(t.match.round, (HAND,) * 4),
        TrumpSet(round=t.match.round, starter=t.starter, royal=t.royal, suit=t.trump),
    ]
    if t.phase == "discard" and not t.bottom:
        events.append(BottomTaken(t.starter))
    return tuple(events)
