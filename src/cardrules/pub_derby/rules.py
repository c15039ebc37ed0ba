"""Pub Derby's rules: the deal, legal moves, the one transition behind ``apply``, ``step``
and ``rollout`` (waves, goals, yellow cards, penalties, half time), and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from cardrules._reprs import short_repr, short_str
from cardrules._shared.checks import check_type, wrong_type
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.dealing import deal_round_robin
from cardrules._shared.tricks import RANK_OF, card_reason, playable, take_card, trick_winner
from cardrules.cards import CARDS, Card, check_deck
from cardrules.errors import IllegalMoveError
from cardrules.events import Dealt, GameOver, HalfTime, TrickWon, _card_played
from cardrules.game import Outcome
from cardrules.pub_derby.state import (
    _INTERCEPTED,
    _JACK,
    _KICKOFF_ORDER,
    _PLAY,
    _WAVE,
    HALVES,
    Config,
    Event,
    GoalScored,
    Match,
    PenaltyAwarded,
    PenaltyDrawn,
    PenaltySaved,
    PenaltyScored,
    Play,
    Progress,
    State,
    TrumpChosen,
    YellowCard,
    _config,
)
from cardrules.rng import Rng

__all__ = ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "num_players"]
__all__ += ["opening_events", "outcome", "step"]


def game_deck(config: Config | None = None) -> tuple[Card, ...]:
    """The standard 52 cards."""
    _config(config)
    return CARDS[:52]


def num_players(config: Config | None = None) -> int:
    """4 (classic), 6 (pub) or 8 (big squad)."""
    return _config(config).players


def max_moves(config: Config | None = None) -> int:
    """Exactly two halves of ``players * hand_size`` cards: 104, 96 or 96 moves."""
    cfg = _config(config)
    return HALVES * cfg.players * cfg.hand_size


def _deal_half(
    cards: Sequence[Card],
    *,
    config: Config,
    rng: Rng,
    half: int,
    goals: tuple[int, int],
    yellows: tuple[int, int],
) -> State:
    """Deal ``cards`` (top first), choose the trump and the kick-off, and open the half."""
    hands, bench = deal_round_robin(cards, config.players, config.hand_size)
    if bench:
        trump_card = bench[0]
    else:
        index, rng = rng.below(len(cards))
        trump_card = cards[index]
    kickoff = _kickoff_card(bench)
    leader = 0 if kickoff is None else next(s for s, h in enumerate(hands) if kickoff in h)
    match = Match(config, half, goals, yellows, bench, trump_card, kickoff, rng)
    progress = Progress(leader=leader, tricks=(), waves=(0, 0), match=match)
    return State(hands=hands, trick=(), to_act=leader, progress=progress)


def _kickoff_card(bench: Sequence[Card]) -> Card | None:
    """The half's kick-off card: the first of 2C, 2D, 2S, 2H not on the bench (``None``: all four
    are, and seat 0 leads any card)."""
    return next((c for c in _KICKOFF_ORDER if c not in bench), None)


def _new_game(cfg: Config, rng: Rng, deck: Sequence[Card | str] | None) -> State:
    """``new_game`` past its checks of the seed and the config (in ``entry``): the first deal."""
    if deck is None:
        cards, rng = rng.shuffle(CARDS[:52])
    else:
        cards = check_deck(deck, CARDS[:52], "Pub Derby")
    return _deal_half(cards, config=cfg, rng=rng, half=1, goals=(0, 0), yellows=(0, 0))


def _is_kickoff(state: State) -> bool:
    return not state.trick and not state.progress.tricks


def _reason(state: State, move: object) -> str | None:
    if type(state) is not State:
        raise wrong_type(state, State)
    if type(move) is not Play:
        return f"{short_repr(move)} is not a Pub Derby move (a Pub Derby move is Play(card))"
    seat = state.to_act
    if seat is None:
        return "the match is over"
    card = move.card
    if _is_kickoff(state):
        kickoff = state.progress.match.kickoff
        if kickoff is not None and card != kickoff:
            return f"seat {seat} must kick off the half with {kickoff}"
    return card_reason(state.hands[seat], state.trick, card, seat)


def is_legal(state: State, move: object) -> bool:
    """Whether ``move`` is legal: the kick-off 2 at a half's start, following suit when able."""
    return _reason(state, move) is None


def legal_moves(state: State) -> tuple[Play, ...]:
    """The cards the seat to act may play, in hand order; empty at full time.

    At a half's kick-off the holder must lead the kick-off 2; otherwise a leader plays any card and
    a follower must follow the led suit when able (else any card: a trump or a discard).
    """
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return ()
    return tuple([_PLAY[c] for c in _playable(state, seat)])


def _playable(state: State, seat: int) -> Sequence[Card]:
    """The cards ``seat``, the seat to act, may play: what ``legal_moves`` lists, and what the
    playout draws from without building the moves."""
    trick = state.trick
    # Only a lead can be the kick-off: the call is spared on the follows, most moves.
    if not trick and _is_kickoff(state):
        kickoff = state.progress.match.kickoff
        if kickoff is not None:
            return (kickoff,)
    return playable(state.hands[seat], trick[0] if trick else None)


def _penalty(cards: tuple[Card, ...], rng: Rng) -> tuple[bool, tuple[tuple[Card, Card], ...], Rng]:
    """Shuffle the trick's cards; striker then goalkeeper draw until the ranks differ.

    Returns whether the striker scored, the pairs drawn, and the advanced generator.
    """
    shuffled, rng = rng.shuffle(cards)
    draws: list[tuple[Card, Card]] = []
    for i in range(0, len(shuffled) - 1, 2):
        striker, keeper = shuffled[i], shuffled[i + 1]
        draws.append((striker, keeper))
        if RANK_OF[striker] != RANK_OF[keeper]:
            return RANK_OF[striker] > RANK_OF[keeper], tuple(draws), rng
    return False, tuple(draws), rng


def apply(state: State, move: object) -> State:
    """The state after the seat to act plays ``move``.

    A completed trick goes to the highest trump, else the highest card of the led suit; it extends
    its team's wave (or intercepts) and may score a goal (the seat left of its winner then leads),
    give a yellow card and a penalty (resolved at once, after the goal), and end the half or the
    match. Raises [`IllegalMoveError`][] and changes nothing for an illegal move.
    """
    return _transition(state, move, None)


def step(state: State, move: object) -> tuple[State, tuple[Event, ...]]:
    """``apply`` plus events: ``CardPlayed``; on a trick's last card ``TrickWon``, ``WaveExtended``
    or ``Intercepted``, ``GoalScored``, ``YellowCard``, ``PenaltyAwarded``, ``PenaltyDrawn`` (each
    draw), ``PenaltyScored`` or ``PenaltySaved``; at half time ``HalfTime``, ``Dealt``,
    ``TrumpChosen``; at full time ``GameOver``."""
    events: list[Event] = []
    return _transition(state, move, events), tuple(events)


def _transition(state: State, move: object, events: list[Event] | None, check: bool = True) -> State:
    """The one Pub Derby move: ``apply`` (``events`` None), ``step`` (events appended to
    ``events``) and ``rollout`` (``check`` False: the move is known legal) all go through here."""
    if check:
        if type(move) is not Play or type(state) is not State or state.to_act is None:
            raise IllegalMoveError(f"illegal move {short_repr(move)}: {_reason(state, move)}")
        if not state.trick and _is_kickoff(state):
            reason = _reason(state, move)
            if reason is not None:
                raise IllegalMoveError(f"illegal move {short_str(move.card)}: {reason}")
    seat: int = state.to_act  # type: ignore[assignment]  # checked above, or known by rollout
    card: Card = move.card  # type: ignore[attr-defined]
    taken = take_card(state.hands, state.trick, seat, card, check)
    if taken is None:
        raise IllegalMoveError(f"illegal move {short_str(card)}: {_reason(state, move)}")
    hands, trick = taken
    if events is not None:
        events.append(_card_played(seat, trick[-1]))
    # The records of a move are built from names spelled as their fields: named, at no cost.
    if len(trick) < len(hands):
        to_act, progress = (seat + 1) % len(hands), state.progress
        return State(hands, trick, to_act, progress)
    return _finish_trick(hands=hands, trick=trick, progress=state.progress, events=events)


def _finish_trick(
    *,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    progress: Progress,
    events: list[Event] | None,
) -> State:
    """The trick's winner, its wave or goal, its yellow card and penalty; then the next trick, half
    time, or full time."""
    match = progress.match
    cfg = match.config
    winner = (progress.leader + trick_winner(trick, match.trump)) % len(hands)
    team = winner % 2
    won = _trick_won(progress.waves, match.yellows, winner, trick, cfg)
    if events is not None:
        events.append(TrickWon(winner, trick, 0))
        if progress.waves[1 - team] > 0:
            events.append(_INTERCEPTED[team])
        events.append(_WAVE[team][won.wave])
    goals, yellows, rng = match.goals, won.yellows, match.rng
    if won.goal:
        goals = _add_goal(goals, team)
        if events is not None:
            events.append(GoalScored(team, winner, goals))
    if events is not None and yellows != match.yellows:
        events.append(YellowCard(team, yellows[team]))
    if won.penalty:
        goals, rng = _take_penalty(trick, 1 - team, goals, rng, events)
        yellows = (0, 0)
    tricks = (*progress.tricks, CompletedTrick(progress.leader, trick, winner))
    leader, waves = won.leader, won.waves
    if hands[0]:
        if goals != match.goals or yellows != match.yellows:
            match = _rescored(match, goals=goals, yellows=yellows, rng=rng)
        trick, to_act, progress = (), leader, Progress(leader, tricks, waves, match)
        return State(hands, trick, to_act, progress)
    if match.half == HALVES:
        final = _rescored(match, goals=goals, yellows=yellows, rng=rng)
        progress = Progress(leader=leader, tricks=tricks, waves=waves, match=final)
        after = State(hands=hands, trick=(), to_act=None, progress=progress)
        if events is not None:
            events.append(GameOver(_full_time(after)))
        return after
    cards, rng = rng.shuffle(CARDS[:52])
    after = _deal_half(cards, config=cfg, rng=rng, half=2, goals=goals, yellows=yellows)
    if events is not None:
        events.append(HalfTime(1, goals))
        events.extend(opening_events(after))
    return after


def _rescored(match: Match, *, goals: tuple[int, int], yellows: tuple[int, int], rng: Rng) -> Match:
    """``match`` with the goals, yellow cards and generator a trick left."""
    # Names spelled as the fields they fill: named, at no cost (a goal comes every few tricks).
    config, half, bench, trump_card, kickoff = (
        match.config,
        match.half,
        match.bench,
        match.trump_card,
        match.kickoff,
    )
    return Match(config, half, goals, yellows, bench, trump_card, kickoff, rng)


_JACKS: frozenset[Card] = frozenset([c for c in CARDS[:52] if RANK_OF[c] == _JACK])
"""The four jacks: a trick holding one books its winning team."""


class _TrickWon(NamedTuple):
    """What a won trick does by the rules, before any penalty is taken."""

    wave: int
    """The winning team's wave with this trick (1 after an interception)."""
    waves: tuple[int, int]
    """Both teams' waves after it: back to 0 after a goal."""
    goal: bool
    """Whether the wave reached the goal length."""
    leader: int
    """Who leads next: the winner, or after a goal the seat to its left."""
    yellows: tuple[int, int]
    """The yellow cards after it: one more for the winning team if the trick holds a jack."""
    penalty: bool
    """Whether that was the team's second yellow card: a penalty to the other team, after which
    both teams' yellow cards are discarded."""


def _trick_won(
    waves: tuple[int, int], yellows: tuple[int, int], winner: int, trick: Sequence[Card], cfg: Config
) -> _TrickWon:
    """The wave, goal, next leader and yellow card of a trick won by ``winner``: the one place
    these rules are written (the transition plays them, validate replays them)."""
    team = winner % 2
    wave = waves[team] + 1  # an interception has set the other team's wave back to 0
    goal = wave == cfg.goal_length
    after = (0, 0) if goal else ((wave, 0) if team == 0 else (0, wave))
    leader = (winner + 1) % cfg.players if goal else winner
    booked = not _JACKS.isdisjoint(trick)
    if booked:
        yellows = _add_goal(yellows, team)
    return _TrickWon(wave, after, goal, leader, yellows, booked and yellows[team] >= 2)


def _take_penalty(
    trick: tuple[Card, ...], team: int, goals: tuple[int, int], rng: Rng, events: list[Event] | None
) -> tuple[tuple[int, int], Rng]:
    """``team``'s penalty from the trick's cards: the goals after it and the advanced generator."""
    scored, draws, rng = _penalty(trick, rng)
    if scored:
        goals = _add_goal(goals, team)
    if events is not None:
        events.append(PenaltyAwarded(team))
        events.extend(PenaltyDrawn(s, k) for s, k in draws)
        events.append(PenaltyScored(team, goals) if scored else PenaltySaved(team))
    return goals, rng


def _add_goal(goals: tuple[int, int], team: int) -> tuple[int, int]:
    return (goals[0] + 1, goals[1]) if team == 0 else (goals[0], goals[1] + 1)


def _playout(state: State, rnd: Callable[[], float]) -> tuple[float, ...]:
    """``rollout`` past its checks of the state and the seed (in ``entry``): the playout."""
    seat = state.to_act
    while seat is not None:
        options = _playable(state, seat)
        state = _transition(state, _PLAY[options[int(rnd() * len(options))]], None, False)
        seat = state.to_act
    return _full_time(state).rewards()


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a half's start (``Dealt``, ``TrumpChosen``), for a front end after ``new_game``."""
    check_type(state, State)
    m = state.progress.match
    return (Dealt(m.half, tuple(len(h) for h in state.hands)), TrumpChosen(m.half, m.trump_card, m.trump))


def outcome(state: State) -> Outcome | None:
    """At full time each seat carries its team's goals; more goals wins, equal goals is a draw."""
    check_type(state, State)
    return None if state.to_act is not None else _full_time(state)


def _full_time(state: State) -> Outcome:
    goals = state.progress.match.goals
    players = len(state.hands)
    scores = tuple(float(goals[s % 2]) for s in range(players))
    if goals[0] == goals[1]:
        winners = tuple(range(players))
    else:
        best = 0 if goals[0] > goals[1] else 1
        winners = tuple(s for s in range(players) if s % 2 == best)
    return Outcome(scores, winners)
