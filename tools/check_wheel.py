"""Check a built wheel of cardrules before it is installed: what it must hold, and which build it is.

Run: ``python tools/check_wheel.py WHEEL --build pure|compiled``. Every wheel must hold the web
table's static files, the JS client's modules it imports (``cardrules/serve/client``) and the
serve protocol's schema. The pure wheel is ``py3-none-any`` with no compiled module in it; the
compiled wheel (``CARDRULES_COMPILE=1``) is tagged for one platform and holds a compiled extension
for every module ``pyproject.toml`` lists for mypyc. Exits 1 with every problem found, one a line.
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest brings tomli on Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
_STATIC = ROOT / "src" / "cardrules" / "serve" / "static"
_CLIENT = ROOT / "clients" / "js" / "src"
_DATA = [
    f"cardrules/serve/static/{p.relative_to(_STATIC).as_posix()}"
    for p in sorted(_STATIC.rglob("*"))
    if p.is_file()
]
_DATA += [f"cardrules/serve/client/{p.name}" for p in sorted(_CLIENT.glob("*.js"))]
_DATA.append("cardrules/serve/protocol.schema.json")
_EXTENSIONS = (".so", ".pyd")


def compiled_modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The modules the compiled build compiles, as paths inside the wheel (``cardrules/...py``)."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    include: list[str] = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["include"]
    return [path.removeprefix("src/") for path in include]


def problems(wheel: Path, build: str, modules: Sequence[str]) -> list[str]:
    """What is wrong with ``wheel`` for a ``build`` ("pure" or "compiled") compiling ``modules``."""
    names = set(zipfile.ZipFile(wheel).namelist())
    found = [f"the wheel lacks {name}" for name in _DATA if name not in names]
    tag = wheel.name.removesuffix(".whl").split("-", 2)[2]
    compiled = {name for name in names if name.endswith(_EXTENSIONS)}
    if build == "pure":
        if tag != "py3-none-any":
            found.append(f"the pure wheel is tagged {tag}, not py3-none-any")
        found.extend(f"the pure wheel holds the compiled {name}" for name in sorted(compiled))
        return found
    if tag.endswith("-any"):
        found.append(f"the compiled wheel is tagged {tag}, not for one platform")
    for module in modules:
        stem = module.removesuffix(".py")
        if not any(name.startswith(f"{stem}.") for name in compiled):
            found.append(f"the compiled wheel has no compiled {module}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--build", choices=("pure", "compiled"), required=True)
    args = parser.parse_args(argv)
    found = problems(args.wheel, args.build, compiled_modules())
    for problem in found:
        print(problem, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
