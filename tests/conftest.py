"""Fixtures shared by every test directory."""

from __future__ import annotations

import glob
import importlib
import importlib.util
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

from cardrules.errors import StateError

# Hypothesis's example counts: the default run (the README's `python -m pytest`, a newcomer's
# wait) takes a third of the full run's, which .ci/run asks for (`--hypothesis-profile=full`);
# the contract suite's own counts scale with it (contract_support.examples).
settings.register_profile("full", max_examples=100)
settings.register_profile("fast", max_examples=34)
settings.load_profile("fast")


def _processes_in_group(group: int) -> list[int]:
    """The live processes of process group ``group`` (Linux: read from ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry.name))
    return found


@pytest.fixture
def processes_in_group() -> Callable[[int], list[int]]:
    """A function listing the live processes of a process group, to find leftover workers."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("reads process groups from /proc")
    return _processes_in_group


# One step of a playout as its transition saw it: the state, the events list (None without
# events), and the state returned.
Step = tuple[Any, Any, Any]


@pytest.fixture
def checked_transitions(monkeypatch: pytest.MonkeyPatch) -> Callable[[ModuleType], list[Step]]:
    """``install(game)`` wraps ``game.rules._transition`` so that every move a ``rollout`` hands it
    (with move checks skipped, for speed) must be one of ``legal_moves``, and returns the list the
    wrapper appends each step to."""

    def install(game: ModuleType) -> list[Step]:
        rules = importlib.import_module(f"{game.__name__}.rules")
        if not (rules.__file__ or "").endswith(".py"):
            pytest.skip("the compiled rules call their own transition, not the module's attribute")
        original = rules._transition
        steps: list[Step] = []

        def checked(state: Any, move: object, events: Any, check: bool = True) -> Any:
            assert move in game.legal_moves(state), (game.to_text(state), move)
            after = original(state, move, events, check)
            steps.append((state, events, after))
            return after

        monkeypatch.setattr(rules, "_transition", checked)
        return steps

    return install


def _check_sentences(game: ModuleType, games: list[tuple[int, Any]]) -> None:
    """Every event of the games ``(seed, config)`` played to their end (cycling through the legal
    moves), told to every viewer: one line, a full stop or "!" at the end, no repr inside."""
    for seed, config in games:
        state = game.new_game(seed, config)
        events = list(game.opening_events(state))
        while state.to_act is not None:
            moves = game.legal_moves(state)
            state, step_events = game.step(state, moves[len(events) % len(moves)])
            events.extend(step_events)
        for viewer in (None, *range(game.num_players(config))):
            for event in events:
                text = game.describe(event, viewer)
                assert "\n" not in text and text[-1] in ".!" and "Card(" not in text, text


def _check_state_picture(game: ModuleType, seed: int) -> None:
    """``render`` of a state is its acting seat's picture, then "Not seen by Seat k:" and each
    place holding cards that seat may not see (the game's zones); ``str`` of a state or a view is
    that picture; anything else is a StateError naming State or View."""
    state = game.new_game(seed)
    seat = state.to_act
    assert seat is not None
    lines = game.render(state).splitlines()
    picture = game.render(game.view(state, seat)).splitlines()
    assert lines[: len(picture)] == picture
    assert lines[len(picture)] == f"Not seen by Seat {seat}:"
    hidden = [z for z in game.zones(state) if seat not in z.seen_by and z.cards]
    assert hidden
    assert lines[len(picture) + 1 :] == [
        f"  {z.name}: {' '.join(c.pretty() for c in z.cards)}" for z in hidden
    ]
    assert str(state) == game.render(state)
    assert str(game.view(state, seat)) == "\n".join(picture)
    with pytest.raises(StateError, match="State or View, got int"):
        game.render(3)


@pytest.fixture
def check_sentences() -> Callable[[ModuleType, list[tuple[int, Any]]], None]:
    """``check(game, [(seed, config), ...])``: every event of those games played out, for every
    viewer, is one sentence (see ``describe``)."""
    return _check_sentences


@pytest.fixture
def check_state_picture() -> Callable[[ModuleType, int], None]:
    """``check(game, seed)``: ``render`` and ``str`` of a fresh game's state and view."""
    return _check_state_picture


# The databases the serve tests keep their tables in: a SQLite file, and a real PostgreSQL server
# started for the session (Debian's package: initdb into a temporary folder, listening on a Unix
# socket there only, stopped at the end). Without PostgreSQL's programs or psycopg the PostgreSQL
# tests skip, unless CARDRULES_REQUIRE_POSTGRES=1 (CI), where they fail.

_REQUIRED = os.environ.get("CARDRULES_REQUIRE_POSTGRES") == "1"
_USER = "cardrules"  # the cluster's superuser, whoever runs it
_numbers = itertools.count()


class Postgres:
    """A PostgreSQL server of the test session: ``url(name)`` is a database of it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{_USER}@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """A new empty database, and its URL."""
        import psycopg

        name = f"test_{next(_numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def _programs() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on the PATH, else Debian's newest version."""
    found = shutil.which("pg_ctl")
    if found is not None and shutil.which("initdb") is not None:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def _missing() -> str | None:
    if importlib.util.find_spec("psycopg") is None or importlib.util.find_spec("psycopg_pool") is None:
        return "psycopg and psycopg_pool are not installed (the postgres extra)"
    if _programs() is None:
        return "PostgreSQL's programs (initdb, pg_ctl) are not installed (apt-get install postgresql)"
    return None


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _as_server_user(folder: Path) -> list[str]:
    """The command prefix that runs PostgreSQL's programs: as root, the ``postgres`` user (the
    server refuses to run as root), owner of ``folder``; otherwise the user itself."""
    if not _is_root():
        return []
    import pwd  # POSIX only, as is running as root

    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        pytest.fail("running as root, PostgreSQL needs a user of its own: there is no 'postgres' user")
    os.chown(folder, user.pw_uid, user.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL server for the session, on a Unix socket in its own temporary folder."""
    missing = _missing()
    if missing is not None:
        if _REQUIRED:
            pytest.fail(f"CARDRULES_REQUIRE_POSTGRES=1, but {missing}")
        pytest.skip(missing)
    programs = _programs()
    assert programs is not None
    # As root, in /tmp: the server's own user must reach it (not so a root-only $TMPDIR); a short
    # path, too, as a Unix socket's path has at most 107 bytes.
    root = "/tmp" if _is_root() and os.path.isdir("/tmp") else None
    folder = Path(tempfile.mkdtemp(prefix="cardrules-pg-", dir=root))
    run_as = _as_server_user(folder)
    data = folder / "data"
    subprocess.run(
        [
            *run_as,
            str(programs / "initdb"),
            "-D",
            str(data),
            "-U",
            _USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        ],
        check=True,
        capture_output=True,
    )
    # Speed over durability: the tests kill cardrules' processes, never PostgreSQL.
    options = f"-k {folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
    start = [*run_as, str(programs / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-o", options]
    started = subprocess.run([*start, "-w", "start"], check=False, capture_output=True, text=True)
    if started.returncode != 0:
        log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {started.stderr}{log}")
    try:
        yield Postgres(folder)
    finally:
        subprocess.run(
            [*run_as, str(programs / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres: Postgres) -> str:
    """The URL of a new, empty PostgreSQL database of the session's server."""
    return postgres.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def store_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """``--db`` for each store: a SQLite file, then a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    url: str = request.getfixturevalue("postgres_url")
    return url
