"""The compiled build (``CARDRULES_COMPILE=1``) against the source it is compiled from.

* Every module listed for mypyc compiles without changing what a user meets: no public function in
  it takes user input in an ``int``, ``str``, ``bool``, ``float``, tuple, list, dict or set
  parameter (mypyc checks those at the call and raises ``TypeError``, or reads ``True`` as 1, where
  the source raises the documented ``CardRulesError``).
* Run against a compiled install (CI does so), the same seeds and moves give byte-identical
  ``dumps`` in both builds: the test plays them here and again in a subprocess that imports the
  checkout's source. ``CARDRULES_EXPECT_COMPILED=1`` makes a pure install there a failure, not a
  skip.

Run as a script (``python tests/test_compiled_build.py``) it prints the playback's digests.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import GAMES, dumps
from cardrules.rng import Rng, derive_seed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest brings tomli on Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
_CHECKED = {"int", "str", "bool", "float", "tuple", "list", "dict", "set"}
_SEEDS = (0, 1, 2)
_MOVES = 400  # per game: several tricks, rounds and halves of every game
_SAMPLE_EVERY = 23  # a view and a sampled state every so many moves (sample_state deals and validates)


def _compiled_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include: list[str] = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["include"]
    return include


def _primitive_parameters(path: Path) -> list[str]:
    """Each public function's parameters that mypyc checks at the call: a primitive, or a tuple,
    list, dict or set, alone or in a union (abstract types such as ``Sequence`` it does not check)."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
            continue
        for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
            if arg.annotation is not None and _checked_by_mypyc(arg.annotation):
                found.append(f"{path.name}:{node.lineno} {node.name}({arg.arg})")
    return found


def _checked_by_mypyc(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.BinOp):  # a union: X | Y
        return _checked_by_mypyc(annotation.left) or _checked_by_mypyc(annotation.right)
    if isinstance(annotation, ast.Subscript):
        annotation = annotation.value
    return isinstance(annotation, ast.Name) and annotation.id in _CHECKED


def _is_public(module: str) -> bool:
    return not any(part.startswith("_") for part in Path(module).with_suffix("").parts)


def test_the_compiled_modules_are_listed_and_exist() -> None:
    modules = _compiled_modules()
    assert modules, "the compiled build compiles at least one module"
    assert "src/cardrules/_checks.py" in modules, "cardrules.COMPILED is read off _checks"
    for module in modules:
        assert (ROOT / module).is_file(), module


def test_no_compiled_public_function_takes_a_primitive_from_the_user() -> None:
    """Private modules (``_checks``, ``_dealing``) are left out: their callers hand them values
    already checked."""
    public = [module for module in _compiled_modules() if _is_public(module)]
    offenders = [p for module in public for p in _primitive_parameters(ROOT / module)]
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
    assert _primitive_parameters(source) == found
    assert _is_public("src/cardrules/clubs/validate.py") and not _is_public("src/cardrules/_checks.py")


def playback_digests() -> dict[str, str]:
    """For every game and seed: a SHA-256 over the ``dumps`` of each state and of its events, as a
    fixed sequence of moves plays (drawn by cardrules' own generator), with a view of the seat to
    act and a state sampled from it every ``_SAMPLE_EVERY`` moves."""
    digests = {}
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
