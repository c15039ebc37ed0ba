"""The web table's lobby in a real headless Chromium: "Your tables" (kept in the browser's
localStorage, each with its game, seat, state and link, opened and forgotten from the lobby), a
new table that keeps the last game and options, bad or expired links said in words with a way
back, and quick games, "Start the table" in view at 1280×800 for every game.

Needs the ``browser`` extra (Playwright) and Chromium, as ``test_browser.py`` does.
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
    from serve_support import FULL_SPEED, browser_server, chromium, play_to_the_end, start_table, table_status
    from websockets.sync.client import connect
except ImportError:
    if _REQUIRED:
        raise
    pytest.skip("needs the serve and browser extras", allow_module_level=True)

GAMES = ("clubs", "pub_derby", "rugby_league", "eighty_points", "manager")
QUICK = {"clubs": {"threshold": 1}, "eighty_points": {"rounds": 1}, "manager": {"max_exchanges": 1}}
"""What a quick game sets (each field's least, as the games reply gives it); the others have none."""
FULL = {"clubs": {"threshold": 50}, "eighty_points": {"rounds": None}, "manager": {"max_exchanges": 10}}
# An error's class name ("StateError"), or a value the page should never show.
_UNSAID = re.compile(r"\b\w*Error\b|\bnull\b|\bundefined\b|\bNaN\b")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server for this module's tests; yields its host and port."""
    yield from browser_server(tmp_path_factory.mktemp("serve"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A new browser's page (its own localStorage: a newcomer's) at the lobby, 1280×800; the test
    fails if the page's script reports any error."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    shown = context.new_page()
    shown.add_init_script(FULL_SPEED)
    errors: list[str] = []
    shown.on("pageerror", lambda error: errors.append(str(error)))
    shown.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    shown.set_default_timeout(30_000)
    shown.goto(f"http://{server}/")
    shown.wait_for_selector("body[data-screen=lobby]")
    yield shown
    context.close()
    assert errors == [], errors


def _lobby(page: Page, server: str, hash_: str = "#/") -> None:
    page.goto(f"http://{server}/{hash_}")
    page.wait_for_selector("body[data-screen=lobby] .your-tables")


def _kept(page: Page) -> list[dict[str, Any]]:
    kept: list[dict[str, Any]] = json.loads(page.evaluate("localStorage.getItem('cardrules.tables') || '[]'"))
    return kept


def _config(page: Page, names: list[str]) -> dict[str, Any]:
    """The lobby's options as its inputs hold them."""
    values: dict[str, Any] = {}
    for name in names:
        text = page.input_value(f"#config-{name}")
        values[name] = json.loads(text) if text else None
    return values


def _clean(text: str) -> None:
    assert not _UNSAID.search(text), text


def test_your_tables_list_open_finish_and_forget(page: Page, server: str) -> None:
    """Two tables made: both listed, newest first, with game, seat and state; one opened from the
    list and played to the end says it is over, with the result; forgotten, it is gone, its token
    with it. The lobby comes back with the last table's game and options."""
    clubs = start_table(page, "clubs", {}, seed=3)
    assert table_status(page) in ("your-turn", "waiting")
    clubs_token = page.evaluate("location.hash.split('/')[4]")
    _lobby(page, server)
    assert page.is_checked("input[name=game][value=clubs]")
    page.check("input[name=game][value=manager]")
    manager = start_table(page, "manager", {}, seed=4)
    table_status(page)
    _lobby(page, server)
    # Back in the lobby: the last table's game and options, not Clubs' defaults.
    assert page.is_checked("input[name=game][value=manager]")
    assert _config(page, ["max_exchanges"]) == QUICK["manager"]
    rows = page.locator(".your-tables li.kept")
    assert [rows.nth(k).get_attribute("data-table") for k in range(rows.count())] == [manager, clubs]
    first, second = rows.nth(0).inner_text(), rows.nth(1).inner_text()
    assert "Manager" in first and "you are Seat 0" in first and "Heuristic bot" in first
    assert "Clubs" in second and "you are Seat 0" in second
    for k in range(rows.count()):
        assert rows.nth(k).get_attribute("data-state") in ("your-turn", "turn")
        _clean(rows.nth(k).inner_text())
    link = page.get_attribute(f".your-tables li[data-table='{clubs}'] a.open", "href")
    assert link == f"#/t/{clubs}/0/{clubs_token}"
    page.click(f".your-tables li[data-table='{clubs}'] a.open")
    page.wait_for_selector("body[data-screen=table] .table")
    play_to_the_end(page, "clubs")
    banner = page.locator(".result h3").inner_text()
    _lobby(page, server, "#/tables")
    row = page.locator(f".your-tables li[data-table='{clubs}']")
    assert row.get_attribute("data-state") == "over"
    state = row.locator(".state").inner_text()
    assert state.startswith("Over.") and banner.removeprefix("Game over. ") in state
    assert "Final scores" in state
    assert page.locator(".your-tables li.kept").first.get_attribute("data-table") == clubs  # seen last
    assert clubs_token in page.evaluate("localStorage.getItem('cardrules.tables')")
    row.locator("button.forget").click()
    assert page.locator(f".your-tables li[data-table='{clubs}']").count() == 0
    assert page.locator(".your-tables li.kept").count() == 1
    assert [t["id"] for t in _kept(page)] == [manager]
    assert clubs_token not in json.dumps(dict(page.evaluate("({...localStorage})")))


def test_new_table_after_a_game_keeps_the_game_and_options(page: Page, server: str) -> None:
    """The result banner's "New table" opens the lobby with the game, options and seats just played."""
    page.select_option("#config-players", "3")
    assert _config(page, ["threshold"]) == QUICK["clubs"]
    start_table(page, "clubs", {}, seed=5, bot="random")
    play_to_the_end(page, "clubs")
    page.click(".result a:has-text('New table')")
    page.wait_for_selector("body[data-screen=lobby] .your-tables")
    assert page.is_checked("input[name=game][value=clubs]")
    assert _config(page, ["players", "threshold"]) == {"players": 3, **QUICK["clubs"]}
    assert [page.input_value(f"#seat-{k}") for k in (1, 2)] == ["random", "random"]
    assert page.locator("#seat-3").count() == 0
    assert page.is_checked("input[name=length][value=quick]")


def _error_page(browser: Browser, server: str, hash_: str) -> str:
    """The words a new page shows at ``hash_``, once it says it cannot open it; its ways back work."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"http://{server}/{hash_}")
    page.wait_for_selector("body[data-screen=error]")
    text = page.locator("#app").inner_text()
    assert page.locator("a:has-text('Back to the lobby')").count() == 1
    page.click("a:has-text('Your tables')")
    page.wait_for_selector("body[data-screen=lobby] #your-tables")
    context.close()
    assert errors == [], errors
    return text


def test_a_bad_or_expired_link_says_so_in_words(browser: Browser, page: Page, server: str) -> None:
    """A table that is not there, a seat's key that is no seat's, an invitation that is not the
    table's or was used already, an address that is no table's: each in a plain sentence, never an
    error's class name, ``null`` or ``undefined``, with the lobby and "Your tables" a click away."""
    page.check("input[name=game][value=manager]")
    page.select_option("#seat-1", "human")
    page.click("button[type=submit]")
    page.wait_for_selector(".table .waiting")
    table = page.evaluate("location.hash.split('/')[2]")
    invite = page.locator(".waiting input.invite-link").input_value()
    code = invite.rsplit("/", 1)[1]
    friend = browser.new_page()
    friend.goto(invite)
    friend.wait_for_selector(".table")
    friend.close()
    said = {
        "#/t/nosuchtable": "There is no such table on this server",
        f"#/t/{table}/0/notatoken": "This link's seat key is not one of this table's seats",
        f"#/t/{table}/invite/1/notacode": "This invitation is not one of this table's",
        f"#/t/{table}/invite/1/{code}": "This invitation was used already: Seat 1 is taken",
        f"#/t/{table}/0": "This address is not a table's",
        f"#/t/{table}/seat/{code}": "This address is not a table's",
        "#/somewhere": "This address is not a table's",
    }
    for hash_, words in said.items():
        text = _error_page(browser, server, hash_)
        assert words in text, (hash_, text)
        _clean(text)


@pytest.mark.parametrize("game", GAMES)
def test_start_is_in_view_and_a_quick_game_starts_short(page: Page, game: str) -> None:
    """At 1280×800 "Start the table" is in view for every game without scrolling; a newcomer's
    game is the quick one, whose table has the short options (Full game puts the rules' back)."""
    page.check(f"input[name=game][value={game}]")
    box = page.locator("button[type=submit]").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    assert page.evaluate("window.scrollY") == 0
    _clean(page.locator("#app").inner_text())
    if game not in QUICK:
        assert "has no shorter game" in page.locator(".length").inner_text()
        assert page.locator("input[name=length]").count() == 0
    else:
        names = list(QUICK[game])
        assert page.is_checked("input[name=length][value=quick]")
        page.check("input[name=length][value=full]")
        assert _config(page, names) == FULL[game]
        page.check("input[name=length][value=quick]")
        assert _config(page, names) == QUICK[game]
    table = start_table(page, game, {}, seed=6)
    kept = _kept(page)
    assert kept[0]["id"] == table and kept[0]["game"] == game
    for name, value in QUICK.get(game, {}).items():
        assert kept[0]["config"][name] == value


def test_on_a_phone_start_stays_on_screen_below_the_options(page: Page) -> None:
    """At 390x844, where the lobby is one long column, "Start the table" is on the screen at the
    top and at the bottom of the page, and still starts the table (the trial found it two
    screens down)."""
    page.set_viewport_size({"width": 390, "height": 844})
    start = page.locator("button[type=submit]")
    for scrolled in (0, 100_000):
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        box = start.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, (scrolled, box)
    start_table(page, "clubs", {}, seed=6)
    assert page.locator("body[data-screen=table] .table").is_visible()


def test_play_again_makes_a_rematch_a_spectator_is_told_of(browser: Browser, page: Page, server: str) -> None:
    """At the end, "Play again" makes the rematch (the same game, options and seats, a new fair
    deal) and takes you to your seat there; a spectator of the finished table is pushed a link to
    watch it."""
    table_id = start_table(page, "clubs", {}, seed=11)
    play_to_the_end(page, "clubs")
    watcher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    watcher.add_init_script(FULL_SPEED)
    watcher.goto(f"http://{server}/#/t/{table_id}")
    watcher.wait_for_selector(".result")
    assert watcher.locator("a:has-text('Watch the rematch')").count() == 0
    old = _table_state(server, table_id, None)
    page.click("button.rematch")
    page.wait_for_function(f"() => !location.hash.startsWith('#/t/{table_id}/')")
    _, _, rematch, seat, token = page.evaluate("location.hash").split("/")
    assert rematch != table_id and seat == "0"
    table_status(page)
    new = _table_state(server, rematch, token)
    assert (new["game"], new["seats"], new["seat"]) == (old["game"], old["seats"], 0)
    assert new["view"]["data"]["config"] == old["view"]["shared"]["config"] and not new["deal"]["chosen"]
    link = watcher.wait_for_selector("a:has-text('Watch the rematch')")
    assert link is not None and link.get_attribute("href") == f"#/t/{rematch}"
    assert _table_state(server, table_id, None)["rematch"] == rematch
    watcher.context.close()


def _table_state(server: str, table: str, token: str | None) -> dict[str, Any]:
    """A table's state reply, asked for over a connection of the test's own."""
    with connect(f"ws://{server}/ws") as ws:
        ws.send(json.dumps({"op": "view", "id": 1, "table": table, "token": token}))
        reply: dict[str, Any] = json.loads(ws.recv(timeout=30))
    assert reply["ok"], reply
    return reply


# Left out of the default run (pyproject.toml's markers): a real Chromium and server.
pytestmark = pytest.mark.slow
