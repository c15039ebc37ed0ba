"""A table being played, held in memory: its game, deal, seats and moves, and the state they make.

A table is its game, config, deal (a seed the creator chose, or the server's committed seed and
salt, ``cardrules.serve.fairness``), seats (``"human"`` or a bot name), one secret token per human
seat that is held (the creator's seats from the start, any other once its invitation is claimed,
``Table.claim``), the string each human seat gave when it sat down, and its moves in order; the state is
rebuilt by replaying them, so a server killed at any moment and started again on the same database
resumes every table where its last committed move left it. A table with the server's seed is dealt
once every human seat has sat down. The stores that keep tables in a database are
``cardrules.serve.stores``.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.bots import Bot
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame
from cardrules.rng import derive_seed
from cardrules.serialization import dumps
from cardrules.serve.fairness import Deal, deal_seed
from cardrules.serve.seating import make_bot
from cardrules.serve.thinking import Thinking
from cardrules.transcript import Transcript

__all__ = ["Table"]


@attrs.define
class Table:
    """One game being played: its rules, deal, seats, the tokens of the human seats that are
    held, the invitations of the others, the human seats that sat down, its moves, the current
    state (``None`` until dealt) and every event so far (the opening events first)."""

    id: str
    game: AnyGame
    config: Any
    deal: Deal
    seed: int | None  # the deal's seed: chosen, or made once every human seat sat down
    seats: list[str]
    tokens: dict[int, str]  # human seat -> its secret, for the seats held (made or claimed)
    invitations: dict[int, str] = attrs.Factory(dict)  # human seat -> the code that claims it once
    seated: dict[int, str] = attrs.Factory(dict)  # human seat -> the string it gave
    moves: list[Any] = attrs.Factory(list)
    state: Any = None
    events: list[object] = attrs.Factory(list)  # bare: a wrapper each would double the GC's work
    bots: dict[int, Bot] = attrs.Factory(dict)  # made when first asked for a move
    own_bots: Mapping[str, str] = attrs.Factory(dict)  # the server's own bots: name -> spec
    client: str = ""  # who created it, for the per-client caps (not stored)
    used: float = 0.0  # time.monotonic() of its last request, to unload it when idle
    lock: threading.Lock = attrs.Factory(threading.Lock)  # one request at a time at a table
    version: int = 0  # the changes committed (the PostgreSQL store checks it against the database's)
    rematch_of: str | None = None  # the finished table this one is the rematch of
    rematch: str | None = None  # this finished table's rematch, once known
    _encoded: list[str] = attrs.Factory(list)  # text, not parsed: the GC never walks a str

    @property
    def waiting(self) -> list[int]:
        """The human seats the deal still waits for (none once dealt)."""
        if self.state is not None:
            return []
        return [s for s, kind in enumerate(self.seats) if kind == "human" and s not in self.seated]

    def claim(self, seat: int) -> str:
        """Seat ``seat``'s invitation is claimed: a fresh token, which nobody has seen before,
        becomes the seat's (committed by the caller, inside ``TableStore.moving``). ``StateError`` if
        the seat is held already, whoever holds it."""
        if seat in self.tokens:
            raise StateError(
                f"seat {seat} at table {self.id} is taken: its invitation was claimed already, "
                "and a seat is claimed once"
            )
        token = self.tokens[seat] = secrets.token_urlsafe(16)
        return token

    def sit(self, seat: int, contribution: str) -> None:
        """Seat ``seat`` sits down with its string; the last one to sit deals (bots' opening
        moves are the caller's, inside ``TableStore.moving``). ``StateError`` if the table is a
        practice table, or the seat sat down already: a string given then would never be used."""
        if self.deal.chosen:
            raise StateError(
                f"table {self.id} is a practice table: its creator chose the seed and it was dealt "
                "at once, so nobody sits down with a string"
            )
        if seat in self.seated or self.state is not None:
            raise StateError(
                f"seat {seat} sat down at table {self.id} already, with its string: a seat sits once"
            )
        self.seated[seat] = contribution
        if not self.waiting:
            self.deal_now()

    def deal_now(self) -> None:
        """The seed from the server's part and every seat's string, then the deal."""
        if self.deal.server_seed is not None:
            self.seed = deal_seed(self.deal.server_seed, self.seated)
        self.start()

    def event_json(self, index: int) -> Any:
        """The ``dumps`` document of event ``index`` as JSON data; ``dumps`` runs once for every
        reply and seat that sends the event."""
        while len(self._encoded) <= index:
            self._encoded.append(dumps(self.events[len(self._encoded)]))
        return json.loads(self._encoded[index])

    def start(self) -> None:
        """The state and events from the seed and the moves (replayed, each checked)."""
        if self.seed is None:
            raise StateError(f"table {self.id} is not dealt yet: it waits for seats {self.waiting}")
        self.state = self.game.new_game(self.seed, self.config)
        self.events = list(self.game.opening_events(self.state))
        self._encoded = []
        moves, self.moves = self.moves, []
        for move in moves:
            self.advance(move)

    def advance(self, move: Any) -> None:
        """Apply ``move`` and record its events (``TableStore.moving`` commits it or takes it back)."""
        self.state, events = self.game.step(self.state, move)
        self.moves.append(move)
        self.events.extend(events)

    @property
    def over(self) -> bool:
        """Whether the game has ended (no move will ever change the table again)."""
        return self.state is not None and self.game.outcome(self.state) is not None

    @property
    def bot_to_act(self) -> int | None:
        """The seat of the bot to act; ``None`` when a human is to act, the deal waits or the
        game is over."""
        seat: int | None = None if self.state is None else self.state.to_act
        if seat is None or self.seats[seat] == "human" or self.seed is None:
            return None
        return seat

    def bot_move(self, thinking: Thinking | None = None) -> Any | None:
        """The move of the bot to act (chosen within ``thinking``'s budget, if given), or
        ``None`` when a human is to act, the deal waits or the game is over."""
        seat = self.bot_to_act
        if seat is None or self.seed is None:
            return None
        view, seed = self.game.view(self.state, seat), derive_seed(self.seed, 1, len(self.moves))
        search = None if thinking is None else thinking.search_of(self.seats[seat])
        if thinking is not None and search is not None:  # its worker makes the bot: none is made here
            return thinking.search(search, view, seed)
        bot = self.bots.get(seat)
        if bot is None:  # a bot this server no longer has fails here, not when the table loads
            bot = self.bots[seat] = self._make_bot(seat)
        return bot.choose(view, seed)

    def _make_bot(self, seat: int) -> Bot:
        kind = self.seats[seat]
        try:
            return make_bot(kind, self.own_bots)
        except ConfigError:
            raise ConfigError(
                f"seat {seat} of table {self.id} is the bot {kind!r}, which this server does not have: "
                f"start it with --bot {kind}=SPEC to play on"
            ) from None

    def run_bots(self, thinking: Thinking | None = None, most: int | None = None) -> None:
        """Bots move until a human is to act, the game is over or ``most`` moves were made (to
        be committed by the caller)."""
        made = 0
        while (most is None or made < most) and (move := self.bot_move(thinking)) is not None:
            self.advance(move)
            made += 1

    def transcript(self) -> Transcript:
        """The table's ``Transcript`` (seed included): ``StateError`` while it is not dealt."""
        if self.seed is None:
            raise StateError(f"table {self.id} is not dealt yet: it waits for seats {self.waiting}")
        return Transcript(
            game=self.game.NAME, seed=self.seed, config=self.config, deck=None, moves=tuple(self.moves)
        )

    @property
    def bots_only(self) -> bool:
        """Whether only bots sit at the table (nobody's move ever stops them)."""
        return "human" not in self.seats

    def mark(self) -> _Mark:
        """Where the table is now, to go back to if what follows is not committed."""
        return _Mark(
            state=self.state,
            seed=self.seed,
            held=tuple(self.tokens),
            seated=tuple(self.seated),
            moves=len(self.moves),
            events=len(self.events),
        )

    def restore(self, mark: _Mark) -> None:
        """Back to ``mark``: the seats and moves since are forgotten (states are immutable, so
        the state of then is the state to go back to)."""
        self.state, self.seed = mark.state, mark.seed
        for seat in [s for s in self.tokens if s not in mark.held]:
            del self.tokens[seat]
        for seat in [s for s in self.seated if s not in mark.seated]:
            del self.seated[seat]
        del self.moves[mark.moves :]
        del self.events[mark.events :]
        del self._encoded[mark.events :]


@attrs.frozen
class _Mark:
    state: Any
    seed: int | None
    held: tuple[int, ...]
    seated: tuple[int, ...]
    moves: int
    events: int
