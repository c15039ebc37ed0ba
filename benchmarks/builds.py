"""The pure and the compiled build timed in one run, with OpenSpiel's C++ ``hearts`` beside them.

Run: ``python benchmarks/builds.py --compiled-python ENV/bin/python [--games N] [--repeat R]``,
where this interpreter runs the pure build (the source, or the pure wheel) and ``ENV`` is an
environment with the wheel built by ``CARDRULES_COMPILE=1`` (see docs/performance.md). Each build is
timed in its own process, the two taking turns ``--repeat`` times (the best of each is kept), so
that both see the same machine. It prints, per move (a card in Clubs and Pub Derby): each game in
both builds, the compiled build's speed-up, each build against its own Clubs, and the bare loop and
``pyspiel`` ``hearts`` (where the ``openspiel`` extra is installed) against compiled Clubs. With
``--ismcts N`` it also times N ISMCTS decisions of 1,000 iterations in each game and build. Last,
it prints each speed target of docs/performance.md as the ratio measured, and whether it is met.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _worker(games: int, ismcts: int) -> dict[str, float]:
    """One timing of every figure in this process's build: seconds per move (per decision for
    ISMCTS), as JSON on stdout."""
    sys.path.insert(0, str(HERE))
    bench = importlib.import_module("bench")  # bench.py beside this script: its timings are reused

    import cardrules
    from cardrules import GAMES
    from cardrules.bots import ISMCTSBot

    figures = {"compiled": float(cardrules.COMPILED)}
    t, m = bench.measure(lambda rng, seed: bench.bare_clubs_round(rng), games * 40, 1)
    figures["bare loop"] = t / m
    for name in GAMES:
        t, m = bench.measure(functools.partial(bench.api_playout, name), games, 1)
        figures[name] = t / m
        figures[f"{name} per card"] = t / m / bench.cards_per_move(name, games)
    if bench._HEARTS is not None:
        t, m = bench.measure(lambda rng, seed: bench.pyspiel_hearts(rng), games * 4, 1)
        figures["pyspiel hearts"] = t / m
    for name in GAMES if ismcts else ():
        _, mean, _ = bench.ismcts_decisions(name, ISMCTSBot(iterations=1000), ismcts)
        figures[f"ismcts {name}"] = mean
    return figures


def _run(python: str, games: int, ismcts: int) -> dict[str, float]:
    command = [python, str(Path(__file__).resolve()), "--worker", "--games", str(games)]
    result = subprocess.run(
        [*command, "--ismcts", str(ismcts)], capture_output=True, text=True, timeout=3600, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"{python} could not run the benchmark:\n{result.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(result.stdout)
    return figures


def _best(runs: list[dict[str, float]]) -> dict[str, float]:
    return {key: min(run[key] for run in runs) for key in runs[0]}


def _report(pure: dict[str, float], compiled: dict[str, float], games: list[str]) -> None:
    head = f"{'per move, us':<22}{'pure':>9}{'compiled':>10}{'speed-up':>10}"
    print(f"{head}{'pure x clubs':>14}{'compiled x clubs':>18}")
    for name in games:
        p, c = pure[name], compiled[name]
        print(
            f"{name:<22}{p * 1e6:>9.3f}{c * 1e6:>10.3f}{p / c:>10.2f}"
            f"{p / pure['clubs']:>14.2f}{c / compiled['clubs']:>18.2f}"
        )
    print("per card played, us")
    for name in games:
        p, c = pure[f"{name} per card"], compiled[f"{name} per card"]
        print(
            f"{name:<22}{p * 1e6:>9.3f}{c * 1e6:>10.3f}{p / c:>10.2f}"
            f"{p / pure['clubs per card']:>14.2f}{c / compiled['clubs per card']:>18.2f}"
        )
    print(f"{'bare loop':<22}{pure['bare loop'] * 1e6:>9.3f}{compiled['bare loop'] * 1e6:>10.3f}")
    if "pyspiel hearts" in pure:
        hearts = pure["pyspiel hearts"]
        print(
            f"pyspiel hearts (C++) {hearts * 1e6:.3f} us a step; compiled clubs per card is "
            f"{compiled['clubs'] / hearts:.2f}x hearts per step"
        )
    if any(key.startswith("ismcts ") for key in pure):
        print(f"{'ISMCTS, 1,000 it., s':<22}{'pure':>9}{'compiled':>10}{'speed-up':>10}")
        for name in games:
            key = f"ismcts {name}"
            print(f"{name:<22}{pure[key]:>9.3f}{compiled[key]:>10.3f}{pure[key] / compiled[key]:>10.2f}")
    _report_targets(pure, compiled, games)


def _report_targets(pure: dict[str, float], compiled: dict[str, float], games: list[str]) -> None:
    """The speed targets (docs/performance.md), each as the ratio this run measured, per card
    played (``bench.cards_played``)."""
    card = {name: (pure[f"{name} per card"], compiled[f"{name} per card"]) for name in games}
    targets: list[tuple[str, float, float]] = []  # what, measured, bound (met when measured <= bound)
    if "pyspiel hearts" in pure:
        targets.append(
            ("compiled clubs a card / hearts a step", card["clubs"][1] / pure["pyspiel hearts"], 1.0)
        )
    for name in games:
        targets.append((f"compiled / pure, {name}", card[name][1] / card[name][0], 0.5))
    for name in games[1:]:
        bound = 2.0 if name == "eighty_points" else 1.5
        targets.append((f"pure {name} / clubs, a card", card[name][0] / card["clubs"][0], bound))
    for name in games if any(key.startswith("ismcts ") for key in compiled) else ():
        targets.append((f"compiled ismcts {name}, s", compiled[f"ismcts {name}"], 1.0))
    print(f"{'target':<42}{'measured':>9}{'bound':>7}  met")
    for what, measured, bound in targets:
        print(f"{what:<42}{measured:>9.2f}{bound:>7.2f}  {'yes' if measured <= bound else 'NO'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--compiled-python", help="the interpreter of an environment with the compiled build")
    parser.add_argument("--games", type=int, default=50, help="whole games per game per timing")
    parser.add_argument("--repeat", type=int, default=3, help="timings of each build (the best is kept)")
    parser.add_argument("--ismcts", type=int, default=0, help="ISMCTS decisions per game and build (0: none)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(_worker(args.games, args.ismcts)))
        return 0
    if not args.compiled_python:
        parser.error(
            "--compiled-python is required: the interpreter of an environment with the compiled build"
        )
    pure_runs, compiled_runs = [], []
    for _ in range(args.repeat):
        pure_runs.append(_run(sys.executable, args.games, args.ismcts))
        compiled_runs.append(_run(args.compiled_python, args.games, args.ismcts))
    pure, compiled = _best(pure_runs), _best(compiled_runs)
    if pure["compiled"] or not compiled["compiled"]:
        raise SystemExit("this interpreter must run the pure build and --compiled-python the compiled one")
    print(f"python {sys.version.split()[0]}, best of {args.repeat} timings of each build, taking turns")
    _report(pure, compiled, [key for key in pure if " " not in key and key != "compiled"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
