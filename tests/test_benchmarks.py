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
