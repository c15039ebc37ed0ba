"""OpenSpiel's bots as cardrules bots: ``OpenSpielISMCTSBot`` plays a seat from its view with
OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``), so that the arena can measure
the library's bots against the search people already know (the ``openspiel`` extra).

A decision rebuilds an OpenSpiel state from the view (``cardrules.adapters.openspiel.
state_from_view``: the hidden cards dealt by the game's ``sample_state``) and runs OpenSpiel's
``ISMCTSBot`` on it unchanged: its tree over information-state strings, UCT, and its
``RandomRolloutEvaluator`` (uniformly random moves to the end of the match); every simulation
deals the hidden cards afresh from the seat's information state, drawn from the bot's seeded
generator. The search never sees more than the view.

Its budget is one of OpenSpiel's simulation counts, or CPU time as the library's search bots
count it (``time_per_move``: ``time.process_time`` of this process, read through
``cardrules.bots._budget``). On the clock the OpenSpiel search runs its own loop with no cap on
simulations, and the bot asks the budget before each simulation starts (the same rule as
``ISMCTSBot``: one starts only if a simulation of the mean cost so far ends in time), then plays
the move OpenSpiel's final policy picks from the simulations done. A simulation's random playout
runs to the end of the match, which in a long match (80 Points over several rounds: thousands of
actions, about 0.25 s in pure Python) costs many budgets, so the playout also reads the clock at
every action and the simulation is abandoned once the budget is spent: the decision then rests on
the simulations completed, or, if none reached the root's children, is a uniformly random legal
action (what OpenSpiel's search knows with no simulation done). So the two searches are held to
the same measure of the same clock, and the comparison is one of time, not of simulation counts
that cost different amounts in the two implementations.
"""

from __future__ import annotations

import math
from typing import Any, cast

import attrs

from cardrules._extras import missing_extra
from cardrules._reprs import short_repr

try:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.adapters.openspiel_bots", "openspiel", exc) from exc

from cardrules.adapters.openspiel import state_from_view
from cardrules.bots._budget import Budget
from cardrules.errors import ConfigError, StateError
from cardrules.game import SteppedGame
from cardrules.registry import game_of_view

__all__ = ["OpenSpielISMCTSBot"]

_ITERATIONS = 1000

_NO_CAP = 2**62
"""OpenSpiel's simulation count on the clock: the budget, not the count, ends the search."""


class _OutOfTimeError(Exception):
    """The budget affords no more simulations: OpenSpiel's loop stops, the simulations done stand."""


class _TimedRollouts(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """OpenSpiel's ``RandomRolloutEvaluator``, with the playout asking ``budget`` at every action:
    a playout to the end of a long match may cost many budgets, so it is abandoned once the budget
    is spent (``_OutOfTimeError``) rather than finished late."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.budget: Budget | None = None

    def evaluate(self, state: Any) -> Any:
        budget, choice = self.budget, self._random_state.choice
        result = None
        for _ in range(self.n_rollouts):
            working = state.clone()
            while not working.is_terminal():
                if budget is not None and budget.left() <= 0:
                    raise _OutOfTimeError
                if working.is_chance_node():
                    actions, probabilities = zip(*working.chance_outcomes())
                    working.apply_action(choice(actions, p=probabilities))
                else:
                    working.apply_action(choice(working.legal_actions()))
            returns = np.array(working.returns())
            result = returns if result is None else result + returns
        return result / self.n_rollouts


class _TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``ISMCTSBot``, with each simulation asking ``budget`` before it starts.

    Each simulation starts by sampling the root's deal (``sample_root_state``), so that is where
    the budget is asked; the first two always start, since OpenSpiel's final policy needs the root
    expanded (the first) and visited (the second), but their playouts (``_TimedRollouts``) stop
    when the budget is spent."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.budget: Budget | None = None
        self.started = 0

    def sample_root_state(self, state: Any) -> Any:
        if self.budget is not None:
            if self.started:
                self.budget.spend()
            if self.started >= 2 and not self.budget.affords():
                raise _OutOfTimeError
            self.started += 1
        return super().sample_root_state(state)

    def search(self, state: Any, budget: Budget | None) -> int:
        """One decision's action: OpenSpiel's final policy over the simulations ``budget`` allows
        (``None``: the simulation count the bot was made with), ties drawn from its generator."""
        self.budget, self.started = budget, 0
        self._evaluator.budget = budget
        try:
            policy = self.run_search(state)
        except _OutOfTimeError:
            root = self._root_node
            if root is not None and root.total_visits > 0:
                policy = self.get_final_policy(state, root)
            else:  # no simulation reached the root's children: nothing known, every action alike
                legal = state.legal_actions()
                policy = [(action, 1 / len(legal)) for action in legal]
        actions, probabilities = zip(*policy)
        return int(self._random_state.choice(actions, p=probabilities))


def _at_least(low: int) -> Any:
    """A validator: an int from ``low`` to 10**9."""

    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or not low <= value <= 10**9:
            raise ConfigError(f"{attribute.name} is an int from {low} to 10**9, got {short_repr(value)}")

    return check


def _check_seconds(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None and attribute.name == "time_per_move":
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise ConfigError(f"{attribute.name} is a number above 0, got {short_repr(value)}")


@attrs.frozen
class OpenSpielISMCTSBot:
    """OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) as a bot.

    The budget of a decision is ``iterations`` simulations (default 1000; at least 2, as OpenSpiel's
    final policy needs), or with ``time_per_move`` seconds of CPU time of this process, as
    ``ISMCTSBot(time_per_move=...)`` counts them (see the module docstring); ``iterations`` must
    then be left at its default. ``uct_c`` is OpenSpiel's UCT constant on its returns of -1 to +1:
    the default, sqrt(2), is the same exploration as ``ISMCTSBot``'s 0.7 on rewards of 0 to 1.
    The leaves are valued by ``rollouts`` uniformly random playouts to the end of the match
    (OpenSpiel's ``RandomRolloutEvaluator``); the move played is the root's most visited.

    A game whose moves come in steps (80 Points' multi-card plays) is searched a step at a time,
    as OpenSpiel plays it: on the clock each step gets the time left divided by the most steps
    the move may still need; on a count each step gets the whole count. A view with one legal
    move is answered without searching. On ``iterations``, deterministic: the same view and seed
    give the same move.
    """

    iterations: int = attrs.field(default=_ITERATIONS, validator=_at_least(2))
    uct_c: float = attrs.field(default=math.sqrt(2), validator=_check_seconds)
    rollouts: int = attrs.field(default=1, validator=_at_least(1))
    time_per_move: float | None = attrs.field(default=None, validator=_check_seconds, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.time_per_move is not None and self.iterations != _ITERATIONS:
            raise ConfigError(
                f"a budget is iterations or time_per_move, not both: got iterations={self.iterations} "
                f"and time_per_move={self.time_per_move}"
            )

    def choose(self, view: Any, seed: int) -> Any:
        """The move OpenSpiel's ISMCTS picks from ``view`` once its budget is spent."""
        total = None if self.time_per_move is None else Budget(seconds=self.time_per_move)  # starts now
        game = game_of_view(view)
        if type(seed) is not int:
            raise ConfigError(f"seed must be an int, got {short_repr(seed)}")
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        if not moves:  # a finished game, or another seat's turn: nothing for this seat to search
            raise StateError(f"seat {view.player} has no move to choose in this view")
        state = state_from_view(view, seed)
        rng = np.random.RandomState(seed % 2**32)
        search = _TimedISMCTS(
            state.get_game(),
            _TimedRollouts(self.rollouts, rng),
            self.uct_c,
            self.iterations if total is None else _NO_CAP,
            random_state=rng,
        )
        search.set_resampler(lambda s, player: s.resample_from_infostate(player, rng.uniform))
        if not game.INFO.moves_in_steps:
            return game.decode_move(state.inner, search.search(state, total))
        return _steps(cast("SteppedGame[Any, Any, Any, Any]", game), state, moves, search, total)


def _steps(
    game: SteppedGame[Any, Any, Any, Any], state: Any, moves: tuple[Any, ...], search: Any, total: Any
) -> Any:
    """A move chosen a step at a time, each step searched on its share of the budget ``total``."""
    paths = [game.move_steps(state.inner, m) for m in moves]
    chosen: tuple[int, ...] = ()
    while True:
        budget = None
        if total is not None:
            left = max(len(p) for p in paths if p[: len(chosen)] == chosen) - len(chosen)
            budget = Budget(seconds=max(total.left(), 1e-9) / max(1, left))
        chosen += (search.search(state, budget),)
        move = game.step_move(state.inner, chosen)
        if move is not None:
            return move
        state.apply_action(chosen[-1])
