"""Code the docs show in full is the code that runs: each block marked as the whole of an example
is that example, character for character (read on GitHub, a snippet include shows only its
directive, so the docs carry the code itself)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_MARKED = re.compile(r"<!-- the whole of (\S+) [^\n]*-->\n```python\n(.*?)```", re.S)


def test_docs_blocks_marked_as_an_example_equal_it() -> None:
    found = 0
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for path, code in _MARKED.findall(page.read_text(encoding="utf-8")):
            found += 1
            assert code == (ROOT / path).read_text(encoding="utf-8"), f"{page.name} shows an old {path}"
    assert found >= 1


def test_no_page_relies_on_a_snippet_include() -> None:
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if page.name == "changelog.md":
            continue  # the site's copy of CHANGELOG.md, which GitHub shows at the top of the repository
        assert "--8<--" not in page.read_text(encoding="utf-8"), page.name
