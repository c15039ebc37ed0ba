"""No ``assert`` in the library: under ``python -O`` it vanishes, and a user who reaches it gets an
``AssertionError`` (or, with ``-O``, whatever the unchecked code does next) instead of a
``CardRulesError`` naming what was wrong. Invariants the types cannot show are written as ``cast``
or as an explicit check that raises a typed error."""

from __future__ import annotations

import ast
from pathlib import Path

import cardrules

SOURCE = Path(cardrules.__file__).parent


def test_the_library_has_no_assert_statement() -> None:
    found = [
        f"{path.relative_to(SOURCE.parent)}:{node.lineno}"
        for path in sorted(SOURCE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert found == []
