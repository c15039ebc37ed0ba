"""80 Points tensors (layout in docs/rules/eighty_points.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Iterable

from cardrules import eighty_points
from cardrules.eighty_points.state import _PHASES
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
