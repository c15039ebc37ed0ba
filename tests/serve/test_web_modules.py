"""The web table's modules (``src/cardrules/serve/static/js``): linted by Biome, type-checked by
``tsc --checkJs`` against ``@cardrules/client``'s declarations, lines of 120 characters at most,
every move named in words (``tests/js/check_moves.mjs``, run in node), and no protocol code of
their own (the connection, the requests and the deal's hashing are the package's, which the server
serves at ``/client/``).

Biome and TypeScript are pinned in ``tests/js/package-lock.json``: without ``node`` or ``npm ci
--prefix tests/js`` the checks skip, unless ``CARDRULES_REQUIRE_NODE=1`` is set (as ``.ci/run``
does), when they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parents[2]
_JS = _ROOT / "tests" / "js"
_PAGE = _ROOT / "src" / "cardrules" / "serve" / "static" / "js"
_REQUIRED = os.environ.get("CARDRULES_REQUIRE_NODE") == "1"


def _tool(package: str | None) -> str:
    """``node``, once ``npm ci --prefix tests/js`` has installed ``package`` (None: node alone;
    else a skip)."""
    node = shutil.which("node")
    if node is None or (package is not None and not (_JS / "node_modules" / package).is_dir()):
        wanted = "node" if package is None else f"node and {package}: npm ci --prefix tests/js"
        if _REQUIRED:
            pytest.fail(f"CARDRULES_REQUIRE_NODE=1, but this needs {wanted}")
        pytest.skip(f"needs {wanted}")
    return node


def _modules() -> list[Path]:
    return sorted(_PAGE.rglob("*.js"))


def _named(pattern: str) -> set[str]:
    """The page's modules that another module names with ``pattern`` (its group: a relative path)."""
    targets = {
        (p.parent / name).resolve()
        for p in _modules()
        for name in re.findall(pattern, p.read_text(encoding="utf-8"), re.M)
        if (p.parent / name).resolve() != p.resolve()
    }
    return {t.relative_to(_PAGE.resolve()).as_posix() for t in targets if t.is_relative_to(_PAGE.resolve())}


# The typedefs of the page's own shapes (types.js) are read by the type check only, in JSDoc
# (``import("./types.js").Table``): the browser never loads them, so the module holds no code.
_TYPES_ONLY = {"types.js"}


def test_the_page_is_its_modules_loaded_from_main() -> None:
    index = (_PAGE.parent / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="js/main.js"></script>' in index
    names = {p.relative_to(_PAGE).as_posix() for p in _modules()}
    assert {"main.js", "session.js", "lobby.js", "table.js", "games/index.js", "cards.js"} <= names
    imported = _named(r'\bfrom "(\.\.?/[\w./]+)";$')
    assert imported <= names and imported | {"main.js"} | _TYPES_ONLY == names
    assert not imported & _TYPES_ONLY
    assert _named(r'import\("(\.\.?/[\w./]+)"\)') >= _TYPES_ONLY
    for name in _TYPES_ONLY:
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", (_PAGE / name).read_text(encoding="utf-8"), flags=re.S)
        assert code.split() == ["export", "{};"], f"{name} is typedefs only"


def test_the_page_holds_no_protocol_code_of_its_own() -> None:
    for path in _modules():
        code = path.read_text(encoding="utf-8")
        for sign in ("new WebSocket", "WebSocket(", ".digest(", "JSON.parse(message", "getBigUint64"):
            assert sign not in code, (
                f"{path.name} has {sign}: the connection and the hashing are @cardrules/client's"
            )
    imports_client = re.compile(r'^import .* from "(?:\.\./)+client/index\.js";$', re.M)
    client = [p.name for p in _modules() if imports_client.search(p.read_text(encoding="utf-8"))]
    assert client == ["session.js", "table.js"]


def test_no_line_of_the_page_is_over_120_characters() -> None:
    long = [
        f"{p.name}:{k}"
        for p in _modules()
        for k, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > 120
    ]
    assert long == []


def test_biome_finds_nothing_in_the_page() -> None:
    node = _tool("@biomejs/biome")
    biome = _JS / "node_modules" / "@biomejs" / "biome" / "bin" / "biome"
    done = subprocess.run(
        [node, str(biome), "check", "--config-path=biome.json", str(_PAGE)],
        cwd=_JS,
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_tsc_check_js_finds_nothing_in_the_page() -> None:
    node = _tool("typescript")
    done = subprocess.run(
        [node, str(_JS / "check_web.mjs")], check=False, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_move_is_named_in_words_and_judged_decisions_are_found() -> None:
    """``tests/js/check_moves.mjs``: ``moveInWords`` names each game's moves as the page's buttons
    and cards do (Manager's swaps never in their notation), and ``judgedNearby`` finds the judged
    decisions nearest a step of the review."""
    node = _tool(None)
    done = subprocess.run(
        [node, str(_JS / "check_moves.mjs")], check=False, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
