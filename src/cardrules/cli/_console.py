"""The terminal table's lines: cut to 80 columns, coloured through rich on a terminal.

Colour is for a person at a terminal: the output stream is a TTY, ``NO_COLOR`` is not set (see
no-color.org), ``TERM`` is not ``dumb``, and rich is installed (the ``terminal`` extra; it is no
core dependency, so it is imported only then). Anywhere else the same lines are written as plain
text. Colour never changes a line's text: the lines are cut first, then coloured.
"""

from __future__ import annotations

import importlib.util
import os
import re
from typing import Any, TextIO

__all__ = ["WIDTH", "Console", "wants_colour", "wrap"]

WIDTH = 80
"""No line of the table is longer."""

_LABEL = re.compile(r"[A-Z][\w' ]{0,10}: ")  # "Hand: ": a cut line goes on under its end
_FIELDS = re.compile(r" {3,}")

# Styles by the kind of line, and the parts of any line that stand out.
_KINDS = {
    "title": "bold",
    "heading": "bold cyan",
    "legal": "",
    "prompt": "bold yellow",
    "error": "red",
    "end": "bold green",
    "end_lost": "bold red",
    "event": "",
    "won": "bold",
    # cardrules review's decisions, by label
    "best": "green",
    "inaccuracy": "yellow",
    "mistake": "bold yellow",
    "blunder": "bold red",
}
_RED_CARDS = re.compile(
    r"[♥♦](?: (?:10|[2-9JQKA])\*?)+"  # a hand's red suit: "♥ 4* A*"
    r"|(?:10|[2-9JQKA])[♥♦]"  # a red card as shown: "10♥"
    r"|\b(?:10|[2-9TJQKA])[HD]\b"  # a red card as typed: "TH", "QD"
    r"|[♥♦]|\bBJ\b"
)
_PLAYABLE = re.compile(r"(?:10|[2-9JQKA]|[BS]J)\*")
_YOUR_TURN = re.compile(r"(?:To play|to act|to move): you\b")
_SCORES = re.compile(r"(?:Scores?|Levels|Seasons won)[: ][^.;]*|Score [^.]*")
_LEGAL = re.compile(r"^(?:Legal|Discard|Play|Or)[^:]*:|^\s+\d+  ")


def wants_colour(out: TextIO) -> bool:
    """Whether lines written to ``out`` are coloured: a terminal, no ``NO_COLOR``, rich installed."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        tty = bool(out.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
    return tty and importlib.util.find_spec("rich") is not None


def _columns(out: TextIO) -> int:
    """The width of the terminal ``out`` writes to; 80 for anything else."""
    try:
        return max(os.get_terminal_size(out.fileno()).columns, 40) if out.isatty() else WIDTH
    except (AttributeError, OSError, ValueError):  # no file descriptor, or not a terminal after all
        return WIDTH


def wrap(line: str, width: int = WIDTH, *, prose: bool = False) -> list[str]:
    """``line`` cut into lines of at most ``width`` columns.

    A line too long is cut first where it leaves three spaces between fields ("Scores: ...   Cards
    left: ..."), each field on a line of its own; then between groups two spaces apart (a hand's
    suits), after a sentence, after a comma, between words. Cut lines keep the line's indent, and a
    field that starts with a label ("Hand: ") goes on under the label's end. ``prose`` is cut
    between words only, its lines after the first indented by two spaces."""
    if len(line) <= width:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    if prose:
        return _fill(lead, line.strip(), lead + "  ", width, len(_BREAKS) - 1)
    rows: list[str] = []
    hang = lead + "  "
    for field in _FIELDS.split(line.strip()):
        label = _LABEL.match(field)
        start = lead if label or not rows else hang  # a field without a label goes on under
        hang = lead + (" " * len(label.group()) if label else "  ") if label or not rows else hang
        rows.extend(_fill(start, field, hang, width))
    return rows


# Where a line too long is cut, best first: between groups two spaces apart (a hand's suits), after
# a sentence, after a comma or semicolon, between words.
_BREAKS = (re.compile("  "), re.compile(r"(?<=\.) "), re.compile(r"(?<=[,;]) "), re.compile(" "))
_JOINS = ("  ", " ", " ", " ")


def _fill(lead: str, text: str, hang: str, width: int, level: int = 0) -> list[str]:
    """``text`` in lines of ``width``: the first starts with ``lead``, the others with ``hang``."""
    rows: list[str] = []
    current = ""
    for unit in _BREAKS[level].split(text):
        joined = current + _JOINS[level] + unit if current else lead + unit
        if len(joined) <= width:
            current = joined
            continue
        if current:
            rows.append(current)
        start = hang if rows else lead
        if len(start + unit) <= width:
            current = start + unit
            continue
        if level == len(_BREAKS) - 1:  # a word longer than a line: cut where the line ends
            room = max(width - len(hang), 1)
            rows.append(start + unit[: width - len(start)])
            rest = unit[width - len(start) :]
            chunks = [hang + rest[k : k + room] for k in range(0, len(rest), room)]
            rows.extend(chunks[:-1])
            current = chunks[-1] if chunks else ""
            continue
        pieces = _fill(start, unit, hang, width, level + 1)
        rows.extend(pieces[:-1])
        current = pieces[-1]
    if current:
        rows.append(current)
    return rows


class Console:
    """Writes the table's lines to ``out``: each cut to ``width`` columns (by default 80, or a
    narrower terminal's width), coloured by its kind (``title``, ``heading``, ``legal``,
    ``prompt``, ``error``, ``end``, ``event``...) when ``colour`` (by default: [`wants_colour`][])."""

    def __init__(self, out: TextIO, *, colour: bool | None = None, width: int | None = None) -> None:
        self.out = out
        self.width = width or min(WIDTH, _columns(out))
        self._blank = True  # whether the last line written is empty (the start counts as one)
        self._rich: Any = None
        if wants_colour(out) if colour is None else colour:
            from rich.console import Console as RichConsole

            self._rich = RichConsole(
                file=out,
                force_terminal=True,
                color_system="standard",
                highlight=False,
                markup=False,
                emoji=False,
                width=200,  # lines come cut already: rich never cuts them again
            )

    @property
    def coloured(self) -> bool:
        """Whether the lines are coloured."""
        return self._rich is not None

    def line(self, text: str = "", kind: str = "", *, prose: bool = False) -> None:
        """Write ``text`` (one line or several), each line cut to the width (``prose``: only
        between words)."""
        for row in text.split("\n"):
            for piece in wrap(row, self.width, prose=prose):
                self._write(piece, kind, "\n")
            self._blank = not row
        self.out.flush()

    def gap(self) -> None:
        """An empty line, unless the last line written is one."""
        if not self._blank:
            self.line()

    def prompt(self, text: str) -> None:
        """Write ``text`` with no line end (the answer is typed after it)."""
        self._write(text, "prompt", "")
        self._blank = False  # the answer ends the line
        self.out.flush()

    def _write(self, row: str, kind: str, end: str) -> None:
        if self._rich is None:
            self.out.write(row + end)
            return
        self._rich.print(_styled(row, kind), end=end, soft_wrap=True)


def _styled(row: str, kind: str) -> Any:
    """``row`` as rich text: its kind's style, red suits, playable cards, your turn, the scores."""
    from rich.text import Text

    text = Text(row, style=_KINDS.get(kind, ""))
    text.highlight_regex(_SCORES, "bold cyan")
    text.highlight_regex(_LEGAL, "cyan")
    text.highlight_regex(_RED_CARDS, "red")
    text.highlight_regex(_PLAYABLE, "bold")
    text.highlight_regex(_YOUR_TURN, "bold yellow")
    return text
