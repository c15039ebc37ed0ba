"""``cardrules play``'s game options: each Config field's text read as the field's declared type."""

from __future__ import annotations

import pytest

from cardrules import eighty_points, manager, pub_derby, rugby_league
from cardrules.cards import Suit
from cardrules.cli import _parser, _play_config, _UsageError
from cardrules.registry import get_game


def _config(name: str, *options: str) -> object:
    args = _parser().parse_args(["play", name, *options])
    return _play_config(get_game(name), args)


@pytest.mark.parametrize(
    ("name", "options", "expected"),
    [
        ("manager", ["--stripped-suit", "h"], manager.Config(stripped_suit=Suit.HEARTS)),
        ("manager", ["--stripped-suit", "Spades"], manager.Config(stripped_suit=Suit.SPADES)),
        ("manager", ["--stripped-suit", "none", "--max-exchanges", "4"], manager.Config(max_exchanges=4)),
        ("eighty_points", ["--rounds", "3"], eighty_points.Config(rounds=3)),
        ("eighty_points", ["--rounds", "None"], eighty_points.Config(rounds=None)),
        ("rugby_league", ["--open-hands", "yes"], rugby_league.Config(open_hands=True)),
        ("rugby_league", ["--open-hands", "false"], rugby_league.Config(open_hands=False)),
        ("pub_derby", ["--format", "big_squad"], pub_derby.Config(format="big_squad")),
    ],
)
def test_each_option_is_read_as_its_fields_type(name: str, options: list[str], expected: object) -> None:
    """A suit by name or initial, ``none`` for a field that may be None, yes/no, numbers, words."""
    assert _config(name, *options) == expected


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        (
            "manager",
            ["--stripped-suit", "x"],
            "--stripped-suit takes clubs, diamonds, hearts, spades or none",
        ),
        ("clubs", ["--players", "none"], "--players takes a whole number, got 'none'"),
        ("rugby_league", ["--open-hands", "maybe"], "--open-hands takes yes or no, got 'maybe'"),
        ("clubs", ["--players", "9"], "Clubs players"),
    ],
)
def test_a_bad_option_is_a_usage_error_naming_it(name: str, options: list[str], message: str) -> None:
    """Text that is no value of the field, or a value the Config refuses, is a usage error."""
    with pytest.raises(_UsageError, match=message):
        _config(name, *options)


def test_serve_gives_a_review_the_budget_and_cap_the_command_line_names() -> None:
    """``--review-budget`` reaches a review's decisions over stdio (the server's default is 24
    deals or 0.5 s); ``--max-reviews`` reaches the caps (``Limits.max_reviews``), 0 for none."""
    import json
    import subprocess
    import sys

    requests = [
        {
            "id": 1,
            "op": "new",
            "game": "clubs",
            "seed": "3",
            "config": {"threshold": 10},
            "seats": ["heuristic"] * 4,
        },
        {"id": 2, "op": "review", "table": None, "seat": 1, "wait": True},
    ]
    command = [sys.executable, "-m", "cardrules", "serve", "--stdio", "--db", ":memory:"]
    process = subprocess.Popen(
        [*command, "--review-budget", "3", "--max-reviews", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(requests[0]) + "\n")
    process.stdin.flush()
    created = json.loads(process.stdout.readline())
    requests[1]["table"] = created["table"]
    out, _ = process.communicate(json.dumps(requests[1]) + "\n", timeout=120)
    reply = json.loads(out)
    assert reply["ok"] and reply["done"] == reply["total"] > 0, reply
    assert reply["review"]["budget"] == {"deals": 3, "seconds": None}

    from cardrules import cli

    args = cli._parser().parse_args(["serve", "--max-reviews", "0"])
    assert cli._limits(args).max_reviews is None
    args = cli._parser().parse_args(["serve", "--max-reviews", "5"])
    assert cli._limits(args).max_reviews == 5
