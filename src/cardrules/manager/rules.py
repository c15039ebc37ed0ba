"""Manager's rules: season scoring, the deal, legal moves, the one transition behind ``apply``,
``step`` and ``rollout`` (exchanges, passes, closing a draft), the playout, and the result.
``new_game``, ``rollout`` and ``season_value`` check what the user gives them in ``entry``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_type, wrong_type
from cardrules._shared.dealing import deal_round_robin
from cardrules.cards import CARDS, Card, Suit, check_deck, format_cards, to_card
from cardrules.errors import CardParseError, ConfigError, IllegalMoveError, StateError
from cardrules.events import GameOver
from cardrules.game import Outcome
from cardrules.manager.policy import best_exchange, season_reward
from cardrules.manager.scoring import _score
from cardrules.manager.state import (
    _EXCHANGE,
    _PASS,
    _POOL_SIZE,
    SEASONS,
    Config,
    DraftClosed,
    DraftOpened,
    Event,
    Exchange,
    Exchanged,
    Match,
    Pass,
    Passed,
    SeasonHalved,
    SeasonResult,
    SeasonRevealed,
    SeasonWon,
    State,
    _config,
)
from cardrules.rng import Rng

__all__ = ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "num_players"]
__all__ += ["opening_events", "outcome", "step"]


def game_deck(config: Config | None = None) -> tuple[Card, ...]:
    """All 52 cards: the 39 in play and the stripped suit's 13, set aside in a public zone."""
    _config(config)
    return CARDS[:52]


def num_players(config: Config | None = None) -> int:
    """Manager is for two players."""
    _config(config)
    return 2


def max_moves(config: Config | None = None) -> int:
    """A hard bound: 10 drafts of at most ``2 * max_exchanges`` moves each.

    No two passes are consecutive except the two that close a draft, so a draft of ``k``
    exchanges has at most ``2k + 2`` moves when it closes on passes (``k < max_exchanges``) and
    ``2k`` when it closes on its last exchange.
    """
    return (SEASONS - 1) * 2 * _config(config).max_exchanges


def _after_season(
    halves: tuple[int, ...], previous_first: int | None, result: SeasonResult
) -> tuple[tuple[int, ...], int]:
    """Seasons won in halves and the next draft's first mover after ``result``: the loser drafts
    first; after a halved season, the seat that did not open the previous draft (seat 1 after a
    halved first season)."""
    if result.winner is None:
        return (halves[0] + 1, halves[1] + 1), 1 if previous_first is None else 1 - previous_first
    won = list(halves)
    won[result.winner] += 2
    return (won[0], won[1]), 1 - result.winner


def _open_draft(
    *,
    teams: tuple[tuple[Card, ...], ...],
    pool: tuple[Card, ...],
    stock: tuple[Card, ...],
    retired: tuple[Card, ...],
    halves: tuple[int, ...],
    results: tuple[SeasonResult, ...],
    previous_first: int | None,
    config: Config,
    stripped_suit: Suit,
) -> State:
    """Score the next season on ``teams``; open the next draft on ``pool``, or end after season 11."""
    season = len(results) + 1
    result = _score(season=season, teams=teams)
    halves, first = _after_season(halves, previous_first, result)
    results = (*results, result)
    match = Match(config, stripped_suit, season, first, stock, retired, halves, results)
    to_act: int | None = first if season < SEASONS else None
    exchanges, passed = 0, False
    return State(teams, pool, to_act, exchanges, passed, match)


def _new_game(cfg: Config, rng: Rng, deck: Sequence[Card | str] | None) -> State:
    """``new_game`` past its checks of the seed and the config (in ``entry``): the deal."""
    if deck is None:
        if cfg.stripped_suit is None:
            index, rng = rng.below(4)
            suit = Suit(index)
        else:
            suit = cfg.stripped_suit
        cards, rng = rng.shuffle(_deck39(suit))
    else:
        suit = cfg.stripped_suit if cfg.stripped_suit is not None else _missing_suit(deck)
        cards = check_deck(deck, _deck39(suit), f"Manager (stripped suit {suit.name.lower()})")
    teams, stock = deal_round_robin(cards, 2, 5)
    pool = tuple(sorted(stock[:3]))
    return _open_draft(
        teams=teams,
        pool=pool,
        stock=stock[3:],
        retired=(),
        halves=(0, 0),
        results=(),
        previous_first=None,
        config=cfg,
        stripped_suit=suit,
    )


def _missing_suit(deck: Sequence[object]) -> Suit:
    """The first suit with no card in ``deck`` (spades if none is missing; ``check_deck`` then fails)."""
    present = set()
    try:
        items = list(deck)
    except TypeError:
        raise ConfigError(
            f"a stacked Manager deck is a sequence of 39 cards, got {short_repr(deck)}"
        ) from None
    for x in items:
        try:
            present.add(to_card(x) // 13)  # type: ignore[arg-type]
        except CardParseError:
            continue
    return next((s for s in Suit if s not in present), Suit.SPADES)


def _deck39(suit: Suit) -> tuple[Card, ...]:
    return tuple(c for c in CARDS[:52] if c // 13 != suit)


def _reason(state: State, move: object) -> str | None:
    if type(state) is not State:
        raise wrong_type(state, State)
    if type(move) not in (Exchange, Pass):
        return f"{short_repr(move)} is not a Manager move (Exchange(team_card, pool_card) or Pass())"
    seat = state.to_act
    if seat is None:
        return "the match is over"
    if type(move) is Exchange:
        if type(move.team_card) is not Card or type(move.pool_card) is not Card:  # built around converters
            return f"{short_repr(move)} does not name two cards"
        if move.team_card not in state.teams[seat]:
            return f"seat {seat}'s team has no {move.team_card} (team: {format_cards(state.teams[seat])})"
        if move.pool_card not in state.pool:
            return f"the pool has no {move.pool_card} (pool: {format_cards(state.pool)})"
    return None


def is_legal(state: State, move: object) -> bool:
    """Whether ``move`` is legal: a pass, or an exchange of one of the mover's cards for a pool card."""
    return _reason(state, move) is None


def legal_moves(state: State) -> tuple[Exchange | Pass, ...]:
    """Every exchange (team card order, then pool card order), then ``Pass``; empty once over."""
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return ()
    pool = state.pool
    moves: list[Exchange | Pass] = [_EXCHANGE[t][p] for t in state.teams[seat] for p in pool]
    moves.append(_PASS)
    return tuple(moves)


def apply(state: State, move: object) -> State:
    """The state after the seat to act exchanges or passes.

    An exchange swaps the two cards; the ``max_exchanges``-th exchange of a draft closes it at
    once. A pass after a pass closes it. Closing retires the pool, turns up the next one from the
    stock (up to three cards), scores the next season and opens the next draft, or ends the match
    after season 11. Raises [`IllegalMoveError`][] and changes nothing for an illegal move.
    """
    return _transition(state, move, None)


def step(state: State, move: object) -> tuple[State, tuple[Event, ...]]:
    """``apply`` plus events: ``Exchanged`` or ``Passed``; when the draft closes ``DraftClosed``,
    ``SeasonRevealed``, ``SeasonWon`` or ``SeasonHalved``, then ``DraftOpened`` or ``GameOver``."""
    events: list[Event] = []
    return _transition(state, move, events), tuple(events)


def _transition(state: State, move: object, events: list[Event] | None, check: bool = True) -> State:
    """The one Manager move: ``apply`` (``events`` None), ``step`` (events appended to ``events``)
    and ``rollout`` (``check`` False: the move is known legal) all go through here."""
    if check:
        reason = _reason(state, move)
        if reason is not None:
            raise IllegalMoveError(f"illegal move {short_repr(move)} for seat {state.to_act}: {reason}")
    seat = cast(int, state.to_act)
    match = state.match
    if type(move) is Pass:
        if events is not None:
            events.append(Passed(seat))
        teams, pool, exchanges = state.teams, state.pool, state.exchanges
        if state.passed:
            return _close(teams, pool, match, events)
        # The records of a move are built from names spelled as their fields: named, at no cost.
        to_act, passed = 1 - seat, True
        return State(teams, pool, to_act, exchanges, passed, match)
    exchange = cast(Exchange, move)
    if events is not None:
        events.append(Exchanged(seat, exchange.team_card, exchange.pool_card))
    team = _swapped(state.teams[seat], exchange.team_card, exchange.pool_card)
    pool = _swapped(state.pool, exchange.pool_card, exchange.team_card)
    teams = (team, state.teams[1]) if seat == 0 else (state.teams[0], team)
    exchanges = state.exchanges + 1
    if exchanges >= match.config.max_exchanges:
        return _close(teams, pool, match, events)
    to_act, passed = 1 - seat, False
    return State(teams, pool, to_act, exchanges, passed, match)


def _swapped(cards: tuple[Card, ...], out: Card, into: Card) -> tuple[Card, ...]:
    """``cards`` (sorted, holding ``out``) with ``out`` replaced by ``into``, sorted."""
    swapped = list(cards)
    swapped[swapped.index(out)] = into
    swapped.sort()
    return tuple(swapped)


def _close(
    teams: tuple[tuple[Card, ...], ...], pool: tuple[Card, ...], match: Match, events: list[Event] | None
) -> State:
    """Close the draft: retire its pool, turn up the next, score the next season (see ``_open_draft``)."""
    if events is not None:
        events.append(DraftClosed(match.season, pool))
    stock = match.stock
    after = _open_draft(
        teams=teams,
        pool=tuple(sorted(stock[:_POOL_SIZE])),
        stock=stock[_POOL_SIZE:],
        retired=match.retired + pool,
        halves=match.halves,
        results=match.results,
        previous_first=match.first,
        config=match.config,
        stripped_suit=match.stripped_suit,
    )
    if events is not None:
        events.extend(_season_events(after))
    return after


def _playout(state: State, rnd: Callable[[], float]) -> tuple[float, ...]:
    """``rollout`` past its checks of the state and the seed (in ``entry``): the playout."""
    start = state.match
    while state.to_act is not None and state.match is start:
        state = _transition(state, _rollout_move(state, rnd), None, False)
    if state.to_act is None:
        return cast(Outcome, outcome(state)).rewards()
    reward = season_reward(state.match.results[-1])
    return (reward, 1.0 - reward)


def _rollout_move(state: State, rnd: Callable[[], float]) -> Exchange | Pass:
    """The rollout's move: one in ten uniformly random, else the rule of thumb's
    (``policy.best_exchange``)."""
    seat = cast(int, state.to_act)
    mine, pool = state.teams[seat], state.pool
    if rnd() < 0.1:
        pick = int(rnd() * (len(mine) * len(pool) + 1))
        return (
            _EXCHANGE[mine[pick // len(pool)]][pool[pick % len(pool)]]
            if pick < len(mine) * len(pool)
            else _PASS
        )
    return best_exchange(mine, state.teams[1 - seat], pool)


def _season_events(state: State) -> list[Event]:
    result = state.match.results[-1]
    events: list[Event] = [SeasonRevealed(result.season, result.teams, result.values)]
    if result.winner is None:
        events.append(SeasonHalved(result.season))
    else:
        events.append(SeasonWon(result.season, result.winner))
    final = outcome(state)
    if final is not None:
        events.append(GameOver(final))
    else:
        events.append(DraftOpened(result.season, state.pool, state.match.first))
    return events


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of ``new_game`` (season 1 revealed and scored, draft 1 opened), for front ends."""
    if type(state) is not State or state.match.season != 1:
        raise StateError("opening_events takes a state straight from new_game")
    return tuple(_season_events(state))


def outcome(state: State) -> Outcome | None:
    """After season 11: each seat's seasons won (halved seasons count ½) and the winner(s)."""
    check_type(state, State)
    if state.to_act is not None:
        return None
    a, b = state.match.halves
    winners = (0, 1) if a == b else ((0,) if a > b else (1,))
    return Outcome((a / 2, b / 2), winners)
