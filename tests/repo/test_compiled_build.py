"""The compiled build (``CARDRULES_COMPILE=1``) against the source it is compiled from.

* Every module listed for mypyc compiles without changing what a user meets: no function of it
  that a package exports (the documented API) takes user input in an ``int``, ``str``, ``bool``,
  ``float``, tuple, list, dict or set parameter (mypyc checks those at the call and raises
  ``TypeError``, or reads ``True`` as 1, where the source raises the documented
  ``CardRulesError``).
* Run against a compiled install (CI does so), the same seeds and moves give byte-identical
  ``dumps`` in both builds: the test plays them here and again in a subprocess that imports the
  checkout's source. ``CARDRULES_EXPECT_COMPILED=1`` makes a pure install there a failure, not a
  skip.

Run as a script (``python tests/repo/test_compiled_build.py``) it prints the playback's digests.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import GAMES, HeuristicBot, dumps
from cardrules.rng import Rng, derive_seed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest brings tomli on Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
_CHECKED = {"int", "str", "bool", "float", "tuple", "list", "dict", "set"}
_SEEDS = (0, 1, 2)
_MOVES = 400  # per game: several tricks, rounds and halves of every game
_SAMPLE_EVERY = 23  # a view and a sampled state every so many moves (sample_state deals and validates)


def _compiled_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include: list[str] = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["include"]
    return include


def _primitive_parameters(path: Path) -> list[tuple[str, str]]:
    """Each public function's parameters that mypyc checks at the call: a primitive, or a tuple,
    list, dict or set, alone or in a union (abstract types such as ``Sequence`` it does not check)."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
            continue
        for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
            if arg.annotation is not None and _checked_by_mypyc(arg.annotation):
                found.append((node.name, f"{path.name}:{node.lineno} {node.name}({arg.arg})"))
    return found


def _checked_by_mypyc(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.BinOp):  # a union: X | Y
        return _checked_by_mypyc(annotation.left) or _checked_by_mypyc(annotation.right)
    if isinstance(annotation, ast.Subscript):
        annotation = annotation.value
    return isinstance(annotation, ast.Name) and annotation.id in _CHECKED


def _exported(module: str, function: str) -> bool:
    """Whether ``function`` of the compiled ``module`` (a path) is part of the documented API: the
    module's package, or the top-level package, exports it in its ``__all__``."""
    name = ".".join(Path(module).with_suffix("").parts[1:])
    obj = getattr(importlib.import_module(name), function)
    packages = {name.rpartition(".")[0], "cardrules"}
    return any(
        function in vars(package).get("__all__", ()) and getattr(package, function) is obj
        for package in map(importlib.import_module, packages)
    )


def test_the_compiled_modules_are_listed_and_exist() -> None:
    modules = _compiled_modules()
    assert modules, "the compiled build compiles at least one module"
    assert "src/cardrules/_shared/checks.py" in modules, "cardrules.COMPILED is read off _checks"
    for module in modules:
        assert (ROOT / module).is_file(), module


def test_no_compiled_function_of_the_api_takes_a_primitive_from_the_user() -> None:
    """Functions that no package exports (``_tricks``' helpers, 80 Points' ``rule_of_thumb``) are
    left out: the library's own callers hand them values already checked."""
    offenders = [
        found
        for module in _compiled_modules()
        for function, found in _primitive_parameters(ROOT / module)
        if _exported(module, function)
    ]
    assert offenders == []


def test_the_primitive_parameter_check_finds_one(tmp_path: Path) -> None:
    """The check above can fail: it finds ``player: int`` and ``viewer: int | None``."""
    source = tmp_path / "m.py"
    source.write_text(
        "def view(state: object, player: int) -> None: ...\n"
        "def describe(event: object, viewer: int | None = None) -> None: ...\n"
        "def deal(cards: Sequence[str], hands: tuple[str, ...] | None) -> None: ...\n"
        "def _private(seat: int) -> None: ...\n",
        encoding="utf-8",
    )
    found = ["m.py:1 view(player)", "m.py:2 describe(viewer)", "m.py:3 deal(hands)"]
    assert [where for _, where in _primitive_parameters(source)] == found
    assert _exported("src/cardrules/clubs/views.py", "view")
    assert not _exported("src/cardrules/eighty_points/policy.py", "rule_of_thumb")


def playback_digests() -> dict[str, str]:
    """For every game and seed: a SHA-256 over the ``dumps`` of each state and of its events, as a
    fixed sequence of moves plays (drawn by cardrules' own generator), and every ``_SAMPLE_EVERY``
    moves over the view of the seat to act, a state sampled from it, the heuristic bot's move and
    a rollout's values (their exact reprs)."""
    digests = {}
    bot = HeuristicBot()
    for name, game in sorted(GAMES.items()):
        for seed in _SEEDS:
            state = game.new_game(seed)
            rng = Rng.from_seed(derive_seed(seed, 99))
            digest = hashlib.sha256(dumps(state).encode())
            for k in range(_MOVES):
                seat = state.to_act
                if seat is None:
                    break
                if k % _SAMPLE_EVERY == 0:
                    view = game.view(state, seat)
                    sampled = game.sample_state(view, derive_seed(seed, k))
                    digest.update(dumps(view).encode() + dumps(sampled).encode())
                    digest.update(dumps(bot.choose(view, k)).encode())
                    digest.update(repr(game.rollout(state, derive_seed(seed, k))).encode())
                move, rng = rng.choice(game.legal_moves(state))
                state, events = game.step(state, move)
                digest.update(dumps(state).encode() + "".join(dumps(e) for e in events).encode())
            digests[f"{name} {seed}"] = digest.hexdigest()
    return digests


def test_the_compiled_build_plays_byte_for_byte_as_the_source() -> None:
    if not cardrules.COMPILED:
        if os.environ.get("CARDRULES_EXPECT_COMPILED") == "1":
            pytest.fail("CARDRULES_EXPECT_COMPILED=1 but this install of cardrules is not compiled")
        pytest.skip("this install runs the source; CI runs this test against the compiled build")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    script = Path(__file__).resolve()
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    source = json.loads(result.stdout)
    assert source.pop("compiled") is False, "the subprocess must import the checkout's source"
    assert playback_digests() == source


if __name__ == "__main__":
    print(json.dumps({"compiled": cardrules.COMPILED, **playback_digests()}))


# Left out of the default run (pyproject.toml's markers): a build.
pytestmark = pytest.mark.slow
