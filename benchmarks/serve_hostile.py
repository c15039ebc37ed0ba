"""Hostile load on ``cardrules serve``: does an honest player stay served while others attack?

Run: ``python benchmarks/serve_hostile.py [--seconds 30] [--hostile 40] [--floods 30000]
[--restart-tables 60] [--clients 8] [--join-loops 4] [--spectators 500]
[--only bots,flood,memory,restart,clients,joins,spectators] [--bots-after-reply]`` (needs the
``serve`` extra). It starts the real WebSocket server on 127.0.0.1 with a fresh database and
measures, against targets:

- **bots**: ``--hostile`` clients each keep the most expensive work a request can ask going:
  half of them a table of four search bots at the largest search and config the server allows
  (watched, so it plays at the server's pace), the other half a table of one human and three such
  bots, playing as fast as replies come, each client from an address of its own (told as
  ``X-Forwarded-For``, which the server believes from 127.0.0.1: the worst case, the search
  threads and workers shared between as many clients). Meanwhile one honest client asks ``games``
  and plays a Clubs table against heuristic bots, one request due every 50 ms; its p99 from when a
  request was due to its reply must stay under 100 ms. With ``--bots-after-reply`` the human
  players (hostile and honest) play as the web table does: each move answered as soon as it is
  committed, its bots' moves pushed one by one after it (the searches then run on the server's
  bot driver, within the table creator's share), the player moving again at its turn. (The
  per-address caps on tables are lifted for these runs: every connection here comes from
  127.0.0.1, and the point is the work, not the count.)
- **flood**: ``--floods`` ``new`` requests from one address with the default caps: how many the caps
  refuse, the server's resident memory before and after (its bound: the caps times a table's
  memory, docs/deploying.md), and, in this process with the same engine, the memory the live
  tables hold before, at the peak and after they idle out (``tracemalloc``): back to the baseline.
- **restart** (#55): ``--restart-tables`` tables of one human against three of PIMC's largest
  search (``pimc:2000``: about 40 s a decision in Clubs, so every decision uses the whole
  budget) are made, and the server is restarted: none of them is in its memory. Then as many
  clients come back at once, each playing its next move (it knew the position before the restart)
  and then on, as fast as replies come, while the honest client plays as in **bots** from another
  address; its p99 must stay under 100 ms.
- **clients** (#55): ``--clients`` connections from one address each play against three
  ``pimc:2000`` bots as fast as replies come, while the honest client plays as in **bots** from
  another address and a third address plays a table of the web table's search bot
  (``ismcts:300``): every move its bots made must be the search's own (replayed here from the
  transcript), none the heuristic fallback, and the honest p99 must stay under 100 ms.
- **joins** (#55): a finished Clubs table at the largest threshold (about 3,000 moves) and
  ``--join-loops`` clients, each from an address of its own, joining it as spectators in a loop as
  fast as replies come, while the honest client plays as in **bots**: each join's reply is
  bounded (the latest 200 events), and the honest p99 must stay under 100 ms.
- **spectators** (#55): ``--spectators`` spectators (50 an address) on 20 watched tables of
  heuristic bots, each pushed every bot move at the server's pace, while the honest client plays
  as in **bots**: the honest p99 must stay under 100 ms.

Figures vary with the machine and what else runs on it; the targets are checked, not timed tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import statistics
import subprocess
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from serve_load import free_port, start_server
from websockets.asyncio.client import ClientConnection, connect

from cardrules.registry import GAMES
from cardrules.rng import derive_seed
from cardrules.serve.limits import Limits
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.seating import make_bot
from cardrules.serve.stores import SQLiteStore, stored_transcript

TARGET_P99_MS = 100.0
_SEARCH = "ismcts:2000"  # the largest search a server's seat may ask for
_HEAVY = "pimc:2000"  # the largest PIMC: about 40 s a decision in Clubs, far over any budget
_WEB_SEARCH = "ismcts:300"  # the web table's ISMCTS bot, deterministic (so its moves can be checked)
_LARGEST = {"threshold": 200}  # Clubs' largest config on a server
_NO_CAPS = ["--max-tables-per-client", "0", "--new-per-minute", "0"]


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` (Linux), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _ask(ws: ClientConnection, request: dict[str, Any]) -> dict[str, Any]:
    """Send a request and return its reply, skipping pushes (``"id": null``)."""
    request = {**request, "id": request.get("id", 1)}
    await ws.send(json.dumps(request))
    while True:
        reply: dict[str, Any] = json.loads(await ws.recv())
        if reply.get("id") == request["id"]:
            return reply


async def _read_pushes(ws: ClientConnection, until: float) -> int:
    """Read what the server pushes until ``until``: how many messages."""
    pushes = 0
    while time.monotonic() < until:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.monotonic()))
            pushes += 1
    return pushes


async def _watcher(url: str, until: float, address: str) -> int:
    """A table of four search bots at the largest config, watched (so it plays at the pace);
    a new one when it ends."""
    async with connect(url, additional_headers=_from(address), max_queue=None) as ws:
        while time.monotonic() < until:
            created = await _ask(
                ws, {"op": "new", "game": "clubs", "config": _LARGEST, "seats": [_SEARCH] * 4}
            )
            if not created["ok"]:
                await asyncio.sleep(0.5)
                continue
            await _ask(ws, {"op": "join", "table": created["table"]})
            return await _read_pushes(ws, until)  # one a bot move played at the pace
    return 0


async def _to_turn(ws: ClientConnection, reply: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """After a reply whose bots move after it: the pushes until ``seat`` is to act or the end."""
    while reply.get("ok") and reply["outcome"] is None and reply["to_act"] != seat:
        push: dict[str, Any] = json.loads(await ws.recv())
        if push.get("id") is None:
            reply = push
    return reply


async def _searcher(url: str, until: float, address: str, after_reply: bool = False) -> int:
    """One human against three search bots, moving as fast as the replies come (or, with
    ``after_reply``, as fast as its turn comes back, the bots' moves pushed)."""
    async with connect(url, additional_headers=_from(address), max_queue=None) as ws:
        seats = ["human", _SEARCH, _SEARCH, _SEARCH]
        plays = 0
        while time.monotonic() < until:
            created = await _ask(ws, {"op": "new", "game": "clubs", "config": _LARGEST, "seats": seats})
            if not created["ok"]:
                await asyncio.sleep(0.5)
                continue
            reply = await _ask(ws, {"op": "sit", "table": created["table"], "token": created["tokens"]["0"]})
            while reply.get("ok") and reply["outcome"] is None and time.monotonic() < until:
                move = {"op": "play", "table": created["table"], "token": created["tokens"]["0"]}
                if after_reply:
                    move["bots_after_reply"] = True
                reply = await _ask(ws, {**move, "move": reply["legal"][0], "at": reply["moves"]})
                plays += 1
                if after_reply:
                    reply = await _to_turn(ws, reply)
    return plays


def _from(address: str) -> dict[str, str]:
    """The headers of a client at ``address`` behind a proxy on this machine (uvicorn believes
    X-Forwarded-For from 127.0.0.1): each client of a run its own address, as on the internet."""
    return {"X-Forwarded-For": address}


async def _honest(
    url: str, until: float, address: str = "10.0.0.2", after_reply: bool = False
) -> tuple[list[float], list[str]]:
    """``games`` and ``play`` at a Clubs table against heuristic bots, one due every 50 ms. Each
    latency counts from when its request was due, not from when it could be sent: a stall of
    seconds counts for every request it held up, as it does for a person, not for one alone.
    With ``after_reply`` each move is answered before its bots move, and the client waits for
    its turn (pushed) before the next is due: the schedule starts again from there."""
    latencies: list[float] = []
    errors: list[str] = []
    async with connect(url, additional_headers=_from(address)) as ws:
        reply: dict[str, Any] = {"outcome": True}
        table, token = "", ""
        start, turn = time.monotonic(), 0
        while (due := start + 0.05 * (turn + 1)) < until:
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            turn += 1
            if turn % 2:
                answer = await _ask(ws, {"op": "games", "id": turn})
            elif reply["outcome"] is not None:
                created = await _ask(
                    ws, {"op": "new", "game": "clubs", "seats": ["human"] + ["heuristic"] * 3}
                )
                table, token = created["table"], created["tokens"]["0"]
                answer = reply = await _ask(ws, {"op": "sit", "table": table, "token": token, "id": turn})
            else:
                move = {
                    "op": "play",
                    "table": table,
                    "token": token,
                    "move": reply["legal"][0],
                    "at": reply["moves"],
                }
                if after_reply:
                    move["bots_after_reply"] = True
                answer = reply = await _ask(ws, {**move, "id": turn})
            latencies.append(time.monotonic() - due)
            if after_reply and answer is reply:
                reply = await _to_turn(ws, reply)
                start = time.monotonic() - 0.05 * turn  # the next due counts from the turn back
            if not answer["ok"]:
                errors.append(answer["error"]["message"])
                reply = {"outcome": True}  # start a new table
    return latencies, errors


async def bots_run(seconds: float, hostile: int, after_reply: bool = False) -> bool:
    """The bots scenario; whether the honest p99 target was met with no honest error."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        server = start_server(
            Path(scratch) / "t.db", port, ["--max-tables-per-client", "0", "--new-per-minute", "0"]
        )
        try:
            until = time.monotonic() + seconds
            attackers = [
                _watcher(url, until + 5, f"10.1.{k // 250}.{k % 250 + 1}")
                if k % 2
                else _searcher(url, until + 5, f"10.1.{k // 250}.{k % 250 + 1}", after_reply)
                for k in range(hostile)
            ]
            tasks = [asyncio.ensure_future(a) for a in attackers]
            await asyncio.sleep(3.0)  # the attack under way before the honest client starts
            latencies, errors = await _honest(url, until, after_reply=after_reply)
            done = await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            _stop(server)
    line, met = _p99_line(latencies, errors)
    path = "bots after the reply, pushed" if after_reply else "bots in the request"
    print(f"bots: {hostile} hostile clients (tables of {_SEARCH} bots, Clubs threshold 200; {path}); {line}")
    for error in errors[:3]:
        print("  honest error:", error)
    counts = [d if isinstance(d, int) else 0 for d in done]
    print(
        f"  meanwhile: {sum(counts[0::2])} hostile moves against search bots answered, "
        f"{sum(counts[1::2])} bot moves pushed at the bots-only tables"
    )
    return met


def _p99_line(latencies: list[float], errors: list[str]) -> tuple[str, bool]:
    """The honest client's figures, and whether they meet the target."""
    latencies = sorted(latencies) or [float("nan")]
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    met = p99 < TARGET_P99_MS and not errors
    return (
        f"honest client {len(latencies)} requests, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
        f"max {latencies[-1] * 1000:.1f} ms, errors {len(errors)}: target p99 < {TARGET_P99_MS:g} ms "
        f"{'MET' if met else 'NOT MET'}"
    ), met


async def _made(url: str, count: int) -> list[dict[str, Any]]:
    """``count`` practice tables of one human (seat 0, who leads) against three ``pimc:2000``,
    each with its token and first legal move, as a client that will come back keeps them."""
    made = []
    async with connect(url, additional_headers=_from("10.0.0.1")) as ws:
        for seed in range(count):
            new = {"op": "new", "game": "clubs", "seed": seed, "seats": ["human"] + [_HEAVY] * 3}
            created = await _ask(ws, new)
            token = created["tokens"]["0"]
            joined = await _ask(ws, {"op": "join", "table": created["table"], "token": token})
            made.append({"table": created["table"], "token": token, "legal": joined["legal"]})
    return made


async def _comes_back(url: str, table: dict[str, Any], until: float) -> int:
    """Play at ``table`` from its known position on, as fast as the replies come: how many plays."""
    plays = 0
    async with connect(url, additional_headers=_from("10.0.0.1"), max_queue=None) as ws:
        reply: dict[str, Any] = {"ok": True, "legal": table["legal"], "outcome": None}
        while reply.get("ok") and reply["outcome"] is None and time.monotonic() < until:
            move = {"op": "play", "table": table["table"], "token": table["token"], "move": reply["legal"][0]}
            reply = await _ask(ws, move)
            plays += 1
    return plays


async def restart_run(seconds: float, tables: int) -> bool:
    """The restart scenario: search tables not in memory, all asked for at once."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        db = Path(scratch) / "t.db"
        server = start_server(db, port, _NO_CAPS)
        try:
            made = await _made(url, tables)
        finally:
            _stop(server)
        server = start_server(db, port, _NO_CAPS)  # holds none of the tables
        try:
            until = time.monotonic() + seconds
            back = [asyncio.ensure_future(_comes_back(url, table, until + 5)) for table in made]
            await asyncio.sleep(0.5)  # every one of them asked
            latencies, errors = await _honest(url, until)
            done = await asyncio.gather(*back, return_exceptions=True)
        finally:
            _stop(server)
    line, met = _p99_line(latencies, errors)
    plays = sum(d for d in done if isinstance(d, int))
    print(
        f"restart: {tables} tables against {_HEAVY} made, the server restarted, {tables} clients back "
        f"at once; {line}"
    )
    print(f"  meanwhile: {plays} moves against {_HEAVY} answered in {seconds:g} s")
    return met


async def _searching_table(url: str, until: float) -> str:
    """Play a Clubs table against three of the web table's ISMCTS bots, from a third address,
    one play every 50 ms: the table, whose bots' moves are checked after."""
    async with connect(url, additional_headers=_from("10.0.0.3")) as ws:
        seats = ["human"] + [_WEB_SEARCH] * 3
        created = await _ask(ws, {"op": "new", "game": "clubs", "seed": 7, "seats": seats})
        table, token = created["table"], created["tokens"]["0"]
        reply = await _ask(ws, {"op": "join", "table": table, "token": token})
        while reply.get("ok") and reply["outcome"] is None and time.monotonic() < until:
            await asyncio.sleep(0.05)
            reply = await _ask(ws, {"op": "play", "table": table, "token": token, "move": reply["legal"][0]})
    table_id: str = created["table"]
    return table_id


def _fallbacks(db: Path, table_id: str) -> tuple[int, int]:
    """The table's search-bot moves, and how many of them are not the search's own choice (the
    heuristic fallback), replayed from its transcript."""
    transcript = stored_transcript(str(db), table_id)
    game = GAMES[transcript.game]
    state = game.new_game(transcript.seed, transcript.config)
    searched = wrong = 0
    for number, move in enumerate(transcript.moves):
        seat = state.to_act
        if seat != 0:  # a bot's move
            searched += 1
            seed = derive_seed(transcript.seed, 1, number)
            wrong += make_bot(_WEB_SEARCH).choose(game.view(state, seat), seed) != move
        state, _ = game.step(state, move)
    return searched, wrong


async def clients_run(seconds: float, clients: int) -> bool:
    """The clients scenario: one address's connections against ``pimc:2000``, two honest others."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        db = Path(scratch) / "t.db"
        server = start_server(db, port, _NO_CAPS)
        try:
            until = time.monotonic() + seconds
            made = await _made(url, clients)
            flood = [asyncio.ensure_future(_comes_back(url, table, until + 5)) for table in made]
            await asyncio.sleep(2.0)  # the flood under way
            searching = asyncio.ensure_future(_searching_table(url, until))
            latencies, errors = await _honest(url, until)
            table_id = await searching
            done = await asyncio.gather(*flood, return_exceptions=True)
        finally:
            _stop(server)
        searched, wrong = _fallbacks(db, table_id)
    line, met = _p99_line(latencies, errors)
    plays = sum(d for d in done if isinstance(d, int))
    print(f"clients: {clients} connections of one address against {_HEAVY}; {line}")
    print(
        f"  the other address's table of {_WEB_SEARCH} bots: {searched} bot moves, {wrong} of them "
        f"the heuristic fallback: target none {'MET' if not wrong and searched else 'NOT MET'}; "
        f"meanwhile {plays} moves against {_HEAVY} answered"
    )
    return met and searched > 0 and not wrong


def _finished_table(db: Path) -> str:
    """A Clubs table at the largest threshold played to its end by heuristic bots, in this
    process, before the server opens the database: its id."""
    store = SQLiteStore(str(db))
    try:
        seats = ["heuristic"] * 4
        created = Engine(store).handle(
            {"op": "new", "game": "clubs", "seed": 8, "config": _LARGEST, "seats": seats}, Session()
        )
    finally:
        store.close()
    table_id: str = created["table"]
    return table_id


async def _joiner(url: str, table_id: str, until: float, address: str) -> tuple[int, int]:
    """Join ``table_id`` as a spectator in a loop, each on a new connection's first request: how
    many joins, and the largest reply, in bytes."""
    joins = largest = 0
    while time.monotonic() < until:
        async with connect(url, additional_headers=_from(address), max_size=None) as ws:
            await ws.send(json.dumps({"op": "join", "id": 1, "table": table_id}))
            largest = max(largest, len(await ws.recv()))
            joins += 1
    return joins, largest


async def joins_run(seconds: float, loops: int) -> bool:
    """The joins scenario: join loops on a finished 3,000-move table beside an honest player."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        db = Path(scratch) / "t.db"
        table_id = _finished_table(db)
        server = start_server(db, port, _NO_CAPS)
        try:
            until = time.monotonic() + seconds
            tasks = [
                asyncio.ensure_future(_joiner(url, table_id, until, f"10.2.0.{k + 1}")) for k in range(loops)
            ]
            await asyncio.sleep(1.0)
            latencies, errors = await _honest(url, until)
            done = await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            _stop(server)
    line, met = _p99_line(latencies, errors)
    counts = [d for d in done if isinstance(d, tuple)]
    largest = max((size for _, size in counts), default=0)
    print(f"joins: {loops} join loops on a finished Clubs table of about 3,000 moves; {line}")
    print(
        f"  meanwhile: {sum(j for j, _ in counts)} joins answered, the largest reply {largest / 1024:.0f} KiB"
    )
    return met and len(counts) == loops


async def _spectator(url: str, table_id: str, until: float, address: str) -> int:
    """Watch ``table_id`` until ``until``: how many pushes were read."""
    async with connect(url, additional_headers=_from(address), max_queue=None) as ws:
        await _ask(ws, {"op": "join", "table": table_id})
        return await _read_pushes(ws, until)


async def spectators_run(seconds: float, spectators: int) -> bool:
    """The spectators scenario: many spectators on 20 watched tables of bots, an honest player."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        server = start_server(Path(scratch) / "t.db", port, [*_NO_CAPS, "--bot-pace", "0.2"])
        try:
            async with connect(url, additional_headers=_from("10.3.0.1")) as ws:
                tables = []
                for seed in range(20):
                    new = {
                        "op": "new",
                        "game": "clubs",
                        "seed": seed,
                        "config": _LARGEST,
                        "seats": ["heuristic"] * 4,
                    }
                    tables.append((await _ask(ws, new))["table"])
            until = time.monotonic() + seconds
            watching = [
                asyncio.ensure_future(_spectator(url, tables[k % 20], until, f"10.4.{k // 50}.1"))
                for k in range(spectators)
            ]
            await asyncio.sleep(2.0)  # every spectator joined
            latencies, errors = await _honest(url, until)
            done = await asyncio.gather(*watching, return_exceptions=True)
        finally:
            _stop(server)
    line, met = _p99_line(latencies, errors)
    pushes = [d for d in done if isinstance(d, int)]
    print(f"spectators: {spectators} spectators (50 an address) on 20 watched tables of bots; {line}")
    print(f"  meanwhile: {sum(pushes)} pushes read by {len(pushes)} spectators")
    return met and len(pushes) == spectators


async def flood_run(floods: int) -> bool:
    """The flood scenario against the real server with its default caps."""
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        server = start_server(Path(scratch) / "t.db", port, [])
        try:
            before = _rss_mib(server.pid)
            made = refused = 0
            async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
                for k in range(floods):
                    reply = await _ask(ws, {"op": "new", "game": "clubs", "id": k})
                    made, refused = made + reply["ok"], refused + (not reply["ok"])
            after = _rss_mib(server.pid)
        finally:
            _stop(server)
    print(
        f"flood: {floods:,} new from one address: {made} made, {refused:,} refused by the caps; "
        f"server memory {before:.1f} -> {after:.1f} MiB"
    )
    cap = Limits().max_tables_per_client
    return cap is None or made <= cap


def live_memory(tables: int) -> bool:
    """In this process: the memory live tables hold, before, at the peak and once idle."""
    with tempfile.TemporaryDirectory() as scratch:
        store = SQLiteStore(
            str(Path(scratch) / "t.db"), Limits(max_tables_per_client=None, new_per_minute=None)
        )
        engine = Engine(store)
        try:
            engine.handle({"op": "games"}, Session())
            gc.collect()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            for k in range(tables):  # dealt at once (a seed given), with their bots' opening moves
                new = {
                    "op": "new",
                    "game": "clubs",
                    "seed": k,
                    "seats": ["human", "random", "random", "random"],
                }
                engine.handle(new, Session(client=str(k % 50)))
            gc.collect()
            peak = tracemalloc.get_traced_memory()[0]
            store.limits = Limits(idle_seconds=0.0)
            engine.handle({"op": "new", "game": "clubs", "seed": 0}, Session(client="last"))  # sweeps
            gc.collect()
            idle = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
        finally:
            store.close()
    per = (peak - base) / tables
    print(
        f"live tables: {tables:,} held {(peak - base) / 2**20:.1f} MiB ({per / 1024:.1f} KiB a table); "
        f"once idle, {(idle - base) / 2**10:.0f} KiB above the baseline (one table left)"
    )
    return idle - base < max(256 * 1024, (peak - base) // 100)  # the baseline, give or take caches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="of the bots run")
    parser.add_argument("--hostile", type=int, default=40, help="hostile clients in the bots run")
    parser.add_argument("--floods", type=int, default=30_000, help="new requests in the flood run")
    parser.add_argument("--tables", type=int, default=1_000, help="live tables in the memory run")
    parser.add_argument("--restart-tables", type=int, default=60, help="search tables in the restart run")
    parser.add_argument("--clients", type=int, default=8, help="one address's connections in the clients run")
    parser.add_argument("--join-loops", type=int, default=4, help="join loops in the joins run")
    parser.add_argument("--spectators", type=int, default=500, help="spectators in the spectators run")
    parser.add_argument("--only", default=",".join(_RUNS), help=f"the runs, of {','.join(_RUNS)}")
    parser.add_argument(
        "--bots-after-reply", action="store_true", help="the bots run's players play as the web table does"
    )
    args = parser.parse_args()
    runs = [run.strip() for run in args.only.split(",") if run.strip()]
    unknown = [run for run in runs if run not in _RUNS]
    if unknown:
        parser.error(f"--only takes {', '.join(_RUNS)}; got {', '.join(unknown)}")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} before the run")
    scenarios: dict[str, Callable[[], bool]] = {
        "bots": lambda: asyncio.run(bots_run(args.seconds, args.hostile, args.bots_after_reply)),
        "flood": lambda: asyncio.run(flood_run(args.floods)),
        "memory": lambda: live_memory(args.tables),
        "restart": lambda: asyncio.run(restart_run(args.seconds, args.restart_tables)),
        "clients": lambda: asyncio.run(clients_run(args.seconds, args.clients)),
        "joins": lambda: asyncio.run(joins_run(args.seconds, args.join_loops)),
        "spectators": lambda: asyncio.run(spectators_run(args.seconds, args.spectators)),
    }
    met = [scenarios[run]() for run in runs]
    return 0 if all(met) else 1


_RUNS = ("bots", "flood", "memory", "restart", "clients", "joins", "spectators")


if __name__ == "__main__":
    raise SystemExit(main())
