"""Results never depend on Python's hash seed: the same fixed-seed games in processes started with
different ``PYTHONHASHSEED`` values print identical final states, legal move orders and events."""

from __future__ import annotations

import os
import subprocess
import sys

from cardrules import GAMES

SCRIPT = """
import hashlib
from cardrules import GAMES, Rng, dumps

for name, game in GAMES.items():
    state = game.new_game(20240601)
    rng = Rng.from_seed(99)
    trail = hashlib.sha256()
    for event in game.opening_events(state):
        trail.update(dumps(event).encode())
    moves = 0
    while state.to_act is not None:
        legal = game.legal_moves(state)
        trail.update(" ".join(game.format_move(m) for m in legal).encode())
        index, rng = rng.below(len(legal))
        state, events = game.step(state, legal[index])
        for event in events:
            trail.update(dumps(event).encode())
        moves += 1
        if moves == 10:
            seat = (state.to_act + 1) % game.num_players()
            sampled = game.sample_state(game.view(state, seat), 5)
            trail.update(dumps(sampled).encode())
    print(name, moves, trail.hexdigest())
    print(dumps(state))
    for seat in range(game.num_players()):
        print(dumps(game.view(state, seat)))
"""

HASH_SEEDS = ("0", "1", "12345")


def test_same_results_under_every_hash_seed() -> None:
    """One fixed random game per registered game, default config, in three processes."""
    processes = []
    for hash_seed in HASH_SEEDS:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        processes.append(
            subprocess.Popen(
                [sys.executable, "-c", SCRIPT],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    outputs = []
    for hash_seed, process in zip(HASH_SEEDS, processes):
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, f"PYTHONHASHSEED={hash_seed}:\n{err}"
        outputs.append(out)
    lines = outputs[0].splitlines()
    assert [line.split()[0] for line in lines if not line.startswith("{")] == list(GAMES)
    for hash_seed, out in zip(HASH_SEEDS[1:], outputs[1:]):
        assert out == outputs[0], f"PYTHONHASHSEED={hash_seed} differs from PYTHONHASHSEED=0"
