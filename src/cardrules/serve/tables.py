"""Tables kept in SQLite: every accepted move is committed before anyone hears of it.

A table is its game, config, seed and seats (``"human"`` or a bot name), one secret token per human
seat, and its moves in order; the state is rebuilt by replaying them, so a server killed at any
moment and started again on the same database resumes every table where its last committed move
left it.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import attrs

from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame, get_game
from cardrules.rng import derive_seed
from cardrules.serialization import dumps, loads

__all__ = ["Store", "Table", "make_bot"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""

_MAX_ISMCTS = 100_000


def make_bot(name: object) -> Bot:
    """A bot by its seat name: ``"random"``, ``"heuristic"``, ``"ismcts"`` or ``"ismcts:500"``
    (iterations a decision). ``ConfigError`` names the choices otherwise."""
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return HeuristicBot()
    if isinstance(name, str) and (name == "ismcts" or name.startswith("ismcts:")):
        count = name.partition(":")[2] or "1000"
        if count.isdigit() and 1 <= int(count) <= _MAX_ISMCTS:
            return ISMCTSBot(iterations=int(count))
    raise ConfigError(
        f"a seat is 'human', 'random', 'heuristic' or 'ismcts[:iterations]' (1 to {_MAX_ISMCTS:,}), "
        f"got {json.dumps(name)[:60]}"
    )


@attrs.define
class Table:
    """One game being played: its rules, seats, tokens, moves, the current state and every event
    so far (the opening events first), each with the number of moves made before it."""

    id: str
    game: AnyGame
    config: Any
    seed: int
    seats: list[str]
    tokens: dict[int, str]
    moves: list[Any] = attrs.Factory(list)
    state: Any = None
    events: list[tuple[int, object]] = attrs.Factory(list)
    bots: dict[int, Bot] = attrs.Factory(dict)

    def start(self) -> None:
        """The state and events from the seed and the moves (replayed, each checked)."""
        self.state = self.game.new_game(self.seed, self.config)
        self.events = [(0, e) for e in self.game.opening_events(self.state)]
        moves, self.moves = self.moves, []
        for move in moves:
            self.advance(move)
        self.bots = {s: make_bot(kind) for s, kind in enumerate(self.seats) if kind != "human"}

    def advance(self, move: Any) -> None:
        """Apply ``move`` (already committed) and record its events."""
        self.state, events = self.game.step(self.state, move)
        self.moves.append(move)
        self.events.extend((len(self.moves), e) for e in events)

    def bot_move(self) -> Any | None:
        """The move of the bot to act, or ``None`` when a human is to act or the game is over."""
        seat = self.state.to_act
        if seat is None or seat not in self.bots:
            return None
        view = self.game.view(self.state, seat)
        return self.bots[seat].choose(view, derive_seed(self.seed, 1, len(self.moves)))


class Store:
    """The tables of a SQLite database (a file, or ``":memory:"``), loaded on first use."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL" if path != ":memory:" else "PRAGMA journal_mode=MEMORY")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(_SCHEMA)
        self.tables: dict[str, Table] = {}
        self.lock = threading.RLock()  # the connection and the loaded tables, for server threads

    def close(self) -> None:
        """Close the database (everything is already committed)."""
        self.db.close()

    def create(self, game_name: object, config: Any, seed: int, seats: list[str]) -> Table:
        """A new table, committed with its tokens before it is returned."""
        game = get_game(game_name)  # type: ignore[arg-type]  # get_game checks and names the games
        tokens = {s: secrets.token_urlsafe(16) for s, kind in enumerate(seats) if kind == "human"}
        table = Table(secrets.token_hex(6), game, config, seed, seats, tokens)
        table.start()
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                (table.id, game.NAME, dumps(config), seed, json.dumps(seats), json.dumps(tokens)),
            )
            self.tables[table.id] = table
        return table

    def get(self, table_id: object) -> Table:
        """A table by id; ``StateError`` if there is none."""
        if type(table_id) is not str:
            raise StateError(f"a table id is a string, got {json.dumps(table_id)[:40]}")
        with self.lock:
            if table_id not in self.tables:
                row = self.db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
                if row is None:
                    raise StateError(f"no table {json.dumps(table_id)[:40]}")
                self.tables[table_id] = self._load(row)
            return self.tables[table_id]

    def record(self, table: Table, move: Any) -> None:
        """Commit ``move`` as the table's next move, then apply it."""
        with self._transaction():
            self.db.execute("INSERT INTO moves VALUES (?, ?, ?)", (table.id, len(table.moves), dumps(move)))
        table.advance(move)

    def _load(self, row: tuple[Any, ...]) -> Table:
        table_id, game_name, config, seed, seats, tokens = row
        moves = [
            loads(text)
            for (text,) in self.db.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
            )
        ]
        game = get_game(game_name)
        held = {int(s): t for s, t in json.loads(tokens).items()}
        table = Table(table_id, game, loads(config), seed, json.loads(seats), held, moves)
        table.start()
        return table

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error), holding the store's lock
        so that server threads never interleave on the one connection: durable when it ends."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
