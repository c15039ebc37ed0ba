"""``cardrules serve --stdio``: the protocol as JSON lines on standard input and output.

One client (the program that started the server) sends one request a line and reads one reply a
line, in order, as chess GUIs drive UCI engines; it may hold every human seat of every table.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any, TextIO

from cardrules.review import ReviewBudget
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import Engine, Session, error_reply, parse_request
from cardrules.serve.reviews import REVIEW_BUDGET
from cardrules.serve.stores import open_store

__all__ = ["run_stdio"]


def run_stdio(
    db: str,
    requests: TextIO,
    replies: TextIO,
    limits: Limits | None = None,
    bots: Mapping[str, str] | None = None,
    review_budget: ReviewBudget = REVIEW_BUDGET,
) -> int:
    """Answer every line of ``requests`` on ``replies`` until end of input; 0 when done. One
    trusted local client: no per-client caps unless ``limits`` sets them. ``bots``: the server's
    own bots, name to spec (``cardrules serve --bot NAME=SPEC``); ``review_budget``: a decision's
    search in a ``review`` (``cardrules serve --review-budget``)."""
    for stream, errors in ((requests, "surrogateescape"), (replies, "strict")):
        # UTF-8 whatever the locale; a byte that is not UTF-8 becomes a lone surrogate, which
        # parse_request refuses with a reply, rather than an exception that ends the server.
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors=errors)
    store = open_store(db, Limits.local() if limits is None else limits, bots)
    engine, session = Engine(store, review_budget=review_budget), Session(client="stdio")
    try:
        for line in requests:
            if line.strip():
                replies.write(json.dumps(_answer(engine, session, line), ensure_ascii=False) + "\n")
                replies.flush()
    finally:
        store.close()
    return 0


def _answer(engine: Engine, session: Session, line: str) -> dict[str, Any]:
    request, refused = parse_request(line)
    if refused is not None:
        return refused
    try:
        return engine.handle(request, session)
    except Exception as exc:  # a bug of ours: this request fails, the server and its tables go on
        return error_reply(request, exc)
