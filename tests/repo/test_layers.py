"""The layers of docs/architecture.md hold: the import-linter contracts of ``pyproject.toml``
(``[tool.importlinter]``) are kept by the package's source, and each kind of break is reported.

The contracts are checked by ``lint-imports`` in a subprocess, on the checkout's ``src`` whatever
build of cardrules is installed: the layers are a property of the source."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the contracts of ``root/pyproject.toml``, over ``root/src/cardrules``."""
    command = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "NO_COLOR": "1", "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-c", command, "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_package_keeps_its_layer_contracts() -> None:
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert " kept, 0 broken." in result.stdout


# Each break a contract must catch: a change to a copy of the package, and what the report names.
BREAKS = {
    "a game imports another game": (
        "clubs/views.py",
        "from cardrules import rugby_league\n",
        "cardrules.clubs.views -> cardrules.rugby_league",
    ),
    "a lower layer imports a higher one": (
        "cards.py",
        "from cardrules import registry\n",
        "cardrules.cards -> cardrules.registry",
    ),
    "a picture needs the registry": (
        "svg.py",
        "from cardrules.registry import GAMES\n",
        "cardrules.svg -> cardrules.registry",
    ),
    "the rules import an optional extra": (
        "_shared/tricks.py",
        "import numpy\n",
        "cardrules._shared is not allowed to import numpy",
    ),
    "a server module other than the PostgreSQL store imports psycopg": (
        "serve/stores/sqlite.py",
        "import psycopg\n",
        "cardrules.serve.stores.sqlite -> psycopg",
    ),
    "a new top-level module is in no layer": (
        "helpers.py",
        '"""A module of no layer."""\n',
        "cardrules.helpers",
    ),
}


@pytest.mark.parametrize("name", list(BREAKS))
def test_a_broken_contract_fails_with_its_report(tmp_path: Path, name: str) -> None:
    """The same contracts over a copy of the package with one import added (or one module): the
    check fails and its report names what broke (so the test above can fail)."""
    path, line, reported = BREAKS[name]
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    shutil.copytree(ROOT / "src" / "cardrules", tmp_path / "src" / "cardrules", ignore=ignore)
    module = tmp_path / "src" / "cardrules" / path
    with module.open("a", encoding="utf-8") as out:
        out.write(line)
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout
    assert reported in result.stdout, result.stdout[-6000:]


_CYCLES = """
import sys
import grimp

graph = grimp.build_graph("cardrules", cache_dir=None)
index, low, stack, on_stack, cycles = {}, {}, [], set(), []


def visit(module):
    index[module] = low[module] = len(index)
    stack.append(module)
    on_stack.add(module)
    for imported in sorted(graph.find_modules_directly_imported_by(module)):
        if imported not in index:
            visit(imported)
            low[module] = min(low[module], low[imported])
        elif imported in on_stack:
            low[module] = min(low[module], index[imported])
    if low[module] == index[module]:
        component = []
        while True:
            member = stack.pop()
            on_stack.discard(member)
            component.append(member)
            if member == module:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


sys.setrecursionlimit(10_000)
for module in sorted(graph.modules):
    if module not in index:
        visit(module)
print(cycles)
"""


def test_no_two_modules_import_each_other_even_through_others() -> None:
    """The layers order the top-level modules; inside a package (the server, a game) modules must
    not import in a circle either, lazily or not: such a circle once ran through 45 files."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-c", _CYCLES], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "[]"
