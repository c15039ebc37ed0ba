"""The options of ``cardrules serve`` over WebSocket, in one record (docs/deploying.md).

``ServeOptions`` is built once, by the command or by ``serve``/``create_app`` from their keywords,
and passed down whole: to the supervisor, to each server process (it pickles: plain data only) and
to the application. Each option is checked here, when the record is made, with a ``ConfigError``
naming it and what it may be.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

import attrs

from cardrules._reprs import short_str
from cardrules.errors import ConfigError
from cardrules.review import ReviewBudget
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import MAX_MESSAGE
from cardrules.serve.reviews import REVIEW_BUDGET
from cardrules.serve.stores import is_postgres_url
from cardrules.serve.thinking import BOT_SECONDS, default_workers

__all__ = [
    "BOT_PACE",
    "HEADER_TIMEOUT",
    "LOOPBACK_NAMES",
    "MAX_CONNECTIONS",
    "MAX_FRAME",
    "SEND_QUEUE",
    "Origin",
    "ServeOptions",
    "parse_origin",
]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The ``Host`` names a server listening on a loopback address answers to unless told more."""

MAX_FRAME = 4 * MAX_MESSAGE
"""The largest WebSocket message, in bytes: a request of ``MAX_MESSAGE`` characters of up to four
UTF-8 bytes each still fits (and is answered; a longer one gets a ``ProtocolError``)."""

SEND_QUEUE = 64
"""Messages waiting for a client to read them before it is closed as too slow."""

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a whole request head (and, after a response, the next one)."""

MAX_CONNECTIONS = 1_000
"""Connections at once; a new one beyond them takes the place of the oldest still sending its head."""

BOT_PACE = 1.0
"""Seconds between two bot moves at a table where only bots sit (played while someone watches)."""

Origin = tuple[str, str, int]
"""A web page's origin as (scheme, host, port), the port filled in: ``("https", "a.example", 443)``."""


def parse_origin(text: str) -> Origin | None:
    """``scheme://host[:port]`` as an ``Origin``; ``None`` if it is not an http or https origin."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username is not None:
        return None
    default = 443 if parts.scheme == "https" else 80
    return parts.scheme, parts.hostname, default if port is None else port


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _bots(value: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    return tuple(dict(value).items())


def _limits(value: Limits | None) -> Limits:
    return Limits() if value is None else value


_Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _count(name: str, meaning: str, optional: bool = False) -> _Validator:
    """A whole number, 1 or more (or ``None`` if ``optional``); ``ConfigError`` naming ``--name``
    otherwise."""

    def check(record: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if type(value) is not int or value < 1:
            raise ConfigError(f"--{name} is {meaning}, 1 or more; got {short_str(repr(value))}")

    return check


def _seconds(name: str, meaning: str) -> _Validator:
    """A number of seconds above 0; ``ConfigError`` naming ``--name`` otherwise."""

    def check(record: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) not in (int, float) or not 0 < value < math.inf:  # type: ignore[operator]
            raise ConfigError(f"--{name} is {meaning}, above 0 seconds; got {short_str(repr(value))}")

    return check


def _check_hosts(record: object, attribute: attrs.Attribute[Any], value: tuple[object, ...]) -> None:
    for name in value:
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(
                f"--allow-host is a Host name (cards.example.com), *.DOMAIN or *; got {short_str(repr(name))}"
            )


def _check_origins(record: object, attribute: attrs.Attribute[Any], value: tuple[object, ...]) -> None:
    for text in value:
        if not isinstance(text, str) or (text.strip() != "*" and parse_origin(text) is None):
            raise ConfigError(
                f"--allow-origin is * or scheme://host[:port] (http or https); got {short_str(repr(text))}"
            )


def _check_bots(record: object, attribute: attrs.Attribute[Any], value: tuple[object, ...]) -> None:
    for pair in value:
        if not (isinstance(pair, tuple) and all(isinstance(part, str) and part for part in pair)):
            raise ConfigError(f"--bot maps a NAME to a SPEC, both text; got {short_str(repr(pair))}")


def _review_budget(value: object) -> ReviewBudget:
    """A ``ReviewBudget``, or its text (``"24"`` deals, ``"0.5s"``); ``ConfigError`` otherwise."""
    if isinstance(value, ReviewBudget):
        return value
    if isinstance(value, str):
        try:
            return ReviewBudget.parse(value)
        except ConfigError as exc:
            raise ConfigError(f"review_budget: {exc}") from None
    raise ConfigError(f"review_budget is a ReviewBudget or its text (24, 0.5s); got {short_str(repr(value))}")


def _check_limits(record: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Limits):
        raise ConfigError(f"limits is a cardrules.serve.limits.Limits; got {short_str(repr(value))}")


@attrs.frozen(kw_only=True)
class ServeOptions:
    """Everything ``cardrules serve`` over WebSocket is told besides its database, address and
    port; each field has the command's default. ``ConfigError`` for a value out of range, naming
    the option and what it may be."""

    allowed_hosts: tuple[str, ...] = attrs.field(
        default=LOOPBACK_NAMES, converter=_names, validator=_check_hosts
    )
    """``--allow-host``: the ``Host`` names answered (Starlette's ``TrustedHostMiddleware``
    patterns: ``example.com``, ``*.example.com``, or ``*`` for any); others get HTTP 400. Default:
    ``LOOPBACK_NAMES``."""

    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_names, validator=_check_origins)
    """``--allow-origin``: the ``Origin`` values, besides the page's own origin, from which a
    browser may open ``/ws`` (``https://cards.example.com``, or ``*`` for any). A connection with
    no ``Origin`` (not a browser) is always accepted; others get HTTP 403. Default: none."""

    max_frame: int = attrs.field(
        default=MAX_FRAME, validator=_count("max-frame", "the largest WebSocket message in bytes")
    )
    """``--max-frame``: the largest WebSocket message in bytes; a larger one closes its connection
    with code 1009. Default: ``MAX_FRAME``."""

    send_queue: int = attrs.field(
        default=SEND_QUEUE,
        validator=_count("send-queue", "the messages that may wait for a client to read them"),
    )
    """``--send-queue``: messages that may wait for a client to read them before it is closed
    (code 1008). Default: ``SEND_QUEUE``."""

    header_timeout: float = attrs.field(
        default=HEADER_TIMEOUT,
        validator=_seconds("header-timeout", "the time a connection has for its request head"),
    )
    """``--header-timeout``: the seconds a connection has to send its whole request head (and,
    between requests, the next one) before it is cut off. Default: ``HEADER_TIMEOUT``."""

    max_connections: int = attrs.field(
        default=MAX_CONNECTIONS,
        validator=_count("max-connections", "the connections a server process holds at once"),
    )
    """``--max-connections``: connections at once, each server process's; a new one beyond them
    takes the place of the oldest still sending its head. Default: ``MAX_CONNECTIONS``."""

    limits: Limits = attrs.field(factory=Limits, converter=_limits, validator=_check_limits)
    """The caps on tables and bots (``--max-tables`` and the rest; ``None`` is ``Limits()``, the
    defaults for a server on the internet)."""

    bot_seconds: float = attrs.field(
        default=BOT_SECONDS, validator=_seconds("bot-seconds", "a bot move's time budget")
    )
    """``--bot-seconds``: a bot move's time budget; search bots think in worker processes.
    Default: ``thinking.BOT_SECONDS``."""

    bot_pace: float = attrs.field(
        default=BOT_PACE, validator=_seconds("bot-pace", "the time between two bot moves where only bots sit")
    )
    """``--bot-pace``: seconds between two bot moves at a table where only bots sit. Default:
    ``BOT_PACE``."""

    review_budget: ReviewBudget = attrs.field(default=REVIEW_BUDGET, converter=_review_budget)
    """The budget of each decision of a finished game's review (the ``review`` op; a
    ``ReviewBudget``, or its text: ``"24"`` deals, ``"0.5s"``), judged on the bot workers.
    Default: ``reviews.REVIEW_BUDGET``, 24 deals or 0.5 s, whichever ends first."""

    bots: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_bots, validator=_check_bots)
    """``--bot NAME=SPEC``: the server's own bots, each name (a seat clients may ask for) with its
    spec (``package.module:ClassName`` or ``path/to/bot.py:ClassName``; ``bots.loading``), in the
    order given (a mapping is taken too). They choose in the request's thread, without a time
    budget. Default: none."""

    workers: int = attrs.field(default=1, validator=_count("workers", "the number of server processes"))
    """``--workers``: server processes answering on the one port, sharing a PostgreSQL database
    (more than one on SQLite is refused by ``check_db``); one that dies is started again.
    Default: 1."""

    bot_workers: int | None = attrs.field(
        default=None,
        validator=_count("bot-workers", "the number of processes where search bots think", optional=True),
    )
    """``--bot-workers``: each server process's worker processes where search bots think
    (``None``: ``thinking.default_workers`` for this machine's cores shared between the
    ``workers``; see ``bot_processes``). Default: ``None``."""

    @property
    def bot_processes(self) -> int:
        """``bot_workers``, or its default for this machine and ``workers``."""
        if self.bot_workers is not None:
            return self.bot_workers
        return default_workers(os.cpu_count(), self.workers)

    @property
    def bot_map(self) -> dict[str, str]:
        """``bots`` as a dict, name to spec."""
        return dict(self.bots)

    @property
    def origins(self) -> frozenset[Origin] | None:
        """``allowed_origins`` parsed; ``None`` for any (``*``)."""
        if any(text.strip() == "*" for text in self.allowed_origins):
            return None
        return frozenset(origin for text in self.allowed_origins if (origin := parse_origin(text)))

    def check_db(self, db: str) -> None:
        """``ConfigError`` unless ``workers`` processes may serve ``db``: more than one only on
        PostgreSQL (a SQLite file belongs to one process)."""
        if self.workers > 1 and not is_postgres_url(db):
            raise ConfigError(
                f"--workers {self.workers}: several server processes share their tables through a "
                "PostgreSQL --db (postgresql://...), not a SQLite file; one process (--workers 1) "
                "serves SQLite"
            )
