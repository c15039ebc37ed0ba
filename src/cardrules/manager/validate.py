"""Which Manager states the rules can reach: ``validate`` and its named checks of the history."""

from __future__ import annotations

from typing import cast

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_fields, check_seat, check_type
from cardrules.cards import Card, format_cards
from cardrules.errors import StateError
from cardrules.manager.rules import _after_season, _deck39
from cardrules.manager.scoring import _score
from cardrules.manager.state import _POOL_SIZES, _TEAM_SIZE, SEASONS, Match, State

__all__ = ["validate"]


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position Manager can reach.

    Checks the config, the 39 cards each in exactly one place, team, pool and retired sizes for the
    season, every recorded season's teams and result, the seasons won and each draft's first mover,
    whose turn it is and the draft counters, and that every draft (the open one too) could lead from
    its season's teams and a pool of fresh cards to the next teams and the retired pool within its
    exchange cap.
    """
    check_type(state, State)
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
        if result != _score(season=k, teams=result.teams):
            raise StateError(f"season {k}'s recorded values or winner do not match its teams")


def _check_standings(m: Match) -> None:
    """Seasons won (in halves) and the open draft's first mover follow from the results: the
    loser drafts first; after a halved season, the seat that did not open the previous draft."""
    halves: tuple[int, ...] = (0, 0)
    first: int | None = None
    for result in m.results:
        halves, first = _after_season(halves, first, result)
    if halves != m.halves:
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
