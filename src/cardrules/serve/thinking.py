"""Bots thinking on a server: bounded work, out of the way of the players.

The random and heuristic bots answer in microseconds, in the request that asks them. A search
bot (``ismcts`` or ``pimc``, bare, ``:N`` or ``@Ts``) thinks in a separate worker process, so that however
many searches run, the server's own process (and the GIL its request threads share) stays free for
the players; each decision has a time budget, and a bot that has not chosen within it plays the
heuristic bot's move instead, so no request waits longer than the budget for one bot's move.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
import time
from typing import Any

import attrs

from cardrules.bots import HeuristicBot
from cardrules.serialization import dumps, loads
from cardrules.serve.seating import is_search, make_bot

__all__ = ["BOT_SECONDS", "Thinking"]

BOT_SECONDS = 2.0
"""The default time budget of one bot move, in seconds. The web table's search bot (300
iterations) chooses well within it in every game; ``ismcts`` (1,000) does too except in 80 Points,
where it takes about 2 s with the pure-Python build (``python benchmarks/bench.py``; about 0.8 s
compiled): give such a server more (``--bot-seconds``) or a smaller search."""


@attrs.define
class Thinking:
    """Where a server's bots choose their moves: ``seconds`` a move at most; ``workers`` processes
    for the searches (started on the first search, stopped by ``close``). ``workers=0`` searches
    in the calling thread, without a budget (one local client: ``cardrules serve --stdio``)."""

    seconds: float = BOT_SECONDS
    workers: int = 1
    timeouts: int = 0  # decisions that ran out of time (the heuristic move was played)
    _pool: concurrent.futures.ProcessPoolExecutor | None = None
    _guard: threading.Lock = attrs.Factory(threading.Lock)

    def choose(self, bot: Any, kind: str, view: Any, seed: int) -> Any:
        """The move of ``bot`` (a seat named ``kind``) for ``view``, within the budget."""
        if self.workers == 0 or not is_search(kind):
            return bot.choose(view, seed)
        future = self._executor().submit(_search, kind, dumps(view), seed)
        try:
            return loads(future.result(timeout=self.seconds))
        except concurrent.futures.TimeoutError:
            future.cancel()  # still queued: never run; already running: its result is dropped
            self.timeouts += 1
            return HeuristicBot().choose(view, seed)

    def close(self) -> None:
        """Stop the worker processes: the searches waiting are dropped, the one under way is let
        finish (a worker stopped mid-search leaves its semaphores for the system to clean up)."""
        with self._guard:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._guard:
            if self._pool is None:
                # spawn, not fork: forking a process with running threads can copy a held lock
                context = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_follow_parent, initargs=(os.getpid(),)
                )
            return self._pool


def _follow_parent(parent: int) -> None:
    """In a worker process: exit when the server does, even one killed without a word (SIGKILL),
    whose workers would otherwise wait for work for ever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="cardrules-follow-parent", daemon=True).start()


def _search(kind: str, view_text: str, seed: int) -> str:
    """In a worker process: the search bot's move, as JSON text (views and moves cross the
    process boundary in the library's own format)."""
    return dumps(make_bot(kind).choose(loads(view_text), seed))
