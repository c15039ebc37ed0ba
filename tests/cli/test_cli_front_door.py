"""The command line as a newcomer meets it: game names in any case, a bare ``cardrules`` that helps,
usage errors of one line, every option's choices and default in its help, ``--save`` checked
before the game, the arena's table with short labels and no ``nan``, and ``cardrules serve``'s
front door (the address printed and opened, the database in the user's data directory)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules import cli
from cardrules.arena import ArenaInterrupted, ArenaResult
from cardrules.cli import main


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "cardrules", *argv]


# --- game names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "game"),
    [
        ("Clubs", "clubs"),
        ("pub-derby", "pub_derby"),
        ("PUB_DERBY", "pub_derby"),
        ("Rugby-League", "rugby_league"),
    ],
)
def test_game_names_in_any_case_with_dash_or_underscore(
    capsys: pytest.CaptureFixture[str], typed: str, game: str
) -> None:
    assert main(["simulate", typed, "--games", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[0] == game
    assert main(["arena", typed, "--games", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"{game}: 1 games, seed 0\n")


def test_play_takes_a_game_name_in_any_case(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "Pub-Derby", "--pause", "0"]) == 0
    assert "Half 1 kicks off" in capsys.readouterr().out


def test_an_unknown_game_names_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "Chess"]) == 2
    assert capsys.readouterr().err == (
        "cardrules play: error: argument GAME: no game named 'Chess'; the games: clubs, pub_derby, "
        "rugby_league, eighty_points, manager\nTry 'cardrules play --help'.\n"
    )


# --- help and usage errors -----------------------------------------------------------------------


def test_an_unknown_option_is_told_by_its_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "clubs", "--seatt", "2"]) == 2
    assert capsys.readouterr().err == (
        "cardrules play: error: unrecognized arguments: --seatt 2\nTry 'cardrules play --help'.\n"
    )


def test_bare_cardrules_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("usage: cardrules")
    assert "Run 'cardrules COMMAND --help'" in out
    result = subprocess.run(command(), capture_output=True, text=True, timeout=60, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, out, "")


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["dance"], "cardrules: error: argument COMMAND: invalid choice: 'dance'"),
        (
            ["arena", "clubs", "--games", "0"],
            "cardrules arena: error: argument --games: must be at least 1, got 0",
        ),
        (
            ["play", "clubs", "--bots", "genius"],
            "cardrules play: error: argument --bots: no bot named 'genius'",
        ),
        (
            ["play", "clubs", "--format", "pub"],
            "cardrules play: error: --format is an option of pub_derby, not of clubs",
        ),
        (
            ["play", "clubs", "--players", "9"],
            "cardrules play: error: Clubs players must be an int from 2 to 4, got 9",
        ),
        (["simulate", "clubs", "--nope"], "cardrules simulate: error: unrecognized arguments: --nope"),
        (
            ["serve", "--stdio", "--open"],
            "cardrules serve: error: --open opens the web table, which --stdio does not serve",
        ),
        (
            ["arena", "clubs", "--bots", "ismcts@-1s"],
            "cardrules arena: error: argument --bots: a search bot is 'ismcts', 'ismcts:N' (N iterations "
            "a move, at least 1) or 'ismcts@Ts' (T seconds of CPU time a move, more than 0: ismcts@0.5s, "
            "or in milliseconds ismcts@500ms); got 'ismcts@-1s'",
        ),
        (
            ["serve", "--port", "99999"],
            "cardrules serve: error: argument --port: a port is 0 to 65535, got '99999'",
        ),
    ],
)
def test_a_usage_error_is_one_line_and_where_the_help_is(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    first, second = err.splitlines()
    assert first.startswith(line), first
    prog = first.split(": error:")[0]
    assert second == f"Try '{prog} --help'."


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(subparsers.choices)


@pytest.mark.parametrize(
    "name", ["games", "play", "simulate", "arena", "serve", "verify", "replay", "review"]
)
def test_every_option_says_its_default_and_its_choices(name: str) -> None:
    """Each option that takes a value says its default in its help, and each with choices lists
    them (a flag that is off unless given needs neither)."""
    sub = _options(cli._parser())[name]
    for action in sub._actions:
        if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._StoreTrueAction)):
            continue
        text = " ".join((action.help or "").split())
        assert "default" in text.lower(), (name, action.option_strings, text)
        for choice in action.choices or ():
            assert str(choice) in text, (name, action.option_strings, choice)


def test_play_help_gives_each_config_option_its_values_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for expected in (
        "--players N clubs: a whole number from 2 to 4 (default 4)",
        "--threshold N clubs: a whole number, at least 1 (default 50)",
        "--format {classic,pub,big_squad} pub_derby: classic, pub, big_squad (default classic)",
        "--open-hands yes|no rugby_league: yes or no (default no)",
        "--rounds N eighty_points: a whole number, at least 1 or none (default none)",
        "--stripped-suit SUIT manager: clubs, diamonds, hearts, spades or none (default none)",
        "--max-exchanges N manager: a whole number, at least 1 (default 10)",
    ):
        assert expected in text


def test_serve_help_says_the_page_exists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "play in your browser at http://127.0.0.1:8000/" in text
    assert "--open open the web table in your browser once the server listens" in text


# --- --save --------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["missing", "directory"])
def test_save_to_a_bad_path_is_refused_before_the_game(tmp_path: Path, where: str) -> None:
    path = tmp_path / "no" / "such" / "g.json" if where == "missing" else tmp_path
    start = time.monotonic()
    result = subprocess.run(
        command("play", "clubs", "--save", str(path)),
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""  # no deal, no table: refused before the game
    first, second = result.stderr.splitlines()
    if where == "missing":
        assert first == f"cardrules play: error: --save {path}: there is no directory {path.parent}"
    else:
        assert first.startswith(f"cardrules play: error: --save {path} is a directory")
    assert second == "Try 'cardrules play --help'."
    assert time.monotonic() - start < 30
    assert not path.parent.exists() or where == "directory"


def test_save_to_a_good_path_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    path = tmp_path / "g.json"
    assert main(["play", "clubs", "--pause", "0", "--save", str(path)]) == 0
    assert f"Saved to {path}" in capsys.readouterr().out
    assert path.read_text().startswith("{")


# --- the arena's table ---------------------------------------------------------------------------


def test_the_search_bot_keeps_the_arena_table_narrow(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["arena", "rugby_league", "--bots", "ismcts,heuristic", "--games", "1", "--iterations", "5"])
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("ISMCTSBot(iterations=5) ")
    assert lines[3].startswith("HeuristicBot ")
    assert max(map(len, lines)) <= 110
    from cardrules.arena import _labels
    from cardrules.bots import ISMCTSBot

    assert _labels([ISMCTSBot(), ISMCTSBot()]) == ["ISMCTSBot#0", "ISMCTSBot#1"]  # alike, kept apart
    assert _labels([ISMCTSBot(iterations=5), ISMCTSBot(iterations=5, root="halving")]) == [
        "ISMCTSBot(iterations=5)",
        "ISMCTSBot(iterations=5, root='halving')",
    ]


def test_an_arena_stopped_before_any_game_prints_no_table_of_nan(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = ArenaResult(game="clubs", seed=0, records=(), results=())
    assert empty.table() == "clubs: no game finished, seed 0"

    def interrupted(*args: object, **kwargs: object) -> ArenaResult:
        from cardrules.arena import _records

        raise ArenaInterrupted(
            ArenaResult(
                game="clubs", seed=0, records=_records(["HeuristicBot", "RandomBot"], ()), results=()
            ),
            100,
        )

    monkeypatch.setattr(cli, "run_matches", interrupted)
    assert main(["arena", "clubs"]) == 130
    out, err = capsys.readouterr()
    assert out == ""
    assert "nan" not in err
    assert "interrupted after 0 of 100 games: no game finished, so there is no table" in err


# --- cardrules serve's front door ----------------------------------------------------------------


def _data_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME",)}
    env["HOME"] = str(tmp_path / "home")
    env.update(extra)
    return env


def test_the_default_database_is_in_the_data_directory(tmp_path: Path) -> None:
    """``$XDG_DATA_HOME/cardrules/tables.db``, created, and said on standard error; nothing is left
    in the working directory."""
    here = tmp_path / "work"
    here.mkdir()
    data = tmp_path / "data"
    result = subprocess.run(
        command("serve", "--stdio"),
        input='{"op": "games"}\n',
        capture_output=True,
        text=True,
        cwd=here,
        env=_data_env(tmp_path, XDG_DATA_HOME=str(data)),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    db = data / "cardrules" / "tables.db"
    assert result.stderr == f"cardrules: tables are kept in {db}\n"
    assert db.stat().st_size > 0
    assert list(here.iterdir()) == []


def test_the_data_directory_with_and_without_platformdirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # not installed: the XDG rule
    assert cli._data_dir() == str(tmp_path / ".local" / "share" / "cardrules")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert cli._data_dir() == str(tmp_path / "xdg" / "cardrules")
    monkeypatch.delitem(sys.modules, "platformdirs")
    pytest.importorskip("platformdirs")
    if sys.platform.startswith("linux"):  # platformdirs follows the same rule on Linux
        assert cli._data_dir() == str(tmp_path / "xdg" / "cardrules")


def test_db_still_overrides(tmp_path: Path) -> None:
    result = subprocess.run(
        command("serve", "--stdio", "--db", str(tmp_path / "mine.db")),
        input="",
        capture_output=True,
        text=True,
        env=_data_env(tmp_path, XDG_DATA_HOME=str(tmp_path / "data")),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == f"cardrules: tables are kept in {tmp_path / 'mine.db'}\n"
    assert (tmp_path / "mine.db").exists()
    assert not (tmp_path / "data").exists()
