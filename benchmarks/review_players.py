"""Does a review tell players apart? Issue #60's measure, in one run.

For each game, ``random``, ``heuristic`` and ``pimc@0.5s`` play (Clubs: the three rotating round a
four-seat table; the other games, whose seats pair up or are two: each pair of the three head to
head, a third of the games each), every finished game is reviewed at the review's default budget
(``run_matches(..., review=DEFAULT_BUDGET)``, every seat), and each bot's accuracy is pooled over
all its decisions with its 95% interval over games (``cardrules.arena._review.bot_review``). The
bound: accuracy ``random < heuristic < pimc`` (equal accuracies told apart by the mean loss), and
in each head-to-head pairing (Clubs: at the same tables) the bot judged the more accurate has the
higher win rate.

    python benchmarks/review_players.py --games 200 --workers 2
    python benchmarks/review_players.py --quick    # a smoke run: 3 games a game, 2 deals

PIMC plays on CPU time, so its games, and the figures, differ from run to run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules import clubs, eighty_points, pub_derby, rugby_league
from cardrules.arena import GameResult, run_matches
from cardrules.arena._review import BotReview, bot_review
from cardrules.bots import Bot, HeuristicBot, PIMCBot, RandomBot
from cardrules.review import DEFAULT_BUDGET, ReviewBudget

PAIRS = ((0, 1), (1, 2), (0, 2))


@attrs.frozen
class Case:
    """One game as measured: ``key`` for ``--only``, its ``label``, registry ``name``, ``config``,
    and whether its bots meet in ``pairs`` (else all three at one table, rotating)."""

    key: str
    label: str
    name: str
    config: Any
    pairs: bool


CASES = (
    Case("clubs", "Clubs to 10", "clubs", clubs.Config(threshold=10), pairs=False),
    Case("pub_derby", "Pub Derby, classic", "pub_derby", pub_derby.Config(format="classic"), pairs=True),
    Case("rugby_blind", "Rugby League, blind", "rugby_league", None, pairs=True),
    Case(
        "rugby_open",
        "Rugby League, open hands",
        "rugby_league",
        rugby_league.Config(open_hands=True),
        pairs=True,
    ),
    Case(
        "eighty_points", "80 Points, one round", "eighty_points", eighty_points.Config(rounds=1), pairs=True
    ),
    Case("manager", "Manager", "manager", None, pairs=True),
)


@attrs.frozen
class _Pooled:
    """A game's result with its seats named by the three bots' global numbers (0-2)."""

    seats: tuple[int, ...]
    review: Any


def _bots(seconds: float) -> list[Bot]:
    return [RandomBot(), HeuristicBot(), PIMCBot(time_per_move=seconds)]


def _run(case: Case, games: int, seed: int, budget: ReviewBudget, workers: int, seconds: float) -> Any:
    """Each pairing's (or the one table's) results: ``[(global bot numbers, ArenaResult)]``."""
    bots = _bots(seconds)
    groups = [(a, b) for a, b in PAIRS] if case.pairs else [(0, 1, 2)]
    share = max(1, -(-games // len(groups)))  # at least ``games`` in all
    runs = []
    for k, group in enumerate(groups):
        result = run_matches(
            case.name,
            [bots[g] for g in group],
            share,
            seed + k,
            config=case.config,
            workers=workers,
            review=budget,
        )
        runs.append((group, result))
    return runs


def _pooled(runs: Sequence[tuple[tuple[int, ...], Any]]) -> list[_Pooled]:
    pooled = []
    for group, result in runs:
        games: tuple[GameResult, ...] = result.results
        pooled += [_Pooled(tuple(group[s] for s in game.seats), game.review) for game in games]
    return pooled


def _skill(r: BotReview) -> tuple[float, float]:
    """How well a bot played by its review: its accuracy, then (where two are equal, as two bots
    that never err are) the lower mean loss."""
    return (r.accuracy or 0.0, -r.mean_loss)


def _accuracy(r: BotReview) -> str:
    if r.accuracy is None or r.accuracy_ci is None:
        return "-"
    lo, hi = r.accuracy_ci
    return f"{r.accuracy:.1f}% [{lo:.1f}, {hi:.1f}]"


def _report(case: Case, runs: Any, seconds: float, names: Sequence[str]) -> list[str]:
    pooled = _pooled(runs)
    reviews = [bot_review(b, pooled) for b in range(3)]
    unit = runs[0][1].worth.unit if runs[0][1].worth is not None else "?"
    lines = [
        f"### {case.label} ({len(pooled)} games, {seconds:.0f} s)",
        "",
        f"| bot | games | decisions judged | accuracy (95% CI) | mean loss ± se ({unit}) |",
        "|---|---:|---:|---|---|",
    ]
    for b, r in enumerate(reviews):
        se = "-" if r.mean_loss_stderr is None else f"{r.mean_loss_stderr:.2f}"
        lines.append(f"| {names[b]} | {r.games} | {r.judged} | {_accuracy(r)} | {r.mean_loss:.2f} ± {se} |")
    lines += [
        "",
        "| head to head | games | win rates (95% CI) | the more accurate wins more |",
        "|---|---:|---|---|",
    ]
    verdicts = []
    for group, result in runs:
        rates = {group[i]: rec for i, rec in enumerate(result.records)}
        text = ", ".join(
            f"{names[g]} {rec.win_rate:.3f} [{rec.win_rate_ci[0]:.3f}, {rec.win_rate_ci[1]:.3f}]"
            for g, rec in rates.items()
        )
        judged = [g for g in group if reviews[g].accuracy is not None]
        best_accuracy = max(judged, key=lambda g: _skill(reviews[g]))
        best_rate = max(group, key=lambda g: rates[g].win_rate)
        agree = best_accuracy == best_rate
        verdicts.append(agree)
        vs = " v ".join(names[g] for g in group)
        lines.append(f"| {vs} | {result.records[0].games} | {text} | {'yes' if agree else 'no'} |")
    order = [_skill(r) for r in reviews]
    ordered = order[0] < order[1] < order[2]
    apart = all(
        (reviews[a].accuracy_ci or (0.0, 0.0))[1] < (reviews[b].accuracy_ci or (0.0, 0.0))[0]
        for a, b in ((0, 1), (1, 2))
    )
    lines += [
        "",
        f"- accuracy random < heuristic < pimc: {'met' if ordered else 'not met'}"
        f" (intervals apart: {'yes' if apart else 'no'});"
        f" the more accurate wins more head to head: {'met' if all(verdicts) else 'not met'}",
        "",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measure and print its tables (markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a game (split among the pairings)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.5, help="PIMC's CPU seconds a decision")
    parser.add_argument("--only", nargs="+", choices=[c.key for c in CASES], help="these games only")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 games a game, 2 deals, 0.01 s")
    args = parser.parse_args(argv)
    budget = DEFAULT_BUDGET
    if args.quick:
        args.games, args.seconds, budget = 3, 0.01, ReviewBudget(deals=2)
    print(f"review at {budget} a decision; pimc at {args.seconds:g} s a decision; seed {args.seed}\n")
    for case in CASES:
        if args.only and case.key not in args.only:
            continue
        started = time.monotonic()
        runs = _run(case, args.games, args.seed, budget, args.workers, args.seconds)
        names = ("random", "heuristic", f"pimc@{args.seconds:g}s")
        print("\n".join(_report(case, runs, time.monotonic() - started, names)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
