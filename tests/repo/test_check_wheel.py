"""tools/check_wheel.py, which CI runs on both built wheels, on wheels made here by hand."""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_wheel", ROOT / "tools" / "check_wheel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_wheel"] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
DATA: list[str] = TOOL._DATA


def test_every_wheel_must_hold_the_web_table_and_the_client_modules_it_imports() -> None:
    assert "cardrules/serve/static/index.html" in DATA
    assert "cardrules/serve/client/index.js" in DATA
    assert "cardrules/serve/client/client.js" in DATA
    assert "cardrules/serve/protocol.schema.json" in DATA


def _wheel(tmp_path: Path, tag: str, names: list[str]) -> Path:
    wheel = tmp_path / f"cardrules-0.1.0-{tag}.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name in names:
            archive.writestr(name, "")
    return wheel


def test_the_compiled_modules_are_read_from_pyproject() -> None:
    modules = TOOL.compiled_modules()
    assert "cardrules/_shared/checks.py" in modules
    assert all(m.startswith("cardrules/") and m.endswith(".py") for m in modules)


def test_a_good_pure_wheel_passes(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path, "py3-none-any", [*DATA, "cardrules/_checks.py"])
    assert TOOL.problems(wheel, "pure", ["cardrules/_checks.py"]) == []


def test_a_pure_wheel_with_a_platform_tag_or_a_compiled_module_fails(tmp_path: Path) -> None:
    so = "cardrules/_checks.cpython-311-x86_64-linux-gnu.so"
    wheel = _wheel(tmp_path, "cp311-cp311-linux_x86_64", [*DATA, so])
    assert TOOL.problems(wheel, "pure", []) == [
        "the pure wheel is tagged cp311-cp311-linux_x86_64, not py3-none-any",
        f"the pure wheel holds the compiled {so}",
    ]


def test_a_compiled_wheel_needs_a_platform_tag_and_every_listed_module(tmp_path: Path) -> None:
    so = "cardrules/_checks.cpython-311-x86_64-linux-gnu.so"
    good = _wheel(tmp_path, "cp311-cp311-linux_x86_64", [*DATA, so])
    assert TOOL.problems(good, "compiled", ["cardrules/_checks.py"]) == []
    bad = _wheel(tmp_path, "py3-none-any", DATA[1:])
    assert TOOL.problems(bad, "compiled", ["cardrules/_checks.py", "cardrules/_dealing.py"]) == [
        f"the wheel lacks {DATA[0]}",
        "the compiled wheel is tagged py3-none-any, not for one platform",
        "the compiled wheel has no compiled cardrules/_checks.py",
        "the compiled wheel has no compiled cardrules/_dealing.py",
    ]
