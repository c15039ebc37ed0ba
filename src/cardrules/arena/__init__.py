"""The arena: many games between bots, on one process, a process pool, or any executor.

``run_matches(game, bots, games, seed)`` plays ``games`` games. Game ``i`` is dealt from
``derive_seed(seed, i)`` and its seats are filled from ``bots`` in turn: seat ``s`` plays
``bots[(s + i) % len(bots)]`` when ``rotate_seats`` (so every bot takes every seat equally often),
else ``bots[s % len(bots)]``. With two bots in a four-seat partnership game each bot is one team.

With ``duplicate=True`` the deals repeat in blocks of ``len(bots)`` games: game ``i`` is dealt
from ``derive_seed(seed, i // len(bots))``, so every deal is played once with each rotation of the
seats and the luck of the deal cancels out (as in duplicate bridge). The intervals still treat the
games as independent, which overstates their spread: they are conservative.

Results depend only on the arguments, never on the executor or the number of workers: games are
sent in chunks and put back in game order. A chunk is one game at first and then as many as take
about a quarter of a second, so slow games report progress one by one and fast games do not pay
for a round trip each. Pass any ``concurrent.futures.Executor`` to go past one machine, for example
a Dask distributed client's ``client.get_executor()`` (see ``docs/bots.md``). Bots must then be
picklable (every bot in ``cardrules.bots`` is, and so is one that ``cardrules.bots.loading.load_bot``
made from a file: it is rebuilt from the file in the worker).

An interruption (Ctrl-C) raises [`ArenaInterrupted`][], a ``KeyboardInterrupt`` that carries the
games finished so far; the arena's own worker processes are stopped before it is raised. A worker
that dies does not cost the run its results: the pool is restarted and the games that were under
way are played again, one at a time. A bot that raises, moves illegally or runs out of time
forfeits the game (see [`GameResult`][]).
"""

from __future__ import annotations

import functools
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from traceback import format_exception
from typing import Any

import attrs

from cardrules._reprs import short_repr, short_str
from cardrules.arena._referee import ForfeitError, Referee
from cardrules.arena._review import (
    BotReview,
    bot_review,
    review_cells,
    review_game,
    review_header,
    review_worth,
    wilson,
)
from cardrules.arena._workers import WorkerPool
from cardrules.bots import Bot
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame, get_game
from cardrules.review import ReviewBudget, SeatSummary, Worth
from cardrules.rng import derive_seed
from cardrules.runner import _check_bots, _drive
from cardrules.transcript import Transcript

__all__ = ["ArenaInterrupted", "ArenaResult", "BotRecord", "BotReview", "GameResult", "run_matches"]

_IN_PROCESS_LIMIT = 64
"""Runs of at most this many games stay in-process by default; larger ones use a process pool."""
_CHUNK_SECONDS = 0.25
"""About how long one task sent to an executor should take, once a game's time has been measured."""
_MAX_CHUNK = 64
"""The most games in one task."""
_WATCH_SECONDS = 0.25
"""How often the parent looks for a worker whose bot is stuck past its move's hard deadline."""
_MAX_WORKERS = 1024
"""The most worker processes ``run_matches`` starts (a larger count is a mistake, not a machine)."""


@attrs.frozen
class GameResult:
    """One game of a run: its index, which bot sat at each seat, the scores and the winning seats.

    ``error`` is ``None`` for a finished game. For a game that did not finish it holds what went
    wrong, ``transcript`` the moves made up to then (replayable), and scores are empty. When a bot
    was at fault (its ``choose`` raised, it chose an illegal move, or it ran out of time),
    ``forfeit`` is its seat: it lost, and ``winners`` are the seats of every other bot.
    ``traceback`` is the formatted traceback of the exception that ended the game, when one did (a
    bot's ``choose`` that raised, or the engine); ``None`` for a finished game, an illegal move
    or a bot out of time. ``review``: in a run with ``review=``, a finished game's review, each
    seat's ``cardrules.review.SeatSummary`` in seat order; else ``None``.
    """

    index: int
    seats: tuple[int, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    error: str | None = None
    transcript: Transcript | None = None
    forfeit: int | None = None
    traceback: str | None = None
    review: tuple[SeatSummary, ...] | None = None


@attrs.frozen
class BotRecord:
    """One bot's record over a run.

    ``points`` counts a win as 1 and a draw as 1/2; ``win_rate`` is points per game and
    ``win_rate_ci`` its 95% Wilson score interval. A forfeit is a loss for the bot at fault and
    counts for the others as if it had lost on the table; ``forfeits`` is how many games this bot
    lost so. ``mean_score`` is the mean over finished games of the bot's seats' mean score,
    ``mean_score_ci`` its 95% interval. Games that failed with no bot at fault are not counted.
    ``review``: in a run with ``review=``, its decisions' accuracy and loss (a [`BotReview`][]);
    else ``None``.
    """

    bot: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_score: float
    mean_score_ci: tuple[float, float]
    forfeits: int = 0
    review: BotReview | None = None


@attrs.frozen
class ArenaResult:
    """What ``run_matches`` returns: each bot's record, every game's result, and the failed games.

    In a run with ``review=``, ``review_budget`` is that budget and ``worth`` the unit of the
    losses (the game's ``cardrules.review.Worth``); both ``None`` otherwise.
    """

    game: str
    seed: int
    records: tuple[BotRecord, ...]
    results: tuple[GameResult, ...]
    review_budget: ReviewBudget | None = None
    worth: Worth | None = None

    @property
    def failures(self) -> tuple[GameResult, ...]:
        """The games that raised, each with its transcript up to the failure."""
        return tuple(r for r in self.results if r.error is not None)

    def table(self) -> str:
        """The records as a plain-text table (a line saying so when no game finished); in a
        reviewed run each bot's accuracy and mean loss stand beside its win rate."""
        if not self.results:
            return f"{self.game}: no game finished, seed {self.seed}"
        w = max([24, *(len(r.bot) for r in self.records)])
        unit = None if self.worth is None else self.worth.unit
        lines = [
            f"{self.game}: {len(self.results)} games, seed {self.seed}",
            f"{'bot':<{w}} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6} {'forfeits':>8}  "
            f"{'win rate (95% CI)':<24} {'' if unit is None else review_header(unit) + ' '}"
            "mean score (95% CI)",
        ]
        lines += [_row(r, w, unit) for r in self.records]
        if self.review_budget is not None and self.worth is not None:
            lines.append(
                f"reviewed at {self.review_budget} a decision; accuracy: judged decisions labelled best "
                f"or good (a loss under {self.worth.thresholds[0]:g}, in {self.worth.unit}; docs/review.md)"
            )
        forfeited = [r for r in self.failures if r.forfeit is not None]
        if forfeited:
            lines.append(f"{len(forfeited)} games forfeited (counted as losses); first: {forfeited[0].error}")
        broken = [r for r in self.failures if r.forfeit is None]
        if broken:
            lines.append(
                f"{len(broken)} games failed with no bot at fault (not counted); first: {broken[0].error}"
            )
        return "\n".join(lines)


def _row(r: BotRecord, w: int, unit: str | None) -> str:
    """A bot's line of the table (``w`` the width of the bots' names; ``unit`` the review's, or
    ``None`` for a run not reviewed)."""
    reviewed = "" if unit is None else review_cells(r.review, unit) + " "
    if r.games == 0:  # every game it sat in failed with no bot at fault: no rate to show
        return f"{r.bot:<{w}} {0:>6} {'-':>6} {'-':>6} {'-':>6} {'-':>8}  {'-':<24} {reviewed}-"
    lo, hi = r.win_rate_ci
    slo, shi = r.mean_score_ci
    # Forfeits only: a win rate, but no finished game to take a mean score from.
    score = "-" if math.isnan(r.mean_score) else f"{r.mean_score:.2f} [{slo:.2f}, {shi:.2f}]"
    return (
        f"{r.bot:<{w}} {r.games:>6} {r.wins:>6} {r.draws:>6} {r.losses:>6} {r.forfeits:>8}  "
        f"{r.win_rate:6.3f} [{lo:.3f}, {hi:.3f}]    {reviewed}{score}"
    )


class ArenaInterrupted(KeyboardInterrupt):
    """``run_matches`` was interrupted (Ctrl-C); ``result`` has every game that finished before.

    A ``KeyboardInterrupt``, so code that does not look for it stops as on any Ctrl-C.
    """

    def __init__(self, result: ArenaResult, planned: int) -> None:
        super().__init__(f"interrupted after {len(result.results)} of {planned} games")
        self.result = result
        """The records and results of the games that finished, in game order."""
        self.planned = planned
        """How many games the run was to play."""


def _labels(bots: Sequence[object]) -> list[str]:
    """Each bot's name in the table: its class, and the attrs fields that differ from their
    defaults (``ISMCTSBot(iterations=200)``); ``#k`` (its place in ``bots``) when two are alike."""
    labels = []
    for bot in bots:
        label = type(bot).__name__
        fields = getattr(type(bot), "__attrs_attrs__", ())
        changed = [f for f in fields if f.default is attrs.NOTHING or f.default != getattr(bot, f.name)]
        if changed:
            label += "(" + ", ".join(f"{f.name}={getattr(bot, f.name)!r}" for f in changed) + ")"
        labels.append(label)
    return [f"{x}#{i}" if labels.count(x) > 1 else x for i, x in enumerate(labels)]


def _seats(players: int, bots: int, index: int, rotate: bool) -> tuple[int, ...]:
    shift = index if rotate else 0
    return tuple((s + shift) % bots for s in range(players))


def _play_chunk(
    name: str,
    bots: tuple[Bot, ...],
    config: Any,
    seed: int,
    indices: tuple[int, ...],
    rotate: bool,
    duplicate: bool = False,
    limits: tuple[float | None, float | None] = (None, None),
    review: ReviewBudget | None = None,
) -> tuple[list[GameResult], float]:
    """Play the games ``indices`` under the time ``limits`` (per move, per seat and game), each
    finished one reviewed at ``review`` if given; return their results and the seconds they took."""
    start = time.perf_counter()
    module = get_game(name)
    return [_play_one(module, bots, config, seed, i, rotate, duplicate, limits, review) for i in indices], (
        time.perf_counter() - start
    )


def _play_one(
    module: AnyGame,
    bots: tuple[Bot, ...],
    config: Any,
    seed: int,
    index: int,
    rotate: bool,
    duplicate: bool,
    limits: tuple[float | None, float | None],
    review: ReviewBudget | None = None,
) -> GameResult:
    players = module.num_players(config)
    seats = _seats(players, len(bots), index, rotate)
    game_seed = derive_seed(seed, index // len(bots) if duplicate else index)
    moves: list[Any] = []
    try:
        with Referee(players, *limits, game=index) as referee:
            state = _drive(module, [bots[b] for b in seats], game_seed, config, None, moves, referee.decide)
        result = module.outcome(state)
        if result is None:
            raise StateError(f"{module.NAME} ended with no outcome")
        summaries = None
        if review is not None:  # a review that raises fails the game as the engine's error would
            summaries = review_game(_transcript(module, game_seed, config, moves), review)
        return GameResult(
            index=index, seats=seats, scores=result.scores, winners=result.winners, review=summaries
        )
    except ForfeitError as exc:
        transcript = _transcript(module, game_seed, config, moves)
        others = tuple(s for s, b in enumerate(seats) if b != seats[exc.seat])
        return GameResult(
            index=index,
            seats=seats,
            scores=(),
            winners=others,
            error=str(exc),
            transcript=transcript,
            forfeit=exc.seat,
            traceback=exc.traceback,
        )
    except Exception as exc:
        # An engine failure must not stop the run: the game is recorded with its transcript.
        transcript = _transcript(module, game_seed, config, moves)
        error = f"{type(exc).__name__}: {short_str(exc)}"
        return GameResult(
            index=index,
            seats=seats,
            scores=(),
            winners=(),
            error=error,
            transcript=transcript,
            forfeit=None,
            traceback="".join(format_exception(exc)),
        )


def _transcript(module: AnyGame, seed: int, config: Any, moves: Sequence[Any]) -> Transcript:
    return Transcript(game=module.NAME, seed=seed, config=config, deck=None, moves=tuple(moves))


def _interval(values: Sequence[float], low: float, high: float) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, low, high)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (mean, max(low, mean - half), min(high, mean + half))


def _wilson(points: Sequence[float]) -> tuple[float, float, float]:
    """Points per game and its Wilson score interval (a draw counts as half a success)."""
    n = len(points)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = math.fsum(points) / n
    return (p, *wilson(p, n))


def _records(
    names: Sequence[str], results: Sequence[GameResult], reviewing: bool = False
) -> tuple[BotRecord, ...]:
    """Each bot's record over ``results``, with its ``BotReview`` when ``reviewing``."""
    records = []
    for b, name in enumerate(names):
        wins = draws = losses = forfeits = 0
        points: list[float] = []
        scores: list[float] = []
        for r in results:
            if (r.error is not None and r.forfeit is None) or b not in r.seats:
                continue
            winning_bots = {r.seats[w] for w in r.winners}
            if b not in winning_bots:
                losses += 1
                forfeits += r.forfeit is not None and r.seats[r.forfeit] == b
                points.append(0.0)
            elif len(winning_bots) == 1:
                wins += 1
                points.append(1.0)
            else:
                draws += 1
                points.append(0.5)
            if r.error is None:
                mine = [s for s, x in enumerate(r.seats) if x == b]
                scores.append(math.fsum(r.scores[s] for s in mine) / len(mine))
        rate, lo, hi = _wilson(points)
        mean, slo, shi = _interval(scores, -math.inf, math.inf)
        records.append(
            BotRecord(
                bot=name,
                games=len(points),
                wins=wins,
                draws=draws,
                losses=losses,
                points=math.fsum(points),
                win_rate=rate,
                win_rate_ci=(lo, hi),
                mean_score=mean,
                mean_score_ci=(slo, shi),
                forfeits=forfeits,
                review=bot_review(b, results) if reviewing else None,
            )
        )
    return tuple(records)


def run_matches(
    game: str | AnyGame,
    bots: Sequence[Bot],
    games: int,
    seed: int,
    *,
    config: Any = None,
    rotate_seats: bool = True,
    duplicate: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    move_timeout: float | None = None,
    game_timeout: float | None = None,
    review: ReviewBudget | None = None,
) -> ArenaResult:
    """Play ``games`` games between ``bots`` and return each bot's record (see the module docstring).

    ``duplicate``: play each deal once per rotation of the seats (see the module docstring).
    ``executor``: where games run. By default: with ``workers=None``, in this process for up to 64
    games, else on a ``ProcessPoolExecutor`` with a process per CPU; with ``workers=1``, in this
    process; with more, on a ``ProcessPoolExecutor`` of ``workers`` processes. With an
    executor of your own, ``workers`` says how many it runs at once (default: this machine's CPU
    count); twice that many tasks are kept under way.
    ``progress(done, total)`` is called in this process each time games finish.
    ``move_timeout`` (seconds a decision) and ``game_timeout`` (seconds of thinking for each seat in
    one game): a bot that exceeds either, raises, or chooses an illegal move forfeits that game
    (see ``GameResult.forfeit``); in worker processes, and in a caller's main thread on POSIX, a
    bot whose time runs out is interrupted. In the arena's own worker processes a bot out of the
    interrupt's reach (stuck in native code) is stopped with its worker a second or so later, and
    forfeits; the worker's other games are played again.
    ``review``: a [`ReviewBudget`][cardrules.review.ReviewBudget] to review every seat of each
    finished game where it was played (in the workers), at that budget a decision; each
    ``GameResult.review`` then holds its seats' summaries and each ``BotRecord.review`` the bot's
    accuracy and loss over its games (see ``cardrules.arena._review``), and the table shows them.
    A review costs far more than a game, so with ``workers=None`` a reviewed run of two games or
    more uses a process per CPU.
    Raises [`ArenaInterrupted`][] with the finished games on Ctrl-C.
    """
    module = get_game(game)
    bots = _check_bots(module, bots, config, fewest=1)
    _check_options(games, seed, workers, rotate_seats, duplicate, executor, progress)
    limits = (_check_limit("move_timeout", move_timeout), _check_limit("game_timeout", game_timeout))
    _check_review(module, review)
    run = _Run(module.NAME, bots, config, seed, games, rotate_seats, duplicate, progress, limits, review)
    labels = _labels(bots)
    try:
        _play(run, executor, workers)
    except KeyboardInterrupt:
        finished = tuple(run.results[i] for i in sorted(run.results))
        raise ArenaInterrupted(_result(module, seed, labels, finished, review), games) from None
    ordered = tuple(run.results[i] for i in range(games))
    return _result(module, seed, labels, ordered, review)


def _result(
    module: AnyGame,
    seed: int,
    labels: Sequence[str],
    results: tuple[GameResult, ...],
    review: ReviewBudget | None,
) -> ArenaResult:
    """The run's ``ArenaResult`` of ``results`` (in game order)."""
    return ArenaResult(
        game=module.NAME,
        seed=seed,
        records=_records(labels, results, reviewing=review is not None),
        results=results,
        review_budget=review,
        worth=None if review is None else review_worth(module),
    )


def _play(run: _Run, executor: Executor | None, workers: int | None) -> None:
    """Play the run's games where ``run_matches``'s ``executor`` and ``workers`` say."""
    parallel = workers or os.cpu_count() or 1
    if executor is not None:
        run.on(executor, 2 * parallel)
    elif _wants_pool(run, workers):
        _play_on_own_pool(run, max(1, min(parallel, run.games)), 2 * parallel)
    else:
        run.in_process()


def _play_on_own_pool(run: _Run, processes: int, under_way: int) -> None:
    """Play the run's games on a pool of the arena's own, which is closed at the end."""
    pool = WorkerPool(processes)
    try:
        run.on(pool.executor, under_way, pool)
    except KeyboardInterrupt:
        # Ctrl-C: the workers are stopped mid-game, not waited for, before the caller hears of it.
        pool.stop()
        raise
    except BaseException:
        pool.close()
        raise
    pool.close()


def _check_options(
    games: object,
    seed: object,
    workers: object,
    rotate_seats: object,
    duplicate: object,
    executor: object,
    progress: object,
) -> None:
    if type(games) is not int or games < 0:
        raise ConfigError(f"games must be an int >= 0, got {short_repr(games)}")
    if type(seed) is not int:
        raise ConfigError(f"seed must be an int, got {short_repr(seed)}")
    if workers is not None and (type(workers) is not int or not 1 <= workers <= _MAX_WORKERS):
        raise ConfigError(f"workers must be an int from 1 to {_MAX_WORKERS}, got {short_repr(workers)}")
    if type(rotate_seats) is not bool:
        raise ConfigError(f"rotate_seats is True or False, got {short_repr(rotate_seats)}")
    if type(duplicate) is not bool or (duplicate and not rotate_seats):
        raise ConfigError("duplicate is True or False, and needs rotate_seats=True")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ConfigError(
            f"executor must be a concurrent.futures.Executor or None, got {short_repr(executor)}"
        )
    if progress is not None and not callable(progress):
        raise ConfigError(
            f"progress must be a callable progress(done, total) or None, got {short_repr(progress)}"
        )


def _wants_pool(run: _Run, workers: int | None) -> bool:
    """Whether the run plays on a pool of its own processes: more than one worker asked for, or
    by default a run too long for one process (a reviewed run of two games is: a review costs far
    more than a game)."""
    if workers is not None:
        return workers > 1
    return run.games > (_IN_PROCESS_LIMIT if run.review is None else 1)


def _check_review(module: AnyGame, review: object) -> None:
    if review is not None and type(review) is not ReviewBudget:
        raise ConfigError(
            "review is a cardrules.review.ReviewBudget (ReviewBudget(deals=48), "
            f"ReviewBudget.parse('0.5s')) or None, got {short_repr(review)}"
        )
    if review is not None and review_worth(module) is None:
        raise ConfigError(f"{module.NAME} cannot be reviewed: it has no bots' plan (cardrules.bots._plans)")


def _check_limit(name: str, seconds: object) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < math.inf:
        raise ConfigError(f"{name} is a number of seconds above 0, or None, got {short_repr(seconds)}")
    return float(seconds)


class _Run:
    """The games of one ``run_matches`` call, sent out in chunks and gathered in ``results``."""

    def __init__(
        self,
        name: str,
        bots: tuple[Bot, ...],
        config: Any,
        seed: int,
        games: int,
        rotate: bool,
        duplicate: bool,
        progress: Callable[[int, int], None] | None,
        limits: tuple[float | None, float | None],
        review: ReviewBudget | None = None,
    ) -> None:
        self.task = (name, bots, config, seed)
        self.limits = limits
        self.review = review
        self.games, self.rotate, self.duplicate, self.progress = games, rotate, duplicate, progress
        self.seats = functools.partial(_seats, get_game(name).num_players(config), len(bots), rotate=rotate)
        self.results: dict[int, GameResult] = {}
        self.next_game = 0
        self.chunk = 1
        self.retry: list[int] = []
        self.lost: dict[int, int] = {}
        self.stuck: dict[int, int] = {}  # game -> seat whose bot's worker was stopped

    def in_process(self) -> None:
        for i in range(self.games):
            self._gather(_play_chunk(*self.task, (i,), self.rotate, self.duplicate, self.limits, self.review))

    def on(self, executor: Executor, under_way: int, pool: WorkerPool | None = None) -> None:
        """Keep ``under_way`` chunks running on ``executor`` until every game is played.

        When a worker dies, ``pool`` (the arena's own) is restarted and the games under way are
        played again, one at a time; a game whose worker dies twice is recorded as failed. Another
        executor that breaks ends the run, its games not yet played recorded as failed. On any
        exception (Ctrl-C included) the chunks not yet started are cancelled.
        """
        pending: dict[Future[tuple[list[GameResult], float]], tuple[int, ...]] = {}
        try:
            while self.retry or self.next_game < self.games or pending:
                limit = 1 if self.retry else under_way
                while (self.retry or self.next_game < self.games) and len(pending) < limit:
                    games = self._next()
                    task = (*self.task, games, self.rotate, self.duplicate, self.limits, self.review)
                    pending[executor.submit(_play_chunk, *task)] = games
                done, _ = wait(pending, timeout=_WATCH_SECONDS, return_when=FIRST_COMPLETED)
                if pool is not None:
                    self.stuck.update(pool.kill_overdue())
                broken = self._collect(done, pending)
                if broken is not None:
                    for games in pending.values():
                        self._lose(games, broken)
                    pending.clear()
                    if pool is None:
                        self._fail_the_rest(f"the executor broke: {short_str(broken)}")
                        return
                    executor = pool.restart()
        finally:
            for future in pending:
                future.cancel()

    def _collect(
        self,
        done: set[Future[tuple[list[GameResult], float]]],
        pending: dict[Future[tuple[list[GameResult], float]], tuple[int, ...]],
    ) -> BrokenExecutor | None:
        """Gather the finished chunks; return the error of a broken executor, if one broke."""
        broken = None
        for future in done:
            games = pending.pop(future)
            try:
                chunk = future.result()
            except BrokenExecutor as exc:
                broken = exc
                self._lose(games, exc)
                continue
            self._gather(chunk)
        return broken

    def _lose(self, games: tuple[int, ...], error: BaseException) -> None:
        """Games whose worker died: the forfeit of a bot the parent stopped, the others played again
        alone, or recorded as failed when one died alone twice."""
        for i in games:
            if i in self.stuck:
                self._gather(([self._stuck_forfeit(i, self.stuck.pop(i))], 0.0))
                continue
            self.lost[i] = self.lost.get(i, 0) + 1
            if len(games) == 1 and self.lost[i] >= 2:
                reason = f"the worker process playing it died twice ({short_str(error)})"
                self._gather(
                    ([GameResult(index=i, seats=self.seats(i), scores=(), winners=(), error=reason)], 0.0)
                )
            else:
                self.retry.append(i)

    def _stuck_forfeit(self, game: int, seat: int) -> GameResult:
        seats = self.seats(game)
        others = tuple(s for s, b in enumerate(seats) if b != seats[seat])
        reason = (
            f"the bot at seat {seat} forfeits: it was still thinking long after its time ran out, out of"
            " reach of the alarm (native code?), so its worker process was stopped"
        )
        return GameResult(
            index=game, seats=seats, scores=(), winners=others, error=reason, transcript=None, forfeit=seat
        )

    def _fail_the_rest(self, reason: str) -> None:
        rest = [*self.retry, *range(self.next_game, self.games)]
        self.retry.clear()
        self.next_game = self.games
        self._gather(
            (
                [GameResult(index=i, seats=self.seats(i), scores=(), winners=(), error=reason) for i in rest],
                0.0,
            )
        )

    def _next(self) -> tuple[int, ...]:
        if self.retry:
            return (self.retry.pop(0),)
        start, self.next_game = self.next_game, min(self.games, self.next_game + self.chunk)
        return tuple(range(start, self.next_game))

    def _gather(self, chunk: tuple[list[GameResult], float]) -> None:
        results, seconds = chunk
        for r in results:
            self.results[r.index] = r
        if seconds > 0:
            per_game = seconds / max(1, len(results))
            self.chunk = max(1, min(_MAX_CHUNK, int(_CHUNK_SECONDS / per_game)))
        if self.progress is not None and results:
            self.progress(len(self.results), self.games)
