"""Per-seat arrays that a writer rewrites: the cells it set last, cleared before the next write."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt


class SeatCells:
    """For each seat, the array a writer wrote last and the cells it set there (its "touched"
    cells) and the growing record it wrote in full (a deal's tricks, a match's seasons), so that
    the next write into the same array clears only the touched cells and adds only the record's
    new items. Not ``incremental``: every write starts from zeros."""

    __slots__ = ("_incremental", "_seats")

    def __init__(self, incremental: bool) -> None:
        self._incremental = incremental
        self._seats: dict[int, tuple[Any, Any, list[int], Sequence[object]]] = {}

    def open(
        self, out: npt.NDArray[np.float32], seat: int, record: Sequence[object]
    ) -> tuple[Any, int, bool]:
        """A memoryview of ``out`` (item by item, faster than the array) with the touched cells
        of the last write cleared, the index of ``record``'s first item not yet written there,
        and whether ``out`` kept the last write (else it is all zeros and the index 0): it does
        when ``out`` is the seat's last array and ``record`` extends the last one."""
        entry = self._seats.get(seat) if self._incremental else None
        if entry is not None and entry[0] is out and extends(entry[3], record):
            cells = entry[1]
            for i in entry[2]:
                cells[i] = 0.0
            return cells, len(entry[3]), True
        out.fill(0.0)
        return out.data, 0, False

    def close(
        self, out: npt.NDArray[np.float32], seat: int, cells: Any, touched: list[int], record: Sequence[Any]
    ) -> None:
        """Remember what this write set: the ``touched`` cells, cleared next time, and ``record``."""
        if self._incremental:
            # The entry holds the array and the record, so an identity match is never a recycled object.
            self._seats[seat] = (out, cells, touched, record)


def extends(old: Sequence[object], new: Sequence[object]) -> bool:
    """Whether ``new`` is ``old`` with items added. A state's record grows by appending new
    objects to the old tuple's, so the same object at ``old``'s last place means the same record
    (its items must be objects made afresh, never shared constants)."""
    n = len(old)
    return n <= len(new) and (n == 0 or new[n - 1] is old[n - 1])
