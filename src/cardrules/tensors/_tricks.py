"""Segments shared by the trick-taking games (Clubs, Pub Derby): hand, trick, tricks played."""

from __future__ import annotations

from collections.abc import Sequence

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
