"""Clubs' ``new_game`` and ``rollout``, which take a seed: they check it, then run the compiled
``rules`` (why apart: "The compiled build" in docs/performance.md)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.clubs.rules import _new_game, _playout
from cardrules.clubs.state import Config, State, _config
from cardrules.rng import Rng, playout_random

__all__ = ["new_game", "rollout"]


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new game: seat 0 leads the first trick.

    Without ``deck`` the first round is dealt from a shuffle of the 52 cards by the seed's generator.
    A stacked ``deck`` (all 52 cards, top first) is dealt one card at a time, seat 0 first, with
    three players skipping the 2 of diamonds where it lies; every later round is shuffled.
    """
    return _new_game(_config(config), Rng.from_seed(seed), deck)


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast random playout for search bots, to the end of the current round only (a match can
    last many rounds): uniformly random legal cards, played by the transition's own rule functions
    on mutable copies of the hands, without events, move checks, states or the next round's deal.

    If the round ends the match (a score reaches the threshold), each seat's ``Outcome.rewards`` for
    the final scores; otherwise ``1 - clubs taken this round / 13`` per seat, since the match goes to
    the lowest score. A finished game gives its ``Outcome.rewards``.
    """
    check_type(state, State)
    return _playout(state, playout_random(seed))
