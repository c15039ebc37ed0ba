"""The web table in a real headless Chromium: for each game, open the lobby, start a table against
bots, play it to the end by clicking, and check that the result shown is the transcript's outcome.

Needs the ``browser`` extra (Playwright) and the distribution's Chromium (``apt-get install
chromium``; ``CARDRULES_CHROMIUM`` names another binary). Without them these tests skip, unless
``CARDRULES_REQUIRE_BROWSER=1`` is set (as ``.ci/run`` does), when they fail. Screenshots go to
``CARDRULES_SCREENSHOTS`` (a directory), else to the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import get_game, loads, parse_card
from cardrules.transcript import Transcript, replay

_REQUIRED = os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1"

try:
    import starlette  # noqa: F401 (the server's own stack, needed by the child process)
    from playwright.sync_api import Browser, Page, sync_playwright
    from serve_support import ServerProcess, free_port
    from websockets.sync.client import connect
except ImportError:
    if _REQUIRED:
        raise
    pytest.skip("needs the serve and browser extras", allow_module_level=True)

# The options typed into the lobby for a short game of each.
_SHORT = {
    "clubs": {"threshold": "8"},
    "pub_derby": {},
    "rugby_league": {},
    "eighty_points": {"rounds": "1"},
    "manager": {"max_exchanges": "2"},
}


def _chromium() -> str:
    path = os.environ.get("CARDRULES_CHROMIUM") or shutil.which("chromium")
    path = path or shutil.which("chromium-browser")
    if path is None:
        if _REQUIRED:
            pytest.fail("no chromium on the PATH: apt-get install chromium")
        pytest.skip("no chromium on the PATH (apt-get install chromium)")
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server for this module's tests; yields its host and port. Bots-only tables move fast
    (a person watching gets one move a second by default), and one address may start as many
    tables as the tests do."""
    options = ["--bot-pace", "0.02", "--max-tables-per-client", "0", "--new-per-minute", "0"]
    process = ServerProcess(tmp_path_factory.mktemp("serve") / "tables.db", options=options)
    yield process.address
    process.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    path = _chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    directory = Path(os.environ.get("CARDRULES_SCREENSHOTS") or tmp_path)
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture
def lobby(browser: Browser, server: str) -> Iterator[Page]:
    """A page showing the lobby; the test fails if the page's script reports any error."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.set_default_timeout(30_000)
    page.goto(f"http://{server}/")
    page.wait_for_selector("body[data-screen=lobby]")
    yield page
    page.close()
    assert errors == [], errors


def _start(page: Page, game: str, options: dict[str, str], seed: int) -> str:
    """Choose the game and options in the lobby, start, and return the table id."""
    page.check(f"input[name=game][value={game}]")
    for name, value in options.items():
        page.fill(f"#config-{name}", value)
    page.fill("#seed", str(seed))
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-screen=table] .table")
    table_id: str = page.evaluate("location.hash.split('/')[2]")
    return table_id


def _status(page: Page) -> str:
    page.wait_for_function(
        "() => { const t = document.querySelector('.table'); return t && t.dataset.status !== 'sending'; }"
    )
    status: str = page.get_attribute(".table", "data-status") or ""
    return status


def _click_once(page: Page, game: str, turn: int) -> None:
    """One click a decision-maker at this table would make: swap or pass (Manager), a live card of
    the hand (building 80 Points plays card by card), else the first choice button."""
    pool = page.locator("section[aria-label=Pool] button.card:not([disabled])")
    if pool.count():
        pool.first.click()
        return
    if game == "manager" and turn % 3 == 2:
        page.click("button[data-move=pass]")
        return
    hand = page.locator(".row.hand button.card.legal:not(.selected)")
    if hand.count():
        hand.first.click()
        return
    play = page.locator("button:has-text('Play the chosen cards'):not([disabled])")
    if play.count():
        play.click()
        return
    page.locator(".actions button.choice").first.click()


def _play_to_the_end(page: Page, game: str, limit: int = 3000) -> None:
    for turn in range(limit):
        if _status(page) == "over":
            return
        page.wait_for_selector(".table[data-status=your-turn], .table[data-status=over]")
        if _status(page) == "over":
            return
        errors = page.locator(".table p.error")
        assert errors.count() == 0, errors.first.inner_text()
        _click_once(page, game, turn)
    raise AssertionError(f"{game}: no end after {limit} clicks")


def _transcript_outcome(server: str, table_id: str) -> Any:
    with connect(f"ws://{server}/ws") as socket_:
        socket_.send(json.dumps({"op": "transcript", "table": table_id}))
        reply = json.loads(socket_.recv())
    transcript = loads(json.dumps(reply["transcript"]))
    assert isinstance(transcript, Transcript)
    return get_game(transcript.game).outcome(replay(transcript))


@pytest.mark.slow
@pytest.mark.parametrize("game", list(_SHORT))
def test_a_game_played_to_the_end_by_clicking(lobby: Page, server: str, shots: Path, game: str) -> None:
    """Lobby, a table against bots, every decision a click, and the result shown is the outcome the
    transcript replays to: the same winners and scores, and "You win!" exactly when seat 0 won."""
    page = lobby
    table_id = _start(page, game, _SHORT[game], seed=20261125)
    _play_to_the_end(page, game)
    result = page.locator(".result")
    outcome = _transcript_outcome(server, table_id)
    assert outcome is not None
    assert result.get_attribute("data-winners") == ",".join(map(str, outcome.winners))
    shown = result.get_attribute("data-scores") or ""
    assert [float(s) for s in shown.split(",")] == [float(s) for s in outcome.scores]
    heading = result.locator("h3").inner_text()
    if len(outcome.winners) == len(outcome.scores):
        assert heading == "Game over. A draw."
    else:
        assert heading == ("Game over. You win!" if 0 in outcome.winners else "Game over. You lose.")
    assert page.locator(".log li").count() > 0
    page.screenshot(path=str(shots / f"{game}.png"), full_page=True)


def _moves(page: Page) -> int:
    return int(page.get_attribute(".table", "data-moves") or "-1")


def test_keyboard_play(lobby: Page) -> None:
    """Tab reaches a playable card, the arrow keys walk the playable cards, Enter plays one, and a
    move typed in the box and sent with Enter is played."""
    page = lobby
    _start(page, "clubs", {}, seed=3)
    assert _status(page) == "your-turn"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.row.hand button.card.legal')"):
            break
    else:
        raise AssertionError("Tab never reached a playable card")
    first = page.evaluate("document.activeElement.dataset.card")
    live = page.locator(".row.hand button.card.legal").count()
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    assert (second != first) == (live > 1)
    before = _moves(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('.table').dataset.moves) > {before}")
    assert f"You play the {parse_card(second).pretty()}." in page.locator(".log li").all_inner_texts()
    assert _status(page) == "your-turn"
    typed = page.locator(".row.hand button.card.legal").first.get_attribute("data-card") or ""
    before = _moves(page)
    page.fill("input[name=move]", typed.lower())
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('.table').dataset.moves) > {before}")


def test_a_phone_sized_screen(browser: Browser, server: str, shots: Path) -> None:
    """On a 390 x 844 screen nothing is wider than the screen, and every playable card is on it."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(f"http://{server}/")
    page.wait_for_selector("body[data-screen=lobby]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _start(page, "eighty_points", {"rounds": "1"}, seed=5)
    assert _status(page) == "your-turn"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for card in page.locator(".row.hand .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=str(shots / "eighty_points-phone.png"), full_page=True)
    page.close()


def test_watching_the_bots(lobby: Page) -> None:
    """ "Watch the bots" seats only bots: the spectator sees no hand and no move to make, then the
    result in the third person."""
    page = lobby
    page.check("input[name=game][value=rugby_league]")
    page.select_option("#you", "watch")
    page.click("button[type=submit]")
    page.wait_for_selector(".table[data-status=over]")
    assert page.locator(".row.hand").count() == 0
    assert page.locator(".actions").count() == 0
    winners = (page.get_attribute(".result", "data-winners") or "").split(",")
    heading = page.locator(".result h3").inner_text()
    if len(winners) == 2:
        assert heading == "Game over. A draw."
    else:
        assert heading == f"Game over. Seat {winners[0]} wins."


def test_two_people_at_one_table(browser: Browser, lobby: Page) -> None:
    """A friend's seat: its link from "Share this table" opens that seat in another browser, each
    page is pushed the other's moves, and both play a whole Manager match to the same result."""
    mine = lobby
    mine.check("input[name=game][value=manager]")
    mine.fill("#config-max_exchanges", "1")
    mine.select_option("#seat-1", "human")
    mine.click("button[type=submit]")
    mine.wait_for_selector(".table")
    link = mine.locator(".share a").first
    assert link.is_visible()  # a table with a friend's seat opens with its link shown
    assert link.inner_text() == link.get_attribute("href")
    friend = browser.new_page()
    friend.goto(link.get_attribute("href") or "")
    friend.wait_for_selector(".table")
    assert "you are Seat 1" in friend.locator(".table h2").inner_text()
    pages = [mine, friend]
    for turn in range(500):
        if all(_status(page) == "over" for page in pages):
            break
        movers = [page for page in pages if _status(page) == "your-turn"]
        if not movers:
            time.sleep(0.05)
            continue
        _click_once(movers[0], "manager", turn)
    else:
        raise AssertionError("no end after 500 clicks")
    assert mine.get_attribute(".result", "data-winners") == friend.get_attribute(".result", "data-winners")
    verdicts = {page.locator(".result h3").inner_text() for page in pages}
    assert verdicts in ({"Game over. You win!", "Game over. You lose."}, {"Game over. A draw."})
    friend.close()


def test_a_server_killed_and_started_again(browser: Browser, tmp_path: Path) -> None:
    """The server is killed (SIGKILL) mid-game and started again on the same database: the open
    page reconnects by itself, shows the same position, and the game is played on to its end."""
    port = free_port()
    server = ServerProcess(tmp_path / "tables.db", port)
    page = browser.new_page()
    try:
        page.goto(f"http://{server.address}/")
        page.wait_for_selector("body[data-screen=lobby]")
        _start(page, "rugby_league", {}, seed=9)
        for turn in range(5):
            assert _status(page) == "your-turn"
            _click_once(page, "rugby_league", turn)
        assert _status(page) == "your-turn"
        moves = _moves(page)
        server.kill()
        page.wait_for_selector("#connection:has-text('reconnecting')")
        server = ServerProcess(tmp_path / "tables.db", port)
        page.wait_for_function("() => document.getElementById('connection').textContent === ''")
        page.wait_for_selector(".table[data-status=your-turn]")
        assert _moves(page) == moves
        _play_to_the_end(page, "rugby_league")
    finally:
        page.close()
        server.stop()


def test_the_lobby_seats_follow_the_options(lobby: Page) -> None:
    """The seat list follows the options that set the number of seats (Clubs' players, Pub Derby's
    format), options keep their values when the seats change, and a bad option is refused in
    words without leaving the lobby."""
    page = lobby
    page.select_option("#config-players", "3")
    assert page.locator(".seat").count() == 3
    page.fill("#config-threshold", "0")
    page.click("button[type=submit]")
    page.wait_for_selector(".lobby .error:not(:empty)")
    assert "threshold" in page.locator(".lobby .error").inner_text()
    assert page.get_attribute("body", "data-screen") == "lobby"
    page.check("input[name=game][value=pub_derby]")
    page.select_option("#config-format", '"big_squad"')
    assert page.locator(".seat").count() == 8
    assert page.locator("#config-format").input_value() == '"big_squad"'
    page.select_option("#you", "5")
    page.click("button[type=submit]")
    page.wait_for_selector(".table")
    assert "you are Seat 5" in page.locator(".table h2").inner_text()
    assert page.locator(".facts dd").first.inner_text() == "team B"
