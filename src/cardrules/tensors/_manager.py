"""Manager tensors (layout in docs/rules/manager.md, "Tensors")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import manager
from cardrules.tensors._cells import SeatCells
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


class _FieldsWriter:
    """``write(out, me, teams, pool, to_act, exchanges, passed, match, stock_size)``: [`fill`][]'s
    values in the float32 array ``out`` for a view with those fields, the match's read from
    ``match`` (a ``Match`` or a ``View``: ``season``, ``first``, ``stripped_suit``, ``retired``,
    ``halves``, ``results``). ``incremental``: keep one array a seat, as ``tensor_writer`` says;
    a card segment whose cards are the same object as last time is left as it is."""

    def __init__(self, config: manager.Config, layout: Layout, info: bool, incremental: bool) -> None:
        at = layout.segment
        self.cards_at = [at(name).offset for name in ("own_team", "other_team", "pool", "retired")]
        self.suit_at, self.season_at, self.halves_at = (
            at("stripped_suit").offset,
            at("season").offset,
            at("halves").offset,
        )
        self.to_act_at, self.first_at = at("to_act").offset, at("first").offset
        self.exchanges_at, self.passed_at = at("exchanges").offset, at("passed").offset
        self.stock_at = at("stock_size").offset
        self.seasons_at = at("seasons").offset if info else None
        self.max_exchanges = config.max_exchanges
        self.cells = SeatCells(incremental)
        # Per seat, the card tuples of the four card segments last written.
        self.cards: dict[int, list[Sequence[int]]] = {}

    def write(
        self,
        out: npt.NDArray[np.float32],
        me: int,
        teams: Sequence[Sequence[int]],
        pool: Sequence[int],
        to_act: int | None,
        exchanges: int,
        passed: bool,
        match: Any,
        stock_size: int,
    ) -> None:
        """Write the tensor (see the class)."""
        results = match.results
        cells, start, kept = self.cells.open(out, me, results)
        shown = [teams[me], teams[1 - me], pool, match.retired]
        self._cards(cells, shown, self.cards[me] if kept else None)
        self.cards[me] = shown
        if self.seasons_at is not None:
            self._seasons(cells, me, results, start)
        ones = [self.suit_at + int(match.stripped_suit), self.season_at + match.season - 1]
        ones.append(self.first_at + (match.first - me) % 2)
        if to_act is not None:
            ones.append(self.to_act_at + (to_act - me) % 2)
        for i in ones:
            cells[i] = 1.0
        self.cells.close(out, me, cells, ones, results)
        halves = match.halves
        cells[self.halves_at] = halves[me] / 22
        cells[self.halves_at + 1] = halves[1 - me] / 22
        cells[self.exchanges_at] = exchanges / self.max_exchanges
        cells[self.passed_at] = 1.0 if passed else 0.0
        cells[self.stock_at] = stock_size / 26

    def _cards(self, cells: Any, shown: list[Sequence[int]], before: list[Sequence[int]] | None) -> None:
        for base, cards, old in zip(self.cards_at, shown, before or [()] * 4):
            if old is cards:
                continue
            for c in old:
                cells[base + c] = 0.0
            for c in cards:
                cells[base + c] = 1.0

    def _seasons(self, cells: Any, me: int, results: Sequence[manager.SeasonResult], start: int) -> None:
        for k in range(start, len(results)):
            result = results[k]
            base = self.seasons_at + k * 107  # type: ignore[operator]  # only called with seasons
            for c in result.teams[me]:
                cells[base + c] = 1.0
            for c in result.teams[1 - me]:
                cells[base + 52 + c] = 1.0
            outcome = 2 if result.winner is None else (result.winner - me) % 2
            cells[base + 104 + outcome] = 1.0


def fields_writer(config: manager.Config, layout: Layout, info: bool, incremental: bool) -> Any:
    """A [`_FieldsWriter`][]'s ``write``."""
    return _FieldsWriter(config, layout, info, incremental).write


def write_view(fields: Callable[..., None], view: manager.View, out: Any) -> None:
    """Write ``view`` with ``fields`` (a [`fields_writer`][]'s writer)."""
    v = view
    fields(out, v.player, v.teams, v.pool, v.to_act, v.exchanges, v.passed, v, v.stock_size)


def write_state(fields: Callable[..., None], state: manager.State, seat: int, out: Any) -> None:
    """Write ``view(state, seat)`` with ``fields``, from all the view copies (everything but the
    stock's order)."""
    m, s = state.match, state
    fields(out, seat, s.teams, s.pool, s.to_act, s.exchanges, s.passed, m, len(m.stock))
