"""The web table in a real headless Chromium: for each game, open the lobby, start a table against
bots, play it to the end by clicking, and check that the result shown is the transcript's outcome,
in the game's own terms, and that at 1280, 1920 and 390 pixels wide nothing overlaps or leaves the
screen, mid-game and at the end.

Needs the ``browser`` extra (Playwright) and the distribution's Chromium (``apt-get install
chromium``; ``CARDRULES_CHROMIUM`` names another binary). Without them these tests skip, unless
``CARDRULES_REQUIRE_BROWSER=1`` is set (as ``.ci/run`` does), when they fail. Screenshots go to
``CARDRULES_SCREENSHOTS`` (a directory), else to the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import GAMES, get_game, loads, parse_card
from cardrules.transcript import Transcript, replay

_REQUIRED = os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1"

try:
    import starlette  # noqa: F401 (the server's own stack, needed by the child process)
    from playwright.sync_api import Browser, Page
    from serve_support import (
        FULL_SPEED,
        SHORT_GAMES,
        WIDTHS,
        ServerProcess,
        browser_server,
        chromium,
        click_once,
        connections_held,
        free_port,
        layout_problems,
        open_lobby,
        play_to_the_end,
        seat_bots,
        server_processes,
        start_table,
        table_status,
    )
    from websockets.sync.client import connect
except ImportError:
    if _REQUIRED:
        raise
    pytest.skip("needs the serve and browser extras", allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server for this module's tests; yields its host and port."""
    yield from browser_server(tmp_path_factory.mktemp("serve"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    directory = Path(os.environ.get("CARDRULES_SCREENSHOTS") or tmp_path)
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture
def lobby(browser: Browser, server: str) -> Iterator[Page]:
    """A page showing the lobby; the test fails if the page's script reports any error."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(FULL_SPEED)  # the events of a reply told at once: no pauses to wait for
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.set_default_timeout(30_000)
    page.goto(f"http://{server}/")
    page.wait_for_selector("body[data-screen=lobby]")
    yield page
    page.close()
    assert errors == [], errors


def _transcript(server: str, table_id: str) -> Transcript:
    with connect(f"ws://{server}/ws") as socket_:
        socket_.send(json.dumps({"op": "transcript", "table": table_id}))
        reply = json.loads(socket_.recv())
    transcript = loads(json.dumps(reply["transcript"]))
    assert isinstance(transcript, Transcript)
    return transcript


_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def _halves(n: int) -> str:
    return f"{n // 2}½" if n % 2 else str(n // 2)


def _own_terms(game: str, view: Any) -> list[str]:
    """What the end banner must say of seat 0's final view, in the game's own terms."""
    if game == "clubs":
        # the other seats named as their plates name them: the heuristic bot, with its seat's number
        return [
            f"You {view.scores[0]}",
            *(f"Heuristic bot (Seat {k}) {s}" for k, s in enumerate(view.scores) if k),
        ]
    if game == "pub_derby":
        return [f"Team A {view.goals[0]} – {view.goals[1]} Team B"]
    if game == "rugby_league":
        return [f"Home {view.scores[0]} – {view.scores[1]} Away"]
    if game == "eighty_points":
        levels = [_RANKS.get(level, str(level)) for level in view.levels]
        return [f"Team A: {levels[0]} · Team B: {levels[1]}"]
    return [f"You {_halves(view.halves[0])} · Heuristic bot {_halves(view.halves[1])}"]


# Clicks into each game before its mid-game checks.
_MIDGAME = {"clubs": 3, "pub_derby": 3, "rugby_league": 4, "eighty_points": 4, "manager": 2}


def _check_the_table(page: Page, game: str) -> None:
    """Every seat around the felt, named, with its team; one seat's turn; the trick shown; the
    rules a click away; and at each width nothing overlapping or off the screen."""
    players = GAMES[game].num_players(None)
    seats = page.locator(".felt .seat")
    assert seats.count() == players
    assert page.locator(".felt .seat.me .name").inner_text() == "You"
    assert page.locator(".felt .seat[data-turn=true]").count() == 1
    assert page.locator(".felt .seat.me[data-turn=true]").count() == 1  # it is your turn
    assert page.locator(".felt .center .trick").is_visible()
    teams = {"pub_derby": ["Team A", "Team B"], "eighty_points": ["Team A", "Team B"]}
    teams["rugby_league"] = ["Home", "Away"]
    for k in range(players):
        badge = page.locator(f".felt .seat[data-seat='{k}'] .team")
        if game in teams:
            assert badge.inner_text() == teams[game][k % 2]
        else:
            assert badge.count() == 0
    page.click(".side .howto summary")
    assert page.locator(".side .howto p").count() == len(GAMES[game].HOW_TO_PLAY.splitlines()) + 1
    link = page.get_attribute(".side .howto a", "href") or ""
    assert link == f"https://github.com/cardrules/cardrules/blob/main/docs/rules/{game}.md"
    problems = [p for width in WIDTHS for p in layout_problems(page, width)]
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize("game", list(SHORT_GAMES))
def test_a_game_played_to_the_end_by_clicking(lobby: Page, server: str, shots: Path, game: str) -> None:
    """Lobby, a table against bots, every decision a click: mid-game the table is laid out at each
    width; at the end the result shown is the outcome the transcript replays to (the same winners
    and scores, "You win!" exactly when seat 0 won) and the banner says it in the game's own terms."""
    page = lobby
    table_id = start_table(page, game, SHORT_GAMES[game], seed=20261125)
    play_to_the_end(page, game, stop_after=_MIDGAME[game])
    assert table_status(page) == "your-turn"
    _check_the_table(page, game)
    play_to_the_end(page, game)
    result = page.locator(".result")
    transcript = _transcript(server, table_id)
    final = replay(transcript)
    outcome = get_game(game).outcome(final)
    assert outcome is not None
    assert result.get_attribute("data-winners") == ",".join(map(str, outcome.winners))
    shown = result.get_attribute("data-scores") or ""
    assert [float(s) for s in shown.split(",")] == [float(s) for s in outcome.scores]
    heading = result.locator("h3").inner_text()
    if len(outcome.winners) == len(outcome.scores):
        assert heading == "Game over. A draw."
    else:
        assert heading == ("Game over. You win!" if 0 in outcome.winners else "Game over. You lose.")
    banner = result.locator(".final").inner_text()
    for words in _own_terms(game, get_game(game).view(final, 0)):
        assert words in banner
    assert "14" not in banner or game == "clubs"
    assert page.locator(".log li").count() > 0
    assert [p for width in WIDTHS for p in layout_problems(page, width)] == []
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(shots / f"{game}.png"), full_page=True)


def _moves(page: Page) -> int:
    return int(page.get_attribute(".table", "data-moves") or "-1")


def test_the_bots_cards_travel_to_the_trick_one_at_a_time(browser: Browser, server: str) -> None:
    """At a pace (here 0.3 s a card) the bots' moves, pushed one by one, are replayed: the trick
    grows one card at a time while your hand waits, the won trick stays with its winner named, and
    only then is it your turn."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('cardrules.pace', '0.3')")
    page.goto(f"http://{server}/")
    page.wait_for_selector("body[data-screen=lobby]")
    start_table(page, "clubs", {}, seed=3)
    assert table_status(page) == "your-turn"
    assert page.locator("#speed").input_value() == "0.3"
    # Every drawing of the table is recorded as it happens: on a loaded machine a test's own round
    # trips can outlast a 0.3 s step, so looking afterwards could miss one.
    page.evaluate(_RECORD_DRAWINGS)
    page.locator(".row.hand button.card.legal").first.click()
    page.wait_for_function("() => window.drawings.some((d) => d.winner)")
    drawings: list[dict[str, Any]] = page.evaluate("window.drawings")
    for plays in (2, 3, 4):
        seen = [d for d in drawings if d["plays"] == plays and not d["winner"]]
        assert seen, f"the trick was never drawn with {plays} cards"
        assert all(d["status"] in ("replaying", "waiting") and d["hand"] == 0 for d in seen)
    won = next(d for d in drawings if d["winner"])
    assert "the trick" in won["note"] and won["plays"] == 4 and won["hand"] == 0
    assert table_status(page) == "your-turn"
    page.close()


_TRICK_GAMES = [name for name in GAMES if name in ("clubs", "pub_derby", "eighty_points")]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", _TRICK_GAMES)
def test_a_click_puts_your_card_on_the_felt_at_once_while_the_bots_think(
    browser: Browser, server: str, game: str, width: int
) -> None:
    """Against PIMC bots at 0.5 s a move, the card you click is on the felt within 300 ms (before
    any reply: the page puts it there, and takes it back only if the server refuses it); then the
    seat to act is marked as thinking, and each bot's card arrives as that bot decides."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.add_init_script(FULL_SPEED)
    page.goto(f"http://{server}/")
    page.wait_for_selector("body[data-screen=lobby]")
    start_table(page, game, SHORT_GAMES[game], seed=3, bot="pimc@0.5s")
    while (
        table_status(page) != "your-turn"
        or not page.locator(".row.hand button.card.legal").count()
        or "bottom" in page.inner_text(".toolbar .status")
    ):
        click_once(page, game, 0)  # 80 Points' bidding and bottom, until a trick's card is to play
    page.evaluate(_RECORD_ON_THE_FELT)
    legal = page.locator(".row.hand button.card.legal:not(.selected)").first
    card = legal.get_attribute("data-card")
    while True:  # a led double (80 Points) is followed with two cards: the last click sends them
        legal.click()
        play = page.locator("button:has-text('Play the chosen cards'):not([disabled])")
        if play.count():
            play.click()
        if page.get_attribute(".table", "data-status") != "your-turn" or not legal.count():
            break
    page.wait_for_function("() => window.onFelt !== null", timeout=5_000)
    took = page.evaluate("window.onFelt - window.clicked")
    assert took < 300, f"{game} at {width} px: your card reached the felt {took:.0f} ms after the click"
    mine = page.locator(".felt .trick .play[data-seat='0'] [data-card]")
    on_felt = mine.evaluate_all("(n) => n.map((x) => x.dataset.card)")
    assert card in on_felt, (card, on_felt, page.inner_text(".toolbar"))
    page.wait_for_selector(".table[data-thinking=true] .felt .seat[data-thinking=true]", timeout=10_000)
    assert "is thinking" in page.inner_text(".toolbar .status")
    page.close()


_RECORD_ON_THE_FELT = """() => {
  window.clicked = null;
  window.onFelt = null;
  document.addEventListener('click', () => {
    if (window.onFelt === null) window.clicked = performance.now();  // the click that sends the move
  }, true);
  new MutationObserver(() => {
    if (window.clicked !== null && window.onFelt === null
        && document.querySelector('.felt .trick .play[data-seat="0"] [data-card]')
        && document.querySelector('.table').dataset.status !== 'your-turn') {
      window.onFelt = performance.now();
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


_RECORD_DRAWINGS = """() => {
  window.drawings = [];
  new MutationObserver(() => {
    const trick = document.querySelector('.felt .trick');
    const table = document.querySelector('.table');
    if (!trick || !table) return;
    const note = trick.querySelector('.trick-note');
    window.drawings.push({
      plays: trick.querySelectorAll('.play').length,
      winner: trick.dataset.winner !== undefined,
      note: note ? note.textContent : '',
      status: table.dataset.status,
      hand: document.querySelectorAll('.row.hand button.card').length,
    });
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def test_keyboard_play(lobby: Page) -> None:
    """Tab reaches a playable card, the arrow keys walk the playable cards, Enter plays one, and a
    move typed in the box and sent with Enter is played."""
    page = lobby
    start_table(page, "clubs", {}, seed=3)
    assert table_status(page) == "your-turn"
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
    assert table_status(page) == "your-turn"
    typed = page.locator(".row.hand button.card.legal").first.get_attribute("data-card") or ""
    before = _moves(page)
    page.fill("input[name=move]", typed.lower())
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('.table').dataset.moves) > {before}")


def test_a_phone_sized_screen(browser: Browser, server: str, shots: Path) -> None:
    """On a 390 x 844 touch screen nothing is wider than the screen, every playable card is on it,
    and jokers are drawn as jokers (the word JOKER and a star, never a "J" that reads as a jack)."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.add_init_script(FULL_SPEED)
    page.goto(f"http://{server}/")
    page.wait_for_selector("body[data-screen=lobby]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    start_table(page, "eighty_points", {"rounds": "1"}, seed=5)
    assert table_status(page) == "your-turn"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for card in page.locator(".row.hand .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    jokers = page.locator(".row.hand [data-card=SJ], .row.hand [data-card=BJ]")
    assert jokers.count() > 0  # this deal gives seat 0 jokers
    for joker in jokers.all():
        assert "joker" in (joker.get_attribute("class") or "")
        assert "JOKER" in joker.inner_text() and "★" in joker.inner_text()
    assert page.locator(".row.hand .card:has-text('☆')").count() == 0
    page.screenshot(path=str(shots / "eighty_points-phone.png"), full_page=True)
    page.close()


def test_watching_the_bots(lobby: Page) -> None:
    """ "Watch the bots" seats only bots: the spectator sees no hand and no move to make, then the
    result in the third person, by side."""
    page = lobby
    page.check("input[name=game][value=rugby_league]")
    page.select_option("#you", "watch")
    seat_bots(page)
    page.click("button[type=submit]")
    page.wait_for_selector(".table[data-status=over]")
    assert page.locator(".row.hand").count() == 0
    assert page.locator(".actions").count() == 0
    winners = (page.get_attribute(".result", "data-winners") or "").split(",")
    heading = page.locator(".result h3").inner_text()
    if len(winners) == 2:
        assert heading == "Game over. A draw."
    else:
        assert heading == f"Game over. {['Home', 'Away'][int(winners[0])]} wins."
    assert page.locator(".felt .seat").count() == 2
    assert page.locator(".felt .seat .team").all_inner_texts() == ["Away", "Home"]  # seat 0 nearest
    assert [p for width in WIDTHS for p in layout_problems(page, width)] == []


def test_two_people_at_one_table(browser: Browser, lobby: Page) -> None:
    """A friend's seat: the table waits for the friend, naming the seat, with its invitation link
    and a Copy button; the link opens that seat once in another browser (a second opening is told
    the seat is taken), each page is pushed the other's moves, both play a whole Manager match to
    the same result, each checks the deal in the browser, and the page's downloads pass
    ``cardrules verify`` and ``cardrules replay``."""
    _two_people_play_manager(browser, lobby, downloads=True)


def _two_people_play_manager(browser: Browser, mine: Page, downloads: bool = False) -> None:
    mine.check("input[name=game][value=manager]")
    mine.fill("#config-max_exchanges", "1")
    mine.select_option("#seat-1", "human")
    mine.click("button[type=submit]")
    mine.wait_for_selector(".table .waiting")
    assert mine.locator(".waiting h3").inner_text() == "Waiting for a friend at Seat 1"
    assert mine.locator(".toolbar .status").inner_text().startswith("Waiting for a friend at Seat 1:")
    link = mine.locator(".waiting input.invite-link").input_value()
    assert link.startswith("http://") and "/#/t/" in link and link.split("/")[-3:-1] == ["invite", "1"]
    assert link == mine.locator(".share a").first.get_attribute("href")
    mine.click(".waiting button.copy")
    mine.wait_for_selector(".waiting button.copy[data-copied=true]")
    assert mine.locator(".deal").is_visible()
    friend = browser.new_page()
    friend.add_init_script(FULL_SPEED)
    friend.goto(link)
    friend.wait_for_selector(".table")
    assert "you are Seat 1" in friend.locator(".table h2").inner_text()
    own = friend.url.split("#", 1)[1].split("/")  # the invitation became the seat's own link
    assert own[:3] == ["", "t", link.split("/")[-4]] and own[3] == "1" and own[4] != link.split("/")[-1]
    late = browser.new_page()
    late.goto(link)
    late.wait_for_selector("body[data-screen=error]")
    assert "Seat 1 is taken" in late.locator("[role=alert]").inner_text()
    late.close()
    mine.wait_for_selector(".felt")
    pages = [mine, friend]  # seat 0's page, seat 1's page
    for turn in range(500):
        statuses = [table_status(page) for page in pages]
        if all(status == "over" for status in statuses):
            break
        movers = [page for page, status in zip(pages, statuses) if status == "your-turn"]
        if movers:
            click_once(movers[0], "manager", turn)
            continue
        # The seat to move is waiting for the push of the other's move: wait for it to arrive.
        latest = max(pages, key=_moves)
        to_act = latest.get_attribute(".table", "data-to-act")
        waiting_for = pages if to_act == "none" else [pages[int(to_act or "")]]  # "none": the end
        for page in waiting_for:
            page.wait_for_selector(".table[data-status=your-turn], .table[data-status=over]")
    else:
        raise AssertionError("no end after 500 clicks")
    assert mine.get_attribute(".result", "data-winners") == friend.get_attribute(".result", "data-winners")
    verdicts = {page.locator(".result h3").inner_text() for page in pages}
    assert verdicts in ({"Game over. You win!", "Game over. You lose."}, {"Game over. A draw."})
    for page in pages:
        page.wait_for_selector(".deal[data-deal=verified]")
        assert "verified in your browser" in page.locator(".deal").inner_text()
        assert "your own string is among them" in page.locator(".deal").inner_text()
    if downloads:
        _downloads_check(mine)
    friend.close()


def _downloads_check(page: Page) -> None:
    """The page's two downloads, saved as a person's browser saves them, pass the command line's
    checks: the proof ``cardrules verify`` (against the commitment the page showed) and the
    transcript ``cardrules replay``."""
    with tempfile.TemporaryDirectory() as temporary:
        _check_the_downloads(page, Path(temporary))


def _check_the_downloads(page: Page, folder: Path) -> None:
    commitment = page.get_attribute(".deal", "title") or ""
    saved = {}
    for button, name in (
        ("button.proof", "proof.json"),
        ("button:has-text('Download the transcript')", "transcript.json"),
    ):
        with page.expect_download() as download:
            page.click(f".result {button}")
        download.value.save_as(folder / name)
        saved[name] = str(folder / name)
    cli = [sys.executable, "-m", "cardrules"]
    verified = subprocess.run(
        [
            *cli,
            "verify",
            saved["proof.json"],
            "--commitment",
            commitment,
            "--transcript",
            saved["transcript.json"],
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert verified.returncode == 0 and "no one party chose it" in verified.stdout, verified
    replayed = subprocess.run(
        [*cli, "replay", saved["transcript.json"]], capture_output=True, text=True, timeout=120, check=False
    )
    assert replayed.returncode == 0, replayed


def _workers(postgres_url: str) -> ServerProcess:
    """``cardrules serve --workers 2`` on a PostgreSQL database, once both processes serve."""
    server = ServerProcess(postgres_url, options=["--workers", "2", "--bot-pace", "0.02"])
    deadline = time.monotonic() + 30
    while len(server_processes(server.process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    return server


def test_two_people_at_one_table_through_two_processes(browser: Browser, postgres_url: str) -> None:
    """The friend's table above, served by two processes behind one address (``--workers 2`` on
    PostgreSQL), each page's connection on either: each page is pushed the other's moves."""
    server = _workers(postgres_url)
    mine = open_lobby(browser, server.address)
    try:
        _two_people_play_manager(browser, mine)
    finally:
        mine.close()
        server.stop()
    assert "Traceback" not in server.log


def test_a_server_process_killed_behind_one_address(browser: Browser, postgres_url: str) -> None:
    """``--workers 2``: the process holding the page's connection is SIGKILLed mid-game; the page
    reconnects by itself to the same address, which the other process (or its replacement)
    answers, shows the same position, and the game is played on to its end."""
    server = _workers(postgres_url)
    page = open_lobby(browser, server.address)
    try:
        moves = _five_moves_into_rugby(page)
        holding = [pid for pid in server_processes(server.process.pid) if connections_held(pid, server.port)]
        assert holding  # (both, if a keep-alive connection for a file went to the other)
        for pid in holding:
            os.kill(pid, signal.SIGKILL)
        page.wait_for_selector("#connection:has-text('reconnecting')")
        _back_and_played_on(page, moves)
    finally:
        page.close()
        server.stop()


def test_a_server_killed_and_started_again(browser: Browser, tmp_path: Path) -> None:
    """The server is killed (SIGKILL) mid-game and started again on the same database: the open
    page reconnects by itself, shows the same position, and the game is played on to its end."""
    port = free_port()
    server = ServerProcess(tmp_path / "tables.db", port)
    page = browser.new_page()
    page.add_init_script(FULL_SPEED)
    try:
        page.goto(f"http://{server.address}/")
        page.wait_for_selector("body[data-screen=lobby]")
        moves = _five_moves_into_rugby(page)
        server.kill()
        page.wait_for_selector("#connection:has-text('reconnecting')")
        server = ServerProcess(tmp_path / "tables.db", port)
        _back_and_played_on(page, moves)
    finally:
        page.close()
        server.stop()


def _five_moves_into_rugby(page: Page) -> int:
    """A Rugby League table started from the lobby and five of its moves clicked; its move count."""
    start_table(page, "rugby_league", {}, seed=9)
    for turn in range(5):
        assert table_status(page) == "your-turn"
        click_once(page, "rugby_league", turn)
    assert table_status(page) == "your-turn"
    return _moves(page)


def _back_and_played_on(page: Page, moves: int) -> None:
    """The page has reconnected by itself at the same position (``moves``) and plays on to the end."""
    page.wait_for_function("() => document.getElementById('connection').textContent === ''")
    page.wait_for_selector(".table[data-status=your-turn]")
    assert _moves(page) == moves
    play_to_the_end(page, "rugby_league")


def test_the_lobby_seats_the_strongest_bot_by_default(lobby: Page) -> None:
    """Every bot seat starts on the PIMC bot at half a second a move (docs/bots.md: the strongest
    bot a person does not wait on); the weaker bots and a friend are still offered."""
    page = lobby
    page.check("input[name=game][value=clubs]")
    selects = page.locator(".field.seat select").all()
    assert len(selects) == 4
    assert {select.input_value() for select in selects} == {"pimc@0.5s"}
    offered = page.locator("#seat-1 option").evaluate_all("nodes => nodes.map((n) => n.value)")
    assert offered == ["pimc@0.5s", "heuristic", "ismcts:300", "random", "human"]


def test_the_lobby_labels_and_checks_the_options(lobby: Page) -> None:
    """Options are labelled in words with their range and default; a value out of range is
    refused in the page, in words, before anything is sent, without leaving the lobby; the seat
    list follows the options that set the number of seats, whose values stay when it changes."""
    page = lobby
    assert page.locator("label[for=config-threshold]").inner_text() == "Game ends at (points)"
    assert "1 to 200" in page.locator("#config-threshold-hint").inner_text()
    assert "default 50" in page.locator("#config-threshold-hint").inner_text()
    page.select_option("#config-players", "3")
    assert page.locator(".seat").count() == 3
    for bad in ("0", "201", "2.5", ""):
        page.fill("#config-threshold", bad)
        page.click("button[type=submit]")
        message = page.locator(".lobby .error").inner_text()
        assert message.startswith("Game ends at (points)"), message
        assert "threshold" not in message  # the page's words, not the server's
        assert page.get_attribute("#config-threshold", "aria-invalid") == "true"
        assert page.get_attribute("body", "data-screen") == "lobby"
    page.fill("#config-threshold", "8")
    page.check("input[name=game][value=eighty_points]")
    assert page.locator("label[for=config-max_redeals]").inner_text() == "Redeals allowed a round"
    page.fill("#config-rounds", "51")
    page.click("button[type=submit]")
    assert "from 1 to 50" in page.locator(".lobby .error").inner_text()
    page.check("input[name=game][value=pub_derby]")
    page.select_option("#config-format", '"big_squad"')
    assert page.locator(".seat").count() == 8
    assert page.locator("#config-format").input_value() == '"big_squad"'
    assert page.locator("label[for=seat-5]").inner_text() == "Seat 5 (Team B)"
    page.select_option("#you", "5")
    seat_bots(page)
    page.click("button[type=submit]")
    page.wait_for_selector(".table")
    assert "you are Seat 5" in page.locator(".table h2").inner_text()
    assert page.locator(".felt .seat.me .team").inner_text() == "Team B"
    assert page.locator(".felt .seat").count() == 8
    assert [p for width in WIDTHS for p in layout_problems(page, width)] == []


def test_a_practice_seed_beyond_2_53_is_exact_to_the_downloaded_transcript(lobby: Page) -> None:
    """The lobby sends a practice seed as its decimal text (2**64 is refused in words, before
    anything is sent), and "Download the transcript" saves what the server sent: the seed exact,
    where a JavaScript number reads 11310772225009022492 as 11310772225009023000."""
    page = lobby
    page.check("input[name=game][value=clubs]")
    page.fill("#seed", "18446744073709551616")
    page.click("button[type=submit]")
    message = page.locator(".lobby .error").inner_text()
    assert (
        message == "Practice seed is a whole number from 0 to 18446744073709551615, not 18446744073709551616."
    )
    assert page.get_attribute("#seed", "aria-invalid") == "true"
    assert page.get_attribute("body", "data-screen") == "lobby"
    start_table(page, "clubs", SHORT_GAMES["clubs"], seed=11310772225009022492)
    play_to_the_end(page, "clubs")
    with page.expect_download() as download:
        page.click("button:has-text('Download the transcript')")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert '"seed": "11310772225009022492"' in text
    transcript = loads(text)
    assert isinstance(transcript, Transcript) and transcript.seed == 11310772225009022492


def test_a_double_is_one_play(lobby: Page) -> None:
    """80 Points: a double (two identical cards played at once) is drawn as one play, grouped
    and labelled, under the name of the seat that played it; never as two plays."""
    page = lobby
    start_table(page, "eighty_points", {"rounds": "1"}, seed=7)
    for turn in range(40):
        if page.locator(".felt .play.multi").count():
            break
        assert table_status(page) == "your-turn"
        click_once(page, "eighty_points", turn)
    else:
        raise AssertionError("no double in 40 clicks")
    double = page.locator(".felt .play.multi").first
    cards = double.locator(".card").evaluate_all("nodes => nodes.map((n) => n.dataset.card)")
    assert len(cards) == 2 and cards[0] == cards[1]
    assert double.locator(".kind").inner_text() == "a double"
    seats = page.locator(".felt .trick .play").evaluate_all("nodes => nodes.map((n) => n.dataset.seat)")
    assert len(seats) == len(set(seats))  # one play a seat


def test_your_own_bot_sits_at_a_table_from_the_lobby(browser: Browser, tmp_path: Path) -> None:
    """A server started with --bot offers that bot in every seat's list; a game against it is
    played to the end, and the table names it at its seats."""
    bot = tmp_path / "my_bot.py"
    bot.write_text(
        "class LowestCard:\n"
        "    def choose(self, view, seed):\n"
        "        return min(view.legal_moves, key=lambda move: move.card.rank)\n",
        encoding="utf-8",
    )
    server = ServerProcess(tmp_path / "tables.db", options=["--bot", f"lowest={bot}:LowestCard"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(FULL_SPEED)
    try:
        page.goto(f"http://{server.address}/")
        page.wait_for_selector("body[data-screen=lobby] #seat-3")
        assert "lowest (this server's bot)" in page.locator("#seat-1 option").all_inner_texts()
        table_id = start_table(page, "clubs", {"threshold": "5"}, seed=4, bot="lowest")
        assert page.locator(".felt .seat[data-seat='2'] .name").inner_text() == "lowest"
        watcher = browser.new_page(viewport={"width": 1280, "height": 900})
        watcher.goto(f"http://{server.address}/#/t/{table_id}")  # a spectator: the reply names the bots
        watcher.wait_for_selector(".felt .seat[data-seat='2'] .name")
        assert watcher.locator(".felt .seat[data-seat='2'] .name").inner_text() == "lowest"
        watcher.close()
        play_to_the_end(page, "clubs")
        assert "Game over" in page.locator(".result h3").inner_text()
    finally:
        page.close()
        server.stop()


# Left out of the default run (pyproject.toml's markers): a real Chromium and server.
pytestmark = pytest.mark.slow
