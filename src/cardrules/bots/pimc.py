"""Perfect-information Monte Carlo (PIMC) search for any registered game: ``PIMCBot``.

Each decision deals the hidden cards again and again with the game's ``sample_state`` (which deals
only what the view allows: no card of a suit a seat has shown it lacks, ...), and judges every legal
move on each deal as if all cards were face up: an informed playout (the game's rule of thumb,
``cardrules.<game>.policy.heuristic_move``, on the sampled state's views, or the game's own
``rollout``) to the end of the current deal, or, once few tricks remain, an exact solver
(alpha-beta between two sides, max-n among more) with a transposition table, over the game's own
``legal_moves`` and ``apply``
(in 80 Points from the decision only, its playouts being the game's own rollout).
Every move meets the same deals, so the deal's luck cancels out of the comparison; the move of the
best mean reward for the bot's seat is played. Games made of many deals (Clubs, 80 Points) are
scored at the end of the current deal, as the games' rollouts score them; Pub Derby's first half at
half time, by the odds of the second half measured under the rule of thumb; Manager after the next
two seasons. In Clubs and Pub Derby a deal counts for more the likelier it made the other seats'
plays so far, each modelled as the rule of thumb's. Blind Rugby League is not searched: to a seat
that sees no card every tackle is a coin flip, so its choices (a drop goal, a penalty's option) are
answered by the minimax values of the public scoreboard (``cardrules.bots._scoreboard``).

The per-game part is one complete table, ``_PLANS``, in ``cardrules.bots._plans``: where a deal
ends, what it is worth there (each game's ``policy.deal_value``), how many tricks are left (for the
solver) and which playout judges best per CPU second (measured; see ``docs/bot-measurements.md``).
This module is the search alone, and reads the game through the contract and its plan only.
``estimate_moves`` judges every legal move of a view on the same deals as ``PIMCBot`` would and
keeps each move's mean and standard error, and ``solve_move`` a move's open-hands exact value:
what ``cardrules.review`` reports.

Known weaknesses (Frank and Basin, 1998; Long, Sturtevant, Buro and Furtak, 2010): *strategy
fusion*, since on each deal the search may choose differently where the bot could not tell the deals
apart, and *non-locality*, since the other seats are assumed to play as if they saw every card, and
a deal is not made likelier by what they chose earlier.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

import attrs

from cardrules._reprs import short_repr
from cardrules.bots import _plans
from cardrules.bots._budget import Budget, check_time_per_move
from cardrules.bots._plans import Rewards, _Plan
from cardrules.bots.heuristic import POLICIES
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame, game_of_view
from cardrules.rng import derive_seed

__all__ = ["MoveEstimates", "PIMCBot", "estimate_moves", "solve", "solve_move"]


class _Horizon:
    """One deal's end, for the solver and the playouts of one decision: ``ended(state)`` and its
    ``value(state)``, each seat's reward (the game's outcome once it is over)."""

    __slots__ = ("_ahead", "_deal", "_game", "_mark", "_plan", "_start")

    def __init__(self, game: AnyGame, plan: _Plan, start: Any) -> None:
        self._game, self._plan, self._start = game, plan, start
        self._deal: Callable[[Any], Any] = plan.deal
        self._ahead = plan.ahead
        self._mark: Any = self._deal(start)

    def ended(self, state: Any) -> bool:
        if state.to_act is None:
            return True
        if self._ahead == 1:
            return bool(self._deal(state) != self._mark)
        return bool(self._deal(state) >= self._mark + self._ahead)

    def value(self, state: Any) -> Rewards:
        if state.to_act is None:
            result = self._game.outcome(state)
            if result is None:  # the contract says a state nobody acts in has an outcome
                raise StateError(f"a finished {self._game.NAME} game has no outcome")
            return result.rewards()
        value = self._plan.value
        return self._game.rollout(state, 0) if value is None else value(self._start, state)


def _side_of(game: AnyGame) -> Callable[[int], int] | None:
    """The side a seat plays for, where exactly two sides play a zero-sum game (then alpha-beta);
    ``None`` where each seat plays for itself among more (then max-n)."""
    info = game.INFO
    if info.zero_sum and (len(info.teams) == 2 or info.seats == (2,)):
        return info.side_of
    return None


def solve(game: AnyGame, state: Any, horizon: _Horizon, table: dict[Any, Rewards] | None = None) -> Rewards:
    """The exact value of ``state`` to every seat when all play with every card face up, to the
    end of ``horizon``'s deal: alpha-beta between two sides of a zero-sum game, max-n otherwise
    (each seat maximises its own reward; ties go to the first move in ``legal_moves`` order).
    ``table`` caches the values of the states met, keyed by the state itself."""
    table = {} if table is None else table
    side = _side_of(game)
    if side is None:
        return _maxn(game.legal_moves, game.apply, horizon, state, table)
    seat = state.to_act if state.to_act is not None else 0
    return _alphabeta(game.legal_moves, game.apply, horizon, side, side(seat), state, -1.0, 2.0, table)


def _settled(horizon: _Horizon, state: Any, table: dict[Any, Rewards]) -> Rewards | None:
    """The value of a state that ends the deal, or one the table knows; ``None`` for the others."""
    return horizon.value(state) if horizon.ended(state) else table.get(state)


def _maxn(
    legal_moves: Callable[[Any], tuple[Any, ...]],
    apply: Callable[[Any, Any], Any],
    horizon: _Horizon,
    state: Any,
    table: dict[Any, Rewards],
) -> Rewards:
    known = _settled(horizon, state, table)
    if known is not None:
        return known
    seat = state.to_act
    best: Rewards | None = None
    for move in legal_moves(state):
        value = _maxn(legal_moves, apply, horizon, apply(state, move), table)
        if best is None or value[seat] > best[seat]:
            best = value
    if best is None:
        raise StateError(f"seat {seat} has no legal move in a running game")
    table[state] = best
    return best


def _alphabeta(
    legal_moves: Callable[[Any], tuple[Any, ...]],
    apply: Callable[[Any, Any], Any],
    horizon: _Horizon,
    side: Callable[[int], int],
    us: int,
    state: Any,
    alpha: float,
    beta: float,
    table: dict[Any, Rewards],
) -> Rewards:
    """Fail-hard alpha-beta on the reward of a seat of side ``us`` (the two sides' rewards sum to
    one). The table keeps only values found inside the window: those are exact."""
    known = _settled(horizon, state, table)
    if known is not None:
        return known
    seat = state.to_act
    ours = side(seat) == us
    best: Rewards | None = None
    lo, hi = alpha, beta
    for move in legal_moves(state):
        value = _alphabeta(legal_moves, apply, horizon, side, us, apply(state, move), lo, hi, table)
        mine = _of_side(value, side, us)
        if best is None or (mine > _of_side(best, side, us) if ours else mine < _of_side(best, side, us)):
            best = value
        if ours:
            lo = max(lo, mine)
        else:
            hi = min(hi, mine)
        if lo >= hi:
            return best
    if best is None:
        raise StateError(f"seat {seat} has no legal move in a running game")
    if alpha < _of_side(best, side, us) < beta:
        table[state] = best
    return best


def _of_side(value: Rewards, side: Callable[[int], int], us: int) -> float:
    """The reward of the first seat of side ``us``."""
    for seat, reward in enumerate(value):
        if side(seat) == us:
            return reward
    raise StateError(f"no seat plays for side {us}")


class _Search:
    """What one decision's evaluations share: the game, its plan, the view and the seed."""

    __slots__ = (
        "apply",
        "endgame",
        "epsilon",
        "game",
        "legal_moves",
        "plan",
        "policy",
        "seat",
        "seed",
        "view",
    )

    def __init__(self, game: AnyGame, view: Any, seed: int, endgame: int, epsilon: float | None) -> None:
        self.game, self.view, self.seed, self.endgame, self.epsilon = game, view, seed, endgame, epsilon
        self.plan = _plans._PLANS[game.NAME]
        self.policy = POLICIES[game.NAME]
        self.legal_moves, self.apply = game.legal_moves, game.apply
        self.seat: int = view.player

    def deal(self, i: int) -> Any:
        """The ``i``-th deal of the hidden cards."""
        return self.game.sample_state(self.view, derive_seed(self.seed, i))

    def weight(self, dealt: Any) -> float:
        """How likely the other seats' plays of this deal so far were on ``dealt``, each play
        modelled as the rule of thumb's move with probability ``1 - epsilon``, else a uniformly
        random legal move (1 where the plan rebuilds no history, or ``epsilon`` is ``None``)."""
        history, epsilon = self.plan.history, self.epsilon
        if history is None or epsilon is None:
            return 1.0
        weight = 1.0
        view, policy = self.game.view, self.policy
        for before, move in history(dealt):
            seat = before.to_act
            if seat == self.seat:
                continue
            seen = view(before, seat)
            weight *= epsilon / len(seen.legal_moves) + (1 - epsilon if policy(seen) == move else 0.0)
        return weight

    def judge(self, dealt: Any, move: Any, i: int, table: dict[Any, Rewards]) -> float:
        """The bot's reward for ``move`` on the ``i``-th deal ``dealt``, all cards face up."""
        state = self.apply(dealt, move)
        plan = self.plan
        if plan.tricks_left is not None and plan.tricks_left(state) <= self.endgame:
            horizon = _Horizon(self.game, plan, dealt)
            if not horizon.ended(state):
                return solve(self.game, state, horizon, table)[self.seat]
        if plan.playout == "rollout":
            return self.game.rollout(state, derive_seed(self.seed, i, 0xB1A5))[self.seat]
        return self._policy_playout(state, _Horizon(self.game, plan, dealt))[self.seat]

    def _policy_playout(self, state: Any, horizon: _Horizon) -> Rewards:
        """The rule of thumb for every seat from its view of ``state``, to the deal's end; the
        solver takes over once few tricks are left."""
        view, policy, apply, tricks_left = self.game.view, self.policy, self.apply, self.plan.tricks_left
        while not horizon.ended(state):
            if tricks_left is not None and tricks_left(state) <= self.endgame:
                return solve(self.game, state, horizon)
            state = apply(state, policy(view(state, state.to_act)))
        return horizon.value(state)


class _Tally:
    """The deals' weighted values of each move so far: their ``totals``, how many deals each move
    ``met``, and ``squares``, the sum over the deals of the squared difference between a move's
    weighted value and the ``first`` move's (the rule of thumb's) on the same deal, for the paired
    test of the plan's ``anchor``; with ``keep``, each deal's weight and values in ``rows``."""

    __slots__ = ("first", "met", "rows", "squares", "totals")

    def __init__(self, first: Any, keep: bool = False) -> None:
        self.first = first
        self.totals: dict[Any, float] = {}
        self.squares: dict[Any, float] = {}
        self.met: dict[Any, int] = {}
        self.rows: list[tuple[float, dict[Any, float]]] | None = [] if keep else None

    def add(self, rewards: dict[Any, float], weight: float = 1.0) -> None:
        """One deal's rewards of the moves it judged, the deal weighted by ``weight``."""
        if self.rows is not None:
            self.rows.append((weight, rewards))
        values = {move: weight * reward for move, reward in rewards.items()}
        base = values.get(self.first)
        for move, value in values.items():
            self.totals[move] = self.totals.get(move, 0.0) + value
            self.met[move] = self.met.get(move, 0) + 1
            if base is not None:
                self.squares[move] = self.squares.get(move, 0.0) + (value - base) ** 2

    def best(self, moves: list[Any], anchor: float) -> Any:
        """The move of the highest total among ``moves`` (the first of the best), unless ``first``
        is among them and the best's mean lead over it on the deals both met is within ``anchor``
        standard errors of that paired difference (or one deal alone, with no spread to measure,
        was met: then no lead is shown): then ``first``."""
        best = max(moves, key=self.totals.__getitem__)
        n = self.met[best]
        if best == self.first or self.first not in moves or anchor == 0:
            return best
        if n < 2:
            return self.first
        lead = (self.totals[best] - self.totals[self.first]) / n
        spread = max(0.0, self.squares[best] / n - lead * lead) * n / (n - 1)
        return best if lead > anchor * math.sqrt(spread / n) else self.first


def _first_deal(
    search: _Search, moves: list[Any], budget: Budget, tally: _Tally, whole: bool = False
) -> list[Any]:
    """The first deal, over ``moves`` in turn while the budget lasts (two moves at least; all of
    them if ``whole``): the moves it reached, which alone are compared if no second deal fits."""
    dealt = search.deal(0)
    weight = search.weight(dealt)
    table: dict[Any, Rewards] = {}
    values: dict[Any, float] = {}
    reached = moves
    for k, move in enumerate(moves):
        if k >= 2 and not whole and not budget.affords():
            reached = moves[:k]
            break
        values[move] = search.judge(dealt, move, 0, table)
        budget.spend()
    tally.add(values, weight)
    return reached


def _play_deal(search: _Search, moves: list[Any], budget: Budget, i: int, tally: _Tally) -> bool:
    """Deal ``i`` over every move of ``moves``, its weighted value added to each one's tally; on
    the clock the deal is dropped, uncounted, if it runs so long that its next judgement would
    overrun the budget (a dear deal must not overrun it by a whole deal). Whether it was counted."""
    dealt = search.deal(i)
    weight = search.weight(dealt)
    table: dict[Any, Rewards] = {}
    values: dict[Any, float] = {}
    for move in moves:
        if values and budget.timed and not budget.affords():
            return False
        values[move] = search.judge(dealt, move, i, table)
        budget.spend()
    tally.add(values, weight)
    return True


def _more_deals(search: _Search, moves: list[Any], budget: Budget, deals: int, tally: _Tally) -> int:
    """Further deals over every move, each only if it is expected to fit whole (so every move
    meets the same deals); how many deals were played, the first included."""
    done = 1
    while done < deals and budget.affords(len(moves)):
        if not _play_deal(search, moves, budget, done, tally):
            break
        done += 1
    return done


def _halving(search: _Search, moves: list[Any], budget: Budget, deals: int, tally: _Tally) -> list[Any]:
    """Sequential halving after the first deal: rounds of deals over the moves still in, then the
    worse half dropped, until one is left or the budget is spent. A round gets one deal at least,
    and a share of the budget left over the rounds left (``ceil(log2)`` of the moves in): of the
    ``deals`` left, or of the time left (a deal only if expected to fit whole, so the moves still
    in have all met the same deals). The moves still in at the end."""
    done = 1
    totals = tally.totals
    while len(moves) > 1 and (budget.affords(len(moves)) if budget.timed else done < deals):
        rounds = math.ceil(math.log2(len(moves)))
        by = budget.elapsed() + budget.left() / rounds
        share = done + max(1, (deals - done) // rounds)
        counted = _play_deal(search, moves, budget, done, tally)
        done += 1
        while counted and (budget.affords(len(moves), by) if budget.timed else done < min(share, deals)):
            counted = _play_deal(search, moves, budget, done, tally)
            done += 1
        if not counted:  # the time is out: the moves still in have met the same counted deals
            break
        # A stable sort: among equal totals the rule of thumb's move, first, stays ahead.
        moves = sorted(moves, key=lambda m: -totals[m])[: (len(moves) + 1) // 2]
    return moves


def _choices(plan: _Plan, view: Any, moves: list[Any]) -> list[Any]:
    """The first of ``moves`` of each choice the view tells apart (all of them where the plan has
    no ``seen_as``)."""
    seen_as = plan.seen_as
    if seen_as is None:
        return moves
    first: dict[object, Any] = {}
    for move in moves:
        first.setdefault(seen_as(view, move), move)
    return list(first.values())


def _opening(view: Any, seed: int, endgame: int, epsilon: float | None) -> tuple[_Search | None, list[Any]]:
    """A decision's search and its choices, the rule of thumb's move first (no search, and the
    one legal move, where there is one): a ``StateError`` for anything but a game's view with a
    move, a ``ConfigError`` for a bad seed, before any work."""
    game = game_of_view(view)
    moves = view.legal_moves
    if not moves:
        raise StateError(f"seat {view.player} has no move to choose in this view")
    derive_seed(seed)
    if len(moves) == 1:
        return None, [moves[0]]
    search = _Search(game, view, seed, endgame, epsilon)
    first = search.policy(view)
    return search, _choices(search.plan, view, [first, *(m for m in moves if m != first)])


_DEALS = 40
"""The deals a decision when no budget is given."""


def _check_deals(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(f"PIMCBot {attribute.name} must be an int >= 1, got {short_repr(value)}")


def _check_endgame(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 8:
        raise ConfigError(f"PIMCBot endgame must be an int from 0 to 8 (tricks), got {short_repr(value)}")


def _check_epsilon(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value <= 1:
        raise ConfigError(f"PIMCBot epsilon must be None or a number in (0, 1], got {short_repr(value)}")


def _check_root(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in ("flat", "halving"):
        raise ConfigError(f"PIMCBot root must be 'flat' or 'halving', got {short_repr(value)}")


def _check_time(instance: PIMCBot, attribute: attrs.Attribute[float | None], value: float | None) -> None:
    check_time_per_move("PIMCBot", value, "deals", instance.deals, _DEALS)


@attrs.frozen
class PIMCBot:
    """Perfect-information Monte Carlo: every legal move judged on the same sampled deals, with
    every card face up (see the module docstring).

    The budget of a decision is ``deals`` deals of the hidden cards (default 40), or, with
    ``time_per_move``, seconds of CPU time of the bot's own process: deals while one more is
    expected to fit whole (at the mean cost of a judgement so far; one that runs over is dropped
    uncounted), the first always (cut short after two moves if the time runs out: then only the
    moves it reached compete). ``root``:
    ``"flat"`` (the default) judges every legal move on every deal; ``"halving"`` spends the budget
    by sequential halving after the first deal: rounds of deals over the moves still in, each a
    share of the budget left over the rounds left (``ceil(log2)`` of the moves in), the worse half
    dropped after each; either way the moves compared have met the same deals. ``endgame``: the
    tricks left in a deal from which the solver plays it out exactly (default 2; 0 never) in games
    with tricks (in 80 Points the cards left in a hand, a double or sisters playing several a
    trick). ``epsilon``: the rule-of-thumb model's share of random play in the weighting of
    the deals (``None``: deals not weighted). On ``deals`` the move depends on the view and the
    seed only; on the clock also on the machine's speed. The first move judged, and the one kept on
    a tie, is the rule-of-thumb policy's; in open-hands Rugby League another move is played only if
    its mean leads the rule of thumb's by more than two standard errors (its playouts are too noisy
    to follow a plain highest mean), in 80 Points by more than one (its many moves meet few deals).
    A view with one legal move is answered without searching, and so is one whose moves are all
    one choice to the seat (blind Rugby League's face-down slots: the rule of thumb's pick). Blind
    Rugby League's other choices are answered without searching too, by the minimax values
    of its public scoreboard, each set's solved once per process when first needed (about 0.16 s
    at a process's first blind choice, from the kick-off).
    """

    deals: int = attrs.field(default=_DEALS, validator=_check_deals)
    endgame: int = attrs.field(default=2, validator=_check_endgame)
    epsilon: float | None = attrs.field(default=0.5, validator=_check_epsilon)
    root: Literal["flat", "halving"] = attrs.field(default="flat", validator=_check_root)
    time_per_move: float | None = attrs.field(default=None, validator=_check_time, kw_only=True)

    def choose(self, view: Any, seed: int) -> Any:
        """The move of the best mean reward over the deals the budget allows."""
        timed = self.time_per_move is not None
        budget = Budget(seconds=self.time_per_move) if timed else Budget(self.deals * 10**6)
        search, order = _opening(view, seed, self.endgame, self.epsilon)
        if search is None or len(order) == 1:
            return order[0]
        public = search.plan.public
        exact = None if public is None else public(view, order)
        if exact is not None:
            return order[max(range(len(order)), key=lambda k: (exact[k], -k))]
        tally = _Tally(order[0])
        order = _first_deal(search, order, budget, tally)
        deals = 2**62 if timed else self.deals
        if self.root == "halving":
            order = _halving(search, order, budget, deals, tally)
        else:
            _more_deals(search, order, budget, deals, tally)
        return tally.best(order, search.plan.anchor)  # the first of the best: the policy's on a tie


def _weighted(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """The weighted mean of ``(weight, value)`` pairs, each deal's value counted by its weight
    (self-normalised), and its standard error: ``sqrt(n / (n - 1) * sum(w**2 * (v - mean)**2)) /
    sum(w)`` over the ``n`` deals, the sample's standard error of the mean when every weight is
    equal (0 for one deal, with no spread to measure)."""
    total = math.fsum(w for w, _ in pairs)
    mean = math.fsum(w * v for w, v in pairs) / total
    n = len(pairs)
    if n < 2:
        return mean, 0.0
    spread = math.fsum((w * (v - mean)) ** 2 for w, v in pairs) * n / (n - 1)
    return mean, math.sqrt(spread) / total


@attrs.frozen
class MoveEstimates:
    """Every legal move of a view judged by the PIMC search (``estimate_moves``): ``moves``, the
    view's legal moves in its order; ``rows``, each deal's weight and each move's reward to the
    view's seat on it (moves the seat cannot tell apart share their values); ``exact``, each
    move's exact reward where the plan answers from public facts alone (then no deal is dealt);
    neither where the seat has one choice."""

    moves: tuple[Any, ...]
    rows: tuple[tuple[float, tuple[float, ...]], ...] = ()
    exact: tuple[float, ...] | None = None

    @property
    def deals(self) -> int:
        """The deals every move was judged on."""
        return len(self.rows)

    def reward(self, k: int) -> tuple[float, float]:
        """The ``k``-th move's mean reward over the deals, weighted by each deal's likelihood as
        the search weights it, and its standard error (the exact reward and 0 where ``exact``)."""
        if self.exact is not None:
            return self.exact[k], 0.0
        return _weighted([(w, values[k]) for w, values in self.rows])

    def lead(self, i: int, j: int) -> tuple[float, float]:
        """The ``i``-th move's mean reward less the ``j``-th's, over the deals both met, and the
        standard error of that paired difference (the deal's luck cancels out of it)."""
        if self.exact is not None:
            return self.exact[i] - self.exact[j], 0.0
        return _weighted([(w, values[i] - values[j]) for w, values in self.rows])


def estimate_moves(
    view: Any,
    seed: int,
    *,
    deals: int | None = None,
    seconds: float | None = None,
    endgame: int = 2,
    epsilon: float | None = 0.5,
    among: tuple[Any, ...] | None = None,
) -> MoveEstimates:
    """Every legal move of ``view`` (or only those ``among``, legal moves, in that order) judged
    as ``PIMCBot(endgame=endgame, epsilon=epsilon)`` judges them, on the same deals of the hidden
    cards (dealt from the view alone with the game's ``sample_state``, as the bot deals them for
    the same seed), every move on every deal: ``deals`` deals, or as many as ``seconds`` of CPU
    time allow (the first deal whole, then each only if expected to fit whole), or both, whichever
    ends first. The plan's exact public values where it has them (blind Rugby League); no deal
    where the seat has one choice. The caller checks the budget (``deals`` an int >= 1,
    ``seconds`` above 0; one of them at least)."""
    if deals is None and seconds is None:
        raise ConfigError("estimate_moves needs deals, seconds or both")
    budget = Budget(seconds=seconds) if seconds is not None else Budget(2**62)
    search, order = _opening(view, seed, endgame, epsilon)
    moves = tuple(view.legal_moves) if among is None else among
    if search is None or len(order) == 1:
        return MoveEstimates(moves)
    seen_as = search.plan.seen_as
    if among is not None:
        wanted = {m if seen_as is None else seen_as(view, m) for m in among}
        order = [m for m in order if (m if seen_as is None else seen_as(view, m)) in wanted]
    if seen_as is None:
        index = [order.index(m) for m in moves]
    else:
        keys = [seen_as(view, m) for m in order]
        index = [keys.index(seen_as(view, m)) for m in moves]
    public = search.plan.public
    exact = None if public is None else public(view, order)
    if exact is not None:
        return MoveEstimates(moves, exact=tuple(exact[i] for i in index))
    tally = _Tally(order[0], keep=True)
    _first_deal(search, order, budget, tally, whole=True)
    _more_deals(search, order, budget, 2**62 if deals is None else deals, tally)
    rows = tally.rows or []
    return MoveEstimates(moves, tuple((w, tuple(values[order[i]] for i in index)) for w, values in rows))


def solve_move(
    game: AnyGame, state: Any, move: Any, tricks: int, table: dict[Any, Rewards]
) -> Rewards | None:
    """Each seat's exact reward after ``move`` in ``state`` with every card face up (the solver of
    ``solve``), to the end of the deal as the game's plan scores it, where at most ``tricks`` tricks
    are left in the deal after the move; ``None`` where more are, or where the plan counts no
    tricks. ``table`` caches the states met (share it between the moves of one ``state``)."""
    plan = _plans._PLANS[game.NAME]
    if plan.tricks_left is None:
        return None
    after = game.apply(state, move)
    horizon = _Horizon(game, plan, state)
    if horizon.ended(after):
        return horizon.value(after)
    if plan.tricks_left(after) > tricks:
        return None
    return solve(game, after, horizon, table)
