"""A process started under ``_sigint_held`` begins with SIGINT blocked, even the first one a
fresh interpreter spawns (which starts multiprocessing's resource tracker, and that unblocked
SIGINT: a Ctrl-C while a server process imported printed a traceback, seen once in CI)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("starlette")

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")

_SCRIPT = textwrap.dedent(
    """
    import multiprocessing, signal, sys
    from cardrules.serve.thinking import _sigint_held

    def blocked() -> None:
        sys.exit(0 if signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ()) else 1)

    if __name__ == "__main__":
        for _ in range(2):  # the first process, which starts the tracker, and one after it
            with _sigint_held():
                process = multiprocessing.get_context("spawn").Process(target=blocked)
                process.start()
            process.join()
            if process.exitcode != 0:
                sys.exit(f"SIGINT not blocked in a process started under _sigint_held: {process.exitcode}")
    """
)


def test_every_spawned_process_begins_with_sigint_blocked(tmp_path: Path) -> None:
    script = tmp_path / "spawn_two.py"
    script.write_text(_SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
