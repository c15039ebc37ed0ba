"""MkDocs hooks (``mkdocs.yml``, ``hooks:``): fail the build on what a reader must never see.

- A raw Sphinx role such as ``:class:`Play``` left in a docstring: the API pages render docstrings
  as Markdown with mkdocstrings cross-references (``[`Play`][]``), so a role shows up as text.
- A rule text cited by a path outside the repository (``shared/rules/...``): cite it by its title
  and author instead.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError

RAW_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|mod|data|exc|obj|const|ref|doc):(?:<code>|`)")
OUTSIDE_PATH = re.compile(r"shared/rules/|RULINGS\.md")


def problems(html: str) -> list[str]:
    """What is wrong with one built page: each raw role and outside path, with some context."""
    found = []
    for pattern, what in ((RAW_ROLE, "raw Sphinx role"), (OUTSIDE_PATH, "rule text cited by path")):
        for match in pattern.finditer(html):
            context = html[max(0, match.start() - 40) : match.end() + 40].replace("\n", " ")
            found.append(f"{what}: ...{context}...")
    return found


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Raise ``PluginError`` naming the page and every problem found in it."""
    found = problems(output)
    if found:
        raise PluginError(f"{page.file.src_uri}: " + "; ".join(found[:5]))
    return output
