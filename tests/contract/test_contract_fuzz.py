"""The fuzzer (``fuzzing.py``) over every game, on a bounded budget: mutated documents, junk moves and
forged states. Every forged document either loads as a state that ``validate`` accepts and that
plays to its end with ``validate(apply(s, m))`` after every move, or raises ``StateError``.

``CARDRULES_FUZZ_INPUTS`` sets the budget per game (default 2,000); ``python tools/fuzz.py`` runs the
same fuzzer for as long as asked.
"""

from __future__ import annotations

import contextlib
import os
import random
from typing import Any

import pytest
from contract_support import MOVE_CHOICES, SEEDS, examples, game_under_test, random_playout, registered
from fuzzing import Fuzzer, mutate_data
from hypothesis import Phase, given, settings

from cardrules import AnyGame, StateError, dumps, loads

BUDGET = int(os.environ.get("CARDRULES_FUZZ_INPUTS", "2000"))


@pytest.mark.slow
def test_fuzzed_inputs_break_no_promise(name: str) -> None:
    """No fuzzed input makes a public function raise anything undocumented or leaves a valid state
    that cannot be played on (the seed is fixed, so a failure here reproduces)."""
    report = Fuzzer(seed=2026, games=(name,)).run(inputs=BUDGET)
    assert report.total >= BUDGET
    assert not report.failures, report.summary()


@settings(
    max_examples=examples(10), deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate)
)  # no shrinking: see test_contract_play
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_validate_holds_after_every_legal_move_from_any_valid_state(
    name: str | AnyGame, config: Any, seed: int, rnd: random.Random
) -> None:
    """``validate(apply(s, m))`` for every state ``s`` that ``validate`` accepts and every legal
    ``m`` (up to 8 of them, drawn): states of a random game, and documents of them forged until
    ``loads`` accepts some (a game outside the registry has no documents to forge)."""
    game = game_under_test(name)
    states = random_playout(game, config, seed, rnd).states
    valid = [states[rnd.randrange(len(states))] for _ in range(2)]
    forged = list(valid) if registered(game) else []
    for state in forged:
        for _ in range(20):
            with contextlib.suppress(StateError):
                valid.append(loads(mutate_data(dumps(state), rnd)))
    for state in valid:
        game.validate(state)
        legal = game.legal_moves(state)
        for move in rnd.sample(legal, min(8, len(legal))):
            game.validate(game.apply(state, move))
