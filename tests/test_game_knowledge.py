"""No code outside the registry and the games themselves knows a game by name: what it needs to
know of a game it reads from the game (``INFO``, its functions and constants). A table keyed by
game name is allowed only when it is complete, one entry per registered game (a layer's per-game
part, such as the SVG pictures or the tensors), so that no such table can restate a fact of some
games only ("the team games are pub_derby and eighty_points")."""

from __future__ import annotations

import ast
from pathlib import Path

import cardrules
from cardrules import GAMES

SOURCE = Path(cardrules.__file__).parent
NAMES = set(GAMES)


def _outside_the_games() -> list[Path]:
    return [
        path
        for path in sorted(SOURCE.rglob("*.py"))
        if path.relative_to(SOURCE).parts[0] not in NAMES and path.name != "registry.py"
    ]


def _names_a_game(node: ast.expr) -> bool:
    """A game's registry name written as a string, or its module by name (``is clubs``)."""
    if isinstance(node, ast.Constant):
        return node.value in NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game(e) for e in node.elts)
    if isinstance(node, ast.Name):
        return node.id in NAMES
    return isinstance(node, ast.Attribute) and node.attr in NAMES and isinstance(node.value, ast.Name)


def _offences(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(map(_names_a_game, [node.left, *node.comparators])):
            found.append((node.lineno, "compares with a game"))
        elif isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None and _names_a_game(k)]
            named = {k.value if isinstance(k, ast.Constant) else ast.unparse(k) for k in keys}
            if keys and {str(n).rpartition(".")[2] for n in named} != NAMES:
                found.append((node.lineno, f"a table of some games only: {sorted(map(str, named))}"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and any(_names_a_game(a) for a in node.args)
        ):
            found.append((node.lineno, "looks a game up by name"))
    return found


def test_no_code_outside_the_registry_and_the_games_knows_a_game_by_name() -> None:
    offences = [
        f"{path.relative_to(SOURCE)}:{line} {what}"
        for path in _outside_the_games()
        for line, what in _offences(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert offences == []


def test_the_check_finds_what_it_looks_for() -> None:
    code = (
        "a = module is eighty_points\n"
        "b = name in ('pub_derby', 'eighty_points')\n"
        "c = {'pub_derby': 1}\n"
        "d = {name: 1 for name in ()}\n"
        "e = TEAMS.get('rugby_league')\n"
        "f = {'clubs': 1, 'pub_derby': 2, 'rugby_league': 3, 'eighty_points': 4, 'manager': 5}\n"
    )
    assert [line for line, _ in _offences(ast.parse(code))] == [1, 2, 3, 5]
