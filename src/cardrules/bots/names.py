"""The library's bots by name: ``random``, ``heuristic``, ``ismcts``, and a search with its budget,
``ismcts:500`` (iterations a decision) or ``ismcts@0.2s`` / ``ismcts@200ms`` (CPU time a decision).

``cardrules arena --bots``, ``cardrules play --bots`` and a server's seats all read names here, so
they take the same ones. A bot of your own is named by a spec instead (``cardrules.bots.loading``).
"""

from __future__ import annotations

import re
from typing import Literal

import attrs

from cardrules._reprs import short_repr
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.errors import ConfigError

__all__ = ["LIBRARY_BOTS", "BotName", "read_bot_name", "search_names"]

LIBRARY_BOTS = ("random", "heuristic", "ismcts")
"""The library's bots, each a name; ``ismcts`` also takes a budget (``ismcts:N``, ``ismcts@Ts``)."""

# Bounded digits: a name is never a number too long to read, nor one no search could use.
_BUDGET = re.compile(r"ismcts(?::(?P<count>[0-9]{1,9})|@(?P<time>[0-9]{1,6}(?:\.[0-9]{1,6})?)(?P<unit>m?s))")


@attrs.frozen
class BotName:
    """A library bot's name, read: its ``kind``, and a search's budget if the name gives one
    (``iterations`` or ``seconds``; neither for a bare ``ismcts``)."""

    kind: Literal["random", "heuristic", "ismcts"]
    iterations: int | None = None
    seconds: float | None = None

    def make(
        self, iterations: int = 1000, root: Literal["ucb", "halving"] = "ucb", expand_after: int = 1
    ) -> Bot:
        """The bot. A bare ``ismcts`` searches ``iterations`` iterations a decision; ``root`` and
        ``expand_after`` are ``ISMCTSBot``'s."""
        if self.kind == "random":
            return RandomBot()
        if self.kind == "heuristic":
            return HeuristicBot()
        if self.seconds is not None:
            return ISMCTSBot(time_per_move=self.seconds, root=root, expand_after=expand_after)
        return ISMCTSBot(self.iterations or iterations, root=root, expand_after=expand_after)


def search_names(most_iterations: int | None = None, most_seconds: float | None = None) -> str:
    """The forms of a search's name, with these bounds, for a message."""
    count = f"1 to {most_iterations:,}" if most_iterations else "at least 1"
    time = f"more than 0 and at most {most_seconds:g}" if most_seconds else "more than 0"
    return (
        f"'ismcts:N' (N iterations a move, {count}) or 'ismcts@Ts' (T seconds of CPU time a move, "
        f"{time}: ismcts@0.5s, or in milliseconds ismcts@500ms)"
    )


def read_bot_name(
    text: object, most_iterations: int | None = None, most_seconds: float | None = None
) -> BotName | None:
    """The library's bot ``text`` names, or ``None`` if it names none (it may name one of your
    own). ``ConfigError`` for ``ismcts:...`` or ``ismcts@...`` with a budget that is malformed or
    out of bounds (``most_iterations``, ``most_seconds``: no bound if ``None``)."""
    if not isinstance(text, str):
        return None
    for kind in ("random", "heuristic", "ismcts"):
        if text == kind:
            return BotName(kind)
    if not text.startswith(("ismcts:", "ismcts@")):
        return None
    found = _BUDGET.fullmatch(text)
    if found is not None and found["count"] is not None:
        count = int(found["count"])
        if 1 <= count <= (most_iterations or count):
            return BotName("ismcts", iterations=count)
    elif found is not None:
        seconds = float(found["time"]) / (1000 if found["unit"] == "ms" else 1)
        if 0 < seconds <= (most_seconds or seconds):
            return BotName("ismcts", seconds=seconds)
    raise ConfigError(
        f"a search bot is 'ismcts', {search_names(most_iterations, most_seconds)}; got {short_repr(text)}"
    )
