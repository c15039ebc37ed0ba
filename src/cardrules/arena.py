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
picklable (every bot in ``cardrules.bots`` is).

An interruption (Ctrl-C) raises [`ArenaInterrupted`][], a ``KeyboardInterrupt`` that carries the
games finished so far; the arena's own worker processes are stopped before it is raised.
"""

from __future__ import annotations

import math
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

import attrs

from cardrules._reprs import short_repr
from cardrules.bots import Bot
from cardrules.errors import ConfigError
from cardrules.registry import AnyGame, get_game
from cardrules.rng import derive_seed
from cardrules.runner import _check_bots, _drive
from cardrules.transcript import Transcript

__all__ = ["ArenaInterrupted", "ArenaResult", "BotRecord", "GameResult", "run_matches"]

_IN_PROCESS_LIMIT = 64
"""Runs of at most this many games stay in-process by default; larger ones use a process pool."""
_CHUNK_SECONDS = 0.25
"""About how long one task sent to an executor should take, once a game's time has been measured."""
_MAX_CHUNK = 64
"""The most games in one task."""
_MAX_WORKERS = 1024
"""The most worker processes ``run_matches`` starts (a larger count is a mistake, not a machine)."""


@attrs.frozen
class GameResult:
    """One game of a run: its index, which bot sat at each seat, the scores and the winning seats.

    ``error`` is ``None`` for a finished game; for a game that raised it holds the exception's type and
    message, ``transcript`` the moves made up to the failure (replayable), and scores are empty.
    """

    index: int
    seats: tuple[int, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    error: str | None = None
    transcript: Transcript | None = None


@attrs.frozen
class BotRecord:
    """One bot's record over a run.

    ``points`` counts a win as 1 and a draw as 1/2; ``win_rate`` is points per game and
    ``win_rate_ci`` its 95% Wilson score interval.
    ``mean_score`` is the mean over games of the bot's seats' mean score, ``mean_score_ci`` its 95%
    interval. Games that raised are not counted.
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


@attrs.frozen
class ArenaResult:
    """What ``run_matches`` returns: each bot's record, every game's result, and the failed games."""

    game: str
    seed: int
    records: tuple[BotRecord, ...]
    results: tuple[GameResult, ...]

    @property
    def failures(self) -> tuple[GameResult, ...]:
        """The games that raised, each with its transcript up to the failure."""
        return tuple(r for r in self.results if r.error is not None)

    def table(self) -> str:
        """The records as a plain-text table."""
        w = max([24, *(len(r.bot) for r in self.records)])
        lines = [
            f"{self.game}: {len(self.results)} games, seed {self.seed}",
            f"{'bot':<{w}} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6}  "
            f"{'win rate (95% CI)':<24} mean score (95% CI)",
        ]
        for r in self.records:
            lo, hi = r.win_rate_ci
            slo, shi = r.mean_score_ci
            lines.append(
                f"{r.bot:<{w}} {r.games:>6} {r.wins:>6} {r.draws:>6} {r.losses:>6}  "
                f"{r.win_rate:6.3f} [{lo:.3f}, {hi:.3f}]    {r.mean_score:.2f} [{slo:.2f}, {shi:.2f}]"
            )
        if self.failures:
            lines.append(f"{len(self.failures)} games raised; first: {self.failures[0].error}")
        return "\n".join(lines)


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
    labels = []
    for bot in bots:
        label = type(bot).__name__
        fields = getattr(type(bot), "__attrs_attrs__", ())
        if fields:
            label += "(" + ", ".join(f"{f.name}={getattr(bot, f.name)!r}" for f in fields) + ")"
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
) -> tuple[list[GameResult], float]:
    """Play the games ``indices``; return their results and the seconds they took."""
    start = time.perf_counter()
    module = get_game(name)
    players = module.num_players(config)
    out = []
    for i in indices:
        seats = _seats(players, len(bots), i, rotate)
        game_seed = derive_seed(seed, i // len(bots) if duplicate else i)
        moves: list[Any] = []
        try:
            state = _drive(module, [bots[b] for b in seats], game_seed, config, None, moves)
            result = module.outcome(state)
            assert result is not None
            out.append(GameResult(i, seats, result.scores, result.winners))
        except Exception as exc:
            # A bot's bug must not stop the run: the game is recorded with its transcript.
            transcript = Transcript(module.NAME, game_seed, config, None, tuple(moves))
            out.append(GameResult(i, seats, (), (), f"{type(exc).__name__}: {exc}", transcript))
    return out, time.perf_counter() - start


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C reaches every process of the terminal's group, but only the parent
    should act on it (it stops the workers); a worker that caught it would go on to its next task."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End a pool's workers now, mid-game: Python 3.14's ``terminate_workers``, by hand before it."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = tuple((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)


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
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def _records(names: Sequence[str], results: Sequence[GameResult]) -> tuple[BotRecord, ...]:
    records = []
    for b, name in enumerate(names):
        wins = draws = losses = 0
        points: list[float] = []
        scores: list[float] = []
        for r in results:
            if r.error is not None or b not in r.seats:
                continue
            mine = [s for s, x in enumerate(r.seats) if x == b]
            winning_bots = {r.seats[w] for w in r.winners}
            if b not in winning_bots:
                losses += 1
                points.append(0.0)
            elif len(winning_bots) == 1:
                wins += 1
                points.append(1.0)
            else:
                draws += 1
                points.append(0.5)
            scores.append(math.fsum(r.scores[s] for s in mine) / len(mine))
        rate, lo, hi = _wilson(points)
        mean, slo, shi = _interval(scores, -math.inf, math.inf)
        records.append(
            BotRecord(
                name, len(points), wins, draws, losses, math.fsum(points), rate, (lo, hi), mean, (slo, shi)
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
) -> ArenaResult:
    """Play ``games`` games between ``bots`` and return each bot's record (see the module docstring).

    ``duplicate``: play each deal once per rotation of the seats (see the module docstring).
    ``executor``: where games run. By default: with ``workers=None``, in this process for up to 64
    games, else on a ``ProcessPoolExecutor`` with a process per CPU; with ``workers=1``, in this
    process; with more, on a ``ProcessPoolExecutor`` of ``workers`` processes. With an
    executor of your own, ``workers`` says how many it runs at once (default: this machine's CPU
    count); twice that many tasks are kept under way.
    ``progress(done, total)`` is called in this process each time games finish.
    Raises [`ArenaInterrupted`][] with the finished games on Ctrl-C.
    """
    module = get_game(game)
    bots = _check_bots(module, bots, config, fewest=1)
    _check_options(games, seed, workers, rotate_seats, duplicate, executor, progress)
    run = _Run(module.NAME, bots, config, seed, games, rotate_seats, duplicate, progress)
    labels = _labels(bots)
    parallel = workers or os.cpu_count() or 1
    own = None
    if executor is None and (games > _IN_PROCESS_LIMIT if workers is None else workers > 1):
        own = ProcessPoolExecutor(max_workers=max(1, min(parallel, games)), initializer=_ignore_interrupts)
        executor = own
    try:
        if executor is None:
            run.in_process()
        else:
            run.on(executor, 2 * parallel)
    except KeyboardInterrupt:
        if own is not None:
            _stop_workers(own)
            own = None
        finished = tuple(run.results[i] for i in sorted(run.results))
        partial = ArenaResult(module.NAME, seed, _records(labels, finished), finished)
        raise ArenaInterrupted(partial, games) from None
    finally:
        if own is not None:
            own.shutdown()
    ordered = tuple(run.results[i] for i in range(games))
    return ArenaResult(module.NAME, seed, _records(labels, ordered), ordered)


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
    ) -> None:
        self.task = (name, bots, config, seed)
        self.games, self.rotate, self.duplicate, self.progress = games, rotate, duplicate, progress
        self.results: dict[int, GameResult] = {}
        self.next_game = 0
        self.chunk = 1

    def in_process(self) -> None:
        for i in range(self.games):
            self._gather(_play_chunk(*self.task, (i,), self.rotate, self.duplicate))

    def on(self, executor: Executor, under_way: int) -> None:
        """Keep ``under_way`` chunks running on ``executor`` until every game is played.

        On any exception (Ctrl-C included) the chunks not yet started are cancelled.
        """
        pending: set[Future[tuple[list[GameResult], float]]] = set()
        try:
            while self.next_game < self.games or pending:
                while self.next_game < self.games and len(pending) < under_way:
                    games = self._next()
                    pending.add(executor.submit(_play_chunk, *self.task, games, self.rotate, self.duplicate))
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    self._gather(future.result())
        finally:
            for future in pending:
                future.cancel()

    def _next(self) -> tuple[int, ...]:
        start, self.next_game = self.next_game, min(self.games, self.next_game + self.chunk)
        return tuple(range(start, self.next_game))

    def _gather(self, chunk: tuple[list[GameResult], float]) -> None:
        results, seconds = chunk
        for r in results:
            self.results[r.index] = r
        per_game = seconds / max(1, len(results))
        self.chunk = max(1, min(_MAX_CHUNK, int(_CHUNK_SECONDS / per_game) if per_game > 0 else _MAX_CHUNK))
        if self.progress is not None:
            self.progress(len(self.results), self.games)
