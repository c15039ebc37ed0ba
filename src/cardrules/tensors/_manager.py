"""Manager tensors (layout in docs/rules/manager.md, "Tensors")."""

from __future__ import annotations

from cardrules import manager
from cardrules.tensors._layout import Layout, LayoutBuilder
from cardrules.tensors._tricks import fill_cards, one_hot


def segments(layout: LayoutBuilder, config: manager.Config, info: bool) -> None:
    """Add the segments of the tensors for ``config``: the observation's, then with ``info``
    the history's."""
    layout.add("own_team", 52, "1 for each card of the viewer's team (card code 2C 0 .. AS 51)")
    layout.add("other_team", 52, "1 for each card of the other team")
    layout.add("pool", 52, "1 for each card of the open draft pool")
    layout.add("retired", 52, "1 for each card of the retired pools")
    layout.add("stripped_suit", 4, "one-hot: the suit left out of the deck")
    layout.add("season", manager.SEASONS, "one-hot: the season last scored (1 to 11)")
    layout.add("halves", 2, "seasons won in halves, the viewer's then the other's, / 22")
    layout.add("to_act", 2, "one-hot: the viewer or the other to act (all 0 once over)")
    layout.add("first", 2, "one-hot: the viewer or the other opened this draft")
    layout.add("exchanges", 1, f"exchanges made in this draft / {config.max_exchanges}")
    layout.add("passed", 1, "1 if the last move of this draft was a pass")
    layout.add("stock_size", 1, "cards left in the stock / 26")
    if info:
        layout.add(
            "seasons",
            manager.SEASONS * (104 + 3),
            "11 blocks of 107, one per season scored: the viewer's team (52), the other's (52), "
            "then one-hot won by the viewer, won by the other, halved",
        )


def fill(view: manager.View, layout: Layout, info: bool, values: list[float]) -> None:
    """Write the tensor's numbers for ``view`` into ``values`` (zeros of ``layout.size``)."""
    me = view.player
    fill_cards(values, layout.segment("own_team").offset, view.teams[me])
    fill_cards(values, layout.segment("other_team").offset, view.teams[1 - me])
    fill_cards(values, layout.segment("pool").offset, view.pool)
    fill_cards(values, layout.segment("retired").offset, view.retired)
    one_hot(values, layout.segment("stripped_suit").offset, int(view.stripped_suit))
    one_hot(values, layout.segment("season").offset, view.season - 1)
    halves = layout.segment("halves").offset
    values[halves] = view.halves[me] / 22
    values[halves + 1] = view.halves[1 - me] / 22
    one_hot(values, layout.segment("to_act").offset, None if view.to_act is None else (view.to_act - me) % 2)
    one_hot(values, layout.segment("first").offset, (view.first - me) % 2)
    values[layout.segment("exchanges").offset] = view.exchanges / view.config.max_exchanges
    values[layout.segment("passed").offset] = 1.0 if view.passed else 0.0
    values[layout.segment("stock_size").offset] = view.stock_size / 26
    if info:
        base = layout.segment("seasons").offset
        for k, result in enumerate(view.results):
            start = base + k * 107
            fill_cards(values, start, result.teams[me])
            fill_cards(values, start + 52, result.teams[1 - me])
            outcome = 2 if result.winner is None else (result.winner - me) % 2
            values[start + 104 + outcome] = 1.0
