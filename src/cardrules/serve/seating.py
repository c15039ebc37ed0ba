"""The bots a server seats: the library's own by name, and the server's own bots by the names
it gave them (``cardrules serve --bot NAME=SPEC``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import cast

from cardrules._reprs import short_str
from cardrules.bots import Bot
from cardrules.bots.catalogue import CATALOGUE, SEARCH_CAPS
from cardrules.bots.loading import load_bot
from cardrules.bots.names import LIBRARY_BOTS, BotName, read_bot_name, search_names
from cardrules.errors import ConfigError

__all__ = ["BUILT_IN_BOTS", "check_bot_name", "described_bots", "is_search", "make_bot", "read_seat"]

_MAX_SECONDS = SEARCH_CAPS.server_seconds


BUILT_IN_BOTS = LIBRARY_BOTS
"""The library's bots, which every server seats (``cardrules.bots.catalogue``'s; the searches
``ismcts`` and ``pimc`` also as ``ismcts:N`` and ``ismcts@Ts``)."""


def described_bots() -> list[dict[str, object]]:
    """The library's bots as the ``games`` reply describes them to a lobby, the strongest first:
    each one's name, title, description, the seat the lobby offers, and its budget's forms."""
    return [
        {
            "name": e.name,
            "title": e.title,
            "description": e.description,
            "offer": e.offer,
            "searches": e.searches,
            "counts": e.counts,
            "timed": e.timed,
        }
        for e in sorted(CATALOGUE.values(), key=lambda e: e.strength)
    ]


def read_seat(name: object, most: int = SEARCH_CAPS.server_count) -> BotName | None:
    """The library's bot a seat names (``None``: human, or a server's own bot), within a
    server's caps: at most ``most`` for ``:N`` and 5 s for ``@T`` (``ConfigError`` beyond)."""
    return read_bot_name(name, most, _MAX_SECONDS)


def make_bot(name: object, own: Mapping[str, str] | None = None, most: int = SEARCH_CAPS.server_count) -> Bot:
    """A bot by its seat name: ``"random"``, ``"heuristic"``, a search (``"ismcts"``, ``"pimc"``)
    bare, with a count (``"ismcts:500"``: iterations a decision; ``"pimc:50"``: deals; up to
    ``most``, the server's cap) or with CPU time a decision (``"ismcts@0.5s"`` / ``"pimc@500ms"``,
    up to 5 s), or one of the server's own bots, ``own`` mapping each name to its spec
    (``cardrules serve --bot NAME=SPEC``, loaded by ``cardrules.bots.loading.load_bot``; never a
    spec from a client). ``ConfigError`` names the choices, with the cap, otherwise."""
    library = read_seat(name, most)
    if library is not None:
        return library.make()
    if own and isinstance(name, str) and name in own:
        return cast(Bot, load_bot(own[name]))
    mine = f", or one of this server's own bots: {', '.join(map(repr, own))}" if own else ""
    raise ConfigError(
        f"a seat is 'human', {', '.join(map(repr, LIBRARY_BOTS))}, "
        f"{search_names(most, _MAX_SECONDS)}"
        f"{mine}; got {json.dumps(name)[:60]}"
    )


def is_search(name: object) -> bool:
    """Whether a seat's name is one of the library's searches (``ismcts``, ``pimc``, bare or with a
    budget): a bot that thinks for a while, out of the server's own process."""
    try:
        library = read_bot_name(name)
    except ConfigError:  # a malformed budget: no bot at all, refused where the seat is read
        return False
    return library is not None and library.searches


def check_bot_name(name: object) -> str:
    """``name`` if it may name a server's own bot: 1 to 32 lower-case letters, digits, ``-`` and
    ``_``, starting with a letter, and not a seat name already (``human``, the library's bots);
    ``ConfigError`` otherwise."""
    if (
        not isinstance(name, str)
        or not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", name)
        or name == "human"
        or name.startswith(BUILT_IN_BOTS)
    ):
        raise ConfigError(
            "a bot's name is 1 to 32 lower-case letters, digits, - and _, starting with a letter, "
            f"not human and not starting with {_either(BUILT_IN_BOTS)}; got {short_str(repr(name))}"
        )
    return name


def _either(names: tuple[str, ...]) -> str:
    """``a, b or c``."""
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1])))
