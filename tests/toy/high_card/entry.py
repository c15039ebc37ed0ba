"""High Card's ``new_game`` and ``rollout``, which take a seed: they check it, then run ``rules``
(apart, as every game's are, so that the rules could be compiled: docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.rng import Rng, playout_random
from high_card.rules import _new_game, _playout
from high_card.state import Config, State, _config

__all__ = ["new_game", "rollout"]


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new game: seat 0 leads the first trick.

    Without ``deck`` the six cards are shuffled by the seed's generator. A stacked ``deck`` (the six
    cards, top first) is dealt one card at a time, seat 0 first.
    """
    _config(config)
    return _new_game(Rng.from_seed(seed), deck)


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast random playout for search bots to the end of the game: uniformly random cards,
    played by the one transition without events or move checks; each seat's ``Outcome.rewards``."""
    check_type(state, State)
    return _playout(state, playout_random(seed))
