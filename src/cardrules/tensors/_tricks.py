"""Segments shared by the trick-taking games (Clubs, Pub Derby): hand, trick, tricks played."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from cardrules._shared.completed_trick import CompletedTrick
from cardrules.tensors._layout import Layout, LayoutBuilder


def add_table(layout: LayoutBuilder, players: int) -> None:
    """Hand, current trick by seat, leader and seat to act (seats relative to the viewer)."""
    layout.add("hand", 52, "1 for each card in the viewer's hand (card code 2C 0 .. AS 51)")
    layout.add(
        "trick",
        players * 52,
        "the current trick: block r has a 1 at the card of the seat r after the viewer",
    )
    layout.add("leader", players, "one-hot: the seat that led the current trick, relative to the viewer")
    layout.add("to_act", players, "one-hot: the seat to act, relative to the viewer (all 0 once over)")
    layout.add("played", 52, "1 for each card in this deal's completed tricks")


def add_history(layout: LayoutBuilder, players: int, tricks: int) -> None:
    """Every completed trick of the deal in order: leader and each seat's card."""
    layout.add(
        "history",
        tricks * (players + players * 52),
        f"{tricks} blocks of {players + players * 52}, one per completed trick in order: the leader "
        f"one-hot ({players}), then {players} blocks of 52 with the card each seat played (relative seats)",
    )


def one_hot(values: list[float], offset: int, index: int | None) -> None:
    """Set ``values[offset + index]`` to 1 unless ``index`` is ``None``."""
    if index is not None:
        values[offset + index] = 1.0


def fill_cards(values: list[float], offset: int, cards: Sequence[int]) -> None:
    """Set the 1s of a 52-wide card segment."""
    for c in cards:
        values[offset + c] = 1.0


def fill_table(
    values: list[float],
    layout: Layout,
    player: int,
    players: int,
    hand: Sequence[int],
    trick: Sequence[int],
    leader: int,
    to_act: int | None,
    tricks: Sequence[CompletedTrick],
) -> None:
    """Fill the segments of [`add_table`][] from a view's fields."""
    fill_cards(values, layout.segment("hand").offset, hand)
    base = layout.segment("trick").offset
    for i, card in enumerate(trick):
        values[base + ((leader + i - player) % players) * 52 + card] = 1.0
    one_hot(values, layout.segment("leader").offset, (leader - player) % players)
    one_hot(values, layout.segment("to_act").offset, None if to_act is None else (to_act - player) % players)
    fill_cards(values, layout.segment("played").offset, [c for t in tricks for c in t.cards])


def fill_history(
    values: list[float], layout: Layout, player: int, players: int, tricks: Sequence[CompletedTrick]
) -> None:
    """Fill the segment of [`add_history`][]."""
    base = layout.segment("history").offset
    width = players + players * 52
    for k, t in enumerate(tricks):
        start = base + k * width
        values[start + (t.leader - player) % players] = 1.0
        for i, card in enumerate(t.cards):
            values[start + players + ((t.leader + i - player) % players) * 52 + card] = 1.0


# The numpy writers below give the values of the fill functions above, written into a float32
# array: the 1s gathered as indices and set in one scatter, and what the completed tricks give
# (the played cards, the history) kept per seat until the tricks change, which is once a trick.


@attrs.frozen
class TableOffsets:
    """Where [`add_table`][]'s segments (and the history, if any) start in a layout."""

    players: int
    hand: int
    trick: int
    leader: int
    to_act: int
    played: int
    history: int | None

    @classmethod
    def of(cls, layout: Layout, players: int, info: bool) -> TableOffsets:
        """The offsets of ``layout``'s table segments; ``history``'s with ``info``, else ``None``."""
        at = layout.segment
        history = at("history").offset if info else None
        return cls(
            players,
            at("hand").offset,
            at("trick").offset,
            at("leader").offset,
            at("to_act").offset,
            at("played").offset,
            history,
        )


def tricks_ones(at: TableOffsets, player: int, tricks: Sequence[CompletedTrick], start: int) -> list[int]:
    """The indices of the 1s that the completed tricks from ``start`` on give: the played cards
    and, if the layout has it, the history (as [`fill_table`][] and [`fill_history`][] write them)."""
    p = at.players
    played = at.played
    ones = [played + c for t in tricks[start:] for c in t.cards]
    if at.history is not None:
        width = p + p * 52
        for k in range(start, len(tricks)):
            t = tricks[k]
            base = at.history + k * width
            ones.append(base + (t.leader - player) % p)
            ones.extend(
                base + p + ((t.leader + i - player) % p) * 52 + card for i, card in enumerate(t.cards)
            )
    return ones


class TricksWriter:
    """Writes the 1s of a seat's tensor: its hand, what the completed tricks give (the played cards
    and the history) and the others the caller lists; with ``taken`` ``(counted, offset, scale)``,
    also the segment at ``offset`` of what each seat has taken (``counted[card]`` summed over the
    cards of its tricks, / ``scale``, relative seats). The segments of other numbers are the
    caller's to overwrite. Incremental: writing a seat into
    the same array as last time, in the same deal, it adds only the tricks completed since (a
    deal's tricks only ever add 1s) and clears only the other 1s it wrote last time, so the array
    must hold what it wrote there."""

    __slots__ = ("_at", "_blocks", "_incremental", "_leader_cells", "_seats", "_taken", "_to_act_cells")

    def __init__(
        self,
        layout: Layout,
        players: int,
        info: bool,
        taken: tuple[Sequence[int], int, int] | None,
        incremental: bool,
    ) -> None:
        at = TableOffsets.of(layout, players, info)
        self._at = at
        self._taken = taken
        relative = [[(s - me) % players for s in range(players)] for me in range(players)]
        # Per viewer, each (absolute) seat's block of the trick and cells of the leader and the
        # seat to act.
        blocks = [[at.trick + r * 52 for r in rel] for rel in relative]
        # Per viewer and leader, the blocks of the trick's cards in the order they are played.
        self._blocks = [
            [(*rel_blocks[lead:], *rel_blocks[:lead]) for lead in range(players)] for rel_blocks in blocks
        ]
        self._leader_cells = [[at.leader + r for r in rel] for rel in relative]
        self._to_act_cells = [[at.to_act + r for r in rel] for rel in relative]
        self._incremental = incremental
        self._seats: dict[int, _Written] = {}

    def write(
        self,
        out: npt.NDArray[np.float32],
        player: int,
        tricks: Sequence[CompletedTrick],
        hand: Sequence[int],
        trick: Sequence[int],
        leader: int,
        to_act: int | None,
        extra: list[int],
    ) -> tuple[Any, bool]:
        """Write the 1s of the hand, the trick, the leader, the seat to act, the tricks (and what
        the seats have taken) and the ``extra`` 1s into ``out``, every other number of the
        segments they fall in 0. Returns a memoryview of ``out`` (float32 items, item by item
        faster than the array) and whether ``out`` was written afresh (all else 0)."""
        entry = self._seats.get(player) if self._incremental else None
        old = () if entry is None else entry.tricks
        n = len(old)
        if (
            entry is not None
            and entry.out is out
            and n <= len(tricks)
            and (n == 0 or tricks[n - 1] is old[n - 1])
        ):
            fresh = False
            cells = entry.cells
            _hand(entry.hand_cells, entry.hand, hand)
            for i in entry.ones:
                cells[i] = 0.0
        else:
            fresh, n = True, 0
            out.fill(0.0)
            entry = _Written(out, self._at)
            entry.taken = [0] * self._at.players
            if self._incremental:
                self._seats[player] = entry
            cells = entry.cells
            _hand(entry.hand_cells, (), hand)
        if n < len(tricks):
            self._add_tricks(entry, player, tricks, n)
        # The 1s of the trick, the leader and the seat to act (fill_table's), from each seat's cells.
        ones = list(map(add, self._blocks[player][leader], trick))
        ones.append(self._leader_cells[player][leader])
        if to_act is not None:
            ones.append(self._to_act_cells[player][to_act])
        ones += extra
        for i in ones:
            cells[i] = 1.0
        entry.tricks, entry.hand, entry.ones = tricks, hand, ones
        return cells, fresh

    def _add_tricks(self, entry: _Written, player: int, tricks: Sequence[CompletedTrick], start: int) -> None:
        at = self._at
        if at.history is None:
            played = entry.played_cells
            for k in range(start, len(tricks)):
                for c in tricks[k].cards:
                    played[c] = 1.0
        else:
            cells = entry.cells
            for i in tricks_ones(at, player, tricks, start):
                cells[i] = 1.0
        if self._taken is not None:
            counted, offset, scale = self._taken
            count, taken, p = counted.__getitem__, entry.taken, at.players
            for k in range(start, len(tricks)):
                t = tricks[k]
                points = sum(map(count, t.cards))
                if points:
                    taken[t.winner] += points
                    entry.cells[offset + (t.winner - player) % p] = taken[t.winner] / scale


def _hand(cells: Any, old: Sequence[int], new: Sequence[int]) -> None:
    """Turn the hand segment's 1s (``cells``) at the ``old`` hand's cards into the ``new`` one's.
    A hand of a deal only loses cards, most often one since the last write: then only that
    card's 1 is cleared."""
    if old is new:
        return
    if len(old) == len(new) + 1:
        i = 0
        for a, b in zip(old, new):
            if a != b:
                break
            i += 1
        if old[i + 1 :] == new[i:]:
            cells[old[i]] = 0.0
            return
    for c in old:
        cells[c] = 0.0
    for c in new:
        cells[c] = 1.0


class _Written:
    """What a [`TricksWriter`][] wrote into a seat's array last: the array (and memoryviews of it
    and of its hand and played segments, item by item faster than the array), the tricks, hand and
    other 1s, and what each seat (absolute) has taken. The entry holds the tricks and the array,
    so an identity match is never a recycled object."""

    __slots__ = ("cells", "hand", "hand_cells", "ones", "out", "played_cells", "taken", "tricks")

    def __init__(self, out: npt.NDArray[np.float32], at: TableOffsets) -> None:
        self.out = out
        self.cells: Any = out.data
        self.hand_cells: Any = out[at.hand : at.hand + 52].data
        self.played_cells: Any = out[at.played : at.played + 52].data
        self.tricks: Sequence[CompletedTrick] = ()
        self.hand: Sequence[int] = ()
        self.ones: list[int] = []
        self.taken: list[int] = []
