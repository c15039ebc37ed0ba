"""Fixtures shared by every test directory."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules.errors import StateError


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
        if not (rules.__file__ or "").endswith(".py"):
            pytest.skip("the compiled rules call their own transition, not the module's attribute")
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


def _check_sentences(game: ModuleType, games: list[tuple[int, Any]]) -> None:
    """Every event of the games ``(seed, config)`` played to their end (cycling through the legal
    moves), told to every viewer: one line, a full stop or "!" at the end, no repr inside."""
    for seed, config in games:
        state = game.new_game(seed, config)
        events = list(game.opening_events(state))
        while state.to_act is not None:
            moves = game.legal_moves(state)
            state, step_events = game.step(state, moves[len(events) % len(moves)])
            events.extend(step_events)
        for viewer in (None, *range(game.num_players(config))):
            for event in events:
                text = game.describe(event, viewer)
                assert "\n" not in text and text[-1] in ".!" and "Card(" not in text, text


def _check_state_picture(game: ModuleType, seed: int) -> None:
    """``render`` of a state is its acting seat's picture, then "Not seen by Seat k:" and each
    place holding cards that seat may not see (the game's zones); ``str`` of a state or a view is
    that picture; anything else is a StateError naming State or View."""
    state = game.new_game(seed)
    seat = state.to_act
    assert seat is not None
    lines = game.render(state).splitlines()
    picture = game.render(game.view(state, seat)).splitlines()
    assert lines[: len(picture)] == picture
    assert lines[len(picture)] == f"Not seen by Seat {seat}:"
    hidden = [z for z in game.zones(state) if seat not in z.seen_by and z.cards]
    assert hidden
    assert lines[len(picture) + 1 :] == [
        f"  {z.name}: {' '.join(c.pretty() for c in z.cards)}" for z in hidden
    ]
    assert str(state) == game.render(state)
    assert str(game.view(state, seat)) == "\n".join(picture)
    with pytest.raises(StateError, match="State or View, got int"):
        game.render(3)


@pytest.fixture
def check_sentences() -> Callable[[ModuleType, list[tuple[int, Any]]], None]:
    """``check(game, [(seed, config), ...])``: every event of those games played out, for every
    viewer, is one sentence (see ``describe``)."""
    return _check_sentences


@pytest.fixture
def check_state_picture() -> Callable[[ModuleType, int], None]:
    """``check(game, seed)``: ``render`` and ``str`` of a fresh game's state and view."""
    return _check_state_picture
