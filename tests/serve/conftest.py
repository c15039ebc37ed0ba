"""The databases the serve tests keep their tables in: a SQLite file, and a real PostgreSQL server
started for the session (Debian's package: initdb into a temporary folder, listening on a Unix
socket there only, stopped at the end). Without PostgreSQL's programs or psycopg the PostgreSQL
tests skip, unless ``CARDRULES_REQUIRE_POSTGRES=1`` (CI), where they fail."""

from __future__ import annotations

import glob
import importlib.util
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

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


def _as_server_user(folder: Path) -> list[str]:
    """The command prefix that runs PostgreSQL's programs: as root, the ``postgres`` user (the
    server refuses to run as root), owner of ``folder``; otherwise the user itself."""
    if os.geteuid() != 0:
        return []
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
    root = "/tmp" if os.geteuid() == 0 and os.path.isdir("/tmp") else None
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
