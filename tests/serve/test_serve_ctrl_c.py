"""Ctrl-C on ``cardrules serve``: one line, exit status 130, no traceback, no process left behind.

The real command in a pseudo-terminal (pexpect), as a person runs it: Ctrl-C there is SIGINT to
the whole foreground process group, the server processes of ``--workers`` included; ``kill -INT``
of the command alone is the other way it is stopped. Servers on 127.0.0.1, started and stopped here.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sys
import time
from pathlib import Path
from typing import TypeAlias

import pytest

pytest.importorskip("starlette")
pytest.importorskip("pexpect")
import pexpect
from serve_support import descendants

pytestmark = [
    pytest.mark.skipif(
        not Path("/proc/self/task").exists(), reason="reads the process tree from Linux's /proc"
    ),
    pytest.mark.slow,  # servers and workers started and interrupted: left out of the default run
]

Child: TypeAlias = "pexpect.spawn[str]"


def _pid(child: Child) -> int:
    """The spawned command's process id (it has one once spawned)."""
    pid = child.pid
    if pid is None:
        raise RuntimeError("the command was not spawned")
    return pid


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process still running (a zombie, ended and waiting to be reaped by
    whoever adopted it, is not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _start(db: str, workers: int, wait: float) -> tuple[Child, set[int]]:
    """``cardrules serve`` in a pseudo-terminal, listening, its ``workers`` server processes
    started, ``wait`` seconds after; returns it and the processes under it."""
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "cardrules",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            db,
            "--workers",
            str(workers),
        ],
        encoding="utf-8",
        timeout=60,
        env={**os.environ, "TERM": "dumb"},
    )
    child.expect(r"Ctrl-C stops\r\n")
    deadline = time.monotonic() + 30
    below = descendants(_pid(child))
    while workers > 1 and len(below) < workers and time.monotonic() < deadline:
        time.sleep(0.1)
        below = descendants(_pid(child))
    time.sleep(wait)  # a second or so: the workers are still starting (importing, making the app)
    return child, below | descendants(_pid(child))


def _search_once(child: Child) -> set[int]:
    """A move against a search bot through the server ``child`` runs, so that its bots' search
    processes start; the processes under ``child`` then."""
    from test_serve_websocket import Client

    port = re.search(r"http://127\.0\.0\.1:(\d+)/", str(child.before) + str(child.after))
    assert port is not None
    url = f"ws://127.0.0.1:{port.group(1)}/ws"
    deadline = time.monotonic() + 30
    while True:  # the server processes of --workers may still be starting
        try:
            with socket.create_connection(("127.0.0.1", int(port.group(1))), timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    with Client(url) as client:
        created = client.ask(op="new", game="manager", seed=3, seats=["human", "pimc@0.05s"], seat=0)
        view = client.ask(op="join", table=created["table"], token=created["tokens"]["0"])
        while view["to_act"] != 0:
            view = client.receive(timeout=30)
        played = client.ask(op="play", move=view["legal"][0])
        assert played["ok"], played
        while played["to_act"] != 0 and played["outcome"] is None:  # the bot has searched
            played = client.receive(timeout=30)
    return descendants(_pid(child))


def _stopped(child: Child, below: set[int]) -> str:
    """What the command wrote once stopped, having checked its exit status (130, as a shell
    reports a command that Ctrl-C stopped) and that no process under it is left."""
    child.expect(pexpect.EOF, timeout=60)
    said = str(child.before).replace("\r\n", "\n").replace("^C", "")  # the terminal's echo
    child.close()
    assert child.signalstatus is None, said  # it exited, not killed by the signal
    assert child.exitstatus == 130, said
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in below) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in below if _alive(pid)] == []
    return said


@pytest.mark.parametrize(
    ("how", "wait"),
    [("ctrl-c", 0.2), ("ctrl-c", 1.0), ("ctrl-c", 4.0), ("kill -INT", 1.0)],
    ids=["ctrl-c, workers starting", "ctrl-c, workers importing", "ctrl-c, serving", "kill -INT"],
)
def test_ctrl_c_stops_the_workers_with_one_line_and_status_130(
    postgres_url: str, how: str, wait: float
) -> None:
    """``--workers 2``: the supervisor and both server processes stop, whether they were still
    starting or serving; the command says one line ("cardrules: server stopped"), no traceback
    (multiprocessing's KeyboardInterrupt traceback from a worker was 24 lines)."""
    child, below = _start(postgres_url, 2, wait)
    assert len(below) >= 2
    if how == "ctrl-c":
        child.sendintr()  # the terminal's interrupt: SIGINT to every process of the foreground group
    else:
        os.kill(_pid(child), signal.SIGINT)
    said = _stopped(child, below)
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    assert said.strip().splitlines() == ["cardrules: server stopped"], said


def test_ctrl_c_after_a_search_stops_every_process(postgres_url: str) -> None:
    """``--workers 2`` after a search bot has moved: its search processes stop too, silently."""
    child, below = _start(postgres_url, 2, 1.0)
    below |= _search_once(child)
    assert len(below) > 3  # the two server processes, the resource tracker, search processes
    child.sendintr()
    said = _stopped(child, below)
    assert said.strip().splitlines() == ["cardrules: server stopped"], said


@pytest.mark.parametrize("search", [False, True], ids=["idle", "after a search"])
def test_ctrl_c_stops_one_process_with_one_line_and_status_130(tmp_path: Path, search: bool) -> None:
    """One server process (SQLite): the same line and status."""
    child, below = _start(str(tmp_path / "tables.db"), 1, 1.0)
    if search:
        below |= _search_once(child)
    child.sendintr()
    said = _stopped(child, below)
    assert "Traceback" not in said, said
    assert said.strip().splitlines() == ["cardrules: server stopped"], said
