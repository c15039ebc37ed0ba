"""tools/mutation.py's own logic: which mutants it leaves out as annotations, and how a judged
equivalent mutant is recognised (the cosmic-ray runs themselves are .ci/run's smoke step)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("mutation_tool", ROOT / "tools" / "mutation.py")
assert spec is not None and spec.loader is not None
mutation = importlib.util.module_from_spec(spec)
sys.modules["mutation_tool"] = mutation
spec.loader.exec_module(mutation)


def test_mutants_inside_annotations_are_left_out(tmp_path: Path) -> None:
    source = (
        "from __future__ import annotations\n"
        "def f(a: int | None, *rest: str | bytes, **kw: int) -> int | None:\n"
        "    x: int | str = a | 1\n"
        "    return x\n"
    )
    (tmp_path / "m.py").write_text(source, encoding="utf-8")

    def at(line: int, start: int, end: int) -> bool:
        spec = SimpleNamespace(module_path="m.py", start_pos=(line, start), end_pos=(line, end))
        return bool(mutation._in_annotation(tmp_path, spec))

    line2 = source.splitlines()[1]
    assert at(2, line2.index("int | None"), line2.index("int | None") + 10)
    assert at(2, line2.index("str | bytes"), line2.index("str | bytes") + 11)
    assert at(2, line2.rindex("int | None"), line2.rindex("int | None") + 10)
    assert at(3, 7, 16)  # the variable's annotation
    assert not at(3, 19, 24)  # `a | 1` is evaluated: a real mutant


def test_a_survivor_is_equivalent_only_when_module_and_changed_lines_match() -> None:
    diff = "--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-    return x < 5\n+    return x <= 5\n"
    result = {"key": ("src/m.py", "core/ReplaceComparisonOperator_Lt_LtE", 0, "{}"), "diff": diff}
    entry = {"module": "src/m.py", "removed": "return x < 5", "added": "return x <= 5", "why": "x is never 5"}
    assert mutation._is_equivalent(result, [entry]) == "x is never 5"
    assert mutation._is_equivalent(result, [{**entry, "module": "src/other.py"}]) is None
    assert mutation._is_equivalent(result, [{**entry, "added": "return x > 5"}]) is None


def test_every_judged_equivalent_names_lines_still_in_its_module() -> None:
    """An equivalent mutant is judged on the lines it changes: when a refactor moves or rewrites
    those lines, the entry no longer matches any mutant, and must be judged again or dropped."""
    stale = []
    for entry in mutation._equivalents():
        source = (ROOT / entry["module"]).read_text(encoding="utf-8").splitlines()
        lines = [line.strip() for line in source]
        removed = entry["removed"].split("\n")
        if not any(lines[i : i + len(removed)] == removed for i in range(len(lines))):
            stale.append(f"{entry['module']}: {entry['removed']}")
    assert not stale, stale
