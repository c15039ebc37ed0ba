"""Whether a search on a time budget keeps it: the CPU time of a search bot's decisions against the budget.

Run: ``python benchmarks/decision_time.py [GAME ...] [--budget 0.1] [--decisions 60]
[--bot pimc|openspiel]``.
For each game (all by default) it deals games that heuristic bots play in every seat, takes every
third decision with two moves or more (the seat to act's view) until it has ``--decisions`` of
them, and times ``ISMCTSBot(time_per_move=budget)`` on each, with ``root="ucb"`` and
``root="halving"`` (or, with ``--bot pimc``, ``PIMCBot(time_per_move=budget)``, its rows' root
column saying ``pimc``; with ``--bot openspiel``, OpenSpiel's ISMCTS through
``cardrules.adapters.openspiel_bots.OpenSpielISMCTSBot(time_per_move=budget)``, saying ``uct``),
in CPU time of this process (what the budget counts). It prints the 50th and 99th percentiles
and the longest decision as ratios of the budget, and exits 1 if a 99th percentile is over 1.2
(the bound the bots promise), else 0. The views are the same from run to run; the times are this
machine's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any, Literal

import cardrules
from cardrules import GAMES
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot
from cardrules.bots.pimc import PIMCBot
from cardrules.rng import derive_seed

BOUND = 1.2
"""The most a decision's 99th percentile may take, in budgets."""

ROOTS: tuple[Literal["ucb", "halving"], ...] = ("ucb", "halving")


def decision_views(name: str, count: int, seed: int) -> list[Any]:
    """``count`` views to decide from: every third decision with two moves or more in games that
    heuristic bots play, dealt from ``derive_seed(seed, g)`` for game ``g``."""
    game = GAMES[name]
    bot = HeuristicBot()
    views: list[Any] = []
    g = 0
    while len(views) < count:
        state = game.new_game(derive_seed(seed, g))
        k = 0
        while state.to_act is not None and len(views) < count:
            view = game.view(state, state.to_act)
            if len(view.legal_moves) > 1:
                if k % 3 == 0:
                    views.append(view)
                k += 1
            state = game.apply(state, bot.choose(view, 0))
        g += 1
    return views


def decision_times(bot: Bot, views: list[Any], seed: int) -> list[float]:
    """The CPU seconds of ``bot``'s decision on each view (after one untimed, to warm up)."""
    bot.choose(views[0], seed)
    times = []
    for i, view in enumerate(views):
        start = time.process_time()
        bot.choose(view, derive_seed(seed, i))
        times.append(time.process_time() - start)
    return times


def ratios(times: list[float], budget: float) -> tuple[float, float, float]:
    """The 50th and 99th percentiles and the longest of ``times``, in budgets (the percentiles
    interpolated between the decisions around them)."""
    cuts = statistics.quantiles([t / budget for t in times], n=100, method="inclusive")
    return cuts[49], cuts[98], max(times) / budget


def _searches(bot: str, budget: float) -> dict[str, Bot]:
    """The bots to time, by the root column's name."""
    if bot == "ismcts":
        return {root: ISMCTSBot(time_per_move=budget, root=root) for root in ROOTS}
    if bot == "pimc":
        return {"pimc": PIMCBot(time_per_move=budget)}
    from cardrules.adapters.openspiel_bots import OpenSpielISMCTSBot  # the openspiel extra

    return {"uct": OpenSpielISMCTSBot(time_per_move=budget)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"{', '.join(GAMES)} (default: all)")
    parser.add_argument("--budget", type=float, default=0.1, help="seconds a decision (default 0.1)")
    parser.add_argument("--decisions", type=int, default=60, help="decisions per game (default 60)")
    parser.add_argument("--seed", type=int, default=2026, help="the games' master seed (default 2026)")
    parser.add_argument(
        "--bot", choices=["ismcts", "pimc", "openspiel"], default="ismcts", help="the search (default ismcts)"
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.games if name not in GAMES]
    if unknown:
        parser.error(f"no game named {unknown[0]!r}; the games: {', '.join(GAMES)}")
    build = "compiled" if cardrules.COMPILED else "pure Python"
    searches = _searches(args.bot, args.budget)
    kind = type(next(iter(searches.values()))).__name__
    print(f"{kind}(time_per_move={args.budget:g}): CPU time a decision, in budgets")
    print(f"python {sys.version.split()[0]}, {build} build, seed {args.seed}")
    print(f"{'game':<16}{'root':<9}{'decisions':>10}{'p50':>8}{'p99':>8}{'max':>8}")
    worst = 0.0
    for name in args.games or list(GAMES):
        views = decision_views(name, args.decisions, args.seed)
        for root, bot in searches.items():
            times = decision_times(bot, views, args.seed)
            p50, p99, longest = ratios(times, args.budget)
            worst = max(worst, p99)
            print(f"{name:<16}{root:<9}{len(times):>10}{p50:>8.3f}{p99:>8.3f}{longest:>8.3f}")
    verdict = "within" if worst <= BOUND else "OVER"
    print(f"worst p99 {worst:.3f} budgets: {verdict} the bound of {BOUND}")
    return 0 if worst <= BOUND else 1


if __name__ == "__main__":
    raise SystemExit(main())
