"""What a ``--db`` string names, and how it is shown: the one place that reads it.

``--db`` is a PostgreSQL URL (``is_postgres_url``) or a SQLite file. A file may be named many
ways: a relative or absolute path, a symbolic link, a hard link, a ``file:`` URI; each is read as
the file it names (``database_file``), which SQLite then opens by its own ``file:`` URI
(``file_uri``). A PostgreSQL URL may hold a password, which messages and logs never show
(``shown_db``), nor does a driver's message that quotes it (``hide_passwords``).
"""

from __future__ import annotations

import os
import pathlib
import re
from urllib.parse import parse_qsl, unquote, urlsplit

from cardrules._reprs import short_str
from cardrules.errors import ConfigError

__all__ = ["MEMORY", "database_file", "file_uri", "hide_passwords", "is_postgres_url", "shown_db"]

MEMORY = ":memory:"
"""SQLite's name for a database in memory (no file, no hold)."""


def is_postgres_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)
    rather than a SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


def database_file(db: str) -> str:
    """The file ``--db`` names, as a path (``":memory:"`` for a database in memory): a ``file:``
    URI is read as the file its path names. ``ConfigError`` for a URI with parameters (``?mode=``:
    the server reads and writes its file itself), a folder, or a file in a folder that does not
    exist."""
    path = db
    if db.startswith("file:"):
        parts = urlsplit(db)
        if parts.query or parts.fragment or parts.netloc not in ("", "localhost"):
            raise ConfigError(
                f"--db {short_str(db)}: a file: URI names the database file only (file:/path/tables.db), "
                "without a host or parameters such as ?mode=; or give the file's path"
            )
        path = unquote(parts.path)
    if path == MEMORY:
        return MEMORY
    if not path:
        raise ConfigError("--db is empty: give a file for the tables, such as tables.db")
    if os.path.isdir(path):
        inside = short_str(os.path.join(path, "tables.db"))
        raise ConfigError(f"--db {short_str(db)} is a folder: give a file for the tables, such as {inside}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ConfigError(
            f"--db {short_str(db)}: the folder {short_str(folder)} does not exist; make it first"
        )
    return path


def file_uri(path: str, read_only: bool = False) -> str:
    """The ``file:`` URI SQLite opens for ``path`` (percent-encoded, so a name holding ``?`` or
    ``#`` is a name), or ``":memory:"``."""
    if path == MEMORY:
        return MEMORY
    uri = pathlib.Path(path).absolute().as_uri()
    return f"{uri}?mode=ro" if read_only else uri


_URL_PASSWORD = re.compile(r"(postgres(?:ql)?://[^:/@\s\"']*:)[^@\s\"']*@", re.IGNORECASE)
_PAIR_PASSWORD = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&\"']+)", re.IGNORECASE)


def hide_passwords(text: str) -> str:
    """``text`` (a database driver's message, say) with every password of a PostgreSQL URL or a
    ``password=`` setting in it written ``***``: a message may quote the URL it could not use."""
    return _PAIR_PASSWORD.sub(r"\1***", _URL_PASSWORD.sub(r"\1***@", text))


def shown_db(db: str) -> str:
    """``--db`` as messages and logs show it: a PostgreSQL URL without its password."""
    if not is_postgres_url(db):
        return db
    try:
        parts = urlsplit(db)
        pairs = parse_qsl(parts.query, keep_blank_values=True)
        if parts.password is None and all(key != "password" for key, _ in pairs):
            return db
        netloc = parts.netloc
        if parts.password is not None:
            netloc = f"{parts.username or ''}:***@{netloc.rsplit('@', 1)[1]}"
        query = "&".join(f"{key}=***" if key == "password" else f"{key}={value}" for key, value in pairs)
        shown = f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")
        return shown + (f"#{parts.fragment}" if parts.fragment else "")
    except ValueError:
        return "(a PostgreSQL URL that does not parse)"
