"""Clubs tensors (layout in docs/rules/clubs.md, "Tensors")."""

from __future__ import annotations

from cardrules import clubs
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import add_history, add_table, fill_history, fill_table


def _tricks_per_round(players: int) -> int:
    return 51 // 3 if players == 3 else 52 // players


def layouts(config: clubs.Config) -> tuple[Layout, Layout]:
    """The observation layout and the information-state layout for ``config``."""
    out = []
    for info in (False, True):
        p = config.players
        layout = LayoutBuilder()
        add_table(layout, p)
        layout.add("taken", p, "clubs each seat has taken this round / 13 (relative seats)")
        layout.add("scores", p, "each seat's score / threshold (relative seats)")
        layout.add("hand_sizes", p, f"cards each seat holds / {_tricks_per_round(p)} (relative seats)")
        if info:
            add_history(layout, p, _tricks_per_round(p))
        out.append(layout.build())
    return out[0], out[1]


def fill(view: clubs.View, layout: Layout, info: bool) -> list[float]:
    """The tensor's numbers for ``view``."""
    p = view.config.players
    me = view.player
    values = [0.0] * layout.size
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
    return values
