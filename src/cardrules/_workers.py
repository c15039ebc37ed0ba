"""The arena's own worker processes: deaf to Ctrl-C, gone with their parent, stopped and restarted
at once.

Ctrl-C reaches every process of a terminal's group, but only the parent acts on it (it stops the
workers and reports); a worker that caught it would go on to its next task. A worker whose parent
dies (``kill -9``, a crash) ends itself within about half a second instead of waiting for work for
ever. A pool whose worker died (``BrokenProcessPool``) is replaced by a new one, so that the run
goes on.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

__all__ = ["WorkerPool"]

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


def _start_worker(parent: int) -> None:
    """Worker start-up: ignore Ctrl-C, and watch the parent (``parent`` is its pid)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch = threading.Thread(
        target=_watch_parent, args=(parent, os.getppid()), name="cardrules-watch-parent", daemon=True
    )
    watch.start()


class WorkerPool:
    """A ``ProcessPoolExecutor`` of ``processes`` workers started by ``_start_worker``."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.processes, initializer=_start_worker, initargs=(os.getpid(),)
        )

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
