"""Rugby League's ``new_game`` and ``rollout``, which take a seed: they check it, then run the compiled
``rules`` (why apart: "The compiled build" in docs/performance.md)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.rng import Rng, playout_random
from cardrules.rugby_league.rules import _new_game, _playout
from cardrules.rugby_league.state import Config, State, _config

__all__ = ["new_game", "rollout"]


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new match: the home seat attacks from its 1 space with fresh rows.

    The 52 cards are shuffled by the seed's generator unless ``deck`` stacks them (top first). Rows
    are dealt one card at a time, alternately, seat 0 first, into slots 0 to 5; the other 40 cards
    are the draw pile, top first.
    """
    return _new_game(_config(config), Rng.from_seed(seed), deck)


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast random playout for search bots: uniformly random legal moves without events or
    re-validation of the moves ``legal_moves`` gave.

    From the second half on it plays to the end and gives each seat's ``Outcome.rewards``. In the
    first half it stops at half time (the sets are independent, so the lead is what carries over)
    and gives the seat ahead by ``d`` points ``0.5 + d / 32`` (within [0, 1]; 16 points is about
    two converted tries), the other seat the rest.
    """
    check_type(state, State)
    return _playout(state, playout_random(seed))
