"""Manager's search knowledge: its rule of thumb (``HeuristicBot``'s policy, the greedy draft of
the game's rollout and of the PIMC search's playouts) and a season's worth to each seat, which the
rollout and the search score a season by.

The rule of thumb: the exchange that most improves the season margin against the other team as
seen now (``season_value``), else pass."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.manager.scoring import _margin, _profile
from cardrules.manager.state import _EXCHANGE, _PASS, Exchange, Pass, SeasonResult, State, View

__all__ = ["best_exchange", "deal_value", "heuristic_move", "season_reward"]


def best_exchange(mine: Sequence[Card], theirs: Sequence[Card], pool: Sequence[Card]) -> Exchange | Pass:
    """The exchange of a card of the team ``mine`` for one of ``pool`` that most improves its
    season margin against ``theirs`` (the first such in ``legal_moves`` order: team card, then pool
    card), or a pass when none does."""
    # The other team stays as it is while the mover weighs its exchanges: profiled once.
    other = _profile(theirs)
    best = _margin(mine, other)
    move: Exchange | Pass = _PASS
    team = list(mine)
    for i, card in enumerate(mine):
        for new in pool:
            team[i] = new
            value = _margin(team, other)
            if value > best:
                best, move = value, _EXCHANGE[card][new]
        team[i] = card
    return move


def heuristic_move(view: View) -> Exchange | Pass:
    """``best_exchange`` for the seat of ``view``, against the other team as it stands."""
    return best_exchange(view.teams[view.player], view.teams[1 - view.player], view.pool)


def season_reward(result: SeasonResult) -> float:
    """A season's worth to seat 0 (seat 1 has the rest): three quarters by who won it (a halved
    season half), a quarter by the points' margin, capped at 8 either way."""
    margin = result.values[0].points - result.values[1].points
    won = 0.5 if result.winner is None else 1.0 - result.winner
    return 0.75 * won + 0.25 * (0.5 + max(-8, min(8, margin)) / 16)


def deal_value(before: State, after: State) -> tuple[float, ...]:
    """The mean ``season_reward`` of the seasons scored since ``before``, to each seat."""
    seasons = after.match.results[len(before.match.results) :]
    total = 0.0
    for result in seasons:
        total += season_reward(result)
    ours = total / len(seasons)
    return (ours, 1.0 - ours)
