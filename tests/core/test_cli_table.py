"""``cardrules play`` driven as a person would: the real command in a pseudo-terminal, whole games of
every game, answering each prompt from what the screen offers."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, TypeAlias

import pytest

from cardrules import GAMES, loads, replay
from cardrules.transcript import Transcript

pytest.importorskip("pexpect")  # POSIX only: dev installs it everywhere else
import pexpect

Child: TypeAlias = "pexpect.spawn[str]"
PROMPTS: list[Any] = [r"Your move: ", r"Chosen [^\n]*\(([^)\n]*)\): ", r"Final scores:", pexpect.EOF]


def _before(child: Child) -> str:
    """The text before the last match."""
    return str(child.before)


def _group(child: Child) -> str:
    """The last match's first group."""
    assert isinstance(child.match, re.Match)
    return str(child.match.group(1))


def _spawn(*args: str) -> Child:
    return pexpect.spawn(
        sys.executable,
        ["-m", "cardrules", "play", *args, "--pause", "0"],
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )


def _answer(screen: str) -> str:
    """The first choice the screen offers: a menu's first number, else the first legal move."""
    menu = re.findall(r"^\s+(\d+)  ", screen, re.M)
    if menu and "Type a number" in screen:
        return str(menu[0])
    legal = re.findall(r"^Legal: (.*)$", screen, re.M)
    assert legal, screen
    return str(legal[-1]).split(" | ")[0].split("; or: ")[0]


def _play_through(child: Child, first: list[str] | None = None) -> tuple[str, int]:
    """Answer every prompt until the final scores; returns the transcript of the session and how
    many times the player was asked. ``first`` are answers to give before the screen's own."""
    scripted = list(first or [])
    asked, seen = 0, []
    while True:
        index = child.expect(PROMPTS)
        seen.append(_before(child) + (child.after if isinstance(child.after, str) else ""))
        if index == 0:
            asked += 1
            screen = "".join(seen[-3:])
            child.sendline(scripted.pop(0) if scripted else _answer(screen))
        elif index == 1:
            offered: str = _group(child)
            child.sendline(offered.split(maxsplit=1)[0])
        elif index == 2:
            child.expect(pexpect.EOF)
            seen.append(_before(child))
            return "".join(seen), asked
        else:
            raise AssertionError("the game ended without final scores:\n" + "".join(seen[-5:]))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_at_the_terminal(name: str, tmp_path: Path) -> None:
    """Every game played to its end through the real command: each event in words, the final
    scores and a verdict for you, and the saved transcript replays to the same finished game."""
    saved = tmp_path / "game.json"
    args = ["--seed", "3", "--bots", "random", "--save", str(saved)]
    if name == "clubs":
        args += ["--players", "3", "--threshold", "10"]
    if name == "eighty_points":
        args += ["--rounds", "1"]
    child = _spawn(name, *args)
    text, asked = _play_through(child)
    child.close()
    assert child.exitstatus == 0, text[-2000:]
    assert asked > 0
    assert re.search(r"^(You win|You lose|A draw)", text, re.M), text[-1000:]
    assert "Card(" not in text and "Outcome(" not in text
    transcript = loads(saved.read_text(encoding="utf-8"))
    assert type(transcript) is Transcript and transcript.game == name
    final = replay(transcript)
    assert final.to_act is None
    outcome = GAMES[name].outcome(final)
    assert outcome is not None
    assert f"Saved to {saved}" in text


def test_clubs_forced_moves_are_made_for_you_and_shown() -> None:
    """Your only legal card (the round's last) is played for you and said so."""
    child = _spawn("clubs", "--seed", "1", "--bots", "random", "--players", "2", "--threshold", "5")
    text, _ = _play_through(child)
    child.close()
    assert "Your only move: " in text
    assert re.search(r"Your only move: (\w+)\.\r?\n\s+You play the ", text)


def test_a_card_by_card_play_offers_only_cards_that_complete_one() -> None:
    """Manager: giving only a team card asks for a pool card, offering just the pool's cards."""
    child = _spawn("manager", "--seed", "4", "--bots", "random")
    child.expect("Your move: ")
    screen = _before(child)
    legal = re.search(r"Legal: ([0-9TJQKA][CDHS])-", screen)
    assert legal is not None
    child.sendline(legal.group(1))
    child.expect(r"Chosen [^\n]*\. Add a card \(([^)]*)\): ")
    offered = _group(child).split()
    pool = re.search(r"pool: ([^\n]*?)\s+exchanges", screen)
    assert pool is not None and offered == pool.group(1).split()
    child.sendline(offered[0])
    child.expect(r"You swap the ")
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(pexpect.EOF)


def test_a_mistyped_play_names_the_nearest_legal_ones() -> None:
    """80 Points: three aces of clubs (no deck has three) get a hint naming the nearest legal plays."""
    child = _spawn("eighty_points", "--seed", "1", "--bots", "random", "--rounds", "1")
    child.expect("Your move: ")
    child.sendline("AC AC AC")
    child.expect(r"Not a legal move: ([^\r\n]*)")
    assert _group(child).startswith("'AC AC AC' is not an 80 Points move; the nearest legal plays: ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_rugby_league_choices_are_a_numbered_menu_with_what_each_does() -> None:
    child = _spawn("rugby_league", "--seed", "2", "--bots", "random")
    child.expect("Your move: ")
    assert re.search(r"^\s+0  play your face-down card in slot 0\r?$", _before(child), re.M)
    assert "Type a number" in _before(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_an_option_of_another_game_is_a_usage_error() -> None:
    child = _spawn("clubs", "--format", "pub")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "--format is an option of pub_derby, not of clubs" in _before(child)
