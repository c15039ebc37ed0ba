"""Load on ``cardrules serve`` over WebSocket: many clients playing Clubs at once, then a kill.

Run: ``python benchmarks/serve_load.py [--clients 100] [--seconds 60] [--think-ms 2000,1000]
[--db postgresql://... [--workers N]] [--bots-after-reply]`` (needs the ``serve`` extra; ``--db``
the ``postgres`` one too, and an empty database; ``--workers`` server processes on the one port).
It starts the real
server on 127.0.0.1 with a fresh database; each client plays seat 0 of its own Clubs table
against three random bots, and opens a new table whenever a game ends, so that every client plays
for the whole run. Two kinds of run:

- saturation: every client sends its next move as soon as its reply comes, so the server is
  never idle; moves per second is its capacity, and latency is mostly queueing (Little's law:
  latency ~ clients / throughput);
- paced: every client makes one move every ``--think-ms`` (from a random start, on a fixed
  schedule, as people or bots with think time would), a stated offered load (a run for each value
  given); its p99 from move to reply is checked against the target (20 ms), the verdict printed.

A "move" here is one ``play`` request: the human's move, committed with the three bots' answers
before the reply. With ``--bots-after-reply`` it asks, as the web table does, for the reply as soon
as its own move is committed, each bot's answer then committed and pushed on its own: the latency
is then from move to that reply, and a second figure is from move to your turn again (the last
bot's push). The load generator shares the machine's CPUs with the server.

Every table is a fair deal (the server's committed seed and the client's own string), and all
clients come from one address, so the per-address caps are lifted for the run.

Then it checks that each table's transcript (read from the server's database, as its operator
would: a table being played gives no transcript over the protocol) holds exactly the moves its
client saw answered (no lost move), kills the server with SIGKILL in the middle of a third,
saturating run, starts it again on the same database, and checks every client's table move by
move: either exactly as last answered (the same view, legal moves and move count), or that plus
exactly the one move whose reply the kill cut off and the bots' answers to it, which were
committed together before the kill. With ``--bots-after-reply`` each bot's move is its own commit,
so a kill can fall between them: the table, once its bots have moved again after the restart
(the server drives a watched table's bots), must hold the moves last seen, then at most the one
move whose reply was cut off, then only the server's own bots' answers ("exact" or "cut").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardrules.registry import GAMES
from cardrules.serve.fairness import Deal
from cardrules.serve.stores import stored_transcript
from cardrules.serve.table import Table
from cardrules.transcript import Transcript

TARGET_P99_MS = 20.0
# Every client is at 127.0.0.1: the per-address caps are lifted (0: no cap), the watched tables'
# too, as each connection goes on watching the tables it finished.
_ONE_ADDRESS = ["--max-tables-per-client", "0", "--new-per-minute", "0", "--max-watched-per-client", "0"]
_SEATS = ["human", "random", "random", "random"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _kill_all(server: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server and every server process it started (``--workers``), as a machine
    losing its power would stop them."""
    started = []
    for task in Path(f"/proc/{server.pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            started += [int(k) for k in (task / "children").read_text().split()]
    server.send_signal(signal.SIGKILL)
    for pid in started:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    server.wait()


def start_server(db: Path | str, port: int, options: list[str]) -> subprocess.Popen[bytes]:
    """``cardrules serve`` on 127.0.0.1:``port`` with ``options``, once it listens."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--db", str(db), *options],
        stdout=subprocess.DEVNULL,
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
    """One player: seat 0 of a Clubs table after another, and what each table answered."""

    def __init__(self, url: str, number: int, after_reply: bool = False) -> None:
        self.url, self.number, self.after_reply = url, number, after_reply
        self.table, self.token = "", ""
        self.last: dict[str, Any] = {}  # the last reply at the current table
        self.pending: str | None = None  # a move sent whose reply has not come
        self.answered: dict[str, int] = {}  # each table: the moves it had at its last reply
        self.latencies: list[float] = []
        self.turns: list[float] = []  # with after_reply: from a move to your turn again
        self.errors: list[str] = []

    async def _sit(self, ws: ClientConnection) -> None:
        """A new table, sat down at (its bots' opening moves made)."""
        created = await _ask(ws, {"op": "new", "game": "clubs", "seats": _SEATS})
        if not created["ok"]:
            raise RuntimeError(created["error"]["message"])
        table, token = created["table"], created["tokens"]["0"]
        joined = await _ask(
            ws, {"op": "sit", "table": table, "token": token, "contribution": str(self.number)}
        )
        if not joined["ok"]:
            raise RuntimeError(joined["error"]["message"])
        self.table, self.token, self.last = table, token, joined
        self.answered[table] = joined["moves"]

    async def _move(self, ws: ClientConnection) -> bool:
        """One move at the current table, timed; False after an error reply."""
        if not self.table or self.last["outcome"] is not None:
            await self._sit(ws)
        self.pending = self.last["legal"][0]
        request = {"op": "play", "table": self.table, "token": self.token, "move": self.pending}
        if self.after_reply:
            request.update(bots_after_reply=True, id=len(self.latencies) + 1)
        sent = time.perf_counter()
        reply = await _ask(ws, request)
        self.latencies.append(time.perf_counter() - sent)
        if not reply["ok"]:
            self.errors.append(reply["error"]["message"])
            return False
        self.pending, self.last, self.answered[self.table] = None, reply, reply["moves"]
        if self.after_reply:
            while self.last["outcome"] is None and self.last["to_act"] != 0:
                self.last = await _pushed(ws)
                self.answered[self.table] = self.last["moves"]
            self.turns.append(time.perf_counter() - sent)
        return True

    async def play(self, ws: ClientConnection, until: float, think: float | None, phase: float) -> None:
        """Move until ``until``: as fast as replies come, or one move every ``think`` seconds
        (the first ``phase`` seconds in, on a fixed schedule)."""
        try:
            due = time.monotonic() + phase
            while (now := time.monotonic()) < until:
                if think is not None:
                    if due > now:
                        await asyncio.sleep(due - now)
                    due += think
                    if time.monotonic() >= until:
                        break
                if not await self._move(ws):
                    return
        except (OSError, ConnectionClosed, RuntimeError) as exc:  # the kill run cuts connections
            self.errors.append(f"connection: {exc}")


async def _pushed(ws: ClientConnection) -> dict[str, Any]:
    """The next push (between a reply and the next request, only the client's own table's)."""
    push: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
    if push.get("id") is not None or not push.get("ok"):
        raise RuntimeError(f"not a push: {json.dumps(push)[:200]}")
    return push


async def _run(
    clients: list[_Client], sockets: list[ClientConnection], seconds: float, think: float | None
) -> float:
    """Every client plays for ``seconds`` on its connection; the seconds it took."""
    for c in clients:
        c.latencies, c.turns, c.errors = [], [], []
    rng = random.Random(7)
    phases = [0.0 if think is None else rng.uniform(0, think) for _ in clients]
    start = time.monotonic()
    await asyncio.gather(
        *(c.play(ws, start + seconds, think, p) for c, ws, p in zip(clients, sockets, phases, strict=True))
    )
    return time.monotonic() - start


@contextlib.asynccontextmanager
async def _connected(clients: list[_Client]) -> AsyncIterator[list[ClientConnection]]:
    """A connection a client, all open before any clock starts and kept from run to run, as
    players stay connected (a new connection's first reply would carry the table's whole story)."""
    async with contextlib.AsyncExitStack() as stack:
        yield [await stack.enter_async_context(connect(c.url)) for c in clients]


def _report(name: str, clients: list[_Client], elapsed: float) -> tuple[float, list[str]]:
    """Print a run's moves per second and latencies; its p99 (ms) and errors."""
    latencies = sorted(x for c in clients for x in c.latencies)
    errors = [e for c in clients for e in c.errors]
    if not latencies:
        print(f"{name}: no move answered; errors: {len(errors)}")
        return float("inf"), errors or ["no move answered"]
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(
        f"{name}: {len(latencies)} moves in {elapsed:.1f} s = {len(latencies) / elapsed:,.0f} moves/s "
        f"({4 * len(latencies) / elapsed:,.0f} table moves/s with the bots'); latency from move to "
        f"reply: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {latencies[-1] * 1000:.1f} ms; "
        f"errors: {len(errors)}"
    )
    turns = sorted(x for c in clients for x in c.turns)
    if turns:
        print(
            f"  from move to your turn again (each bot's move pushed): p50 "
            f"{statistics.median(turns) * 1000:.1f} ms, p99 "
            f"{turns[min(len(turns) - 1, int(len(turns) * 0.99))] * 1000:.1f} ms"
        )
    for e in errors[:3]:
        print("  error:", e)
    return p99, errors


def _lost(db: Path | str, clients: list[_Client]) -> int:
    """Tables whose transcript does not hold exactly the moves answered."""
    lost = 0
    for c in clients:
        for table, moves in c.answered.items():
            if len(stored_transcript(str(db), table).moves) != moves:
                lost += 1
    return lost


def _replayed(record: Transcript, moves: int) -> Table:
    """A table of the benchmark's seats at ``record``'s deal, its first ``moves`` moves made: the
    server's own bots' answers are checked from there."""
    table = Table(
        id="check",
        game=GAMES["clubs"],
        config=record.config,
        deal=Deal(True),
        seed=record.seed,
        seats=_SEATS,
        tokens={},
        moves=list(record.moves[:moves]),
    )
    table.start()
    return table


async def _resumed(url: str, db: Path | str, client: _Client) -> str:
    """How the client's table came back after the kill: ``"exact"``, ``"cut"`` (plus the one
    move whose reply the kill cut off, and its bots' answers) or ``"wrong"``."""
    if client.after_reply:
        return await _resumed_after_reply(url, db, client)
    record = stored_transcript(str(db), client.table)
    async with connect(url) as ws:
        view = await _ask(ws, {"op": "join", "table": client.table, "token": client.token})
    game = GAMES["clubs"]
    answered, moves = client.answered[client.table], [game.format_move(m) for m in record.moves]
    if len(moves) == answered:
        same = all(view[k] == client.last[k] for k in ("moves", "to_act", "legal", "view", "outcome"))
        return "exact" if same else "wrong"
    if client.pending is None or len(moves) < answered or moves[answered] != client.pending:
        return "wrong"
    # The server's own bots, from the same seed, must answer the cut move with the same moves.
    table = _replayed(record, answered)
    table.advance(record.moves[answered])
    table.run_bots()
    return "cut" if table.moves == list(record.moves) and view["moves"] == len(moves) else "wrong"


async def _resumed_after_reply(url: str, db: Path | str, client: _Client) -> str:
    """``_resumed`` where each bot move was its own commit: once the bots have moved again (the
    server drives them at a watched table), the moves last seen, at most the cut-off move, then
    only the server's own bots' answers."""
    async with connect(url) as ws:
        view = await _ask(ws, {"op": "join", "table": client.table, "token": client.token})
        while view["outcome"] is None and view["to_act"] != 0:
            view = await _pushed(ws)
    record = stored_transcript(str(db), client.table)
    game, seen = GAMES["clubs"], client.answered[client.table]
    if len(record.moves) < seen or view["moves"] != len(record.moves):
        return "wrong"
    table = _replayed(record, seen)
    table.run_bots()  # the bots' answers whose pushes the kill cut off, if any
    cut = len(record.moves) > len(table.moves) and table.state is not None and table.state.to_act == 0
    if cut:
        if game.format_move(record.moves[len(table.moves)]) != client.pending:
            return "wrong"
        table.advance(record.moves[len(table.moves)])
        table.run_bots()
    return ("cut" if cut else "exact") if table.moves == list(record.moves) else "wrong"


async def _kill_and_restart(
    db: Path | str, port: int, server: subprocess.Popen[bytes], clients: list[_Client], options: list[str]
) -> int:
    """SIGKILL the server two seconds into a saturating run, start it again, and check every
    client's table; the tables not resumed exactly or cut as allowed."""
    url = f"ws://127.0.0.1:{port}/ws"
    async with _connected(clients) as sockets:
        run = asyncio.ensure_future(_run(clients, sockets, 30, None))
        await asyncio.sleep(2.0)
        _kill_all(server)
        await run
    server = start_server(db, port, options)
    try:
        verdicts = [await _resumed(url, db, c) for c in clients]
    finally:
        server.send_signal(signal.SIGINT)
        server.wait()
    exact, cut = verdicts.count("exact"), verdicts.count("cut")
    print(
        f"after SIGKILL and restart: {exact} tables exactly as last answered, {cut} with also the one "
        f"move whose reply the kill cut off (and its bots' answers, committed with it), "
        f"{len(verdicts) - exact - cut} otherwise"
    )
    return len(verdicts) - exact - cut


async def _paced(
    clients: list[_Client], sockets: list[ClientConnection], seconds: float, think_ms: float
) -> bool:
    """A paced run at one move every ``think_ms`` a client; whether the target was met."""
    offered = len(clients) / (think_ms / 1000)
    elapsed = await _run(clients, sockets, seconds, think_ms / 1000)
    name = f"paced (one move every {think_ms:g} ms a client: {offered:,.0f} moves/s offered)"
    p99, errors = _report(name, clients, elapsed)
    met = p99 < TARGET_P99_MS and not errors
    print(
        f"  target p99 < {TARGET_P99_MS:g} ms with no error at {offered:,.0f} moves/s offered: "
        f"{'MET' if met else 'NOT MET'} (p99 {p99:.1f} ms)"
    )
    return not errors


async def main(
    clients_count: int,
    seconds: float,
    thinks_ms: list[float],
    database: str | None = None,
    workers: int = 1,
    after_reply: bool = False,
) -> int:
    """Saturation, paced and kill runs; 0 when no error, no lost move and an exact restart.
    ``database``: a PostgreSQL URL to keep the tables in (an empty database), else a new SQLite
    file; ``workers``: server processes on the one port (``--workers``, PostgreSQL only)."""
    with tempfile.TemporaryDirectory() as scratch:
        db, port = database or Path(scratch) / "tables.db", free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        options = [*_ONE_ADDRESS, "--workers", str(workers)]
        server = start_server(db, port, options)
        clients = [_Client(url, n, after_reply) for n in range(clients_count)]
        print(
            f"{clients_count} clients on 127.0.0.1, {workers} server process(es) on "
            f"{'PostgreSQL' if database else 'SQLite'}, {os.cpu_count()} CPUs shared with the server, "
            f"bots {'after the reply, each move pushed' if after_reply else 'in the request'}; load "
            f"average {os.getloadavg()[0]:.1f} before the run (anything else running skews the figures)"
        )
        async with _connected(clients) as sockets:
            elapsed = await _run(clients, sockets, seconds, None)
            _, saturated_errors = _report("saturation (no think time)", clients, elapsed)
            clean = [await _paced(clients, sockets, seconds, think) for think in thinks_ms]
        lost = _lost(db, clients)
        tables = sum(len(c.answered) for c in clients)
        print(f"tables whose transcript differs from the moves answered: {lost} of {tables}")
        wrong = await _kill_and_restart(db, port, server, clients, options)
        return 1 if saturated_errors or not all(clean) or lost or wrong else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="of each run (saturation, paced)")
    parser.add_argument(
        "--think-ms",
        default="1000",
        help="a paced client's time per move, in ms; several (2000,1000,500) make a paced run each",
    )
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="a PostgreSQL database for the tables, postgresql://... (default: a new SQLite file)",
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes on the one port (PostgreSQL --db only)"
    )
    parser.add_argument(
        "--bots-after-reply",
        action="store_true",
        help="ask for the reply before the bots move, their moves pushed one by one (as the web table)",
    )
    args = parser.parse_args()
    thinks = [float(t) for t in args.think_ms.split(",")]
    raise SystemExit(
        asyncio.run(main(args.clients, args.seconds, thinks, args.db, args.workers, args.bots_after_reply))
    )
