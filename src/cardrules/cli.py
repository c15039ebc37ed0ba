"""The ``cardrules`` command: list games, play one at the terminal, simulate, replay a saved game."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from cardrules.arena import run_matches
from cardrules.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from cardrules.errors import CardRulesError, ConfigError, IllegalMoveError, StateError
from cardrules.registry import GAMES, AnyGame, get_game
from cardrules.rng import Rng, derive_seed
from cardrules.serialization import loads
from cardrules.transcript import Transcript, replay_steps

__all__ = ["main", "simulate"]

_SHOWN_MOVES = 24


def _cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    width = max(len(name) for name in GAMES)
    for name, game in GAMES.items():
        out.write(f"{name:<{width}}  {game.DESCRIPTION}\n")
    return 0


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game = get_game(args.game)
    players = game.num_players(None)
    if not 0 <= args.seat < players:
        raise CardRulesError(f"--seat must be a seat from 0 to {players - 1}, got {args.seat}")
    state = game.new_game(args.seed)
    bot = RandomBot()
    moves = 0
    while state.to_act is not None:
        seat = state.to_act
        if seat != args.seat:
            move = bot.choose(game.view(state, seat), derive_seed(args.seed, 1, moves))
            out.write(f"Seat {seat} plays {game.format_move(move)}\n")
        else:
            out.write("\n" + game.render(game.view(state, seat)) + "\n")
            options = game.legal_moves(state)
            legal = " | ".join(game.format_move(m) for m in options[:_SHOWN_MOVES])
            if len(options) > _SHOWN_MOVES:
                legal += f" | ... {len(options) - _SHOWN_MOVES} more"
            while True:
                out.write(f"Your move ({legal}): ")
                out.flush()
                line = sys.stdin.readline()
                if not line:
                    out.write("\nEnd of input: leaving the game.\n")
                    return 0
                try:
                    move = game.parse_move(state, line.strip())
                    break
                except IllegalMoveError as exc:
                    out.write(f"Not a legal move: {exc}\n")
        state, events = game.step(state, move)
        moves += 1
        for event in events:
            out.write(f"  {_describe(event)}\n")
    result = game.outcome(state)
    out.write(f"Game over: {result}\n")
    return 0


def _describe(event: object) -> str:
    name = type(event).__name__
    fields = ", ".join(
        f"{k}={' '.join(map(str, v)) if isinstance(v, tuple) else v}"
        for k, v in ((f, getattr(event, f)) for f in getattr(event, "__slots__", ()) if f[:2] != "__")
    )
    return f"{name}({fields})"


def simulate(game: str | AnyGame, games: int, seed: int, *, progress: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` random games of ``game`` (a name or module; game ``i`` seeded
    ``derive_seed(seed, i)``), writing progress to the text stream ``progress`` if given.

    Each move is drawn uniformly from ``legal_moves`` by a generator seeded ``derive_seed(game seed, 1)``.
    Returns the figures of one row of ``cardrules simulate``: games, mean moves, each seat's share of
    wins (a shared win counts for every winner), the share of draws (every seat a winner), and games
    per second. ``ConfigError`` for an unknown game, a bad count, seed or stream.
    """
    game = get_game(game)
    if type(games) is not int or games < 0:
        raise ConfigError(f"games must be an int >= 0, got {games!r}")
    derive_seed(seed)
    if progress is not None and not callable(getattr(progress, "write", None)):
        raise ConfigError(f"progress must be a text stream (with write and flush) or None, got {progress!r}")
    players = game.num_players(None)
    wins = [0] * players
    draws = 0
    total_moves = 0
    start = time.perf_counter()
    last = start
    legal_moves, apply = game.legal_moves, game.apply
    for i in range(games):
        game_seed = derive_seed(seed, i)
        state = game.new_game(game_seed)
        rng = Rng.from_seed(derive_seed(game_seed, 1))
        while state.to_act is not None:
            move, rng = rng.choice(legal_moves(state))
            state = apply(state, move)
            total_moves += 1
        result = game.outcome(state)
        if result is None:
            raise StateError(f"{game.NAME} ended with no outcome")
        for s in result.winners:
            wins[s] += 1
        if len(result.winners) == players:
            draws += 1
        now = time.perf_counter()
        if progress is not None and now - last > 0.5:
            progress.write(f"\r{game.NAME}: {i + 1}/{games} games")
            progress.flush()
            last = now
    elapsed = time.perf_counter() - start
    if progress is not None and last != start:
        progress.write("\r" + " " * 40 + "\r")
    return {
        "game": game.NAME,
        "games": games,
        "mean_moves": total_moves / games if games else 0.0,
        "win_share": [w / games if games else 0.0 for w in wins],
        "draws": draws / games if games else 0.0,
        "games_per_s": games / elapsed if elapsed > 0 else float("inf"),
    }


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    if args.all == (args.game is not None):
        raise CardRulesError("name one GAME or pass --all")
    if args.games < 1:
        raise CardRulesError(f"--games must be at least 1, got {args.games}")
    names = list(GAMES) if args.all else [args.game]
    rows = []
    progress = sys.stderr if args.games >= 50 else None
    for name in names:
        rows.append(simulate(get_game(name), args.games, args.seed, progress=progress))
    out.write(
        f"{'game':<14}{'games':>7}{'mean moves':>12}  {'win share by seat':<32}{'draws':>8}{'games/s':>10}\n"
    )
    for row in rows:
        shares = " ".join(f"{s:.2f}" for s in row["win_share"])
        out.write(
            f"{row['game']:<14}{row['games']:>7}{row['mean_moves']:>12.1f}  {shares:<32}"
            f"{row['draws']:>8.2f}{row['games_per_s']:>10.1f}\n"
        )
    return 0


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise CardRulesError(f"cannot read {args.file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CardRulesError(f"{args.file} is not a UTF-8 text file (a saved transcript is JSON)") from None
    transcript = loads(text)
    if type(transcript) is not Transcript:
        raise CardRulesError(f"{args.file} holds a {type(transcript).__name__}, not a Transcript")
    game = get_game(transcript.game)
    out.write(f"{game.NAME}, seed {transcript.seed}, {len(transcript.moves)} moves\n")
    final = None
    for number, (before, move, after, events) in enumerate(replay_steps(transcript), start=1):
        out.write(f"{number:>4}. seat {before.to_act}: {game.format_move(move)}\n")
        for event in events:
            out.write(f"        {_describe(event)}\n")
        final = after
    if final is not None:
        out.write(f"Result: {game.outcome(final)}\n")
    return 0


_BOT_NAMES = ("random", "heuristic", "ismcts")


def _make_bot(spec: str, iterations: int, root: str = "ucb", expand_after: int = 1) -> Bot:
    name = spec.strip().lower()
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return HeuristicBot()
    if name == "ismcts":
        return ISMCTSBot(
            iterations=iterations, root="halving" if root == "halving" else "ucb", expand_after=expand_after
        )
    raise CardRulesError(f"no bot named {spec!r}; the bots: {', '.join(_BOT_NAMES)}")


def _cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    if args.games < 1:
        raise CardRulesError(f"--games must be at least 1, got {args.games}")
    if args.workers is not None and args.workers < 1:
        raise CardRulesError(f"--workers must be at least 1, got {args.workers}")
    bots = [_make_bot(spec, args.iterations, args.root, args.expand_after) for spec in args.bots.split(",")]

    def bar(done: int, total: int) -> None:
        filled = 30 * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    executor = None
    if args.workers is not None and args.workers > 1:
        executor = ProcessPoolExecutor(max_workers=args.workers)
    start = time.perf_counter()
    try:
        result = run_matches(
            args.game,
            bots,
            args.games,
            args.seed,
            duplicate=args.duplicate,
            executor=executor,
            workers=args.workers,
            progress=bar,
        )
    finally:
        if executor is not None:
            executor.shutdown()
    elapsed = time.perf_counter() - start
    out.write(result.table() + "\n")
    out.write(f"{args.games / elapsed:.1f} games/s\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardrules", description="Rules engines for five card games.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games")
    p_play = sub.add_parser("play", help="play a game at the terminal against random bots")
    p_play.add_argument("game", choices=list(GAMES))
    p_play.add_argument("--seed", type=int, default=0)
    p_play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p_sim = sub.add_parser("simulate", help="random playouts with a summary table")
    p_sim.add_argument("game", nargs="?", choices=list(GAMES))
    p_sim.add_argument("--all", action="store_true", help="every registered game")
    p_sim.add_argument("--games", type=int, default=200, help="games per game (default 200)")
    p_sim.add_argument("--seed", type=int, default=0)
    p_arena = sub.add_parser("arena", help="bots against each other, with win rates and 95% intervals")
    p_arena.add_argument("game", choices=list(GAMES))
    p_arena.add_argument(
        "--bots", default="heuristic,random", help="comma-separated: random, heuristic, ismcts"
    )
    p_arena.add_argument("--games", type=int, default=100)
    p_arena.add_argument("--workers", type=int, default=None, help="processes (default: 1 for small runs)")
    p_arena.add_argument("--seed", type=int, default=0)
    p_arena.add_argument("--iterations", type=int, default=1000, help="ISMCTS iterations a decision")
    p_arena.add_argument(
        "--root",
        choices=["ucb", "halving"],
        default="ucb",
        help="how ISMCTS shares its budget among a decision's moves (see ISMCTSBot)",
    )
    p_arena.add_argument(
        "--expand-after", type=int, default=1, help="visits before an ISMCTS node grows children (default 1)"
    )
    p_arena.add_argument(
        "--duplicate", action="store_true", help="play every deal once per rotation of the seats"
    )
    p_rep = sub.add_parser("replay", help="print a saved transcript move by move")
    p_rep.add_argument("file")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cardrules`` console script; returns the exit status."""
    args = _parser().parse_args(argv)
    out = sys.stdout
    commands = {
        "games": _cmd_games,
        "play": _cmd_play,
        "simulate": _cmd_simulate,
        "replay": _cmd_replay,
        "arena": _cmd_arena,
    }
    try:
        return commands[args.command](args, out)
    except CardRulesError as exc:
        sys.stderr.write(f"cardrules: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
