"""The installed distribution's metadata: one version, the project's links, the extras, the changelog."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import cardrules
import cardrules.bots  # the root imports it only on first use of a bot's name

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_EXTRAS = {
    "dask",
    "testing",
    "numpy",
    "pettingzoo",
    "openspiel",
    "progress",
    "serve",
    "postgres",
    "terminal",
    "bench",
}


def test_the_installed_version_is_the_package_version() -> None:
    assert metadata.version("cardrules") == cardrules.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", cardrules.__version__)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^version\s*=", pyproject, re.M) is None, "the version is written once, in __init__"


def test_the_project_links_are_declared() -> None:
    urls = dict(u.split(", ", 1) for u in metadata.metadata("cardrules").get_all("Project-URL") or [])
    assert set(urls) >= {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    assert all(url.startswith("https://") for url in urls.values())


def test_the_all_extra_brings_every_runtime_extra() -> None:
    meta = metadata.metadata("cardrules")
    extras = set(meta.get_all("Provides-Extra") or [])
    assert extras >= RUNTIME_EXTRAS | {"all", "dev", "docs", "release"}
    by_extra: dict[str, set[str]] = {}
    for line in meta.get_all("Requires-Dist") or []:
        requirement, _, marker = line.partition(";")
        extra = re.search(r"extra == ['\"]([\w-]+)['\"]", marker)
        if extra:
            by_extra.setdefault(extra.group(1), set()).add(requirement.strip())
    assert by_extra["all"] == set().union(*(by_extra[e] for e in RUNTIME_EXTRAS))


def test_the_changelog_has_a_dated_section_for_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
    version = re.escape(cardrules.__version__)
    assert re.search(rf"^## \[{version}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text, re.M)
    assert re.search(rf"^\[{version}\]: https://", text, re.M)


def test_every_bot_imports_from_the_top_level() -> None:
    for name in cardrules.bots.__all__:
        assert getattr(cardrules, name) is getattr(cardrules.bots, name)
        assert name in cardrules.__all__


def test_the_core_and_the_command_line_import_no_extra() -> None:
    """The core needs attrs and typing-extensions only: importing every game, the bots and the
    command line loads no extra (NumPy, PettingZoo, OpenSpiel, Dask, the server's stack) and not
    cardrules.serve, which only ``cardrules serve`` loads."""
    import subprocess
    import sys

    code = (
        "import sys, cardrules, cardrules.bots, cardrules.cli, cardrules.svg\n"
        "from cardrules import GAMES\n"
        "extras = ('numpy', 'pettingzoo', 'pyspiel', 'dask', 'starlette', 'uvicorn', 'websockets', 'psycopg',"
        " 'cardrules.serve', 'cardrules.tensors', 'cardrules.adapters')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in extras or m.startswith(extras)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
