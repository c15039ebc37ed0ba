"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) for any registered game.

The search follows Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012):
one tree over the observer's information set; every iteration deals the hidden cards afresh with
the game's ``sample_state``, walks the tree choosing among the moves legal in that deal with UCB1
over *availability* counts, adds one node, plays the rest out and backs the result up. A node
stores the reward of the seat that made its move, so every seat maximises its own reward.

It uses only the contract (``view``, ``sample_state``, ``legal_moves``, ``apply``, ``outcome``),
plus a game's optional ``rollout(state, seed)`` fast path: a random playout without events or move
validation. Games made of many deals (Clubs, 80 Points) stop their rollout at the end of the
current deal and score the standing there; see ``docs/bots.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs

from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame, game_of_view
from cardrules.rng import derive_seed, playout_random

__all__ = ["ISMCTSBot", "random_rollout"]


def random_rollout(game: AnyGame, state: Any, seed: int) -> tuple[float, ...]:
    """The generic playout: uniformly random legal moves to the end, scored by ``Outcome.rewards``."""
    rnd = playout_random(seed)
    legal_moves, apply = game.legal_moves, game.apply
    while state.to_act is not None:
        moves = legal_moves(state)
        state = apply(state, moves[int(rnd() * len(moves))])
    result = game.outcome(state)
    assert result is not None
    return result.rewards()


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


def _check_iterations(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(f"ISMCTSBot iterations must be an int >= 1, got {value!r}")


def _check_exploration(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value < math.inf:
        raise ConfigError(f"ISMCTSBot exploration must be a finite number >= 0, got {value!r}")


@attrs.frozen
class ISMCTSBot:
    """Information-set MCTS: ``iterations`` determinized playouts per decision, UCB1 ``exploration``.

    Works on any registered game from its view alone. Deterministic: the same view and seed give the
    same move. A view with one legal move is answered without searching.
    """

    iterations: int = attrs.field(default=1000, validator=_check_iterations)
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)

    def choose(self, view: Any, seed: int) -> Any:
        """The most visited legal move at the root after ``iterations`` iterations."""
        game = game_of_view(view)
        moves = view.legal_moves
        if not moves:
            raise StateError(f"seat {view.player} has no move to choose in this view")
        if len(moves) == 1:
            return moves[0]
        derive_seed(seed)  # a bad seed fails here, before any work
        root = self._search(game, view, seed)
        return max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)

    def _search(self, game: AnyGame, view: Any, seed: int) -> _Node:
        rollout: Callable[[Any, int], tuple[float, ...]] | None = getattr(game, "rollout", None)
        sample_state, legal_moves, apply = game.sample_state, game.legal_moves, game.apply
        root = _Node(view.player)
        rnd = playout_random(derive_seed(seed, 0x15C7))
        c = float(self.exploration)
        log, sqrt = math.log, math.sqrt
        for i in range(self.iterations):
            state = sample_state(view, derive_seed(seed, i))
            node = root
            path = []
            while state.to_act is not None:
                legal = legal_moves(state)
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    move = untried[int(rnd() * len(untried))]
                    child = _Node(state.to_act)
                    children[move] = child
                    for m in legal:
                        if m in children:
                            children[m].avail += 1
                    path.append(child)
                    state = apply(state, move)
                    break
                best_score = -1.0
                move = legal[0]
                for m in legal:
                    ch = children[m]
                    ch.avail += 1
                    score = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if score > best_score:
                        best_score, move = score, m
                node = children[move]
                path.append(node)
                state = apply(state, move)
            playout_seed = int(rnd() * 2**53)
            if rollout is not None:
                rewards = rollout(state, playout_seed)
            else:
                rewards = random_rollout(game, state, playout_seed)
            for n in path:
                n.visits += 1
                n.reward += rewards[n.seat]
        return root
