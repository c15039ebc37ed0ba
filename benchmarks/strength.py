"""Measure bot strength: the runs behind the tables of docs/bot-measurements.md.

    python benchmarks/strength.py GAME heuristic --games 400
    python benchmarks/strength.py GAME ismcts --iterations 300 --games 200 [--duplicate]
        [--root halving] [--expand-after N]
    python benchmarks/strength.py GAME pimc --time 0.1 --games 100 --duplicate

``heuristic`` plays HeuristicBot against RandomBot with the game's default config; ``ismcts`` plays
ISMCTSBot against HeuristicBot, in shorter matches where the default is long (Clubs to 20 points,
80 Points one round); ``pimc`` PIMCBot (``--time`` seconds of CPU time a decision, else
``--iterations`` deals) against HeuristicBot in the same configs. Seed 2026, seats rotating game by
game, one worker unless ``--workers``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Literal

from cardrules import GAMES, RandomBot, clubs, eighty_points
from cardrules.arena import run_matches
from cardrules.bots import HeuristicBot, ISMCTSBot
from cardrules.bots.pimc import PIMCBot

SEARCH_CONFIGS: dict[str, Any] = {
    "clubs": clubs.Config(threshold=20),
    "eighty_points": eighty_points.Config(rounds=1),
}
"""The shorter matches the ISMCTS runs use (the other games use their default config)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("match", choices=["heuristic", "ismcts", "pimc"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--root", choices=["ucb", "halving"], default="ucb", help="ISMCTSBot's root (PIMCBot's: ucb is flat)"
    )
    parser.add_argument("--expand-after", type=int, default=1, help="ISMCTSBot's expand_after")
    parser.add_argument("--time", type=float, default=None, help="PIMCBot's time_per_move (seconds)")
    parser.add_argument("--duplicate", action="store_true", help="every deal once per seat rotation")
    args = parser.parse_args()
    if args.match == "ismcts":
        bots: list[Any] = [
            ISMCTSBot(iterations=args.iterations, root=args.root, expand_after=args.expand_after),
            HeuristicBot(),
        ]
        config = SEARCH_CONFIGS.get(args.game)
    elif args.match == "pimc":
        root: Literal["flat", "halving"] = "halving" if args.root == "halving" else "flat"
        pimc = (
            PIMCBot(time_per_move=args.time, root=root)
            if args.time
            else PIMCBot(deals=args.iterations, root=root)
        )
        bots, config = [pimc, HeuristicBot()], SEARCH_CONFIGS.get(args.game)
    else:
        bots, config = [HeuristicBot(), RandomBot()], None
    start = time.perf_counter()
    result = run_matches(
        args.game, bots, args.games, args.seed, config=config, workers=args.workers, duplicate=args.duplicate
    )
    seconds = time.perf_counter() - start
    print(f"config={config!r}")
    print(result.table())
    print(f"{seconds:.0f} s, {args.games / seconds:.3f} games/s")


if __name__ == "__main__":
    main()
