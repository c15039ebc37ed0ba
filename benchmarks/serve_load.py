"""Load on ``cardrules serve`` over WebSocket: many clients playing Clubs at once, then a kill.

Run: ``python benchmarks/serve_load.py [--clients 100] [--seconds 60]`` (needs the ``serve``
extra). It starts the real server on 127.0.0.1 with a fresh database, and each client opens its
own Clubs table (itself against three random bots) and plays its legal moves as fast as the
replies come, for the given time. It prints moves per second and the p50/p99 latency from a move
sent to its reply (bots' answers included), and every error. Then it checks that each table's
transcript holds exactly the moves its client saw accepted (no lost move), kills the server with
SIGKILL in the middle of a second burst of play, starts it again on the same database, and checks
that every table resumed with every move that had been answered (a move committed whose reply
the kill cut off may be there too, and only that one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--db", str(db)],
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


async def _ask(ws: ClientConnection, request: dict[str, Any]) -> dict[str, Any]:
    await ws.send(json.dumps(request))
    reply: dict[str, Any] = json.loads(await ws.recv())
    return reply


class _Client:
    def __init__(self, url: str, seed: int) -> None:
        self.url, self.seed = url, seed
        self.table, self.token = "", ""
        self.accepted = 0
        self.latencies: list[float] = []
        self.errors: list[str] = []

    async def open(self) -> None:
        async with connect(self.url) as ws:
            seats = ["human", "random", "random", "random"]
            created = await _ask(ws, {"op": "new", "game": "clubs", "seed": self.seed, "seats": seats})
            self.table, self.token = created["table"], created["tokens"]["0"]

    async def play(self, until: float) -> None:
        try:
            async with connect(self.url) as ws:
                reply = await _ask(ws, {"op": "join", "table": self.table, "token": self.token})
                self.accepted = reply["moves"]
                while time.monotonic() < until and reply["outcome"] is None:
                    sent = time.perf_counter()
                    reply = await _ask(ws, {"op": "play", "move": reply["legal"][0]})
                    self.latencies.append(time.perf_counter() - sent)
                    if not reply["ok"]:
                        self.errors.append(reply["error"]["message"])
                        return
                    self.accepted = reply["moves"]
        except (OSError, ConnectionClosed) as exc:  # the kill run cuts connections
            self.errors.append(f"connection: {exc}")


async def _transcript_moves(url: str, table: str) -> int:
    async with connect(url) as ws:
        reply = await _ask(ws, {"op": "transcript", "table": table})
        return len(reply["transcript"]["data"]["moves"])


async def _burst(clients: list[_Client], seconds: float) -> float:
    start = time.monotonic()
    await asyncio.gather(*(c.play(start + seconds) for c in clients))
    return time.monotonic() - start


async def main(clients_count: int, seconds: float) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        db, port = Path(scratch) / "tables.db", _free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        server = _start(db, port)
        clients = [_Client(url, seed) for seed in range(clients_count)]
        await asyncio.gather(*(c.open() for c in clients))
        elapsed = await _burst(clients, seconds)
        latencies = sorted(x for c in clients for x in c.latencies)
        errors = [e for c in clients for e in c.errors]
        p50 = statistics.median(latencies) * 1000
        p99 = latencies[int(len(latencies) * 0.99)] * 1000
        print(
            f"{clients_count} clients, {elapsed:.1f} s: {len(latencies)} moves, "
            f"{len(latencies) / elapsed:,.0f} moves/s"
        )
        print(f"latency from move to reply: p50 {p50:.1f} ms, p99 {p99:.1f} ms; errors: {len(errors)}")
        lost = [c.table for c in clients if await _transcript_moves(url, c.table) != c.accepted]
        print(f"tables whose transcript differs from the moves answered: {len(lost)}")
        for e in errors[:3]:
            print("error:", e)
        burst = asyncio.ensure_future(_burst(clients, 30))
        await asyncio.sleep(min(2.0, seconds / 2))
        server.send_signal(signal.SIGKILL)
        server.wait()
        await burst
        server = _start(db, port)
        resumed = [await _transcript_moves(url, c.table) - c.accepted for c in clients]
        exact = sum(1 for extra in resumed if extra == 0)
        cut = sum(1 for extra in resumed if extra == 1)
        wrong = len(resumed) - exact - cut
        print(
            f"after SIGKILL and restart: {exact} tables exactly as answered, {cut} with one more move "
            f"committed whose reply the kill cut off, {wrong} otherwise"
        )
        server.send_signal(signal.SIGINT)
        server.wait()
        return 1 if errors or lost or wrong else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main(args.clients, args.seconds)))
