"""The library's bots by name: ``random``, ``heuristic``, ``ismcts``, ``pimc``, and a search with its
budget, ``ismcts:500`` (iterations a decision), ``pimc:40`` (deals a decision) or ``ismcts@0.2s`` /
``pimc@200ms`` (CPU time a decision).

``cardrules arena --bots``, ``cardrules play --bots`` and a server's seats all read names here, so
they take the same ones. A bot of your own is named by a spec instead (``cardrules.bots.loading``).
"""

from __future__ import annotations

import re
from typing import Literal

import attrs

from cardrules._reprs import short_repr
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.bots.pimc import PIMCBot
from cardrules.errors import ConfigError

__all__ = ["LIBRARY_BOTS", "BotName", "read_bot_name", "search_names"]

LIBRARY_BOTS = ("random", "heuristic", "ismcts", "pimc")
"""The library's bots, each a name; the searches ``ismcts`` and ``pimc`` also take a budget
(``ismcts:N``, ``pimc@Ts``)."""

_SEARCHES: tuple[Literal["ismcts", "pimc"], ...] = ("ismcts", "pimc")

_COUNTED = {"ismcts": "iterations", "pimc": "deals"}
"""What a search's ``:N`` counts."""

# Bounded digits: a name is never a number too long to read, nor one no search could use.
_BUDGET = re.compile(
    r"(?:ismcts|pimc)(?::(?P<count>[0-9]{1,9})|@(?P<time>[0-9]{1,6}(?:\.[0-9]{1,6})?)(?P<unit>m?s))"
)


@attrs.frozen
class BotName:
    """A library bot's name, read: its ``kind``, and a search's budget if the name gives one
    (``iterations``, which ``pimc`` counts in deals, or ``seconds``; neither for a bare search)."""

    kind: Literal["random", "heuristic", "ismcts", "pimc"]
    iterations: int | None = None
    seconds: float | None = None

    @property
    def searches(self) -> bool:
        """Whether the bot is a search (``ismcts``, ``pimc``): it takes a budget a decision."""
        return self.kind in _SEARCHES

    def make(
        self, iterations: int = 1000, root: Literal["ucb", "halving"] = "ucb", expand_after: int = 1
    ) -> Bot:
        """The bot. A bare ``ismcts`` searches ``iterations`` iterations a decision; ``root`` and
        ``expand_after`` are ``ISMCTSBot``'s. A bare ``pimc`` is ``PIMCBot()`` (40 deals a decision)."""
        if self.kind == "random":
            return RandomBot()
        if self.kind == "heuristic":
            return HeuristicBot()
        if self.kind == "pimc":
            if self.seconds is not None:
                return PIMCBot(time_per_move=self.seconds)
            return PIMCBot(self.iterations) if self.iterations is not None else PIMCBot()
        if self.seconds is not None:
            return ISMCTSBot(time_per_move=self.seconds, root=root, expand_after=expand_after)
        return ISMCTSBot(self.iterations or iterations, root=root, expand_after=expand_after)


def search_names(
    most_iterations: int | None = None, most_seconds: float | None = None, kind: str | None = None
) -> str:
    """The forms of a search's name (``kind``'s, else every search's), with these bounds, for a message."""
    count = f"1 to {most_iterations:,}" if most_iterations else "at least 1"
    time = f"more than 0 and at most {most_seconds:g}" if most_seconds else "more than 0"
    return "; ".join(
        f"'{k}:N' (N {_COUNTED[k]} a move, {count}) or '{k}@Ts' (T seconds of CPU time a move, "
        f"{time}: {k}@0.5s, or in milliseconds {k}@500ms)"
        for k in _SEARCHES
        if kind in (None, k)
    )


def read_bot_name(
    text: object, most_iterations: int | None = None, most_seconds: float | None = None
) -> BotName | None:
    """The library's bot ``text`` names, or ``None`` if it names none (it may name one of your
    own). ``ConfigError`` for ``ismcts:...``, ``pimc@...`` and the like with a budget that is
    malformed or out of bounds (``most_iterations``, ``most_seconds``: no bound if ``None``; a
    ``pimc:N`` counts deals against ``most_iterations``)."""
    if not isinstance(text, str):
        return None
    for kind in ("random", "heuristic", "ismcts", "pimc"):
        if text == kind:
            return BotName(kind)
    search = next((k for k in _SEARCHES if text.startswith((f"{k}:", f"{k}@"))), None)
    if search is None:
        return None
    found = _BUDGET.fullmatch(text)
    if found is not None and found["count"] is not None:
        count = int(found["count"])
        if 1 <= count <= (most_iterations or count):
            return BotName(search, iterations=count)
    elif found is not None:
        seconds = float(found["time"]) / (1000 if found["unit"] == "ms" else 1)
        if 0 < seconds <= (most_seconds or seconds):
            return BotName(search, seconds=seconds)
    raise ConfigError(
        f"a search bot is '{search}', {search_names(most_iterations, most_seconds, search)}; "
        f"got {short_repr(text)}"
    )
