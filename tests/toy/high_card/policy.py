"""High Card's search knowledge: its rule of thumb. High Card is one deal, so the search scores it
by its outcome and the module has no ``deal_value``.

The rule of thumb: answer a lead with the lowest card that beats it, else the lowest card; lead
the highest card."""

from __future__ import annotations

from high_card.state import Play, View

__all__ = ["heuristic_move"]


def heuristic_move(view: View) -> Play:
    """The rule of thumb's move for ``view`` (see the module docstring); the view has a move."""
    moves = view.legal_moves  # low to high: every card is a spade
    if not view.trick:
        return moves[-1]
    beating = [m for m in moves if m.card > view.trick[0]]
    return (beating or moves)[0]
