"""Speed of random playouts through the public API, against a bare hand-written loop.

Run: ``python benchmarks/bench.py [--rounds N] [--repeat R]``. It times, in one run:

* the floor: a bare, mutable Clubs round (plain lists, ``random.choice``, no validation), and
* for every registered game, random playouts through ``legal_moves`` + ``apply``, and
* a full random 4-player Clubs round through the public functions,

and prints games/s, microseconds per move, and each figure's ratio to the floor per move. Machines
are noisy, so only the ratios measured in the same run mean anything; each figure is the best of
``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from cardrules import GAMES, clubs
from cardrules.rng import derive_seed


def bare_clubs_round(rng: random.Random) -> int:
    """One random 4-player Clubs round on mutable lists: the floor. Returns the moves made."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    points = [0, 0, 0, 0]
    leader = 0
    for _ in range(13):
        trick: list[int] = []
        for k in range(4):
            hand = hands[(leader + k) % 4]
            if trick:
                led = trick[0] // 13
                legal = [c for c in hand if c // 13 == led] or hand
            else:
                legal = hand
            card = rng.choice(legal)
            hand.remove(card)
            trick.append(card)
        led = trick[0] // 13
        best = 0
        for i in range(1, 4):
            if trick[i] // 13 == led and trick[i] > trick[best]:
                best = i
        leader = (leader + best) % 4
        points[leader] += sum(1 for c in trick if c // 13 == 0)
    return 52


def api_clubs_round(rng: random.Random, seed: int) -> int:
    """One random 4-player Clubs round through new_game, legal_moves and apply."""
    state = clubs.new_game(seed, clubs.Config(players=4, threshold=200))
    legal_moves, apply, choice = clubs.legal_moves, clubs.apply, rng.choice
    for _ in range(52):
        state = apply(state, choice(legal_moves(state)))
    return 52


def api_playout(name: str, rng: random.Random, seed: int) -> int:
    """One whole random game of ``name`` (default config) through the public functions."""
    game = GAMES[name]
    state = game.new_game(seed)
    legal_moves, apply, choice = game.legal_moves, game.apply, rng.choice
    moves = 0
    while state.to_act is not None:
        state = apply(state, choice(legal_moves(state)))
        moves += 1
    return moves


def measure(run: Callable[[random.Random, int], int], count: int, repeat: int) -> tuple[float, int]:
    """Best wall time over ``repeat`` runs of ``count`` calls, and the moves of one run."""
    best = float("inf")
    moves = 0
    for r in range(repeat):
        rng = random.Random(r)
        start = time.perf_counter()
        moves = 0
        for i in range(count):
            moves += run(rng, derive_seed(r, i))
        best = min(best, time.perf_counter() - start)
    return best, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2000, help="Clubs rounds per timing")
    parser.add_argument("--games", type=int, default=50, help="whole games per game per timing")
    parser.add_argument("--repeat", type=int, default=5, help="timings per figure (best is kept)")
    args = parser.parse_args(argv)

    rows: list[tuple[str, int, float, int]] = []
    floor_time, floor_moves = measure(lambda rng, seed: bare_clubs_round(rng), args.rounds, args.repeat)
    rows.append(("bare clubs round (floor)", args.rounds, floor_time, floor_moves))
    clubs_time, clubs_moves = measure(api_clubs_round, args.rounds, args.repeat)
    rows.append(("clubs round (api)", args.rounds, clubs_time, clubs_moves))
    for name in GAMES:
        t, m = measure(lambda rng, seed, name=name: api_playout(name, rng, seed), args.games, args.repeat)
        rows.append((f"{name} game (api)", args.games, t, m))

    floor_per_move = floor_time / floor_moves
    print(f"python {sys.version.split()[0]}, best of {args.repeat}")
    print(f"{'what':<28}{'count':>7}{'per s':>11}{'us/move':>10}{'x floor':>9}")
    for what, count, t, m in rows:
        per_move = t / m
        print(
            f"{what:<28}{count:>7}{count / t:>11.1f}{per_move * 1e6:>10.3f}{per_move / floor_per_move:>9.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
