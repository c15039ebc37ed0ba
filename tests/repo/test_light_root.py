"""The light root (#58): importing one game loads that game and what it builds on, not the bots, the
registry or another game; the root re-exports the public API lazily, each name the very object of
the module it comes from, listed by ``dir`` and seen by type checkers."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules

# Every name of __all__, imported as users import them: mypy --strict checks this statement, so a
# name the root's TYPE_CHECKING imports leave out fails the type check, not only this test.
from cardrules import (
    COMPILED,
    FORMAT_VERSION,
    GAMES,
    AnyGame,
    Bot,
    Card,
    CardParseError,
    CardRulesError,
    ConfigError,
    Game,
    HeuristicBot,
    IllegalMoveError,
    ISMCTSBot,
    MoveParseError,
    Outcome,
    PIMCBot,
    RandomBot,
    Rank,
    Rng,
    StateError,
    Suit,
    Transcript,
    ViewLike,
    Zone,
    __version__,
    clubs,
    derive_seed,
    dumps,
    eighty_points,
    get_game,
    loads,
    manager,
    parse_card,
    parse_cards,
    play,
    pub_derby,
    replay,
    replay_steps,
    rugby_league,
)

GAME_NAMES = tuple(GAMES)
SOURCE = Path(cardrules.__file__).parent
IMPORTED = {
    "COMPILED": COMPILED,
    "FORMAT_VERSION": FORMAT_VERSION,
    "GAMES": GAMES,
    "AnyGame": AnyGame,
    "Bot": Bot,
    "Card": Card,
    "CardParseError": CardParseError,
    "CardRulesError": CardRulesError,
    "ConfigError": ConfigError,
    "Game": Game,
    "HeuristicBot": HeuristicBot,
    "ISMCTSBot": ISMCTSBot,
    "IllegalMoveError": IllegalMoveError,
    "MoveParseError": MoveParseError,
    "Outcome": Outcome,
    "PIMCBot": PIMCBot,
    "RandomBot": RandomBot,
    "Rank": Rank,
    "Rng": Rng,
    "StateError": StateError,
    "Suit": Suit,
    "Transcript": Transcript,
    "ViewLike": ViewLike,
    "Zone": Zone,
    "__version__": __version__,
    "clubs": clubs,
    "derive_seed": derive_seed,
    "dumps": dumps,
    "eighty_points": eighty_points,
    "get_game": get_game,
    "loads": loads,
    "manager": manager,
    "parse_card": parse_card,
    "parse_cards": parse_cards,
    "play": play,
    "pub_derby": pub_derby,
    "replay": replay,
    "replay_steps": replay_steps,
    "rugby_league": rugby_league,
}


def _run(code: str, *options: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter that imports this very cardrules (a checkout's ``src``
    ahead of whatever install the environment holds)."""
    path = os.pathsep.join(filter(None, [str(SOURCE.parent), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    command = [sys.executable, *options, "-c", code]
    return subprocess.run(command, capture_output=True, text=True, check=True, env=env)


def _modules_loaded_by(statement: str) -> set[str]:
    """The modules ``python -X importtime -c <statement>`` reports importing."""
    report = _run(statement, "-X", "importtime").stderr
    return {line.rsplit("|", 1)[1].strip() for line in report.splitlines() if line.startswith("import time:")}


def _heavy(loaded: set[str], game: str | None) -> list[str]:
    """The modules of ``loaded`` a light import must not load: the bots, the registry, and every
    game package but ``game``."""
    banned = ["cardrules.bots", "cardrules.registry"] + [f"cardrules.{g}" for g in GAME_NAMES if g != game]
    return sorted(m for m in loaded if any(m == b or m.startswith(b + ".") for b in banned))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_importing_a_game_loads_no_bot_and_no_other_game(game: str) -> None:
    loaded = _modules_loaded_by(f"import cardrules.{game}")
    assert f"cardrules.{game}" in loaded  # the report is read right: the game itself is there
    assert _heavy(loaded, game) == []


def test_importing_the_root_loads_no_game_and_no_bot() -> None:
    loaded = _modules_loaded_by("import cardrules")
    assert "cardrules" in loaded
    assert _heavy(loaded, None) == []


def _type_checking_imports() -> dict[str, str]:
    """Each name the root imports for type checkers, and the module it comes from."""
    tree = ast.parse((SOURCE / "__init__.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    sources: dict[str, str] = {}
    for node in ast.walk(block):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            sources.update({alias.name: node.module for alias in node.names})
    return sources


def test_the_type_checkers_names_are_all_but_the_roots_own() -> None:
    assert sorted(_type_checking_imports()) == sorted(set(cardrules.__all__) - {"COMPILED", "__version__"})
    assert sorted(IMPORTED) == sorted(cardrules.__all__)


@pytest.mark.parametrize("name", sorted(cardrules.__all__))
def test_every_public_name_is_its_source_modules_object(name: str) -> None:
    source = _type_checking_imports().get(name)
    if source is None:  # COMPILED and __version__, the root's own
        assert name in vars(cardrules)
        return
    if source == "cardrules":  # `from cardrules import clubs` names a submodule: the source is itself
        expected = importlib.import_module(f"cardrules.{name}")
    else:
        expected = getattr(importlib.import_module(source), name)
    assert getattr(cardrules, name) is expected
    assert IMPORTED[name] is expected


def test_the_lazy_names_resolve_on_first_use_and_dir_lists_them_before() -> None:
    code = (
        "import sys, cardrules\n"
        "listed = set(dir(cardrules))\n"
        "print(sorted(set(cardrules.__all__) - listed))\n"
        "print('cardrules.bots' in sys.modules)\n"
        "print(cardrules.PIMCBot is sys.modules['cardrules.bots'].PIMCBot)\n"
        "print(cardrules.clubs is sys.modules['cardrules.clubs'])\n"
    )
    assert _run(code).stdout.splitlines() == ["[]", "False", "True", "True"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    """Python's own error, which ``from cardrules import events`` relies on to import the submodule;
    mypy, which does not see the root's __getattr__, reports ``cardrules.PIMCBott`` instead."""
    misspelt = "PIMCBott"
    with pytest.raises(AttributeError, match="no attribute 'PIMCBott'"):
        getattr(cardrules, misspelt)
