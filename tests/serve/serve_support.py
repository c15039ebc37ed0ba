"""``cardrules serve`` as the tests meet it: the real server in a child process on 127.0.0.1,
started by a test and stopped by it."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from cardrules import dumps

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

_Server = TypeVar("_Server", bound="ServerProcess")


def public_view(game: Any, state: Any, players: int) -> dict[str, Any]:
    """What a spectator must be shown of ``state``: the cards of the zones every seat sees, how
    many lie in the others (built here from the game's zones, independently of the server), and
    the view's fields but the seat's own, each checked to be alike in every seat's view."""
    zones = game.zones(state)
    views = [json.loads(dumps(game.view(state, seat)))["data"] for seat in range(players)]
    shared = {name: value for name, value in views[0].items() if name not in game.INFO.own_fields}
    assert all(view[name] == value for view in views for name, value in shared.items())
    return {
        "shared": shared,
        "public": [
            {"name": z.name, "cards": [str(c) for c in z.cards]} for z in zones if len(z.seen_by) == players
        ],
        "hidden": [{"name": z.name, "count": len(z.cards)} for z in zones if len(z.seen_by) < players],
    }


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``cardrules serve --host 127.0.0.1`` on ``port`` (a free one by default) with the database
    ``db`` and any further command-line ``options``, listening once constructed, until ``stop`` or
    ``kill``; ``log`` then holds what it wrote to standard error."""

    def __init__(self, db: Path | str, port: int | None = None, options: Sequence[str] = ()) -> None:
        self.db = db
        self.port = free_port() if port is None else port
        self.log = ""
        command = [
            sys.executable,
            "-m",
            "cardrules",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        self.process = subprocess.Popen(
            [*command, "--db", str(db), *options], stderr=subprocess.PIPE, text=True
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.process.kill()
                    raise RuntimeError(f"the server did not start: {self.process.communicate()[1]}") from None
                time.sleep(0.1)

    @property
    def address(self) -> str:
        """``127.0.0.1:PORT``."""
        return f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Ctrl-C, as a person stops it, and wait for it to exit."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        self.log = self.process.communicate(timeout=30)[1] or ""

    def kill(self) -> None:
        """SIGKILL: no chance to clean up, as when the machine loses power."""
        self.process.send_signal(signal.SIGKILL)
        self.log = self.process.communicate(timeout=10)[1] or ""


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started, from Linux's /proc."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(k) for k in (task / "children").read_text().split()]
        except FileNotFoundError:  # a thread that ended meanwhile (the store's pool closing at start)
            continue
    return found


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (server processes, the bots' search processes,
    multiprocessing's resource tracker); one that ended meanwhile has none."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        try:
            children = _children(todo.pop())
        except OSError:  # it ended meanwhile
            continue
        for child in children:
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def server_processes(pid: int) -> list[int]:
    """The server processes of ``cardrules serve --workers``: its children that serve (not
    multiprocessing's resource tracker)."""
    found = []
    for k in _children(pid):
        try:
            command = Path(f"/proc/{k}/cmdline").read_text()
        except FileNotFoundError:  # a process that ended meanwhile
            continue
        if "resource_tracker" not in command:
            found.append(k)
    return found


def connections_held(pid: int, port: int) -> int:
    """How many established TCP connections to ``port`` the process ``pid`` holds (Linux's /proc)."""
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                established.add(f"socket:[{fields[9]}]")
    held = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
    return sum(link in established for link in held)


BROWSER_SERVER_OPTIONS = ("--bot-pace", "0.02", "--max-tables-per-client", "0", "--new-per-minute", "0")
"""A browser test module's server: bots-only tables move fast (a person watching gets one move a
second by default), and one address may start as many tables as the tests do."""


def browser_server(folder: Path) -> Iterator[str]:
    """A browser test module's server (``BROWSER_SERVER_OPTIONS``, its database in ``folder``):
    yields its host and port, and stops it after."""
    process = ServerProcess(folder / "tables.db", options=BROWSER_SERVER_OPTIONS)
    yield process.address
    process.stop()


def chromium() -> Iterator[Browser]:
    """The distribution's Chromium (``CARDRULES_CHROMIUM`` names another binary) under Playwright,
    closed after; without one the test skips, or fails where ``CARDRULES_REQUIRE_BROWSER=1``."""
    from playwright.sync_api import sync_playwright

    path = (
        os.environ.get("CARDRULES_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if path is None:
        if os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1":
            pytest.fail("no chromium on the PATH: apt-get install chromium")
        pytest.skip("no chromium on the PATH (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield launched
        launched.close()


def stopped_after(server: _Server) -> Iterator[_Server]:
    """A fixture's body: the running ``server``, stopped after the test if it still runs."""
    yield server
    if server.process.poll() is None:
        server.stop()


# The web table in a browser, as tests/serve/test_browser.py and tools/screenshots.py drive it.

SHORT_GAMES: dict[str, dict[str, str]] = {
    "clubs": {"threshold": "8"},
    "pub_derby": {},
    "rugby_league": {},
    "eighty_points": {"rounds": "1"},
    "manager": {"max_exchanges": "2"},
}
"""The options typed into the lobby for a short game of each."""

FULL_SPEED = "localStorage.setItem('cardrules.pace', '0')"
"""A page's init script that sets the table's pace to full speed (no pause between events)."""

WIDTHS = (1280, 1920, 390)
"""The screen widths the web table is checked and pictured at."""


def open_lobby(browser: Browser, address: str) -> Page:
    """A new 1280 px page showing the server's lobby, its table at full speed."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(FULL_SPEED)
    page.set_default_timeout(30_000)
    page.goto(f"http://{address}/")
    page.wait_for_selector("body[data-screen=lobby]")
    return page


def seat_bots(page: Page, bot: str = "heuristic") -> None:
    """Choose ``bot`` for every other seat in the lobby (the lobby's default, the PIMC bot at half a
    second a move, would make a test's game slow)."""
    for select in page.locator(".field.seat:not(.mine) select").all():
        select.select_option(bot)


def start_table(page: Page, game: str, options: dict[str, str], seed: int, bot: str = "heuristic") -> str:
    """Choose the game and options in the lobby, seat ``bot`` at the other seats, start, and
    return the table id."""
    page.check(f"input[name=game][value={game}]")
    for name, value in options.items():
        page.fill(f"#config-{name}", value)
    seat_bots(page, bot)
    page.fill("#seed", str(seed))
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-screen=table] .table")
    table_id: str = page.evaluate("location.hash.split('/')[2]")
    return table_id


def table_status(page: Page) -> str:
    """The table's ``data-status`` once it is not sending a move nor replaying events, nor
    waiting for a bot to move (its moves come as pushes)."""
    page.wait_for_function(
        "() => { const t = document.querySelector('.table');"
        " return t && !['sending', 'replaying'].includes(t.dataset.status)"
        " && t.dataset.thinking === undefined; }"
    )
    status: str = page.get_attribute(".table", "data-status") or ""
    return status


def click_once(page: Page, game: str, turn: int) -> None:
    """One click a decision-maker at this table would make: swap or pass (Manager), a live card of
    the hand or a live slot of the row (building 80 Points plays card by card), else the first
    choice button."""
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


def play_to_the_end(page: Page, game: str, limit: int = 3000, stop_after: int | None = None) -> None:
    """Click until the game is over (or ``stop_after`` clicks), failing on an error shown."""
    for turn in range(limit):
        if table_status(page) == "over" or turn == stop_after:
            return
        page.wait_for_selector(".table[data-status=your-turn], .table[data-status=over]")
        if table_status(page) == "over":
            return
        errors = page.locator(".table p.error")
        assert errors.count() == 0, errors.first.inner_text()
        click_once(page, game, turn)
    raise AssertionError(f"{game}: no end after {limit} clicks")


def open_judged_review(page: Page, progress: bool = False) -> None:
    """Open a finished game's review and wait for the server's judgement of the page's seat (its
    accuracy shown; ``progress``: seen coming, ``done`` of ``total``, first), then step back from
    the end to the last step where one of the seat's judged decisions was made."""
    page.click(".review button.review-open")
    if progress:
        page.wait_for_selector(".judged-summary progress")
    page.wait_for_selector(".judged-accuracy", timeout=120_000)
    page.wait_for_selector(".review[data-judged]:not([data-judged=''])")
    steps = int(page.get_attribute(".review", "data-steps") or "0")
    for _ in range(steps):
        if page.locator(".judged-decision:not([data-label=forced])").count():
            return
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(".review[data-judged]:not([data-judged=''])")
    raise AssertionError("no judged decision in the whole review")


LAYOUT_PROBLEMS = (Path(__file__).parent / "layout_problems.js").read_text(encoding="utf-8")
"""JavaScript listing what is wrong with the web table's layout as shown: a page wider than the
screen, a part not shown, parts that overlap (seats, trick, hand, scoreboard, result, moves), a
seat or a trick card outside its place, anything off the screen, a log whose numbers are cut."""


def layout_problems(page: Page, width: int) -> list[str]:
    """What is wrong with the layout of the page shown ``width`` pixels wide."""
    page.set_viewport_size({"width": width, "height": 900})
    problems: list[str] = page.evaluate(LAYOUT_PROBLEMS)
    return [f"{width} px: {p}" for p in problems]


def every_token(ask: Callable[[dict[str, Any]], dict[str, Any]], created: dict[str, Any]) -> dict[str, str]:
    """Every human seat's token at a table ``created`` by ``new``: the creator's, and each other
    seat's from claiming its invitation (as the friend it was sent to would), through ``ask``
    (a request in, its reply out)."""
    tokens: dict[str, str] = dict(created["tokens"])
    for seat, code in created["invitations"].items():
        claimed = ask({"op": "claim", "table": created["table"], "invitation": code})
        assert claimed["ok"] and claimed["seat"] == int(seat), claimed
        tokens[seat] = claimed["token"]
    return tokens


def sit_every_seat(
    ask: Callable[[dict[str, Any]], dict[str, Any]], table: str, tokens: dict[str, str]
) -> dict[str, Any]:
    """Sit every seat of ``tokens`` down at a fair table (each with the string ``"seat N"``),
    in seat order, and return the last reply: the first position once all have sat."""
    reply: dict[str, Any] = {}
    for seat, token in sorted(tokens.items(), key=lambda item: int(item[0])):
        reply = ask({"op": "sit", "table": table, "token": token, "contribution": f"seat {seat}"})
        assert reply["ok"], reply
    return reply


def zones_by_replay(transcript: Any, moves: int) -> list[dict[str, Any]]:
    """Every zone after ``moves`` of ``transcript``'s moves, replayed by the library itself, as
    the ``cards`` op writes it (what its tests check a reply against)."""
    from cardrules.registry import get_game

    game = get_game(transcript.game)
    state = game.new_game(transcript.seed, transcript.config)
    for move in transcript.moves[:moves]:
        state = game.apply(state, move)
    return [
        {"name": z.name, "cards": [str(c) for c in z.cards], "seen_by": list(z.seen_by)}
        for z in game.zones(state)
    ]
