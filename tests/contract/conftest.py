"""Parametrization of the contract suite over ``cardrules.GAMES``.

A test that takes ``name`` and ``config`` runs once per registered game and per config listed in
:data:`CONFIGS` (``[None]``, the default config, for a game not listed). A test that takes only
``name`` runs once per registered game. A game registered later gets the whole suite for free; list
small configs for it here when its default game is too long for per-step checks.
"""

from __future__ import annotations

import pytest
from contract_support import configs_for

from cardrules import GAMES

KNOWN_BUGS: dict[tuple[str, str], str] = {}
"""(test function name, registry name) -> "BUG: ..." reason: marks that test of that game
``xfail(strict=True)`` while a library bug it exposes is open (remove the entry with the fix)."""


def _marks(test: str, name: str) -> list[pytest.MarkDecorator]:
    reason = KNOWN_BUGS.get((test, name))
    return [] if reason is None else [pytest.mark.xfail(strict=True, reason=reason)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Give every contract test its ``name`` (and ``config``) parameters."""
    test = metafunc.function.__name__
    if "config" in metafunc.fixturenames:
        metafunc.parametrize(
            ("name", "config"),
            [
                pytest.param(name, config, id=f"{name}-{index}", marks=_marks(test, name))
                for name in GAMES
                for index, config in enumerate(configs_for(name))
            ],
        )
    elif "name" in metafunc.fixturenames:
        metafunc.parametrize(
            "name", [pytest.param(name, id=name, marks=_marks(test, name)) for name in GAMES]
        )
