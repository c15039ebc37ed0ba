"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) for any registered game.

The search follows Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012):
one tree over the observer's information set; every iteration deals the hidden cards afresh with
the game's ``sample_state``, walks the tree choosing among the moves legal in that deal with UCB1
over *availability* counts, adds one node, plays the rest out and backs the result up. A node
stores the reward of the seat that made its move, so every seat maximises its own reward.

It uses only the contract (``view``, ``sample_state``, ``legal_moves``, ``apply``, ``rollout``):
each game's ``rollout(state, seed)`` plays out on its one transition without events or move
validation. Games made of many deals (Clubs, 80 Points) stop their rollout at the end of the
current deal and score the standing there; see ``docs/bots.md``.

``root="halving"`` spends the budget at the root by sequential halving on shared deals instead of
UCB1 (H-MCTS, Pepels, Cazenave, Winands and Lanctot, "Minimizing Simple and Cumulative Regret in
Monte-Carlo Tree Search", 2014), the tree below being searched as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

import attrs

from cardrules._reprs import short_repr
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame, game_of_view, get_game
from cardrules.rng import derive_seed, playout_random

__all__ = ["ISMCTSBot", "random_rollout"]


def random_rollout(game: str | AnyGame, state: Any, seed: int) -> tuple[float, ...]:
    """The generic playout: uniformly random legal moves to the end, scored by ``Outcome.rewards``.

    ``game`` is a registered game's name or module and ``state`` one of its states (``ConfigError``,
    ``StateError`` otherwise).
    """
    module = get_game(game)
    if type(state) is not module.State:
        raise StateError(f"expected a {module.NAME}.State, got {type(state).__name__}")
    return _random_rollout(module, state, derive_seed(seed))


def _random_rollout(game: AnyGame, state: Any, seed: int) -> tuple[float, ...]:
    rnd = playout_random(seed)
    legal_moves, apply = game.legal_moves, game.apply
    while state.to_act is not None:
        moves = legal_moves(state)
        state = apply(state, moves[int(rnd() * len(moves))])
    result = game.outcome(state)
    if result is None:  # the contract says a state nobody acts in has an outcome
        raise StateError(f"a finished {game.NAME} game has no outcome")
    return result.rewards()


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


def _descend(
    node: _Node,
    state: Any,
    legal_moves: Callable[[Any], tuple[Any, ...]],
    apply: Callable[[Any, Any], Any],
    rnd: Callable[[], float],
    c: float,
    expand_after: int,
) -> tuple[Any, list[_Node]]:
    """One tree walk from ``node`` in the deal ``state``: UCB1 over availability counts while every
    move legal here has a child, then one new child; the state reached and the nodes walked. A
    node walked into with fewer than ``expand_after`` visits ends the walk there, unexpanded."""
    log, sqrt = math.log, math.sqrt
    path: list[_Node] = []
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
            return apply(state, move), path
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
        if node.visits < expand_after:
            break
    return state, path


def _backup(path: list[_Node], rewards: tuple[float, ...]) -> None:
    for n in path:
        n.visits += 1
        n.reward += rewards[n.seat]


def _check_iterations(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(f"ISMCTSBot iterations must be an int >= 1, got {short_repr(value)}")


def _check_expand_after(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(f"ISMCTSBot expand_after must be an int >= 1, got {short_repr(value)}")


def _check_root(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in ("ucb", "halving"):
        raise ConfigError(f"ISMCTSBot root must be 'ucb' or 'halving', got {short_repr(value)}")


def _check_exploration(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value < math.inf:
        raise ConfigError(f"ISMCTSBot exploration must be a finite number >= 0, got {short_repr(value)}")


def _within_budget(moves: list[Any], iterations: int, seed: int) -> list[Any]:
    """The moves sequential halving can afford: all of them if each can have one iteration in each
    of the ``ceil(log2 n)`` rounds, else a subset drawn from the seed, the largest that can, in the
    order of ``moves`` (the order breaks ties)."""
    n = len(moves)
    if n * math.ceil(math.log2(n)) <= iterations:
        return moves
    keep = 1
    while (keep + 1) * math.ceil(math.log2(keep + 1)) <= iterations:
        keep += 1
    rnd = playout_random(derive_seed(seed, 0x5AB5))
    picks = list(range(n))
    for i in range(keep):
        j = i + int(rnd() * (n - i))
        picks[i], picks[j] = picks[j], picks[i]
    return [moves[i] for i in sorted(picks[:keep])]


@attrs.frozen
class ISMCTSBot:
    """Information-set MCTS: ``iterations`` determinized playouts per decision, UCB1 ``exploration``.

    ``root`` picks how the budget is spent among the moves of the decision itself:

    - ``"ucb"`` (the default): plain SO-ISMCTS, UCB1 at the root as everywhere else; the move
      visited most is played.
    - ``"halving"``: sequential halving at the root, UCB1 below it (the H-MCTS of Pepels, Cazenave,
      Winands and Lanctot, 2014). The budget is split into ``ceil(log2(moves))`` rounds; in each,
      every move still in is searched equally often, *on the same deals of the hidden cards and
      the same playout seeds*, and the worse half is dropped; the last move left is played. The
      shared deals make the comparison paired, which matters where the deal's luck dwarfs the
      difference between two moves (80 Points). Each move still in gets at least one iteration a
      round; where the budget cannot afford that for every legal move (``n * ceil(log2 n)`` above
      ``iterations``: a few 80 Points choices of hundreds of multi-card plays), the search compares
      a random subset drawn from the seed, the largest it can afford, and never exceeds the budget.

    ``expand_after``: the visits a node below the root needs before its own moves get nodes
    (Coulom's expansion threshold); until then an iteration reaching it plays out from there. The
    default, 1, grows the tree by one node an iteration. A larger value keeps the first moves after
    a young node in the game's playout policy rather than in the tree's first, uniformly random
    tries, which matters where that policy is much better than random (80 Points) and the budget
    is small; with ``root="halving"`` and ``expand_after`` above the budget the search is flat:
    every move of the decision is judged by playouts alone, on shared deals.

    Works on any registered game from its view alone. Deterministic: the same view and seed give the
    same move. A view with one legal move is answered without searching.
    """

    iterations: int = attrs.field(default=1000, validator=_check_iterations)
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)
    root: Literal["ucb", "halving"] = attrs.field(default="ucb", validator=_check_root)
    expand_after: int = attrs.field(default=1, validator=_check_expand_after)

    def choose(self, view: Any, seed: int) -> Any:
        """The move the search prefers after ``iterations`` iterations (see ``root``)."""
        game = game_of_view(view)
        moves = view.legal_moves
        if not moves:
            raise StateError(f"seat {view.player} has no move to choose in this view")
        if len(moves) == 1:
            return moves[0]
        derive_seed(seed)  # a bad seed fails here, before any work
        playout: Callable[[Any, int], tuple[float, ...]] = game.rollout

        if self.root == "halving":
            return self._halving(game, view, seed, playout)
        root = _Node(view.player)
        sample_state, legal_moves, apply = game.sample_state, game.legal_moves, game.apply
        rnd = playout_random(derive_seed(seed, 0x15C7))
        c, e = float(self.exploration), self.expand_after
        for i in range(self.iterations):
            state, path = _descend(
                root, sample_state(view, derive_seed(seed, i)), legal_moves, apply, rnd, c, e
            )
            _backup(path, playout(state, int(rnd() * 2**53)))
        return max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)

    def _halving(
        self, game: AnyGame, view: Any, seed: int, playout: Callable[[Any, int], tuple[float, ...]]
    ) -> Any:
        sample_state, legal_moves, apply = game.sample_state, game.legal_moves, game.apply
        rnd = playout_random(derive_seed(seed, 0x15C7))
        c, e = float(self.exploration), self.expand_after
        alive = _within_budget(list(view.legal_moves), self.iterations, seed)
        if len(alive) == 1:
            return alive[0]
        children = {m: _Node(view.player) for m in alive}
        rounds = math.ceil(math.log2(len(alive)))
        left = self.iterations
        deal = 0
        for r in range(rounds):
            per = max(1, left // ((rounds - r) * len(alive)))
            for _ in range(per):
                dealt = sample_state(view, derive_seed(seed, deal))
                playout_seed = int(rnd() * 2**53)
                deal += 1
                for m in alive:
                    child = children[m]
                    if child.visits < e:
                        state, path = apply(dealt, m), [child]
                    else:
                        state, path = _descend(child, apply(dealt, m), legal_moves, apply, rnd, c, e)
                        path.append(child)
                    _backup(path, playout(state, playout_seed))
            left -= per * len(alive)
            # Every move still in has met the same deals: their means compare like for like.
            # The sort is stable, so ties keep the order of legal_moves.
            alive.sort(key=lambda m: children[m].reward / children[m].visits, reverse=True)
            alive = alive[: (len(alive) + 1) // 2]
        return alive[0]
