"""The web table in a real headless Chromium, as a seat and as a spectator: a spectator sees the
scoreboard and the end scores in each game's terms, every end banner names the winner with the
seats named as their plates name them, the last-trick peek shows the last completed trick, a
finished game can be reviewed step by step, and no screen of any game shows ``null``,
``undefined``, ``NaN``, ``[object`` or an error class's name. Every expected value is the game's
own, from the transcript the server keeps (replayed here by the library), not read off the page.

Needs the ``browser`` extra (Playwright) and Chromium, as tests/serve/test_browser.py does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from cardrules import GAMES, dumps, get_game, loads
from cardrules.transcript import Transcript, replay

_REQUIRED = os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1"

try:
    import starlette  # noqa: F401 (the server's own stack, needed by the child process)
    from playwright.sync_api import Browser, Page
    from serve_support import (
        FULL_SPEED,
        SHORT_GAMES,
        browser_server,
        chromium,
        click_once,
        seat_bots,
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


# Every change to the page's text is scanned as it happens (so every screen is: the lobby, the
# waiting table, each move, the end), and what should never be shown is recorded with its screen.
_NEVER = ["null", "undefined", "NaN", "StateError", "ProtocolError", "IllegalMoveError", "ConfigError"]
_NEVER += ["LimitError", "MoveParseError"]
_SCAN = r"""
window.badText = [];
const BAD = /\b(WORDS)\b|\[object/;
const scan = () => {
  const text = document.body ? document.body.innerText : "";
  const found = BAD.exec(text);
  if (!found || window.badText.length >= 10) return;
  const around = text.slice(Math.max(0, found.index - 60), found.index + 60);
  window.badText.push(`${document.body.dataset.screen}: "${found[0]}" in …${around}…`);
};
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
  scan();
});
""".replace("WORDS", "|".join(_NEVER))


class _Pages:
    """The test's pages, each scanned; at the end each must have shown nothing it should not."""

    def __init__(self, browser: Browser, server: str) -> None:
        self.browser = browser
        self.server = server
        self.pages: list[Page] = []
        self.errors: list[str] = []

    def open(self, path: str = "") -> Page:
        page = self.browser.new_page(viewport={"width": 1280, "height": 900})
        page.add_init_script(FULL_SPEED)
        page.add_init_script(_SCAN)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.set_default_timeout(30_000)
        page.goto(f"http://{self.server}/{path}")
        self.pages.append(page)
        return page

    def shown_nothing_wrong(self) -> None:
        for page in self.pages:
            assert page.evaluate("window.badText") == [], page.url
        assert self.errors == []


@pytest.fixture
def pages(browser: Browser, server: str) -> Iterator[_Pages]:
    opened = _Pages(browser, server)
    yield opened
    for page in opened.pages:
        page.close()


def _transcript(server: str, table_id: str) -> Transcript:
    with connect(f"ws://{server}/ws") as socket_:
        socket_.send(json.dumps({"op": "transcript", "table": table_id}))
        reply = json.loads(socket_.recv())
    transcript = loads(json.dumps(reply["transcript"]))
    assert isinstance(transcript, Transcript)
    return transcript


def _moves(page: Page) -> int:
    return int(page.get_attribute(".table", "data-moves") or "-1")


def _data(game: str, state: Any) -> dict[str, Any]:
    """What every seat sees alike of ``state`` (seat 0's view as JSON: its shared fields are all's)."""
    data: dict[str, Any] = json.loads(dumps(get_game(game).view(state, 0)))["data"]
    return data


# ---------------------------------------------------------------- names and terms, as the page must say them

_BOT = "Heuristic bot"  # every bot seat in these tests is the heuristic bot


def _namer(kinds: list[str], me: int | None) -> Callable[[int], str]:
    """Each seat's name as the page must give it (``kinds``: "human" or a bot at each seat):
    "You"; a bot's name; another person "Friend" on a seat's page, "Player" on a spectator's;
    with the seat's number when another seat (not yours) has the same name."""

    def plain(seat: int) -> str:
        if seat == me:
            return "You"
        if kinds[seat] == "human":
            return "Player" if me is None else "Friend"
        return _BOT

    def name(seat: int) -> str:
        alike = [k for k in range(len(kinds)) if k != me and plain(k) == plain(seat)]
        return plain(seat) if seat == me or len(alike) == 1 else f"{plain(seat)} (Seat {seat})"

    return name


_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def _halves(n: int) -> str:
    return f"{n // 2}½" if n % 2 else str(n // 2)


def _final_terms(game: str, d: dict[str, Any], name: Callable[[int], str]) -> str:
    """The banner's scores in the game's own terms, from the final position's shared fields."""
    if game == "clubs":
        return "Final scores (lowest wins): " + " · ".join(
            f"{name(k)} {s}" for k, s in enumerate(d["scores"])
        )
    if game == "pub_derby":
        return f"Full time: Team A {d['goals'][0]} – {d['goals'][1]} Team B"
    if game == "rugby_league":
        return f"Full time: Home {d['scores'][0]} – {d['scores'][1]} Away"
    if game == "eighty_points":
        levels = [_RANKS.get(level, str(level)) for level in d["levels"]]
        return f"Levels: Team A: {levels[0]} · Team B: {levels[1]}"
    return "Seasons won: " + " · ".join(f"{name(k)} {_halves(n)}" for k, n in enumerate(d["halves"]))


_BOARD = """() => {
  const board = document.querySelector('.side .scoreboard');
  const head = board && board.querySelector('.headline');
  return {
    moves: Number(document.querySelector('.table').dataset.moves),
    rows: board
      ? [...board.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent))
      : null,
    score: head ? head.dataset.score || null : null,
    levels: head ? head.dataset.levels || null : null,
    headline: head ? head.textContent : null,
  };
}"""


def _board(page: Page, game: str) -> tuple[int, Any]:
    """The scoreboard as the page shows it, and the moves of the position it is drawn from."""
    read: dict[str, Any] = page.evaluate(_BOARD)
    key = {"clubs": "rows", "pub_derby": "score", "rugby_league": "score", "eighty_points": "levels"}
    return read["moves"], read[key.get(game, "headline")]


def _board_expected(game: str, d: dict[str, Any], name: Callable[[int], str]) -> Any:
    """The scoreboard's scores in the game's terms for a position's shared fields, seats named."""
    if game == "clubs":  # each seat's score, and the clubs in the tricks it took this round
        taken = [
            sum(card[1] == "C" for t in d["tricks"] if t["winner"] == k for card in t["cards"])
            for k in range(len(d["scores"]))
        ]
        return [[name(k), str(s), str(taken[k])] for k, s in enumerate(d["scores"])]
    if game in ("pub_derby", "rugby_league"):
        values = d["goals"] if game == "pub_derby" else d["scores"]
        return f"{values[0]}-{values[1]}"
    if game == "eighty_points":
        return "-".join(_RANKS.get(level, str(level)) for level in d["levels"])
    return _final_terms(game, d, name)


def _check_banner(page: Page, game: str, transcript: Transcript, kinds: list[str], me: int | None) -> None:
    """The end banner: the verdict, the winner named (or the team and its seats), and the scores
    in the game's own terms, all as the transcript's outcome has them."""
    final = replay(transcript)
    outcome = get_game(game).outcome(final)
    assert outcome is not None
    players = len(outcome.scores)
    name = _namer(kinds, me)
    result = page.locator(".result")
    result.wait_for()
    assert result.get_attribute("data-winners") == ",".join(map(str, outcome.winners))
    teams = {
        "pub_derby": ["Team A", "Team B"],
        "eighty_points": ["Team A", "Team B"],
        "rugby_league": ["Home", "Away"],
    }
    names = " and ".join(name(k) for k in outcome.winners)
    heading = result.locator("h3").inner_text()
    if len(outcome.winners) == players:
        assert heading == "Game over. A draw."
        assert result.locator(".winners").count() == 0
    else:
        if me is not None:
            assert heading == ("Game over. You win!" if me in outcome.winners else "Game over. You lose.")
        elif game in teams:
            assert heading == f"Game over. {teams[game][outcome.winners[0] % 2]} wins."
        else:
            assert heading == f"Game over. {names} {'win' if len(outcome.winners) > 1 else 'wins'}."
        winners = result.locator(".winners").inner_text()
        if game in teams:
            assert winners == f"Winners: {teams[game][outcome.winners[0] % 2]}: {names}"
        elif len(outcome.winners) > 1:
            assert winners == f"Winners: {names} share the win"
        else:
            assert winners == f"Winner: {names}"
    assert result.locator(".final").inner_text() == _final_terms(game, _data(game, final), name)


# ---------------------------------------------------------------- the last trick and the review


def _peek(page: Page) -> tuple[list[list[Any]], str | None]:
    """The last trick as the peek shows it, toggled by the keyboard: its plays and its winner."""
    page.locator(".felt .trick button.peek").focus()
    page.keyboard.press("Enter")
    shown = page.locator(".felt .trick[data-peek=true]")
    shown.wait_for()
    plays = shown.locator(".play").evaluate_all(
        "nodes => nodes.map((n) => [Number(n.dataset.seat), [...n.querySelectorAll('[data-card]')]"
        ".map((c) => c.dataset.card)])"
    )
    winner = shown.get_attribute("data-winner")
    assert "Last trick" in shown.locator(".trick-note").inner_text()
    page.keyboard.press(" ")  # the focus is back on the button: it toggles back
    page.wait_for_selector(".felt .trick:not([data-peek])")
    return plays, winner


def _last_trick(game: str, transcript: Transcript, moves: int) -> tuple[list[list[Any]], str]:
    """The last completed trick after ``moves`` moves: each play's seat and cards, and its winner."""
    state = replay(attrs.evolve(transcript, moves=transcript.moves[:moves]))
    done = _data(game, state)["tricks"][-1]
    players = len(done.get("plays") or done["cards"])
    plays = done.get("plays") or [[card] for card in done["cards"]]
    return [[(done["leader"] + i) % players, list(p)] for i, p in enumerate(plays)], str(done["winner"])


def _cards_by_replay(game: str, transcript: Transcript, told: int) -> tuple[int, list[str]]:
    """Every card in its place once ``told`` events had been told, by the library's own replay:
    the moves made by then (the first move count at which that many events had been told) and
    each zone as ``name: cards``."""
    rules = GAMES[game]
    state = rules.new_game(transcript.seed, transcript.config)
    ended = len(rules.opening_events(state))
    moves = 0
    while ended < told:
        state, events = rules.step(state, transcript.moves[moves])
        ended, moves = ended + len(events), moves + 1
    return moves, [f"{z.name}: {' '.join(str(c) for c in z.cards)}" for z in rules.zones(state)]


def _review_cards(page: Page) -> tuple[int, list[str]]:
    """The review's step: how many moves had been made, and each zone as ``name: cards``."""
    shown = page.locator(".review ul.review-cards")
    shown.wait_for()
    zones = shown.locator("li").evaluate_all("ns => ns.map((n) => `${n.dataset.zone}: ${n.dataset.cards}`)")
    return int(shown.get_attribute("data-moves") or "-1"), zones


def _told(page: Page) -> int:
    return int(page.get_attribute(".review", "data-events") or "-1")


def _review(page: Page, game: str, transcript: Transcript) -> None:
    """Review the finished game: it opens at its end; the arrow keys, Home, End and the buttons
    step through it; every step shows every card where the library's replay puts it."""
    page.click(".review button.review-open")
    review = page.locator(".review[data-steps]")
    review.wait_for()
    steps = int(review.get_attribute("data-steps") or "0")
    assert steps > 0 and review.get_attribute("data-at") == str(steps)
    assert _review_cards(page) == _cards_by_replay(game, transcript, _told(page))
    assert _review_cards(page)[0] == len(transcript.moves)

    def at() -> int:
        return int(page.get_attribute(".review", "data-at") or "-1")

    page.keyboard.press("ArrowLeft")  # the review has the focus once open
    assert at() == steps - 1
    page.keyboard.press("Home")
    assert at() == 0
    assert review.locator(".review-event").inner_text() == "The start of the game."
    page.wait_for_selector(".review-cards[data-moves='0']")
    assert _review_cards(page) == _cards_by_replay(game, transcript, _told(page))
    page.keyboard.press("ArrowRight")
    assert at() == 1
    page.wait_for_selector(".review:not(:has(p.review-cards))")  # this step's cards have come
    assert _review_cards(page) == _cards_by_replay(game, transcript, _told(page))
    page.keyboard.press("End")
    assert at() == steps
    page.click(".review button[data-step=back]")
    page.click(".review button[data-step=back]")
    assert at() == steps - 2
    page.click(".review button[data-step=forward]")
    assert at() == steps - 1
    page.wait_for_selector(".review:not(:has(p.review-cards))")
    assert _review_cards(page) == _cards_by_replay(game, transcript, _told(page))
    page.click(".review button[data-step=start]")
    assert at() == 0 and page.locator(".review button[data-step=back]").is_disabled()


# ---------------------------------------------------------------- the tests


@pytest.mark.slow
@pytest.mark.parametrize("game", list(SHORT_GAMES))
def test_a_seat_and_a_spectator_at_every_game(pages: _Pages, server: str, game: str) -> None:
    """A game played by clicking at seat 0 while a spectator watches: the last-trick peek shows
    the transcript's last completed trick; the spectator's scoreboard is the game's score; both
    end banners name the winner with the scores in the game's terms; the game can be reviewed;
    and no screen of either page (nor the lobby) shows a null, an undefined or an error's name."""
    page = pages.open()
    page.wait_for_selector("body[data-screen=lobby]")
    table_id = start_table(page, game, SHORT_GAMES[game], seed=20261206)
    watcher = pages.open(f"#/t/{table_id}")
    watcher.wait_for_selector(".table .felt")
    players = len(watcher.locator(".felt .seat").all())
    kinds = ["human"] + ["heuristic"] * (players - 1)
    peeked: tuple[int, tuple[list[list[Any]], str | None]] | None = None
    watched: list[tuple[int, Any]] = []
    for turn in range(3000):
        if table_status(page) == "over":
            break
        page.wait_for_selector(".table[data-status=your-turn], .table[data-status=over]")
        if table_status(page) == "over":
            break
        if peeked is None and page.locator(".felt .trick button.peek").count():
            peeked = (_moves(page), _peek(page))
        if turn % 5 == 0:
            watched.append(_board(watcher, game))
        click_once(page, game, turn)
    else:
        raise AssertionError(f"{game}: no end after 3000 clicks")
    watcher.wait_for_selector(".table[data-status=over]")
    transcript = _transcript(server, table_id)
    if game in ("clubs", "pub_derby", "eighty_points"):
        assert peeked is not None, f"{game}: no last trick to peek at"
        assert peeked[1] == _last_trick(game, transcript, peeked[0])
    _check_banner(page, game, transcript, kinds, 0)
    _check_banner(watcher, game, transcript, kinds, None)
    watched.append(_board(watcher, game))
    assert watched[-1][0] == len(transcript.moves)
    for moves, shown in watched:  # the spectator's scoreboard mid-game and at the end
        state = replay(attrs.evolve(transcript, moves=transcript.moves[:moves]))
        assert shown == _board_expected(game, _data(game, state), _namer(kinds, None)), moves
    assert _board(page, game)[1] == _board_expected(game, _data(game, replay(transcript)), _namer(kinds, 0))
    _review(page, game, transcript)
    _review(watcher, game, transcript)
    pages.shown_nothing_wrong()


@pytest.mark.parametrize("game", list(SHORT_GAMES))
def test_a_spectator_of_bots_sees_the_score_and_the_last_trick(pages: _Pages, server: str, game: str) -> None:
    """'Watch the bots': at the end the spectator's scoreboard and banner are the transcript's,
    the seats named as their plates name them, and a trick game's last trick is a keypress away;
    the felt says no zone's internal name ("won 0", "taken by Seat 0")."""
    page = pages.open()
    page.wait_for_selector("body[data-screen=lobby]")
    page.check(f"input[name=game][value={game}]")
    for option, value in SHORT_GAMES[game].items():
        page.fill(f"#config-{option}", value)
    page.select_option("#you", "watch")
    seat_bots(page)
    page.fill("#seed", "7")
    page.click("button[type=submit]")
    page.wait_for_selector(".table[data-status=over]")
    table_id: str = page.evaluate("location.hash.split('/')[2]")
    transcript = _transcript(server, table_id)
    final = replay(transcript)
    players = len(page.locator(".felt .seat").all())
    kinds = ["heuristic"] * players
    plates = [page.locator(f".felt .seat[data-seat='{k}'] .name").inner_text() for k in range(players)]
    assert plates == [_BOT] * players
    moves, board = _board(page, game)
    assert moves == len(transcript.moves)
    assert board == _board_expected(game, _data(game, final), _namer(kinds, None))
    _check_banner(page, game, transcript, kinds, None)
    if game == "rugby_league":  # the pitch as the seats see it, the ball where the game left it
        places = page.locator(".felt .pitch li").evaluate_all(
            "ns => ns.map((n) => n.classList.contains('ball'))"
        )
        assert places.index(True) == _data(game, final)["ball"]
    felt = page.locator(".felt").inner_text()
    assert "taken by" not in felt and "won " not in felt
    if page.locator(".felt .trick button.peek").count():
        plays, winner = _peek(page)
        assert (plays, winner) == _last_trick(game, transcript, len(transcript.moves))
    else:
        assert game not in ("clubs", "pub_derby", "eighty_points")
    pages.shown_nothing_wrong()


def test_the_lobby_a_waiting_table_and_a_bad_link_say_nothing_internal(pages: _Pages) -> None:
    """The lobby, a table waiting for a friend (the creator's page, the friend's invitation, a
    spectator) and a link to no table are shown with no null, undefined or error class name."""
    page = pages.open()
    page.wait_for_selector("body[data-screen=lobby]")
    for game in SHORT_GAMES:
        page.check(f"input[name=game][value={game}]")
    page.check("input[name=game][value=manager]")
    page.select_option("#seat-1", "human")
    page.click("button[type=submit]")
    page.wait_for_selector(".table .waiting")
    table_id: str = page.evaluate("location.hash.split('/')[2]")
    link = page.locator(".waiting input.invite-link").input_value()
    watcher = pages.open(f"#/t/{table_id}")
    watcher.wait_for_selector(".table .waiting")
    friend = pages.open(link.split("/", 3)[3])
    friend.wait_for_selector(".table .felt")
    page.wait_for_selector(".table .felt")
    watcher.wait_for_selector(".table .felt")
    assert page.locator(".felt .seat[data-seat='1'] .name").inner_text() == "Friend"
    assert friend.locator(".felt .seat[data-seat='0'] .name").inner_text() == "Friend"
    assert watcher.locator(".felt .seat .name").all_inner_texts() == ["Player", "Player"]
    assert watcher.locator(".side .scoreboard").is_visible()
    lost = pages.open("#/t/no-such-table")
    lost.wait_for_selector("body[data-screen=error]")
    assert "no such table" in lost.locator("[role=alert]").inner_text()
    pages.shown_nothing_wrong()


# Left out of the default run (pyproject.toml's markers): a real Chromium and server, whole games clicked.
pytestmark = pytest.mark.slow
