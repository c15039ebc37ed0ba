"""Progress of the command line's long runs (``simulate``, ``arena``) on standard error.

On a terminal with the ``progress`` extra (tqdm) installed: a bar with the rate and the time left.
Anywhere else, plain lines, one every ``every`` seconds (more often on a terminal), that a log file
keeps readable: no carriage returns, no escape codes. The library itself never reports progress;
only the command line uses this module.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["Progress"]

_LINE_EVERY_TERMINAL = 2.0
"""Seconds between plain lines on a terminal without tqdm."""
_LINE_EVERY_LOG = 10.0
"""Seconds between plain lines when standard error is a file or a pipe."""


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _tqdm_class() -> Any:
    try:
        from tqdm import tqdm
    except ModuleNotFoundError:
        return None
    return tqdm


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Progress:
    """How far a run of ``total`` items (games) has got, reported on ``stream``.

    Call ``update(done)`` with the number finished so far, ``close()`` at the end (also on an
    interruption: the bar or a last line then shows where the run stopped).
    """

    def __init__(
        self,
        label: str,
        total: int,
        stream: TextIO,
        *,
        unit: str = "game",
        use_tqdm: bool | None = None,
        every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label, self.total, self.stream, self.unit, self.clock = label, total, stream, unit, clock
        terminal = _is_terminal(stream)
        tqdm = _tqdm_class() if (terminal if use_tqdm is None else use_tqdm) else None
        self.every = every if every is not None else (_LINE_EVERY_TERMINAL if terminal else _LINE_EVERY_LOG)
        self.done = 0
        self.closed = False
        self.start = self.last_line = clock()
        self.bar = (
            None
            if tqdm is None
            else tqdm(total=total, desc=label, unit=unit, file=stream, dynamic_ncols=True, mininterval=0.2)
        )

    def update(self, done: int) -> None:
        """Record that ``done`` items have finished; draw the bar or, when due, write a line."""
        if self.bar is not None:
            self.bar.update(done - self.done)
        self.done = done
        now = self.clock()
        if self.bar is None and now - self.last_line >= self.every and done < self.total:
            self.last_line = now
            self._line(now)

    def close(self) -> None:
        """End the report: close the bar, or write the last line (only if a line was ever due).

        Closing again does nothing.
        """
        if self.closed:
            return
        self.closed = True
        if self.bar is not None:
            self.bar.close()
            return
        now = self.clock()
        if now - self.start >= self.every:
            self._line(now)

    def _line(self, now: float) -> None:
        elapsed = now - self.start
        text = f"{self.label}: {self.done}/{self.total} {self.unit}s"
        if self.total:
            text += f" ({100 * self.done // self.total}%)"
        if self.done and elapsed > 0:
            rate = self.done / elapsed
            text += f", {rate:.1f} {self.unit}s/s"
            if self.done < self.total:
                text += f", about {_duration((self.total - self.done) / rate)} left"
            else:
                text += f", done in {_duration(elapsed)}"
        self.stream.write(text + "\n")
        self.stream.flush()
