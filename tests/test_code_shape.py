"""The shape every game package keeps (issue "One rule, one place"): the same modules in each, so
that a newcomer finds a rule in one step, and no function longer than 60 lines, so that each rule
reads in one screen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardrules
from cardrules import GAMES

SOURCE = Path(cardrules.__file__).parent
LAYOUT = {"__init__.py", "state.py", "rules.py", "views.py", "validate.py", "actions.py", "position.py"}


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_package_has_the_common_modules(name: str) -> None:
    package = SOURCE / name
    assert package.is_dir()
    assert {p.name for p in package.glob("*.py")} >= LAYOUT


@pytest.mark.parametrize("name", list(GAMES))
def test_no_function_of_a_game_is_over_60_lines(name: str) -> None:
    long = [
        f"{path.name}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in sorted((SOURCE / name).glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > 60
    ]
    assert long == []
