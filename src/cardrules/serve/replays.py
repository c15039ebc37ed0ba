"""Every card in its place at any step of a finished game: what the ``cards`` op answers, for
the page's review once nothing is hidden any more (the transcript, with the seed, is given too).

A finished game is replayed once and a state kept every ``_EVERY`` moves, so a step costs at
most that many moves whichever way the review goes; the last ``_KEPT`` games are kept.
"""

from __future__ import annotations

import bisect
import collections
import threading
from typing import Any

import attrs

from cardrules.errors import StateError
from cardrules.game import Zone
from cardrules.serve.table import Table

__all__ = ["Replays"]

_EVERY = 64
_KEPT = 16


@attrs.frozen
class _Replay:
    checkpoints: tuple[Any, ...]
    """The state after 0, ``_EVERY``, 2 * ``_EVERY``… moves."""
    event_ends: tuple[int, ...]
    """How many events the table had told after 0, 1, 2… moves (the opening events first)."""
    moves: tuple[Any, ...]


class Replays:
    """The states of the last few finished games asked about, kept for stepping through them."""

    def __init__(self) -> None:
        self._kept: collections.OrderedDict[str, _Replay] = collections.OrderedDict()
        self._lock = threading.Lock()

    def zones_after(self, table: Table, told: int) -> tuple[int, tuple[Zone, ...]]:
        """How many moves had been made when ``told`` of the table's events had been told (the
        move that told the last of them included), and every zone then. ``table`` is over and
        ``told`` is at most its number of events (the caller checks both)."""
        replay = self._replay(table)
        moves = min(bisect.bisect_left(replay.event_ends, told), len(replay.moves))
        state = replay.checkpoints[moves // _EVERY]
        for move in replay.moves[moves - moves % _EVERY : moves]:
            state = table.game.apply(state, move)
        return moves, table.game.zones(state)

    def _replay(self, table: Table) -> _Replay:
        with self._lock:
            replay = self._kept.get(table.id)
            if replay is not None:
                self._kept.move_to_end(table.id)
                return replay
        replay = _replayed(table)
        with self._lock:
            self._kept[table.id] = replay
            while len(self._kept) > _KEPT:
                self._kept.popitem(last=False)
        return replay


def _replayed(table: Table) -> _Replay:
    game = table.game
    if table.seed is None:  # (a finished table was dealt)
        raise StateError(f"table {table.id} is not dealt yet")
    state = game.new_game(table.seed, table.config)
    checkpoints = [state]
    ends = [len(game.opening_events(state))]
    for number, move in enumerate(table.moves, start=1):
        state, events = game.step(state, move)
        ends.append(ends[-1] + len(events))
        if number % _EVERY == 0:
            checkpoints.append(state)
    return _Replay(checkpoints=tuple(checkpoints), event_ends=tuple(ends), moves=tuple(table.moves))
