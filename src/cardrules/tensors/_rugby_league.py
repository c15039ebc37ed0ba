"""Rugby League tensors (layout in docs/rules/rugby_league.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import rugby_league
from cardrules._shared.tricks import RANK_OF
from cardrules.rugby_league.state import _PHASES, ROW, SETS_PER_HALF
from cardrules.rugby_league.views import _own_pending, _own_row
from cardrules.tensors._cells import SeatCells
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import fill_cards, one_hot


def segments(layout: LayoutBuilder, config: rugby_league.Config, info: bool) -> None:
    """Add the segments of the tensors for ``config``: the observation's, then with ``info``
    the history's."""
    layout.add("phase", len(_PHASES), "one-hot: " + ", ".join(_PHASES))
    layout.add("to_act", 2, "one-hot: the viewer or the other seat to act (all 0 once over)")
    layout.add("attacker", 2, "one-hot: the viewer's seat or the other attacks (kicks: kicks)")
    layout.add(
        "ball",
        8,
        "one-hot: the ball's place from the viewer's try line (0) to the other's (7)",
    )
    layout.add("tackles", 2, "tackles since the set started or restarted / 6, tackles lost / 2")
    layout.add("last", 26, "the rank each seat revealed last (one-hot of 13, viewer first; 0 if none)")
    layout.add("kick", 3, "a kick's rounds won, rounds played and wins needed, each / 3")
    layout.add("filled", 2 * ROW, "1 for each slot holding a card, the viewer's row then the other's")
    layout.add("own_row", ROW * 13, "open hands only: each slot's card rank (one-hot of 13; all 0 blind)")
    layout.add("own_pending", ROW, "one-hot: the slot the viewer picked for the tackle in progress")
    layout.add("pending", 1, "1 if a pick is waiting for the other seat's")
    layout.add("pile", 1, "cards in the draw pile / 52")
    layout.add(
        "discards",
        52,
        "1 for each card in the discard pile (since the last reshuffle, unplayed row cards included)",
    )
    layout.add("scores", 2, "the viewer's points, then the other's, / 50")
    layout.add("half", len(SETS_PER_HALF), "one-hot: first, second, extra time's first and second half")
    layout.add("sets", 1, "sets played in this half / 10")
    if info:
        layout.add(
            "discard_ranks",
            13,
            "revealed cards since the last reshuffle per rank (2 .. A) / 4, "
            "the public history that bears on the cards still to come",
        )


def fill(view: rugby_league.View, layout: Layout, info: bool, values: list[float]) -> None:
    """Write the tensor's numbers for ``view`` into ``values`` (zeros of ``layout.size``)."""
    me = view.player
    one_hot(values, layout.segment("phase").offset, _PHASES.index(view.phase))
    one_hot(values, layout.segment("to_act").offset, None if view.to_act is None else (view.to_act - me) % 2)
    one_hot(values, layout.segment("attacker").offset, (view.attacker - me) % 2)
    one_hot(values, layout.segment("ball").offset, view.ball if me == 0 else 7 - view.ball)
    tackles = layout.segment("tackles").offset
    values[tackles] = view.tackles / 6
    values[tackles + 1] = view.lost / 2
    last = layout.segment("last").offset
    for k, seat in enumerate((me, 1 - me)):
        card = view.last[seat]
        if card is not None:
            values[last + 13 * k + RANK_OF[card] - 2] = 1.0
    kick = layout.segment("kick").offset
    values[kick : kick + 3] = [view.wins / 3, view.rounds / 3, view.needed / 3]
    filled = layout.segment("filled").offset
    for k, seat in enumerate((me, 1 - me)):
        for slot, full in enumerate(view.filled[seat]):
            values[filled + ROW * k + slot] = 1.0 if full else 0.0
    row = layout.segment("own_row").offset
    for slot, card in enumerate(view.own_row):
        if card is not None:
            values[row + 13 * slot + RANK_OF[card] - 2] = 1.0
    one_hot(values, layout.segment("own_pending").offset, view.own_pending)
    values[layout.segment("pending").offset] = 1.0 if view.pending_chosen else 0.0
    values[layout.segment("pile").offset] = view.pile_size / 52
    fill_cards(values, layout.segment("discards").offset, view.discards)
    scores = layout.segment("scores").offset
    values[scores] = view.scores[me] / 50
    values[scores + 1] = view.scores[1 - me] / 50
    one_hot(values, layout.segment("half").offset, view.half - 1)
    values[layout.segment("sets").offset] = view.sets / 10
    if info:
        base = layout.segment("discard_ranks").offset
        for card in view.discards:
            values[base + RANK_OF[card] - 2] += 0.25


_PHASE_INDEX = {phase: k for k, phase in enumerate(_PHASES)}


class _FieldsWriter:
    """``write(out, me, to_act, field, match, filled, empty, own_row, pending, pile_size)``:
    [`fill`][]'s values in the float32 array ``out`` for a view with those fields, the tackle's
    read from ``field`` (a ``Field`` or a ``View``: ``phase``, ``attacker``, ``ball``, ``tackles``,
    ``lost``, ``last``, ``wins``, ``rounds``, ``needed``, ``discards``) and the match's from
    ``match`` (``scores``, ``half``, ``sets``); a slot of ``filled`` is full unless it is
    ``empty``; ``pending`` is ``(pending_chosen, own_pending)``. ``incremental``: keep one array a
    seat, as ``tensor_writer`` says."""

    def __init__(self, layout: Layout, info: bool, incremental: bool) -> None:
        at = layout.segment
        self.phase_at, self.to_act_at, self.attacker_at = (
            at("phase").offset,
            at("to_act").offset,
            at("attacker").offset,
        )
        self.ball_at, self.tackles_at, self.last_at = (
            at("ball").offset,
            at("tackles").offset,
            at("last").offset,
        )
        self.kick_at, self.filled_at, self.row_at = (
            at("kick").offset,
            at("filled").offset,
            at("own_row").offset,
        )
        self.own_pending_at, self.pending_at = at("own_pending").offset, at("pending").offset
        self.pile_at, self.discards_at, self.scores_at = (
            at("pile").offset,
            at("discards").offset,
            at("scores").offset,
        )
        self.half_at, self.sets_at = at("half").offset, at("sets").offset
        self.ranks_at = at("discard_ranks").offset if info else None
        self.cells = SeatCells(incremental)

    def write(
        self,
        out: npt.NDArray[np.float32],
        me: int,
        to_act: int | None,
        field: Any,
        match: Any,
        filled: Sequence[Sequence[object]],
        empty: object,
        own_row: Sequence[int | None],
        pending: tuple[bool, int | None],
        pile_size: int,
    ) -> None:
        """Write the tensor (see the class)."""
        cells = self.cells.open(out, me, ())[0]
        ones = [
            self.phase_at + _PHASE_INDEX[field.phase],
            self.attacker_at + (field.attacker - me) % 2,
            self.ball_at + (field.ball if me == 0 else 7 - field.ball),
            self.half_at + match.half - 1,
        ]
        if to_act is not None:
            ones.append(self.to_act_at + (to_act - me) % 2)
        for k, seat in enumerate((me, 1 - me)):
            card = field.last[seat]
            if card is not None:
                ones.append(self.last_at + 13 * k + RANK_OF[card] - 2)
        ones += [self.row_at + 13 * slot + RANK_OF[c] - 2 for slot, c in enumerate(own_row) if c is not None]
        if pending[1] is not None:
            ones.append(self.own_pending_at + pending[1])
        ones += [self.discards_at + c for c in field.discards]
        for k, seat in enumerate((me, 1 - me)):
            base = self.filled_at + ROW * k
            ones += [base + slot for slot, full in enumerate(filled[seat]) if full is not empty]
        for i in ones:
            cells[i] = 1.0
        if self.ranks_at is not None:
            for c in field.discards:
                i = self.ranks_at + RANK_OF[c] - 2
                cells[i] += 0.25
                ones.append(i)
        self.cells.close(out, me, cells, ones, ())
        self._numbers(cells, me, field, match, pending[0], pile_size)

    def _numbers(
        self,
        cells: Any,
        me: int,
        field: Any,
        match: Any,
        chosen: bool,
        pile_size: int,
    ) -> None:
        """The segments of other numbers than 1s, each overwritten."""
        cells[self.tackles_at] = field.tackles / 6
        cells[self.tackles_at + 1] = field.lost / 2
        cells[self.kick_at] = field.wins / 3
        cells[self.kick_at + 1] = field.rounds / 3
        cells[self.kick_at + 2] = field.needed / 3
        cells[self.pending_at] = 1.0 if chosen else 0.0
        cells[self.pile_at] = pile_size / 52
        scores = match.scores
        cells[self.scores_at] = scores[me] / 50
        cells[self.scores_at + 1] = scores[1 - me] / 50
        cells[self.sets_at] = match.sets / 10


def fields_writer(config: rugby_league.Config, layout: Layout, info: bool, incremental: bool) -> Any:
    """A [`_FieldsWriter`][]'s ``write`` (Rugby League's tensors take nothing from the config)."""
    return _FieldsWriter(layout, info, incremental).write


def write_view(fields: Callable[..., None], view: rugby_league.View, out: Any) -> None:
    """Write ``view`` with ``fields`` (a [`fields_writer`][]'s writer)."""
    v = view
    pending = (v.pending_chosen, v.own_pending)
    fields(out, v.player, v.to_act, v, v, v.filled, False, v.own_row, pending, v.pile_size)


def write_state(fields: Callable[..., None], state: rugby_league.State, seat: int, out: Any) -> None:
    """Write ``view(state, seat)`` with ``fields``, from the state's fields that the view copies
    (the seat's own row and pick only as the view shows them)."""
    f = state.field
    pending = (state.pending is not None, _own_pending(state, seat))
    fields(out, seat, state.to_act, f, f.match, state.rows, None, _own_row(state, seat), pending, len(f.pile))
