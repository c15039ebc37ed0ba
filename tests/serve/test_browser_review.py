"""The web table's review of a finished game, judged by the server (issue 60): after a game of
each game played by clicking, "Review the game" shows the server's progress, then the seat's
accuracy, and at a step where the seat decided, the decision's label and every move it could
have made with its worth beside it, as the ``review`` op answers them (the op's own tests check
its numbers against the library's review); and a second look is the one the table keeps.

Needs the ``browser`` extra (Playwright) and Chromium, as tests/serve/test_browser.py does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

_REQUIRED = os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1"

try:
    import starlette  # noqa: F401 (the server's own stack, needed by the child process)
    from playwright.sync_api import Browser, Page
    from serve_support import (
        SHORT_GAMES,
        browser_server,
        chromium,
        open_judged_review,
        open_lobby,
        play_to_the_end,
        start_table,
    )
    from websockets.sync.client import connect
except ImportError:
    if _REQUIRED:
        raise
    pytest.skip("needs the serve and browser extras", allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from browser_server(tmp_path_factory.mktemp("serve"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


def _kept_review(server: str, table: str, seat: int) -> dict[str, Any]:
    """The review the server keeps with the table, asked for over a connection of its own."""
    with connect(f"ws://{server}/ws") as socket:
        socket.send(json.dumps({"op": "review", "table": table, "seat": seat, "id": 1}))
        reply: dict[str, Any] = json.loads(socket.recv(timeout=60))
    assert reply["ok"] and reply["review"] is not None, reply
    return reply


def _shown_decision(page: Page) -> tuple[int, str, list[tuple[str, float]]]:
    decision = page.locator(".judged-decision:not([data-label=forced])").last
    moves = decision.locator(".judged-move").evaluate_all(
        "ns => ns.map((n) => [n.dataset.move, Number(n.dataset.worth)])"
    )
    index = int(decision.get_attribute("data-index") or "-1")
    return index, decision.get_attribute("data-label") or "", [(m, w) for m, w in moves]


@pytest.mark.slow
@pytest.mark.parametrize("game", list(SHORT_GAMES))
def test_a_finished_game_is_reviewed_with_each_decision_judged(
    browser: Browser, server: str, game: str
) -> None:
    page = open_lobby(browser, server)
    table = start_table(page, game, SHORT_GAMES[game], seed=20260601)
    play_to_the_end(page, game)
    open_judged_review(page, progress=True)
    kept = _kept_review(server, table, 0)
    review = kept["review"]
    assert kept["done"] == kept["total"] == len(review["decisions"]) > 0
    summary = review["summaries"][0]
    shown = page.locator(".judged-summary").get_attribute("data-accuracy")
    assert shown == (None if summary["accuracy"] is None else str(summary["accuracy"]))
    assert f"{summary['judged']} of {summary['decisions']} decisions" in page.inner_text(".judged-accuracy")
    index, label, moves = _shown_decision(page)
    decision = next(d for d in review["decisions"] if d["index"] == index)
    assert decision["seat"] == 0 and label == decision["label"]
    assert sorted(moves) == sorted((m["move"], m["worth"]) for m in decision["moves"])
    best = page.locator(f".judged-decision[data-index='{index}'] .judged-move.best")
    assert best.get_attribute("data-move") == decision["best"]
    played = page.locator(f".judged-decision[data-index='{index}'] .judged-move.played")
    assert played.get_attribute("data-move") == decision["played"]
    page.close()

    again = open_lobby(browser, server)  # a second look: the kept review, at once
    again.goto(f"http://{server}/#/t/{table}")
    again.wait_for_selector(".table[data-status=over]")
    again.click(".review button.review-open")
    again.click(".judged-choice button[data-judge='0']")
    again.wait_for_selector(".judged-accuracy", timeout=5_000)
    assert again.locator(".judged-summary").get_attribute("data-accuracy") == shown
    again.close()
