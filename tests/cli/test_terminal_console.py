"""The terminal table's pieces, in-process: lines cut to 80 columns, colour only for a terminal,
the engine's reasons told in your words, the legal moves listed in full."""

from __future__ import annotations

import importlib.util
import io
import re

import pytest

from cardrules import GAMES, RandomBot, clubs
from cardrules.cards import parse_cards
from cardrules.cli._console import Console, wants_colour, wrap
from cardrules.cli._table import Leave, TerminalTable, in_your_words, legal_text

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("line", "rows"),
    [
        (
            "Scores: you 0, Seat 1 0, Seat 2 0, Seat 3 0.   Cards left: you 13, Seat 1 13, Seat 2 13, "
            "Seat 3 13.",
            [
                "Scores: you 0, Seat 1 0, Seat 2 0, Seat 3 0.",
                "Cards left: you 13, Seat 1 13, Seat 2 13, Seat 3 13.",
            ],
        ),
        (
            "Hand: ♣ 2 4 5 6 9 10 K A  ♦ 3 7 10 J Q A A  ♥ 3 4 J K  ♠ 9 10 J K  jokers SJ SJ   "
            "(* may be played)",
            [
                "Hand: ♣ 2 4 5 6 9 10 K A  ♦ 3 7 10 J Q A A  ♥ 3 4 J K  ♠ 9 10 J K  jokers SJ SJ",
                "      (* may be played)",
            ],
        ),
        (
            "  End of round 2. Clubs taken: you 1, Seat 1 6, Seat 2 4, Seat 3 2. Scores: you 3, "
            "Seat 1 6, Seat 2 11, Seat 3 6.",
            [
                "  End of round 2. Clubs taken: you 1, Seat 1 6, Seat 2 4, Seat 3 2.",
                "    Scores: you 3, Seat 1 6, Seat 2 11, Seat 3 6.",
            ],
        ),
        ("short", ["short"]),
        ("x" * 85, ["x" * 80, "  " + "x" * 5]),
    ],
)
def test_a_long_line_is_cut_where_it_reads_best(line: str, rows: list[str]) -> None:
    assert wrap(line) == rows


def test_prose_is_cut_between_words_only() -> None:
    text = "Only 5s, 10s and kings count, and only for the attackers: 80 points takes the defence over."
    assert wrap(text, prose=True) == [
        "Only 5s, 10s and kings count, and only for the attackers: 80 points takes the",
        "  defence over.",
    ]


def test_colour_only_for_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_colour(_Terminal())
    assert not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(_Terminal())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not wants_colour(_Terminal())


def test_without_rich_a_terminal_gets_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """rich is no core dependency: without it the table plays in plain text."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "rich" else real(name))
    out = _Terminal()
    table = TerminalTable(clubs, clubs.Config(), 1, 0, [RandomBot()], (lambda: "quit\n", out))
    assert not table.console.coloured
    with pytest.raises(Leave):
        table.play()
    assert "Legal: " in out.getvalue()
    assert "\x1b[" not in out.getvalue()


def test_colour_marks_red_cards_and_keeps_the_text() -> None:
    out = io.StringIO()
    console = Console(out, colour=True)
    console.line("Hand: ♣ 4* 5*  ♦ 8* 9*   (* may be played)")
    console.line("Legal: 4C 5C | 8D 9D", "legal")
    written = out.getvalue()
    assert "\x1b[31m♦ " in written and "\x1b[1;31m8*" in written  # red, and bold: playable
    assert "\x1b[1m4*" in written  # a black card: bold, not red
    assert "\x1b[31m8D" in written and "\x1b[31m9D" in written
    assert "31m4C" not in written
    assert ANSI.sub("", written) == "Hand: ♣ 4* 5*  ♦ 8* 9*   (* may be played)\nLegal: 4C 5C | 8D 9D\n"


@pytest.mark.parametrize(
    ("message", "yours"),
    [
        (
            "cannot play AS: seat 0 does not hold AS (it may play 4C 5C)",
            "cannot play AS: you do not hold AS (you may play 4C 5C)",
        ),
        ("seat 0 must follow clubs (holds 4C 5C)", "you must follow clubs (you hold 4C 5C)"),
        ("slot 2 of seat 0's row holds no card", "slot 2 of your row holds no card"),
        ("seat 0 has no penalty to take", "you have no penalty to take"),
        (
            "seat 0 may kick for touch only in its own half (ball on away 2)",
            "you may kick for touch only in your own half (ball on away 2)",
        ),
        ("seat 0's team has no AS (team: KC 5H)", "your team has no AS (team: KC 5H)"),
        ("seat 0 is not to act", "you are not to act"),
        ("seat 1 must follow clubs (holds 4C)", "seat 1 must follow clubs (holds 4C)"),
        ("seat 10 does not hold AS", "seat 10 does not hold AS"),
    ],
)
def test_your_own_mistakes_are_told_to_you(message: str, yours: str) -> None:
    assert in_your_words(message, 0) == yours


def test_the_engines_reasons_about_your_seat_say_you() -> None:
    """Each game's own refusals, for the seat to act, read in the second person."""
    state = clubs.new_game(1)
    with pytest.raises(ValueError, match=r"seat 0 does not hold") as info:
        clubs.parse_move(state, next(str(c) for c in clubs.game_deck() if c not in state.hands[0]))
    assert "seat 0" not in in_your_words(str(info.value), 0)
    assert "you do not hold" in in_your_words(str(info.value), 0)


def test_thirteen_legal_cards_are_all_listed_by_suit() -> None:
    state = clubs.new_game(1)
    text = legal_text(clubs, clubs.legal_moves(state))
    assert text == "Legal: 4C 5C KC | 8D 9D TD | 4H 7H 8H | 2S 7S TS JS"


def test_many_legal_plays_are_summarised_by_their_cards() -> None:
    """80 Points: past 40 plays, how many and the cards they are made of, every line in 80 columns."""
    game = GAMES["eighty_points"]
    play = game.MOVE_TYPES[[t.__name__ for t in game.MOVE_TYPES].index("Play")]
    cards = parse_cards("7D 8D 9D 2H 3H 4H 5H 6H 7H 8H TH 4S 7S 8S 9S JS QS KS")
    plays = [play((a, b)) for k, a in enumerate(cards) for b in cards[k + 1 :]]
    text = legal_text(game, plays)
    assert text.split("\n") == [
        f"Legal: {len(plays)} plays of 2 cards, made from:",
        "       7D 8D 9D | 2H 3H 4H 5H 6H 7H 8H TH | 4S 7S 8S 9S JS QS KS",
    ]
