"""How long a review of one seat of a whole game takes at the default budget: issue #60's bound.

For each game (Clubs to 10 points and to 50, the default; Pub Derby classic; Rugby League blind and
open-hands; Manager; 80 Points one round), the heuristic bot plays every seat of ``--games`` games
(seeds 0, 1, ...), and seat 0 of each is reviewed with ``cardrules.review.review`` at
``DEFAULT_BUDGET``. It prints a Markdown table: the decisions of the seat (and how many were
judged, not forced), the CPU seconds of the review (of this one process: a review runs on one
core), their mean and the slowest game, and a verdict per game against the bound (at most a
minute a seat; the default game of Clubs, ten rounds, is given for scale and not bound).

    python benchmarks/review_speed.py              # --games 3
    python benchmarks/review_speed.py --quick      # a smoke run: one game a game, 2 deals
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules import clubs, eighty_points, pub_derby, rugby_league
from cardrules.bots import HeuristicBot
from cardrules.registry import get_game
from cardrules.review import DEFAULT_BUDGET, ReviewBudget, review
from cardrules.runner import play

BOUND_SECONDS = 60.0
"""Issue #60: reviewing one seat of a whole game at the default budget takes at most a minute."""


@attrs.frozen
class Case:
    """One game as timed: its ``label``, registry ``name``, ``config``, and whether the bound holds
    for it (``bound``; the default Clubs game is timed for scale)."""

    label: str
    name: str
    config: Any
    bound: bool = True


CASES = (
    Case("Clubs to 10 points", "clubs", clubs.Config(threshold=10)),
    Case("Clubs, the default game to 50", "clubs", None, bound=False),
    Case("Pub Derby, classic", "pub_derby", pub_derby.Config(format="classic")),
    Case("Rugby League, blind", "rugby_league", None),
    Case("Rugby League, open hands", "rugby_league", rugby_league.Config(open_hands=True)),
    Case("Manager", "manager", None),
    Case("80 Points, one round", "eighty_points", eighty_points.Config(rounds=1)),
)


@attrs.frozen
class Timed:
    """One game's review of seat 0: its decisions, those judged (not forced) and CPU seconds."""

    decisions: int
    judged: int
    seconds: float


def time_review(case: Case, seed: int, budget: ReviewBudget) -> Timed:
    """Play game ``seed`` of ``case`` with the heuristic bot at every seat and time the review of
    seat 0 (CPU seconds of this process)."""
    module = get_game(case.name)
    players = module.num_players(case.config)
    transcript = play(module, [HeuristicBot()] * players, seed, case.config)
    started = time.process_time()
    result = review(transcript, 0, budget=budget, seed=seed)
    seconds = time.process_time() - started
    judged = sum(1 for d in result.decisions if d.label != "forced")
    return Timed(len(result.decisions), judged, seconds)


def report(rows: Sequence[tuple[Case, Sequence[Timed]]], budget: ReviewBudget) -> list[str]:
    """The table and a verdict line a bound game."""
    lines = [
        f"Seat 0 of games the heuristic bot played, reviewed at {budget} a decision "
        "(CPU seconds of one process)",
        "",
        "| game | games | decisions (judged), mean | mean time | slowest game |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    verdicts = []
    for case, timed in rows:
        n = len(timed)
        decisions = sum(t.decisions for t in timed) / n
        judged = sum(t.judged for t in timed) / n
        mean = sum(t.seconds for t in timed) / n
        slowest = max(t.seconds for t in timed)
        lines.append(
            f"| {case.label} | {n} | {decisions:.0f} ({judged:.0f}) | {mean:.1f} s | {slowest:.1f} s |"
        )
        if case.bound:
            verdict = "met" if slowest <= BOUND_SECONDS else "not met"
            verdicts.append(
                f"- {case.label}: slowest {slowest:.1f} s (bound {BOUND_SECONDS:.0f} s): {verdict}"
            )
    return [*lines, "", *verdicts]


def main(argv: Sequence[str] | None = None) -> int:
    """Time the reviews and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3, help="games a game (seeds 0, 1, ...)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one game a game, 2 deals")
    args = parser.parse_args(argv)
    games, budget = (1, ReviewBudget(deals=2)) if args.quick else (args.games, DEFAULT_BUDGET)
    rows = [(case, [time_review(case, seed, budget) for seed in range(games)]) for case in CASES]
    print("\n".join(report(rows, budget)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
