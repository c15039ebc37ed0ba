"""Parametrization of the contract suite over ``cardrules.GAMES``.

A test that takes ``name`` and ``config`` runs once per registered game and per config listed in
:data:`CONFIGS` (``[None]``, the default config, for a game not listed). A test that takes only
``name`` runs once per registered game. A game registered later gets the whole suite for free; list
small configs for it here when its default game is too long for per-step checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import GAMES, clubs, eighty_points, manager, pub_derby, rugby_league

CONFIGS: dict[str, list[Any]] = {
    # Small thresholds: one or two rounds a game.
    "clubs": [
        clubs.Config(players=4, threshold=8),
        clubs.Config(players=3, threshold=5),
        clubs.Config(players=2, threshold=5),
    ],
    "pub_derby": [
        pub_derby.Config(),
        pub_derby.Config(format="pub"),
        pub_derby.Config(format="big_squad"),
    ],
    "rugby_league": [rugby_league.Config(), rugby_league.Config(open_hands=True)],
    # The default match lasts thousands of moves: one round, and two short rounds with one redeal.
    "eighty_points": [
        eighty_points.Config(rounds=1),
        eighty_points.Config(max_rounds=2, max_redeals=1),
    ],
    "manager": [manager.Config(), manager.Config(max_exchanges=3)],
}
"""Registry name -> the configs the per-step contract tests use."""

KNOWN_BUGS: dict[tuple[str, str], str] = {}
"""(test function name, registry name) -> "BUG: ..." reason: marks that test of that game
``xfail(strict=True)`` while a library bug it exposes is open (remove the entry with the fix)."""


def configs_for(name: str) -> list[Any]:
    """The configs the contract suite plays ``name`` with (the default config when none is listed)."""
    return CONFIGS.get(name, [None])


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
