"""``cardrules play`` driven as a person would: the real command in a pseudo-terminal, whole games of
every game, answering each prompt from what the screen offers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias

import pytest

from cardrules import GAMES, loads, replay
from cardrules.cards import parse_card
from cardrules.transcript import Transcript

pytest.importorskip("pexpect")  # POSIX only: dev installs it everywhere else
import pexpect

Child: TypeAlias = "pexpect.spawn[str]"
PROMPTS: list[Any] = [r"Your move: ", r"Your choice: ", r"Add a card: ", pexpect.EOF]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SHORT = {  # short games: every option a game has to keep a whole game quick
    "clubs": ["--players", "3", "--threshold", "10"],
    "pub_derby": [],
    "rugby_league": [],
    "eighty_points": ["--rounds", "1"],
    "manager": ["--max-exchanges", "2"],
}


def _before(child: Child) -> str:
    """The text before the last match."""
    return str(child.before)


def _spawn(*args: str, colour: bool = True, columns: int = 200) -> Child:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm"
    if not colour:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "cardrules", "play", *args, "--pause", "0"],
        encoding="utf-8",
        timeout=60,
        dimensions=(40, columns),
        env=env,
    )


def _answer(kind: int, block: str) -> str:
    """The first choice ``block`` (the screen before a prompt of ``kind``, an index of PROMPTS)
    offers: a menu's first number; a play's first card (the rest come card by card); at "Add a
    card", Enter where it plays the chosen cards, else the first card offered."""
    block = ANSI.sub("", block)
    if kind == 1:
        menu = re.findall(r"^\s+(\d+)  ", block, re.M)
        assert menu, block
        return str(menu[0])
    if kind == 2:
        if "Enter plays" in block:
            return ""
        offered = re.search(r"Add one of: (\S+)", block)
        assert offered is not None, block
        return offered.group(1).rstrip(";.")
    listed = re.search(r"^(?:Legal|Discard)[^:\n]*: (?:.*made from:\s+)?(\S+)", block, re.M)
    assert listed is not None, block
    return listed.group(1).rstrip(",")


def _play_until(child: Child, stop: Callable[[int, str], bool] | None = None) -> tuple[str, int, str]:
    """Answer every prompt with its first choice until ``stop(kind, block)`` holds for a prompt
    (then returns without answering it) or the game ends; returns the session's text (colour codes
    and all), how many times the player was asked, and the last block."""
    seen: list[str] = []
    asked = 0
    while True:
        kind = child.expect(PROMPTS)
        block = _before(child) + (child.after if isinstance(child.after, str) else "")
        seen.append(block)
        if kind == 3:
            return "".join(seen), asked, block
        if stop is not None and stop(kind, ANSI.sub("", block)):
            return "".join(seen), asked, block
        asked += 1
        child.sendline(_answer(kind, block))


def _lines(text: str) -> list[str]:
    return ANSI.sub("", text).replace("\r\n", "\n").split("\n")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_at_the_terminal(name: str, tmp_path: Path) -> None:
    """Every game played to its end through the real command, in colour: each event in words, no
    line over 80 columns, the rules once at the start, the result once at the end; the saved
    transcript replays to the same finished game."""
    saved = tmp_path / "g.json"
    child = _spawn(name, "--seed", "3", "--bots", "random", "--save", str(saved), *SHORT[name])
    text, asked, _ = _play_until(child)
    child.close()
    lines = _lines(text)
    assert child.exitstatus == 0, "\n".join(lines[-30:])
    assert asked > 0
    assert "\x1b[" in text  # a terminal: colour
    long = [line for line in lines if len(line) > 80 and not line.startswith("Saved to ")]
    assert long == []
    plain = "\n".join(lines)
    first_rule = GAMES[name].HOW_TO_PLAY.split("\n")[0][:40]
    assert plain.count(first_rule) == 1
    assert plain.count(GAMES[name].DESCRIPTION) == 1
    ends = [line for line in lines if re.match(r"(Game over|Full time: (?!\w \d))", line)]
    assert len(ends) == 1, ends
    assert "Final scores:\n" not in plain
    assert "Type the cards to play" not in plain
    assert "Card(" not in plain and "Outcome(" not in plain
    transcript = loads(saved.read_text(encoding="utf-8"))
    assert type(transcript) is Transcript and transcript.game == name
    final = replay(transcript)
    assert final.to_act is None
    assert GAMES[name].outcome(final) is not None
    assert f"Saved to {saved}" in plain


# Each kind of prompt each game has: the game, its options, and what shows that prompt.
PROMPT_KINDS: list[tuple[str, list[str], str, str]] = [
    ("clubs", ["--seed", "1"], "a card", r"(?m)^Legal: "),
    ("pub_derby", ["--seed", "1"], "a card", r"(?m)^Legal: "),
    ("rugby_league", ["--seed", "1"], "a slot", r"(?m)^ +\d+  play your face-down card in slot"),
    ("rugby_league", ["--seed", "2"], "a drop goal", r"(?m)^ +\d+  attempt a drop goal"),
    ("rugby_league", ["--seed", "15"], "a penalty", r"(?m)^ +\d+  kick for touch"),
    ("rugby_league", ["--seed", "33"], "a kick for goal", r"(?m)^ +\d+  kick for goal"),
    ("eighty_points", ["--seed", "7"], "a redeal", r"(?m)^ +\d+  ask for a redeal"),
    ("eighty_points", ["--seed", "5"], "no trump", r"(?m)^ +\d+  declare no trump"),
    ("eighty_points", ["--seed", "0"], "a discard", r"(?m)^Discard: "),
    ("eighty_points", ["--seed", "1"], "a play", r"(?m)^Legal: "),
    ("manager", ["--seed", "0"], "a swap", r"(?m)^Legal: \w\w-"),
]


@pytest.mark.parametrize(
    ("name", "args", "what", "shown"), [pytest.param(*k, id=f"{k[0]}: {k[2]}") for k in PROMPT_KINDS]
)
def test_quit_and_help_at_every_prompt(name: str, args: list[str], what: str, shown: str) -> None:
    """At each kind of prompt, ``help`` prints the rules and the choices again, and ``quit`` leaves
    cleanly: "You left the game." and exit status 0."""
    child = _spawn(name, *args, "--bots", "random", *SHORT[name], colour=False)
    _, _, block = _play_until(child, lambda _, block: re.search(shown, block) is not None)
    assert re.search(shown, block), f"no prompt for {what}"
    child.sendline("help")
    child.expect("Commands: help shows this")
    child.expect(shown)
    child.expect(PROMPTS[:3])
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize(("name", "seed"), [("manager", "1"), ("eighty_points", "5")])
def test_quit_when_adding_a_card(name: str, seed: str) -> None:
    """Manager's and 80 Points' "Add a card" prompt: a word that is no card is said to be none and
    the card chosen so far is kept (asked again); ``help`` works there, ``quit`` leaves."""

    def several(kind: int, block: str) -> bool:
        return kind == 0 and re.search(r"^Legal( \(|: \d+ plays of|: \w\w-)", block, re.M) is not None

    child = _spawn(name, "--seed", seed, "--bots", "random", *SHORT[name], colour=False)
    _, _, block = _play_until(child, several)
    first = re.search(r"^Legal[^:\n]*: (?:.*made from:\s+)?(\w\w)", block, re.M)
    assert first is not None, block
    child.sendline(first.group(1))
    child.expect(r"Chosen [^\r\n]*Add one of: ")
    child.expect("Add a card: ")
    child.sendline("nonsense")
    child.expect(r"'nonsense' is not a card: add one of ")
    child.expect("Add a card: ")
    child.sendline("help")
    child.expect("Commands: help shows this")
    child.expect(r"Chosen [^\r\n]*Add one of: ")
    child.expect("Add a card: ")
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_no_colour_with_no_color_set_or_through_a_pipe() -> None:
    """``NO_COLOR`` in a terminal, or the output into a pipe: plain text, no colour codes."""
    child = _spawn("clubs", "--seed", "1", colour=False)
    child.expect("Your move: ")
    assert "\x1b[" not in _before(child)
    assert "Legal: " in _before(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    piped = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "clubs", "--seed", "1"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env | {"TERM": "xterm"},
        check=False,
    )
    assert piped.returncode == 0
    assert "Legal: " in piped.stdout and "You left the game." in piped.stdout
    assert "\x1b[" not in piped.stdout


def test_colour_marks_red_suits_and_your_turn() -> None:
    """On a terminal the hearts and diamonds are red (ANSI 31) and your turn stands out."""
    child = _spawn("clubs", "--seed", "1")
    child.expect("Your move: ")
    screen = _before(child)
    assert re.search(r"\x1b\[[0-9;]*31m[^\x1b]*♦", screen)
    assert re.search(r"\x1b\[[0-9;]*m(To play: you)", screen)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_terminal_narrower_than_80_columns_gets_lines_that_fit() -> None:
    child = _spawn("clubs", "--seed", "1", colour=False, columns=60)
    child.expect("Your move: ")
    lines = _lines(_before(child))
    assert max(len(line) for line in lines) <= 60
    assert max(len(line) for line in lines) > 50
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_clubs_forced_moves_are_made_for_you_and_shown() -> None:
    """Your only legal card (the round's last) is played for you and said so."""
    child = _spawn("clubs", "--seed", "1", "--bots", "random", "--players", "2", "--threshold", "5")
    text, _, _ = _play_until(child)
    child.close()
    assert re.search(r"Your only move: (\w+)\.\r?\n\s+You play the ", ANSI.sub("", text))


def test_your_own_mistakes_say_you() -> None:
    """A card you do not hold, a card that does not follow suit, a word that is no card: each
    told to you in your words, and asked again."""
    child = _spawn("clubs", "--seed", "1", "--bots", "random", colour=False)
    child.expect("Your move: ")
    hand = re.search(r"^Legal: (.*)$", _before(child), re.M)
    assert hand is not None
    held = hand.group(1).replace("|", " ").split()
    missing = next(f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA" if f"{r}{s}" not in held)
    child.sendline(missing)
    child.expect(r"Not a legal move: you do not hold " + missing + r" \(you may play ")
    child.expect("Your move: ")
    child.sendline("BJ")
    child.expect("'BJ' is no Clubs move: Clubs has no jokers\r\n")
    child.expect("Your move: ")
    child.sendline("zz")
    child.expect(r"'zz' is not a card: write rank then suit, e\.g\. 'QS', '10H', 'TH' or '2c'\r\n")
    child.expect("Your move: ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "seat 0" not in _before(child)


def test_a_card_by_card_play_offers_only_cards_that_complete_one() -> None:
    """Manager: giving only a team card asks for a pool card, offering just the pool's cards."""
    child = _spawn("manager", "--seed", "4", "--bots", "random", colour=False)
    child.expect("Your move: ")
    screen = _before(child)
    legal = re.search(r"Legal: ([0-9TJQKA][CDHS])-", screen)
    assert legal is not None
    child.sendline(legal.group(1))
    child.expect(r"Chosen [^\n]*\. Add one of: ([^;\r\n]*); Enter chooses again\.")
    assert isinstance(child.match, re.Match)
    offered = str(child.match.group(1)).split()
    pool = re.search(r"pool: ([^\n]*?)\s+exchanges", screen)
    assert pool is not None
    assert offered == sorted(str(parse_card(c)) for c in pool.group(1).split())
    child.expect("Add a card: ")
    child.sendline("")
    child.expect(r"put back: type the play again\.")
    child.expect("Your move: ")
    child.sendline(legal.group(1))
    child.expect("Add a card: ")
    child.sendline(offered[0])
    child.expect(r"You swap the ")
    child.expect("Your move: ")
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(pexpect.EOF)


def test_a_mistyped_play_names_the_nearest_legal_ones() -> None:
    """80 Points: three aces of clubs (no deck has three) get a hint naming the nearest legal plays."""
    child = _spawn("eighty_points", "--seed", "1", "--bots", "random", "--rounds", "1", colour=False)
    child.expect("Your move: ")
    child.sendline("AC AC AC")
    child.expect(r"'AC AC AC' is not an 80 Points move; the nearest legal plays: ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_rugby_league_choices_are_a_numbered_menu_with_what_each_does() -> None:
    child = _spawn("rugby_league", "--seed", "2", "--bots", "random", colour=False)
    child.expect("Your choice: ")
    assert re.search(r"^\s+1  play your face-down card in slot 1\r?$", _before(child), re.M)
    # The rules write a slot from 0: the menu's 1 to 6 is the only count the table invites.
    assert "Type a number." in _before(child) and "as the rules write it" not in _before(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_an_option_of_another_game_is_a_usage_error() -> None:
    child = _spawn("clubs", "--format", "pub")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "--format is an option of pub_derby, not of clubs" in _before(child)
