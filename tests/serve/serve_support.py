"""``cardrules serve`` as the tests meet it: the real server in a child process on 127.0.0.1,
started by a test and stopped by it."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

_Server = TypeVar("_Server", bound="ServerProcess")


def public_view(game: Any, state: Any, players: int) -> dict[str, Any]:
    """What a spectator must be shown of ``state``: the cards of the zones every seat sees, and
    how many lie in the others (built here from the game's zones, independently of the server)."""
    zones = game.zones(state)
    return {
        "public": [
            {"name": z.name, "cards": [str(c) for c in z.cards]} for z in zones if len(z.seen_by) == players
        ],
        "hidden": [{"name": z.name, "count": len(z.cards)} for z in zones if len(z.seen_by) < players],
    }


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``cardrules serve --host 127.0.0.1`` on ``port`` (a free one by default) with the database
    ``db`` and any further command-line ``options``, listening once constructed, until ``stop`` or
    ``kill``; ``log`` then holds what it wrote to standard error."""

    def __init__(self, db: Path, port: int | None = None, options: Sequence[str] = ()) -> None:
        self.db = db
        self.port = free_port() if port is None else port
        self.log = ""
        command = [
            sys.executable,
            "-m",
            "cardrules",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        self.process = subprocess.Popen(
            [*command, "--db", str(db), *options], stderr=subprocess.PIPE, text=True
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.process.kill()
                    raise RuntimeError(f"the server did not start: {self.process.communicate()[1]}") from None
                time.sleep(0.1)

    @property
    def address(self) -> str:
        """``127.0.0.1:PORT``."""
        return f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Ctrl-C, as a person stops it, and wait for it to exit."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        self.log = self.process.communicate(timeout=30)[1] or ""

    def kill(self) -> None:
        """SIGKILL: no chance to clean up, as when the machine loses power."""
        self.process.send_signal(signal.SIGKILL)
        self.log = self.process.communicate(timeout=10)[1] or ""


def stopped_after(server: _Server) -> Iterator[_Server]:
    """A fixture's body: the running ``server``, stopped after the test if it still runs."""
    yield server
    if server.process.poll() is None:
        server.stop()
