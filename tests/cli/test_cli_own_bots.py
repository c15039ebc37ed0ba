"""Your own bot at every table: a bot written in a file (or a module) plays in ``cardrules arena``
(in this process, in the arena's worker processes, and on a ``spawn`` pool), in ``cardrules play``,
and at a table of ``cardrules serve --stdio --bot NAME=SPEC``; a spec that does not load is a
one-line usage error naming what is wrong.

The bot of these tests plays the first legal move and counts its decisions in a file beside it,
so a test sees that it, and not a bot of the library, chose the moves.
"""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import GAMES, clubs
from cardrules.arena import run_matches
from cardrules.bots import RandomBot
from cardrules.bots.loading import load_bot
from cardrules.cli import main
from cardrules.errors import ConfigError
from cardrules.runner import play

BOT_SOURCE = '''
CALLS = __file__ + ".calls"


class FirstBot:
    """Plays the first legal move; counts its decisions in a file beside this one."""

    def choose(self, view, seed):
        with open(CALLS, "a") as calls:
            calls.write("x")
        return view.legal_moves[0]


class Broken:
    def choose(self, view, seed):
        return helper(view)


def helper(view):
    raise ValueError("my bot is broken")


class NoChoose:
    pass


NOT_A_CLASS = 3


class LastBot:
    def choose(self, view, seed):
        with open(CALLS, "a") as calls:
            calls.write("x")
        return view.legal_moves[-1]
'''


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "my_bot.py"
    path.write_text(BOT_SOURCE, encoding="utf-8")
    return path


def calls(bot_file: Path) -> int:
    marks = Path(str(bot_file) + ".calls")
    return len(marks.read_text()) if marks.exists() else 0


def first_moves(name: str, seed: int, config: object = None) -> tuple[object, ...]:
    """The moves of a game every seat of which plays its first legal move (hand-made here)."""
    game = GAMES[name]
    state = game.new_game(seed, config)
    moves = []
    while state.to_act is not None:
        move = game.view(state, state.to_act).legal_moves[0]
        moves.append(move)
        state = game.apply(state, move)
    return tuple(moves)


def test_load_bot_from_a_file_and_it_plays_as_written(bot_file: Path) -> None:
    bot = load_bot(f"{bot_file}:FirstBot")
    assert type(bot).__name__ == "FirstBot"
    config = clubs.Config(players=2, threshold=5)
    transcript = play("clubs", [bot, bot], 4, config)
    assert transcript.moves == first_moves("clubs", 4, config)
    assert calls(bot_file) == len(transcript.moves)


def test_load_bot_from_a_module_beside_you(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``package.module:Class`` imports from the working directory, as ``python -m`` would."""
    package = tmp_path / "my_own_bots_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text(BOT_SOURCE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "my_own_bots_pkg", raising=False)
    bot = load_bot("my_own_bots_pkg.first:FirstBot")
    assert type(bot).__module__ == "my_own_bots_pkg.first"
    assert str(tmp_path) in sys.path


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{file}:Missing", "{file} has no class named Missing"),
        ("{file}:NOT_A_CLASS", "NOT_A_CLASS is not a class: it is 3"),
        ("{file}:NoChoose", "NoChoose is not a bot: it has no choose(view, seed) method"),
        ("{dir}/nowhere.py:FirstBot", "no bot file {dir}/nowhere.py (no such file)"),
        ("no_such_module_of_bots:Bot", "cannot import no_such_module_of_bots: ModuleNotFoundError"),
        ("{dir}/raises.py:Bot", "cannot import {dir}/raises.py: ZeroDivisionError: division by zero"),
        ("just-a-name", "no bot named 'just-a-name'"),
    ],
)
def test_a_spec_that_does_not_load_is_a_one_line_usage_error(
    bot_file: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    (bot_file.parent / "raises.py").write_text("x = 1 / 0\n")
    fill = {"file": str(bot_file), "dir": str(bot_file.parent)}
    spec, message = spec.format(**fill), message.format(**fill)
    for command in ("arena", "play"):
        assert main([command, "clubs", "--bots", f"random,{spec}"]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        first, second = err.splitlines()
        assert first.startswith(f"cardrules {command}: error: argument --bots: ")
        assert message in first
        assert second == f"Try 'cardrules {command} --help'."
    if ":" in spec:
        with pytest.raises(ConfigError) as raised:
            load_bot(spec)
        assert message in str(raised.value)


def test_arena_with_a_bot_from_a_file(bot_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "Clubs", "--bots", f"{bot_file}:FirstBot,Random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:4]}
    assert rows["FirstBot"][1] == "3"  # three games, each counted
    assert rows["RandomBot"][1] == "3"
    assert calls(bot_file) > 3 * 13  # at least its 13 cards of each game's first round


def test_arena_with_a_bot_from_a_file_in_worker_processes(bot_file: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "arena", "pub-derby", "--games", "4", "--workers", "2"]
        + ["--bots", f"heuristic,{bot_file}:FirstBot"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[2:4]}
    assert rows["FirstBot"][1] == "4"
    assert rows["FirstBot"][5] == "0"  # no forfeit
    assert calls(bot_file) >= 4 * 6  # each game, at least its 6 cards of a half


def test_a_bot_from_a_file_plays_on_a_spawn_pool_as_in_process(bot_file: Path) -> None:
    """Pickled by its spec: a ``spawn`` worker, which shares nothing with this process, rebuilds the
    class from the file, and the results are those of the run in this process."""
    bots = [load_bot(f"{bot_file}:FirstBot"), RandomBot()]
    here = run_matches("manager", bots, 4, seed=3, workers=1)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=spawn) as pool:
        there = run_matches("manager", bots, 4, seed=3, executor=pool)
    assert there.results == here.results
    assert here.records[0].bot == "FirstBot"
    assert not here.failures


def test_a_bot_that_raises_forfeits_with_its_traceback(
    bot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_matches("clubs", [load_bot(f"{bot_file}:Broken"), RandomBot()], 2, seed=0)
    for game in result.results:
        assert game.forfeit is not None
        assert game.traceback is not None
        assert game.traceback.startswith("Traceback (most recent call last):")
        assert f'File "{bot_file}", line 16, in choose' in game.traceback
        assert f'File "{bot_file}", line 20, in helper' in game.traceback
        assert game.traceback.rstrip().endswith("ValueError: my bot is broken")
        assert "_referee.py" not in game.traceback  # the bot's frames, not ours
    argv = ["arena", "clubs", "--bots", f"{bot_file}:Broken,random", "--games", "2"]
    assert main(argv) == 0
    quiet = capsys.readouterr().err
    assert "Traceback" not in quiet
    assert "--verbose prints the traceback" in quiet
    assert main([*argv, "--verbose"]) == 0
    out, err = capsys.readouterr()
    assert "2 games forfeited" in out
    assert "games 0, 1 ended on:\nTraceback (most recent call last):" in err
    assert err.rstrip().endswith("ValueError: my bot is broken")


def test_play_against_a_bot_from_a_file(
    bot_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pub Derby, seed 0, you at seat 1: your forced 2♣ leads, and seat 2, your bot, follows with
    its last legal card, the A♣ (of 10♣ Q♣ K♣ A♣; the heuristic bot would play the 10♣)."""
    import io

    from cardrules import pub_derby
    from cardrules.bots import HeuristicBot

    state = pub_derby.new_game(0)
    assert state.to_act == 1
    state = pub_derby.apply(state, pub_derby.Play("2C"))
    view = pub_derby.view(state, 2)
    assert [str(m.card) for m in view.legal_moves] == ["TC", "QC", "KC", "AC"]
    assert HeuristicBot().choose(view, 0) == pub_derby.Play("TC")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    argv = [
        "play",
        "Pub-Derby",
        "--seat",
        "1",
        "--seed",
        "0",
        "--pause",
        "0",
        "--bots",
        f"{bot_file}:LastBot",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "You (team B) play the 2♣.\n  Seat 2 (team A) plays the A♣.\n" in out
    assert calls(bot_file) >= 3  # seats 2, 3 and 0 of the first trick at least
    assert "You left the game." in out


def test_serve_stdio_seats_a_bot_named_at_start(bot_file: Path, tmp_path: Path) -> None:
    """``--bot mine=FILE:FirstBot``: the games reply lists it, a table of it plays its moves, and a
    client may not name a spec of its own."""
    config = {"threshold": 5}
    requests = [
        {"op": "games"},
        {"op": "new", "game": "clubs", "seed": 11, "config": config, "seats": ["mine"] * 4},
        {"op": "new", "game": "clubs", "seats": ["human", "random", "random", f"{bot_file}:FirstBot"]},
    ]
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "serve", "--stdio", "--db", str(tmp_path / "t.db")]
        + ["--bot", f"mine={bot_file}:FirstBot"],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    games, created, refused = (json.loads(line) for line in result.stdout.splitlines())
    assert games["bots"] == ["random", "heuristic", "ismcts", "pimc", "mine"]
    assert created["ok"], created
    assert refused["ok"] is False
    assert refused["error"]["type"] == "ConfigError"
    assert "one of this server's own bots: 'mine'" in refused["error"]["message"]
    from cardrules.serve.stores import stored_transcript

    transcript = stored_transcript(str(tmp_path / "t.db"), created["table"])
    assert transcript.moves == first_moves("clubs", 11, clubs.Config(threshold=5))
    assert calls(bot_file) == len(transcript.moves)


def test_serve_refuses_a_bot_option_that_does_not_load(
    bot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for option, message in (
        (f"mine={bot_file}:NoChoose", "NoChoose is not a bot"),
        ("mine", "expected NAME=package.module:ClassName"),
        (f"human={bot_file}:FirstBot", "a bot's name is"),
        (f"ismcts-fast={bot_file}:FirstBot", "a bot's name is"),
        (f"Mine={bot_file}:FirstBot", "a bot's name is"),
    ):
        assert main(["serve", "--stdio", "--db", ":memory:", "--bot", option]) == 2
        first, second = capsys.readouterr().err.splitlines()
        assert first.startswith("cardrules serve: error: argument --bot: ")
        assert message in first
        assert second == "Try 'cardrules serve --help'."
