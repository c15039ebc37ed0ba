"""Bots thinking on a server: bounded work, out of the way of the players, shared fairly.

The random and heuristic bots answer in microseconds, in the request that asks them. A search
bot (``ismcts`` or ``pimc``, bare, ``:N`` or ``@Ts``) thinks in one of a few worker processes, so
that however many searches run, the server's own process (and the GIL its request threads share)
stays free for the players; each decision has a time budget, and a bot that has not chosen within
it plays the heuristic bot's move instead, so no request waits longer than the budget for one
bot's move.

The workers are shared between clients (``Thinking.for_client``): each client's searches wait in
a queue of its own, the queues are served in turn, and one client has at most half the workers at
once, so a client that floods searches delays its own, not another's. A search is stopped in its
worker when its budget runs out (a ``pimc:2000`` may need a minute), so that a worker is never
held by a search nobody waits for any more. A finished game's review (``cardrules.review``) is
judged here too, one decision a job (``Thinking.review``), in the same queues as the searches.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from typing import Any

import attrs

from cardrules.bots import HeuristicBot
from cardrules.bots.names import BotName, read_bot_name
from cardrules.errors import ConfigError
from cardrules.review import Decision, ReviewBudget, review_decision
from cardrules.rng import derive_seed
from cardrules.serialization import dumps, loads
from cardrules.serve.limits import LimitError

__all__ = ["BOT_SECONDS", "MAX_DEFAULT_WORKERS", "REVIEW_WAIT", "Thinking", "default_workers"]
__all__ += ["review_seconds", "search_threads", "share_of"]

BOT_SECONDS = 2.0
"""The default time budget of one bot move, in seconds. The web table's search bot (300
iterations) chooses well within it in every game; ``ismcts`` (1,000) does too except in 80 Points,
where it takes about 2 s with the pure-Python build (``python benchmarks/bench.py``; about 0.8 s
compiled): give such a server more (``--bot-seconds``) or a smaller search."""

MAX_DEFAULT_WORKERS = 8
"""The most worker processes a server process starts by default (``--bot-workers`` sets more)."""

REVIEW_WAIT = 60.0
"""Seconds one decision of a review waits for a worker (its client's turn) before the review is
refused as the server being too busy (a ``LimitError``): the searches of players come first."""

_THREADS_PER_WORKER = 4  # requests waiting on searches for each worker: the queue behind it, in threads
_MIN_THREADS = 8
_NICENESS = 10  # the workers' CPU priority below the server's: a player's request comes first


def default_workers(cpus: int | None, processes: int = 1) -> int:
    """``--bot-workers``' default for each of ``processes`` server processes on a machine of
    ``cpus`` cores: the cores less one (the server's own), shared between the processes, at
    least 2 (so that one client, which has at most half of them, never has them all: another
    client's search runs beside its, even on one core) and at most ``MAX_DEFAULT_WORKERS``."""
    spare = max(1, (cpus or 1) - 1) // max(1, processes)
    return max(2, min(MAX_DEFAULT_WORKERS, spare))


def search_threads(workers: int) -> int:
    """The request threads that may wait on search bots at once with ``workers`` worker processes:
    4 for each, at least 8 (the others, for every other request, never queue behind them)."""
    return max(_MIN_THREADS, _THREADS_PER_WORKER * workers)


def review_seconds(budget: ReviewBudget) -> float:
    """How long a worker may judge one decision of a review at ``budget`` before it is stopped:
    four times its CPU seconds and two more (a worker thinks at a lower priority than the
    server), or 30 s for a budget of deals alone."""
    return 30.0 if budget.seconds is None else 4.0 * budget.seconds + 2.0


def share_of(total: int) -> int:
    """What one client may hold of ``total`` search threads or workers at once: half, at least one."""
    return max(1, total // 2)


@attrs.define
class _Job:
    """One search waiting for a worker: whose, and until when it is worth starting."""

    client: str
    deadline: float
    started: bool = False


@attrs.define
class Thinking:
    """Where a server's bots choose their moves: ``seconds`` a move at most; ``workers`` processes
    for the searches (all started with the first search, stopped by ``close``), shared between clients
    (``for_client``): served in turn, one client holding at most ``share`` of them (half, by
    default). ``workers=0`` searches in the calling thread, without a budget (one local client:
    ``cardrules serve --stdio``)."""

    seconds: float = BOT_SECONDS
    workers: int = 1
    share: int | None = None
    """The workers one client may hold at once; ``None``: half of them (at least one)."""
    timeouts: int = 0  # decisions that ran out of time (the heuristic move was played)
    _pool: concurrent.futures.ProcessPoolExecutor | None = None
    _guard: threading.Lock = attrs.Factory(threading.Lock)
    # The searches waiting, a queue a client, in turn order (the client served longest ago
    # first); the workers each client holds; the workers held in all.
    _queues: dict[str, collections.deque[_Job]] = attrs.field(init=False, factory=dict)
    _holding: dict[str, int] = attrs.field(init=False, factory=dict)
    _busy: int = attrs.field(init=False, default=0)
    _turns: threading.Condition = attrs.field(init=False)
    _local: threading.local = attrs.field(init=False, factory=threading.local)

    def __attrs_post_init__(self) -> None:
        self._turns = threading.Condition(self._guard)

    @contextlib.contextmanager
    def for_client(self, client: str) -> Iterator[None]:
        """The searches this thread asks for inside the block are ``client``'s (the server: the
        address a request came from, or the creator of a table of bots only)."""
        before = getattr(self._local, "client", "")
        self._local.client = client
        try:
            yield
        finally:
            self._local.client = before

    def choose(self, bot: Any, kind: str, view: Any, seed: int) -> Any:
        """The move of ``bot`` (a seat named ``kind``) for ``view``, within the budget."""
        search = self.search_of(kind)
        if search is None:
            return bot.choose(view, seed)
        return self.search(search, view, seed)

    def search_of(self, kind: object) -> BotName | None:
        """The library search a seat named ``kind`` is, if a worker runs it here; ``None`` if the
        seat's own bot chooses in this process (no workers, or a bot that does not search)."""
        if self.workers == 0:
            return None
        try:
            library = read_bot_name(kind)  # the server's caps were checked when the table was made
        except ConfigError:  # a malformed budget: no bot at all, refused where the seat is read
            return None
        return library if library is not None and library.searches else None

    def search(self, name: BotName, view: Any, seed: int) -> Any:
        """The move of the search ``name`` for ``view``, made in a worker (which makes the bot
        from ``name``: none is made here) within the budget; the heuristic bot's move if the
        search did not start or end in time."""
        job = _Job(getattr(self._local, "client", ""), time.monotonic() + self.seconds)
        if not self._wait_turn(job):
            return self._fallback(view, seed)
        text = self._run(job, job.deadline, _search, name, dumps(view), seed, job.deadline - time.monotonic())
        if text is None:
            return self._fallback(view, seed)
        return loads(text)

    def review(self, state: Any, move: Any, budget: ReviewBudget, seed: int, index: int) -> Decision:
        """``cardrules.review.review_decision`` of ``move`` at ``state`` (move ``index`` of a
        finished game, dealt from ``derive_seed(seed, index)`` as ``review`` deals it), judged in
        a worker once it is this thread's client's turn (in this thread with no workers).
        ``LimitError`` if no worker came free within ``REVIEW_WAIT`` seconds, or the worker ran
        out of ``review_seconds(budget)``."""
        if self.workers == 0:
            return review_decision(state, move, budget=budget, seed=derive_seed(seed, index), index=index)
        job = _Job(getattr(self._local, "client", ""), time.monotonic() + REVIEW_WAIT)
        if not self._wait_turn(job):
            raise LimitError(f"the server's bot workers were all busy for {REVIEW_WAIT:g} s: review later")
        seconds = review_seconds(budget)
        decision = self._run(
            job, time.monotonic() + seconds, _review, dumps(state), dumps(move), budget, seed, index, seconds
        )
        if decision is None:
            raise LimitError(
                f"a decision of the review took over {seconds:g} s on a busy server: review later"
            )
        return decision  # type: ignore[no-any-return]

    def _run(self, job: _Job, deadline: float, task: Callable[..., Any], *args: Any) -> Any:
        """``task(*args)`` in a worker, ``job``'s client's until it is done; its result, or
        ``None`` if it did not end by ``deadline`` (the worker stops it then too)."""
        pool = self._executor()
        try:
            future = pool.submit(task, *args)
        except BrokenProcessPool:
            self._release(job.client)
            self._drop(pool)
            raise
        except BaseException:
            self._release(job.client)
            raise
        # The worker is the client's until it is done, even if this thread stops waiting first.
        future.add_done_callback(lambda _: self._release(job.client))
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()))
        except concurrent.futures.TimeoutError:
            return None  # the worker stops the task at the deadline too
        except BrokenProcessPool:
            self._drop(pool)
            raise

    def close(self) -> None:
        """Stop the worker processes: the searches waiting are dropped, the one under way is let
        finish (within its budget: a worker stops a search when its time is up)."""
        with self._guard:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    @property
    def _share(self) -> int:
        return share_of(self.workers) if self.share is None else max(1, self.share)

    def _wait_turn(self, job: _Job) -> bool:
        """Queue ``job`` and wait until a worker is its client's to use (``True``), or until its
        deadline (``False``: it never started)."""
        with self._turns:
            self._queues.setdefault(job.client, collections.deque()).append(job)
            self._deal_workers()
            while not job.started:
                left = job.deadline - time.monotonic()
                if left <= 0:
                    queue = self._queues.get(job.client)
                    if queue is not None:
                        queue.remove(job)
                        if not queue:
                            del self._queues[job.client]
                    return False
                self._turns.wait(left)
        return True

    def _deal_workers(self) -> None:
        """Under the guard: give each free worker to the next client in turn that has a search
        waiting and holds less than its share; a client served goes to the back of the turn."""
        while self._busy < self.workers:
            client = next((c for c in self._queues if self._holding.get(c, 0) < self._share), None)
            if client is None:
                break  # (the searches given a worker above are still told)
            queue = self._queues.pop(client)
            queue.popleft().started = True
            if queue:
                self._queues[client] = queue  # to the back of the turn
            self._holding[client] = self._holding.get(client, 0) + 1
            self._busy += 1
        self._turns.notify_all()

    def _release(self, client: str) -> None:
        """A worker of ``client``'s is free again: the next in turn may have it."""
        with self._turns:
            self._busy -= 1
            held = self._holding.pop(client, 1) - 1
            if held:
                self._holding[client] = held
            self._deal_workers()

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._guard:
            pool, new = self._pool, self._pool is None
            if pool is None:
                # spawn, not fork: forking a process with running threads can copy a held lock
                context = multiprocessing.get_context("spawn")
                pool = self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
                )
        if new:
            # Every worker started now, with the first search: a worker started later would
            # spend a second of some other client's budget starting (a pool starts one only when
            # all are busy). Started with SIGINT held: each begins with it blocked, then ignores
            # it (``_start_worker``), so that a Ctrl-C while it starts is no traceback either.
            with _sigint_held():
                for _ in range(self.workers):
                    pool.submit(_started)
        return pool

    def _drop(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        """``pool`` is broken (a worker died: killed, out of memory): the next search starts
        another, so that one search fails, not every later one."""
        with self._guard:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def _fallback(self, view: Any, seed: int) -> Any:
        with self._guard:
            self.timeouts += 1
        return HeuristicBot().choose(view, seed)


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """SIGINT blocked in this thread for the block (where the system has signal masks): one that
    comes meanwhile is delivered after it, and a process started in it begins with it blocked."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # multiprocessing starts its resource tracker with the first process it spawns, and unblocks
    # SIGINT in this thread when it has: the process would then begin with it deliverable, and a
    # Ctrl-C while it imports would print a traceback. So the tracker is running before the block.
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _ignore_sigint() -> None:
    """In a process started under ``_sigint_held``: SIGINT ignored from now on, and one that came
    while it started (blocked until now) dropped. Its own processes begin with it ignored too."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _follow_parent(parent: int) -> None:
    """In a worker process: exit when the server does, even one killed without a word (SIGKILL),
    whose workers would otherwise wait for work for ever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="cardrules-follow-parent", daemon=True).start()


def _start_worker(parent: int) -> None:
    """In a new worker process: follow the server, and think at a lower CPU priority than it, so
    that on a busy machine the players' requests (short, many) come before the searches (long,
    with a budget and a fallback). Ctrl-C, which a terminal sends to every process of the group,
    is the server's to answer (it stops its workers): ignored here, with no traceback."""
    _ignore_sigint()
    _follow_parent(parent)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(_NICENESS)


def _started() -> None:
    """In a worker: nothing (asked of each worker once, so that the pool starts them all)."""


class _OutOfTimeError(BaseException):
    """Raised in a worker by the alarm at a search's deadline (not an ``Exception``: no
    ``except Exception`` in a bot catches it)."""


class _Alarm:
    """Whether the worker's alarm may stop the search under way (not once it has returned)."""

    armed = False


def _on_alarm(signum: int, frame: object) -> None:
    if _Alarm.armed:
        raise _OutOfTimeError


def _timed(seconds: float, task: Callable[[], Any]) -> Any:
    """In a worker process: ``task()``, or ``None`` if it was stopped after ``seconds``, when the
    server has given up waiting (where there is no ``SIGALRM``, Windows, it runs to its end). The
    alarm is disarmed before anything else once the task returns, so it stops only the task."""
    timed = hasattr(signal, "setitimer")
    try:
        if timed:
            signal.signal(signal.SIGALRM, _on_alarm)
            _Alarm.armed = True
            signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
        try:
            return task()
        finally:
            _Alarm.armed = False
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except _OutOfTimeError:
        return None


def _search(name: BotName, view_text: str, seed: int, seconds: float) -> str | None:
    """In a worker process: the search bot's move, as JSON text (views and moves cross the
    process boundary in the library's own format); ``None`` if it was stopped after ``seconds``."""
    text: str | None = _timed(seconds, lambda: dumps(name.make().choose(loads(view_text), seed)))
    return text


def _review(
    state_text: str, move_text: str, budget: ReviewBudget, seed: int, index: int, seconds: float
) -> Decision | None:
    """In a worker process: the review of one decision (a ``Decision`` comes back pickled, its
    moves the game's records); ``None`` if it was stopped after ``seconds``."""
    state, move = loads(state_text), loads(move_text)
    decision: Decision | None = _timed(
        seconds,
        lambda: review_decision(state, move, budget=budget, seed=derive_seed(seed, index), index=index),
    )
    return decision
