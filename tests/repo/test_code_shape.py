"""The shape every game package keeps (issue "One rule, one place"): the same modules in each, so
that a newcomer finds a rule in one step; and no function anywhere longer than 60 lines, so that
each reads in one screen."""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import pkgutil
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import GAMES
from cardrules.game import Outcome

SOURCE = Path(cardrules.__file__).parent
LAYOUT = {"__init__.py", "state.py", "rules.py", "views.py", "validate.py", "actions.py", "position.py"}
LAYOUT |= {"policy.py"}


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_package_has_the_common_modules(name: str) -> None:
    package = SOURCE / name
    assert package.is_dir()
    assert {p.name for p in package.glob("*.py")} >= LAYOUT


def test_no_function_anywhere_is_over_60_lines() -> None:
    """Every function and method of the package, the adapters and the server included, nested ones
    and ``async def`` too (ruff's C901 keeps each one's complexity at 15 or less)."""
    long = [
        f"{path.relative_to(SOURCE)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in sorted(SOURCE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > 60
    ]
    assert long == []


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_package_exports_exactly_what_its_modules_list(name: str) -> None:
    """Each module lists its public names in its own __all__, and the package's __all__ (a literal list,
    which mypy needs) is their union plus the shared classes it re-exports, so neither drifts."""
    package = importlib.import_module(f"cardrules.{name}")
    listed: set[str] = set()
    for path in sorted((SOURCE / name).glob("*.py")):
        if path.name == "__init__.py":
            continue
        module = importlib.import_module(f"cardrules.{name}.{path.stem}")
        if path.stem == "policy":
            continue  # the game's search knowledge, which the bots import from there
        names = getattr(module, "__all__", [])
        assert all(getattr(package, n) is getattr(module, n) for n in names)
        listed |= set(names)
    shared = set(package.__all__) - listed
    assert all(getattr(package, n).__module__.split(".")[1] != name for n in shared)
    assert len(package.__all__) == len(set(package.__all__))
    assert listed <= set(package.__all__)


# --- records built by name (issue "A house a newcomer can find their way in") ---------------------

REPO = Path(__file__).resolve().parents[2]
# Where records are built: the package, and the code around it that checks, measures and shows it.
_TREES = (SOURCE, REPO / "tests", REPO / "tools", REPO / "benchmarks", REPO / "examples")
_WIDE = 4  # a call with this many arguments or more names each of them


@functools.cache
def _record_classes() -> dict[str, list[type]]:
    """Every record cardrules defines, by class name (several games share a name): a frozen attrs
    class, a value (a state, a layer of one, a view, a move, an event, a config, a result). The
    server's tables and sessions and the command line's tallies are live, mutable objects."""
    frozen = Outcome.__setattr__  # what attrs gives every frozen class
    found: dict[str, list[type]] = {}
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        if info.name.endswith("__main__"):
            continue  # importing it runs the command line
        try:
            module = importlib.import_module(info.name)
        except ImportError:
            continue  # an extra that is not installed
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and attrs.has(value)
                and value.__module__ == info.name
                and value.__setattr__ is frozen
            ):
                found.setdefault(value.__name__, []).append(value)
    return found


def _module_name(path: Path) -> str | None:
    """The module a file of the package is, ``None`` for a file outside it (or ``__main__``)."""
    if SOURCE not in path.parents or path.name == "__main__.py":
        return None
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


_FOREIGN = object()  # what a name imported from outside cardrules stands for


def _imported_names(tree: ast.Module) -> dict[str, Any]:
    """What the file's ``import cardrules...`` and ``from cardrules... import`` statements bind; a name
    imported from elsewhere is ``_FOREIGN`` (OpenSpiel's ``ismcts.ISMCTSBot`` is none of ours)."""
    names: dict[str, Any] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.setdefault(alias.asname or alias.name.split(".")[0], _FOREIGN)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "cardrules":
                    with contextlib.suppress(ImportError):
                        module = importlib.import_module(alias.name)
                        names[alias.asname or "cardrules"] = module if alias.asname else cardrules
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != "cardrules":
                continue
            with contextlib.suppress(ImportError):
                module = importlib.import_module(node.module)
                for alias in node.names:
                    value = getattr(module, alias.name, None)
                    if value is None:
                        with contextlib.suppress(ImportError):
                            value = importlib.import_module(f"{node.module}.{alias.name}")
                    if value is not None:
                        names[alias.asname or alias.name] = value
    return names


def _callee(func: ast.expr, names: dict[str, Any]) -> tuple[str | None, object]:
    """The name a call's callee ends in (``State`` of ``rl.State``) and what it resolves to
    (``None`` when the test cannot tell, as for ``game.State`` of a module passed in)."""
    path: list[str] = []
    while isinstance(func, ast.Attribute):
        path.insert(0, func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return None, None
    path.insert(0, func.id)
    value: object = names.get(path[0])
    for attr in path[1:]:
        if value is _FOREIGN:
            break
        value = getattr(value, attr, None)
    return path[-1], value


def _enclosing_function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST | None:
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return node
    return None


def _unnamed(call: ast.Call, record: type | None, parents: dict[ast.AST, ast.AST]) -> str | None:
    """Why ``call`` of a record class does not name its arguments, or ``None`` when it does.

    Each argument is a keyword, or a bare name spelled as the field it fills, in place, which reads
    as well and costs nothing on the hot path (``State(hands, trick, to_act, progress)``); such a
    name may not be a positional parameter of the function around the call, whose callers would
    then pass it by position (a factory takes its fields as keyword-only parameters). A record the
    test cannot resolve (``game.State``) takes keywords only."""
    fields = [] if record is None else [f.alias for f in attrs.fields(record) if f.init and not f.kw_only]
    function = _enclosing_function(call, parents)
    positional: set[str] = set()
    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        positional = {a.arg for a in (*function.args.posonlyargs, *function.args.args)}
    for index, arg in enumerate(call.args):
        if not isinstance(arg, ast.Name) or index >= len(fields) or arg.id != fields[index]:
            return f"argument {index + 1} ({ast.unparse(arg)}) is not named"
        if arg.id in positional:
            return f"{arg.id} is a positional parameter: make it keyword-only"
    return None


def _unnamed_calls(tree: ast.Module, names: dict[str, Any], records: dict[str, list[type]]) -> list[str]:
    """``line callee(...): why`` for each call in ``tree`` that builds a record without naming its
    arguments; ``names`` is what the file's names stand for."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    wrong: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or len(node.args) + len(node.keywords) < _WIDE:
            continue
        name, value = _callee(node.func, names)
        if isinstance(value, type) and value in records.get(value.__name__, ()):
            reason = _unnamed(node, value, parents)
        elif name in records and value is None and node.args:
            reason = _unnamed(node, None, parents)
        else:
            continue
        if reason is not None:
            wrong.append(f"{node.lineno} {ast.unparse(node.func)}(...): {reason}")
    return sorted(wrong, key=lambda line: int(line.split()[0]))


def _unnamed_records() -> list[str]:
    records = _record_classes()
    wrong: list[str] = []
    for tree_root in _TREES:
        for path in sorted(tree_root.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            module_name = _module_name(path)
            names = _imported_names(tree)
            if module_name is not None:
                with contextlib.suppress(ImportError):  # an extra not installed: its names stay foreign
                    names.update(vars(importlib.import_module(module_name)))
            where = path.relative_to(tree_root.parent)
            wrong += [f"{where}:{line}" for line in _unnamed_calls(tree, names, records)]
    return wrong


def test_records_are_built_by_name() -> None:
    """A call that builds a cardrules record (a frozen attrs class: a state, its middle layers, a view,
    a move, an event, a config, a result) with four arguments or more names every one of them, so that
    two fields of one type (``tackles`` and ``lost``) cannot trade places unseen. See ``_unnamed``
    for what names an argument."""
    assert _unnamed_records() == []


_FIELDS = "phase, attacker, ball, tackles, lost, last, wins, rounds, needed, pile, discards, match"
_BUILDS = f"""
from cardrules.rugby_league import Field, KickResult
import cardrules.rugby_league as rl
from open_spiel.python.algorithms import ismcts


def swapped():
    return Field({_FIELDS.replace("tackles, lost", "lost, tackles")})


def forwarded({_FIELDS}):
    return Field({_FIELDS})


def factory(*, {_FIELDS}):
    return Field({_FIELDS})


def by_keyword(seat, scores):
    kicks = [KickResult(kind="drop_goal", seat=seat, success=True, scores=scores)]
    return kicks + [rl.KickResult("conversion", seat, False, scores)]


def passed_in(game, rows, to_act, pending, field):
    return game.State(rows=rows, to_act=to_act, pending=pending, field=field), game.State(rows, 1, 2, 3)


def foreign(game):
    return ismcts.ISMCTSBot(game, 1, 2, 3)
"""


def test_the_record_rule_tells_names_from_positions() -> None:
    """Swapped fields, fields forwarded from positional parameters, and a record the rule cannot
    resolve built by position are caught; keywords, and a factory's keyword-only fields, pass."""
    tree = ast.parse(_BUILDS)
    assert _unnamed_calls(tree, _imported_names(tree), _record_classes()) == [
        "8 Field(...): argument 4 (lost) is not named",
        "12 Field(...): phase is a positional parameter: make it keyword-only",
        "21 rl.KickResult(...): argument 1 ('conversion') is not named",
        "25 game.State(...): argument 1 (rows) is not named",
    ]
