"""The bots a server seats: the library's own by name, and the server's own bots by the names
it gave them (``cardrules serve --bot NAME=SPEC``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import cast

from cardrules._reprs import short_str
from cardrules.bots import Bot
from cardrules.bots.loading import load_bot
from cardrules.bots.names import LIBRARY_BOTS, read_bot_name, search_names
from cardrules.errors import ConfigError

__all__ = ["BUILT_IN_BOTS", "check_bot_name", "is_search", "make_bot"]

_MAX_ISMCTS = 100_000
_MAX_SECONDS = 5.0  # a search of a person's table: longer, and the person waits too long


BUILT_IN_BOTS = LIBRARY_BOTS
"""The library's bots, which every server seats (the searches ``ismcts`` and ``pimc`` also as
``ismcts:N`` and ``ismcts@Ts``)."""


def make_bot(name: object, own: Mapping[str, str] | None = None, most: int = _MAX_ISMCTS) -> Bot:
    """A bot by its seat name: ``"random"``, ``"heuristic"``, a search (``"ismcts"``, ``"pimc"``)
    bare, with a count (``"ismcts:500"``: iterations a decision; ``"pimc:50"``: deals; up to
    ``most``, the server's cap) or with CPU time a decision (``"ismcts@0.5s"`` / ``"pimc@500ms"``,
    up to 5 s), or one of the server's own bots, ``own`` mapping each name to its spec
    (``cardrules serve --bot NAME=SPEC``, loaded by ``cardrules.bots.loading.load_bot``; never a
    spec from a client). ``ConfigError`` names the choices, with the cap, otherwise."""
    library = read_bot_name(name, most, _MAX_SECONDS)
    if library is not None:
        return library.make()
    if own and isinstance(name, str) and name in own:
        return cast(Bot, load_bot(own[name]))
    mine = f", or one of this server's own bots: {', '.join(map(repr, own))}" if own else ""
    raise ConfigError(
        "a seat is 'human', 'random', 'heuristic', 'ismcts', 'pimc', "
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
            f"not human and not starting with random, heuristic, ismcts or pimc; got {short_str(repr(name))}"
        )
    return name
