"""The legal actions of a position together with their moves: the hot path that the PettingZoo
environments and the vectorised environment share (it imports neither PettingZoo nor OpenSpiel,
so ``adapters.vector`` keeps to NumPy alone).

A game's ``actions`` module may have a private ``_legal_pairs(state)`` giving the legal action
numbers and ``legal_moves(state)`` item for item: the mask is made from the numbers and an action
is decoded by looking its move up, not by asking the rules again."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from cardrules.game import SteppedGame
from cardrules.registry import AnyGame

Legal = tuple[tuple[int, ...], tuple[Any, ...]]
"""A position's legal action numbers and their moves, item for item (``()`` for the moves where
they are not known: decode the action instead)."""

Pairs = Callable[[Any], Legal]
"""``_legal_pairs(state)`` of a game's ``actions`` module."""


def _actions_module(game: AnyGame) -> object:
    """The game's ``actions`` module, where its private hot-path helpers live (``None`` if none)."""
    return sys.modules.get(f"{getattr(game, '__name__', '')}.actions")


def legal_pairs(game: AnyGame) -> Pairs | None:
    """The game's ``_legal_pairs`` (``None`` for a game without one, or whose moves come in
    steps: its actions are steps, not moves)."""
    if game.INFO.moves_in_steps:
        return None
    return cast("Pairs | None", getattr(_actions_module(game), "_legal_pairs", None))


FirstSteps = tuple[tuple[int, ...], dict[int, Any]]
"""A position's first steps, ascending, and for each the move it makes alone (``None`` where it
begins a longer move, or several)."""


def _first_of(pairs: Iterable[tuple[tuple[int, ...], Any]]) -> FirstSteps:
    """``FirstSteps`` from each legal move's steps (without a closing ``END_PLAY``) and the move."""
    made: dict[int, Any] = {}
    for steps, move in pairs:
        first = steps[0]
        made[first] = move if len(steps) == 1 and first not in made else None
    return tuple(sorted(made)), made


class Stepper:
    """A stepped game's ``step_actions`` and ``step_move`` for one environment, the position's step
    table kept between calls: an environment asks both of one position at every step of a move,
    and the table lists every legal move. The game's ``actions`` module may have private
    ``_step_table(state, moves=None)`` (each legal move's steps, without a closing ``END_PLAY``,
    and the move), ``_steps_after(table, chosen)``, ``_move_of_steps(table, chosen)`` and
    ``_steps_of_move(table, move)``, and ``_ONE_STEP_BY_ID``, the moves that are always one step
    (one shared object each), by ``id``, with their step;
    without them each call asks the game's own functions. The table is this object's, never the
    library's: the rules keep no state between calls."""

    def __init__(self, game: SteppedGame[Any, Any, Any, Any]) -> None:
        actions = _actions_module(game)
        hooks: list[Any] = [
            getattr(actions, n, None)
            for n in ("_step_table", "_steps_after", "_move_of_steps", "_steps_of_move")
        ]
        if None in hooks:
            hooks = [None] * len(hooks)
        self._table_of: Any = hooks[0]
        self._after: Any = hooks[1]
        self._move: Any = hooks[2]
        self._steps: Any = hooks[3]
        self._game = game
        self.one_step_by_id: Mapping[int, tuple[int, Any]] | None = getattr(actions, "_ONE_STEP_BY_ID", None)
        # One tuple, replaced whole, so a reader never pairs a state with another's table.
        self._known: tuple[Any, Any] = (None, ())

    def _table(self, state: Any) -> Any:
        known = self._known
        if known[0] is state:
            return known[1]
        table = self._table_of(state)
        self._known = (state, table)
        return table

    def step_actions(self, state: Any, chosen: tuple[int, ...]) -> tuple[int, ...]:
        """``game.step_actions(state, chosen)`` (``chosen`` a tuple of ints)."""
        if self._after is None:
            return self._game.step_actions(state, chosen)
        return cast("tuple[int, ...]", self._after(self._table(state), chosen))

    def step_move(self, state: Any, chosen: tuple[int, ...]) -> Any:
        """``game.step_move(state, chosen)`` (``chosen`` a tuple of ints)."""
        if self._move is None:
            return self._game.step_move(state, chosen)
        return self._move(self._table(state), chosen)

    def first_steps(self, state: Any) -> FirstSteps:
        """``state``'s first steps (``step_actions(state, ())``) and the move each makes alone."""
        moves = self._game.legal_moves(state)
        by_id = self.one_step_by_id
        if by_id is not None:
            # The commonest case, in C loops and without hashing a move (attrs' __hash__ is a
            # Python call): every move one of the game's shared one-step moves.
            try:
                each = dict(map(by_id.__getitem__, map(id, moves)))
            except KeyError:
                pass
            else:
                if len(each) == len(moves):
                    return tuple(sorted(each)), each
        if self._table_of is None:
            end = getattr(self._game, "END_PLAY", None)
            steps = (self._game.move_steps(state, m) for m in moves)
            return _first_of(((s[:-1] if s[-1] == end else s), m) for s, m in zip(steps, moves))
        # The table, kept: the steps that follow the first ask it too.
        table = self._table_of(state, moves)
        self._known = (state, table)
        return _first_of(table)

    def move_steps(self, state: Any, move: Any) -> tuple[int, ...]:
        """``game.move_steps(state, move)`` (``move`` legal in ``state``)."""
        if self._steps is None:
            return self._game.move_steps(state, move)
        return cast("tuple[int, ...]", self._steps(self._table(state), move))


def legal_function(game: AnyGame, stepper: Stepper | None = None) -> Callable[[Any, tuple[int, ...]], Legal]:
    """``legal(state, chosen)``: the legal actions of ``state`` with their moves; in a game whose
    moves come in steps, the step actions after the steps ``chosen`` (no moves: a step is not
    one), from ``stepper`` (a new one by default). ``((), ())`` once the game is over."""
    pairs = legal_pairs(game)
    if game.INFO.moves_in_steps:
        steps = stepper or Stepper(cast("SteppedGame[Any, Any, Any, Any]", game))

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
