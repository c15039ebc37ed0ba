"""The legal actions of a position together with their moves: the hot path that the PettingZoo
environments and the vectorised environment share (it imports neither PettingZoo nor OpenSpiel,
so ``adapters.vector`` keeps to NumPy alone).

A game's ``actions`` module may have a private ``_legal_pairs(state)`` giving the legal action
numbers and ``legal_moves(state)`` item for item: the mask is made from the numbers and an action
is decoded by looking its move up, not by asking the rules again."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, cast

from cardrules.game import SteppedGame
from cardrules.registry import AnyGame

Legal = tuple[tuple[int, ...], tuple[Any, ...]]
"""A position's legal action numbers and their moves, item for item (``()`` for the moves where
they are not known: decode the action instead)."""

Pairs = Callable[[Any], Legal]
"""``_legal_pairs(state)`` of a game's ``actions`` module."""


def legal_pairs(game: AnyGame) -> Pairs | None:
    """The game's ``_legal_pairs`` (``None`` for a game without one, or whose moves come in
    steps: its actions are steps, not moves)."""
    if game.INFO.moves_in_steps:
        return None
    actions = sys.modules.get(f"{getattr(game, '__name__', '')}.actions")
    return cast("Pairs | None", getattr(actions, "_legal_pairs", None))


def legal_function(game: AnyGame) -> Callable[[Any, tuple[int, ...]], Legal]:
    """``legal(state, chosen)``: the legal actions of ``state`` with their moves; in a game whose
    moves come in steps, the step actions after the steps ``chosen`` (no moves: a step is not
    one). ``((), ())`` once the game is over."""
    pairs = legal_pairs(game)
    if game.INFO.moves_in_steps:
        steps = cast("SteppedGame[Any, Any, Any, Any]", game)

        def stepped(state: Any, chosen: tuple[int, ...]) -> Legal:
            return ((), ()) if state.to_act is None else (steps.step_actions(state, chosen), ())

        return stepped
    if pairs is not None:
        paired = pairs
        return lambda state, chosen: ((), ()) if state.to_act is None else paired(state)
    actions = game.legal_actions
    return lambda state, chosen: ((), ()) if state.to_act is None else (tuple(actions(state)), ())


def move_of(game: AnyGame, state: Any, legal: Legal, action: int) -> Any:
    """The move of ``action``, legal in ``state`` (``legal`` its ``legal_function`` answer):
    looked up where the moves are known, else decoded."""
    actions, moves = legal
    return moves[actions.index(action)] if moves else game.decode_move(state, action)
