"""Segments shared by the trick-taking games (Clubs, Pub Derby): hand, trick, tricks played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from cardrules._shared.completed_trick import CompletedTrick
from cardrules.tensors._layout import Layout, LayoutBuilder


def add_table(layout: LayoutBuilder, players: int) -> None:
    """Hand, current trick by seat, leader and seat to act (seats relative to the viewer)."""
    layout.add("hand", 52, "1 for each card in the viewer's hand (card code 2C 0 .. AS 51)")
    layout.add(
        "trick",
        players * 52,
        "the current trick: block r has a 1 at the card of the seat r after the viewer",
    )
    layout.add("leader", players, "one-hot: the seat that led the current trick, relative to the viewer")
    layout.add("to_act", players, "one-hot: the seat to act, relative to the viewer (all 0 once over)")
    layout.add("played", 52, "1 for each card in this deal's completed tricks")


def add_history(layout: LayoutBuilder, players: int, tricks: int) -> None:
    """Every completed trick of the deal in order: leader and each seat's card."""
    layout.add(
        "history",
        tricks * (players + players * 52),
        f"{tricks} blocks of {players + players * 52}, one per completed trick in order: the leader "
        f"one-hot ({players}), then {players} blocks of 52 with the card each seat played (relative seats)",
    )


def one_hot(values: list[float], offset: int, index: int | None) -> None:
    """Set ``values[offset + index]`` to 1 unless ``index`` is ``None``."""
    if index is not None:
        values[offset + index] = 1.0


def fill_cards(values: list[float], offset: int, cards: Sequence[int]) -> None:
    """Set the 1s of a 52-wide card segment."""
    for c in cards:
        values[offset + c] = 1.0


def fill_table(
    values: list[float],
    layout: Layout,
    player: int,
    players: int,
    hand: Sequence[int],
    trick: Sequence[int],
    leader: int,
    to_act: int | None,
    tricks: Sequence[CompletedTrick],
) -> None:
    """Fill the segments of [`add_table`][] from a view's fields."""
    fill_cards(values, layout.segment("hand").offset, hand)
    base = layout.segment("trick").offset
    for i, card in enumerate(trick):
        values[base + ((leader + i - player) % players) * 52 + card] = 1.0
    one_hot(values, layout.segment("leader").offset, (leader - player) % players)
    one_hot(values, layout.segment("to_act").offset, None if to_act is None else (to_act - player) % players)
    fill_cards(values, layout.segment("played").offset, [c for t in tricks for c in t.cards])


def fill_history(
    values: list[float], layout: Layout, player: int, players: int, tricks: Sequence[CompletedTrick]
) -> None:
    """Fill the segment of [`add_history`][]."""
    base = layout.segment("history").offset
    width = players + players * 52
    for k, t in enumerate(tricks):
        start = base + k * width
        values[start + (t.leader - player) % players] = 1.0
        for i, card in enumerate(t.cards):
            values[start + players + ((t.leader + i - player) % players) * 52 + card] = 1.0


# The numpy writers below give the values of the fill functions above, written into a float32
# array: the 1s gathered as indices and set in one scatter, and what the completed tricks give
# (the played cards, the history) kept per seat until the tricks change, which is once a trick.


@attrs.frozen
class TableOffsets:
    """Where [`add_table`][]'s segments (and the history, if any) start in a layout."""

    players: int
    hand: int
    trick: int
    leader: int
    to_act: int
    played: int
    history: int | None

    @classmethod
    def of(cls, layout: Layout, players: int, info: bool) -> TableOffsets:
        """The offsets of ``layout``'s table segments; ``history``'s with ``info``, else ``None``."""
        at = layout.segment
        history = at("history").offset if info else None
        return cls(
            players,
            at("hand").offset,
            at("trick").offset,
            at("leader").offset,
            at("to_act").offset,
            at("played").offset,
            history,
        )


def table_ones(
    at: TableOffsets, player: int, hand: Sequence[int], trick: Sequence[int], leader: int, to_act: int | None
) -> list[int]:
    """The indices of the 1s of the hand, the trick, the leader and the seat to act (as
    [`fill_table`][] writes them; the played cards are [`tricks_ones`][]')."""
    p = at.players
    base = at.hand
    ones = [base + c for c in hand]
    base = at.trick
    for i, card in enumerate(trick):
        ones.append(base + ((leader + i - player) % p) * 52 + card)
    ones.append(at.leader + (leader - player) % p)
    if to_act is not None:
        ones.append(at.to_act + (to_act - player) % p)
    return ones


def tricks_ones(at: TableOffsets, player: int, tricks: Sequence[CompletedTrick]) -> npt.NDArray[np.intp]:
    """The indices of the 1s that the completed tricks give: the played cards and, if the layout
    has it, the history (as [`fill_table`][] and [`fill_history`][] write them)."""
    p = at.players
    played = at.played
    ones = [played + c for t in tricks for c in t.cards]
    if at.history is not None:
        width = p + p * 52
        for k, t in enumerate(tricks):
            start = at.history + k * width
            ones.append(start + (t.leader - player) % p)
            ones.extend(
                start + p + ((t.leader + i - player) % p) * 52 + card for i, card in enumerate(t.cards)
            )
    return np.array(ones, dtype=np.intp)


class TricksMemo:
    """What the completed tricks give a seat's tensor, kept until the tricks change (a view's
    ``tricks`` is the state's own tuple, so the same object until a trick completes): one entry a
    seat, each holding the tuple it was computed from."""

    __slots__ = ("_at", "_derive", "_seats")

    def __init__(self, at: TableOffsets, derive: Callable[[int, Sequence[CompletedTrick]], Any]) -> None:
        self._at = at
        self._derive = derive
        self._seats: dict[int, tuple[Sequence[CompletedTrick], npt.NDArray[np.intp], Any]] = {}

    def get(self, player: int, tricks: Sequence[CompletedTrick]) -> tuple[npt.NDArray[np.intp], Any]:
        """The 1s of [`tricks_ones`][] and what ``derive(player, tricks)`` gives, for these tricks."""
        entry = self._seats.get(player)
        if entry is None or entry[0] is not tricks:
            # The entry holds the tuple, so an identity match is never a recycled object.
            entry = (tricks, tricks_ones(self._at, player, tricks), self._derive(player, tricks))
            self._seats[player] = entry
        return entry[1], entry[2]
