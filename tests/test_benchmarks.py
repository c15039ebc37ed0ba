"""The benchmark script runs and prints every row it promises (its figures are for people, not
for tests: machines are noisy)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from cardrules import GAMES

BENCH = Path(__file__).parents[1] / "benchmarks" / "bench.py"


def test_bench_prints_a_row_for_the_floor_every_game_and_openspiel_where_installed() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--rounds", "2", "--games", "1", "--repeat", "1", "--ismcts", "0"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    rows = {line.split("  ")[0] for line in result.stdout.splitlines()}
    assert {"bare clubs round (floor)", "clubs round (api)"} <= rows
    assert {f"{name} game (api)" for name in GAMES} <= rows
    assert ("pyspiel hearts game (C++)" in rows) == (importlib.util.find_spec("pyspiel") is not None)


BUILDS = BENCH.parent / "builds.py"


def test_the_builds_worker_times_every_game_in_the_build_it_runs() -> None:
    """benchmarks/builds.py's worker (one build's timings, as JSON) has a figure for the bare loop
    and every game, and says which build it ran; CI runs the whole comparison of both builds."""
    import json

    import cardrules

    result = subprocess.run(
        [sys.executable, str(BUILDS), "--worker", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    figures = json.loads(result.stdout)
    assert figures["compiled"] == float(cardrules.COMPILED)
    assert {"bare loop", *GAMES} <= set(figures)
    assert all(figures[key] > 0 for key in ("bare loop", *GAMES))


def test_the_builds_comparison_needs_the_compiled_interpreter() -> None:
    result = subprocess.run(
        [sys.executable, str(BUILDS)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2
    assert "--compiled-python is required" in result.stderr
