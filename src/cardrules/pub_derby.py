"""Pub Derby: a team trick-taking game of attacking waves, yellow cards and penalty shootouts.

Rule text: "Pub Derby: Official Rules" (no author named); the rulings and decisions are on the
Pub Derby page of the documentation.

* Formats (``Config.format``): ``classic`` (4 players, 13 cards, a goal is 3 tricks in a row),
  ``pub`` (6 players, 8 cards, a bench of 4, 2 in a row), ``big_squad`` (8 players, 6 cards, a
  bench of 4, 2 in a row). Even seats are team A (0), odd seats team B (1).
* Trump: the suit of the bench's top card, or in ``classic`` of a card drawn at random and shown.
* Each half kicks off with the 2 of clubs led by its holder (if it is on the bench: the 2 of
  diamonds, then spades, then hearts; if all four are there, seat 0 leads any card).
* Follow suit when able; otherwise trump or discard. The highest trump wins, else the highest card
  of the led suit.
* A team winning the goal length of tricks in a row scores a goal; both counts reset and the seat
  left of the trick's winner leads any card. A trick won holding a jack gives the winning team a
  yellow card; its second gives the other team a penalty: a shootout from that trick's cards.
* Half time when the hands are empty: a new shuffle, deal and trump; waves reset, yellows carry.
  After two halves the team with more goals wins; equal goals is a draw.

Moves are [`Play`][] (one card); ``legal_moves`` lists them in hand order (by suit clubs,
diamonds, hearts, spades, then rank low to high).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias, cast

import attrs

from cardrules._actions import check_index, check_move_fields, decode_checked
from cardrules._checks import check_fields, check_in_range, check_trick_view
from cardrules._dealing import deal_hidden, deal_round_robin
from cardrules._options import config_of
from cardrules._reprs import short_repr, short_str
from cardrules._tricks import (
    RANK_OF,
    SUIT_OF,
    CompletedTrick,
    card_reason,
    parse_suited_card,
    playable,
    revoke,
    take_card,
    trick_winner,
    void_suits,
)
from cardrules.cards import CARDS, Card, Rank, Suit, check_deck, format_cards, to_card
from cardrules.errors import ConfigError, IllegalMoveError, StateError
from cardrules.events import CardPlayed, Dealt, GameOver, TrickWon
from cardrules.game import Outcome, Zone
from cardrules.rng import Rng, playout_random

__all__ = [
    "DESCRIPTION",
    "EVENT_TYPES",
    "FORMATS",
    "MOVE_TYPES",
    "NAME",
    "Config",
    "Event",
    "GoalScored",
    "HalfTime",
    "Intercepted",
    "Match",
    "Move",
    "PenaltyAwarded",
    "PenaltyDrawn",
    "PenaltySaved",
    "PenaltyScored",
    "Play",
    "Progress",
    "State",
    "TrumpChosen",
    "View",
    "WaveExtended",
    "YellowCard",
    "action_count",
    "apply",
    "decode_move",
    "encode_move",
    "format_move",
    "game_deck",
    "is_legal",
    "legal_actions",
    "legal_moves",
    "max_moves",
    "new_game",
    "num_players",
    "opening_events",
    "outcome",
    "parse_move",
    "render",
    "rollout",
    "sample_state",
    "step",
    "validate",
    "view",
    "zones",
]

NAME = "pub_derby"
DESCRIPTION = "Pub Derby: 4, 6 or 8 players in two teams score goals with waves of tricks."

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
class State:
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
class View:
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


@attrs.frozen
class HalfTime:
    """The first half ended with ``goals``; the deck is dealt again."""

    goals: tuple[int, int]


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
    return 2 * cfg.players * cfg.hand_size


def _deal_half(
    cards: Sequence[Card], cfg: Config, rng: Rng, half: int, goals: tuple[int, int], yellows: tuple[int, int]
) -> State:
    """Deal ``cards`` (top first), choose the trump and the kick-off, and open the half."""
    hands, bench = deal_round_robin(cards, cfg.players, cfg.hand_size)
    if bench:
        trump_card = bench[0]
    else:
        index, rng = rng.below(len(cards))
        trump_card = cards[index]
    kickoff = next((c for c in _KICKOFF_ORDER if c not in bench), None)
    leader = 0 if kickoff is None else next(s for s, h in enumerate(hands) if kickoff in h)
    match = Match(cfg, half, goals, yellows, bench, trump_card, kickoff, rng)
    return State(hands, (), leader, Progress(leader, (), (0, 0), match))


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new match at the first half's kick-off.

    Without ``deck`` the 52 cards are shuffled by the seed's generator. A stacked ``deck`` (all 52,
    top first) is dealt one card at a time, seat 0 first; in ``pub`` and ``big_squad`` the last 4
    are the bench, top first. In ``classic`` the trump card is then drawn as ``deck[below(52)]``
    by the generator (it stays where it is). The second half is always shuffled.
    """
    cfg = _config(config)
    rng = Rng.from_seed(seed)
    if deck is None:
        cards, rng = rng.shuffle(CARDS[:52])
    else:
        cards = check_deck(deck, CARDS[:52], "Pub Derby")
    return _deal_half(cards, cfg, rng, 1, (0, 0), (0, 0))


def _is_kickoff(state: State) -> bool:
    return not state.trick and not state.progress.tricks


def _reason(state: State, move: object) -> str | None:
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
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
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
    seat = state.to_act
    if seat is None:
        return ()
    hand = state.hands[seat]
    trick = state.trick
    if not trick and not state.progress.tricks:
        kickoff = state.progress.match.kickoff
        if kickoff is not None:
            return (_PLAY[kickoff],)
    return tuple([_PLAY[c] for c in playable(hand, trick[0] if trick else None)])


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
        if not state.trick and not state.progress.tricks:
            reason = _reason(state, move)
            if reason is not None:
                raise IllegalMoveError(f"illegal move {short_str(move.card)}: {reason}")
    seat = cast(int, state.to_act)
    card = cast(Play, move).card
    hands, trick = take_card(state.hands, state.trick, seat, card, check, lambda: _reason(state, move))
    if events is not None:
        events.append(CardPlayed(seat, trick[-1]))
    if len(trick) < len(hands):
        return State(hands, trick, (seat + 1) % len(hands), state.progress)
    return _finish_trick(hands, trick, state.progress, events)


def _finish_trick(
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    progress: Progress,
    events: list[Event] | None,
) -> State:
    """The trick's winner, its wave or goal, its yellow card and penalty; then the next trick, half
    time, or full time."""
    match = progress.match
    cfg = match.config
    players = len(hands)
    winner = (progress.leader + trick_winner(trick, match.trump)) % players
    team = winner % 2
    waves = [0, 0]
    waves[team] = progress.waves[team] + 1
    if events is not None:
        events.append(TrickWon(winner, trick, 0))
        if progress.waves[1 - team] > 0:
            events.append(Intercepted(team))
        events.append(WaveExtended(team, waves[team]))
    goals = match.goals
    leader = winner
    if waves[team] == cfg.goal_length:
        goals = _add_goal(goals, team)
        waves = [0, 0]
        leader = (winner + 1) % players
        if events is not None:
            events.append(GoalScored(team, winner, goals))
    yellows, rng = match.yellows, match.rng
    if any(RANK_OF[c] == _JACK for c in trick):
        yellows = _add_goal(yellows, team)
        if events is not None:
            events.append(YellowCard(team, yellows[team]))
        if yellows[team] >= 2:
            goals, rng = _take_penalty(trick, 1 - team, goals, rng, events)
            yellows = (0, 0)
    tricks = (*progress.tricks, CompletedTrick(progress.leader, trick, winner))
    if hands[0]:
        if goals is not match.goals or yellows is not match.yellows:
            match = Match(cfg, match.half, goals, yellows, match.bench, match.trump_card, match.kickoff, rng)
        return State(hands, (), leader, Progress(leader, tricks, (waves[0], waves[1]), match))
    if match.half == 2:
        final = Match(cfg, 2, goals, yellows, match.bench, match.trump_card, match.kickoff, rng)
        after = State(hands, (), None, Progress(leader, tricks, (waves[0], waves[1]), final))
        if events is not None:
            events.append(GameOver(_full_time(after)))
        return after
    cards, rng = rng.shuffle(CARDS[:52])
    after = _deal_half(cards, cfg, rng, 2, goals, yellows)
    if events is not None:
        events.append(HalfTime(goals))
        events.extend(opening_events(after))
    return after


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


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast random playout for search bots to full time: uniformly random legal cards, played by
    the one transition without events or move checks. Each seat's ``Outcome.rewards`` (1 for a
    win, 0.5 each for a draw, 0 for a loss)."""
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
    rnd = playout_random(seed)
    while state.to_act is not None:
        options = legal_moves(state)
        state = _transition(state, options[int(rnd() * len(options))], None, False)
    return _full_time(state).rewards()


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a half's start (``Dealt``, ``TrumpChosen``), for a front end after ``new_game``."""
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
    m = state.progress.match
    return (Dealt(m.half, tuple(len(h) for h in state.hands)), TrumpChosen(m.half, m.trump_card, m.trump))


def outcome(state: State) -> Outcome | None:
    """At full time each seat carries its team's goals; more goals wins, equal goals is a draw."""
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
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


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its hand and everything public (the bench's top card only; in
    classic only the trump suit, since the drawn card went back into the deck)."""
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
    players = len(state.hands)
    if type(player) is not int or not 0 <= player < players:
        raise StateError(f"player must be a seat from 0 to {players - 1}, got {short_repr(player)}")
    p = state.progress
    m = p.match
    return View(
        player,
        state.hands[player],
        state.trick,
        p.leader,
        state.to_act,
        p.tricks,
        tuple(len(h) for h in state.hands),
        m.trump,
        m.bench[0] if m.bench else None,
        m.kickoff,
        p.waves,
        m.goals,
        m.yellows,
        m.half,
        m.config,
        legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Seats, per-seat fields, the trump suit and the kick-off card in range for the view's config,
    before ``sample_state`` indexes them; whether a state can show the view is ``validate``'s to
    say, on the state sampled from it."""
    if type(view) is not View:
        raise StateError(f"expected a pub_derby.View, got {type(view).__name__}")
    check_fields(view)
    check_trick_view(view, view.config.players)
    check_in_range("a view's trump suit", view.trump, 0, 3)
    if view.kickoff is not None and view.kickoff not in _KICKOFF_ORDER:
        raise StateError(f"a view's kick-off card is a 2, got {short_repr(view.kickoff)}")


def sample_state(view: View, seed: int) -> State:
    """A full state consistent with ``view``: the cards it does not show dealt at random.

    The other hands and the hidden bench cards are dealt so that no seat gets a suit it has shown
    it lacks this half; the kick-off 2 stays with the seat that kicked off (or must), and the 2s
    that precede it in the kick-off order lie on the bench (all four if seat 0 kicked off freely).
    In classic the shown trump card is taken to be the 2 of trumps; the later halves' shuffles
    come from ``seed``.
    """
    _check_view_shape(view)
    cfg = view.config
    players = cfg.players
    first_leader = view.tricks[0].leader if view.tricks else view.leader
    seen = set(view.hand) | set(view.trick)
    for t in view.tricks:
        seen.update(t.cards)
    fixed: dict[Card, int] = {}  # card -> seat, or -1 for the hidden bench
    kick = view.kickoff
    before = _KICKOFF_ORDER if kick is None else _KICKOFF_ORDER[: _KICKOFF_ORDER.index(kick)]
    for c in before:
        if c != view.bench_top:
            fixed[c] = -1
    if kick is not None and kick not in seen:
        fixed[kick] = first_leader
    bench_top = () if view.bench_top is None else (view.bench_top,)
    unseen = [c for c in CARDS[:52] if c not in seen and c not in bench_top and c not in fixed]
    others = [s for s in range(players) if s != view.player]
    sizes = [view.hand_sizes[s] - sum(1 for v in fixed.values() if v == s) for s in others]
    bench_hidden = (4 - 1 - sum(1 for v in fixed.values() if v == -1)) if view.bench_top is not None else 0
    voids = _void_suits(view, players)
    for card, owner in fixed.items():
        if owner >= 0 and (owner == view.player or card // 13 in voids[owner]):
            raise StateError("the view's kick-off contradicts the hands")
    rng = Rng.from_seed(seed)
    dealt, rng = deal_hidden(
        unseen,
        [*sizes, bench_hidden],
        [*(frozenset(range(4)) - voids[s] for s in others), frozenset(range(4))],
        SUIT_OF.__getitem__,
        rng,
    )
    hands: list[tuple[Card, ...]] = [()] * players
    hands[view.player] = view.hand
    for s, h in zip(others, dealt):
        hands[s] = tuple(sorted(h + tuple(c for c, o in fixed.items() if o == s)))
    if view.bench_top is None:
        bench: tuple[Card, ...] = ()
        trump_card = CARDS[view.trump * 13]
    else:
        rest = list(dealt[-1]) + [c for c, o in fixed.items() if o == -1]
        order, rng = rng.shuffle(sorted(rest))
        bench = (view.bench_top, *order)
        trump_card = view.bench_top
    match = Match(cfg, view.half, view.goals, view.yellows, bench, trump_card, view.kickoff, rng)
    state = State(
        tuple(hands), view.trick, view.to_act, Progress(view.leader, view.tricks, view.waves, match)
    )
    validate(state)
    return state


def _void_suits(view: View, players: int) -> list[set[int]]:
    tricks = [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])
    leaders = [t.leader for t in view.tricks] + ([view.leader] if view.trick else [])
    return void_suits(tricks, leaders, players)


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (its owner), the kick-off 2 while its holder has still to lead it (public), the
    current trick and this half's tricks (public), the bench's top card (public) and the rest of the
    bench (nobody)."""
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
    players = len(state.hands)
    everyone = tuple(range(players))
    bench = state.progress.match.bench
    # Until it is led, the kick-off 2 is known to lie in its holder's hand: it has a public zone.
    kickoff = state.progress.match.kickoff
    shown = kickoff if kickoff is not None and _is_kickoff(state) and state.to_act is not None else None
    out = [Zone(f"hand {s}", tuple(c for c in state.hands[s] if c != shown), (s,)) for s in range(players)]
    if shown is not None:
        out.append(Zone(f"kick-off card of seat {state.progress.leader}", (shown,), everyone))
    out.append(Zone("trick", state.trick, everyone))
    out.append(Zone("played", tuple(c for t in state.progress.tricks for c in t.cards), everyone))
    out.append(Zone("bench top", bench[:1], everyone))
    out.append(Zone("bench", bench[1:], ()))
    return tuple(out)


@attrs.frozen
class _HalfReplay:
    """What a half's tricks give, replayed from its start: the next leader and the waves, each
    team's goals from waves and penalties awarded, and the yellow cards at the end."""

    leader: int
    waves: tuple[int, int]
    goals: tuple[int, int]
    penalties: tuple[int, int]
    yellows: tuple[int, int]


def _replay_half(
    tricks: tuple[CompletedTrick, ...], leader: int, cfg: Config, yellows: tuple[int, int] = (0, 0)
) -> _HalfReplay:
    """Replay the half's tricks (checking each leader against the one before) from ``yellows``."""
    waves, goals, penalties, y = [0, 0], [0, 0], [0, 0], list(yellows)
    for n, t in enumerate(tricks):
        if n and t.leader != leader:
            raise StateError(
                f"trick {n + 1} is led by seat {t.leader}, but seat {leader} leads it"
                " (the previous trick's winner, or the seat left of a goalscorer)"
            )
        team = t.winner % 2
        waves = [0, 0] if waves[1 - team] else waves
        waves[team] += 1
        leader = t.winner
        if waves[team] == cfg.goal_length:
            goals[team] += 1
            waves, leader = [0, 0], (t.winner + 1) % cfg.players
        if any(RANK_OF[c] == _JACK for c in t.cards):
            y[team] += 1
            if y[team] >= 2:
                penalties[1 - team] += 1
                y = [0, 0]
    return _HalfReplay(
        leader, (waves[0], waves[1]), (goals[0], goals[1]), (penalties[0], penalties[1]), (y[0], y[1])
    )


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position Pub Derby can reach.

    Checks types, that hands, trick, played tricks and bench hold the 52 cards once, hand sizes
    against the tricks played, nobody failing to follow a suit it held, trick winners and leaders
    (after a goal the seat left of the winner leads), the trump card, the kick-off card, its holder
    and the half's first card (of a trick in progress too), waves, yellow cards and goals against
    the half's tricks (see docs/rules/pub_derby.md for what the first half's tricks, not kept,
    still bound in the second), and whose turn it is.
    """
    if type(state) is not State:
        raise StateError(f"expected a pub_derby.State, got {type(state).__name__}")
    check_fields(state)
    _check_cards(state)
    _check_tricks(state)
    _check_kickoff(state)
    _check_score(state)
    p = state.progress
    cfg = p.match.config
    done = len(p.tricks)
    if state.to_act is None:
        if p.match.half != 2 or done != cfg.hand_size:
            raise StateError("the match ends after the second half's last trick")
    elif state.to_act != (p.leader + len(state.trick)) % cfg.players or done == cfg.hand_size:
        raise StateError("to_act must be the seat after the last one to play")


def _check_cards(state: State) -> None:
    """The half, the bench and its top card (the trump card), sorted hands of the right sizes, and
    the 52 cards once each."""
    p = state.progress
    m = p.match
    cfg = m.config
    players = cfg.players
    if len(state.hands) != players:
        raise StateError(f"{cfg.format} has {players} hands")
    if m.half not in (1, 2):
        raise StateError("the half is 1 or 2")
    bench_size = 52 - players * cfg.hand_size
    if len(m.bench) != bench_size:
        raise StateError(f"{cfg.format} has a bench of {bench_size}")
    if m.bench and m.trump_card != m.bench[0]:
        raise StateError("the trump card is the bench's top card")
    cards: list[Card] = [*m.bench, *state.trick, *(c for t in p.tricks for c in t.cards)]
    for h in state.hands:
        if list(h) != sorted(h):
            raise StateError("hands must be sorted")
        cards.extend(h)
    if sorted(cards) != list(CARDS[:52]):
        raise StateError("hands, trick, tricks and bench must hold the 52 cards exactly once")
    if len(state.trick) >= players or not 0 <= p.leader < players:
        raise StateError("a trick in progress has fewer cards than players, and a seat leads it")
    for s in range(players):
        played = 1 if (s - p.leader) % players < len(state.trick) else 0
        if len(state.hands[s]) != cfg.hand_size - len(p.tricks) - played:
            raise StateError(f"seat {s} holds {len(state.hands[s])} cards, which the tricks do not allow")


def _check_tricks(state: State) -> None:
    """Each completed trick has a card a seat, a seat as leader and its winner; nobody failed to
    follow a suit it held; each trick is led by the seat the one before says."""
    p = state.progress
    m = p.match
    players = m.config.players
    for t in p.tricks:
        if len(t.cards) != players or not 0 <= t.leader < players:
            raise StateError(f"a completed trick has {players} cards and a seat as leader")
        if t.winner != (t.leader + trick_winner(t.cards, m.trump)) % players:
            raise StateError(f"trick {format_cards(t.cards)} has the wrong winner")
    history = [(t.leader, t.cards) for t in p.tricks]
    if state.trick:
        history.append((p.leader, state.trick))
    reason = revoke(state.hands, history, players)
    if reason is not None:
        raise StateError(f"impossible history: {reason}")
    replay = _replay_half(p.tricks, p.leader, m.config)
    if p.leader != replay.leader:
        raise StateError(
            f"seat {replay.leader} leads: the last trick's winner, or the seat left of a goalscorer"
        )
    if p.waves != replay.waves:
        raise StateError(f"the half's tricks give waves {replay.waves}, not {p.waves}")


def _check_kickoff(state: State) -> None:
    """The kick-off card is the first 2 not on the bench; the half's first trick (completed or in
    progress) starts with it; before it is played, its holder is to lead."""
    p = state.progress
    m = p.match
    kickoff = next((c for c in _KICKOFF_ORDER if c not in m.bench), None)
    if m.kickoff != kickoff:
        raise StateError(
            "the kick-off card is the first 2 (clubs, diamonds, spades, hearts) not on the bench"
        )
    if kickoff is None:
        return
    first = p.tricks[0].cards if p.tricks else state.trick
    if first and first[0] != kickoff:
        raise StateError(f"the half kicks off with {kickoff}")
    if not first and state.to_act is not None and kickoff not in state.hands[p.leader]:
        raise StateError("the holder of the kick-off card leads the half")


def _check_score(state: State) -> None:
    """Yellow cards and goals the half's tricks can give: replayed from the half's start (no
    yellows in the first half; any in the second, whose first half is not kept), each team's
    goals at least its goals from waves this half and at most those plus its penalties, plus
    (second half) what one half can give: a goal per ``goal_length`` tricks and two penalties."""
    p = state.progress
    m = p.match
    cfg = m.config
    starts = [(0, 0)] if m.half == 1 else [(a, b) for a in (0, 1) for b in (0, 1)]
    earlier = 0 if m.half == 1 else cfg.hand_size // cfg.goal_length + 2
    for start in starts:
        replay = _replay_half(p.tricks, p.leader, cfg, start)
        least, most = replay.goals, [g + pen + earlier for g, pen in zip(replay.goals, replay.penalties)]
        in_reach = all(least[t] <= m.goals[t] <= most[t] for t in (0, 1))
        in_total = m.half == 1 or sum(m.goals) <= sum(replay.goals) + sum(replay.penalties) + earlier
        if replay.yellows == m.yellows and in_reach and in_total:
            return
    raise StateError(
        f"goals {m.goals} and yellow cards {m.yellows} are not what half {m.half}'s tricks can give"
    )


def action_count(config: Config | None = None) -> int:
    """52 actions: action ``k`` plays the card with code ``k`` (2C 0 .. AC 12, 2D 13 .. AD 25,
    2H 26 .. AH 38, 2S 39 .. AS 51), whatever the config."""
    _config(config)
    return 52


def encode_move(move: Play) -> int:
    """The action number of ``move``: its card's code (see [`action_count`][])."""
    if type(move) is not Play:
        raise IllegalMoveError(f"{short_repr(move)} is not a Pub Derby move (a Pub Derby move is Play(card))")
    check_move_fields("Pub Derby", move)
    return int(move.card)


def decode_move(state: State, index: int) -> Play:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Pub Derby", index, 52)
    return decode_checked("Pub Derby", state, index, _PLAY[index], is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return tuple([int(m.card) for m in legal_moves(state)])


def format_move(move: Play) -> str:
    """The card's notation: ``"QS"``."""
    if type(move) is not Play:
        raise IllegalMoveError(f"{short_repr(move)} is not a Pub Derby move")
    return str(move.card)


def parse_move(state: State, text: str) -> Play:
    """The legal play written as a card (``"QS"``, ``"10h"``); ``MoveParseError`` for non-cards."""
    card = parse_suited_card(text, "Pub Derby")
    move = _PLAY[card]
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {card}: {reason}")
    return move


def render(view: View) -> str:
    """A few lines for a terminal: score, half, trump, waves, yellows, the table and the hand."""
    if type(view) is not View:
        raise StateError(f"expected a pub_derby.View, got {type(view).__name__}")
    players = view.config.players
    trump = Suit(view.trump)
    lines = [
        f"Pub Derby ({view.config.format}), half {view.half}. You are seat {view.player}, team "
        f"{_TEAMS[view.player % 2]}. Goals A {view.goals[0]} - {view.goals[1]} B.",
        f"Trump {trump.symbol} {_SUIT_NAMES[trump]}"
        + (f" (bench shows {view.bench_top.pretty()})" if view.bench_top is not None else "")
        + f". Waves A {view.waves[0]} B {view.waves[1]}. Yellows A {view.yellows[0]} B {view.yellows[1]}.",
    ]
    if view.tricks:
        last = view.tricks[-1]
        lines.append(f"Last trick: {format_cards(last.cards, pretty=True)} -> seat {last.winner}")
    if view.to_act is None:
        lines.append("Full time.")
    else:
        table = "  ".join(f"{(view.leader + k) % players}:{c.pretty()}" for k, c in enumerate(view.trick))
        lines.append(f"Trick: {table or '(empty)'}   To play: seat {view.to_act}")
    lines.append("Hand: " + format_cards(view.hand, pretty=True))
    return "\n".join(lines)
