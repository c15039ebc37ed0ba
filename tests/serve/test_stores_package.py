"""The stores are a package (``cardrules.serve.stores``): the names it replaced still import, as the
same objects, and the server imports no psycopg until a PostgreSQL ``--db`` asks for it."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cardrules.serve
from cardrules.serve import stores, table, tables
from cardrules.serve.stores import base, sqlite, urls


def test_the_former_names_are_the_stores_own() -> None:
    assert cardrules.serve.Store is sqlite.SQLiteStore is tables.Store
    assert cardrules.serve.SQLiteStore is sqlite.SQLiteStore
    assert cardrules.serve.TableStore is base.TableStore is tables.TableStore
    assert cardrules.serve.open_store is stores.open_store
    assert tables.stored_transcript is stores.stored_transcript
    assert tables.Table is table.Table
    assert tables.shown_db is urls.shown_db and tables.hide_passwords is urls.hide_passwords
    assert stores.is_postgres_url is urls.is_postgres_url
    assert issubclass(sqlite.SQLiteStore, base.TableStore)


def test_the_former_postgres_module_is_the_postgres_store() -> None:
    pytest.importorskip("psycopg")
    pytest.importorskip("psycopg_pool")
    from cardrules.serve import postgres
    from cardrules.serve.stores import postgres as store

    assert postgres.PostgresStore is store.PostgresStore
    assert postgres.read_table is store.read_table and postgres.MIGRATIONS is store.MIGRATIONS
    assert issubclass(store.PostgresStore, base.TableStore)


# Run where psycopg cannot be imported (None in sys.modules makes ``import psycopg`` fail), as
# without the postgres extra.
_WITHOUT_PSYCOPG = """
import sys
sys.modules["psycopg"] = sys.modules["psycopg_pool"] = None
import cardrules.serve, cardrules.serve.protocol, cardrules.serve.stores, cardrules.serve.tables
from cardrules.errors import ConfigError
from cardrules.serve.stores import open_store
open_store(":memory:").close()
try:
    open_store("postgresql://nobody@localhost/none")
except ConfigError as exc:
    print("refused:", exc)
print(sorted(m for m in sys.modules if m.startswith(("psycopg", "cardrules.serve.stores.postgres"))))
"""


def test_the_server_runs_on_sqlite_without_psycopg() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", _WITHOUT_PSYCOPG], capture_output=True, text=True, timeout=60, check=False
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    refused, loaded = ran.stdout.strip().splitlines()
    assert refused.startswith("refused: a PostgreSQL --db needs the postgres extra (psycopg is missing)")
    assert loaded == "['psycopg', 'psycopg_pool']"  # only the blocked entries: nothing was imported
