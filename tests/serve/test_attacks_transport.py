"""Strangers on the internet against ``cardrules serve``'s WebSocket and HTTP transport: foreign
pages, forged Host names, bad frames, clients that never read, and half-open connections. Each test
starts the real server on 127.0.0.1 and stops it; every loop is bounded in count and time."""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import os
import selectors
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from serve_support import ServerProcess, stopped_after
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8


class Raw:
    """A WebSocket client written by hand on a plain socket, to send what no library would (bad
    frames, foreign headers) and to read only when the test says so."""

    def __init__(self, port: int, *, receive_buffer: int | None = None) -> None:
        self.port = port
        self.sock = socket.socket()
        if receive_buffer is not None:  # before connecting, so that the window offered is small
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", port))
        self.pending = b""

    def close(self) -> None:
        self.sock.close()

    def handshake(self, **headers: str) -> str:
        """Ask to upgrade ``/ws``; the response head (status line and headers)."""
        fields = {
            "Host": f"127.0.0.1:{self.port}",
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
            "Sec-WebSocket-Version": "13",
            **{name.replace("_", "-"): value for name, value in headers.items()},
        }
        lines = ["GET /ws HTTP/1.1", *(f"{name}: {value}" for name, value in fields.items())]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        while b"\r\n\r\n" not in self.pending:
            self.pending += self._chunk()
        head, self.pending = self.pending.split(b"\r\n\r\n", 1)
        return head.decode("latin-1")

    def send(self, opcode: int, payload: bytes, *, length: int | None = None) -> None:
        """One final frame, masked as a client's must be; ``length`` may claim more than is sent."""
        size = len(payload) if length is None else length
        if size < 126:
            head = bytes([0x80 | opcode, 0x80 | size])
        elif size < 1 << 16:
            head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack("!H", size)
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + struct.pack("!Q", size)
        mask = os.urandom(4)
        key = int.from_bytes((mask * (len(payload) // 4 + 1))[: len(payload)], "big")
        masked = (int.from_bytes(payload, "big") ^ key).to_bytes(len(payload), "big")
        self.sock.sendall(head + mask + masked)

    def send_json(self, request: dict[str, Any]) -> None:
        self.send(TEXT, json.dumps(request).encode())

    def frame(self) -> tuple[int, bytes]:
        """The next frame from the server (which never masks): its opcode and payload."""
        first, second = self._exact(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", self._exact(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", self._exact(8))[0]
        return first & 0x0F, self._exact(size)

    def close_frame(self) -> tuple[int, str]:
        """Skip data frames to the close frame: its code and reason."""
        for _ in range(10_000):
            opcode, payload = self.frame()
            if opcode == CLOSE:
                return struct.unpack("!H", payload[:2])[0], payload[2:].decode()
        raise AssertionError("no close frame in 10,000 frames")

    def _exact(self, size: int) -> bytes:
        while len(self.pending) < size:
            self.pending += self._chunk()
        data, self.pending = self.pending[:size], self.pending[size:]
        return data

    def _chunk(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("the server closed the connection")
        return chunk


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    yield from stopped_after(ServerProcess(tmp_path / "tables.db"))


def _games(url: str, **options: Any) -> dict[str, Any]:
    """Connect, ask ``games`` and return the reply."""
    with connect(url, open_timeout=30, **options) as client:
        client.send(json.dumps({"op": "games", "id": 1}))
        reply: dict[str, Any] = json.loads(client.recv(timeout=30))
        return reply


def _status(head: str) -> int:
    return int(head.split(" ", 2)[1])


# Origins and Host names


def test_a_page_of_another_origin_is_refused_before_any_request_is_read(server: ServerProcess) -> None:
    """A browser on a foreign page (Origin evil.example, or this host on another port) gets HTTP
    403 and no reply even to a request sent right behind its handshake; the server's own pages and
    clients that send no Origin are let in."""
    for origin in ("http://evil.example", f"http://127.0.0.1:{server.port + 1}", "null", "https://127.0.0.1"):
        raw = Raw(server.port)
        try:
            head = raw.handshake(Origin=origin)
            assert _status(head) == 403, (origin, head)
            raw.send_json({"op": "games", "id": 1})
            assert b'"ok"' not in _drain(raw)
        finally:
            raw.close()
    url = f"ws://{server.address}/ws"
    assert _games(url, origin=f"http://127.0.0.1:{server.port}")["ok"]  # the web table's own page
    assert _games(url)["ok"]  # no Origin: not a browser
    with pytest.raises(InvalidStatus) as refused:
        _games(url, origin=f"http://localhost:{server.port}")  # not the Host it reached
    assert refused.value.response.status_code == 403


def _drain(raw: Raw) -> bytes:
    """Everything the server still sends until it closes the connection (at most 30 s)."""
    data = raw.pending
    raw.sock.settimeout(30)
    try:
        while chunk := raw.sock.recv(65536):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    return data


def test_a_forged_host_is_refused(server: ServerProcess) -> None:
    """DNS rebinding: a page whose name now points at 127.0.0.1 reaches the server with its own
    name as Host; plain HTTP and the WebSocket both answer 400 to any name but the loopback ones."""
    for host, status in (("evil.example", 400), (f"localhost:{server.port}", 200), ("127.0.0.1", 200)):
        page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            page.request("GET", "/", headers={"Host": host})
            assert page.getresponse().status == status, host
        finally:
            page.close()
    raw = Raw(server.port)
    try:
        assert _status(raw.handshake(Host=f"evil.example:{server.port}", Origin="http://evil.example")) == 400
    finally:
        raw.close()


def test_allowed_names_and_origins_behind_a_tls_proxy(tmp_path: Path) -> None:
    """Behind a reverse proxy on this machine: the public name is allowed with --allow-host, the
    page's https origin is its own (uvicorn reads X-Forwarded-Proto from 127.0.0.1), and
    --allow-origin lets in one more page; any other origin or name is still refused."""
    running = ServerProcess(
        tmp_path / "tables.db",
        options=["--allow-host", "cards.example.com", "--allow-origin", "https://lobby.example.org:8443"],
    )
    try:
        cases = [
            ({"Origin": "https://cards.example.com", "X-Forwarded-Proto": "https"}, 101),
            ({"Origin": "https://lobby.example.org:8443"}, 101),
            ({"Origin": "http://cards.example.com", "X-Forwarded-Proto": "https"}, 403),
            ({"Origin": "https://lobby.example.org"}, 403),
            ({"Origin": "https://evil.example", "X-Forwarded-Proto": "https"}, 403),
        ]
        for headers, status in cases:
            raw = Raw(running.port)
            try:
                head = raw.handshake(Host="cards.example.com", **headers)
                assert _status(head) == status, (headers, head)
            finally:
                raw.close()
        raw = Raw(running.port)
        try:
            assert _status(raw.handshake(Host="other.example.com")) == 400
        finally:
            raw.close()
    finally:
        running.stop()


def test_every_address_needs_its_names_said(capsys: pytest.CaptureFixture[str]) -> None:
    """Listening on every address with no --allow-host is a usage error, not a server that
    answers any name; a specific address answers its own name, loopback the loopback names; bad
    patterns and origins are usage errors."""
    from cardrules import cli

    for host in ("0.0.0.0", "::"):
        with pytest.raises(cli._UsageError, match="--allow-host"):
            cli._serve_hosts(host, [])
    assert cli._serve_hosts("0.0.0.0", ["cards.example.com"]) == ["cards.example.com"]
    assert cli._serve_hosts("192.168.1.5", []) == ["192.168.1.5"]
    assert cli._serve_hosts("::1", ["x.example"]) == ["x.example", "localhost", "127.0.0.1", "[::1]"]
    assert cli.main(["serve", "--allow-host", "a*.example.com"]) == 2
    assert "expected a host name" in capsys.readouterr().err
    assert cli.main(["serve", "--allow-origin", "ftp://example.com"]) == 2
    assert "expected * or http[s]://HOST[:PORT]" in capsys.readouterr().err


def test_the_options_are_in_the_help_with_their_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import _LOOPBACK_NAMES, main
    from cardrules.serve import web

    assert main(["serve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for option, default in (
        ("--max-frame", web.MAX_FRAME),
        ("--send-queue", web.SEND_QUEUE),
        ("--header-timeout", int(web.HEADER_TIMEOUT)),
        ("--max-connections", web.MAX_CONNECTIONS),
    ):
        assert option in text and f"(default {default}" in text, option
    assert "--allow-host" in text and "--allow-origin" in text
    assert list(web.LOOPBACK_NAMES) == _LOOPBACK_NAMES


# The private hooks of uvicorn's that the hardening is built on

_UVICORN_PIN = "uvicorn>=0.55,<0.56"  # pyproject's serve extra: the versions the hooks were checked on


def test_the_installed_uvicorn_has_every_private_hook_the_transport_uses() -> None:
    """transport.py subclasses uvicorn's h11 and websockets (sans-I/O) protocols, whose methods and
    attributes are not uvicorn's public API: an installed uvicorn that lacks one fails here, saying
    its version and each hook it lacks, not in a connection's traceback. pyproject pins the range
    checked."""
    import uvicorn

    from cardrules.serve.transport import missing_uvicorn_hooks

    missing = missing_uvicorn_hooks()
    assert not missing, (
        f"uvicorn {uvicorn.__version__} lacks what cardrules.serve.transport subclasses: "
        f"{', '.join(missing)} (checked on {_UVICORN_PIN})"
    )
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"{_UVICORN_PIN}"' in pyproject


def test_a_missing_uvicorn_hook_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a method, an attribute and a class uvicorn does not have are each
    named, as module:Class.hook."""
    from cardrules.serve import transport

    h11_class = "uvicorn.protocols.http.h11_impl:H11Protocol"
    monkeypatch.setitem(transport.UVICORN_HOOKS, h11_class, ("data_received()", "gone()", "self.gone_too"))
    monkeypatch.setitem(transport.UVICORN_HOOKS, "uvicorn.protocols.http.h11_impl:Gone", ("x()",))
    assert transport.missing_uvicorn_hooks() == [
        f"{h11_class}.gone",
        f"{h11_class}.gone_too",
        "uvicorn.protocols.http.h11_impl:Gone",
    ]


# Frames


def test_bad_frames_close_only_their_own_connection(server: ServerProcess) -> None:
    """A binary frame is closed 1003, invalid UTF-8 1007 and a message over --max-frame 1009,
    each with a reason; a long text under the frame limit is answered with a ProtocolError; a
    bystander connection is answered all along, and the server logs no traceback."""
    with connect(f"ws://{server.address}/ws", open_timeout=30) as bystander:
        for opcode, payload, length, code in (
            (BINARY, b'{"op": "games"}', None, 1003),
            (TEXT, b'{"op": "games", "id": "\xff\xfe"}', None, 1007),
            (TEXT, b"x" * 1000, 300_000, 1009),  # claims 300,000 bytes, over 262,144
        ):
            raw = Raw(server.port)
            try:
                assert _status(raw.handshake()) == 101
                raw.send(opcode, payload, length=length)
                got, reason = raw.close_frame()
                assert (got, bool(reason)) == (code, True), (got, reason)
            finally:
                raw.close()
            bystander.send(json.dumps({"op": "games", "id": code}))
            assert json.loads(bystander.recv(timeout=30))["id"] == code
        long = json.dumps(
            {"op": "games", "id": "é" * 100_000}, ensure_ascii=False
        )  # 200,000 bytes, 100,000+ characters
        bystander.send(long)
        assert json.loads(bystander.recv(timeout=30))["error"]["type"] == "ProtocolError"
    server.stop()
    assert "Traceback" not in server.log, server.log


# A client that does not read


def test_a_spectator_that_never_reads_delays_no_one(tmp_path: Path) -> None:
    """A spectator joins ten Clubs tables and then reads nothing while a player plays them out
    against bots, thousands of moves (enough to fill the kernel's buffers, about 4 MB on Linux).
    Every one of the player's replies comes promptly; the spectator's queue fills and it is dropped
    (closed 1008 with a reason, or cut off if it still reads nothing), pushed only a fraction of
    the moves. Before the send queues, the player's replies stopped after about 2,000 moves."""
    running = ServerProcess(tmp_path / "tables.db", options=["--send-queue", "8"])
    spectator = Raw(running.port, receive_buffer=4096)
    try:
        assert _status(spectator.handshake()) == 101
        with connect(f"ws://{running.address}/ws", open_timeout=30) as player:
            seats = []
            for seed in range(10):
                seat = _ask(
                    player,
                    op="new",
                    game="clubs",
                    seed=seed,
                    config={"threshold": 200},
                    seats=["human", "random", "random", "random"],
                )
                spectator.send_json({"op": "join", "id": seed, "table": seat["table"]})
                assert json.loads(spectator.frame()[1])["seat"] is None  # joined; it reads no more
                seats.append(_ask(player, op="join", table=seat["table"], token=seat["tokens"]["0"]))
            plays, slowest, elapsed = _play_out(player, seats)
        print(f"{plays} plays in {elapsed:.1f} s, the slowest reply {slowest * 1000:.0f} ms")
        assert slowest < 10.0
        pushes, ending = _read_to_the_end(spectator)
        print(f"the spectator was pushed {pushes} of {plays} plays, then {ending}")
        assert pushes < plays // 2
        assert ending.startswith(("closed 1008 too slow", "cut off", "closed 1011 keepalive")), ending
    finally:
        spectator.close()
        running.stop()
    assert "Traceback" not in running.log, running.log


def _ask(client: Any, **request: Any) -> dict[str, Any]:
    client.send(json.dumps({"id": "asked", **request}))
    reply: dict[str, Any] = json.loads(client.recv(timeout=30))
    assert reply["ok"], reply
    return reply


def _play_out(player: Any, seats: list[dict[str, Any]]) -> tuple[int, float, float]:
    """Play each table's seat 0 to the end (at most 6,000 plays and 240 s in all): how many plays,
    the slowest reply and the time taken."""
    slowest, plays = 0.0, 0
    started = time.monotonic()
    for joined in seats:
        table, reply = joined["table"], joined
        while reply["outcome"] is None and plays < 6000 and time.monotonic() - started < 240:
            sent = time.monotonic()
            reply = _ask(player, op="play", table=table, move=reply["legal"][0])
            slowest = max(slowest, time.monotonic() - sent)
            plays += 1
    return plays, slowest, time.monotonic() - started


def _read_to_the_end(raw: Raw) -> tuple[int, str]:
    """Now read: the state replies pushed, and how the connection ended."""
    pushes = 0
    try:
        for _ in range(100_000):
            opcode, payload = raw.frame()
            if opcode == CLOSE:
                return pushes, f"closed {struct.unpack('!H', payload[:2])[0]} {payload[2:].decode()}"
            pushes += 1
    except (EOFError, ConnectionResetError) as exc:
        return pushes, f"cut off ({type(exc).__name__})"
    return pushes, "still open"


# Half-open connections


def _open_file_limit(wanted: int) -> None:
    """Let this process hold ``wanted`` sockets, or skip."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"the open file limit ({hard}) is under {wanted}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _half_open(port: int, count: int) -> list[socket.socket]:
    """``count`` connections that each send part of a request head, then nothing."""
    held = []
    deadline = time.monotonic() + 60
    for i in range(count):
        if time.monotonic() > deadline:
            break
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + str(i).encode())
        except OSError:
            continue  # already turned away: the server is doing its job
        held.append(sock)
    return held


def _closed_by_the_server(held: list[socket.socket], seconds: float, enough: int | None = None) -> int:
    """Wait up to ``seconds`` for the server to close the held connections (or ``enough`` of
    them); how many it closed."""
    enough = len(held) if enough is None else enough
    closed = 0
    with selectors.DefaultSelector() as selector:
        for sock in held:
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ, sock)
        deadline = time.monotonic() + seconds
        while closed < enough and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=min(1.0, max(0.0, deadline - time.monotonic()))):
                try:
                    data = key.data.recv(4096)
                except BlockingIOError:
                    continue
                except ConnectionResetError:
                    data = b""
                if not data:
                    selector.unregister(key.fileobj)
                    closed += 1
    return closed


def _honest_client(address: str) -> float:
    """Seconds for a new client to connect and be answered ``games``."""
    started = time.monotonic()
    reply = _games(f"ws://{address}/ws")
    assert reply["ok"] and "games" in reply
    return time.monotonic() - started


def test_half_open_connections_are_cut_off_and_an_honest_client_is_served(tmp_path: Path) -> None:
    """Slowloris: 2,000 connections send part of a request head and then nothing. A new honest
    client is answered at once (the oldest half-open connections make room for it under the
    1,000 connection cap), and every half-open connection is cut off after --header-timeout.
    The server starts with a soft limit of 1,024 open files, too few for its 1,000 connections, and
    raises it rather than lower its cap."""
    _open_file_limit(4096)
    with _soft_open_file_limit(1024):  # the server inherits it
        running = ServerProcess(tmp_path / "tables.db", options=["--header-timeout", "3"])
    held: list[socket.socket] = []
    try:
        held = _half_open(running.port, 2000)
        assert len(held) >= 1500
        waited = _honest_client(running.address)
        print(f"{len(held)} half-open connections held; an honest client answered in {waited * 1000:.0f} ms")
        assert waited < 5.0
        closed = _closed_by_the_server(held, 3 + 60)
        assert closed == len(held)
        assert _honest_client(running.address) < 5.0
    finally:
        for sock in held:
            sock.close()
        running.stop()
    assert "Traceback" not in running.log, running.log
    assert "open file limit" not in running.log and "Too many open files" not in running.log


@contextlib.contextmanager
def _soft_open_file_limit(soft: int) -> Iterator[None]:
    """This process's soft limit on open files lowered to ``soft`` for a while."""
    import resource

    before, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (before, hard))


def test_the_connection_cap_turns_half_open_connections_away(tmp_path: Path) -> None:
    """With --max-connections 200 and a header timeout far away, 1,000 half-open connections
    leave at most 200 open (the oldest go first), and an honest client still gets in."""
    _open_file_limit(4096)
    running = ServerProcess(
        tmp_path / "tables.db", options=["--max-connections", "200", "--header-timeout", "600"]
    )
    held: list[socket.socket] = []
    try:
        held = _half_open(running.port, 1000)
        closed = _closed_by_the_server(held, 30, len(held) - 200)
        print(f"{closed} of {len(held)} half-open connections turned away")
        assert closed >= len(held) - 200
        assert _honest_client(running.address) < 5.0
    finally:
        for sock in held:
            sock.close()
        running.stop()


def test_a_request_head_sent_a_byte_at_a_time_is_cut_off(tmp_path: Path) -> None:
    """Each byte of a trickled head does not buy more time: the connection is cut off once
    --header-timeout has passed since it opened, though it never fell silent for that long."""
    running = ServerProcess(tmp_path / "tables.db", options=["--header-timeout", "2"])
    sock = socket.create_connection(("127.0.0.1", running.port), timeout=10)
    try:
        started = time.monotonic()
        head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: " + b"a" * 10_000
        cut_off = None
        for byte in head[:200]:  # a byte every 0.25 s: at most 50 s
            try:
                sock.sendall(bytes([byte]))
            except OSError:  # reset: the server has cut the connection
                cut_off = time.monotonic() - started
                break
            if _closed_by_the_server([sock], 0.25):
                cut_off = time.monotonic() - started
                break
            sock.setblocking(True)
        print(f"a trickled head was cut off after {cut_off} s")
        assert cut_off is not None and cut_off < 30
    finally:
        sock.close()
        running.stop()


def test_a_request_head_over_16_kib_is_refused_whole_or_in_pieces(server: ServerProcess) -> None:
    """A head of 60 KB sent at once (which uvicorn's own bound, for heads still arriving, let
    through) gets HTTP 431, on a page and on the WebSocket alike; one just under 16 KiB is served."""
    for size, status in ((60_000, 431), (15_000, 200)):
        page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            page.request("GET", "/", headers={"Host": "127.0.0.1", "X-Padding": "a" * size})
            assert page.getresponse().status == status, size
        finally:
            page.close()
    raw = Raw(server.port)
    try:
        assert _status(raw.handshake(X_Padding="b" * 60_000)) == 431
    finally:
        raw.close()
