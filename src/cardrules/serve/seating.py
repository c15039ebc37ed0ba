"""The bots a server seats: the library's own by name, and the server's own bots by the names
it gave them (``cardrules serve --bot NAME=SPEC``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import cast

from cardrules._reprs import short_str
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.bots.loading import load_bot
from cardrules.errors import ConfigError

__all__ = ["BUILT_IN_BOTS", "check_bot_name", "make_bot"]

_MAX_ISMCTS = 100_000


BUILT_IN_BOTS = ("random", "heuristic", "ismcts")
"""The library's bots, which every server seats (``ismcts`` also as ``ismcts:N``)."""


def make_bot(name: object, own: Mapping[str, str] | None = None) -> Bot:
    """A bot by its seat name: ``"random"``, ``"heuristic"``, ``"ismcts"`` or ``"ismcts:500"``
    (iterations a decision), or one of the server's own bots, ``own`` mapping each name to its spec
    (``cardrules serve --bot NAME=SPEC``, loaded by ``cardrules.bots.loading.load_bot``; never a spec
    from a client). ``ConfigError`` names the choices otherwise."""
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return HeuristicBot()
    if isinstance(name, str) and (name == "ismcts" or name.startswith("ismcts:")):
        count = name.partition(":")[2] or "1000"
        if count.isascii() and count.isdecimal() and 1 <= int(count) <= _MAX_ISMCTS:
            return ISMCTSBot(iterations=int(count))
    if own and isinstance(name, str) and name in own:
        return cast(Bot, load_bot(own[name]))
    mine = f", or one of this server's own bots: {', '.join(map(repr, own))}" if own else ""
    raise ConfigError(
        f"a seat is 'human', 'random', 'heuristic' or 'ismcts[:iterations]' (1 to {_MAX_ISMCTS:,})"
        f"{mine}; got {json.dumps(name)[:60]}"
    )


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
            f"not human and not starting with random, heuristic or ismcts; got {short_str(repr(name))}"
        )
    return name
