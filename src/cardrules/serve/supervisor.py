"""The server processes of ``cardrules serve``: one, this process, or ``--workers`` of them on one
listening socket, watched by this one (as uvicorn's ``supervisors``), each started again if it
dies; and the signals that stop them (SIGINT, Ctrl-C, and SIGTERM: every request finished).

Each server process makes its application from ``app``, a callable with no arguments that pickles
(``functools.partial(create_app, db, options=options)``: a spawned process gets it whole), and its
transport from ``ServeOptions`` (``transport.server_config``).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
from collections.abc import Callable, Iterator
from types import FrameType

import uvicorn
from starlette.types import ASGIApp

from cardrules.serve.options import ServeOptions
from cardrules.serve.thinking import _follow_parent, _ignore_sigint, _sigint_held
from cardrules.serve.transport import fit_open_files, server_config

__all__ = ["run_servers"]

_log = logging.getLogger("uvicorn.error")


def run_servers(
    app: Callable[[], ASGIApp],
    options: ServeOptions,
    host: str,
    port: int,
    listening: Callable[[int], None] | None = None,
) -> None:
    """Serve ``app()`` on ``host:port`` until stopped: in this process if ``options.workers`` is
    1, else in that many processes sharing one listening socket. ``listening(port)`` is called
    once the server listens. ``KeyboardInterrupt`` once stopped by Ctrl-C (SIGINT), every
    request finished; ``SystemExit`` if a server could not start (its reason is in the log)."""
    if options.workers == 1:
        _serve_alone(server_config(app(), options, host, port), listening)
        return
    _, backlog = fit_open_files(options.max_connections)
    sock = uvicorn.Config(app, host=host, port=port, backlog=backlog, log_level="warning").bind_socket()
    _supervise(app, options, sock, listening)


def _supervise(
    app: Callable[[], ASGIApp],
    options: ServeOptions,
    sock: socket.socket,
    listening: Callable[[int], None] | None,
) -> None:
    """Run ``options.workers`` server processes on the listening ``sock`` until stopped (SIGINT or
    SIGTERM), starting another in the place of one that dies; then stop them all, and raise
    ``KeyboardInterrupt`` if it was Ctrl-C (SIGINT), as one process does."""
    context = multiprocessing.get_context("spawn")  # not fork: this process may hold threads' locks
    processes: list[multiprocessing.process.BaseProcess] = []

    def start(k: int) -> None:
        process = context.Process(
            target=_worker, args=(app, options, sock, os.getpid()), name=f"cardrules-serve-{k}", daemon=False
        )
        # Ctrl-C at a terminal is SIGINT to every process of the group; this one answers it. Held
        # while a process starts: the process begins with it blocked (``_worker`` ignores it, so
        # a Ctrl-C in its start-up is no traceback), and one that comes meanwhile waits here
        # until the process is in ``processes``, to be stopped with the others.
        with _sigint_held():
            process.start()
            processes[k : k + 1] = [process]

    # SIGTERM stops as Ctrl-C does; and Ctrl-C stops even where it was ignored when Python started
    # (a job started in the background by a script), as it stops one process (uvicorn's handler).
    # Set before any process starts, so that no signal falls between the two.
    stopped_by: list[int] = []

    def stop(sig: int, frame: object) -> None:
        stopped_by.append(sig)
        raise KeyboardInterrupt

    handlers = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for k in range(options.workers):
            start(k)
        if listening is not None:
            listening(int(sock.getsockname()[1]))
        _watch(processes, start)
    except KeyboardInterrupt:
        stopped_by.append(signal.SIGINT)  # raised before ``stop`` was set: a Ctrl-C
    finally:
        _stop_all(processes)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        sock.close()
    if stopped_by[0] == signal.SIGINT:
        raise KeyboardInterrupt


def _watch(processes: list[multiprocessing.process.BaseProcess], start: Callable[[int], None]) -> None:
    """Wait on the server processes, starting another in the place of one that ends; until a
    signal stops this process, or one could not start (``SystemExit``: another would fail too)."""
    while True:
        multiprocessing.connection.wait([p.sentinel for p in processes])
        for k, process in enumerate(processes):
            if process.exitcode == _COULD_NOT_START:
                raise SystemExit(_COULD_NOT_START)  # its reason is in the log
            if not process.is_alive():
                _log.warning(
                    "server process %s ended (exit code %s); starting another", process.pid, process.exitcode
                )
                start(k)


def _stop_all(processes: list[multiprocessing.process.BaseProcess]) -> None:
    """SIGTERM to each server process (each finishes its requests, as one alone would), then wait
    for them; one still running after 30 s, or when Ctrl-C is pressed again, is killed."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping already
    try:
        for process in processes:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        for process in processes:
            process.join(timeout=30)
    except KeyboardInterrupt:
        pass  # in a hurry: the rest are killed
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # nothing stops the killing half-way
        for process in processes:
            if process.is_alive():
                process.kill()
                process.join(timeout=5)


def _worker(app: Callable[[], ASGIApp], options: ServeOptions, sock: socket.socket, parent: int) -> None:
    """One of ``--workers`` server processes: serve on the shared socket until its supervisor
    stops it (SIGTERM), or until the process that started it is gone. Ctrl-C, which a terminal
    sends to every process of the group, is the supervisor's to answer: ignored here, and by the
    processes this one starts (the bots' search processes inherit it), so none prints a traceback."""
    _ignore_sigint()  # it came blocked (``_sigint_held``): one sent meanwhile is dropped now
    _follow_parent(parent)
    server = _WorkerServer(server_config(app(), options, "", 0), None)
    server.run(sockets=[sock])
    if not server.started:
        raise SystemExit(_COULD_NOT_START)


_COULD_NOT_START = 3  # a server process's exit code, as uvicorn.run's


class _Server(uvicorn.Server):
    """uvicorn's server, which tells ``listening`` the port once it listens."""

    def __init__(self, config: uvicorn.Config, listening: Callable[[int], None] | None) -> None:
        super().__init__(config)
        self.listening = listening
        self.stopped_by: int | None = None
        """The signal that stopped the server first, if one did."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.stopped_by is None:
            self.stopped_by = sig
        super().handle_exit(sig, frame)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.listening is not None and self.started:
            port = int(self.servers[0].sockets[0].getsockname()[1])
            self.listening(port)


class _WorkerServer(_Server):
    """A server process of ``--workers``: stopped by its supervisor's SIGTERM alone."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        # uvicorn's handles SIGINT too; here it stays ignored (``_worker``), and so it is in the
        # processes started while serving.
        previous = signal.signal(signal.SIGTERM, self.handle_exit)
        try:
            yield
        finally:
            signal.signal(signal.SIGTERM, previous)


def _serve_alone(config: uvicorn.Config, listening: Callable[[int], None] | None) -> None:
    """One server process, this one, until stopped: ``KeyboardInterrupt`` once stopped by Ctrl-C
    (SIGINT), every request finished."""
    server = _Server(config, listening)
    interrupted = False
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn raises the signal again once it has shut down
        interrupted = True
    if interrupted or server.stopped_by == signal.SIGINT:
        raise KeyboardInterrupt  # the command says so in a line and exits with 130
    if not server.started:
        raise SystemExit(_COULD_NOT_START)  # as uvicorn.run (the reason is in its log)
