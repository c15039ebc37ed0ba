"""Each game page lists its ``View`` fields, generated from their docstrings (tools/view_fields.py):
every field has a docstring, every page's table is the one they give, and the tool reads every
field attrs knows, with its annotation as written."""

from __future__ import annotations

import importlib
import runpy
from pathlib import Path
from types import SimpleNamespace

import attrs
import pytest

from cardrules import GAMES

ROOT = Path(__file__).resolve().parents[2]


# The tool is a script, not a module of the package: its functions, run as the test's namespace.
TOOL = SimpleNamespace(**runpy.run_path(str(ROOT / "tools" / "view_fields.py"), run_name="view_fields"))


def test_every_view_field_has_a_docstring_and_every_page_its_table() -> None:
    """Fails on a field added without a docstring, or a docstring changed without running
    ``python tools/view_fields.py``; the message names each."""
    assert TOOL.check() == []


def test_the_tool_covers_every_registered_game() -> None:
    assert sorted(TOOL.GAMES) == sorted(GAMES)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_tool_reads_every_field_of_the_view(name: str) -> None:
    """The fields the tool reads from the source are attrs' fields, in order, with the same
    annotations (the modules use postponed annotations, so attrs keeps them as written)."""
    view = importlib.import_module(f"cardrules.{name}").View
    source = TOOL.source_path(name).read_text(encoding="utf-8")
    read = [(f.name, f.annotation) for f in TOOL.view_fields(source)]
    assert read == [(f.name, f.type) for f in attrs.fields(view)]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_page_has_one_row_a_field_in_its_view_section(name: str) -> None:
    page = TOOL.page_path(name).read_text(encoding="utf-8")
    section = page.split("## What a seat sees: the `View`", 1)[1].split("\n## ", 1)[0]
    block = section.split(TOOL.START, 1)[1].split(TOOL.END, 1)[0]
    rows = [line for line in block.splitlines() if line.startswith("| `")]
    view = importlib.import_module(f"cardrules.{name}").View
    assert [row.split("`")[1] for row in rows] == [f.name for f in attrs.fields(view)]
    assert all(row.count(" | ") == 2 and row.endswith(" |") and len(row.split(" | ")[2]) > 20 for row in rows)


def _tree(tmp_path: Path, fields: str, page: str) -> Path:
    (tmp_path / "src" / "cardrules" / "toy").mkdir(parents=True)
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    source = f'import attrs\n\n\n@attrs.frozen\nclass View:\n    """A toy view."""\n\n{fields}'
    (tmp_path / "src" / "cardrules" / "toy" / "state.py").write_text(source, encoding="utf-8")
    (tmp_path / "docs" / "rules" / "toy.md").write_text(page, encoding="utf-8")
    return tmp_path


DOCUMENTED = '    player: int\n    """The seat."""\n    to_act: int | None\n    """``None`` once over."""\n'
PAGE = "# Toy\n\n## What a seat sees: the `View`\n\n{}\n\n## Events\n"


def test_the_check_names_undocumented_fields_stale_pages_and_missing_markers(tmp_path: Path) -> None:
    fields = '    player: int\n    """The seat."""\n    to_act: int | None\n    hand_sizes: tuple[int, ...]\n'
    root = _tree(tmp_path, fields, PAGE.format(f"{TOOL.START}\nold\n{TOOL.END}"))
    assert TOOL.check(root, ("toy",)) == [
        "src/cardrules/toy/state.py:10: View.to_act has no docstring",
        "src/cardrules/toy/state.py:11: View.hand_sizes has no docstring",
        "docs/rules/toy.md: the View table is stale (run python tools/view_fields.py)",
    ]
    with pytest.raises(ValueError, match=r"View\.to_act has no docstring"):
        TOOL.write(root, ("toy",))
    (root / "docs" / "rules" / "toy.md").write_text(PAGE.format("no markers"), encoding="utf-8")
    assert TOOL.check(root, ("toy",))[-1].startswith("docs/rules/toy.md: the page needs one <!--")


def test_write_makes_a_table_that_reads_on_github_and_the_site(tmp_path: Path) -> None:
    root = _tree(tmp_path, DOCUMENTED, PAGE.format(f"Intro.\n\n{TOOL.START}\n{TOOL.END}"))
    assert TOOL.write(root, ("toy",)) == ["docs/rules/toy.md"]
    assert TOOL.check(root, ("toy",)) == []
    assert TOOL.write(root, ("toy",)) == []
    page = (root / "docs" / "rules" / "toy.md").read_text(encoding="utf-8")
    assert page.startswith("# Toy\n\n## What a seat sees: the `View`\n\nIntro.\n\n" + TOOL.START + "\n")
    assert page.endswith(TOOL.END + "\n\n## Events\n")
    # A bare | ends a cell on GitHub, and no escape of it inside backticks reads right on both.
    assert "| `player` | `int` | The seat. |" in page
    assert "| `to_act` | <code>int &#124; None</code> | `None` once over. |" in page


def test_a_docstring_with_a_bar_is_refused(tmp_path: Path) -> None:
    root = _tree(tmp_path, '    player: int\n    """0 | 1."""\n', PAGE.format(f"{TOOL.START}\n{TOOL.END}"))
    [problem, _stale] = TOOL.check(root, ("toy",))
    assert problem.endswith("View.player's docstring has a '|', which ends a table cell")


def test_the_command_line_check_passes_on_the_repository(capsys: pytest.CaptureFixture[str]) -> None:
    assert TOOL.main(["--check"]) == 0
    assert capsys.readouterr().out == ""
