"""The command line as people expect it: help everywhere, a version, ``python -m cardrules``, exit
statuses, progress on a terminal and in a log, and Ctrl-C that stops everything and keeps the results.

The interruption tests start the real command in its own process group, send SIGINT to the whole
group as a terminal's Ctrl-C does, and look for leftover worker processes in ``/proc``.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import cardrules
from cardrules import cli
from cardrules.cli import main
from cardrules.cli._progress import Progress

COMMANDS = ("games", "play", "simulate", "arena", "replay", "review")

# --version names the release and, in the compiled build, says so.
_VERSION = f"cardrules {cardrules.__version__}" + (" (compiled with mypyc)" if cardrules.COMPILED else "")


def cardrules_command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "cardrules", *argv]


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_lists_every_command(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    assert main([flag]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("usage: cardrules")
    for command in COMMANDS:
        assert re.search(rf"^\s+{command}\s+\w", out, re.M), command


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert main([command, "--help"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"usage: cardrules {command}")
    assert "%" not in out.replace("95%", "")  # a stray format character would have crashed argparse
    assert main([command, "-h"]) == 0
    assert capsys.readouterr().out == out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"{_VERSION}\n"


def test_python_dash_m_cardrules_runs_the_command() -> None:
    result = subprocess.run(
        cardrules_command("--version"), capture_output=True, text=True, timeout=60, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"{_VERSION}\n",
        "",
    )
    result = subprocess.run(
        cardrules_command("arena", "clubs", "--bots", "nobody"),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert "argument --bots: no bot named 'nobody'" in result.stderr


def test_an_error_exits_1_with_the_message_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("cardrules: ")
    assert "Traceback" not in err


def test_a_bug_is_one_line_on_stderr_never_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> int:
        raise RuntimeError("something we did not foresee")

    monkeypatch.setattr(cli, "_cmd_games", broken)
    assert main(["games"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("cardrules: internal error: RuntimeError: something we did not foresee\n")
    assert "Traceback" not in err


def test_a_closed_pipe_stops_the_command_quietly(tmp_path: Path) -> None:
    """``cardrules replay long.json | head -c 10``: the reader leaves long before the end."""
    transcript = cardrules.play("eighty_points", [cardrules.RandomBot()] * 4, 3)
    path = tmp_path / "long.json"
    path.write_text(cardrules.dumps(transcript), encoding="utf-8")
    command = f"{shlex.join(cardrules_command('replay', str(path)))} | head -c 10"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=120, check=False)
    assert len(result.stdout) == 10
    assert result.stderr == ""


# --- progress ------------------------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_plain_progress_lines_give_the_rate_and_the_time_left() -> None:
    stream, clock = io.StringIO(), FakeClock()
    progress = Progress("arena clubs", 100, stream, use_tqdm=False, every=10, clock=clock)
    clock.now += 5
    progress.update(10)
    assert stream.getvalue() == ""  # not yet due
    clock.now += 5
    progress.update(20)  # 20 games in 10 s: 2 a second, 80 left take 40 s
    clock.now += 130
    progress.update(80)  # 80 in 140 s: 4/7 a second, 20 left take 35 s
    clock.now += 5
    progress.update(100)
    progress.close()
    assert stream.getvalue().splitlines() == [
        "arena clubs: 20/100 games (20%), 2.0 games/s, about 40 s left",
        "arena clubs: 80/100 games (80%), 0.6 games/s, about 35 s left",
        "arena clubs: 100/100 games (100%), 0.7 games/s, done in 2 min 25 s",
    ]
    assert "\r" not in stream.getvalue()


def test_a_short_run_writes_no_progress_at_all() -> None:
    stream, clock = io.StringIO(), FakeClock()
    progress = Progress("clubs", 3, stream, use_tqdm=False, every=10, clock=clock)
    for done in (1, 2, 3):
        clock.now += 1
        progress.update(done)
    progress.close()
    assert stream.getvalue() == ""


def test_a_redirected_simulate_writes_no_carriage_returns(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    with log.open("w", encoding="utf-8") as handle:
        result = subprocess.run(
            cardrules_command("simulate", "clubs", "--games", "30"),
            stdout=subprocess.PIPE,
            stderr=handle,
            text=True,
            timeout=120,
            check=False,
        )
    assert result.returncode == 0
    assert result.stdout.splitlines()[1].startswith("clubs")
    assert "\r" not in log.read_text(encoding="utf-8")


def read_until_exit(fd: int, process: subprocess.Popen[str], timeout: float) -> str:
    chunks = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            data = os.read(fd, 65536)
        except OSError:  # the other end closed
            break
        if not data:
            break
        chunks.append(data.decode("utf-8", "replace"))
    process.wait(timeout=max(1.0, deadline - time.monotonic()))
    return "".join(chunks)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_terminal_shows_a_bar_with_rate_and_time_left() -> None:
    pytest.importorskip("tqdm", reason="the progress extra is not installed")
    import fcntl
    import pty
    import struct
    import termios

    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal's size
    process = subprocess.Popen(
        cardrules_command("simulate", "pub_derby", "--games", "400"),
        stdout=subprocess.PIPE,
        stderr=child,
        text=True,
    )
    os.close(child)
    screen = read_until_exit(parent, process, 120)
    os.close(parent)
    assert process.returncode == 0
    assert process.stdout is not None
    with process.stdout:
        assert "pub_derby" in process.stdout.read()
    assert re.search(r"pub_derby: +100%.*400/400 \[\d\d:\d\d<00:00, +[\d.]+game/s\]", screen), screen[-500:]


# --- Ctrl-C --------------------------------------------------------------------------------------


HEAR_CTRL_C = (
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('cardrules', run_name='__main__', alter_sys=True)"
)
"""Run ``cardrules`` hearing Ctrl-C as a terminal's foreground job does. A job a shell without job
control starts in the background inherits SIGINT *ignored*, and Python then never raises
``KeyboardInterrupt``: CI might start the tests so."""


def interrupt(
    argv: list[str], after: float, group: Callable[[int], list[int]]
) -> tuple[subprocess.CompletedProcess[str], float, list[int]]:
    process = subprocess.Popen(
        [sys.executable, "-c", HEAR_CTRL_C, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(after)
    assert process.poll() is None, "the run ended before it could be interrupted"
    sent = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=30)
    took = time.monotonic() - sent
    time.sleep(0.5)
    return (
        subprocess.CompletedProcess(argv, process.returncode, out, err),
        took,
        group(process.pid),
    )


@pytest.mark.slow  # worker processes interrupted
def test_ctrl_c_stops_an_arena_and_its_workers_and_prints_the_finished_games(
    processes_in_group: Callable[[int], list[int]],
) -> None:
    argv = ["arena", "pub_derby", "--bots", "ismcts,heuristic", "--games", "400", "--iterations", "40"]
    result, took, left = interrupt([*argv, "--workers", "2"], 6, processes_in_group)
    assert result.returncode == 130
    assert took < 5
    assert left == []
    finished = re.search(r"interrupted after (\d+) of 400 games", result.stderr)
    assert finished, result.stderr
    assert 0 < int(finished.group(1)) < 400
    assert result.stdout.startswith(f"pub_derby: {finished.group(1)} games, seed 0\n")
    rows = result.stdout.splitlines()[2:4]
    assert [int(row.split()[-11]) for row in rows] == [int(finished.group(1))] * 2
    assert "Traceback" not in result.stderr


@pytest.mark.slow  # worker processes interrupted
def test_ctrl_c_stops_a_simulation_and_prints_the_rows_so_far(
    processes_in_group: Callable[[int], list[int]],
) -> None:
    result, took, left = interrupt(["simulate", "--all", "--games", "5000"], 4, processes_in_group)
    assert result.returncode == 130
    assert took < 5
    assert left == []
    lines = result.stdout.splitlines()
    assert lines[0].split()[:2] == ["game", "games"]
    played = {line.split()[0]: int(line.split()[1]) for line in lines[1:]}
    assert played and set(played) <= set(cardrules.GAMES)
    assert 0 < sum(played.values()) < 5 * 5000
    done = re.search(r"interrupted after (\d+) games", result.stderr)
    assert done and int(done.group(1)) == sum(played.values())
