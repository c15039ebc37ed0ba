"""``cardrules review``: the report, ``--json``'s shape, usage errors, and Ctrl-C keeping the
decisions reviewed so far; ``cardrules arena --review``: each bot's accuracy beside its win rate."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_cli_conventions import interrupt

import cardrules.review
from cardrules import clubs, dumps, play
from cardrules.arena import run_matches
from cardrules.bots import Bot, HeuristicBot, RandomBot
from cardrules.cli import main
from cardrules.transcript import Transcript, replay_steps


def _short_clubs(tmp_path: Path) -> tuple[Path, Transcript]:
    """The first four tricks of a Clubs game the heuristic bot plays, saved."""
    state = clubs.new_game(2)
    moves = []
    for _ in range(16):
        move = HeuristicBot().choose(clubs.view(state, state.to_act), 0)  # type: ignore[arg-type]
        moves.append(move)
        state = clubs.apply(state, move)
    transcript = Transcript(game="clubs", seed=2, config=None, deck=None, moves=tuple(moves))
    path = tmp_path / "short.json"
    path.write_text(dumps(transcript), encoding="utf-8")
    return path, transcript


def _acted(transcript: Transcript, seat: int) -> list[int]:
    return [k for k, (before, _, _, _) in enumerate(replay_steps(transcript)) if before.to_act == seat]


def test_json_in_a_subprocess_has_the_documented_shape(tmp_path: Path) -> None:
    path, transcript = _short_clubs(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "review", str(path), "--seat", "2", "--budget", "2", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    assert list(shown) == [
        "format",
        "game",
        "seats",
        "seed",
        "budget",
        "complete",
        "worth",
        "decisions",
        "summaries",
    ]
    assert shown["format"] == 1 and shown["game"] == "clubs" and shown["seats"] == [2] and shown["complete"]
    assert shown["budget"] == {"deals": 2, "seconds": None} and shown["worth"]["unit"] == "clubs"
    assert [d["index"] for d in shown["decisions"]] == _acted(transcript, 2)
    states = [before for before, _, _, _ in replay_steps(transcript)]
    for decision in shown["decisions"]:
        assert set(decision) == {
            "index",
            "seat",
            "played",
            "best",
            "loss",
            "loss_stderr",
            "label",
            "deals",
            "exact",
            "moves",
        }
        before = states[decision["index"]]
        assert (
            decision["seat"] == 2
            and clubs.parse_move(before, decision["played"]) == transcript.moves[decision["index"]]
        )
        for move in decision["moves"]:
            assert set(move) == {"move", "worth", "stderr", "hindsight"}
    (summary,) = shown["summaries"]
    assert summary["decisions"] == 4 and sum(summary["labels"].values()) == 4
    # The same review twice is the same text: stable for tools.
    again = subprocess.run(
        [sys.executable, "-m", "cardrules", "review", str(path), "--seat", "2", "--budget", "2", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert again.stdout == result.stdout


def test_the_report_names_the_unit_each_decision_and_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, transcript = _short_clubs(tmp_path)
    assert main(["review", str(path), "--seat", "0", "--budget", "2"]) == 0
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "Review of clubs: seat 0, 2 deals a decision, seed 0"
    worth = "Worth in clubs: the clubs you are expected to take from here to the round's end"
    assert lines[1].startswith(worth)
    numbers = [int(m.group(1)) for m in re.finditer(r"^ *(\d+)\. seat 0: ", out, re.M)]
    assert numbers == [k + 1 for k in _acted(transcript, 0)]
    assert re.search(r"^Seat 0: accuracy [\d.]+% \(\d of \d judged decisions within 1.00 clubs", out, re.M)
    assert "\x1b[" not in out  # no colour where the output is no terminal


def test_usage_errors_and_files_that_are_no_transcript(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = _short_clubs(tmp_path)
    assert main(["review", str(path), "--seat", "4"]) == 2
    assert "--seat must be a seat of this clubs game, 0 to 3, got 4" in capsys.readouterr().err
    assert main(["review", str(path), "--budget", "soon"]) == 2
    assert (
        "a review's budget is a number of deals (64) or of seconds (0.5s, 500ms), got 'soon'"
        in capsys.readouterr().err
    )
    assert main(["review", str(path), "--budget", "1"]) == 2
    assert "budget of deals must be an int >= 2" in capsys.readouterr().err
    state = tmp_path / "state.json"
    state.write_text(dumps(clubs.new_game(1)), encoding="utf-8")
    assert main(["review", str(state)]) == 1
    assert f"{state} holds a State, not a Transcript" in capsys.readouterr().err
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    assert main(["review", str(text)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_prints_the_decisions_reviewed_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = _short_clubs(tmp_path)
    judge = cardrules.review.review_decision
    calls = []

    def stopped(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return judge(*args, **kwargs)

    monkeypatch.setattr(cardrules.review, "review_decision", stopped)
    assert main(["review", str(path), "--budget", "2", "--json"]) == 130
    out, err = capsys.readouterr()
    shown = json.loads(out)
    assert shown["complete"] is False and [d["index"] for d in shown["decisions"]] == [0, 1]
    assert "interrupted after 2 of 16 decisions; the report shows those reviewed" in err


@pytest.mark.slow  # a real process interrupted
def test_ctrl_c_stops_a_review_and_prints_the_report_so_far(
    tmp_path: Path, processes_in_group: Callable[[int], list[int]]
) -> None:
    transcript = play("clubs", [HeuristicBot()] * 4, 5)
    path = tmp_path / "game.json"
    path.write_text(dumps(transcript), encoding="utf-8")
    result, took, left = interrupt(
        ["review", str(path), "--seat", "1", "--budget", "200"], 6, processes_in_group
    )
    assert result.returncode == 130 and took < 5 and left == []
    done = re.search(r"interrupted after (\d+) of (\d+) decisions", result.stderr)
    assert done, result.stderr
    assert 0 < int(done.group(1)) < int(done.group(2)) == len(_acted(transcript, 1))
    assert result.stdout.startswith("Review of clubs: seat 1, 200 deals a decision")
    assert f"Stopped after {done.group(1)} decisions" in result.stdout
    assert "Traceback" not in result.stderr


def test_a_terminal_report_colours_each_label(tmp_path: Path) -> None:
    """Coloured as the terminal table colours (rich, the terminal extra): a blunder bold red, the
    best move green; the same text once the colour is taken out."""
    import io

    from cardrules.cli._review import write_report
    from cardrules.review import ReviewBudget, review_decision, review_of

    four = (
        "clubs 4/50 1 0,0,0,0 3D/JC/5D/2HAH 0:5HKCQC 0:4SQSJSTS,1:8C5C7C3C,1:4D9D6DTD,0:7S3S2SKS,"
        "3:4H7H8D2C,0:7DKDQDJD,1:TCAC9HQH,2:8S5SAS9C,0:THAD6S8H,0:6H2D9SJH,3:3HKH4C6C 3 5"
    )
    state = clubs.from_text(four)
    decisions = [
        review_decision(state, clubs.Play(c), budget=2, index=k) for k, c in ((50, "2H"), (51, "AH"))
    ]
    _, transcript = _short_clubs(tmp_path)
    result = review_of(transcript, 3, ReviewBudget(deals=2), 0, decisions)
    plain, coloured = io.StringIO(), io.StringIO()
    write_report(plain, result, colour=False)
    write_report(coloured, result, colour=True)
    assert "  52. seat 3: AH   blunder: best 2H, 3.00±0.00 clubs lost" in plain.getvalue()
    assert "\x1b[1;31m  52. seat 3: \x1b[0m" in coloured.getvalue()
    assert "\x1b[32m  51. seat 3: \x1b[0m" in coloured.getvalue()
    assert re.sub(r"\x1b\[[\d;]*m", "", coloured.getvalue()) == plain.getvalue()


# --- cardrules arena --review ----------------------------------------------------------------------

_ARENA = ["arena", "rugby_league", "--bots", "heuristic,random", "--workers", "1"]
"""Blind Rugby League: its judged decisions are exact, so a review costs little."""


def test_arena_review_prints_accuracy_and_mean_loss_beside_the_win_rate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*_ARENA, "--games", "2", "--review", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(
        r"bot +games +wins +draws +losses +forfeits  win rate \(95% CI\) +accuracy \(95% CI\) +"
        r"mean loss ± se \(%\) +mean score \(95% CI\)",
        lines[1],
    )
    row = (
        r" +2 +\d +\d +\d +0 +\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\] +"  # games ... win rate [CI]
        r"\d{1,3}\.\d% \[\d{1,3}\.\d, \d{1,3}\.\d\] +\d+\.\d ± \d+\.\d +"  # accuracy [CI], loss ± se
        r"-?\d+\.\d{2} \[-?\d+\.\d{2}, -?\d+\.\d{2}\]"  # mean score [CI]
    )
    assert re.fullmatch("HeuristicBot" + row, lines[2]) and re.fullmatch("RandomBot" + row, lines[3])
    assert lines[4] == (
        "reviewed at 4 deals a decision; accuracy: judged decisions labelled best or good "
        "(a loss under 5, in %; docs/review.md)"
    )
    # The library's run of the same games prints the same table.
    bots: list[Bot] = [HeuristicBot(), RandomBot()]
    same = run_matches("rugby_league", bots, 2, 0, workers=1, review=cardrules.review.ReviewBudget(deals=4))
    assert lines[:5] == same.table().splitlines()


def test_arena_review_takes_the_review_budgets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*_ARENA, "--games", "1", "--review"]) == 0
    assert "reviewed at 48 deals a decision;" in capsys.readouterr().out  # review's default
    assert main([*_ARENA, "--games", "1", "--review", "0.5s"]) == 0
    assert "reviewed at 0.5 s a decision;" in capsys.readouterr().out
    assert main([*_ARENA, "--games", "1"]) == 0
    assert "accuracy" not in capsys.readouterr().out


def test_arena_review_with_a_bad_budget_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*_ARENA, "--review", "1"]) == 2
    err = capsys.readouterr().err
    assert (
        "cardrules arena: error: argument --review: a review's budget of deals must be an int >= 2, got 1"
        in err
    )
    assert main([*_ARENA, "--review", "soon"]) == 2
    assert (
        "argument --review: a review's budget is a number of deals (64) or of seconds (0.5s, 500ms), "
        "got 'soon'" in capsys.readouterr().err
    )
