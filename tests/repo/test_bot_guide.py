"""docs/bots.md's move and card API: every name its two tables give exists, and the moves table
lists each game's move classes and their fields, all of them."""

from __future__ import annotations

import enum
import re
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules import GAMES, Card, Rank, Suit

ROOT = Path(__file__).resolve().parents[2]


def _section() -> str:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    start = page.index("### The move and card API")
    return page[start : page.index("\n### ", start + 1)]


def _tables(text: str) -> list[list[list[str]]]:
    """Each Markdown table of ``text``: its body rows (header and rule left out), cells stripped."""
    tables: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            tables.append(rows[2:])
            rows = []
    return tables


def _code(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def _resolve(name: str, namespace: dict[str, Any]) -> None:
    """Evaluate ``name`` in ``namespace``; ``Class.field`` of an attrs class must be one of its fields."""
    head, _, tail = name.partition(".")
    if tail.isidentifier() and attrs.has(namespace.get(head, object)):
        assert tail in attrs.fields_dict(namespace[head]), name
        return
    eval(name, {"__builtins__": {"str": str}}, namespace)


def test_every_name_in_the_card_table_exists() -> None:
    cards, _moves = _tables(_section())
    names = {name: getattr(cardrules, name) for name in cardrules.__all__}
    namespace = {**names, "IntEnum": enum.IntEnum, "card": Card(Rank.QUEEN, Suit.SPADES)}
    namespace |= {"suit": Suit.SPADES, "rank": Rank.QUEEN}
    checked = 0
    for row in cards:
        assert row[0].strip("`") in cardrules.__all__, row[0]
        for name in _code(row[0]) + _code(row[1]):
            _resolve(name, namespace)
            checked += 1
    assert checked >= 20
    assert eval('str(parse_card("QS"))', {"str": str}, namespace) == "QS"
    assert Card(Rank.QUEEN, Suit.SPADES).pretty() == "Q♠"


def test_the_moves_table_lists_every_games_move_classes_and_their_fields() -> None:
    _cards, moves = _tables(_section())
    assert sorted(row[0].strip("`") for row in moves) == sorted(f"cardrules.{name}" for name in GAMES)
    for module_cell, classes_cell, fields_cell in moves:
        game = GAMES[module_cell.strip("`").removeprefix("cardrules.")]
        for name in ("Move", "MOVE_TYPES", "format_move"):
            assert hasattr(game, name), (game.NAME, name)
        classes = _code(classes_cell)
        assert classes == [cls.__name__ for cls in game.MOVE_TYPES], game.NAME
        fields = [name for name in _code(fields_cell) if "." in name]
        namespace = {name: getattr(game, name) for name in classes}
        for name in fields:
            _resolve(name, namespace)
        every = [f"{cls.__name__}.{f.name}" for cls in game.MOVE_TYPES for f in attrs.fields(cls)]
        assert fields == every, game.NAME
