"""Clubs tensors (layout in docs/rules/clubs.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import clubs
from cardrules._shared.completed_trick import CompletedTrick
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import TricksWriter, add_history, add_table, fill_history, fill_table


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


def fields_writer(config: clubs.Config, layout: Layout, info: bool, incremental: bool) -> Callable[..., None]:
    """``write(out, me, scores, hand_sizes, hand, trick, leader, to_act, tricks)``: [`fill`][]'s
    values for a view with those fields, in the float32 array ``out``; ``incremental`` as in
    ``TricksWriter``, which also writes the clubs each seat has taken."""
    p = config.players
    tricks = TricksWriter(layout, p, info, (_IS_CLUB, layout.segment("taken").offset, 13), incremental)
    scores_at = layout.segment("scores").offset
    sizes_at = layout.segment("hand_sizes").offset
    per_round, threshold = _tricks_per_round(p), config.threshold
    relative = [[(s - me) % p for s in range(p)] for me in range(p)]
    # Per seat, the scores written last (the same tuple until a round ends).
    written_scores: dict[int, Sequence[int]] = {}

    def write(
        out: npt.NDArray[np.float32],
        me: int,
        scores: Sequence[int],
        sizes: Iterable[int],
        hand: Sequence[int],
        trick: Sequence[int],
        leader: int,
        to_act: int | None,
        done: Sequence[CompletedTrick],
    ) -> None:
        cells, fresh = tricks.write(out, me, done, hand, trick, leader, to_act, [])
        rel = relative[me]
        if fresh or written_scores[me] is not scores:
            written_scores[me] = scores
            for r, score in zip(rel, scores):
                cells[scores_at + r] = score / threshold
        for r, size in zip(rel, sizes):
            cells[sizes_at + r] = size / per_round

    return write


def write_view(fields: Callable[..., None], view: clubs.View, out: Any) -> None:
    """Write ``view`` with ``fields`` (a [`fields_writer`][]'s writer)."""
    v = view
    fields(out, v.player, v.scores, v.hand_sizes, v.hand, v.trick, v.leader, v.to_act, v.tricks)


def write_state(fields: Callable[..., None], state: clubs.State, seat: int, out: Any) -> None:
    """Write ``view(state, seat)`` with ``fields``, from the state's fields that the view copies
    (the seat's own hand)."""
    p, hands, s = state.progress, state.hands, state
    fields(out, seat, p.match.scores, map(len, hands), hands[seat], s.trick, p.leader, s.to_act, p.tricks)
