"""Rugby League tensors (layout in docs/rules/rugby_league.md, "Tensors")."""

from __future__ import annotations

from cardrules import rugby_league
from cardrules._shared.tricks import RANK_OF
from cardrules.rugby_league.state import _PHASES, ROW, SETS_PER_HALF
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
