"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) for any registered game.

The search follows Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012):
one tree over the observer's information set; every iteration deals the hidden cards afresh with
the game's ``sample_state``, walks the tree choosing among the moves legal in that deal with UCB1
over *availability* counts, adds one node, plays the rest out and backs the result up. A node
stores the reward of the seat that made its move, so every seat maximises its own reward.

It uses only the contract (``view``, ``sample_state``, ``legal_moves``, ``apply``, ``rollout``):
each game's ``rollout(state, seed)`` plays out on its one transition without events or move
validation. Games made of many deals (Clubs, 80 Points) stop their rollout at the end of the
current deal and score the standing there; see ``docs/bot-measurements.md``.

``root="halving"`` spends the budget at the root by sequential halving on shared deals instead of
UCB1 (H-MCTS, Pepels, Cazenave, Winands and Lanctot, "Minimizing Simple and Cumulative Regret in
Monte-Carlo Tree Search", 2014), the tree below being searched as before. The budget is a count of
iterations or, with ``time_per_move``, seconds of CPU time (``cardrules.bots._budget``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

import attrs

from cardrules._reprs import short_repr
from cardrules.bots._budget import Budget, check_time_per_move
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


_ITERATIONS = 1000
"""The iterations a decision when no budget is given."""


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


def _check_time(instance: ISMCTSBot, attribute: attrs.Attribute[float | None], value: float | None) -> None:
    check_time_per_move("ISMCTSBot", value, "iterations", instance.iterations, _ITERATIONS)


def _seeded_order(n: int, seed: int) -> list[int]:
    """``range(n)`` shuffled from the seed: the order in which the halving root meets the moves
    when it cannot afford them all (the first ``k`` are the same whatever ``n``)."""
    rnd = playout_random(derive_seed(seed, 0x5AB5))
    order = list(range(n))
    for i in range(n):
        j = i + int(rnd() * (n - i))
        order[i], order[j] = order[j], order[i]
    return order


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
    return [moves[i] for i in sorted(_seeded_order(n, seed)[:keep])]


class _Search:
    """What every iteration of one decision's search uses: the game's functions, the view, the
    seed, the settings and the generator of the tree walks and playout seeds."""

    __slots__ = ("apply", "c", "e", "legal_moves", "playout", "rnd", "sample_state", "seed", "view")

    def __init__(self, game: AnyGame, view: Any, seed: int, exploration: float, expand_after: int) -> None:
        self.sample_state, self.legal_moves, self.apply = game.sample_state, game.legal_moves, game.apply
        self.playout: Callable[[Any, int], tuple[float, ...]] = game.rollout
        self.view, self.seed = view, seed
        self.rnd = playout_random(derive_seed(seed, 0x15C7))
        self.c, self.e = float(exploration), expand_after

    def deal(self, i: int) -> Any:
        """The ``i``-th deal of the hidden cards."""
        return self.sample_state(self.view, derive_seed(self.seed, i))

    def iterate(self, root: _Node, i: int) -> None:
        """One UCB1 iteration from ``root`` on the ``i``-th deal."""
        state, path = _descend(root, self.deal(i), self.legal_moves, self.apply, self.rnd, self.c, self.e)
        _backup(path, self.playout(state, int(self.rnd() * 2**53)))

    def iterate_below(self, child: _Node, dealt: Any, move: Any, playout_seed: int) -> None:
        """One iteration of the halving root: ``move`` (whose node is ``child``) on the deal
        ``dealt``, then the tree below it, then the playout from ``playout_seed``."""
        if child.visits < self.e:
            state, path = self.apply(dealt, move), [child]
        else:
            state, path = _descend(
                child, self.apply(dealt, move), self.legal_moves, self.apply, self.rnd, self.c, self.e
            )
            path.append(child)
        _backup(path, self.playout(state, playout_seed))


def _ucb(search: _Search, moves: tuple[Any, ...], budget: Budget) -> Any:
    root = _Node(search.view.player)
    while budget.affords():
        search.iterate(root, budget.done)
        budget.spend()
    return max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)


def _halving(search: _Search, moves: tuple[Any, ...], iterations: int) -> Any:
    """Sequential halving on a count of iterations (see ``ISMCTSBot``)."""
    alive = _within_budget(list(moves), iterations, search.seed)
    if len(alive) == 1:
        return alive[0]
    children = {m: _Node(search.view.player) for m in alive}
    rounds = math.ceil(math.log2(len(alive)))
    left = iterations
    deal = 0
    for r in range(rounds):
        per = max(1, left // ((rounds - r) * len(alive)))
        for _ in range(per):
            dealt = search.deal(deal)
            playout_seed = int(search.rnd() * 2**53)
            deal += 1
            for m in alive:
                search.iterate_below(children[m], dealt, m, playout_seed)
        left -= per * len(alive)
        # Every move still in has met the same deals: their means compare like for like.
        # The sort is stable, so ties keep the order of legal_moves.
        alive.sort(key=lambda m: children[m].reward / children[m].visits, reverse=True)
        alive = alive[: (len(alive) + 1) // 2]
    return alive[0]


def _halving_on_the_clock(search: _Search, moves: tuple[Any, ...], budget: Budget) -> Any:
    """Sequential halving on a budget of seconds (see ``ISMCTSBot``): rounds while the clock
    allows, each a share of the time left; the best of the moves still in when it runs out."""
    index = {m: i for i, m in enumerate(moves)}
    children = {m: _Node(search.view.player) for m in moves}

    def standing(m: Any) -> tuple[float, int]:  # best first; ties in the order of legal_moves
        return -children[m].reward / children[m].visits, index[m]

    alive = [moves[i] for i in _seeded_order(len(moves), search.seed)]
    deal = 0
    while len(alive) > 1 and budget.affords(2):  # a deal plays two moves at least
        by = budget.elapsed() + budget.left() / math.ceil(math.log2(len(alive)))
        reached = _deal_on_the_clock(search, children, alive, deal, budget, by)
        deal += 1
        while reached == len(alive) and budget.affords(len(alive), by):
            reached = _deal_on_the_clock(search, children, alive, deal, budget, by)
            deal += 1
        if reached < len(alive):
            # The moves a deal cut short reached are one deal ahead of the others: only they
            # compare like for like. They all go on; the cut stands for this round's halving.
            alive = sorted(alive[:reached], key=standing)
        else:
            alive = sorted(alive, key=standing)[: (len(alive) + 1) // 2]
    return min(alive, key=standing)


def _deal_on_the_clock(
    search: _Search, children: dict[Any, _Node], alive: list[Any], deal: int, budget: Budget, by: float
) -> int:
    """Deal number ``deal`` for the moves of ``alive`` in turn, while an iteration fits before
    ``by`` (two at least, so that the deal compares something); how many it reached."""
    dealt = search.deal(deal)
    playout_seed = int(search.rnd() * 2**53)
    for k, m in enumerate(alive):
        if k >= 2 and not budget.affords(1, by):
            return k
        search.iterate_below(children[m], dealt, m, playout_seed)
        budget.spend()
    return len(alive)


@attrs.frozen
class ISMCTSBot:
    """Information-set MCTS: determinized playouts per decision, UCB1 ``exploration``.

    The budget of a decision is one of:

    - ``iterations`` (default 1000): that many iterations. The decision depends on the view and
      the seed only: use it for reproducible games and tests.
    - ``time_per_move``: seconds of CPU time of the bot's own process (``time.process_time``, so
      that two bots in one arena are held to the same measure however busy the machine): the
      search iterates until the budget is spent, starting an iteration only if one as long as the
      mean so far ends in time (and always the first). The same view and seed give the same deals
      in the same order, but how many are searched, hence the move, depends on the machine's
      speed: never count on a timed bot to replay a game. Its decisions end within 1.2 times the
      budget at the 99th percentile (``benchmarks/decision_time.py``: 1.013 at 0.1 s, the worst
      game; see ``docs/bot-measurements.md``).

    ``time_per_move`` governs when given, and ``iterations`` must then be left at its default
    (``ConfigError`` otherwise).

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

      On ``time_per_move`` the rounds run on the clock: a round gets the time left divided by the
      rounds left (``ceil(log2)`` of the moves still in) and plays one deal over every move still
      in, then more while the next is expected (at the mean cost of an iteration so far) to end
      within its share; then the worse half is dropped. A deal stops where the share runs out
      (after two moves at least), and then only the moves it reached go on, in place of the
      better half: they have met one deal more than the rest, and among themselves the same ones,
      so every comparison stays paired. So, with more moves than the time affords, the first round
      keeps a random subset drawn from the seed (it meets the moves in a seeded order), a later
      round the moves standing best (it meets them best first). The search ends when one move is
      left or the budget is spent (after one deal at least), and plays the best of the moves
      still in.

    ``expand_after``: the visits a node below the root needs before its own moves get nodes
    (Coulom's expansion threshold); until then an iteration reaching it plays out from there. The
    default, 1, grows the tree by one node an iteration. A larger value keeps the first moves after
    a young node in the game's playout policy rather than in the tree's first, uniformly random
    tries, which matters where that policy is much better than random (80 Points) and the budget
    is small; with ``root="halving"`` and ``expand_after`` above the budget the search is flat:
    every move of the decision is judged by playouts alone, on shared deals.

    Works on any registered game from its view alone. On ``iterations``, deterministic: the same
    view and seed give the same move. A view with one legal move is answered without searching.
    """

    iterations: int = attrs.field(default=_ITERATIONS, validator=_check_iterations)
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)
    root: Literal["ucb", "halving"] = attrs.field(default="ucb", validator=_check_root)
    expand_after: int = attrs.field(default=1, validator=_check_expand_after)
    time_per_move: float | None = attrs.field(default=None, validator=_check_time, kw_only=True)

    def choose(self, view: Any, seed: int) -> Any:
        """The move the search prefers once its budget is spent (see ``root``)."""
        budget = (  # on the clock, it starts now
            Budget(self.iterations) if self.time_per_move is None else Budget(seconds=self.time_per_move)
        )
        game = game_of_view(view)
        moves = view.legal_moves
        if not moves:
            raise StateError(f"seat {view.player} has no move to choose in this view")
        if len(moves) == 1:
            return moves[0]
        derive_seed(seed)  # a bad seed fails here, before any work
        search = _Search(game, view, seed, self.exploration, self.expand_after)
        if self.root == "ucb":
            return _ucb(search, moves, budget)
        if budget.timed:
            return _halving_on_the_clock(search, moves, budget)
        return _halving(search, moves, self.iterations)
