"""Pub Derby tensors (layout in docs/rules/pub_derby.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import pub_derby
from cardrules._shared.completed_trick import CompletedTrick
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import (
    TricksWriter,
    add_history,
    add_table,
    fill_cards,
    fill_history,
    fill_table,
    one_hot,
)


def segments(layout: LayoutBuilder, config: pub_derby.Config, info: bool) -> None:
    """Add the segments of the tensors for ``config``: the observation's, then with ``info``
    the history's."""
    p = config.players
    add_table(layout, p)
    layout.add("trump", 4, "one-hot: the trump suit (clubs, diamonds, hearts, spades)")
    layout.add("bench_top", 52, "1 at the bench's revealed top card (all 0 in classic)")
    layout.add("kickoff", 52, "1 at the half's kick-off card (all 0 when all four 2s are benched)")
    layout.add("waves", 2, f"the viewer's team's wave, then the other team's, / {config.goal_length}")
    layout.add("goals", 2, "the viewer's team's goals, then the other team's, / 10")
    layout.add("yellows", 2, "the viewer's team's yellow cards, then the other team's (0 or 1)")
    layout.add("half", 2, "one-hot: first or second half")
    layout.add("hand_sizes", p, f"cards each seat holds / {config.hand_size} (relative seats)")
    if info:
        add_history(layout, p, config.hand_size)


def fill(view: pub_derby.View, layout: Layout, info: bool, values: list[float]) -> None:
    """Write the tensor's numbers for ``view`` into ``values`` (zeros of ``layout.size``)."""
    cfg = view.config
    p = cfg.players
    me = view.player
    team = pub_derby.INFO.side_of(me)
    fill_table(values, layout, me, p, view.hand, view.trick, view.leader, view.to_act, view.tricks)
    one_hot(values, layout.segment("trump").offset, view.trump)
    if view.bench_top is not None:
        fill_cards(values, layout.segment("bench_top").offset, (view.bench_top,))
    if view.kickoff is not None:
        fill_cards(values, layout.segment("kickoff").offset, (view.kickoff,))
    for name, pair, scale in (
        ("waves", view.waves, cfg.goal_length),
        ("goals", view.goals, 10),
        ("yellows", view.yellows, 1),
    ):
        base = layout.segment(name).offset
        values[base] = pair[team] / scale
        values[base + 1] = pair[1 - team] / scale
    one_hot(values, layout.segment("half").offset, view.half - 1)
    sizes = layout.segment("hand_sizes").offset
    for s in range(p):
        values[sizes + (s - me) % p] = view.hand_sizes[s] / cfg.hand_size
    if info:
        fill_history(values, layout, me, p, view.tricks)


def fields_writer(
    config: pub_derby.Config, layout: Layout, info: bool, incremental: bool
) -> Callable[..., None]:
    """``write(out, me, hand, trick, leader, to_act, tricks, hand_sizes, trump, bench_top, kickoff,
    (waves, goals, yellows), half)``: what [`fill`][] writes for a view with those fields, into the
    float32 array ``out`` (``incremental``: see ``TricksWriter``)."""
    tricks = TricksWriter(layout, config.players, info, None, incremental)
    p = config.players
    trump_at, bench_at, kickoff_at, half_at, sizes_at = (
        layout.segment(name).offset for name in ("trump", "bench_top", "kickoff", "half", "hand_sizes")
    )
    pairs = [
        (layout.segment(name).offset, scale)
        for name, scale in (("waves", config.goal_length), ("goals", 10), ("yellows", 1))
    ]
    hand_size = config.hand_size
    relative = [[(s - me) % p for s in range(p)] for me in range(p)]
    side_of = pub_derby.INFO.side_of

    def write(
        out: npt.NDArray[np.float32],
        me: int,
        hand: Sequence[int],
        trick: Sequence[int],
        leader: int,
        to_act: int | None,
        done: Sequence[CompletedTrick],
        sizes: Iterable[int],
        trump: int,
        bench_top: int | None,
        kickoff: int | None,
        counts: tuple[tuple[int, int], tuple[int, int], tuple[int, int]],
        half: int,
    ) -> None:
        team = side_of(me)
        ones = [trump_at + trump, half_at + half - 1]
        if bench_top is not None:
            ones.append(bench_at + bench_top)
        if kickoff is not None:
            ones.append(kickoff_at + kickoff)
        cells = tricks.write(out, me, done, hand, trick, leader, to_act, ones)[0]
        for (base, scale), pair in zip(pairs, counts):
            cells[base] = pair[team] / scale
            cells[base + 1] = pair[1 - team] / scale
        for r, size in zip(relative[me], sizes):
            cells[sizes_at + r] = size / hand_size

    return write


def write_view(fields: Callable[..., None], view: pub_derby.View, out: Any) -> None:
    """Write ``view`` with ``fields`` (a [`fields_writer`][]'s writer)."""
    v = view
    table = (v.player, v.hand, v.trick, v.leader, v.to_act, v.tricks, v.hand_sizes)
    fields(out, *table, v.trump, v.bench_top, v.kickoff, (v.waves, v.goals, v.yellows), v.half)


def write_state(fields: Callable[..., None], state: pub_derby.State, seat: int, out: Any) -> None:
    """Write ``view(state, seat)`` with ``fields``, from the state's fields that the view copies
    (the seat's own hand, the bench's top card)."""
    p, hands = state.progress, state.hands
    m = p.match
    table = (seat, hands[seat], state.trick, p.leader, state.to_act, p.tricks, map(len, hands))
    fields(
        out,
        *table,
        m.trump,
        m.bench[0] if m.bench else None,
        m.kickoff,
        (p.waves, m.goals, m.yellows),
        m.half,
    )
