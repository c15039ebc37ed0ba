"""The arena's referee: each seat's clock, and the forfeit of a bot that breaks the rules of play.

A bot forfeits the game when its ``choose`` raises, returns a move that is not among the view's
legal moves, takes longer than the move limit, or uses up its seat's clock for the game (the sum
of its thinking time in that game). Only thinking time counts, never the engine's.

Where it can (the main thread of a process with ``SIGALRM``: the arena's worker processes, or a
caller's main thread on POSIX), the referee interrupts a bot whose time runs out, so a bot that
sleeps or loops in Python cannot hang a run. Elsewhere a late move is still a forfeit, once the bot
returns. The alarm is a ``BaseException``, so a bot's ``except Exception`` does not swallow it. In
the arena's workers each move's hard deadline (its time plus ``backstop_grace``) is also posted for
the parent, which stops a worker whose bot the alarm could not reach (see ``cardrules.arena._workers``).
"""

from __future__ import annotations

import math
import signal
import threading
import time
from traceback import format_exception
from typing import Any

from cardrules._reprs import short_repr, short_str
from cardrules.arena._workers import clear_move, post_move
from cardrules.bots import Bot

__all__ = ["ForfeitError", "Referee", "backstop_grace"]


def backstop_grace(budget: float) -> float:
    """How long past a move's time the parent waits before it stops a stuck worker: the alarm
    should have fired long before."""
    return 1.0 + budget / 4


class ForfeitError(Exception):
    """The bot at ``seat`` lost the game by ``reason`` (it raised, moved illegally, ran out of time);
    ``traceback``, the formatted traceback of what its ``choose`` raised, if it raised."""

    def __init__(self, seat: int, reason: str, traceback: str | None = None) -> None:
        super().__init__(f"the bot at seat {seat} forfeits: {reason}")
        self.seat = seat
        self.reason = reason
        self.traceback = traceback


class _OutOfTime(BaseException):
    """Raised by the alarm inside a bot's ``choose``."""


def _raise_out_of_time(signum: int, frame: object) -> None:
    raise _OutOfTime


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


class Referee:
    """Asks each bot for its move under the time limits of one game (``None``: no limit).

    Use it as a context manager around the game: where a process can interrupt a bot, it installs
    its ``SIGALRM`` handler once on entry and puts the previous one back on exit; each move then
    only arms and disarms the timer.
    """

    def __init__(
        self, players: int, move_timeout: float | None, game_timeout: float | None, game: int = 0
    ) -> None:
        self.game = game
        self.move_timeout = math.inf if move_timeout is None else move_timeout
        self.game_timeout = math.inf if game_timeout is None else game_timeout
        self.used = [0.0] * players
        self.interrupts = False
        self.previous: Any = None

    def __enter__(self) -> Referee:
        limited = not (math.isinf(self.move_timeout) and math.isinf(self.game_timeout))
        if limited and _can_interrupt():
            self.previous = signal.signal(signal.SIGALRM, _raise_out_of_time)
            self.interrupts = True
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.interrupts:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
            self.interrupts = False

    def decide(self, bot: Bot, view: Any, seed: int) -> Any:
        """``bot.choose(view, seed)``, or ``ForfeitError`` naming the seat and what it did wrong."""
        seat = view.player
        left = self.game_timeout - self.used[seat]
        budget = min(self.move_timeout, left)
        armed = self.interrupts and not math.isinf(budget)
        start = time.perf_counter()
        try:
            if armed:
                post_move(time.monotonic() + budget + backstop_grace(budget), self.game, seat)
                signal.setitimer(signal.ITIMER_REAL, max(budget, 1e-6))
            try:
                move = bot.choose(view, seed)
            finally:
                if armed:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    clear_move()
        except _OutOfTime:
            raise ForfeitError(seat, self._late(budget, left)) from None
        except Exception as exc:
            # The traceback from the bot's own frames on (the referee's frame is left out).
            frames = exc.__traceback__.tb_next if exc.__traceback__ is not None else None
            text = "".join(format_exception(type(exc), exc, frames))
            raise ForfeitError(
                seat, f"its choose raised {type(exc).__name__}: {short_str(exc)}", text
            ) from None
        spent = time.perf_counter() - start
        self.used[seat] += spent
        if spent > budget:
            raise ForfeitError(seat, self._late(budget, left))
        if move not in view.legal_moves:
            raise ForfeitError(seat, f"it chose {short_repr(move)}, which is not a legal move")
        return move

    def _late(self, budget: float, left: float) -> str:
        if budget == left:
            return f"it used up its {self.game_timeout:g} s for the game"
        return f"it took more than the {self.move_timeout:g} s a move allows"
