"""Fixtures shared by every test directory."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

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


# One step of a playout as its transition saw it: the state, the events list (None without
# events), and the state returned.
Step = tuple[Any, Any, Any]


@pytest.fixture
def checked_transitions(monkeypatch: pytest.MonkeyPatch) -> Callable[[ModuleType], list[Step]]:
    """``install(game)`` wraps ``game.rules._transition`` so that every move a ``rollout`` hands it
    (with move checks skipped, for speed) must be one of ``legal_moves``, and returns the list the
    wrapper appends each step to."""

    def install(game: ModuleType) -> list[Step]:
        rules = importlib.import_module(f"{game.__name__}.rules")
        original = rules._transition
        steps: list[Step] = []

        def checked(state: Any, move: object, events: Any, check: bool = True) -> Any:
            assert move in game.legal_moves(state), (game.to_text(state), move)
            after = original(state, move, events, check)
            steps.append((state, events, after))
            return after

        monkeypatch.setattr(rules, "_transition", checked)
        return steps

    return install
