"""The ``cardrules`` command: list games, play one at the terminal, simulate, pit bots, replay a game.

Exit status: 0 when the command did its job, 2 for a usage error (an unknown command, option or
game, a bad value), 1 for any other error (an unreadable file, a malformed transcript, a bug of
ours, reported in one line), 130 when interrupted (Ctrl-C), after printing what had finished. No
command prints a traceback. Messages go to standard error, results to
standard output; progress is reported on standard error (see ``cardrules.cli._progress``).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
import typing
from collections.abc import Callable, Sequence
from typing import Any, TextIO, cast

import attrs

from cardrules import COMPILED, __version__
from cardrules._extras import install_command
from cardrules._reprs import short_repr, short_str
from cardrules.arena import ArenaInterrupted, ArenaResult, run_matches
from cardrules.bots import Bot
from cardrules.bots.catalogue import SEARCH_CAPS
from cardrules.bots.loading import bot_class, is_spec, load_bot
from cardrules.bots.names import bot_help, bot_list, read_bot_name
from cardrules.cards import Suit
from cardrules.cli._progress import Progress
from cardrules.cli._review import write_report
from cardrules.cli._table import Leave, TerminalTable
from cardrules.errors import CardRulesError, ConfigError, StateError
from cardrules.registry import GAMES, AnyGame, get_game
from cardrules.review import DEFAULT_BUDGET, Decision, ReviewBudget, decisions_of, review, review_of, to_json
from cardrules.rng import Rng, derive_seed
from cardrules.serialization import loads
from cardrules.transcript import Transcript, replay_steps

__all__ = ["main", "simulate"]

_INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""


class _UsageError(Exception):
    """A command-line value that parsed but makes no sense (exit status 2, like argparse's own)."""


class _Parser(argparse.ArgumentParser):
    """argparse, except that a usage error is one line saying what is wrong and where the help is,
    not the whole usage first."""

    def error(self, message: str) -> typing.NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\nTry '{self.prog} --help'.\n")


def _version() -> str:
    """What ``--version`` prints: the release, and which build runs (a bug report wants both)."""
    return f"cardrules {__version__}" + (" (compiled with mypyc)" if COMPILED else "")


def _cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    width = max(len(name) for name in GAMES)
    for name, game in GAMES.items():
        out.write(f"{name:<{width}}  {game.DESCRIPTION}\n")
    return 0


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game = get_game(args.game)
    config = _play_config(game, args)
    players = game.num_players(config)
    if not 0 <= args.seat < players:
        raise _UsageError(f"--seat must be a seat from 0 to {players - 1}, got {args.seat}")
    if args.save is not None:
        _check_save_path(args.save)
    bots = [_make_bot(name, args) for name in args.bots]
    seed = args.seed
    if seed is None:
        # A new deal each game: drawn here, at the command line, never in the library (whose games
        # are functions of their seed), and told so the game can be played again.
        seed = secrets.randbelow(_FRESH_SEEDS)
        out.write(f"Seed {seed}: replay this deal with --seed {seed}.\n")
    io = (sys.stdin.readline, out)
    table = TerminalTable(game, config, seed=seed, seat=args.seat, bots=bots, io=io, pause=args.pause)
    try:
        table.play()
    except Leave:
        out.write("\nYou left the game.\n")
    finally:
        if args.save is not None:
            try:
                table.save(args.save)
            except OSError as exc:
                raise CardRulesError(f"could not save the game to {args.save}: {exc.strerror}") from None
            out.write(f"Saved to {args.save} (cardrules replay {args.save}).\n")
    return 0


_FRESH_SEEDS = 10**9
"""``cardrules play`` without ``--seed`` deals from a seed below this: nine digits, short to retype,
and a billion deals, so that two games in a row repeat one with a chance of one in a billion."""


def _check_save_path(path: str) -> None:
    """``--save``: a file that can be written, checked before the game rather than lost after it."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if os.path.isdir(path):
        raise _UsageError(
            f"--save {path} is a directory; give a file name, e.g. {os.path.join(path, 'game.json')}"
        )
    if not os.path.isdir(folder):
        raise _UsageError(f"--save {path}: there is no directory {folder}")
    writable = os.access(path, os.W_OK) if os.path.exists(path) else os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise _UsageError(
            f"--save {path}: you may not write {path if os.path.exists(path) else 'in ' + folder}"
        )


# Every game's Config fields, as options of ``cardrules play``: the option, its field, its games.
_CONFIG_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {}
for _name, _game in GAMES.items():
    for _field in attrs.fields(_game.Config):
        _flag = "--" + _field.name.replace("_", "-")
        _CONFIG_OPTIONS[_flag] = (_field.name, (*_CONFIG_OPTIONS.get(_flag, ("", ()))[1], _name))


def _play_config(game: AnyGame, args: argparse.Namespace) -> Any:
    """The game's ``Config`` from the options given; an option of another game is a usage error."""
    given: dict[str, Any] = {}
    for flag, (name, games) in _CONFIG_OPTIONS.items():
        text = getattr(args, name)
        if text is None:
            continue
        if game.NAME not in games:
            raise _UsageError(f"{flag} is an option of {', '.join(games)}, not of {game.NAME}")
        given[name] = _option_value(game, name, text)
    try:
        return game.Config(**given)
    except ConfigError as exc:
        raise _UsageError(str(exc)) from None


def _option_value(game: AnyGame, name: str, text: str) -> Any:
    """An option's text as the Config field's declared type: an int, yes/no, a suit, or a word;
    ``none`` for a field that may be ``None``."""
    declared = typing.get_type_hints(game.Config)[name]
    kinds = [k for k in typing.get_args(declared) if k is not type(None)] or [declared]
    optional = type(None) in typing.get_args(declared)
    flag = "--" + name.replace("_", "-")
    lowered = text.strip().lower()
    if optional and lowered in ("none", ""):
        return None
    if kinds[0] is bool:
        if lowered not in ("yes", "no", "true", "false"):
            raise _UsageError(f"{flag} takes yes or no, got {short_repr(text)}")
        return lowered in ("yes", "true")
    if kinds[0] is Suit:
        suits = {s.name.lower(): s for s in Suit} | {s.name[0].lower(): s for s in Suit}
        if lowered not in suits:
            none = " or none" if optional else ""
            raise _UsageError(f"{flag} takes clubs, diamonds, hearts, spades{none}, got {short_repr(text)}")
        return suits[lowered]
    if kinds[0] is int:
        try:
            return int(text)
        except ValueError:
            raise _UsageError(f"{flag} takes a whole number, got {short_repr(text)}") from None
    return text


@attrs.define
class _Tally:
    """The running figures of one game's simulation: a row of the ``simulate`` table."""

    game: str
    players: int
    games: int = 0
    moves: int = 0
    draws: int = 0
    seconds: float = 0.0
    wins: list[int] = attrs.field(
        default=attrs.Factory(lambda self: [0] * self.players, takes_self=True), init=False
    )

    def row(self) -> dict[str, Any]:
        n = self.games
        return {
            "game": self.game,
            "games": n,
            "mean_moves": self.moves / n if n else 0.0,
            "win_share": [w / n if n else 0.0 for w in self.wins],
            "draws": self.draws / n if n else 0.0,
            "games_per_s": n / self.seconds if self.seconds > 0 else float("inf"),
        }


def _simulate_into(tally: _Tally, game: AnyGame, games: int, seed: int, done: Callable[[int], None]) -> None:
    """Play random games of ``game`` into ``tally``, calling ``done(count)`` after each one."""
    legal_moves, apply = game.legal_moves, game.apply
    for i in range(games):
        start = time.perf_counter()
        game_seed = derive_seed(seed, i)
        state = game.new_game(game_seed)
        rng = Rng.from_seed(derive_seed(game_seed, 1))
        moves = 0
        while state.to_act is not None:
            move, rng = rng.choice(legal_moves(state))
            state = apply(state, move)
            moves += 1
        result = game.outcome(state)
        if result is None:
            raise StateError(f"{game.NAME} ended with no outcome")
        for s in result.winners:
            tally.wins[s] += 1
        tally.draws += len(result.winners) == tally.players
        tally.moves += moves
        tally.games += 1
        tally.seconds += time.perf_counter() - start
        done(tally.games)


def simulate(game: str | AnyGame, games: int, seed: int, *, progress: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` random games of ``game`` (a name or module; game ``i`` seeded
    ``derive_seed(seed, i)``), reporting progress on the text stream ``progress`` if given.

    Each move is drawn uniformly from ``legal_moves`` by a generator seeded ``derive_seed(game seed, 1)``.
    Returns the figures of one row of ``cardrules simulate``: games, mean moves, each seat's share of
    wins (a shared win counts for every winner), the share of draws (every seat a winner), and games
    per second. ``ConfigError`` for an unknown game, a bad count, seed or stream.
    """
    game = get_game(game)
    if type(games) is not int or games < 0:
        raise ConfigError(f"games must be an int >= 0, got {short_repr(games)}")
    derive_seed(seed)
    if progress is not None and not callable(getattr(progress, "write", None)):
        raise ConfigError(
            f"progress must be a text stream (with write and flush) or None, got {short_repr(progress)}"
        )
    tally = _Tally(game.NAME, game.num_players(None))
    bar = None if progress is None else Progress(game.NAME, games, progress)
    try:
        _simulate_into(tally, game, games, seed, (lambda n: None) if bar is None else bar.update)
    finally:
        if bar is not None:
            bar.close()
    return tally.row()


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    if args.all == (args.game is not None):
        raise _UsageError("name one GAME or pass --all")
    tallies: list[_Tally] = []
    try:
        for name in list(GAMES) if args.all else [args.game]:
            game = get_game(name)
            tallies.append(_Tally(game.NAME, game.num_players(None)))
            bar = Progress(game.NAME, args.games, sys.stderr)
            try:
                _simulate_into(tallies[-1], game, args.games, args.seed, bar.update)
            finally:
                bar.close()
    except KeyboardInterrupt:
        _write_simulate_table(out, [t for t in tallies if t.games])
        done = sum(t.games for t in tallies)
        sys.stderr.write(f"cardrules: interrupted after {done} games; the table shows those that finished\n")
        return _INTERRUPTED
    _write_simulate_table(out, tallies)
    return 0


def _write_simulate_table(out: TextIO, tallies: Sequence[_Tally]) -> None:
    out.write(
        f"{'game':<14}{'games':>7}{'mean moves':>12}  {'win share by seat':<32}{'draws':>8}{'games/s':>10}\n"
    )
    for row in (t.row() for t in tallies):
        shares = " ".join(f"{s:.2f}" for s in row["win_share"])
        out.write(
            f"{row['game']:<14}{row['games']:>7}{row['mean_moves']:>12.1f}  {shares:<32}"
            f"{row['draws']:>8.2f}{row['games_per_s']:>10.1f}\n"
        )
    out.flush()


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    bots = dict(args.bot or [])
    if args.stdio and args.open:
        raise _UsageError("--open opens the web table, which --stdio does not serve")
    if args.stdio and args.workers != 1:
        raise _UsageError("--workers starts WebSocket server processes; --stdio is one process")
    if args.stdio and args.bot_workers is not None:
        raise _UsageError(
            "--bot-workers starts the WebSocket server's search processes; "
            "--stdio searches in its one process"
        )
    if args.stdio:
        from cardrules.serve import run_stdio  # only this command needs it

        db = _serve_db(args.db)
        budget = {} if args.review_budget is None else {"review_budget": args.review_budget}
        return run_stdio(db, sys.stdin, out, _limits(args), bots, **budget)
    hosts = _serve_hosts(args.host, args.allow_host or [])
    try:
        from cardrules.serve.web import serve
    except ImportError as exc:
        raise CardRulesError(
            f"the WebSocket server needs the serve extra ({exc.name} is missing); "
            f"in a checkout of cardrules: {install_command('serve')}"
        ) from None
    db = _serve_db(args.db)

    def listening(port: int) -> None:
        url = f"http://{_browser_host(args.host, hosts)}:{port}/"
        sys.stderr.write(
            f"cardrules: play in your browser at {url} (the protocol: WebSocket at /ws); Ctrl-C stops\n"
        )
        sys.stderr.flush()
        if args.open:
            import threading
            import webbrowser

            # A thread: a browser command may take its time, and the server must answer it.
            threading.Thread(target=webbrowser.open, args=(url,), name="cardrules-open", daemon=True).start()

    try:
        _serve_web(serve, db, args, hosts, listening)
    except KeyboardInterrupt:
        # Ctrl-C: every server process has stopped; a line, no traceback, the status of a command
        # Ctrl-C stopped (the "^C" the terminal echoed ends without a line end: hence the first).
        sys.stderr.write("\ncardrules: server stopped\n")
        return _INTERRUPTED
    return 0


def _serve_web(
    serve: Callable[..., None],
    db: str,
    args: argparse.Namespace,
    hosts: list[str],
    listening: Callable[[int], None],
) -> None:
    """``cardrules.serve.web.serve`` with the command's options, made into one record here."""
    from cardrules.serve.options import ServeOptions

    options = ServeOptions(
        allowed_hosts=hosts,
        allowed_origins=args.allow_origin or [],
        max_frame=args.max_frame,
        send_queue=args.send_queue,
        header_timeout=args.header_timeout,
        max_connections=args.max_connections,
        limits=_limits(args),
        bot_seconds=args.bot_seconds,
        bot_pace=args.bot_pace,
        bots=dict(args.bot or []),
        workers=args.workers,
        bot_workers=args.bot_workers,
        **({} if args.review_budget is None else {"review_budget": args.review_budget}),
    )
    serve(db, args.host, args.port, options=options, listening=listening)


def _serve_db(given: str | None) -> str:
    """The database ``--db`` names, or the default one in the user's data directory (created if
    missing); either way, said on standard error."""
    if given is None:
        folder = _data_dir()
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise CardRulesError(
                f"cannot create {folder} for the tables ({exc.strerror}); give --db PATH"
            ) from None
        given = os.path.join(folder, "tables.db")
    from cardrules.serve.stores import shown_db  # the serve package is loaded by now

    sys.stderr.write(f"cardrules: tables are kept in {shown_db(given)}\n")
    return given


def _data_dir() -> str:
    """Where cardrules keeps its data: platformdirs' user data directory when it is installed
    (the serve extra), else the XDG rule (``$XDG_DATA_HOME``, or ``~/.local/share``)."""
    try:
        from platformdirs import user_data_dir
    except ImportError:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
        return os.path.join(base, "cardrules")
    return user_data_dir("cardrules", appauthor=False)


def _browser_host(host: str, allowed: list[str]) -> str:
    """The host of the URL to open: ``host``, in brackets if IPv6; for every address (0.0.0.0,
    ::), the first name the server answers to, as a browser must send it."""
    if host in ("0.0.0.0", "::", "[::]"):
        names = [name for name in allowed if "*" not in name]
        return names[0] if names else "127.0.0.1"
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _bot_option(text: str) -> tuple[str, str]:
    """``--bot NAME=SPEC``: a server's own bot, checked to load (a usage error otherwise)."""
    from cardrules.serve.seating import check_bot_name

    name, equals, spec = text.partition("=")
    if not equals or not spec.strip():
        raise argparse.ArgumentTypeError(
            f"expected NAME=package.module:ClassName or NAME=path/to/bot.py:ClassName, got {short_repr(text)}"
        )
    try:
        bot_class(spec.strip())
        return check_bot_name(name.strip()), spec.strip()
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]


def _serve_hosts(host: str, allowed: list[str]) -> list[str]:
    """The Host names the server answers to: those of --allow-host, and the loopback names when it
    listens on loopback (a name a hostile page's DNS could point at us is never allowed unasked)."""
    import ipaddress

    try:
        address: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        address = None  # a name
    if host == "localhost" or (address is not None and address.is_loopback):
        return [*allowed, *_LOOPBACK_NAMES]
    if allowed:
        return allowed
    if address is None:
        return [host.lower()]
    if address.is_unspecified:
        raise _UsageError(
            f"--host {host} listens on every address: say which names clients reach it by with "
            "--allow-host (repeatable, e.g. --allow-host cards.example.com --allow-host 192.168.1.5), "
            "or --allow-host '*' for any"
        )
    return [f"[{address}]" if address.version == 6 else str(address)]


def _read_text(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise CardRulesError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CardRulesError(f"{path} is not a UTF-8 text file ({what} is JSON)") from None


def _cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.serve.fairness import verify_deal  # no extra needed

    try:
        record = json.loads(_read_text(args.file, "a deal's proof"))
    except json.JSONDecodeError as exc:
        raise CardRulesError(f"{args.file} is not JSON: {exc}") from None
    if isinstance(record, dict) and isinstance(record.get("deal"), dict):
        record = record["deal"]  # a whole reply about a finished table
    if isinstance(record, dict) and "reveal" in record:
        record = record["reveal"]
    if not isinstance(record, dict):
        raise CardRulesError(
            f"{args.file} holds no revealed deal (the 'reveal' of a finished table's 'deal')"
        )
    seed = verify_deal(record, args.commitment)
    seats = len(record["contributions"])
    out.write(f"commitment {record['commitment']}: SHA-256 of the revealed server seed and salt\n")
    if args.commitment is not None:
        out.write("  and it is the commitment you were shown before the first card\n")
    whose = "seat's" if seats == 1 else "seats'"
    out.write(f"seed {seed}: from the server's seed and {seats} {whose} own strings\n")
    if args.transcript is not None:
        transcript = loads(_read_text(args.transcript, "a saved transcript"))
        if type(transcript) is not Transcript or transcript.seed != seed:
            found = getattr(transcript, "seed", None)
            raise CardRulesError(
                f"{args.transcript} was dealt from seed {found}, not from this deal's {seed}"
            )
        out.write(f"{args.transcript} was dealt from that seed\n")
    out.write("The deal was fixed before the first card, and no one party chose it.\n")
    return 0


def _read_transcript(path: str) -> Transcript:
    transcript = loads(_read_text(path, "a saved transcript"))
    if type(transcript) is not Transcript:
        raise CardRulesError(f"{path} holds a {type(transcript).__name__}, not a Transcript")
    return transcript


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    transcript = _read_transcript(args.file)
    game = get_game(transcript.game)
    out.write(f"{game.NAME}, seed {transcript.seed}, {len(transcript.moves)} moves\n")
    final = None
    for number, (before, move, after, events) in enumerate(replay_steps(transcript), start=1):
        out.write(f"{number:>4}. seat {before.to_act}: {game.format_move(move)}\n")
        for event in events:
            out.write(f"        {game.describe(event)}\n")
        final = after
    if final is not None and final.to_act is not None:
        out.write(f"Unfinished: seat {final.to_act} is to act.\n")
    return 0


def _cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    transcript = _read_transcript(args.file)
    game = get_game(transcript.game)
    seats = game.num_players(transcript.config)
    if args.seat is not None and not 0 <= args.seat < seats:
        raise _UsageError(
            f"--seat must be a seat of this {game.NAME} game, 0 to {seats - 1}, got {args.seat}"
        )
    total = len(decisions_of(transcript, args.seat))
    bar = Progress(f"review {game.NAME}", total, sys.stderr, unit="decision")
    done: list[Decision] = []

    def reviewed(decision: Decision, count: int, total: int) -> None:
        done.append(decision)
        bar.update(count)

    try:
        result = review(transcript, args.seat, budget=args.budget, seed=args.seed, on_decision=reviewed)
    except KeyboardInterrupt:
        bar.close()
        result = review_of(transcript, args.seat, args.budget, args.seed, done, complete=False)
        _write_review(out, result, args.json)
        sys.stderr.write(
            f"cardrules: interrupted after {len(done)} of {total} decisions; "
            "the report shows those reviewed\n"
        )
        return _INTERRUPTED
    finally:
        bar.close()
    _write_review(out, result, args.json)
    return 0


def _write_review(out: TextIO, result: Any, as_json: bool) -> None:
    if as_json:
        out.write(json.dumps(to_json(result), indent=1) + "\n")
    else:
        write_report(out, result)
    out.flush()


def _review_budget(text: str) -> ReviewBudget:
    try:
        return ReviewBudget.parse(text)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _review_arguments(p_review: argparse.ArgumentParser) -> None:
    p_review.add_argument("file", metavar="FILE", help="a transcript saved as JSON (cardrules.dumps)")
    p_review.add_argument("--seat", type=int, default=None, help="the seat to review (default: every seat)")
    p_review.add_argument(
        "--budget",
        type=_review_budget,
        default=DEFAULT_BUDGET,
        metavar="DEALS|SECONDS",
        help=f"a decision's search: deals of the hidden cards (64) or CPU seconds (0.5s, 500ms) "
        f"(default {DEFAULT_BUDGET.deals}: the same review on any machine)",
    )
    p_review.add_argument("--seed", type=int, default=0, help="the seed of the deals (default 0)")
    p_review.add_argument("--json", action="store_true", help="print the review as JSON (docs/review.md)")


_GAMES_HELP = f"one of {', '.join(GAMES)} (any case, - or _)"


def _game_name(text: str) -> str:
    """A game's registry name from the command line: any case, ``-`` for ``_`` (``Pub-Derby``)."""
    name = text.strip().lower().replace("-", "_")
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"no game named {short_repr(text)}; the games: {', '.join(GAMES)}")
    return name


def _bot_names(text: str) -> list[str]:
    """``--bots``: comma-separated, each a library bot's name (``cardrules.bots.catalogue``, read by
    ``cardrules.bots.names``: ``ismcts`` also as ``ismcts:N`` and ``ismcts@0.2s``) or a spec of
    your own bot (``module:Class``, ``path/to/bot.py:Class``), checked here so that a bad one is a
    usage error."""
    names = [name.strip() for name in text.split(",")]
    for i, name in enumerate(names):
        try:
            if read_bot_name(name.lower()) is not None:
                names[i] = name.lower()
                continue
            if is_spec(name):
                bot_class(name)
                continue
        except ConfigError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        raise argparse.ArgumentTypeError(
            f"no bot named {short_repr(name)}; the bots: {bot_list()}, or your own as "
            "package.module:ClassName or path/to/bot.py:ClassName"
        )
    return names


def _make_bot(name: str, args: argparse.Namespace) -> Bot:
    library = read_bot_name(name)
    if library is not None:
        return library.make(args.iterations, args.root, args.expand_after)
    try:
        return cast(Bot, load_bot(name))
    except ConfigError as exc:
        raise _UsageError(f"argument --bots: {exc}") from None


def _cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    bots = [_make_bot(name, args) for name in args.bots]
    bar = Progress(f"arena {args.game}", args.games, sys.stderr)
    start = time.perf_counter()
    try:
        result = run_matches(
            args.game,
            bots,
            args.games,
            args.seed,
            duplicate=args.duplicate,
            workers=args.workers,
            progress=lambda done, total: bar.update(done),
            move_timeout=args.move_timeout,
            game_timeout=args.game_timeout,
            review=args.review,
        )
    except ArenaInterrupted as stop:
        bar.close()
        if not stop.result.results:
            sys.stderr.write(f"cardrules: {stop}: no game finished, so there is no table\n")
            return _INTERRUPTED
        out.write(stop.result.table() + "\n")
        out.flush()
        _write_forfeits(stop.result, args.verbose)
        sys.stderr.write(f"cardrules: {stop}; the table counts the games that finished\n")
        return _INTERRUPTED
    finally:
        bar.close()
    elapsed = time.perf_counter() - start
    out.write(result.table() + "\n")
    out.write(f"{args.games / elapsed:.1f} games/s\n")
    out.flush()
    _write_forfeits(result, args.verbose)
    return 0


def _write_forfeits(result: ArenaResult, verbose: bool) -> None:
    """With ``--verbose``, on standard error: each different traceback of the games that ended on
    an exception (a bot's or the engine's), with the games it ended; else how to see them."""
    games: dict[str, list[int]] = {}
    for failed in result.failures:
        if failed.traceback is not None:
            games.setdefault(failed.traceback, []).append(failed.index)
    if not games:
        return
    if not verbose:
        sys.stderr.write(
            "cardrules: --verbose prints the traceback of each game that ended on an exception\n"
        )
        return
    for text, indices in games.items():
        shown = ", ".join(map(str, indices[:10])) + (
            f" and {len(indices) - 10} more" if len(indices) > 10 else ""
        )
        sys.stderr.write(f"game{'s' * (len(indices) > 1)} {shown} ended on:\n{text.rstrip()}\n")


def _count(parser: argparse.ArgumentParser, flag: str, default: int | None, help: str) -> None:
    """A whole-number option of at least 1 (games, workers, iterations, ...)."""
    parser.add_argument(flag, type=_at_least(1), default=default, help=help)


def _at_least(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {short_repr(text)}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return parse


def _pause(text: str) -> float:
    """``--pause``: seconds, 0 or more (0 for scripts and tests)."""
    return _seconds(text) if text.strip() not in ("0", "0.0") else 0.0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {short_repr(text)}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be above 0 seconds, got {text}")
    return value


_EPILOGS = {
    "play": (
        "examples:\n  cardrules play clubs --seat 0 --seed 7\n"
        "  cardrules play pub_derby --format pub --bots ismcts --save derby.json\n"
        "  cardrules play eighty_points --bots ismcts@0.5s    # half a second's search a move\n"
        "  cardrules play Clubs --bots my_bot.py:MyBot    # against your own bot\n\n"
        "Type a card as QS, 10h or q♠, several at once or one at a time; a number from a menu;\n"
        "quit to leave. Your only legal move is made for you."
    ),
    "simulate": "examples:\n  cardrules simulate --all\n  cardrules simulate clubs --games 1000 --seed 3",
    "arena": (
        "examples:\n  cardrules arena pub_derby --bots heuristic,random --games 1000\n"
        "  cardrules arena pub_derby --bots ismcts,heuristic --games 40 --iterations 200 --workers 2\n"
        "  cardrules arena clubs --bots ismcts@0.2s,heuristic    # 0.2 s of CPU time a move\n"
        "  cardrules arena clubs --bots my_bot.py:MyBot,heuristic --verbose    # your own bot\n"
        "  cardrules arena clubs --bots heuristic,random --games 20 --review 16 --workers 2\n\n"
        "Each bot's win rate comes with its 95% Wilson interval. A bot that raises, moves illegally\n"
        "or runs out of time forfeits the game: a loss, counted in the table. Ctrl-C stops the run\n"
        "and prints the table of the games that finished."
    ),
    "replay": "example:\n  cardrules replay saved.json",
    "review": (
        "examples:\n  cardrules review saved.json --seat 0\n"
        "  cardrules review saved.json --budget 0.5s --json\n\n"
        "Every legal move of each decision is judged by the PIMC search on deals of the hidden cards\n"
        "drawn from the seat's own view (never the cards as dealt), in the game's unit (docs/review.md).\n"
        "Ctrl-C stops the review and prints the decisions reviewed so far."
    ),
    "verify": (
        "example:\n  cardrules verify cardrules-1e1af9e80318-deal.json --commitment 0abae88e... "
        "--transcript cardrules-1e1af9e80318.json\n\n"
        "The proof is what the web table's \"Download the deal's proof\" saves, or the 'deal' of any "
        "reply about a finished table (docs/protocol.md, provably fair deals)."
    ),
    "serve": (
        "examples:\n  cardrules serve --open    # play in your browser at http://127.0.0.1:8000/\n"
        "  cardrules serve --bot mine=my_bot.py:MyBot    # your bot, a seat the lobby offers\n"
        "  cardrules serve --stdio --db tables.db\n\n"
        "Without --stdio (the serve extra) the server has a web page: play in your browser at\n"
        "http://127.0.0.1:8000/ (the address it prints when it starts); front ends of your own\n"
        "speak the protocol on the WebSocket at /ws. With --stdio: one JSON request a line in, one\n"
        "JSON reply a line out (docs/protocol.md):\n"
        '  {"op": "new", "game": "clubs", "seed": 7, "seats": ["human", "random", "random", "heuristic"]}'
    ),
}


def _subparser(sub: Any, name: str, command: Callable[..., int], text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=text,
        description=text[0].upper() + text[1:] + ".",
        epilog=_EPILOGS.get(name),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(command=command, parser=parser)
    return parser


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cardrules",
        description="Exact rules engines for five card games: list them, play, simulate, pit bots, replay.",
        epilog="Run 'cardrules COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True, parser_class=_Parser)
    _subparser(sub, "games", _cmd_games, "list the games")
    _play_arguments(_subparser(sub, "play", _cmd_play, "play a game at the terminal against bots"))
    p_sim = _subparser(sub, "simulate", _cmd_simulate, "play random games and print a summary table")
    p_sim.add_argument("game", nargs="?", type=_game_name, metavar="GAME", help=_GAMES_HELP)
    p_sim.add_argument("--all", action="store_true", help="every registered game")
    p_sim.add_argument("--games", type=_at_least(1), default=200, help="games of each game (default 200)")
    p_sim.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    _arena_arguments(_subparser(sub, "arena", _cmd_arena, "pit bots against each other, with win rates"))
    _serve_arguments(
        _subparser(
            sub, "serve", _cmd_serve, "play in your browser, or serve the games to front ends in any language"
        )
    )
    p_ver = _subparser(sub, "verify", _cmd_verify, "check that a served table's deal was fair")
    p_ver.add_argument("file", metavar="PROOF", help="the deal's proof: a finished table's 'deal' (JSON)")
    p_ver.add_argument(
        "--commitment",
        metavar="HEX",
        help="the commitment you were shown before the first card (default: not checked against one)",
    )
    p_ver.add_argument(
        "--transcript",
        metavar="FILE",
        help="the table's transcript, to check it was dealt so (default: none)",
    )
    p_rep = _subparser(sub, "replay", _cmd_replay, "print a saved transcript move by move")
    p_rep.add_argument("file", metavar="FILE", help="a transcript saved as JSON (cardrules.dumps)")
    _review_arguments(
        _subparser(sub, "review", _cmd_review, "judge each decision of a saved game from what its seat knew")
    )
    return parser


_Options = tuple[tuple[str, Callable[[str], Any], Any, str, str], ...]
"""Options of one shape: (flag, type, default, metavar, help)."""

_CAP_OPTIONS: _Options = (
    (
        "--max-tables",
        _at_least(0),
        None,
        "N",
        "tables being played held in memory, all clients together; a new one beyond them is "
        "refused (LimitError) once the idle ones have left (default 1000)",
    ),
    (
        "--max-tables-per-client",
        _at_least(0),
        None,
        "N",
        "tables being played that one client address may have (default 20; none with --stdio)",
    ),
    (
        "--new-per-minute",
        _at_least(0),
        None,
        "N",
        "tables one client address may create in any 60 seconds (default 30; none with --stdio)",
    ),
    (
        "--max-watched-per-client",
        _at_least(0),
        None,
        "N",
        "tables the WebSocket connections of one client address may watch at once, each pushed "
        "every change (default 100)",
    ),
    (
        "--idle-minutes",
        _seconds,
        None,
        "MINUTES",
        "a table nobody asked about for this long leaves memory; it stays in the database and "
        "comes back when asked for (default 15)",
    ),
    (
        "--max-search",
        _at_least(1),
        None,
        "ITERATIONS",
        "the largest search a bot seat may ask for, ismcts:N or pimc:N (default "
        f"{SEARCH_CAPS.client_count}; {SEARCH_CAPS.server_count} with --stdio)",
    ),
    (
        "--review-budget",
        _review_budget,
        None,
        "DEALS|SECONDS",
        "the search a decision of a finished game's review gets (on the bot workers over "
        "WebSocket): deals (24) or CPU seconds (0.5s) (default: 24 deals or 0.5 s, whichever ends first)",
    ),
    (
        "--max-reviews",
        _at_least(0),
        None,
        "N",
        "reviews of finished games computed at once, each waiting a decision at a time "
        "for the search; 0 for no cap (default 8; a client address 2 of them)",
    ),
    (
        "--bot-seconds",
        _seconds,
        2.0,
        "SECONDS",
        "a bot move's time budget: a search bot thinks in a worker process and, out of time, "
        "plays the heuristic bot's move (default 2; WebSocket only)",
    ),
    (
        "--bot-pace",
        _seconds,
        1.0,
        "SECONDS",
        "between two bot moves at a table where only bots sit, played while someone watches "
        "(default 1; WebSocket only)",
    ),
)

_WEB_OPTIONS: _Options = (
    (
        "--max-frame",
        _at_least(1024),
        262_144,
        "BYTES",
        "the largest WebSocket message; a larger one closes its connection with code 1009 "
        "(default 262144: a request of 65,536 characters of 4 UTF-8 bytes each)",
    ),
    (
        "--send-queue",
        _at_least(1),
        64,
        "MESSAGES",
        "messages that may wait for a client to read them; a client that lets more pile up is "
        "closed with code 1008 and never delays anyone else (default 64)",
    ),
    (
        "--header-timeout",
        _seconds,
        10.0,
        "SECONDS",
        "the time a connection has to send a whole request head before it is cut off (default 10)",
    ),
    (
        "--max-connections",
        _at_least(1),
        1000,
        "N",
        "connections at once (each server process's, with --workers); a new one beyond them takes "
        "the place of the oldest connection still sending its request head, or is cut off if there "
        "is none (default 1000)",
    ),
    (
        "--workers",
        _at_least(1),
        1,
        "N",
        "server processes answering on the one port, to use several cores; they share a PostgreSQL "
        "--db (not a SQLite file), and every cap is each process's own (default 1)",
    ),
    (
        "--bot-workers",
        _at_least(1),
        None,
        "N",
        "processes where each server process's search bots think, shared fairly: one client "
        "(address) holds at most half of them, and half of the request threads that wait on "
        "searches (4 a worker, at least 8) (default: the cores less one, shared between the "
        "--workers, at least 2 and at most 8)",
    ),
)


def _add_options(group: Any, options: _Options) -> None:
    for flag, kind, default, metavar, text in options:
        group.add_argument(flag, type=kind, default=default, metavar=metavar, help=text)


def _serve_arguments(p_serve: argparse.ArgumentParser) -> None:
    p_serve.add_argument(
        "--stdio", action="store_true", help="speak JSON lines on standard input and output (no web page)"
    )
    p_serve.add_argument(
        "--open", action="store_true", help="open the web table in your browser once the server listens"
    )
    p_serve.add_argument(
        "--bot",
        action="append",
        type=_bot_option,
        metavar="NAME=SPEC",
        help="a bot of your own that clients may seat by NAME, e.g. --bot mine=bots/my_bot.py:MyBot "
        "(SPEC: package.module:ClassName or path/to/bot.py:ClassName, made with no arguments); "
        "repeatable. Clients can seat only these and the library's bots. Default: none",
    )
    p_serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p_serve.add_argument("--port", type=_port, default=8000, help="the port to listen on (default 8000)")
    p_serve.add_argument(
        "--db",
        default=None,
        metavar="PATH|URL",
        help="the SQLite database of tables (default tables.db in your data directory, e.g. "
        "~/.local/share/cardrules/tables.db; :memory: keeps nothing), or a PostgreSQL database "
        "that several servers may share, postgresql://user:password@host/dbname (the postgres extra)",
    )
    _add_options(
        p_serve.add_argument_group("caps on tables and bots (docs/deploying.md; 0: no cap)"), _CAP_OPTIONS
    )
    web = p_serve.add_argument_group("the WebSocket server on the internet (docs/deploying.md)")
    web.add_argument(
        "--allow-host",
        action="append",
        type=_host_pattern,
        metavar="NAME",
        help="a Host name the server answers to, e.g. cards.example.com or *.example.com, or * for "
        "any; repeatable. Others get HTTP 400. Default: localhost, 127.0.0.1 and [::1] when --host "
        "is a loopback address, else the --host address itself (required with 0.0.0.0 or ::)",
    )
    web.add_argument(
        "--allow-origin",
        action="append",
        type=_origin_text,
        metavar="ORIGIN",
        help="a web page origin, e.g. https://cards.example.com, or * for any, that may open /ws "
        "besides the server's own pages; repeatable. A browser from any other origin gets HTTP 403; "
        "a client that sends no Origin (not a browser) is always let in. Default: none",
    )
    _add_options(web, _WEB_OPTIONS)


def _limits(args: argparse.Namespace) -> Any:
    """The server's caps: the transport's defaults, with each cap the command line gives."""
    from cardrules.serve.limits import Limits

    limits = Limits.local() if args.stdio else Limits()
    given = {
        "max_tables": args.max_tables,
        "max_tables_per_client": args.max_tables_per_client,
        "new_per_minute": args.new_per_minute,
        "max_watched_per_client": args.max_watched_per_client,
        "max_iterations": args.max_search,
        "max_reviews": args.max_reviews,
    }
    changes: dict[str, Any] = {k: (v or None) for k, v in given.items() if v is not None}
    if args.idle_minutes is not None:
        changes["idle_seconds"] = args.idle_minutes * 60
    return attrs.evolve(limits, **changes)


def _host_pattern(text: str) -> str:
    """``--allow-host``: a name, ``*.`` and a domain, or ``*`` (TrustedHostMiddleware's patterns)."""
    name = text.strip().lower()
    if name == "*" or (name.startswith("*.") and "*" not in name[2:] and len(name) > 2):
        return name
    if not name or "*" in name or "/" in name or (":" in name and not name.startswith("[")):
        raise argparse.ArgumentTypeError(
            f"expected a host name without port or scheme, *.DOMAIN or *, got {short_repr(text)}"
        )
    return name


def _origin_text(text: str) -> str:
    """``--allow-origin``: ``*`` or ``http[s]://host[:port]``, as a browser sends ``Origin``."""
    from urllib.parse import urlsplit

    if text.strip() == "*":
        return "*"
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 (raises ValueError on a bad port)
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
    ):
        raise argparse.ArgumentTypeError(f"expected * or http[s]://HOST[:PORT], got {short_repr(text)}")
    return text.strip()


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {short_repr(text)}")
    return int(text)


def _play_arguments(p_play: argparse.ArgumentParser) -> None:
    p_play.add_argument("game", type=_game_name, metavar="GAME", help=_GAMES_HELP)
    p_play.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the deal's seed, to play a deal again (default: a new deal each game, its seed printed)",
    )
    p_play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p_play.add_argument(
        "--bots",
        type=_bot_names,
        default="pimc@0.5s",
        metavar="BOTS",
        help=f"the other seats' bots, comma-separated, in seat order and repeated: {bot_help()}, or your "
        "own as package.module:ClassName or path/to/bot.py:ClassName (default pimc@0.5s, the "
        "strongest, half a second of CPU time a move)",
    )
    p_play.add_argument(
        "--save",
        metavar="FILE",
        help="save the game as a transcript (cardrules replay FILE); the file's directory must exist "
        "(default: not saved)",
    )
    p_play.add_argument(
        "--pause", type=_pause, default=0.6, metavar="SECONDS", help="pause on a forced move (default 0.6)"
    )
    p_play.set_defaults(iterations=1000, root="ucb", expand_after=1)
    for flag, (name, games) in _CONFIG_OPTIONS.items():
        metavar, values, default = _option_help(GAMES[games[0]], name)
        p_play.add_argument(
            flag, dest=name, metavar=metavar, help=f"{', '.join(games)}: {values} (default {default})"
        )


def _option_help(game: AnyGame, name: str) -> tuple[str, str, str]:
    """A Config field's option in ``cardrules play --help``: its metavar, the values it takes (from
    the field's type and its declared bounds) and its default, as typed on the command line."""
    field = attrs.fields_dict(game.Config)[name]
    declared = typing.get_type_hints(game.Config)[name]
    kinds = [k for k in typing.get_args(declared) if k is not type(None)] or [declared]
    none = " or none" if type(None) in typing.get_args(declared) else ""
    default = field.default
    shown = "none" if default is None else getattr(default, "name", default)
    if kinds[0] is bool:
        return "yes|no", "yes or no", "yes" if default else "no"
    if kinds[0] is Suit:
        return "SUIT", f"clubs, diamonds, hearts, spades{none}", str(shown).lower()
    if typing.get_origin(declared) is typing.Literal:
        return (
            "{" + ",".join(typing.get_args(declared)) + "}",
            ", ".join(typing.get_args(declared)),
            str(shown),
        )
    low, high = field.metadata.get("min"), field.metadata.get("max")
    if high is not None:
        return "N", f"a whole number from {low} to {high}{none}", str(shown)
    if low is not None:
        return "N", f"a whole number, at least {low}{none}", str(shown)
    return "N", f"a whole number{none}", str(shown)


def _arena_arguments(p_arena: argparse.ArgumentParser) -> None:
    p_arena.add_argument("game", type=_game_name, metavar="GAME", help=_GAMES_HELP)
    p_arena.add_argument(
        "--bots",
        type=_bot_names,
        default="heuristic,random",
        metavar="BOTS",
        help=f"comma-separated, one per seat in turn: {bot_help(0.2, {'ismcts': '--iterations a move'})} "
        "(@200ms: the same in milliseconds), or your own as package.module:ClassName or "
        "path/to/bot.py:ClassName (default heuristic,random)",
    )
    p_arena.add_argument("--games", type=_at_least(1), default=100, help="games to play (default 100)")
    _count(p_arena, "--workers", None, "processes (default: one for up to 64 games, else one per CPU)")
    p_arena.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    _count(p_arena, "--iterations", 1000, "iterations a decision of a bare ismcts (default 1000)")
    p_arena.add_argument(
        "--root",
        choices=["ucb", "halving"],
        default="ucb",
        help="how ISMCTS shares its budget among a decision's moves: ucb or halving "
        "(default ucb; see ISMCTSBot)",
    )
    _count(p_arena, "--expand-after", 1, "visits before an ISMCTS node grows children (default 1)")
    p_arena.add_argument(
        "--duplicate", action="store_true", help="play every deal once per rotation of the seats"
    )
    p_arena.add_argument(
        "--verbose",
        action="store_true",
        help="print the traceback of each game that ended on an exception (a bot's choose that raised)",
    )
    p_arena.add_argument(
        "--review",
        type=_review_budget,
        nargs="?",
        const=DEFAULT_BUDGET,
        default=None,
        metavar="DEALS|SECONDS",
        help="review every decision of each finished game (as cardrules review does, in the workers) "
        "and show each bot's accuracy and mean loss beside its win rate; the budget a decision: "
        f"deals (64) or CPU seconds (0.5s) (default {DEFAULT_BUDGET.deals} deals; docs/review.md)",
    )
    for flag, what in (("--move-timeout", "a decision"), ("--game-timeout", "a seat's thinking in one game")):
        p_arena.add_argument(
            flag,
            type=_seconds,
            default=None,
            metavar="SECONDS",
            help=f"the longest {what}; a bot that takes longer forfeits the game (default: no limit)",
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cardrules`` command (and ``python -m cardrules``); returns the exit status.

    Never raises ``SystemExit``: ``--help`` and ``--version`` return 0, usage errors 2.
    """
    try:
        parser = _parser()
        if not (sys.argv[1:] if argv is None else argv):
            parser.print_help()  # a bare ``cardrules``: what it can do, not an error
            return 0
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # said by the command they were given to, with that command's help
            args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        try:
            status = int(args.command(args, sys.stdout))
        except _UsageError as exc:
            args.parser.error(str(exc))  # the usage and the message, as argparse reports its own
        sys.stdout.flush()  # here, where a closed pipe is caught, not at the interpreter's exit
        return status
    except SystemExit as exit_:  # argparse: --help, --version (0) and usage errors (2)
        return exit_.code if isinstance(exit_.code, int) else 2
    except CardRulesError as exc:
        sys.stderr.write(f"cardrules: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\ncardrules: interrupted\n")
        return _INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``cardrules simulate --all | head``): stop quietly, as other
        # commands do; standard output goes to devnull so that Python's exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:
        # A bug of ours: one line, never a traceback in the user's face, and how to report it.
        sys.stderr.write(
            f"cardrules: internal error: {type(exc).__name__}: {short_str(exc)}\n"
            "Please report it with the command you ran: https://github.com/cardrules/cardrules/issues\n"
        )
        return 1
