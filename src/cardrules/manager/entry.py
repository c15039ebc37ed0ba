"""Manager's functions that take plain values from the user: ``new_game`` (a seed), ``rollout`` (a
seed) and ``season_value`` (two teams of cards). Each checks them, then runs the compiled
``rules`` (why apart: "The compiled build" in docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_type
from cardrules.cards import Card, to_card
from cardrules.errors import CardParseError, ConfigError, StateError
from cardrules.manager.rules import _new_game, _playout
from cardrules.manager.scoring import _profile, _value
from cardrules.manager.state import Config, Exchange, Move, SeasonValue, State, View, _config
from cardrules.rng import Rng, playout_random

__all__ = ["new_game", "previews", "rollout", "season_value"]


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new match, season 1 already scored and draft 1 open.

    Without ``deck``: the seed's generator first picks the stripped suit (``below(4)``: 0 clubs ..
    3 spades) unless the config names one, then shuffles the 39 cards. A stacked ``deck`` is the 39
    cards in order, top first (its missing suit must match ``config.stripped_suit`` if that is set):
    cards 1-10 are dealt one at a time, seat 0 first, cards 11-13 are the first pool, the rest the
    stock, top first.
    """
    return _new_game(_config(config), Rng.from_seed(seed), deck)


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast playout for search bots, to the close of the open draft only, played by the one
    transition without events or move checks.

    The draft is fully public, so the playout is a sharp evaluation rather than a random walk:
    each manager makes the exchange that most improves their season margin (passing when none
    does), and one move in ten is uniformly random. Returns each seat's reward for the season then
    scored: 1 a win, 0.5 halved, 0 a loss, blended 3:1 with the points margin (clamped to ±8), or
    ``Outcome.rewards`` when that season is the eleventh. A finished match gives its rewards.
    """
    check_type(state, State)
    return _playout(state, playout_random(seed))


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
    return _value(_profile(mine), _profile(theirs))


def previews(view: View) -> list[tuple[Move, tuple[int, int]]]:
    """Each legal move of ``view`` (each swap, then a pass) with both teams' season points after
    it, seat 0's first, by [`season_value`][] (the other team as it stands: its next swap is
    unknown). A table shows them beside the moves; empty when the seat has no move. ``StateError``
    for anything but a Manager view, or a view whose moves swap a card its team does not hold."""
    check_type(view, View)
    you = view.player
    shown: list[tuple[Move, tuple[int, int]]] = []
    for move in view.legal_moves:
        teams = [list(team) for team in view.teams]
        if isinstance(move, Exchange):
            if move.team_card not in teams[you]:
                raise StateError(f"this view's move {short_repr(move)} swaps a card its team does not hold")
            teams[you][teams[you].index(move.team_card)] = move.pool_card
        shown.append(
            (move, (season_value(teams[0], teams[1]).points, season_value(teams[1], teams[0]).points))
        )
    return shown
