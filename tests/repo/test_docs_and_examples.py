"""The README's code and every script in examples/ run as written."""

from __future__ import annotations

import importlib.util
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
# Examples that need an extra: the module they import from it.
NEEDS = {"train_policy_gradient.py": "pettingzoo", "train_vectorised.py": "numpy"}
# Examples run with arguments: their short configuration.
ARGS = {"train_vectorised.py": ["--quick"]}
# Examples whose run takes more than a few seconds: slow tests.
SLOW = {"train_vectorised.py"}


def test_readme_opens_with_the_install_and_test_commands() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    block = lines[lines.index("```bash") + 1 : lines.index("```bash") + 3]
    assert block == ['python -m pip install -e ".[dev]" && cardrules simulate --all', "python -m pytest"]


def test_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert "Outcome(scores=" in out
    assert "RoundScored(" in out


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=[pytest.mark.slow] if p.name in SLOW else []) for p in EXAMPLES],
    ids=[p.name for p in EXAMPLES],
)
def test_example_runs(path: Path) -> None:
    if path.name in NEEDS:
        pytest.importorskip(NEEDS[path.name])
    result = subprocess.run(
        [sys.executable, str(path), *ARGS.get(path.name, [])],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    if path.name == "train_vectorised.py":
        _assert_it_learned(result.stdout)
        return
    if path.name == "train_policy_gradient.py":
        # Untrained (uniform play) it wins about half its games; trained, the whole 95% interval of
        # its win rate against RandomBot lies above one half.
        low = re.search(
            r"after 2,000 training games: won [\d.]+% of 400 against RandomBot \(95% CI ([\d.]+)%",
            result.stdout,
        )
        assert low is not None, result.stdout
        assert float(low.group(1)) > 50
    else:
        assert "Outcome(" in result.stdout


def _assert_it_learned(out: str) -> None:
    """The quick run (1,000 training games, 200 measured against each bot): untrained, the
    policy's interval against random holds one half (uniform play); trained, its whole interval
    lies above one half and above the untrained rate."""
    rates = dict(
        re.findall(r"^(untrained|after 1,000 training games): won ([\d.]+)% of 200 against random", out, re.M)
    )
    low = re.search(r"after 1,000 training games: won [\d.]+% of 200 against random \(95% CI ([\d.]+)%", out)
    assert len(rates) == 2 and low is not None, out
    assert float(low.group(1)) > max(50.0, float(rates["untrained"]))
    assert re.search(r"trained on 1,000 games at [\d,]+ agent-steps a second", out), out
    assert "against heuristic (95% CI" in out


def test_examples_are_importable_without_running() -> None:
    for path in EXAMPLES:
        if path.name in NEEDS and importlib.util.find_spec(NEEDS[path.name]) is None:
            continue  # its extra is not installed: test_example_runs skips it
        namespace = runpy.run_path(str(path), run_name="not_main")
        assert callable(namespace["main"])


def test_docs_site_home_page_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, "docs/index.md", "exec"), {"__name__": "docs_index"})
    out = capsys.readouterr().out
    assert "Outcome(scores=" in out
    assert "does not hold AS (it may play" in out


@pytest.mark.parametrize("game", ["clubs", "pub_derby", "rugby_league", "eighty_points", "manager"])
def test_where_each_rule_lives_names_functions_that_exist(game: str) -> None:
    """Each game page's "Where each rule lives" table names real functions: a rename that leaves
    the table behind fails here."""
    import importlib

    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("## Where each rule lives", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 8
    names = re.findall(
        r"`((?:cardrules(?:\.[a-z_]+)+|state|rules|views|validate|actions|tricks)\.[A-Za-z_]+)`", section
    )
    assert len(names) >= len(rows)
    for name in names:
        module, attribute = name.rsplit(".", 1)
        path = module if module.startswith("cardrules.") else f"cardrules.{game}.{module}"
        assert hasattr(importlib.import_module(path), attribute), name
