"""The database is one server's, however it is named (issue 55): a second server on the same
SQLite file through a symbolic link, a hard link or a ``file:`` URI is refused; a symbolic link
planted at ``NAME.lock`` is never followed; every store error a person can cause says what to do,
and no password is ever printed. Each test failed on the server that locked ``NAME.lock`` by name."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules.errors import ConfigError
from cardrules.serve.protocol import Engine, Session
from cardrules.serve.stores import SQLiteStore, database_file, hide_passwords

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="links and flock are POSIX's")


@pytest.fixture
def first(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(str(tmp_path / "tables.db"))
    yield store
    store.close()


def _serve_stdio(db: str) -> list[str]:
    return [sys.executable, "-m", "cardrules", "serve", "--stdio", "--db", db]


def _refused(db: str) -> str:
    with pytest.raises(ConfigError) as raised:
        SQLiteStore(db).close()
    return str(raised.value)


@posix_only
def test_every_name_of_the_file_meets_the_same_hold(tmp_path: Path, first: SQLiteStore) -> None:
    real = tmp_path / "tables.db"
    (tmp_path / "link.db").symlink_to(real)
    os.link(real, tmp_path / "hard.db")
    (tmp_path / "sub").mkdir()
    names = [
        str(tmp_path / "link.db"),
        str(tmp_path / "hard.db"),
        real.as_uri(),
        f"file:{real}",
        str(tmp_path / "sub" / ".." / "tables.db"),
    ]
    for name in names:
        message = _refused(name)
        assert "in use by another cardrules serve" in message, name
        # The holder's note is beside the file's resolved path, which a hard link does not share.
        assert f"process {os.getpid()}" in message or name.endswith("hard.db"), message


@posix_only
def test_a_planted_lock_link_is_never_followed_or_truncated(tmp_path: Path) -> None:
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n")
    (tmp_path / "tables.db.lock").symlink_to(victim)
    message = _refused(str(tmp_path / "tables.db"))
    assert "is a symbolic link" in message and "remove it" in message
    assert victim.read_text() == "keep me\n"


def test_the_note_is_written_only_once_the_hold_is_taken(tmp_path: Path, first: SQLiteStore) -> None:
    note = tmp_path / "tables.db.lock"
    assert note.read_text() == f"{os.getpid()}\n"
    _refused(str(tmp_path / "tables.db"))
    assert note.read_text() == f"{os.getpid()}\n"  # a refused server did not empty it
    first.close()
    again = SQLiteStore(str(tmp_path / "tables.db"))  # released: the next server starts
    again.close()


def test_a_second_server_process_is_refused_through_a_file_uri(tmp_path: Path, first: SQLiteStore) -> None:
    """The real command, as an operator would mistype it: refused before it reads a request,
    naming the holder, and the first server's table is untouched."""
    created = Engine(first).handle({"op": "new", "game": "clubs", "seed": 1}, Session())
    command = _serve_stdio((tmp_path / "tables.db").as_uri())
    second = subprocess.run(
        command, input='{"op": "games"}\n', capture_output=True, text=True, timeout=60, check=False
    )
    assert second.returncode != 0 and "in use by another cardrules serve" in second.stderr
    assert second.stdout == ""
    assert Engine(first).handle({"op": "view", "table": created["table"]}, Session())["ok"]


def test_store_errors_say_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    cases = {
        str(tmp_path / "folder"): "is a folder: give a file for the tables",
        str(tmp_path / "missing" / "t.db"): "does not exist; make it first",
        f"{(tmp_path / 't.db').as_uri()}?mode=ro": "without a host or parameters",
        "": "--db is empty",
    }
    for db, words in cases.items():
        with pytest.raises(ConfigError, match=words):
            database_file(db)
        assert words in _refused(db)


def test_a_file_uri_names_the_file_its_path_does(tmp_path: Path) -> None:
    odd = tmp_path / "a b#c.db"
    assert database_file(odd.as_uri()) == str(odd)
    store = SQLiteStore(odd.as_uri())
    try:
        created = Engine(store).handle({"op": "new", "game": "manager", "seed": 2}, Session())
        assert created["ok"]
    finally:
        store.close()
    assert odd.stat().st_size > 0 and not (tmp_path / "a b").exists()


def test_no_password_is_printed() -> None:
    said = hide_passwords(
        "invalid URI: \"postgresql://ann:s3cr%20et@[::1/db?password=other&sslmode=x\" (password = 'q w')"
    )
    assert "s3cr" not in said and "other" not in said and "q w" not in said
    assert "postgresql://ann:***@[::1/db?password=***&sslmode=x" in said


def test_an_unparsable_url_is_refused_without_its_password() -> None:
    command = _serve_stdio("postgresql://ann:s3cret@[::1/db")
    ran = subprocess.run(command, input="", capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode != 0 and "s3cret" not in ran.stderr + ran.stdout
    assert "cannot use the PostgreSQL database" in ran.stderr or "postgres extra" in ran.stderr
