"""The arena's own worker processes: deaf to Ctrl-C, gone with their parent, stopped and restarted
at once.

Ctrl-C reaches every process of a terminal's group, but only the parent acts on it (it stops the
workers and reports); a worker that caught it would go on to its next task. A worker whose parent
dies (``kill -9``, a crash) ends itself within about half a second instead of waiting for work for
ever. A pool whose worker died (``BrokenProcessPool``) is replaced by a new one, so that the run
goes on.

The referee's alarm cannot interrupt a bot stuck in native code that holds the interpreter (or one
that blocks ``SIGALRM``). As a backstop, a worker posts on a board in shared memory the hard
deadline of the move it waits for; the parent stops a worker past its deadline (``kill_overdue``)
and the arena records the stuck bot's forfeit.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

__all__ = ["WorkerPool", "clear_move", "post_move"]

_FIELDS = 4
"""A board slot: the move's hard deadline (``time.monotonic``, ``inf`` when none), the game's
index, the seat, the worker's pid."""

_slot: tuple[Any, int] | None = None
"""In a worker process only: its board and the offset of its slot (set once at start-up)."""

_WATCH_SECONDS = 0.5
"""How often a worker checks that its parent is still there."""


def _parent_gone(parent: int, first_ppid: int) -> bool:
    if os.getppid() != first_ppid:  # re-parented: the process that started this one has died
        return True
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, but not ours to signal: a pid taken again by another user
        return True
    return False


def _watch_parent(parent: int, first_ppid: int) -> None:
    while not _parent_gone(parent, first_ppid):
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def _start_worker(parent: int, board: Any, claimed: Any) -> None:
    """Worker start-up: ignore Ctrl-C, claim a slot on the ``board``, and watch the parent
    (``parent`` is its pid)."""
    global _slot  # noqa: PLW0603 - one per worker process, set before it takes any work
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with claimed.get_lock():
        number = claimed.value
        claimed.value += 1
    if number < len(board) // _FIELDS:
        _slot = (board, number * _FIELDS)
        board[number * _FIELDS + 3] = os.getpid()
    watch = threading.Thread(
        target=_watch_parent, args=(parent, os.getppid()), name="cardrules-watch-parent", daemon=True
    )
    watch.start()


def post_move(deadline: float, game: int, seat: int) -> None:
    """In a worker: the bot at ``seat`` of game ``game`` must return before ``deadline``
    (``time.monotonic``) or be stopped. Elsewhere: nothing."""
    if _slot is not None:
        board, at = _slot
        board[at + 1] = game
        board[at + 2] = seat
        board[at] = deadline


def clear_move() -> None:
    """In a worker: the bot returned; no deadline stands. Elsewhere: nothing."""
    if _slot is not None:
        board, at = _slot
        board[at] = math.inf


class WorkerPool:
    """A ``ProcessPoolExecutor`` of ``processes`` workers started by ``_start_worker``."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.board: Any = None
        self.executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context()
        self.board = context.Array("d", [math.inf, -1.0, -1.0, 0.0] * self.processes, lock=False)
        claimed = context.Value("i", 0)
        return ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=context,
            initializer=_start_worker,
            initargs=(os.getpid(), self.board, claimed),
        )

    def kill_overdue(self) -> list[tuple[int, int]]:
        """Stop every worker past its posted deadline; return each one's (game, seat)."""
        now = time.monotonic()
        stuck = []
        board = self.board
        for at in range(0, len(board), _FIELDS):
            if board[at] < now:
                game, seat, pid = int(board[at + 1]), int(board[at + 2]), int(board[at + 3])
                board[at] = math.inf
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
                stuck.append((game, seat))
        return stuck

    def restart(self) -> ProcessPoolExecutor:
        """Stop every worker and start a new pool (after one died and broke this one)."""
        self.stop()
        self.executor = self._new()
        return self.executor

    def stop(self) -> None:
        """End the workers now, mid-game: Python 3.14's ``terminate_workers``, by hand before it."""
        terminate = getattr(self.executor, "terminate_workers", None)
        if terminate is not None:
            terminate()
        else:
            processes = tuple((getattr(self.executor, "_processes", None) or {}).values())
            self.executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            for process in processes:
                process.join(5)
        # Join the pool's manager thread as well: forking a new pool while it runs is unsafe (and
        # Python 3.12+ warns). With the workers gone it ends at once.
        self.executor.shutdown(wait=True)

    def close(self) -> None:
        """Let the workers finish and exit (the end of a run)."""
        self.executor.shutdown()
