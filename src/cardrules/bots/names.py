"""The library's bots by name: ``random``, ``heuristic``, ``ismcts``, ``pimc``, and a search with its
budget, ``ismcts:500`` (iterations a decision), ``pimc:40`` (deals a decision) or ``ismcts@0.2s`` /
``pimc@200ms`` (CPU time a decision).

``cardrules arena --bots``, ``cardrules play --bots`` and a server's seats all read names here, so
they take the same ones. A bot of your own is named by a spec instead (``cardrules.bots.loading``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

import attrs

from cardrules._reprs import short_repr
from cardrules.bots import Bot
from cardrules.bots.catalogue import CATALOGUE, SEARCH_CAPS, BotKind, CatalogueEntry, Tuning
from cardrules.errors import ConfigError

_TUNED = Tuning()  # a bare ismcts's defaults, as the command line's options leave them

__all__ = ["LIBRARY_BOTS", "BotName", "bot_help", "bot_list", "read_bot_name", "search_names"]

LIBRARY_BOTS: tuple[str, ...] = tuple(CATALOGUE)
"""The library's bots, each a name (``cardrules.bots.catalogue.CATALOGUE``'s); the searches
``ismcts`` and ``pimc`` also take a budget (``ismcts:N``, ``pimc@Ts``)."""

_SEARCHES = tuple(e for e in CATALOGUE.values() if e.searches)


def _budget_pattern() -> re.Pattern[str]:
    """A search's name with its budget: ``:N`` for one that counts, ``@T`` for one on the clock."""
    # Bounded digits: a name is never a number too long to read, nor one no search could use.
    digits = len(str(SEARCH_CAPS.library_count))
    counted = "|".join(re.escape(e.name) for e in _SEARCHES)
    timed = "|".join(re.escape(e.name) for e in _SEARCHES if e.timed)
    return re.compile(
        rf"(?P<kind>{counted}):(?P<count>[0-9]{{1,{digits}}})"
        rf"|(?P<timed>{timed or '(?!)'})@(?P<time>[0-9]{{1,6}}(?:\.[0-9]{{1,6}})?)(?P<unit>m?s)"
    )


_BUDGET = _budget_pattern()


@attrs.frozen
class BotName:
    """A library bot's name, read: its ``kind``, and a search's budget if the name gives one
    (``iterations``, which ``pimc`` counts in deals, or ``seconds``; neither for a bare search)."""

    kind: BotKind
    iterations: int | None = None
    seconds: float | None = None

    @property
    def entry(self) -> CatalogueEntry:
        """The bot's entry in the catalogue: what it is, counts and may cost."""
        return CATALOGUE[self.kind]

    @property
    def searches(self) -> bool:
        """Whether the bot is a search (``ismcts``, ``pimc``): it takes a budget a decision."""
        return self.entry.searches

    def make(
        self,
        iterations: int = _TUNED.iterations,
        root: Literal["ucb", "halving"] = _TUNED.root,
        expand_after: int = _TUNED.expand_after,
    ) -> Bot:
        """The bot. A bare ``ismcts`` searches ``iterations`` iterations a decision; ``root`` and
        ``expand_after`` are ``ISMCTSBot``'s. A bare ``pimc`` is ``PIMCBot()`` (40 deals a decision)."""
        return self.entry.make(self.iterations, self.seconds, Tuning(iterations, root, expand_after))


def search_names(
    most_iterations: int | None = None, most_seconds: float | None = None, kind: str | None = None
) -> str:
    """The forms of a search's name (``kind``'s, else every search's), with these bounds, for a message."""
    count = f"1 to {most_iterations:,}" if most_iterations else "at least 1"
    time = f"more than 0 and at most {most_seconds:g}" if most_seconds else "more than 0"
    return "; ".join(
        f"'{e.name}:N' (N {e.counts} a move, {count})"
        + (
            f" or '{e.name}@Ts' (T seconds of CPU time a move, {time}: {e.name}@0.5s, or in "
            f"milliseconds {e.name}@500ms)"
            if e.timed
            else ""
        )
        for e in _SEARCHES
        if kind in (None, e.name)
    )


def bot_list() -> str:
    """The library's bots for a message: each name, then the forms of a search's budget."""
    forms = " or ".join(f"{e.name}:N" + (f", {e.name}@0.2s" if e.timed else "") for e in _SEARCHES)
    return f"{', '.join(LIBRARY_BOTS)} ({' and '.join(e.name for e in _SEARCHES)} also as {forms})"


def bot_help(seconds: float = 0.5, bare: Mapping[str, str] | None = None) -> str:
    """The library's bots for a command's help: each name, a search's with what its bare name
    spends a move (``bare`` may say it instead, ``{"ismcts": "--iterations a move"}``) and its
    forms, the example giving ``seconds`` of CPU time."""
    parts: list[str] = []
    for e in CATALOGUE.values():
        if not e.searches:
            parts.append(e.name)
            continue
        spends = (bare or {}).get(e.name, f"{e.bare:,} {e.counts} a move")
        timed = f", {e.name}@{seconds:g}s for {seconds:g} s of CPU time" if e.timed else ""
        parts.append(f"{e.name} ({spends}; {e.name}:N for N{timed})")
    return ", ".join(parts)


def read_bot_name(
    text: object, most_iterations: int | None = None, most_seconds: float | None = None
) -> BotName | None:
    """The library's bot ``text`` names, or ``None`` if it names none (it may name one of your
    own). ``ConfigError`` for ``ismcts:...``, ``pimc@...`` and the like with a budget that is
    malformed or out of bounds (``most_iterations``, ``most_seconds``: no bound if ``None``; a
    ``pimc:N`` counts deals against ``most_iterations``)."""
    if not isinstance(text, str):
        return None
    if text in CATALOGUE:
        return BotName(CATALOGUE[text].name)
    search = next((e.name for e in _SEARCHES if text.startswith((f"{e.name}:", f"{e.name}@"))), None)
    if search is None:
        return None
    found = _BUDGET.fullmatch(text)
    if found is not None and found["count"] is not None:
        count = int(found["count"])
        if 1 <= count <= (most_iterations or count):
            return BotName(CATALOGUE[search].name, iterations=count)
    elif found is not None:
        seconds = float(found["time"]) / (1000 if found["unit"] == "ms" else 1)
        if 0 < seconds <= (most_seconds or seconds):
            return BotName(CATALOGUE[search].name, seconds=seconds)
    raise ConfigError(
        f"a search bot is '{search}', {search_names(most_iterations, most_seconds, search)}; "
        f"got {short_repr(text)}"
    )
