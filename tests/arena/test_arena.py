"""The arena: results independent of the executor, seat rotation, records, failures, the CLI."""

from __future__ import annotations

import io
import math
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import redirect_stderr, redirect_stdout, suppress
from typing import Any

import attrs
import pytest

from cardrules import ConfigError, clubs, manager, pub_derby
from cardrules.arena import ArenaInterrupted, GameResult, _records, run_matches
from cardrules.bots import Bot, HeuristicBot, RandomBot
from cardrules.cli import main
from cardrules.rng import derive_seed
from cardrules.runner import play
from cardrules.transcript import replay


def test_results_are_the_same_in_process_on_threads_and_on_processes() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    local = run_matches("manager", bots, 12, 7)
    with ThreadPoolExecutor(3) as pool:
        threaded = run_matches("manager", bots, 12, 7, executor=pool)
    with ProcessPoolExecutor(2) as pool:
        processes = run_matches("manager", bots, 12, 7, executor=pool)
    assert local == threaded == processes
    assert [r.index for r in local.results] == list(range(12))


def test_game_i_is_the_game_play_would_give_with_derived_seed_and_rotated_seats() -> None:
    """Game i is dealt from derive_seed(seed, i); seat s plays bots[(s + i) % len(bots)]."""
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    result = run_matches("pub_derby", bots, 4, 3)
    for r in result.results:
        assert r.seats == tuple((s + r.index) % 2 for s in range(4))
        final = replay(play("pub_derby", [bots[b] for b in r.seats], derive_seed(3, r.index)))
        outcome = pub_derby.outcome(final)
        assert outcome is not None
        assert (r.scores, r.winners) == (outcome.scores, outcome.winners)


def test_without_rotation_every_game_has_the_same_seating() -> None:
    result = run_matches(
        "clubs", [HeuristicBot(), RandomBot()], 3, 1, config=clubs.Config(threshold=5), rotate_seats=False
    )
    assert {r.seats for r in result.results} == {(0, 1, 0, 1)}


def test_records_count_wins_draws_losses_and_points() -> None:
    """Two bots over hand-made results: bot a wins games 0 and 1 (in game 1 it sits at seat 1), game
    2 is a draw, game 3 a Clubs win shared by a seat of each bot (a draw); game 4 raised."""
    results = [
        GameResult(index=0, seats=(0, 1), scores=(3.0, 1.0), winners=(0,)),
        GameResult(index=1, seats=(1, 0), scores=(2.0, 5.0), winners=(1,)),
        GameResult(index=2, seats=(0, 1), scores=(4.0, 4.0), winners=(0, 1)),
        GameResult(index=3, seats=(0, 1, 0, 1), scores=(1.0, 2.0, 3.0, 1.0), winners=(0, 3)),
        GameResult(index=4, seats=(0, 1), scores=(), winners=(), error="ValueError: boom", transcript=None),
    ]
    first, second = _records(["a", "b"], results)
    assert (first.games, first.wins, first.draws, first.losses, first.points) == (4, 2, 2, 0, 3.0)
    assert (second.games, second.wins, second.draws, second.losses, second.points) == (4, 0, 2, 2, 1.0)
    assert first.win_rate == 0.75
    # Bot a's mean score: game 0: 3, game 1 (seat 1): 5, game 2: 4, game 3: (1 + 3) / 2 = 2.
    assert first.mean_score == pytest.approx((3 + 5 + 4 + 2) / 4)
    lo, hi = first.win_rate_ci
    assert 0.2 < lo < 0.75 < hi <= 1


def test_wilson_interval_of_a_clean_sweep_stays_below_one() -> None:
    results = [GameResult(index=i, seats=(0, 1), scores=(1.0, 0.0), winners=(0,)) for i in range(20)]
    first, second = _records(["a", "b"], results)
    assert first.win_rate == 1.0 and first.win_rate_ci[1] == 1.0
    assert 0.8 < first.win_rate_ci[0] < 0.9  # Wilson: 20 / 21.92... = 0.839
    assert second.win_rate_ci[0] == 0.0 and 0.1 < second.win_rate_ci[1] < 0.2


@attrs.frozen
class _BrokenBot:
    """Plays the first legal move until fewer than 40 cards are in hand, then returns junk."""

    def choose(self, view: Any, seed: int) -> Any:
        if sum(view.hand_sizes) < 40:
            return "not a move"
        return view.legal_moves[0]


def test_a_bot_that_moves_illegally_forfeits_and_the_table_counts_it() -> None:
    result = run_matches("clubs", [_BrokenBot(), RandomBot()], 2, 0, config=clubs.Config(threshold=5))
    assert len(result.failures) == 2
    for failure in result.failures:
        assert failure.forfeit is not None
        assert failure.seats[failure.forfeit] == 0  # a seat of the broken bot (bot 0)
        assert failure.error is not None and "which is not a legal move" in failure.error
        assert failure.winners == tuple(s for s in range(4) if failure.seats[s] == 1)
        assert failure.transcript is not None
        stopped = replay(failure.transcript)  # the moves up to the failure replay cleanly
        assert stopped.to_act == failure.forfeit
        assert sum(len(h) for h in stopped.hands) < 40
    broken, honest = result.records
    assert (broken.games, broken.losses, broken.forfeits, broken.win_rate) == (2, 2, 2, 0.0)
    assert (honest.games, honest.wins, honest.forfeits, honest.win_rate) == (2, 2, 0, 1.0)
    assert "2 games forfeited (counted as losses)" in result.table()


def test_bad_arguments_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="no game"):
        run_matches("chess", [RandomBot()], 1, 0)
    with pytest.raises(ConfigError, match="give 1 to 2 bots"):
        run_matches("manager", [RandomBot()] * 3, 1, 0)
    with pytest.raises(ConfigError, match="games"):
        run_matches("manager", [RandomBot()], -1, 0)
    with pytest.raises(ConfigError, match="not a bot"):
        run_matches("manager", [object()], 1, 0)  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="workers"):
        run_matches("manager", [RandomBot()], 1, 0, workers=0)
    with pytest.raises(ConfigError, match="workers must be an int from 1 to 1024, got 1025"):
        run_matches("manager", [RandomBot()], 1, 0, workers=1025)
    with pytest.raises(ConfigError, match="rotate_seats is True or False"):
        run_matches("manager", [RandomBot()], 1, 0, rotate_seats=1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"executor must be a concurrent\.futures\.Executor"):
        run_matches("manager", [RandomBot()], 1, 0, executor="local")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="progress must be a callable"):
        run_matches("manager", [RandomBot()], 1, 0, progress="bar")  # type: ignore[arg-type]


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run_matches("manager", [RandomBot(), RandomBot()], 3, 0, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_cli_arena_prints_the_table_and_no_progress_into_a_short_log() -> None:
    out, err = io.StringIO(), io.StringIO()
    from contextlib import redirect_stdout

    with redirect_stdout(out), redirect_stderr(err):
        status = main(["arena", "manager", "--bots", "heuristic,random", "--games", "6", "--seed", "2"])
    assert status == 0
    text = out.getvalue()
    assert "HeuristicBot" in text and "RandomBot" in text and "games/s" in text
    assert err.getvalue() == ""  # not a terminal, and done before a progress line was due
    table = run_matches("manager", [HeuristicBot(), RandomBot()], 6, 2).table()
    assert table in text


def test_cli_arena_passes_iterations_and_root_to_ismcts() -> None:
    out = io.StringIO()
    argv = [
        "arena",
        "clubs",
        "--bots",
        "ismcts,random",
        "--games",
        "2",
        "--iterations",
        "7",
        "--root",
        "halving",
        "--expand-after",
        "9",
    ]
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    assert "ISMCTSBot(iterations=7, root='halving', expand_after=9)" in out.getvalue()  # not the defaults


def test_cli_arena_rejects_an_unknown_bot() -> None:
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["arena", "manager", "--bots", "alphazero,random", "--games", "2"]) == 2
    assert "no bot named 'alphazero'" in err.getvalue()


def test_dask_executor_gives_the_same_results() -> None:
    distributed = pytest.importorskip("distributed")
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = run_matches("manager", bots, 10, 5, executor=client.get_executor())
    assert remote == run_matches("manager", bots, 10, 5)
    assert remote.game == manager.NAME


def test_duplicate_deals_each_deal_to_every_rotation() -> None:
    """With duplicate=True games 2k and 2k+1 are dealt from derive_seed(seed, k), the seats swapped."""
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    result = run_matches("pub_derby", bots, 6, 3, duplicate=True)
    for g in result.results:
        assert g.seats == ((0, 1, 0, 1) if g.index % 2 == 0 else (1, 0, 1, 0))
        transcript = play("pub_derby", [bots[b] for b in g.seats], derive_seed(3, g.index // 2))
        final = pub_derby.outcome(replay(transcript))
        assert final is not None and (final.scores, final.winners) == (g.scores, g.winners)
    plain = run_matches("pub_derby", bots, 6, 3)
    assert [g.scores for g in plain.results] != [g.scores for g in result.results]
    with pytest.raises(ConfigError):
        run_matches("pub_derby", bots, 2, 3, duplicate=True, rotate_seats=False)


class InterruptAt:
    """A progress callback that presses Ctrl-C once ``count`` games have finished."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __call__(self, done: int, total: int) -> None:
        if done >= self.count:
            raise KeyboardInterrupt


@pytest.mark.slow  # worker processes interrupted mid-match
@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_raises_with_the_finished_games(workers: int) -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    with pytest.raises(ArenaInterrupted) as info:
        run_matches("manager", bots, 300, 4, workers=workers, progress=InterruptAt(5))
    stop = info.value
    assert isinstance(stop, KeyboardInterrupt)
    assert stop.planned == 300
    finished = stop.result.results
    assert 5 <= len(finished) < 300
    assert str(stop) == f"interrupted after {len(finished)} of 300 games"
    assert [r.index for r in finished] == sorted(r.index for r in finished)
    full = run_matches("manager", bots, 300, 4, workers=1).results
    assert list(finished) == [full[r.index] for r in finished]
    assert sum(r.games for r in stop.result.records) == 2 * len(finished)
    assert multiprocessing.active_children() == []  # the arena's workers are gone


@attrs.frozen
class AwayBot:
    """Plays randomly, but only in a process other than ``home`` (it raises at home)."""

    home: int

    def choose(self, view: Any, seed: int) -> Any:
        if os.getpid() == self.home:
            raise RuntimeError("played in the calling process")
        return RandomBot().choose(view, seed)


def test_workers_one_plays_in_this_process_and_more_on_a_pool() -> None:
    bots: list[Bot] = [AwayBot(os.getpid()), RandomBot()]
    at_home = run_matches("manager", bots, 2, 0, workers=1)
    assert [r.error for r in at_home.results] == [
        "the bot at seat 0 forfeits: its choose raised RuntimeError: played in the calling process",
        "the bot at seat 1 forfeits: its choose raised RuntimeError: played in the calling process",
    ]
    away = run_matches("manager", bots, 2, 0, workers=2)
    assert away.failures == ()
    assert away.results == run_matches("manager", [RandomBot(), RandomBot()], 2, 0).results


@attrs.frozen
class SleepyBot:
    """Plays the first legal move after sleeping ``seconds``; with ``stubborn``, it catches every
    ``Exception`` around its sleep, as a careless bot might."""

    seconds: float
    stubborn: bool = False

    def choose(self, view: Any, seed: int) -> Any:
        if self.stubborn:
            with suppress(Exception):
                time.sleep(self.seconds)
        else:
            time.sleep(self.seconds)
        return view.legal_moves[0]


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("stubborn", [False, True])
def test_a_bot_over_the_move_limit_is_interrupted_and_forfeits(workers: int, stubborn: bool) -> None:
    """A bot that would sleep 30 s a move is stopped at 0.2 s, in this process and in workers, even
    when it catches ``Exception``; the run does not wait for it."""
    start = time.monotonic()
    bots: list[Bot] = [SleepyBot(30, stubborn), RandomBot()]
    result = run_matches("manager", bots, 2, 3, workers=workers, move_timeout=0.2)
    assert time.monotonic() - start < 10
    assert [r.forfeit is not None for r in result.results] == [True, True]
    for r in result.results:
        assert r.forfeit is not None and r.seats[r.forfeit] == 0
        assert r.error is not None and r.error.endswith("it took more than the 0.2 s a move allows")
    assert [(x.games, x.losses, x.forfeits) for x in result.records] == [(2, 2, 2), (2, 0, 0)]


def test_a_bot_that_uses_up_its_clock_for_the_game_forfeits() -> None:
    """0.05 s a move is within a 1 s move limit, but a seat may think 0.3 s in all in one game."""
    bots: list[Bot] = [SleepyBot(0.05), RandomBot()]
    result = run_matches("manager", bots, 1, 3, workers=1, move_timeout=1, game_timeout=0.3)
    (game,) = result.results
    assert game.forfeit is not None and game.seats[game.forfeit] == 0
    assert game.error is not None and game.error.endswith("it used up its 0.3 s for the game")
    assert game.transcript is not None
    own_moves = len(game.transcript.moves[game.forfeit :: 2])  # Manager's seats alternate...
    assert own_moves >= 3  # ...and it made several moves before its clock ran out


def test_off_the_main_thread_a_late_move_still_forfeits_once_made() -> None:
    """No alarm can interrupt a thread: the late move is judged when the bot returns."""
    bots: list[Bot] = [SleepyBot(0.3), RandomBot()]
    with ThreadPoolExecutor(1) as pool:
        result = run_matches("manager", bots, 1, 3, executor=pool, move_timeout=0.1)
    (game,) = result.results
    assert game.forfeit is not None and game.seats[game.forfeit] == 0
    assert game.error is not None and "more than the 0.1 s a move allows" in game.error


def test_time_limits_within_reach_change_nothing() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    assert run_matches("manager", bots, 6, 1, move_timeout=30, game_timeout=300) == run_matches(
        "manager", bots, 6, 1
    )


@pytest.mark.parametrize("limit", [0, -1, math.inf, math.nan, "1", True])
def test_time_limits_must_be_seconds_above_zero(limit: Any) -> None:
    for name in ("move_timeout", "game_timeout"):
        with pytest.raises(ConfigError, match=f"{name} is a number of seconds above 0, or None"):
            run_matches("manager", [RandomBot()], 1, 0, **{name: limit})


@attrs.frozen
class DeafBot:
    """Plays the first legal move, except in games where it is seat 0's bot: there it blocks
    ``SIGALRM`` and sleeps ``seconds``, as a bot stuck in native code is out of the alarm's reach."""

    seconds: float

    def choose(self, view: Any, seed: int) -> Any:
        if view.player == 0:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            time.sleep(self.seconds)
        return view.legal_moves[0]


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs POSIX signal masks")
def test_a_bot_out_of_the_alarms_reach_is_stopped_by_the_parent_and_forfeits() -> None:
    """A bot the alarm cannot interrupt (it blocks ``SIGALRM`` and sleeps 60 s) is stopped by the
    parent soon after its move's time plus the grace (0.2 s + 1.05 s); it forfeits each game it sat
    at seat 0 in, the other games finish, and the run goes on."""
    start = time.monotonic()
    bots: list[Bot] = [DeafBot(60), RandomBot()]
    result = run_matches("manager", bots, 4, 3, workers=2, move_timeout=0.2)
    assert time.monotonic() - start < 30
    deaf = [r for r in result.results if r.seats[0] == 0]
    assert [r.index for r in deaf] == [0, 2]  # seats rotate: bot 0 sits at seat 0 in even games
    for r in deaf:
        assert r.forfeit == 0
        assert r.error is not None and "out of reach of the alarm" in r.error
    assert all(r.error is None for r in result.results if r.seats[0] != 0)
    assert [(x.games, x.forfeits) for x in result.records] == [(4, 2), (4, 0)]
    assert multiprocessing.active_children() == []


@attrs.frozen
class KillerBot:
    """Plays randomly, but kills the worker process it runs in at the decision seeded ``victim``."""

    victim: int

    def choose(self, view: Any, seed: int) -> Any:
        if seed == self.victim:
            os.kill(os.getpid(), signal.SIGKILL)
        return RandomBot().choose(view, seed)


def test_a_dead_worker_loses_no_finished_game_and_the_run_goes_on() -> None:
    """Game 5's first decision kills its worker every time: the pool is restarted, the games that
    were under way are played again, game 5 is recorded as failed, and every other game is there."""
    victim = derive_seed(derive_seed(11, 5), 1, 0)
    bots: list[Bot] = [KillerBot(victim), KillerBot(victim)]
    result = run_matches("manager", bots, 30, 11, workers=2)
    failed = [r.index for r in result.failures]
    assert failed == [5]
    assert result.results[5].error is not None
    assert result.results[5].error.startswith("the worker process playing it died twice")
    assert result.results[5].forfeit is None
    honest = run_matches("manager", [RandomBot(), RandomBot()], 30, 11, workers=1).results
    assert [r for r in result.results if r.index != 5] == [r for r in honest if r.index != 5]
    assert sum(r.games for r in result.records) == 2 * 29
    assert multiprocessing.active_children() == []


def test_workers_end_when_their_parent_is_killed(processes_in_group: Callable[[int], list[int]]) -> None:
    """``kill -9`` of the parent leaves no worker behind, waiting for work for ever."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "arena", "manager", "--games", "100000", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while len(processes_in_group(process.pid)) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(processes_in_group(process.pid)) == 3, "the parent and its two workers"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    deadline = time.monotonic() + 10
    while processes_in_group(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes_in_group(process.pid) == []
