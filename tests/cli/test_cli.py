"""Tests of the ``cardrules`` command, run in-process through ``cardrules.cli.main`` (and once as a
subprocess)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import GAMES, RandomBot, clubs, dumps, play
from cardrules.cli import main, simulate
from cardrules.cli._console import wrap
from cardrules.events import GameOver
from cardrules.game import Outcome

HEADER = f"{'game':<14}{'games':>7}{'mean moves':>12}  {'win share by seat':<32}{'draws':>8}{'games/s':>10}"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- games ---------------------------------------------------------------------------------------


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "games")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(GAMES)
    width = max(len(n) for n in GAMES)
    assert lines[0] == f"{'clubs':<{width}}  {clubs.DESCRIPTION}"
    for line, game in zip(lines, GAMES.values()):
        assert line.endswith(game.DESCRIPTION)


def test_games_in_a_subprocess() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules.cli", "games"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith("clubs")
    assert clubs.DESCRIPTION in result.stdout


def test_an_unknown_command_or_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["dance"], ["play", "chess"], ["simulate", "chess"], ["simulate", "--games", "x"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == ""
        prog = "cardrules" if argv == ["dance"] else f"cardrules {argv[0]}"
        assert err.splitlines()[0].startswith(f"{prog}: error: "), err
        assert err.splitlines()[1:] == [f"Try '{prog} --help'."]


# --- simulate ------------------------------------------------------------------------------------


def parse_rows(out: str) -> dict[str, list[str]]:
    lines = out.splitlines()
    assert lines[0] == HEADER
    return {line.split()[0]: line.split() for line in lines[1:]}


def test_simulate_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "clubs", "--games", "3")
    assert code == 0
    assert err == ""
    rows = parse_rows(out)
    assert list(rows) == ["clubs"]
    row = rows["clubs"]
    assert row[1] == "3"
    assert float(row[2]) >= 52
    shares = [float(x) for x in row[3:7]]
    assert sum(shares) >= 1.0
    assert all(0 <= s <= 1 for s in shares)
    # Same seed, same games: the same figures apart from the speed.
    _, again, _ = run(capsys, "simulate", "clubs", "--games", "3")
    assert parse_rows(again)["clubs"][:-1] == row[:-1]


def test_simulate_all(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--all", "--games", "2", "--seed", "3")
    assert code == 0
    rows = parse_rows(out)
    assert list(rows) == list(GAMES)
    assert rows["clubs"][1] == "2"
    for name, row in rows.items():
        assert len(row) == 1 + 2 + GAMES[name].num_players(None) + 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate"], "name one GAME or pass --all"),
        (["simulate", "clubs", "--all"], "name one GAME or pass --all"),
        (["simulate", "clubs", "--games", "0"], "argument --games: must be at least 1, got 0"),
        (["simulate", "--all", "--games", "-3"], "argument --games: must be at least 1, got -3"),
        (["simulate", "--all", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    ],
)
def test_simulate_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err == f"cardrules simulate: error: {message}\nTry 'cardrules simulate --help'.\n"


def test_simulate_function() -> None:
    row = simulate(clubs, 3, 0)
    assert row["game"] == "clubs"
    assert row["games"] == 3
    assert round(row["mean_moves"] * 3) % 52 == 0  # every Clubs round is 52 moves
    assert len(row["win_share"]) == 4
    assert 0 <= row["draws"] <= 1
    assert row["games_per_s"] > 0
    again = simulate(clubs, 3, 0, progress=io.StringIO())
    assert {k: v for k, v in again.items() if k != "games_per_s"} == {
        k: v for k, v in row.items() if k != "games_per_s"
    }


# --- play ----------------------------------------------------------------------------------------


def test_play_bad_input_then_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("zz\n"))
    code, out, err = run(capsys, "play", "clubs", "--seed", "1")
    assert code == 0
    assert err == ""
    start = clubs.new_game(1)
    screen = clubs.render(clubs.view(start, 0)).split("\n")
    assert all(piece in out for row in screen for piece in wrap(row))  # cut to 80 columns
    assert out.count("Your move: ") == 2
    assert "'zz' is not a card: write rank then suit" in out
    assert out.rstrip().endswith("You left the game.")
    assert "Game over" not in out


def test_play_immediate_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = run(capsys, "play", "clubs")
    assert code == 0
    assert out.rstrip().endswith("You left the game.")


def test_play_illegal_card_is_reprompted_with_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = clubs.new_game(1)
    not_held = next(str(c) for c in clubs.game_deck() if c not in state.hands[0])
    first = clubs.format_move(clubs.legal_moves(state)[0])
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{not_held}\n {first.lower()} \n"))
    code, out, _ = run(capsys, "play", "clubs", "--seed", "1", "--bots", "random")
    assert code == 0
    assert f"Not a legal move: you do not hold {not_held}" in out
    assert f"You play the {clubs.parse_move(state, first).card.pretty()}." in out
    assert "Seat 1 plays the " in out


class FirstLegalMove:
    """A stdin that answers each prompt with the first move it lists (after some scripted lines)."""

    def __init__(self, out: io.StringIO, scripted: list[str]) -> None:
        self.out = out
        self.scripted = scripted
        self.answers = 0

    def readline(self) -> str:
        if self.scripted:
            return self.scripted.pop(0)
        text = self.out.getvalue()
        legal = text[text.rindex("Legal: ") + len("Legal: ") :]
        self.answers += 1
        return legal.split()[0] + "\n"


@pytest.mark.parametrize("seat", [0, 2])
def test_full_play_to_game_over(monkeypatch: pytest.MonkeyPatch, seat: int) -> None:
    out = io.StringIO()
    stdin = FirstLegalMove(out, ["\n", "xx\n", "BJ\n"])
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", stdin)
    code = main(["play", "clubs", "--seed", "5", "--seat", str(seat), "--bots", "random", "--pause", "0"])
    text = out.getvalue()
    assert code == 0
    assert "'xx' is not a card" in text  # the empty line is asked again, not refused
    assert "'BJ' is no Clubs move: Clubs has no jokers\n" in text
    assert text.count("Game over") == 1
    assert re.search(r"^Game over\. Final scores: .*\. You (win|lose)\.$", text, re.M)
    assert stdin.answers >= 13
    forced = text.count("Your only move: ")
    assert forced >= 1  # the last card of each round
    assert text.count("Your move: ") == stdin.answers + 3
    assert f"Seat {seat} plays" not in text
    assert "You play the " in text
    assert "End of round 1. Clubs taken: " in text


def test_play_bad_seat(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, _, err = run(capsys, "play", "clubs", "--seat", "4")
    assert code == 2
    assert (
        err
        == "cardrules play: error: --seat must be a seat from 0 to 3, got 4\nTry 'cardrules play --help'.\n"
    )


# --- replay --------------------------------------------------------------------------------------


def test_replay_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    transcript = play("clubs", [RandomBot()] * 4, 8, clubs.Config(threshold=5))
    path = tmp_path / "game.json"
    path.write_text(dumps(transcript), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == f"clubs, seed 8, {len(transcript.moves)} moves"
    move_lines = [line for line in lines if line[:5].strip().rstrip(".").isdigit()]
    assert len(move_lines) == len(transcript.moves)
    first = transcript.moves[0]
    assert move_lines[0] == f"   1. seat 0: {clubs.format_move(first)}"
    assert lines[2] == f"        Seat 0 plays the {first.card.pretty()}."
    assert " wins the trick with the " in out
    final = clubs.new_game(8, clubs.Config(threshold=5))
    for move in transcript.moves:
        final = clubs.apply(final, move)
    assert lines[-1].startswith("        Game over. Final scores: ")
    result = clubs.outcome(final)
    assert result is not None
    assert lines[-1] == "        " + clubs.describe(GameOver(result))


def test_replay_empty_transcript(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    transcript = play("clubs", [RandomBot()] * 4, 8, clubs.Config(threshold=5))
    path = tmp_path / "empty.json"
    path.write_text(dumps(type(transcript)("clubs", 8, None, None, ())), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out == "clubs, seed 8, 0 moves\n"


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert out == ""
    assert err.startswith("cardrules: cannot read")
    assert str(path) in err


def test_replay_non_transcript(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "outcome.json"
    path.write_text(dumps(Outcome((0, 1), (0,))), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert out == ""
    assert "holds a Outcome, not a Transcript" in err
    state_path = tmp_path / "state.json"
    state_path.write_text(dumps(clubs.new_game(1)), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(state_path))
    assert code == 1
    assert "not a Transcript" in err


@pytest.mark.parametrize(
    "content", ["not json", "[]", '{"format": 1, "game": "chess", "type": "Transcript"}']
)
def test_replay_malformed_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert out == ""
    assert err.startswith("cardrules: ")


def test_replay_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 1
    assert "cannot read" in err


def test_replay_binary_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert out == ""
    assert err.startswith("cardrules: ")
    assert "UTF-8" in err
