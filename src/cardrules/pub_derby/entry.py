"""Pub Derby's ``new_game`` and ``rollout``, which take a seed: they check it, then run the compiled
``rules`` (why apart: "The compiled build" in docs/performance.md)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.pub_derby.rules import _new_game, _playout
from cardrules.pub_derby.state import Config, State, _config
from cardrules.rng import Rng, playout_random

__all__ = ["new_game", "rollout"]


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new match at the first half's kick-off.

    Without ``deck`` the 52 cards are shuffled by the seed's generator. A stacked ``deck`` (all 52,
    top first) is dealt one card at a time, seat 0 first; in ``pub`` and ``big_squad`` the last 4
    are the bench, top first. In ``classic`` the trump card is then drawn as ``deck[below(52)]``
    by the generator (it stays where it is). The second half is always shuffled.
    """
    return _new_game(_config(config), Rng.from_seed(seed), deck)


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast random playout for search bots to full time: uniformly random legal cards, played by
    the one transition without events or move checks. Each seat's ``Outcome.rewards`` (1 for a
    win, 0.5 each for a draw, 0 for a loss)."""
    check_type(state, State)
    return _playout(state, playout_random(seed))
