"""Search on a time budget: ``ISMCTSBot(time_per_move=...)`` and the clock it reads.

The search's logic is tested on a fake clock that advances one tick for each playout, so that the
iterations and rounds a budget buys are exact; one test reads the real clock, with a generous
margin, to check that the bot uses it.
"""

from __future__ import annotations

import functools
import itertools
import math
import pickle
import time
from types import SimpleNamespace
from typing import Any, Literal

import pytest

from cardrules import ConfigError, clubs
from cardrules.arena import run_matches
from cardrules.bots import HeuristicBot, ISMCTSBot
from cardrules.bots._budget import Budget
from cardrules.bots.ismcts import _seeded_order
from cardrules.rng import derive_seed


class _Ticks:
    """A fake CPU clock: ``now`` ticks, advanced by the fake game's playouts."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _fake_game(
    monkeypatch: pytest.MonkeyPatch, moves: int, value: Any = None
) -> tuple[Any, list[tuple[int, int, int]]]:
    """A game of ``moves`` root moves, each playout one tick of a fake clock the bot's budget reads;
    the view, and the log of playouts as (move, deal, playout seed). ``value(move, seed)`` is the
    deciding seat's reward (default: the move's number over ``moves``)."""
    ticks = _Ticks()
    played: list[tuple[int, int, int]] = []
    deals = itertools.count()
    current = [0]

    root = SimpleNamespace(to_act=0)

    def sample_state(view: Any, seed: int) -> Any:
        current[0] = next(deals)
        return root

    def rollout(state: Any, seed: int) -> tuple[float, ...]:
        ticks.now += 1.0
        played.append((state.move, current[0], seed))
        reward = state.move / moves if value is None else value(state.move, seed)
        return (reward, 0.5)

    spy = SimpleNamespace(
        sample_state=sample_state,
        rollout=rollout,
        legal_moves=lambda state: tuple(range(moves)),
        apply=lambda state, move: SimpleNamespace(to_act=None, move=move),  # each move ends the game
    )
    monkeypatch.setattr("cardrules.bots.ismcts.game_of_view", lambda v: spy)
    monkeypatch.setattr("cardrules.bots.ismcts.Budget", functools.partial(Budget, clock=ticks))
    return SimpleNamespace(legal_moves=tuple(range(moves)), player=0), played


_NOT_TIMES: tuple[object, ...] = (True, False, 0, 0.0, -1, -0.5, math.nan, math.inf, -math.inf, "0.2", [])


@pytest.mark.parametrize("junk", _NOT_TIMES, ids=[repr(j) for j in _NOT_TIMES])
def test_time_per_move_is_a_finite_positive_number_of_seconds(junk: object) -> None:
    with pytest.raises(ConfigError, match="time_per_move must be a finite number of seconds > 0"):
        ISMCTSBot(time_per_move=junk)  # type: ignore[arg-type]


def test_iterations_or_time_per_move_governs_never_both() -> None:
    """No time given: ``iterations``, 1000 by default. A time governs, ``iterations`` left at its
    default; a count of iterations besides is refused, by name. The arena labels a timed bot by
    its time alone."""
    from cardrules.arena import _labels

    assert ISMCTSBot().iterations == 1000 and ISMCTSBot().time_per_move is None
    assert ISMCTSBot(500).iterations == 500
    timed = ISMCTSBot(time_per_move=0.2, root="halving")
    assert timed.time_per_move == 0.2
    assert pickle.loads(pickle.dumps(timed)) == timed
    assert _labels([timed, ISMCTSBot()]) == ["ISMCTSBot(root='halving', time_per_move=0.2)", "ISMCTSBot"]
    with pytest.raises(ConfigError, match="iterations or time_per_move, not both"):
        ISMCTSBot(iterations=500, time_per_move=0.2)
    with pytest.raises(ConfigError, match="iterations must be an int >= 1"):
        ISMCTSBot(iterations=0, time_per_move=0.2)


def test_a_bad_setting_is_named_in_a_bounded_message() -> None:
    with pytest.raises(ConfigError) as raised:
        ISMCTSBot(time_per_move="9" * 100_000)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 300
    with pytest.raises(ConfigError) as raised:
        ISMCTSBot(iterations=10**10_000 // 10**9_990, time_per_move=1e300)
    assert len(str(raised.value)) < 300


def test_budget_counts_iterations_or_predicts_from_the_mean_on_the_clock() -> None:
    counted = Budget(iterations=2)
    assert not counted.timed and counted.affords(2) and not counted.affords(3)
    counted.spend(2)
    assert not counted.affords()
    ticks = _Ticks()
    timed = Budget(seconds=10.0, clock=ticks)
    assert timed.timed and timed.affords(1000)  # nothing spent yet: nothing to predict from
    ticks.now = 11.0
    assert timed.affords(1)  # the first iteration, even out of time: a search searches
    ticks.now = 4.0
    timed.spend(2)  # 2 ticks an iteration
    assert timed.affords(3) and not timed.affords(4)
    assert timed.affords(1, by=6.0) and not timed.affords(2, by=6.0)
    assert (timed.elapsed(), timed.left()) == (4.0, 6.0)
    with pytest.raises(ConfigError, match="exactly one"):
        Budget(iterations=5, seconds=1.0)


def test_ucb_on_the_clock_iterates_while_an_iteration_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    """One tick a playout: a budget of 50.5 ticks buys 50 iterations, none started that would end
    after it; 50 ticks buy 50 too (the last ends on the dot)."""
    view, played = _fake_game(monkeypatch, 6)
    for budget in (50.5, 50.0):
        played.clear()
        choice = ISMCTSBot(time_per_move=budget).choose(view, 3)
        assert len(played) == 50
        deals = [deal for _, deal, _ in played]
        assert deals == list(range(deals[0], deals[0] + 50))  # a fresh deal an iteration
        assert choice == 5  # the best move, which UCB1 visits most


def test_halving_on_the_clock_spends_each_round_its_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """8 moves, 120 ticks: 3 rounds. Round 1 has 120 / 3 = 40 ticks, 5 deals of 8 moves; round 2
    (4 moves) half of the 80 left, 10 deals; round 3 (2 moves) the last 40, 20 deals. Each deal is
    shared by every move still in, with one playout seed; a noise 20 times the edge of the best
    move cancels out of the comparison."""
    target = 5

    def value(move: int, seed: int) -> float:
        return (seed % 1000) / 1000 * 0.9 + (0.045 if move == target else 0.0)

    view, played = _fake_game(monkeypatch, 8, value)
    assert ISMCTSBot(time_per_move=120.0, root="halving").choose(view, 4) == target
    assert len(played) == 120
    by_deal = [[(m, s) for m, _, s in group] for _, group in itertools.groupby(played, lambda p: p[1])]
    assert all(len({s for _, s in group}) == 1 for group in by_deal)  # one playout seed a deal
    rounds = [(size, len(list(run))) for size, run in itertools.groupby(len(group) for group in by_deal)]
    assert rounds == [(8, 5), (4, 10), (2, 20)]
    moves_of = [{m for m, _ in group} for group in by_deal]
    assert all(later <= earlier for earlier, later in itertools.pairwise(moves_of))
    assert target in moves_of[-1]


def test_halving_on_the_clock_keeps_the_moves_a_cut_deal_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    """100 moves, 70 ticks: round 1's share, 70 / 7 = 10 ticks, ends the first deal after 10
    moves, the first 10 of the order drawn from the seed, which all go on (the cut stands for the
    halving); the 70 ticks are never exceeded and the best of the 10 is played."""
    view, played = _fake_game(monkeypatch, 100)
    choice = ISMCTSBot(time_per_move=70.0, root="halving").choose(view, 5)
    first = [m for m, deal, _ in played if deal == 0]
    assert first == _seeded_order(100, 5)[:10]
    assert {m for m, deal, _ in played if deal == 1} == set(first)
    assert all(m in first for m, _, _ in played)
    assert len(played) == 70
    assert choice == max(first)


def test_halving_on_the_clock_ends_with_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """However the budget falls, the search never starts a playout that would end after it, nor
    a deal that could not play two moves in time (3 ticks for 40 moves: one deal of two; with
    17.5 ticks, the first deal cut after two moves, then seven deals of those two)."""
    for moves, budget, spent in ((40, 3.0, 2), (40, 17.5, 16), (3, 9.0, 9), (2, 5.0, 4), (64, 200.0, 199)):
        view, played = _fake_game(monkeypatch, moves)
        choice = ISMCTSBot(time_per_move=budget, root="halving").choose(view, 1)
        assert len(played) == spent
        assert choice == max(m for m, _, _ in played)


def test_a_timed_search_spends_about_its_budget_of_cpu_time() -> None:
    """On the real clock, in Clubs: at least half the budget, at most the budget plus a margin of
    twenty iterations of this machine (a bound the search keeps with room, on a loaded machine)."""
    state = clubs.new_game(8, clubs.Config(threshold=8))
    while len(clubs.legal_moves(state)) < 3:
        state = clubs.apply(state, HeuristicBot().choose(clubs.view(state, state.to_act or 0), 0))
    view = clubs.view(state, state.to_act or 0)
    start = time.process_time()
    ISMCTSBot(iterations=50).choose(view, 1)
    iteration = (time.process_time() - start) / 50
    for root in ("ucb", "halving"):
        start = time.process_time()
        move = ISMCTSBot(time_per_move=0.05, root=root).choose(view, derive_seed(2))
        spent = time.process_time() - start
        assert move in view.legal_moves
        assert 0.025 <= spent <= 0.05 + 20 * iteration


@pytest.mark.parametrize("root", ["ucb", "halving"])
def test_a_budget_too_small_for_one_iteration_still_searches(
    monkeypatch: pytest.MonkeyPatch, root: Literal["ucb", "halving"]
) -> None:
    """Out of time before the search starts: one iteration (a deal of two moves with halving)."""
    view, played = _fake_game(monkeypatch, 5)
    ticks = _Ticks()
    ticks.now = 0.0

    def late() -> float:  # the clock jumps past the budget as soon as it has started
        ticks.now += 10.0
        return ticks.now

    monkeypatch.setattr("cardrules.bots.ismcts.Budget", functools.partial(Budget, clock=late))
    move = ISMCTSBot(time_per_move=1.0, root=root).choose(view, 2)
    assert len(played) == (1 if root == "ucb" else 2)
    assert move == (played[0][0] if root == "ucb" else max(m for m, _, _ in played))


def test_the_arena_plays_timed_bots() -> None:
    result = run_matches(
        "clubs", [ISMCTSBot(time_per_move=0.002), HeuristicBot()], 2, 4, config=clubs.Config(threshold=3)
    )
    assert sum(r.games for r in result.records) == 4 and not result.failures
