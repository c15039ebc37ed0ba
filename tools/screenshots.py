"""Regenerate the web table's screenshots in docs/images/web-table/ (shown by docs/web-table.md).

Starts ``cardrules serve`` on 127.0.0.1 with a throwaway database, and in headless Chromium
(Playwright, the ``browser`` extra) pictures the lobby, a table waiting for a friend, and every
game against bots mid-game, at its end and in its review (each decision judged), each at 1280,
1920 and 390 pixels wide (full pages).
Every picture's layout is checked as the browser tests check it (nothing overlapping or off the
screen) before it is taken. Writes ``manifest.json`` with the SHA-256 of each static file the
pictures were taken from: tests/serve/test_web_table.py fails when the static files change and
the pictures are not taken again.

    python tools/screenshots.py                 # about a minute
    python tools/screenshots.py --chromium /usr/bin/chromium
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "cardrules" / "serve" / "static"
OUT = ROOT / "docs" / "images" / "web-table"
MANIFEST = OUT / "manifest.json"

sys.path.insert(0, str(ROOT / "tests" / "serve"))
from serve_support import (  # noqa: E402 (the tests' own way to start a server and drive the page)
    SHORT_GAMES,
    WIDTHS,
    ServerProcess,
    layout_problems,
    open_judged_review,
    open_lobby,
    play_to_the_end,
    start_table,
    table_status,
)

SEED = 20261125
"""The practice seed of every pictured table, so that the pictures change only with the code."""

MIDGAME = {"clubs": 6, "pub_derby": 5, "rugby_league": 7, "eighty_points": 7, "manager": 4}
"""Clicks into each game before its mid-game picture."""

HEIGHTS = {1280: 900, 1920: 1080, 390: 844}


def static_digests() -> dict[str, str]:
    """The SHA-256 of each file of the web table (its modules in static/js too), by path in static/."""
    return {
        p.relative_to(STATIC).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(STATIC.rglob("*"))
        if p.is_file()
    }


def _picture(page: Any, name: str, taken: list[str]) -> None:
    """The page at every width, checked and pictured as ``name-WIDTH.png``."""
    page.mouse.move(0, 0)  # no card raised by the pointer resting on it
    for width in WIDTHS:
        problems = layout_problems(page, width)
        if problems:
            raise SystemExit(f"{name}: {problems}")
        page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        file = f"{name}-{width}.png"
        page.screenshot(path=str(OUT / file), full_page=True)
        taken.append(file)
    page.set_viewport_size({"width": 1280, "height": 900})


def _pictures(browser: Any, address: str) -> list[str]:
    taken: list[str] = []
    page = open_lobby(browser, address)
    _picture(page, "lobby", taken)
    page.select_option("#seat-2", "human")
    page.click("button[type=submit]")
    page.wait_for_selector(".table .waiting")
    _picture(page, "waiting", taken)
    page.close()
    for game, options in SHORT_GAMES.items():
        page = open_lobby(browser, address)
        start_table(page, game, options, SEED)
        play_to_the_end(page, game, stop_after=MIDGAME[game])
        if table_status(page) != "your-turn":
            raise SystemExit(f"{game}: over before its mid-game picture")
        _picture(page, f"{game}-mid", taken)
        play_to_the_end(page, game)
        _picture(page, f"{game}-end", taken)
        open_judged_review(page)  # the server's judgement, at the last step where seat 0 decided
        _picture(page, f"{game}-review", taken)
        page.close()
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", help="the Chromium binary (default: chromium on the PATH)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    chromium = args.chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        parser.error("no chromium on the PATH: apt-get install chromium, or give --chromium")
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.png"):
        old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        options = ["--max-tables-per-client", "0", "--new-per-minute", "0"]
        server = ServerProcess(Path(scratch) / "tables.db", options=options)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
                taken = _pictures(browser, server.address)
                browser.close()
        finally:
            server.stop()
    manifest = {"static": static_digests(), "seed": SEED, "images": taken}
    MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"{len(taken)} screenshots and {MANIFEST.relative_to(ROOT)} written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
