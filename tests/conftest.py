"""Fixtures shared by every test directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest


def _processes_in_group(group: int) -> list[int]:
    """The live processes of process group ``group`` (Linux: read from ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.fixture
def processes_in_group() -> Callable[[int], list[int]]:
    """A function listing the live processes of a process group, to find leftover workers."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("reads process groups from /proc")
    return _processes_in_group
