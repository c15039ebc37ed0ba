"""Pub Derby's ``rollout``: uniformly random legal cards to full time, each seat's
``Outcome.rewards``. Each playout's end is captured as the transition hands it back."""

from __future__ import annotations

import pytest

from cardrules import pub_derby
from cardrules.pub_derby import rules


def test_a_playout_plays_legal_cards_to_full_time_and_gives_the_rewards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reached: list[pub_derby.State] = []
    original = rules._transition

    def checked(state: pub_derby.State, move: object, events: object, check: bool = True) -> pub_derby.State:
        assert move in pub_derby.legal_moves(state), (pub_derby.to_text(state), move)
        reached.append(original(state, move, None, check))
        return reached[-1]

    monkeypatch.setattr(rules, "_transition", checked)
    rewards = set()
    for seed in range(6):
        reached.clear()
        value = pub_derby.rollout(pub_derby.new_game(seed), seed)
        result = pub_derby.outcome(reached[-1])
        assert result is not None and value == result.rewards()
        assert len(reached) == 104  # two halves of 52 cards
        rewards.add(value)
    assert len(rewards) > 1
