"""Run the games' fuzzer (``tests/contract/fuzzing.py``) for as long as asked, on every core.

    python tools/fuzz.py --minutes 60                 # every game, all cores, one hour
    python tools/fuzz.py --inputs 100000 --games clubs --seed 7
    python tools/fuzz.py --minutes 5 --save fuzz-failures/

Each worker fuzzes from its own seed (``--seed`` plus the worker's number) in slices of at most a
minute, so progress is printed every slice. Prints the inputs tried per game and kind and every
distinct failure; with ``--save``, writes each failure's input to a file there. Exits 1 if anything
failed, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "contract"))

from fuzzing import Fuzzer, Report

from cardrules import GAMES

SLICE_SECONDS = 60.0


def _slice(seed: int, games: tuple[str, ...], seconds: float | None, inputs: int | None) -> Report:
    return Fuzzer(seed, games).run(inputs=inputs, seconds=seconds)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--minutes", type=float, help="fuzz for this long")
    budget.add_argument("--inputs", type=int, help="fuzz this many inputs (about; in all)")
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=0, help="first worker's seed (default 0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--save", type=Path, help="write each failure's input to this directory")
    return parser.parse_args(argv)


def _save(report: Report, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for n, failure in enumerate(report.failures.values(), start=1):
        record = {"game": failure.game, "kind": failure.kind, "error": failure.error, "where": failure.where}
        (folder / f"failure-{n}.json").write_text(json.dumps({**record, "input": failure.reproducer}))


def main(argv: list[str] | None = None) -> int:
    """Fuzz until the budget is spent; print the report; 1 if anything failed."""
    args = _arguments(argv)
    games = tuple(args.games)
    total = Report()
    started = time.monotonic()
    deadline = None if args.minutes is None else started + 60 * args.minutes
    seed = args.seed
    with ProcessPoolExecutor(args.workers) as pool:
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if (left is not None and left <= 0) or (args.inputs is not None and total.total >= args.inputs):
                break
            seconds = SLICE_SECONDS if left is None else min(SLICE_SECONDS, left)
            quota = None if args.inputs is None else -(-(args.inputs - total.total) // args.workers)
            jobs = [
                pool.submit(_slice, seed + i, games, None if quota else seconds, quota)
                for i in range(args.workers)
            ]
            seed += args.workers
            for job in jobs:
                total.merge(job.result())
            elapsed = time.monotonic() - started
            print(
                f"{elapsed / 60:6.1f} min  {total.total:>12,} inputs  {total.total / elapsed:>8,.0f}/s"
                f"  {len(total.failures)} failures",
                file=sys.stderr,
                flush=True,
            )
    print(total.summary())
    if args.save is not None and total.failures:
        _save(total, args.save)
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
