"""Manager: two managers build five-card football teams over 11 seasons, drafting from a pool.

Rule text: Manager, by Matthew Shields (2005; the text itself is untitled); the rulings and
decisions are on the Manager page of the documentation.

* The deck is 39 cards: one whole suit is stripped (``Config.stripped_suit``, or chosen by the
  seed's generator). Five cards each are dealt one at a time, seat 0 first; the next three form
  the first draft pool; the rest is the face-down stock.
* Twos to tens are defenders, J Q K A strikers. Each season both teams are compared: the side with
  more defenders scores 1 a surplus defender, the side with more strikers 2 a surplus striker; a run
  of 3, 4 or 5 consecutive ranks of one suit within the surplus category multiplies that
  category's points by 3, 6 or 9. More points wins the season; equal points halve it.
* After seasons 1 to 10 a draft follows: the season's loser (after a halved season, the seat that
  did not open the previous draft) moves first; turns alternate, each an [`Exchange`][] of a team
  card for a pool card or a [`Pass`][]. Two passes in a row, or the ``max_exchanges``-th
  exchange, close the draft: the pool is retired, the next pool (three cards, the tenth only two)
  is turned up and the next season is scored. Most seasons of 11 wins; 5½–5½ is a draw.

Seasons are scored automatically (season 1 inside ``new_game``), so the only moves are the draft's.
``legal_moves`` lists exchanges by team card, then pool card (both in card order), then ``Pass``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias, cast

import attrs

from cardrules._actions import check_index, check_move_fields, decode_checked
from cardrules._checks import check_fields, check_per_seat, check_seat, check_view_seats
from cardrules._options import config_of, int_option
from cardrules._reprs import short_repr
from cardrules.cards import CARDS, Card, Suit, check_deck, format_cards, parse_card, to_card
from cardrules.errors import (
    CardParseError,
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    StateError,
)
from cardrules.events import GameOver
from cardrules.game import Outcome, Zone
from cardrules.rng import Rng, playout_random

__all__ = [
    "DESCRIPTION",
    "EVENT_TYPES",
    "MOVE_TYPES",
    "NAME",
    "SEASONS",
    "Config",
    "DraftClosed",
    "DraftOpened",
    "Event",
    "Exchange",
    "Exchanged",
    "Match",
    "Move",
    "Pass",
    "Passed",
    "SeasonHalved",
    "SeasonResult",
    "SeasonRevealed",
    "SeasonValue",
    "SeasonWon",
    "State",
    "View",
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
    "season_value",
    "step",
    "validate",
    "view",
    "zones",
]

NAME = "manager"
DESCRIPTION = "Manager: 2 players draft five-card football teams over 11 seasons of melds."

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

    stripped_suit: Suit | None = attrs.field(default=None, validator=_suit_option)
    max_exchanges: int = attrs.field(default=10, validator=int_option("Manager max_exchanges", 1))


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
class State:
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
class View:
    """What a seat sees: everything but the order of the stock (whose cards follow from the rest)."""

    player: int
    teams: tuple[tuple[Card, ...], ...]
    pool: tuple[Card, ...]
    to_act: int | None
    exchanges: int
    passed: bool
    season: int
    first: int
    stripped_suit: Suit
    stock_size: int
    retired: tuple[Card, ...]
    halves: tuple[int, ...]
    results: tuple[SeasonResult, ...]
    config: Config
    legal_moves: tuple[Exchange | Pass, ...]


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


def _longest_run(ranks_by_suit: dict[int, list[int]]) -> int:
    best = 0
    for ranks in ranks_by_suit.values():
        ranks.sort()
        run = 0
        prev = -2
        for r in ranks:
            run = run + 1 if r == prev + 1 else 1
            prev = r
            best = max(best, run)
    return best


def _profile(team: Sequence[Card]) -> tuple[int, int, int, int]:
    """Defenders, strikers, longest defender run, longest striker run."""
    defenders: dict[int, list[int]] = {}
    strikers: dict[int, list[int]] = {}
    for c in team:
        rank = c % 13 + 2
        (strikers if rank >= _STRIKER_RANK else defenders).setdefault(c // 13, []).append(rank)
    d = sum(len(v) for v in defenders.values())
    s = sum(len(v) for v in strikers.values())
    return d, s, _longest_run(defenders), _longest_run(strikers)


def _points(mine: tuple[int, int, int, int], theirs: tuple[int, int, int, int]) -> int:
    """Season points of the team profiled ``mine`` against ``theirs`` (see [`season_value`][])."""
    surplus_d = mine[0] - theirs[0]
    surplus_s = mine[1] - theirs[1]
    points = 0
    if surplus_d > 0:
        points += surplus_d * _MULTIPLIER.get(mine[2], 1)
    if surplus_s > 0:
        points += 2 * surplus_s * _MULTIPLIER.get(mine[3], 1)
    return points


def _margin(team: Sequence[Card], other: Sequence[Card]) -> int:
    mine, theirs = _profile(team), _profile(other)
    return _points(mine, theirs) - _points(theirs, mine)


def season_value(team: Sequence[Card | str], other: Sequence[Card | str]) -> SeasonValue:
    """The value of ``team`` against ``other`` in a season, with its breakdown.

    Surplus defenders score 1 each, surplus strikers 2 each; the longest run of 3, 4 or 5 cards of
    consecutive rank in one suit within a category that has a surplus multiplies that category's
    points by 3, 6 or 9 (whether or not the run's cards are the surplus ones; runs never cross from
    10 to J, nor wrap from A to 2). Cards may be given as text: ``season_value(["2H", ...], [...])``.
    """
    for cards in (team, other):
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
            raise ConfigError(f"season_value takes two sequences of cards, got {short_repr(cards)}")
    try:
        mine = tuple(to_card(c) for c in team)
        theirs = tuple(to_card(c) for c in other)
    except CardParseError as exc:
        raise ConfigError(f"season_value takes two teams of cards: {exc}") from None
    if any(c.is_joker for c in mine + theirs):
        raise ConfigError("Manager uses no jokers")
    d, s, d_run, s_run = _profile(mine)
    od, os_, _, _ = _profile(theirs)
    surplus_d = max(0, d - od)
    surplus_s = max(0, s - os_)
    d_mult = _MULTIPLIER.get(d_run, 1) if surplus_d else 1
    s_mult = _MULTIPLIER.get(s_run, 1) if surplus_s else 1
    points = surplus_d * d_mult + 2 * surplus_s * s_mult
    return SeasonValue(d, s, surplus_d, surplus_s, d_run, s_run, d_mult, s_mult, points)


def _score(season: int, teams: tuple[tuple[Card, ...], ...]) -> SeasonResult:
    values = (season_value(teams[0], teams[1]), season_value(teams[1], teams[0]))
    a, b = values[0].points, values[1].points
    return SeasonResult(season, teams, values, None if a == b else (0 if a > b else 1))


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


def _config(config: object) -> Config:
    return config_of(config, Config, "manager")


def _open_draft(
    teams: tuple[tuple[Card, ...], ...],
    pool: tuple[Card, ...],
    stock: tuple[Card, ...],
    retired: tuple[Card, ...],
    halves: tuple[int, ...],
    results: tuple[SeasonResult, ...],
    previous_first: int | None,
    config: Config,
    suit: Suit,
) -> State:
    """Score the next season on ``teams``; open the next draft on ``pool``, or end after season 11."""
    season = len(results) + 1
    result = _score(season, teams)
    if result.winner is None:
        halves = (halves[0] + 1, halves[1] + 1)
        first = 1 if previous_first is None else 1 - previous_first
    else:
        won = list(halves)
        won[result.winner] += 2
        halves = tuple(won)
        first = 1 - result.winner
    results = (*results, result)
    to_act: int | None = first if season < SEASONS else None
    return State(
        teams, pool, to_act, 0, False, Match(config, suit, season, first, stock, retired, halves, results)
    )


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new match, season 1 already scored and draft 1 open.

    Without ``deck``: the seed's generator first picks the stripped suit (``below(4)``: 0 clubs ..
    3 spades) unless the config names one, then shuffles the 39 cards. A stacked ``deck`` is the 39
    cards in order, top first (its missing suit must match ``config.stripped_suit`` if that is set):
    cards 1-10 are dealt one at a time, seat 0 first, cards 11-13 are the first pool, the rest the
    stock, top first.
    """
    cfg = _config(config)
    rng = Rng.from_seed(seed)
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
    teams = (tuple(sorted(cards[0:10:2])), tuple(sorted(cards[1:10:2])))
    pool = tuple(sorted(cards[10:13]))
    return _open_draft(teams, pool, tuple(cards[13:]), (), (0, 0), (), None, cfg, suit)


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
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
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
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
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
        if state.passed:
            return _close(state.teams, state.pool, match, events)
        return State(state.teams, state.pool, 1 - seat, state.exchanges, True, match)
    exchange = cast(Exchange, move)
    if events is not None:
        events.append(Exchanged(seat, exchange.team_card, exchange.pool_card))
    team = tuple(sorted([c for c in state.teams[seat] if c != exchange.team_card] + [exchange.pool_card]))
    pool = tuple(sorted([c for c in state.pool if c != exchange.pool_card] + [exchange.team_card]))
    teams = (team, state.teams[1]) if seat == 0 else (state.teams[0], team)
    exchanges = state.exchanges + 1
    if exchanges >= match.config.max_exchanges:
        return _close(teams, pool, match, events)
    return State(teams, pool, 1 - seat, exchanges, False, match)


def _close(
    teams: tuple[tuple[Card, ...], ...], pool: tuple[Card, ...], match: Match, events: list[Event] | None
) -> State:
    """Close the draft: retire its pool, turn up the next, score the next season (see ``_open_draft``)."""
    if events is not None:
        events.append(DraftClosed(match.season, pool))
    stock = match.stock
    after = _open_draft(
        teams,
        tuple(sorted(stock[:_POOL_SIZE])),
        stock[_POOL_SIZE:],
        match.retired + pool,
        match.halves,
        match.results,
        match.first,
        match.config,
        match.stripped_suit,
    )
    if events is not None:
        events.extend(_season_events(after))
    return after


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast playout for search bots, to the close of the open draft only, played by the one
    transition without events or move checks.

    The draft is fully public, so the playout is a sharp evaluation rather than a random walk:
    each manager makes the exchange that most improves their season margin (passing when none
    does), and one move in ten is uniformly random. Returns each seat's reward for the season then
    scored: 1 a win, 0.5 halved, 0 a loss, blended 3:1 with the points margin (clamped to ±8), or
    ``Outcome.rewards`` when that season is the eleventh. A finished match gives its rewards.
    """
    if type(state) is not State:
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
    rnd = playout_random(seed)
    start = state.match
    while state.to_act is not None and state.match is start:
        state = _transition(state, _rollout_move(state, rnd), None, False)
    if state.to_act is None:
        return cast(Outcome, outcome(state)).rewards()
    values = state.match.results[-1].values
    diff = values[0].points - values[1].points
    won = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
    reward = 0.75 * won + 0.25 * (0.5 + max(-8, min(8, diff)) / 16)
    return (reward, 1.0 - reward)


def _rollout_move(state: State, rnd: Callable[[], float]) -> Exchange | Pass:
    """The rollout's move: one in ten uniformly random, else the exchange that most improves the
    mover's season margin (the first such in ``legal_moves`` order), or a pass when none does."""
    seat = cast(int, state.to_act)
    mine, theirs, pool = state.teams[seat], state.teams[1 - seat], state.pool
    if rnd() < 0.1:
        pick = int(rnd() * (len(mine) * len(pool) + 1))
        return (
            _EXCHANGE[mine[pick // len(pool)]][pool[pick % len(pool)]]
            if pick < len(mine) * len(pool)
            else _PASS
        )
    best = _margin(mine, theirs)
    move: Exchange | Pass = _PASS
    team = list(mine)
    for i, card in enumerate(mine):
        for new in pool:
            team[i] = new
            value = _margin(team, theirs)
            if value > best:
                best, move = value, _EXCHANGE[card][new]
        team[i] = card
    return move


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
    if type(state) is not State:
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
    if state.to_act is not None:
        return None
    a, b = state.match.halves
    winners = (0, 1) if a == b else ((0,) if a > b else (1,))
    return Outcome((a / 2, b / 2), winners)


def view(state: State, player: int) -> View:
    """Everything but the stock's order: teams, pool, retired pools, every season's result."""
    if type(state) is not State:
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
    if type(player) is not int or player not in (0, 1):
        raise StateError(f"player must be seat 0 or 1, got {short_repr(player)}")
    m = state.match
    return View(
        player,
        state.teams,
        state.pool,
        state.to_act,
        state.exchanges,
        state.passed,
        m.season,
        m.first,
        m.stripped_suit,
        len(m.stock),
        m.retired,
        m.halves,
        m.results,
        m.config,
        legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Seats and one team a seat, before ``sample_state`` indexes them; whether a state can show the
    view is ``validate``'s to say, on the state sampled from it."""
    if type(view) is not View:
        raise StateError(f"expected a manager.View, got {type(view).__name__}")
    check_fields(view)
    check_view_seats(view, 2)
    check_seat("a view's first mover", view.first, 2)
    check_per_seat("a view's teams", view.teams, 2)
    check_per_seat("a view's halves", view.halves, 2)


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: the stock's cards (those seen nowhere) in a random order."""
    _check_view_shape(view)
    seen = set(view.teams[0]) | set(view.teams[1]) | set(view.pool) | set(view.retired)
    unseen = [c for c in _deck39(view.stripped_suit) if c not in seen]
    if len(unseen) != view.stock_size:
        raise StateError("the view's stock size does not match the cards seen")
    stock, _ = Rng.from_seed(seed).shuffle(unseen)
    match = Match(
        view.config,
        view.stripped_suit,
        view.season,
        view.first,
        stock,
        view.retired,
        view.halves,
        view.results,
    )
    state = State(view.teams, view.pool, view.to_act, view.exchanges, view.passed, match)
    validate(state)
    return state


def zones(state: State) -> tuple[Zone, ...]:
    """Both teams, the pool, the retired pools and the stripped suit (all public), and the stock
    (seen by nobody)."""
    if type(state) is not State:
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
    both = (0, 1)
    m = state.match
    return (
        Zone("team 0", state.teams[0], both),
        Zone("team 1", state.teams[1], both),
        Zone("pool", state.pool, both),
        Zone("retired", m.retired, both),
        Zone("stripped", tuple(c for c in CARDS[:52] if c // 13 == m.stripped_suit), both),
        Zone("stock", m.stock, ()),
    )


# Pool k is open during draft k (k = 1..10): 3 cards from the deal, then 3 a draft from the 26-card
# stock, the tenth the last 2 (26 = 8 x 3 + 2); no pool after season 11.
_POOL_SIZES = (_POOL_SIZE,) * 9 + (2, 0)


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position Manager can reach.

    Checks the config, the 39 cards each in exactly one place, team, pool and retired sizes for the
    season, every recorded season's teams and result, the seasons won and each draft's first mover,
    whose turn it is and the draft counters, and that every draft (the open one too) could lead from
    its season's teams and a pool of fresh cards to the next teams and the retired pool within its
    exchange cap.
    """
    if type(state) is not State:
        raise StateError(f"expected a manager.State, got {type(state).__name__}")
    check_fields(state)
    _check_stripped_suit(state.match)
    _check_places(state)
    _check_season_counts(state)
    _check_sorted(state)
    _check_results(state.match)
    _check_standings(state.match)
    _check_turn(state)
    _check_drafts(state)


def _check_stripped_suit(m: Match) -> None:
    """The config's stripped suit, if it names one, is the match's."""
    cfg = m.config
    if cfg.stripped_suit is not None and cfg.stripped_suit != m.stripped_suit:
        raise StateError(
            f"the stripped suit {m.stripped_suit.name.lower()} differs from the config's "
            f"{cfg.stripped_suit.name.lower()}"
        )


def _check_places(state: State) -> None:
    """Two teams of five, and the 39 cards each in exactly one place (teams, pool, stock, retired)."""
    sizes = tuple(len(team) for team in state.teams)
    if sizes != (_TEAM_SIZE, _TEAM_SIZE):
        raise StateError(f"there must be two teams of {_TEAM_SIZE} cards, got sizes {short_repr(sizes)}")
    m = state.match
    cards = [*state.teams[0], *state.teams[1], *state.pool, *m.stock, *m.retired]
    if sorted(cards) != list(_deck39(m.stripped_suit)):
        raise StateError("teams, pool, stock and retired pools must hold the 39 cards exactly once")


def _check_season_counts(state: State) -> None:
    """One result a season scored (1 to 11), and the pool and retired pools that season has."""
    m = state.match
    season = m.season
    if not 1 <= season <= SEASONS or len(m.results) != season:
        raise StateError(
            f"the season must be 1 to {SEASONS} with one result a season scored, "
            f"got season {short_repr(season)} with {len(m.results)} results"
        )
    if len(state.pool) != _POOL_SIZES[season - 1] or len(m.retired) != sum(_POOL_SIZES[: season - 1]):
        raise StateError(
            f"in season {season} the pool holds {_POOL_SIZES[season - 1]} cards and the retired pools "
            f"{sum(_POOL_SIZES[: season - 1])}, got {len(state.pool)} and {len(m.retired)}"
        )


def _check_sorted(state: State) -> None:
    """Teams and pool are kept sorted, so is each retired pool (a pool is retired as it lies)."""
    start = 0
    parts = [*state.teams, state.pool]
    for size in _POOL_SIZES[: state.match.season - 1]:
        parts.append(state.match.retired[start : start + size])
        start += size
    for part in parts:
        if list(part) != sorted(part):
            raise StateError(f"teams and pools are kept sorted, got {format_cards(part)}")


def _check_results(m: Match) -> None:
    """Each season's result: its number, two teams of five distinct cards of the deck, and the
    values and winner the rules give those teams."""
    deck = set(_deck39(m.stripped_suit))
    for k, result in enumerate(m.results, start=1):
        if result.season != k:
            raise StateError(f"result {k} is numbered season {result.season}")
        sizes = tuple(len(team) for team in result.teams)
        if sizes != (_TEAM_SIZE, _TEAM_SIZE):
            raise StateError(f"season {k}'s result must hold two teams of {_TEAM_SIZE}, got {sizes}")
        cards = [*result.teams[0], *result.teams[1]]
        if len(set(cards)) != len(cards) or not deck.issuperset(cards):
            raise StateError(f"season {k}'s teams must be ten distinct cards of the deck")
        if any(list(team) != sorted(team) for team in result.teams):
            raise StateError(f"season {k}'s teams are kept sorted")
        if result != _score(k, result.teams):
            raise StateError(f"season {k}'s recorded values or winner do not match its teams")


def _check_standings(m: Match) -> None:
    """Seasons won (in halves) and the open draft's first mover follow from the results: the
    loser drafts first; after a halved season, the seat that did not open the previous draft."""
    halves = [0, 0]
    first: int | None = None
    for result in m.results:
        if result.winner is None:
            halves[0] += 1
            halves[1] += 1
            first = 1 if first is None else 1 - first
        else:
            halves[result.winner] += 2
            first = 1 - result.winner
    if tuple(halves) != m.halves:
        raise StateError(f"the seasons won in halves must be {tuple(halves)}, got {short_repr(m.halves)}")
    if first != m.first:
        raise StateError(f"the results make seat {first} the draft's first mover, got {short_repr(m.first)}")


def _check_turn(state: State) -> None:
    """Nobody moves after season 11; before, a seat moves, the draft is below its cap, and with no
    exchange yet the first mover moves (or the other seat, after the first mover's pass)."""
    m = state.match
    if m.season == SEASONS:
        if state.to_act is not None or state.exchanges or state.passed:
            raise StateError("the match is over after season 11: nobody moves, no draft is open")
        return
    cap = m.config.max_exchanges
    if not 0 <= state.exchanges < cap:
        raise StateError(
            f"an open draft has made fewer exchanges than its cap of {cap} (0 to {cap - 1}), "
            f"got {state.exchanges}"
        )
    check_seat(f"the seat to act in draft {m.season}", state.to_act, 2)
    if state.exchanges == 0:
        expected = 1 - m.first if state.passed else m.first
        if state.to_act != expected:
            raise StateError(
                f"with no exchange yet in draft {m.season}, seat {expected} is to act, got {state.to_act}"
            )


def _check_drafts(state: State) -> None:
    """Every draft, the open one too, turned up fresh cards and could lead from its season's teams
    to the next season's teams (or the current ones) and its retired pool within the exchange cap,
    the last exchange by the seat the turn implies; no draft follows season 11."""
    m = state.match
    seen = set(m.results[0].teams[0]) | set(m.results[0].teams[1])
    start = 0
    for k in range(1, min(m.season, SEASONS - 1) + 1):
        before = m.results[k - 1].teams
        if k < m.season:
            size = _POOL_SIZES[k - 1]
            after, pool = m.results[k].teams, m.retired[start : start + size]
            start += size
        else:
            after, pool = state.teams, state.pool
        opening = _opening_pool(k, before, after, pool)
        if opening & seen:
            raise StateError(
                f"pool {k} must be fresh from the stock, but {format_cards(sorted(opening & seen))} were seen"
            )
        seen |= opening
        _check_draft_exchanges(
            state, k, (*map(frozenset, before), opening), (*map(frozenset, after), frozenset(pool))
        )
    if m.season == SEASONS and state.teams != m.results[-1].teams:
        raise StateError("after season 11 the teams are the ones scored in it")


def _opening_pool(
    k: int, before: tuple[tuple[Card, ...], ...], after: tuple[tuple[Card, ...], ...], pool: tuple[Card, ...]
) -> frozenset[Card]:
    """The pool draft ``k`` opened on: the cards of its end (teams ``after``, ``pool``) that were in
    neither team of season ``k``; every card of those teams must still be there."""
    end = frozenset([*after[0], *after[1], *pool])
    if len(end) != 2 * _TEAM_SIZE + len(pool):
        raise StateError(f"draft {k} ends with a card both in a team and in its pool")
    gone = set(before[0]) | set(before[1])
    gone -= end
    if gone:
        raise StateError(f"season {k}'s team cards {format_cards(sorted(gone))} left play during draft {k}")
    return end - frozenset([*before[0], *before[1]])


def _check_draft_exchanges(
    state: State, k: int, before: tuple[frozenset[Card], ...], after: tuple[frozenset[Card], ...]
) -> None:
    """Draft ``k`` can take ``before`` to ``after`` (team 0, team 1, pool): within the cap once
    closed; in exactly ``state.exchanges``, the last by the seat the turn implies, while open."""
    cap = state.match.config.max_exchanges
    if k < state.match.season:
        fewest = _fewest_exchanges(before, after, None)
        if fewest > cap:
            raise StateError(
                f"draft {k} needs {fewest} exchanges to give the next season's teams, over its cap of {cap}"
            )
        return
    made = state.exchanges
    last = None if made == 0 else cast(int, state.to_act) if state.passed else 1 - cast(int, state.to_act)
    fewest = _fewest_exchanges(before, after, last)
    if made < fewest:
        by = "" if last is None else f", the last by seat {last},"
        raise StateError(
            f"draft {k} cannot reach its teams and pool in {made} exchanges{by} (it takes {fewest})"
        )


def _fewest_exchanges(
    before: tuple[frozenset[Card], ...], after: tuple[frozenset[Card], ...], last: int | None
) -> int:
    """The fewest exchanges taking a draft from ``before`` to ``after`` (team 0, team 1, pool), the
    last by seat ``last`` (``None``: by either seat, or none at all). Any more do too: an exchange
    can always be split in two through another pool card.

    Each exchange brings one card into the mover's team, so it takes at least the cards the teams
    gained. If cards crossed between the teams but the pool ends as it began, no first exchange
    can take a card its team keeps: a card goes into a team and back out, one more. For seat
    ``last`` to exchange last: if its team gained nothing, it must take a card and give it back (two
    more); if none of its cards ends in the pool, its last gain puts out a card the other seat must
    still take (one more, unless the detour above already gives the slack). Checked against a
    breadth-first search of every draft shape (and by a test, on short drafts).
    """
    gained = [len(after[s] - before[s]) for s in (0, 1)]
    crossed = bool(after[0] & before[1] or after[1] & before[0])
    detour = 1 if crossed and after[2] == before[2] else 0
    fewest = gained[0] + gained[1] + detour
    if last is None:
        return fewest
    if not gained[last]:
        return fewest + 2
    if detour or before[last] & after[2]:
        return fewest
    return fewest + 1


def action_count(config: Config | None = None) -> int:
    """2,705 actions, whatever the config: ``Exchange(team_card, pool_card)`` is
    ``52 * team_card + pool_card`` (card codes 2C 0 .. AS 51), ``Pass`` is 2,704. Actions naming
    a card of the stripped suit are never legal."""
    _config(config)
    return _ACTIONS


def encode_move(move: Exchange | Pass) -> int:
    """The action number of ``move`` (see [`action_count`][])."""
    if type(move) is Exchange:
        check_move_fields("Manager", move)
    elif type(move) is not Pass:
        raise IllegalMoveError(
            f"{short_repr(move)} is not a Manager move (Exchange(team_card, pool_card) or Pass())"
        )
    return _action_of(move)


def _action_of(move: Exchange | Pass) -> int:
    """The action number of a well-formed move."""
    return 52 * move.team_card + move.pool_card if type(move) is Exchange else _ACTIONS - 1


def decode_move(state: State, index: int) -> Exchange | Pass:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Manager", index, _ACTIONS)
    move = _PASS if index == _ACTIONS - 1 else _EXCHANGE[index // 52][index % 52]
    return decode_checked("Manager", state, index, move, is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending (``legal_moves``' own order)."""
    return tuple([_action_of(m) for m in legal_moves(state)])


def format_move(move: Exchange | Pass) -> str:
    """``"QS-3H"`` (give the team card QS, take the pool card 3H) or ``"pass"``."""
    if type(move) is Pass:
        return "pass"
    if type(move) is Exchange:
        return f"{move.team_card}-{move.pool_card}"
    raise IllegalMoveError(f"{short_repr(move)} is not a Manager move")


def parse_move(state: State, text: str) -> Exchange | Pass:
    """Read ``"pass"`` (or ``"p"``) or an exchange ``"QS-3H"``: team card, then pool card, separated by
    ``-``, ``/``, ``>``, a comma or spaces. ``MoveParseError`` for other text."""
    if not isinstance(text, str):
        raise MoveParseError(f"a Manager move is text such as 'QS-3H' or 'pass', got {short_repr(text)}")
    cleaned = text.strip().lower()
    move: Exchange | Pass
    if cleaned in ("pass", "p"):
        move = _PASS
    else:
        parts = cleaned.replace("-", " ").replace("/", " ").replace(">", " ").replace(",", " ").split()
        if len(parts) != 2:
            raise MoveParseError(
                f"{short_repr(text)} is not a Manager move: write 'QS-3H' (give QS, take 3H) or 'pass'"
            )
        try:
            move = Exchange(parse_card(parts[0]), parse_card(parts[1]))
        except CardParseError as exc:
            raise MoveParseError(f"{short_repr(text)} is not a Manager move: {exc}") from None
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {format_move(move)}: {reason}")
    return move


def render(view: View) -> str:
    """A few lines for a terminal: seasons won, the last season, both teams, the pool."""
    if type(view) is not View:
        raise StateError(f"expected a manager.View, got {type(view).__name__}")
    last = view.results[-1]
    you, them = view.player, 1 - view.player
    outcome_text = "halved" if last.winner is None else ("won by you" if last.winner == you else "lost")
    lines = [
        f"Manager, season {view.season} of {SEASONS} ({view.stripped_suit.name.lower()} stripped). "
        f"Seasons: you {view.halves[you] / 2:g}, opponent {view.halves[them] / 2:g}.",
        f"Season {last.season}: {last.values[you].points} to {last.values[them].points}, {outcome_text}.",
        "Your team:     " + format_cards(view.teams[you], pretty=True),
        "Opponent team: " + format_cards(view.teams[them], pretty=True),
    ]
    if view.to_act is None:
        lines.append("The match is over.")
    else:
        lines.append(
            f"Draft {view.season} pool: {format_cards(view.pool, pretty=True)}   "
            f"exchanges {view.exchanges}/{view.config.max_exchanges}   to move: seat {view.to_act}"
        )
    return "\n".join(lines)


_EXCHANGE: tuple[tuple[Exchange, ...], ...] = tuple(
    tuple(Exchange(t, p) for p in CARDS[:52]) for t in CARDS[:52]
)
