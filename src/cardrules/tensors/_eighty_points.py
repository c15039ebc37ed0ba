"""80 Points tensors (layout in docs/rules/eighty_points.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import eighty_points
from cardrules.eighty_points.state import _PHASES
from cardrules.eighty_points.views import _seen_bottom
from cardrules.tensors._cells import extends
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import one_hot

_TRICKS = 25  # a round has at most 25 tricks (of single cards)


def _add_counts(values: list[float], offset: int, cards: Iterable[int]) -> None:
    for c in cards:
        values[offset + c] += 0.5


def segments(layout: LayoutBuilder, config: eighty_points.Config, info: bool) -> None:
    """Add the segments of the tensors for ``config``: the observation's, then with ``info``
    the history's."""
    layout.add(
        "hand",
        54,
        "the viewer's copies of each face / 2 (2C 0 .. AS 51, SJ 52, BJ 53)",
    )
    layout.add(
        "trick",
        4 * 54,
        "the current trick: block r has the play of the seat r after the viewer, copies / 2",
    )
    layout.add("leader", 4, "one-hot: the seat that led the current trick, relative to the viewer")
    layout.add("to_act", 4, "one-hot: the seat to act, relative to the viewer (all 0 once over)")
    layout.add("starter", 4, "one-hot: the round's starting player, relative to the viewer")
    layout.add("phase", len(_PHASES), "one-hot: " + ", ".join(_PHASES))
    layout.add(
        "trump",
        5,
        "one-hot: the trump suit (clubs, diamonds, hearts, spades), or none",
    )
    layout.add("royal", 13, "one-hot: the royal number, 2 .. A")
    layout.add("points", 1, "the attackers' points so far this round / 200")
    layout.add("bottom", 54, "the bottom's copies of each face / 2 (seen by the starter only; else 0)")
    layout.add("bottom_size", 1, "cards in the bottom / 8")
    layout.add("played", 54, "copies of each face in this round's completed tricks / 2")
    layout.add("hand_sizes", 4, "cards each seat holds / 33 (relative seats)")
    layout.add("redeals", 1, f"redeals made this round / {max(1, config.max_redeals)}")
    layout.add("levels", 26, "each team's level, one-hot of 13 (2 .. A): the viewer's, then the other")
    if info:
        layout.add(
            "history",
            _TRICKS * (4 + 4 * 54),
            f"{_TRICKS} blocks of 220, one per completed trick of the round in order: the leader "
            "one-hot (4), then 4 blocks of 54 with each seat's play, copies / 2 (relative seats)",
        )


def fill(view: eighty_points.View, layout: Layout, info: bool, values: list[float]) -> None:
    """Write the tensor's numbers for ``view`` into ``values`` (zeros of ``layout.size``)."""
    me = view.player
    _add_counts(values, layout.segment("hand").offset, view.hand)
    trick = layout.segment("trick").offset
    for i, play in enumerate(view.trick):
        _add_counts(values, trick + ((view.leader + i - me) % 4) * 54, play)
    one_hot(values, layout.segment("leader").offset, (view.leader - me) % 4)
    one_hot(values, layout.segment("to_act").offset, None if view.to_act is None else (view.to_act - me) % 4)
    one_hot(values, layout.segment("starter").offset, (view.starter - me) % 4)
    one_hot(values, layout.segment("phase").offset, _PHASES.index(view.phase))
    one_hot(values, layout.segment("trump").offset, 4 if view.trump is None else view.trump)
    one_hot(values, layout.segment("royal").offset, view.royal - 2)
    values[layout.segment("points").offset] = view.points / 200
    _add_counts(values, layout.segment("bottom").offset, view.bottom)
    values[layout.segment("bottom_size").offset] = view.bottom_size / 8
    _add_counts(values, layout.segment("played").offset, [c for t in view.tricks for p in t.plays for c in p])
    sizes = layout.segment("hand_sizes").offset
    for s in range(4):
        values[sizes + (s - me) % 4] = view.hand_sizes[s] / 33
    values[layout.segment("redeals").offset] = view.redeals / max(1, view.config.max_redeals)
    levels = layout.segment("levels").offset
    ours = eighty_points.INFO.side_of(me)
    values[levels + view.levels[ours] - 2] = 1.0
    values[levels + 13 + view.levels[1 - ours] - 2] = 1.0
    if info:
        base = layout.segment("history").offset
        for k, t in enumerate(view.tricks):
            start = base + k * 220
            values[start + (t.leader - me) % 4] = 1.0
            for i, play in enumerate(t.plays):
                _add_counts(values, start + 4 + ((t.leader + i - me) % 4) * 54, play)


# The numpy writers below give fill's values in a float32 array: the counts and one-hots written
# item by item through a memoryview, and what the round's completed tricks give (the played cards,
# the history) kept per seat until the tricks change, which is once a trick.

_PHASE_INDEX = {phase: k for k, phase in enumerate(_PHASES)}


class _Written:
    """What a writer wrote into a seat's array last: the array (and a memoryview of it), the
    round's tricks it wrote, the card counts (offset, cards) and the other 1s."""

    __slots__ = ("cells", "counts", "ones", "out", "tricks")

    def __init__(self, out: npt.NDArray[np.float32]) -> None:
        self.out = out
        self.cells: Any = out.data
        self.tricks: Sequence[eighty_points.CompletedTrick] = ()
        self.counts: list[tuple[int, Sequence[int]]] = []
        self.ones: list[int] = []


def _offsets(layout: Layout, names: str) -> list[int]:
    return [layout.segment(name).offset for name in names.split()]


class _FieldsWriter:
    """``write(out, me, hand, trick, to_act, table, levels, bottom, sizes)``: [`fill`][]'s values
    in the float32 array ``out`` for a view with those fields, the round's public ones read from
    ``table`` (a ``Table`` or a ``View``: ``phase``, ``starter``, ``trump``, ``royal``, ``leader``,
    ``tricks``, ``points``, ``redeals``); ``bottom`` the bottom as the seat sees it, ``sizes`` (bottom
    size, hand sizes) the public sizes. ``incremental``: keep one array a seat, as
    ``tensor_writer`` says."""

    def __init__(self, config: eighty_points.Config, layout: Layout, info: bool, incremental: bool) -> None:
        self.hand_at, self.trick_at, self.leader_at, self.to_act_at, self.starter_at = _offsets(
            layout, "hand trick leader to_act starter"
        )
        self.phase_at, self.trump_at, self.royal_at, self.levels_at = _offsets(
            layout, "phase trump royal levels"
        )
        (
            self.points_at,
            self.bottom_at,
            self.bottom_size_at,
            self.played_at,
            self.sizes_at,
            self.redeals_at,
        ) = _offsets(layout, "points bottom bottom_size played hand_sizes redeals")
        self.history_at = layout.segment("history").offset if info else None
        self.redeal_scale = max(1, config.max_redeals)
        self.incremental = incremental
        self.seats: dict[int, _Written] = {}

    def _entry(self, out: npt.NDArray[np.float32], me: int, tricks: Sequence[object]) -> _Written:
        """The seat's entry with its one-hots cleared (its counts are [`_counts`][]'), the tricks'
        kept (the same round); or a new one with ``out`` zeroed."""
        entry = self.seats.get(me) if self.incremental else None
        if entry is not None and entry.out is out and extends(entry.tricks, tricks):
            cells = entry.cells
            for i in entry.ones:
                cells[i] = 0.0
            return entry
        out.fill(0.0)
        entry = _Written(out)
        if self.incremental:
            self.seats[me] = entry
        return entry

    def _tricks(
        self, cells: Any, me: int, tricks: Sequence[eighty_points.CompletedTrick], start: int
    ) -> None:
        played_at, history_at = self.played_at, self.history_at
        for k in range(start, len(tricks)):
            t = tricks[k]
            for play in t.plays:
                for c in play:
                    cells[played_at + c] += 0.5
            if history_at is not None:
                base = history_at + k * 220
                cells[base + (t.leader - me) % 4] = 1.0
                for i, play in enumerate(t.plays):
                    block = base + 4 + ((t.leader + i - me) % 4) * 54
                    for c in play:
                        cells[block + c] += 0.5

    def write(
        self,
        out: npt.NDArray[np.float32],
        me: int,
        hand: Sequence[int],
        trick: Sequence[Sequence[int]],
        to_act: int | None,
        table: Any,
        levels: tuple[int, int],
        bottom: Sequence[int],
        sizes: tuple[int, Sequence[int]],
    ) -> None:
        """Write the tensor (see the class)."""
        tricks = table.tricks
        entry = self._entry(out, me, tricks)
        cells = entry.cells
        self._tricks(cells, me, tricks, len(entry.tricks))
        leader = table.leader
        counts = [(self.hand_at, hand), (self.bottom_at, bottom)]
        counts += [(self.trick_at + ((leader + i - me) % 4) * 54, play) for i, play in enumerate(trick)]
        _counts(cells, entry.counts, counts)
        ours = eighty_points.INFO.side_of(me)
        ones = [
            self.leader_at + (leader - me) % 4,
            self.starter_at + (table.starter - me) % 4,
            self.phase_at + _PHASE_INDEX[table.phase],
            self.trump_at + (4 if table.trump is None else table.trump),
            self.royal_at + table.royal - 2,
            self.levels_at + levels[ours] - 2,
            self.levels_at + 13 + levels[1 - ours] - 2,
        ]
        if to_act is not None:
            ones.append(self.to_act_at + (to_act - me) % 4)
        for i in ones:
            cells[i] = 1.0
        entry.tricks, entry.counts, entry.ones = tricks, counts, ones
        cells[self.points_at] = table.points / 200
        cells[self.bottom_size_at] = sizes[0] / 8
        hand_sizes, at = sizes[1], self.sizes_at
        for s in range(4):
            cells[at + (s - me) % 4] = hand_sizes[s] / 33
        cells[self.redeals_at] = table.redeals / self.redeal_scale


def _counts(cells: Any, old: list[tuple[int, Sequence[int]]], new: list[tuple[int, Sequence[int]]]) -> None:
    """Turn the card counts ``old`` (offset, cards) written in ``cells`` into ``new``: a segment
    whose offset and cards (the same tuple) are unchanged is left as it is, which while a seat
    chooses a play face by face (the same state each step) is every one."""
    changed = [
        k
        for k in range(max(len(old), len(new)))
        if k >= len(old) or k >= len(new) or old[k][1] is not new[k][1] or old[k][0] != new[k][0]
    ]
    for k in changed:
        if k < len(old):
            base, cards = old[k]
            for c in cards:
                cells[base + c] = 0.0
    for k in changed:
        if k < len(new):
            base, cards = new[k]
            for c in cards:
                cells[base + c] += 0.5


def fields_writer(config: eighty_points.Config, layout: Layout, info: bool, incremental: bool) -> Any:
    """A [`_FieldsWriter`][]'s ``write``."""
    return _FieldsWriter(config, layout, info, incremental).write


def write_view(fields: Callable[..., None], view: eighty_points.View, out: Any) -> None:
    """Write ``view`` with ``fields`` (a [`fields_writer`][]'s writer)."""
    sizes = (view.bottom_size, view.hand_sizes)
    fields(out, view.player, view.hand, view.trick, view.to_act, view, view.levels, view.bottom, sizes)


def write_state(fields: Callable[..., None], state: eighty_points.State, seat: int, out: Any) -> None:
    """Write ``view(state, seat)`` with ``fields``, from the state's fields that the view copies
    (the bottom only as the view shows it)."""
    t = state.table
    sizes = (len(t.bottom), [len(h) for h in state.hands])
    bottom = _seen_bottom(t, seat)
    fields(out, seat, state.hands[seat], state.trick, state.to_act, t, t.match.levels, bottom, sizes)
