"""The JSON protocol of ``cardrules serve`` (docs/protocol.md): one request in, one reply out.

``Engine.handle(request, session)`` answers one request as a dict. Every request has ``"op"`` and
may have ``"id"`` (echoed) and ``"table"``/``"token"``; a session remembers the seat it joined at
each table and which events each seat has been sent.

Each seat's secret is its own: ``new`` gives its creator the tokens of the seats it takes and an
invitation for every other human seat; ``claim`` trades an invitation, once, for a token made at
that moment; ``sit`` gives a seat's string to a fair deal, once, after the seat has seen the
commitment. Errors are replies, never exceptions:
``{"id": ..., "ok": false, "error": {"type": "IllegalMoveError", "message": "..."}}`` with the
library's error types, ``LimitError`` for a server cap, or ``ProtocolError`` for a request that is
not one.

Hidden stays hidden: a reply shows a seat its own view and a spectator the public table, and the
seed (which would show every hand) is revealed only when the game is over.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from cardrules._formats import SAFE_INTEGER
from cardrules._reprs import short_str
from cardrules.errors import CardRulesError, ConfigError, IllegalMoveError, StateError
from cardrules.registry import GAMES
from cardrules.review import ReviewBudget
from cardrules.serialization import FORMAT_VERSION, dumps
from cardrules.serve.fairness import MAX_CONTRIBUTION
from cardrules.serve.replays import Replays
from cardrules.serve.reviews import REVIEW_BUDGET, Reviews
from cardrules.serve.seating import BUILT_IN_BOTS, described_bots, is_search, make_bot, read_seat
from cardrules.serve.stores import TableStore
from cardrules.serve.table import Table
from cardrules.serve.thinking import Thinking

__all__ = [
    "CONFIG_MAXIMA",
    "MAX_EVENTS",
    "MAX_MESSAGE",
    "PROTOCOL_VERSION",
    "Engine",
    "ProtocolError",
    "Session",
    "error_reply",
    "parse_request",
]

PROTOCOL_VERSION = 4
"""The protocol's version, in every ``games`` reply; bumped with any change to a message's shape."""

MAX_MESSAGE = 65_536
"""The longest request, in characters; a longer one gets a ``ProtocolError`` and changes nothing."""

_MAX_SEED = 2**64 - 1
_SEED_TEXT = re.compile(r"0|[1-9][0-9]{0,19}")  # no sign, no leading zero, 20 digits at most

MAX_EVENTS = 200
"""The most events one reply carries: a state reply sends the latest ones (``events_from`` says
where they start), and ``events`` pages back through the rest, so a long table's reply stays
small whoever asks for it."""


def _table_maxima(game: Any) -> dict[str, int]:
    """The largest value a table takes for each config field that lengthens the game, as the
    game declares it (``table_max`` in the field's metadata)."""
    return {
        field.name: field.metadata["table_max"]
        for field in attrs.fields(game.Config)
        if "table_max" in field.metadata
    }


CONFIG_MAXIMA: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {name: MappingProxyType(_table_maxima(game)) for name, game in GAMES.items()}
)
"""The largest value the server takes for each config field that lengthens a game: a table is
bounded work whatever its creator asks (the library itself takes any value its rules allow)."""


_RULES = "https://github.com/cardrules/cardrules/blob/main/docs/rules"
"""Where each game's full rules are read (``<game>.md``), for the ``games`` reply."""


def _fields(game: Any, defaults: dict[str, Any]) -> list[dict[str, Any]]:
    """How a lobby asks for each config field: its ``label`` and ``help``, its ``kind`` (``int``,
    ``bool`` or ``choice``), ``default`` (as the JSON format writes it), whether it may be left
    empty (``optional``: ``null``), the range of an ``int`` (``min``; ``max`` the smaller of the
    rules' and this server's), and a ``choice``'s ``choices`` (with the seats each one makes and
    the numbers its config then has, ``facts``)."""
    fields = []
    for field in attrs.fields(game.Config):
        meta = field.metadata
        default = defaults[field.name]
        entry: dict[str, Any] = {
            "name": field.name,
            "label": meta.get("label", field.name),
            "help": meta.get("help", ""),
            "default": default,
            "optional": field.default is None,
        }
        if "choices" in meta:
            entry["kind"] = "choice"
            entry["choices"] = [
                {
                    "value": value,
                    "label": label,
                    "players": _players(game, field.name, value),
                    "facts": _facts(_config(game, {field.name: value})),
                }
                for value, label in meta["choices"].items()
            ]
        elif isinstance(default, bool):
            entry["kind"] = "bool"
        else:
            most = [m for m in (meta.get("max"), meta.get("table_max")) if m is not None]
            entry.update(kind="int", min=meta.get("min"), max=min(most) if most else None)
        fields.append(entry)
    return fields


def _players(game: Any, name: str, value: Any) -> int:
    """The seats of a game whose config field ``name`` is ``value`` (the rest the defaults)."""
    return int(game.num_players(_config(game, {name: value})))


def _facts(config: Any) -> dict[str, int]:
    """The numbers a game's config declares as its properties (Pub Derby's ``goal_length`` for
    its format, Rugby League's ``sets_per_half``), so that a client reads a rule's number from the
    game instead of restating it."""
    numbers = {
        prop: getattr(config, prop)
        for prop, member in vars(type(config)).items()
        if isinstance(member, property) and not prop.startswith("_")
    }
    return {prop: number for prop, number in numbers.items() if type(number) is int}


_Changed = tuple[dict[str, Any], str]
"""A changing op's reply and the id of the table it changed."""

_AT_A_TABLE = frozenset(
    {"claim", "rematch", "sit", "join", "view", "play", "events", "transcript", "cards", "review"}
)
"""The ops answered at a table, which may wait on its search bots (they move, or hold its lock), or
load it (``cards`` replays it too; ``review`` with ``wait`` waits on the bot workers):
``Engine.may_search``."""


class ProtocolError(ValueError):
    """A request that is not one: not an object, an unknown op, a missing or mistyped field."""


@attrs.define
class Session:
    """One client: the seat it holds at each table it joined (``None``: a spectator), and how
    many of each table's events it has been sent, per seat it speaks for."""

    seats: dict[str, int | None] = attrs.Factory(dict)
    sent: dict[tuple[str, int | None], int] = attrs.Factory(dict)
    spoke_with: dict[str, str] = attrs.Factory(dict)
    """The seat's token a request last spoke with at each table the client did not join as a seat
    (back on a new connection, a client may play without ``join``): what is pushed to it is that
    seat's."""
    client: str = ""
    """Who this is, for the server's per-client caps (the WebSocket server: the address)."""


class Engine:
    """Answers requests against the tables of a store (``TableStore``: SQLite or PostgreSQL)."""

    def __init__(
        self,
        store: TableStore,
        thinking: Thinking | None = None,
        paced: bool = False,
        review_budget: ReviewBudget = REVIEW_BUDGET,
    ) -> None:
        self.store = store
        self.thinking = thinking
        """Where bots choose (``None``: in the request, without a time budget)."""
        self.paced = paced
        """Whether the transport moves bots by ``advance_bots`` (pushing each move): at a table
        where only bots sit, always (at a pace); at any other, after a request that asks for
        ``bots_after_reply``, which is answered as soon as its own change is committed. Else
        bots move in the request that makes it their turn, before its reply."""
        self._replays = Replays()
        self.reviews = Reviews(store, thinking, review_budget)
        """The reviews of finished games (the ``review`` op), each decision judged within
        ``review_budget``."""

    def advance_bots(self, table_id: str) -> bool:
        """One bot move, committed, at a table where it is a bot's turn; ``False`` if it is not
        (a human is to act, the deal waits, or the game is over)."""
        table = self.store.get(table_id)
        with self._holding(table):
            if table.bot_to_act is None:
                return False
            try:
                with self.store.moving(table):
                    table.run_bots(self.thinking, most=1)
            except StateError:
                if not self.store.refresh(table):  # not another process's bot move: a failure
                    raise
        return True

    @contextlib.contextmanager
    def _holding(self, table: Table, reread: bool = False) -> Iterator[None]:
        """One request at a time at a table; other tables go on (bots thinking included). The
        table is first brought up to its database's, which other processes may have changed
        (``reread``: read even if no change was heard, for a client that may come from one)."""
        with table.lock:
            self.store.refresh(table, reread=reread)
            yield

    def may_search(self, request: object, session: Session, *, read: bool = True) -> bool | None:
        """Whether answering ``request`` may wait on a search bot, or load a table: a ``new``
        seating a search bot, a request at a table that has one (as the database says, whether or
        not it is in memory), or at a table not in memory (loading it replays every move: a
        finished table of 3,000 moves is about 35 ms of CPU). A transport runs such requests on
        threads of their own, so that they never hold up the others.

        Seats that only the database can tell are read from it, which may wait (SQLite's lock is
        held through each fsync); with ``read=False`` the answer is ``None`` instead, so that an
        event loop can ask again in a thread. A table's seats are read once: then they are known.
        """
        if not isinstance(request, dict):
            return False
        op = request.get("op")
        if op == "new":
            seats = request.get("seats")
            return isinstance(seats, list) and any(is_search(kind) for kind in seats)
        table_id = request.get("table")
        if table_id is None and len(session.seats) == 1:
            table_id = next(iter(session.seats))
        if op not in _AT_A_TABLE or not isinstance(table_id, str):
            return False  # answered without any table (or refused before one is read)
        if op == "review" and request.get("wait") is True:
            return True
        if table_id not in self.store.tables and table_id not in self.store.finished:
            return True
        seats = self.store.seats_known(table_id)
        if seats is None:  # unloaded meanwhile, or another process's
            if not read:
                return None
            seats = self.store.seats_of(table_id)
        return seats is not None and any(is_search(kind) for kind in seats)

    def handle(self, request: object, session: Session) -> dict[str, Any]:
        """The reply to one request (a dict from JSON)."""
        return self.answer(request, session)[0]

    def answer(self, request: object, session: Session) -> tuple[dict[str, Any], str | None]:
        """The reply to one request, and the table it changed (a seat sat down, moves were
        made; ``None`` if none), whose other connections a transport that pushes tells."""
        rid = request.get("id") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object with an 'op'")
            op = request.get("op")
            if not isinstance(op, str) or op not in _OPS:
                raise ProtocolError(f"'op' is one of {', '.join(_OPS)}, got {short_str(json.dumps(op))}")
            if op in _CHANGING:
                reply, changed = _CHANGING[op](self, request, session)
            else:
                reply, changed = _READING[op](self, request, session), None
            return {"id": rid, "ok": True, **reply}, changed
        except (CardRulesError, ProtocolError) as exc:  # LimitError is a CardRulesError
            return {"id": rid, "ok": False, "error": {"type": type(exc).__name__, "message": str(exc)}}, None

    def _games(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        games = []
        for name, game in GAMES.items():
            config = json.loads(dumps(game.Config()))["data"]
            config.pop("type")
            games.append(
                {
                    "name": name,
                    "description": game.DESCRIPTION,
                    "players": game.num_players(None),
                    "config": config,
                    "maxima": dict(CONFIG_MAXIMA[name]),
                    "fields": _fields(game, config),
                    "teams": list(game.INFO.teams) or None,
                    "how_to_play": game.HOW_TO_PLAY.splitlines(),
                    "rules": f"{_RULES}/{name}.md",
                }
            )
        bots = [*BUILT_IN_BOTS, *self.store.bots]
        return {
            "protocol": PROTOCOL_VERSION,
            "format": FORMAT_VERSION,
            "games": games,
            "bots": bots,
            "library_bots": described_bots(),
        }

    def _new(self, request: dict[str, Any], session: Session) -> _Changed:
        game_name = _field(request, "game", str)
        game = GAMES.get(game_name)
        if game is None:
            raise ConfigError(f"no game {short_str(json.dumps(game_name))}; the games: {', '.join(GAMES)}")
        fields = request.get("config", {})
        if not isinstance(fields, dict):
            raise ProtocolError("'config' is an object of the game's config fields")
        config = _config(game, fields)
        seed = request.get("seed")
        if seed is not None:
            seed = _seed(seed)
        players = game.num_players(config)
        seats = request.get("seats", ["human"] * players)
        if not isinstance(seats, list) or len(seats) != players:
            raise ConfigError(
                f"'seats' lists {players} seats ('human' or a bot), got {short_str(json.dumps(seats))}"
            )
        for kind in seats:
            if kind != "human":
                self._check_bot(kind)
        held = _creator_seats(request, seats)
        after_reply = self._after_reply(request)
        table = self.store.create(
            game_name,
            config,
            seed,
            list(seats),
            session.client,
            lambda t: self._answer_bots(t, after_reply),
            held,
        )
        reply = {
            "table": table.id,
            "tokens": {str(s): t for s, t in table.tokens.items()},
            "invitations": {str(s): code for s, code in table.invitations.items()},
            "deal": _deal(table),
        }
        return reply, table.id

    def _check_bot(self, kind: object) -> None:
        """``ConfigError`` for a seat that is no bot, or a search bigger than this server allows:
        more iterations than its cap, or a time it would always run out of (its bots' budget)."""
        most = self.store.limits.max_iterations
        library = read_seat(kind, most)
        if library is None:  # a server's own bot, loaded here so that one it lacks is refused
            make_bot(kind, self.store.bots, most)
            return
        # A name has seconds only if its catalogue entry takes @T: no bot is made to ask.
        budget = self.thinking.seconds if self.thinking and self.thinking.workers else None
        if library.seconds is not None and budget is not None and library.seconds >= budget:
            raise ConfigError(
                f"this server gives a bot's move {budget:g} s (--bot-seconds): a search must take less, "
                f"got {short_str(kind)}"
            )

    def _after_reply(self, request: dict[str, Any]) -> bool:
        """Whether the request asks to be answered before the bots that follow it move
        (``bots_after_reply``): only where their moves are pushed (the WebSocket server)."""
        after = request.get("bots_after_reply", False)
        if type(after) is not bool:
            raise ProtocolError(f"'bots_after_reply' is true or false, got {short_str(json.dumps(after))}")
        if after and not self.paced:
            raise ProtocolError(
                "'bots_after_reply' needs pushes, which this transport does not send: over stdio the "
                "bots move before the reply"
            )
        return after

    def _answer_bots(self, table: Table, after_reply: bool) -> None:
        """The bots' moves up to a human's turn or the end, made in the request that made it a
        bot's turn (committed with it), unless the transport moves them after the reply: at a
        table where only bots sit, or when the request asked for it."""
        if not (self.paced and (after_reply or table.bots_only)):
            table.run_bots(self.thinking)

    def _claim(self, request: dict[str, Any], session: Session) -> _Changed:
        table = self.store.get(request.get("table"))
        code = request.get("invitation")
        seat = next((s for s, held in table.invitations.items() if held == code), None)
        if seat is None:
            raise StateError("that invitation is no seat's at this table")
        return self._take_seat(table, seat, session)

    def _take_seat(self, table: Table, seat: int, session: Session, again: bool = False) -> _Changed:
        """Seat ``seat`` at ``table`` claimed with a token made now (``StateError`` if it is held
        already, whoever holds it), and the claim's reply; ``again``: a seat held already is
        answered with its token (the caller has shown it is that seat's player)."""
        token = ""

        def claim() -> None:
            nonlocal token
            # (under the table's hold: two requests of one seat at once both get its one token)
            token = table.tokens[seat] if again and seat in table.tokens else table.claim(seat)

        self._change(table, claim)
        session.seats[table.id] = seat
        return {"table": table.id, "seat": seat, "token": token, "deal": _deal(table)}, table.id

    def _rematch(self, request: dict[str, Any], session: Session) -> _Changed:
        """A seat of a finished table asks for a rematch: the first such request makes it (the
        same game, config and seats, a new fair deal) and takes that seat there; each later one
        takes its own seat there (every human seat of a finished game was held: it played). The
        other seats' invitations there are never sent: a seat is taken by its own request. A seat
        that asks again (its first reply lost, a second tab) is given its token there again:
        only its player, who holds its token here, can ask."""
        old = self.store.get(request.get("table"))
        seat = self._seat_of(old, request.get("token"))
        if seat is None:
            raise ProtocolError("'rematch' takes your seat's 'token' at the finished table")
        after_reply = self._after_reply(request)
        with self._holding(old):
            if not old.over:
                raise StateError(
                    f"table {old.id} is still being played: a rematch is asked for once it is over"
                )
            made = self.store.rematch(old)
            if made is None:
                answered = self._made_rematch(old, seat, after_reply, session)
                if not isinstance(answered, str):
                    return answered
                made = answered
        return self._take_seat(self.store.get(made), seat, session, again=True)

    def _made_rematch(self, old: Table, seat: int, after_reply: bool, session: Session) -> _Changed | str:
        """The reply to the request that makes ``old``'s rematch; or, if another request made it
        first (through another server process, or another copy of ``old``), its id."""
        try:
            table = self.store.create(
                old.game.NAME,
                old.config,
                None,
                list(old.seats),
                session.client,
                lambda t: self._answer_bots(t, after_reply),
                (seat,),
                rematch_of=old.id,
            )
        except StateError:  # another made it first (another process, or a copy of ``old`` loaded again)
            made = self.store.rematch(old, reread=True)
            if made is None:
                raise
            return made
        old.rematch = table.id
        self.store.announce(old)
        session.seats[table.id] = seat
        # The new table has no watchers yet; the old one's learn that its rematch exists.
        return {"table": table.id, "seat": seat, "token": table.tokens[seat], "deal": _deal(table)}, old.id

    def _sit_down(self, request: dict[str, Any], session: Session) -> _Changed:
        table = self.store.get(request.get("table"))
        seat = self._seat_of(table, request.get("token"))
        if seat is None:
            raise ProtocolError("'sit' takes the seat's 'token'")
        contribution = request.get("contribution", "")
        if not isinstance(contribution, str) or len(contribution) > MAX_CONTRIBUTION:
            raise ProtocolError(f"'contribution' is a string of at most {MAX_CONTRIBUTION} characters")

        after_reply = self._after_reply(request)

        def sit() -> None:
            table.sit(seat, contribution)
            self._answer_bots(table, after_reply)

        self._change(table, sit)
        session.seats[table.id] = seat
        with self._holding(table):
            return self._state_reply(table, seat, session), table.id

    def _change(self, table: Table, change: Callable[[], None]) -> None:
        """Make and commit ``change`` at ``table`` (a claim or a sit-down); if another server
        process changed the table meanwhile, the change is made again on the table as it is now
        (it is refused then only if it no longer may be made), never answered as stale. It
        returns only once the change is committed."""
        for attempt in range(3):
            with self._holding(table, reread=attempt > 0):
                try:
                    with self.store.moving(table):
                        change()
                except StateError:
                    if attempt == 2 or not self.store.refresh(table, reread=True):
                        raise
                    continue
                return

    def _join(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        if "contribution" in request:
            raise ProtocolError(
                "a seat gives its 'contribution' with 'sit', once it has seen the deal's commitment; "
                "'join' takes none"
            )
        table = self.store.get(request.get("table"))
        seat = self._seat_of(table, request.get("token"))
        session.seats[table.id] = seat
        # A join is how a client comes back, perhaps from a process that has just stored its
        # move: read it now rather than wait for that change to be heard.
        with self._holding(table, reread=True):
            return self._state_reply(table, seat, session)

    def _view(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        table, seat = self._speaker(request, session)
        with self._holding(table):
            return self._state_reply(table, seat, session)

    def _play(self, request: dict[str, Any], session: Session) -> _Changed:
        table, seat = self._speaker(request, session)
        if seat is None:
            raise IllegalMoveError("a spectator cannot play: join with a seat's token")
        at = request.get("at")
        if at is not None and type(at) is not int:
            raise ProtocolError(
                f"'at' is the move number the move is meant for, got {short_str(json.dumps(at))}"
            )
        after_reply = self._after_reply(request)
        with self._holding(table):
            return self._play_at(table, seat, at, after_reply, request, session), table.id

    def _play_at(
        self,
        table: Table,
        seat: int,
        at: int | None,
        after_reply: bool,
        request: dict[str, Any],
        session: Session,
    ) -> dict[str, Any]:
        if table.state is None:
            raise IllegalMoveError(
                f"the cards are not dealt yet: the deal waits for seats {table.waiting} to sit down"
            )
        if at is not None and at != len(table.moves):
            raise IllegalMoveError(
                f"this move was meant for move {at}, but the table is at move {len(table.moves)}: "
                "look at the new position first"
            )
        if table.state.to_act != seat:
            who = "nobody: the game is over" if table.state.to_act is None else f"seat {table.state.to_act}"
            raise IllegalMoveError(f"seat {seat} is not to act; it is {who}")
        move = _move(table, request)
        with self.store.moving(table):  # one commit before the reply: the move (and the bots' that answer it)
            table.advance(move)
            self._answer_bots(table, after_reply)
        return self._state_reply(table, seat, session)

    def _events(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        table, seat = self._speaker(request, session)
        limit = request.get("limit", MAX_EVENTS)
        before = request.get("before")
        if type(limit) is not int or not 1 <= limit <= MAX_EVENTS:
            raise ProtocolError(f"'limit' is 1 to {MAX_EVENTS}, got {short_str(json.dumps(limit))}")
        if before is not None and (type(before) is not int or before < 0):
            raise ProtocolError(
                f"'before' is an event's number (0 or more), got {short_str(json.dumps(before))}"
            )
        with self._holding(table):
            total = len(table.events)
            end = total if before is None else min(before, total)
            start = max(0, end - limit)
            events = _described(table, seat, start, end)
        return {"table": table.id, "seat": seat, "events_from": start, "events": events}

    @contextlib.contextmanager
    def _holding_finished(self, request: dict[str, Any], session: Session, given: str) -> Iterator[Table]:
        """The finished table a request names, held; a ``StateError`` while it is being played
        (``given``: what the request asks for, which is given once the game is over)."""
        table = self.store.get(request.get("table") or _joined_table(session))
        with self._holding(table):
            if not table.over:
                raise StateError(f"table {table.id} is still being played: {given} once the game is over")
            yield table

    def _transcript(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        given = "its transcript (with the seed, which shows every hand) is given"
        with self._holding_finished(request, session, given) as table:
            return {"table": table.id, "transcript": json.loads(_transcript(table)), "deal": _deal(table)}

    def _cards(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        with self._holding_finished(request, session, "every seat's cards are shown") as table:
            told = request.get("events")
            if type(told) is not int or not 0 <= told <= len(table.events):
                raise ProtocolError(
                    f"'events' is how many of the table's events have been told, 0 to "
                    f"{len(table.events)}, got {short_str(json.dumps(told))}"
                )
        moves, zones = self._replays.zones_after(table, told)
        return {
            "table": table.id,
            "events": told,
            "moves": moves,
            "of": len(table.moves),
            "zones": [
                {"name": z.name, "cards": [str(c) for c in z.cards], "seen_by": list(z.seen_by)}
                for z in zones
            ],
        }

    def _review(self, request: dict[str, Any], session: Session) -> dict[str, Any]:
        wait = request.get("wait", False)
        if type(wait) is not bool:
            raise ProtocolError(f"'wait' is true or false, got {short_str(json.dumps(wait))}")
        seat = request.get("seat")
        if seat is None:  # your own seat's (the token's, or the seat this connection joined)
            seat = self._speaker(request, session)[1]
        with self._holding_finished(request, session, "its decisions are reviewed") as table:
            players = len(table.seats)
            if type(seat) is not int or not 0 <= seat < players:
                raise ProtocolError(
                    f"'seat' is the seat whose decisions are reviewed, 0 to {players - 1} (or left out "
                    f"with your seat's token), got {short_str(json.dumps(seat))}"
                )
        return self.reviews.ask(table, seat, session.client, wait=wait)

    def _speaker(self, request: dict[str, Any], session: Session) -> tuple[Table, int | None]:
        """The table and seat a request speaks for: its ``table``/``token``, else what it joined.
        A seat's token at a table the session did not join as a seat is kept as ``spoke_with``."""
        if "table" in request:
            table = self.store.get(request["table"])
            if "token" in request:
                seat = self._seat_of(table, request["token"])
                if seat is not None and session.seats.get(table.id) is None:
                    session.spoke_with[table.id] = request["token"]
                return table, seat
            if table.id in session.seats:
                return table, session.seats[table.id]
            return table, None
        table_id = _joined_table(session)
        return self.store.get(table_id), session.seats[table_id]

    def _seat_of(self, table: Table, token: object) -> int | None:
        """The seat whose token ``token`` is (``None``: a spectator); the table is read again
        before a token is refused, as another process may have just made it by a claim."""
        if token is None:
            return None
        seat = _holder(table, token)
        if seat is None:
            with self._holding(table, reread=True):
                seat = _holder(table, token)
        if seat is None:
            raise StateError("that token is no seat's at this table")
        return seat

    def _state_reply(self, table: Table, seat: int | None, session: Session) -> dict[str, Any]:
        game, state = table.game, table.state
        if state is None:
            return _waiting_reply(table, seat)
        key = (table.id, seat)
        total = len(table.events)
        start = max(session.sent.get(key, 0), total - MAX_EVENTS)
        session.sent[key] = total
        events = _described(table, seat, start, total)
        outcome = game.outcome(state)
        legal = game.legal_moves(state) if seat is not None and state.to_act == seat else ()
        reply: dict[str, Any] = {
            "table": table.id,
            "game": game.NAME,
            "moves": len(table.moves),
            "seat": seat,
            "to_act": state.to_act,
            "legal": [game.format_move(m) for m in legal],
            "view": json.loads(dumps(game.view(state, seat))) if seat is not None else _public(table),
            "events": events,
            "events_from": start,
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "winners": list(outcome.winners)},
            "deal": _deal(table),
            "seats": list(table.seats),
            "facts": _facts(table.config),
            "rematch": self.store.rematch(table) if outcome is not None else None,
        }
        preview = getattr(game, "previews", None)  # a game may declare one (docs/contract.md)
        if seat is not None and legal and preview is not None:
            shown = preview(game.view(state, seat))
            reply["previews"] = [{"move": game.format_move(m), "values": list(v)} for m, v in shown]
        return reply


def parse_request(text: str) -> tuple[object, dict[str, Any] | None]:
    """A request's JSON, or the error reply for text that is none (too long, not JSON, a number
    that is not finite or too long, a string that is not Unicode text)."""
    if len(text) > MAX_MESSAGE:
        return None, _error_reply(None, "ProtocolError", f"a request is at most {MAX_MESSAGE:,} characters")
    try:
        request = json.loads(text, parse_constant=_no_constant, parse_float=_finite, parse_int=_short_int)
        # A lone surrogate ("\\ud800") parses but can be neither stored nor sent back as UTF-8.
        json.dumps(request, ensure_ascii=False).encode("utf-8")
        return request, None
    except UnicodeEncodeError:
        return None, _error_reply(
            None,
            "ProtocolError",
            "a request is UTF-8 text: it held a byte that is not UTF-8 or a lone surrogate (\\ud800)",
        )
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, and int's digit limit
        return None, _error_reply(None, "ProtocolError", f"a request is one JSON object: {short_str(exc)}")


_MAX_DIGITS = 100  # a seed has 20; far more is an attack on int()'s quadratic parsing


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"a number has at most {_MAX_DIGITS} digits, got {len(text):,}")
    return int(text)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is no JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{short_str(text)} is too large for a number")
    return value


def error_reply(request: object, exc: Exception) -> dict[str, Any]:
    """The reply to a request whose handling failed unexpectedly (a bug of ours)."""
    rid = request.get("id") if isinstance(request, dict) else None
    return _error_reply(rid, "InternalError", f"{type(exc).__name__}: {short_str(exc)}")


def _error_reply(rid: object, kind: str, message: str) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"type": kind, "message": message}}


def _field(request: dict[str, Any], name: str, kind: type) -> Any:
    value = request.get(name)
    if type(value) is not kind:
        raise ProtocolError(f"{name!r} must be a {kind.__name__}, got {short_str(json.dumps(value))}")
    return value


def _holder(table: Table, token: object) -> int | None:
    return next((seat for seat, held in table.tokens.items() if held == token), None)


def _creator_seats(request: dict[str, Any], seats: list[Any]) -> tuple[int, ...]:
    """The human seats a ``new`` request's creator takes (``"seat"``: one seat, a list of
    seats, or ``null`` for none; by default the first human seat)."""
    humans = [s for s, kind in enumerate(seats) if kind == "human"]
    if "seat" not in request:
        return tuple(humans[:1])
    asked = request["seat"]
    taken = [] if asked is None else asked if isinstance(asked, list) else [asked]
    if (
        any(type(s) is not int for s in taken)
        or len(set(taken)) != len(taken)
        or not set(taken) <= set(humans)
    ):
        raise ConfigError(
            f"'seat' is the human seat you take (one of {humans}), a list of them, or null for none; "
            f"got {short_str(json.dumps(asked))}"
        )
    return tuple(taken)


def _config(game: Any, fields: dict[str, Any]) -> Any:
    """The game's Config from some of the JSON format's fields (``loads`` checks every value)."""
    from cardrules.serialization import loads

    defaults = json.loads(dumps(game.Config()))["data"]  # fields not given keep the default
    document = {"format": FORMAT_VERSION, "game": game.NAME, "data": {**defaults, **fields, "type": "Config"}}
    try:
        config = loads(json.dumps(document))
    except StateError as exc:
        raise ConfigError(str(exc)) from None
    for name, most in CONFIG_MAXIMA[game.NAME].items():
        value = getattr(config, name)
        if value is not None and value > most:
            raise ConfigError(
                f"this server plays {game.NAME} with {name} at most {most}, got {short_str(value)}"
            )
    return config


def _move(table: Table, request: dict[str, Any]) -> Any:
    """The move a ``play`` request names: ``"move"`` in the game's notation or ``"action"``."""
    game, state = table.game, table.state
    if "move" in request and type(request["move"]) is str:
        return game.parse_move(state, request["move"])
    if "action" in request and type(request["action"]) is int:
        return game.decode_move(state, request["action"])
    raise ProtocolError("'play' takes 'move' (the game's notation, a string) or 'action' (an int)")


_LEGAL_SEED = (
    f'\'seed\' is a decimal string from "0" to "{_MAX_SEED}" (2**64 - 1), or an integer from 0 to '
    f"{SAFE_INTEGER} (2**53 - 1)"
)


def _seed(value: object) -> int:
    """A ``new`` request's seed: a decimal string as JSON documents write large integers (no sign,
    no leading zero), or an integer small enough that every JSON writer sends it exactly."""
    if type(value) is str:
        if _SEED_TEXT.fullmatch(value) and int(value) <= _MAX_SEED:
            return int(value)
        raise ConfigError(f"{_LEGAL_SEED}, got {short_str(json.dumps(value))}")
    if type(value) is int:
        if 0 <= value <= SAFE_INTEGER:
            return value
        # A JavaScript client would already have rounded a larger one into another seed.
        raise ConfigError(f"{_LEGAL_SEED}: send a larger one as a string, got {short_str(value)}")
    raise ProtocolError(f"{_LEGAL_SEED}, got {short_str(json.dumps(value))}")


def _deal(table: Table) -> dict[str, Any]:
    """How the table's deal was made, in every reply about it: ``chosen`` (a practice table: its
    creator chose the seed), the server's ``commitment``, the seats the deal ``waiting`` for, and,
    once the game is over, the ``reveal`` that ``cardrules verify`` checks (its ``seed`` a decimal
    string, which every JSON reader keeps exact)."""
    reveal = None
    if table.over and not table.deal.chosen:
        reveal = {
            "commitment": table.deal.commitment,
            "server_seed": table.deal.server_seed,
            "salt": table.deal.salt,
            "contributions": {str(s): c for s, c in sorted(table.seated.items())},
            "seed": str(table.seed),
        }
    return {
        "chosen": table.deal.chosen,
        "commitment": table.deal.commitment,
        "waiting": table.waiting,
        "reveal": reveal,
    }


def _waiting_reply(table: Table, seat: int | None) -> dict[str, Any]:
    """A state reply before the deal: no cards yet, only who the deal waits for."""
    return {
        "table": table.id,
        "game": table.game.NAME,
        "moves": 0,
        "seat": seat,
        "to_act": None,
        "legal": [],
        "view": {"shared": {}, "public": [], "hidden": []},
        "events": [],
        "events_from": 0,
        "outcome": None,
        "deal": _deal(table),
        "seats": list(table.seats),
        "facts": _facts(table.config),
        "rematch": None,
    }


def _described(table: Table, seat: int | None, start: int, end: int) -> list[dict[str, Any]]:
    """The table's events ``start`` to ``end``, each its document and its sentence for ``seat``."""
    describe = table.game.describe
    return [
        {"event": table.event_json(index), "text": describe(table.events[index], seat)}
        for index in range(start, end)
    ]


def _joined_table(session: Session) -> str:
    if len(session.seats) != 1:
        raise ProtocolError("say which table: 'table' (and 'token' for a seat)")
    return next(iter(session.seats))


def _transcript(table: Table) -> str:
    return dumps(table.transcript())


def _public(table: Table) -> dict[str, Any]:
    """What a spectator sees: the cards every seat may see, place by place, how many lie hidden
    elsewhere, and the fields of the game's view that every seat's view has alike (``shared``:
    all but ``INFO.own_fields``, such as the scores)."""
    game = table.game
    players = game.num_players(table.config)
    zones = game.zones(table.state)
    data = json.loads(dumps(game.view(table.state, 0)))["data"]
    own = game.INFO.own_fields
    return {
        "shared": {name: value for name, value in data.items() if name not in own},
        "public": [
            {"name": z.name, "cards": [str(c) for c in z.cards]} for z in zones if len(z.seen_by) == players
        ],
        "hidden": [{"name": z.name, "count": len(z.cards)} for z in zones if len(z.seen_by) < players],
    }


_CHANGING: Mapping[str, Callable[[Engine, dict[str, Any], Session], _Changed]] = MappingProxyType(
    {
        "new": Engine._new,
        "claim": Engine._claim,
        "rematch": Engine._rematch,
        "sit": Engine._sit_down,
        "play": Engine._play,
    }
)
"""The ops that change a table: each answers with its reply and, once committed, the table it changed."""

_READING: Mapping[str, Callable[[Engine, dict[str, Any], Session], dict[str, Any]]] = MappingProxyType(
    {
        "games": Engine._games,
        "join": Engine._join,
        "view": Engine._view,
        "events": Engine._events,
        "transcript": Engine._transcript,
        "cards": Engine._cards,
        "review": Engine._review,
    }
)
"""The ops that only read: each answers with its reply."""

_OPS = (
    "games",
    "new",
    "claim",
    "rematch",
    "sit",
    "join",
    "view",
    "play",
    "events",
    "transcript",
    "cards",
    "review",
)
