"""The web table's review of a finished game, judged by the server (issue 60): after a game of
each game played by clicking, "Review the game" shows the server's progress, then the seat's
accuracy, and at a step where the seat decided, the decision's label and every move it could
have made with its worth beside it, as the ``review`` op answers them (the op's own tests check
its numbers against the library's review); and a second look is the one the table keeps. The
review's buttons and keys go from judged decision to judged decision, and from mistake to mistake,
each move named in the page's words (Manager's swaps too), never in the notation.

Needs the ``browser`` extra (Playwright) and Chromium, as tests/serve/test_browser.py does.
"""

from __future__ import annotations

import json
import os
import re
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


def _played_and_judged(
    browser: Browser, server: str, game: str, seed: int, *, progress: bool = False
) -> tuple[Page, dict[str, Any]]:
    """A short game of ``game`` played to its end on a new page, its review opened and judged
    there (its progress bar seen if ``progress``): the page, and the review the server keeps."""
    page = open_lobby(browser, server)
    table = start_table(page, game, SHORT_GAMES[game], seed=seed)
    play_to_the_end(page, game)
    open_judged_review(page, progress=progress)
    return page, _kept_review(server, table, 0)


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
    page, kept = _played_and_judged(browser, server, game, 20260601, progress=True)
    table = kept["table"]
    review = kept["review"]
    assert kept["done"] == kept["total"] == len(review["decisions"]) > 0
    summary = review["summaries"][0]
    shown = page.locator(".judged-summary").get_attribute("data-accuracy")
    # JavaScript writes 100.0 as "100": compare the numbers.
    assert (None if shown is None else float(shown)) == summary["accuracy"]
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


# ---------------------------------------------------------------- jumping from decision to decision

# A move that is not cards, in the words the page's buttons give it (each game's entry in
# static/js/games/, else cards.js's CHOICE_WORDS), lower-cased as a move in words is: written out by
# hand from those buttons, not from the review.
_BUTTON_WORDS: dict[str, dict[str, str]] = {
    "manager": {"pass": "pass"},
    "eighty_points": {
        "pass": "do not declare",
        "declare": "declare no trump",
        "ask": "ask for a redeal",
        "keep": "keep your hand",
    },
    "rugby_league": {
        "touch": "kick for touch",
        "goal": "kick for goal",
        "drop": "drop goal",
        "tap": "tap and run",
    },
}
_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_RAW = re.compile(r"\b(?:[2-9TJQKA][CDHS]|SJ|BJ)\b")
"""A card in the notation (``QS``, ``SJ``): the page writes ``Q♠``, ``small joker``."""


def _card_words(card: str) -> str:
    jokers = {"SJ": "small joker", "BJ": "big joker"}
    return jokers.get(card) or ("10" if card[0] == "T" else card[0]) + _SUITS[card[1]]


def _move_words(game: str, move: str) -> str:
    """A move in the words the page names it in (the moves you can type), from its notation."""
    swap = re.fullmatch(r"(\w\w)-(\w\w)", move)
    if swap:
        return f"swap your {_card_words(swap[1])} for the pool's {_card_words(swap[2])}"
    if game == "rugby_league" and move.isdigit():
        return f"slot {int(move) + 1}"  # a slot as a person counts, from 1
    if move in _BUTTON_WORDS.get(game, {}):
        return _BUTTON_WORDS[game][move]
    verb, cards = "play", move.split(" ")
    if cards[0] == "discard":
        verb, cards = "discard", cards[1:]
    kind = "" if len(cards) == 1 else " (a double)" if len(cards) == 2 else f" (sisters ({len(cards)} cards))"
    return f"{verb} the {' '.join(_card_words(c) for c in cards)}{kind}"


def test_a_move_in_words_is_written_out_by_hand() -> None:
    """The expected words themselves, on moves of each kind (no browser needed)."""
    assert _move_words("manager", "TH-QS") == "swap your 10♥ for the pool's Q♠"
    assert _move_words("manager", "pass") == "pass"
    assert _move_words("rugby_league", "0") == "slot 1"
    assert _move_words("eighty_points", "discard 4D") == "discard the 4♦"
    assert _move_words("eighty_points", "9S 9S") == "play the 9♠ 9♠ (a double)"
    assert _move_words("eighty_points", "pass") == "do not declare"
    assert _move_words("clubs", "AC") == "play the A♣"


def _step_shown(page: Page, at: str) -> None:
    """Wait until the review has left step ``at`` and shows its new step's judged decisions."""
    page.wait_for_function(
        "(at) => { const r = document.querySelector('.review');"
        " return r && r.dataset.at !== at && r.dataset.judged; }",
        arg=at,
    )


def _check_words(page: Page, game: str, decisions: dict[int, dict[str, Any]]) -> list[int]:
    """The judged decisions the step shows, their moves checked in words; their move numbers."""
    shown: list[int] = []
    for node in page.locator(".judged-decision").all():
        index = int(node.get_attribute("data-index") or "-1")
        decision = decisions[index]
        verdict = node.locator(".judged-verdict").inner_text()
        assert f"chose “{_move_words(game, decision['played'])}”" in verdict, verdict
        for move in node.locator(".judged-move").all():
            notation = move.get_attribute("data-move") or ""
            words = move.locator(".judged-words")
            named = words.inner_text() if words.count() else move.get_attribute("aria-label") or ""
            assert named.startswith(_move_words(game, notation)), (notation, named)
        text = node.inner_text()
        assert not _RAW.search(text) and not re.search(r"\w-\w", text), f"notation shown: {text}"
        if decision["label"] != "forced":
            shown.append(index)
    return shown


def _walk(
    page: Page, game: str, decisions: dict[int, dict[str, Any]], which: str, key: str
) -> list[list[int]]:
    """From the step shown, jump with ``which``'s button (and every other time its key) until it is
    disabled: the judged decisions each step jumped to shows."""
    button = page.locator(f"button[data-jump={which}]")
    visits: list[list[int]] = []
    while button.is_enabled():
        at = page.get_attribute(".review", "data-at") or ""
        if len(visits) % 2:
            page.keyboard.press(key)
        else:
            button.click()
        _step_shown(page, at)
        visits.append(_check_words(page, game, decisions))
        assert len(visits) <= len(decisions), "the jumps go round"
    return visits


@pytest.mark.slow
@pytest.mark.parametrize("game", list(SHORT_GAMES))
def test_the_review_jumps_between_judged_decisions_naming_moves_in_words(
    browser: Browser, server: str, game: str
) -> None:
    page, kept = _played_and_judged(browser, server, game, 20260602)
    review = kept["review"]
    decisions = {d["index"]: d for d in review["decisions"]}
    judged = sorted(i for i, d in decisions.items() if d["label"] != "forced")
    mistakes = [i for i in judged if decisions[i]["label"] in ("mistake", "blunder")]
    assert judged, "a game with no judged decision tests no jump"

    page.click("button[data-step=start]")
    page.wait_for_selector(".review[data-at='0'][data-judged='0']")
    assert page.locator("button[data-jump=previous]").is_disabled()
    assert page.locator("button[data-jump=previousMistake]").is_disabled()
    forward = _walk(page, game, decisions, "next", "n")
    # Each jump lands on a step where a judged decision was made, and together they show every
    # judged decision once, in order.
    assert all(forward) and [i for shown in forward for i in shown] == judged
    assert page.locator("button[data-jump=next]").is_disabled()
    backward = _walk(page, game, decisions, "previous", "p")
    assert backward == forward[-2::-1]

    page.click("button[data-step=start]")
    page.wait_for_selector(".review[data-at='0'][data-judged='0']")
    assert page.locator("button[data-jump=nextMistake]").is_enabled() == bool(mistakes)
    onward = _walk(page, game, decisions, "nextMistake", "m")
    assert [i for shown in onward for i in shown if i in mistakes] == mistakes
    assert all(any(i in mistakes for i in shown) for shown in onward)
    back = _walk(page, game, decisions, "previousMistake", "Shift+M")
    assert back == onward[-2::-1]
    page.close()
