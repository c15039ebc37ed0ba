"""``cardrules serve --stdio``: the protocol as JSON lines on standard input and output.

One client (the program that started the server) sends one request a line and reads one reply a
line, in order, as chess GUIs drive UCI engines; it may hold every human seat of every table.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from cardrules.serve.protocol import Engine, Session, error_reply, parse_request
from cardrules.serve.tables import Store

__all__ = ["run_stdio"]


def run_stdio(db: str, requests: TextIO, replies: TextIO) -> int:
    """Answer every line of ``requests`` on ``replies`` until end of input; 0 when done."""
    store = Store(db)
    engine, session = Engine(store), Session()
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
