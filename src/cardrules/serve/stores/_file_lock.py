"""The hold that keeps a SQLite database file one server's (``SQLiteStore`` takes it on opening).

A file may have many names (``cardrules.serve.stores.urls.database_file`` reads each as the file
it names), and the hold follows the file itself, not its name: on POSIX systems the server takes
an exclusive ``flock`` on the database file, which belongs to the file's inode, so every name of
the file meets the same lock (SQLite's own locks are ``fcntl`` record locks, which ``flock`` does
not touch). Beside the database, ``NAME.lock`` says which process holds it: it is opened without
following a symbolic link, and written only once the hold is taken. On Windows, where a lock on
the database's own bytes would be mandatory and stop SQLite's reads, the hold is a lock on
``NAME.lock`` beside the file's resolved path.
"""

from __future__ import annotations

import os
import sys
from typing import IO

from cardrules._reprs import short_str
from cardrules.errors import ConfigError
from cardrules.serve.stores.urls import MEMORY

__all__ = ["Hold", "hold"]


class Hold:
    """A server's hold on its database file, until ``release``."""

    def __init__(self, locked: IO[bytes], note: IO[bytes] | None) -> None:
        self._locked, self._note = locked, note

    def release(self) -> None:
        """Let another server have the file (call it after the database is closed: closing a
        descriptor of the file drops the process's record locks on it, SQLite's among them)."""
        for handle in (self._note, self._locked):
            if handle is not None and not handle.closed:
                handle.close()


def hold(path: str) -> Hold | None:
    """Hold the database file ``path`` (from ``database_file``) for this server, or
    ``ConfigError`` naming the process that holds it; ``None`` for a database in memory."""
    if path == MEMORY:
        return None
    lock_path = _lock_path(path)
    if sys.platform == "win32":
        locked = _open_note(lock_path)
        if not _try_lock(locked):
            holder = _holder(locked)
            locked.close()
            raise _in_use(path, holder, lock_path)
        _write_pid(locked)
        return Hold(locked, None)
    locked = _open_database(path)
    if not _try_lock(locked):
        locked.close()
        raise _in_use(path, _read_note(lock_path), lock_path)
    try:
        note = _open_note(lock_path)
    except BaseException:
        locked.close()
        raise
    _write_pid(note)
    return Hold(locked, note)


def _lock_path(path: str) -> str:
    """Where the holder's process id is written: beside the file's resolved path, so that every
    symbolic link to it names the same note."""
    return os.path.realpath(path) + ".lock"


def _open_database(path: str) -> IO[bytes]:
    """The database file itself (made empty if missing: SQLite takes an empty file as a new
    database), to lock."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise ConfigError(f"cannot open --db {short_str(path)}: {exc.strerror}") from None
    return os.fdopen(descriptor, "r+b")


def _open_note(lock_path: str) -> IO[bytes]:
    """``NAME.lock``, never through a symbolic link (one planted there would make the server
    write where it points) and not truncated here: only its holder rewrites it."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    if os.path.islink(lock_path):  # where O_NOFOLLOW is missing, and for the clearer message
        raise _link(lock_path)
    try:
        descriptor = os.open(lock_path, flags, 0o644)
    except OSError as exc:
        if os.path.islink(lock_path):
            raise _link(lock_path) from None
        raise ConfigError(f"cannot open {short_str(lock_path)}: {exc.strerror}") from None
    return os.fdopen(descriptor, "r+b")


def _link(lock_path: str) -> ConfigError:
    return ConfigError(
        f"{short_str(lock_path)} is a symbolic link: cardrules serve writes its process id there and "
        "never follows a link; remove it (it is not the database) and start again"
    )


def _try_lock(handle: IO[bytes]) -> bool:
    """An exclusive lock on ``handle``'s file for this process, at once, or ``False``."""
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)  # Windows locks bytes from the position: every server the same byte
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _write_pid(note: IO[bytes]) -> None:
    note.seek(0)
    note.truncate()
    note.write(f"{os.getpid()}\n".encode())
    note.flush()


def _holder(note: IO[bytes]) -> str:
    note.seek(0)
    return note.read(64).decode("utf-8", "replace").strip() or "unknown"


def _read_note(lock_path: str) -> str:
    try:
        descriptor = os.open(lock_path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return "unknown"
    with os.fdopen(descriptor, "rb") as note:
        return _holder(note)


def _in_use(path: str, holder: str, lock_path: str) -> ConfigError:
    return ConfigError(
        f"{short_str(path)} is in use by another cardrules serve (process {short_str(holder)}, as "
        f"{short_str(lock_path)} says), whatever name it was given; stop it first, or give this one "
        "another --db"
    )
