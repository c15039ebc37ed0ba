"""Clubs tensors (layout in docs/rules/clubs.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import clubs
from cardrules._shared.completed_trick import CompletedTrick
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import (
    TricksWriter,
    add_history,
    add_table,
    fill_history,
    fill_table,
    table_ones,
)


def _tricks_per_round(players: int) -> int:
    return 51 // 3 if players == 3 else 52 // players


def segments(layout: LayoutBuilder, config: clubs.Config, info: bool) -> None:
    """Add the segments of the tensors for ``config``: the observation's, then with ``info``
    the history's."""
    p = config.players
    add_table(layout, p)
    layout.add("taken", p, "clubs each seat has taken this round / 13 (relative seats)")
    layout.add("scores", p, "each seat's score / threshold (relative seats)")
    layout.add("hand_sizes", p, f"cards each seat holds / {_tricks_per_round(p)} (relative seats)")
    if info:
        add_history(layout, p, _tricks_per_round(p))


def fill(view: clubs.View, layout: Layout, info: bool, values: list[float]) -> None:
    """Write the tensor's numbers for ``view`` into ``values`` (zeros of ``layout.size``)."""
    p = view.config.players
    me = view.player
    fill_table(values, layout, me, p, view.hand, view.trick, view.leader, view.to_act, view.tricks)
    taken = [0] * p
    for t in view.tricks:
        taken[t.winner] += sum(1 for c in t.cards if c // 13 == 0)
    base = layout.segment("taken").offset
    scores = layout.segment("scores").offset
    sizes = layout.segment("hand_sizes").offset
    for s in range(p):
        r = (s - me) % p
        values[base + r] = taken[s] / 13
        values[scores + r] = view.scores[s] / view.config.threshold
        values[sizes + r] = view.hand_sizes[s] / _tricks_per_round(p)
    if info:
        fill_history(values, layout, me, p, view.tricks)


_IS_CLUB = tuple(1 if card // 13 == 0 else 0 for card in range(52))


def _fields_writer(
    config: clubs.Config, layout: Layout, info: bool, incremental: bool
) -> Callable[..., None]:
    """``write(out, me, hand, trick, leader, to_act, tricks, scores, hand_sizes)``: [`fill`][]'s
    values for a view with those fields, in the float32 array ``out``; ``incremental`` as in
    ``TricksWriter``, which also counts the clubs each seat has taken."""
    p = config.players
    tricks = TricksWriter(layout, p, info, _IS_CLUB, incremental)
    at = tricks.at
    taken_at, scores_at = layout.segment("taken").offset, layout.segment("scores").offset
    sizes_at = layout.segment("hand_sizes").offset
    per_round, threshold = _tricks_per_round(p), config.threshold
    relative = [[(s - me) % p for s in range(p)] for me in range(p)]
    # Per seat, the taken counts and scores written last (objects kept until they change).
    last: dict[int, tuple[list[int], Sequence[int]]] = {}

    def write(
        out: npt.NDArray[np.float32],
        me: int,
        hand: Sequence[int],
        trick: Sequence[int],
        leader: int,
        to_act: int | None,
        done: Sequence[CompletedTrick],
        scores: Sequence[int],
        sizes: Sequence[int],
    ) -> None:
        taken, fresh = tricks.write(out, me, done, hand, table_ones(at, me, trick, leader, to_act))
        cells: Any = out.data  # a memoryview: item by item, about twice as fast as the array
        rel = relative[me]
        if fresh or last[me][0] is not taken or last[me][1] is not scores:
            last[me] = (taken, scores)
            for s, r in enumerate(rel):
                cells[taken_at + r] = taken[s] / 13
                cells[scores_at + r] = scores[s] / threshold
        for s, r in enumerate(rel):
            cells[sizes_at + r] = sizes[s] / per_round

    return write


def writer(
    config: clubs.Config, layout: Layout, info: bool, incremental: bool
) -> Callable[[clubs.View, npt.NDArray[np.float32]], None]:
    """``write(view, out)``: [`fill`][]'s values in the float32 array ``out``; ``incremental``
    as in ``TricksWriter``."""
    fields = _fields_writer(config, layout, info, incremental)

    def write(view: clubs.View, out: npt.NDArray[np.float32]) -> None:
        fields(
            out,
            view.player,
            view.hand,
            view.trick,
            view.leader,
            view.to_act,
            view.tricks,
            view.scores,
            view.hand_sizes,
        )

    return write


def state_writer(
    config: clubs.Config, layout: Layout, info: bool
) -> Callable[[clubs.State, int, npt.NDArray[np.float32]], None]:
    """``write(state, seat, out)``: what [`writer`][]'s gives for ``view(state, seat)``, read from
    the state's fields that view copies (the seat's own hand, the public rest), incrementally."""
    fields = _fields_writer(config, layout, info, True)

    def write(state: clubs.State, seat: int, out: npt.NDArray[np.float32]) -> None:
        progress, hands = state.progress, state.hands
        fields(
            out,
            seat,
            hands[seat],
            state.trick,
            progress.leader,
            state.to_act,
            progress.tricks,
            progress.match.scores,
            [len(h) for h in hands],
        )

    return write
