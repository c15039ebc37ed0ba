"""The library's bots in one table (#58): each bot's name, how it is made, what its budget counts,
whether it searches, its caps, and the words that describe it.

Everything that names the library's bots reads them here: the name reader and its messages
(``cardrules.bots.names``), the command line's ``--bots``, a server's seats, its ``games`` reply
and, through that reply, the web lobby. A bot added to ``CATALOGUE`` is offered everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Literal

import attrs

from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, PIMCBot, RandomBot

__all__ = ["CATALOGUE", "SEARCH_CAPS", "BotKind", "CatalogueEntry", "SearchCaps", "Tuning"]

BotKind = Literal["random", "heuristic", "ismcts", "pimc"]
"""A library bot's name, for type checkers; ``tests/bots/test_catalogue.py`` checks that it lists
exactly the names of ``CATALOGUE`` (a ``Literal`` cannot be built from a table)."""


@attrs.frozen
class SearchCaps:
    """The largest budgets a search's name may ask for: the library's (what a name can say at
    all) and a server's (what one seat may cost it)."""

    library_count: int = 999_999_999
    """The most ``:N`` a name reads anywhere (nine digits: never a number too long to read)."""
    server_count: int = 100_000
    """A server's cap on ``:N`` for its one trusted client (``cardrules serve --stdio``)."""
    client_count: int = 2_000
    """A server's cap on ``:N`` for clients on the internet (``--max-search``'s default)."""
    server_seconds: float = 5.0
    """A server's cap on ``@T``: a search at a person's table any longer and the person waits."""


SEARCH_CAPS = SearchCaps()
"""The caps every search shares: a server's ``--max-search`` is one number for all its searches."""


@attrs.frozen
class Tuning:
    """The command line's options for a bare ``ismcts`` (``--iterations``, ``--root``,
    ``--expand-after``); the other bots take none."""

    iterations: int = ISMCTSBot().iterations
    root: Literal["ucb", "halving"] = "ucb"
    expand_after: int = 1


Factory = Callable[[int | None, float | None, Tuning], Bot]
"""Makes a bot from a name's count (``:N``), its seconds (``@T``; never both) and the tuning."""


@attrs.frozen(kw_only=True)
class CatalogueEntry:
    """One library bot: its ``name``, its ``make`` factory and what it is to the people who pick
    it (``title`` at a table, ``description`` in lists, ``offer`` the seat the web lobby offers,
    ``strength`` its place on the ladder there, 1 the strongest); a search also names what its
    ``:N`` counts (``counts``, with ``bare`` a decision for the bare name), whether it takes
    ``@T`` CPU time a decision (``timed``) and its ``caps``."""

    name: BotKind
    make: Factory
    title: str
    description: str
    offer: str
    strength: int
    counts: str | None = None
    bare: int | None = None
    timed: bool = False
    caps: SearchCaps | None = None

    @property
    def searches(self) -> bool:
        """Whether the bot is a search: it takes a budget a decision (and a server runs it in a
        worker process, out of its own)."""
        return self.counts is not None


def _random(count: int | None, seconds: float | None, tuning: Tuning) -> Bot:
    return RandomBot()


def _heuristic(count: int | None, seconds: float | None, tuning: Tuning) -> Bot:
    return HeuristicBot()


def _ismcts(count: int | None, seconds: float | None, tuning: Tuning) -> Bot:
    if seconds is not None:
        return ISMCTSBot(time_per_move=seconds, root=tuning.root, expand_after=tuning.expand_after)
    return ISMCTSBot(count or tuning.iterations, root=tuning.root, expand_after=tuning.expand_after)


def _pimc(count: int | None, seconds: float | None, tuning: Tuning) -> Bot:
    # A bare pimc is PIMCBot's own default: --iterations is a bare ismcts's option only.
    if seconds is not None:
        return PIMCBot(time_per_move=seconds)
    return PIMCBot(count) if count is not None else PIMCBot()


# fmt: off
# A table laid out as one: a bot a row, how it is made and what it costs, then its words.
_ENTRIES = (
    CatalogueEntry(name="random", make=_random, strength=4,
                   title="Random bot", description="a random legal move", offer="random"),
    CatalogueEntry(name="heuristic", make=_heuristic, strength=2,
                   title="Heuristic bot", description="each game's rule of thumb", offer="heuristic"),
    CatalogueEntry(name="ismcts", make=_ismcts, strength=3, counts="iterations", bare=ISMCTSBot().iterations,
                   timed=True, caps=SEARCH_CAPS,
                   title="Search bot", description="information-set tree search", offer="ismcts:300"),
    CatalogueEntry(name="pimc", make=_pimc, strength=1, counts="deals", bare=PIMCBot().deals,
                   timed=True, caps=SEARCH_CAPS,
                   title="PIMC bot", description="the strongest: deals sampled, face up", offer="pimc@0.5s"),
)
# fmt: on

CATALOGUE: MappingProxyType[str, CatalogueEntry] = MappingProxyType({e.name: e for e in _ENTRIES})
"""The library's bots by name, in the order every list shows them (the web lobby: by
``strength``)."""
