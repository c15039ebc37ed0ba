"""Pub Derby's ``rollout``: uniformly random legal cards to full time, each seat's
``Outcome.rewards``. Each playout's end is captured as the transition hands it back."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from cardrules import pub_derby


def test_a_playout_plays_legal_cards_to_full_time_and_gives_the_rewards(
    checked_transitions: Callable[[ModuleType], list[Any]],
) -> None:
    steps = checked_transitions(pub_derby)
    rewards = set()
    for seed in range(6):
        steps.clear()
        value = pub_derby.rollout(pub_derby.new_game(seed), seed)
        result = pub_derby.outcome(steps[-1][2])
        assert result is not None and value == result.rewards()
        assert len(steps) == 104  # two halves of 52 cards
        rewards.add(value)
    assert len(rewards) > 1
