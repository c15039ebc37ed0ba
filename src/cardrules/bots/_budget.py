"""How much a search may still do for one decision: a count of iterations, or seconds of CPU time.

Private to the search bots (``ISMCTSBot``, ``PIMCBot``, the OpenSpiel adapter's ISMCTS bot). The
clock is ``time.process_time``, the CPU time of this whole process: two bots in one arena are
held to the same measure however busy the machine, and a search never pays for another process's
work; it does pay for its own process's other threads working meanwhile (an arena run on a thread
pool). A tested search passes its own ``clock``.
Reading the clock and checking it cost about 0.8 microseconds on Linux (0.1 counting iterations),
a third of a percent of the cheapest iteration (Clubs, about 0.25 ms), so the search asks it before
every iteration.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from cardrules._reprs import short_repr
from cardrules.errors import ConfigError

__all__ = ["Budget", "check_time_per_move"]


def check_time_per_move(bot: str, value: object, count: str, counted: object, default: object) -> None:
    """Refuse a ``time_per_move`` that is not a finite number of seconds above 0, or one given with
    the count of a search's other budget (``count``, set to ``counted``, not its ``default``)."""
    if value is None:
        return
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value < math.inf:
        raise ConfigError(
            f"{bot} time_per_move must be a finite number of seconds > 0, got {short_repr(value)}"
        )
    if counted != default:
        raise ConfigError(
            f"{bot} takes {count} or time_per_move, not both; got "
            f"{count}={short_repr(counted)}, time_per_move={short_repr(value)}"
        )


class Budget:
    """One decision's budget, running from the moment it is made: ``iterations`` iterations, or
    ``seconds`` of the clock (exactly one of the two is given).

    The search calls ``affords`` before an iteration and ``spend`` after it. On the clock, an
    iteration starts only if one as long as the mean so far would end in time (the first always
    does): the search stops short of its budget by less than one iteration on average rather than
    overrunning it by one.
    """

    __slots__ = ("_clock", "_iterations", "_seconds", "_start", "done")

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.process_time,
    ) -> None:
        if (iterations is None) == (seconds is None):
            raise ConfigError("a search budget is iterations or seconds, exactly one")
        self._iterations = iterations
        self._seconds = seconds
        self._clock = clock
        self._start = clock() if seconds is not None else 0.0
        self.done = 0
        """Iterations spent so far."""

    @property
    def timed(self) -> bool:
        """Whether this budget runs on the clock rather than counting iterations."""
        return self._seconds is not None

    def elapsed(self) -> float:
        """Seconds of the clock since the budget was made (0 for a count of iterations)."""
        return self._clock() - self._start if self._seconds is not None else 0.0

    def left(self) -> float:
        """Seconds left of a budget on the clock, negative once overrun."""
        return (self._seconds or 0.0) - self.elapsed()

    def affords(self, n: int = 1, by: float | None = None) -> bool:
        """Whether ``n`` more iterations fit: within the count, or on the clock predicted (at the
        mean cost of the iterations spent so far) to end by ``by`` seconds after the start (by
        default the whole budget). On the clock, always true before the first iteration: however
        small the budget, a search searches."""
        if self._seconds is None:
            return self._iterations is not None and self.done + n <= self._iterations
        if not self.done:
            return True
        now = self.elapsed()
        return now + n * now / self.done <= (self._seconds if by is None else by)

    def spend(self, n: int = 1) -> None:
        """Count ``n`` iterations done."""
        self.done += n
