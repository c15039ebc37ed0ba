"""A rating ladder: a round robin among bots on duplicate deals in every game, Bradley-Terry ratings.

    python benchmarks/ladder.py [--games pub_derby,manager] [--bots random,heuristic,ismcts,...]
        [--time 0.1 | --iterations K] [--deals 40] [--block 5] [--seed 2026] [--workers 1]
        [--results benchmarks/results/ladder] [--against BOT] [--write-docs]

Every pair of bots plays ``--deals`` deals of each game, every deal twice with the seats rotated
(the arena's ``run_matches(..., duplicate=True)``), in the shorter matches ``strength.py``'s search
runs use (Clubs to 20 points, 80 Points one round). The bots are named as ``cardrules arena
--bots`` names them, plus ``openspiel-ismcts`` (OpenSpiel's Python ISMCTS through the adapter,
``cardrules.adapters.openspiel_bots``); by default ``random``, ``heuristic``, ``ismcts`` (with
``root="halving"``, the stronger root, unless ``--root ucb``), ``pimc``, and ``openspiel-ismcts``
where OpenSpiel is installed. ``oracle`` (never by default) is the
open-hands oracle of ``benchmarks/oracle.py``, PIMC's search on the true state, and
``oracle-blind`` the same blind to its own face-down Rugby League row (a seat's ceiling): they need
``--workers 1``, as they find the true state in the process that plays. Every search gets the same CPU time a
move (``--time`` seconds, default 0.1), or with ``--iterations`` the same count (for tests).

It runs in parts: a game's deals are played in blocks of ``--block`` deals, every pair's block
appended as one JSON line to ``RESULTS/<game>.jsonl`` as soon as it is played (block ``k`` deals
from ``derive_seed(seed, k)``, so every pair meets the same deals). A rerun skips the blocks a file
already holds for the same settings, so a stopped run (Ctrl-C, a reboot) loses at most the block
under way, and a larger ``--deals`` extends a finished one. The blocks go round the pairs before
the next block, so the round robin stays even wherever it stops. ``--against BOT`` plays only the
pairs with ``BOT`` in them (each bot against one reference, not the whole round robin).

Then, per game, from everything the file holds for these settings: each pair's score and each
bot's win rate against each other (a draw is half a win; 95% Wilson interval, as
``docs/bot-measurements.md`` reports win rates), and Bradley-Terry ratings fitted by maximum
likelihood (``scipy.optimize``), on the Elo scale (400 points = 10 to 1 odds) with ``random`` at 0,
with 95% intervals from a bootstrap over deals (each pair's deals drawn again with replacement,
``--bootstrap`` times). Each pair played counts one virtual drawn game besides its own, so a bot
that won every game gets a finite rating. ``--write-docs`` writes the tables between the ladder
markers of docs/bot-measurements.md and the plot (matplotlib, the ``bench`` extra) to docs/images/ladder.png.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from oracle import OracleBot, watch
from strength import SEARCH_CONFIGS

from cardrules import GAMES, dumps
from cardrules.arena import ArenaResult, run_matches
from cardrules.bots import Bot
from cardrules.bots.names import read_bot_name
from cardrules.errors import ConfigError
from cardrules.rng import derive_seed

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "bot-measurements.md"
PLOT = ROOT / "docs" / "images" / "ladder.png"
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
"""The markers in docs/bot-measurements.md between which --write-docs writes the ladder."""
OPENSPIEL = "openspiel-ismcts"
ORACLE, BLIND_ORACLE = "oracle", "oracle-blind"
"""The open-hands oracle (benchmarks/oracle.py), and the one blind to its own face-down Rugby League
row: they read hidden cards, so they play in this process only."""
ELO = 400 / math.log(10)
"""Elo points per unit of the Bradley-Terry log-strength."""


def default_bots() -> list[str]:
    """random, heuristic, ismcts, pimc, and openspiel-ismcts if OpenSpiel is here."""
    import importlib.util

    bots = ["random", "heuristic", "ismcts", "pimc"]
    return bots + ([OPENSPIEL] if importlib.util.find_spec("pyspiel") is not None else [])


def make_bot(name: str, seconds: float | None, iterations: int | None, root: str) -> Bot:
    """The bot ``name`` names, a search at ``seconds`` of CPU time a move or ``iterations``."""
    if name in (ORACLE, BLIND_ORACLE):
        for game in GAMES.values():
            watch(game)
        return OracleBot(time_per_move=seconds if seconds is not None else 0.1, blind=name == BLIND_ORACLE)
    if name == OPENSPIEL:
        from cardrules.adapters.openspiel_bots import OpenSpielISMCTSBot

        if seconds is not None:
            return OpenSpielISMCTSBot(time_per_move=seconds)
        return OpenSpielISMCTSBot(iterations=iterations or 1000)
    budget = f"@{seconds}s" if seconds is not None else f":{iterations}"
    try:
        read = read_bot_name(name + budget)  # a search, with the budget
    except ConfigError:
        read = None
    if read is not None:
        return read.make(root=root) if read.kind == "ismcts" else read.make()  # type: ignore[arg-type]
    read = read_bot_name(name)  # a bot with no budget to give (random, heuristic)
    if read is None:
        raise ConfigError(f"no bot named {name!r}: a library bot's name or {OPENSPIEL!r}")
    bot = read.make()
    if hasattr(bot, "time_per_move") or hasattr(bot, "iterations"):
        # A search whose name takes no budget would play at its default, not the ladder's.
        raise ConfigError(f"{name!r} is a search, but its name takes no budget {budget!r}")
    return bot


def settings(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """What a block's results depend on besides its pair and number: a rerun reuses a block only
    when these agree."""
    config = SEARCH_CONFIGS.get(game)
    budget = f"{args.time}s" if args.iterations is None else f"{args.iterations} iterations"
    return {
        "game": game,
        "config": None if config is None else json.loads(dumps(config))["data"],
        "seed": args.seed,
        "block": args.block,
        "budget": budget,
        "root": args.root,
    }


def load_blocks(path: Path, wanted: dict[str, Any]) -> list[dict[str, Any]]:
    """The blocks of ``path`` played with the settings ``wanted`` (none if there is no file)."""
    if not path.exists():
        return []
    blocks = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            block = json.loads(line)
            if block["settings"] == wanted:
                blocks.append(block)
    return blocks


def block_record(
    wanted: dict[str, Any], pair: tuple[str, str], part: int, result: ArenaResult, seconds: float
) -> dict[str, Any]:
    """One pair's block as a JSON line: the bots as the arena labels them, each game's deal, seats
    (0 the pair's first bot), scores and winning seats, and the block's seconds."""
    games = [
        {
            "deal": r.index // 2,
            "seats": list(r.seats),
            "scores": list(r.scores),
            "winners": list(r.winners),
            "forfeit": r.forfeit,
            "error": r.error,
        }
        for r in result.results
    ]
    labels = [r.bot for r in result.records]
    return {
        "settings": wanted,
        "pair": list(pair),
        "part": part,
        "labels": labels,
        "seconds": round(seconds, 1),
        "games": games,
    }


def play_game(
    game: str,
    names: Sequence[str],
    args: argparse.Namespace,
    say: Callable[[str], None] = print,
) -> int:
    """Play what ``RESULTS/<game>.jsonl`` lacks of the ladder; return how many blocks were played."""
    wanted = settings(game, args)
    path = Path(args.results) / f"{game}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    done = {(tuple(b["pair"]), b["part"]) for b in load_blocks(path, wanted)}
    per_move = None if args.iterations is not None else args.time
    bots = {n: make_bot(n, per_move, args.iterations, args.root) for n in names}
    played = 0
    for part in range(math.ceil(args.deals / args.block)):
        for pair in itertools.combinations(names, 2):
            if (pair, part) in done or (args.against and args.against not in pair):
                continue
            start = time.perf_counter()
            result = run_matches(
                game,
                [bots[pair[0]], bots[pair[1]]],
                2 * args.block,
                derive_seed(args.seed, part),
                config=SEARCH_CONFIGS.get(game),
                duplicate=True,
                workers=args.workers,
            )
            seconds = time.perf_counter() - start
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(block_record(wanted, pair, part, result, seconds)) + "\n")
            played += 1
            first = result.records[0]
            score = f"{first.points:g} of {first.games}"
            say(f"{game} block {part} {pair[0]} v {pair[1]}: {score} ({seconds:.0f} s)")
    return played


def deal_points(
    blocks: Sequence[dict[str, Any]], names: Sequence[str]
) -> dict[tuple[int, int], list[tuple[float, int]]]:
    """For each pair of bots (indices into ``names``, the first lower), each deal's points of the
    first bot and games counted: a win 1, a draw (both bots among the winners) 1/2. A game that
    failed with no bot at fault is left out; a forfeit counts as the arena counts it."""
    index = {n: i for i, n in enumerate(names)}
    by_pair: dict[tuple[int, int], dict[tuple[int, int], list[float]]] = {}
    for block in blocks:
        a, b = block["pair"]
        if a not in index or b not in index:
            continue
        flip = index[a] > index[b]
        deals = by_pair.setdefault((min(index[a], index[b]), max(index[a], index[b])), {})
        for g in block["games"]:
            if g["error"] is not None and g["forfeit"] is None:
                continue
            winning = {g["seats"][w] for w in g["winners"]}
            points = 1.0 if winning == {0} else 0.5 if winning == {0, 1} else 0.0
            deals.setdefault((block["part"], g["deal"]), []).append(1.0 - points if flip else points)
    return {
        pair: [(math.fsum(p), len(p)) for _, p in sorted(deals.items())] for pair, deals in by_pair.items()
    }


def wilson(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate of ``points / games`` (a draw half a win, which the
    binomial tests of scipy, taking whole successes, do not accept)."""
    if games == 0:
        return (math.nan, math.nan)
    p, z, n = points / games, 1.96, games
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def fit_bradley_terry(wins: Any, games: Any, anchor: int = 0, virtual_draws: float = 1.0) -> Any:
    """Bradley-Terry log-strengths by maximum likelihood: ``wins[i][j]`` points of bot ``i`` over
    ``games[i][j]`` games against ``j`` (``wins[i][j] + wins[j][i] == games[i][j]``), with
    ``P(i beats j) = 1 / (1 + exp(s_j - s_i))``; bot ``anchor`` at 0. Each pair that played gets
    ``virtual_draws`` drawn games more, so a clean sweep has a finite answer."""
    import numpy as np
    from scipy.optimize import minimize

    w = np.asarray(wins, dtype=float)
    n = np.asarray(games, dtype=float)
    played = n > 0
    w, n = w + 0.5 * virtual_draws * played, n + virtual_draws * played
    k = len(w)
    free = [i for i in range(k) if i != anchor]

    def strengths(x: Any) -> Any:
        s = np.zeros(k)
        s[free] = x
        return s

    def loss(x: Any) -> tuple[float, Any]:
        s = strengths(x)
        diff = s[:, None] - s[None, :]
        # -log P(i beats j) = log(1 + exp(-(s_i - s_j))), weighted by i's points over j.
        value = float(np.sum(w * np.logaddexp(0.0, -diff)))
        p = 1.0 / (1.0 + np.exp(-diff))
        grad = np.sum(n * p - w, axis=1)  # d/ds_i of the loss, from both orders of each pair
        return value, grad[free]

    found = minimize(loss, np.zeros(k - 1), jac=True, method="BFGS")
    return strengths(found.x)


def ratings(
    pairs: dict[tuple[int, int], list[tuple[float, int]]], bots: int, anchor: int, resamples: int, seed: int
) -> tuple[Any, Any]:
    """Elo ratings (``anchor`` at 0) and their 95% bootstrap intervals (``bots`` x 2), the deals of
    each pair drawn again with replacement ``resamples`` times."""
    import numpy as np

    def totals(chosen: dict[tuple[int, int], Any]) -> tuple[Any, Any]:
        w, n = np.zeros((bots, bots)), np.zeros((bots, bots))
        for (i, j), deals in chosen.items():
            points, count = deals[:, 0].sum(), deals[:, 1].sum()
            w[i, j], w[j, i], n[i, j], n[j, i] = points, count - points, count, count
        return w, n

    arrays = {pair: np.asarray(deals, dtype=float) for pair, deals in pairs.items() if deals}
    best = ELO * fit_bradley_terry(*totals(arrays), anchor=anchor)
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(resamples):
        again = {pair: a[rng.integers(0, len(a), len(a))] for pair, a in arrays.items()}
        draws.append(ELO * fit_bradley_terry(*totals(again), anchor=anchor))
    if not draws:
        return best, np.full((bots, 2), np.nan)
    return best, np.percentile(np.asarray(draws), [2.5, 97.5], axis=0).T


def analyse(
    game: str, names: Sequence[str], blocks: Sequence[dict[str, Any]], resamples: int
) -> dict[str, Any]:
    """One game's ladder: each bot's rating and interval and games, and each pair's score."""
    pairs = deal_points(blocks, names)
    playing = sorted({i for pair in pairs for i in pair})
    kept = [names[i] for i in playing]
    renumber = {old: new for new, old in enumerate(playing)}
    anchor = renumber.get(names.index("random"), 0) if "random" in names else 0
    local = {(renumber[i], renumber[j]): deals for (i, j), deals in pairs.items()}
    elo, ci = ratings(local, len(kept), anchor, resamples, seed=0) if kept else ([], [])
    head = {}
    for (i, j), deals in pairs.items():
        points, count = math.fsum(p for p, _ in deals), sum(c for _, c in deals)
        head[(names[i], names[j])] = (points, count, len(deals))
    return {
        "game": game,
        "bots": kept,
        "anchor": kept[anchor] if kept else None,
        "ratings": {b: (float(elo[k]), float(ci[k][0]), float(ci[k][1])) for k, b in enumerate(kept)},
        "games": {b: sum(c for (x, y), (_, c, _) in head.items() if b in (x, y)) for b in kept},
        "head": head,
    }


def markdown(ladders: Sequence[dict[str, Any]], command: str, plot: str | None) -> str:
    """The ladders as markdown: per game the ratings and the head-to-head win rates."""
    lines = [f"Measured by `{command}`.", ""]
    if plot is not None:
        lines += [f"![Ratings with 95% intervals, per game]({plot})", ""]
    for ladder in ladders:
        config = SEARCH_CONFIGS.get(ladder["game"])
        lines += [f"### {ladder['game']}" + (f" ({config!r})" if config is not None else ""), ""]
        lines += _rating_table(ladder) + [""] + _head_table(ladder) + [""]
    return "\n".join(lines).rstrip() + "\n"


def _rating_table(ladder: dict[str, Any]) -> list[str]:
    anchor = ladder["anchor"]
    lines = [f"| bot | rating (Elo, {anchor} = 0) | 95% interval | games |", "|---|---|---|---|"]
    order = sorted(ladder["bots"], key=lambda b: -ladder["ratings"][b][0])
    for bot in order:
        elo, lo, hi = ladder["ratings"][bot]
        interval = "-" if bot == anchor else f"[{lo:.0f}, {hi:.0f}]"
        lines.append(f"| {bot} | {elo:.0f} | {interval} | {ladder['games'][bot]} |")
    return lines


def _head_table(ladder: dict[str, Any]) -> list[str]:
    bots = ladder["bots"]
    lines = [
        "Row's win rate against column (a draw half a win; 95% Wilson interval; games):",
        "",
        "| | " + " | ".join(bots) + " |",
        "|---" * (len(bots) + 1) + "|",
    ]
    for row in bots:
        cells = []
        for col in bots:
            if row == col:
                cells.append("")
                continue
            found = ladder["head"].get((row, col))
            if found is not None:
                points, count, _ = found
            elif (col, row) in ladder["head"]:
                other, count, _ = ladder["head"][(col, row)]
                points = count - other
            else:
                cells.append("-")
                continue
            lo, hi = wilson(points, count)
            cells.append(f"{points / count:.2f} [{lo:.2f}, {hi:.2f}] ({count})")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    return lines


def write_between_markers(path: Path, text: str) -> None:
    """Put ``text`` between the ladder markers of ``path`` (``ValueError`` if it has none)."""
    page = path.read_text(encoding="utf-8")
    if page.count(START) != 1 or page.count(END) != 1 or page.index(START) > page.index(END):
        raise ValueError(f"{path} needs one {START} line and one {END} line after it")
    before, rest = page.split(START)
    _, after = rest.split(END)
    path.write_text(before + START + "\n" + text + END + after, encoding="utf-8")


def plot(ladders: Sequence[dict[str, Any]], path: Path) -> None:
    """Each game's ratings with their 95% intervals, one panel a game (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(ladders), figsize=(4.2 * len(ladders), 3.6), squeeze=False)
    for ax, ladder in zip(axes[0], ladders):
        bots = sorted(ladder["bots"], key=lambda b: ladder["ratings"][b][0])
        elo = [ladder["ratings"][b][0] for b in bots]
        low = [max(0.0, e - ladder["ratings"][b][1]) for e, b in zip(elo, bots)]
        high = [max(0.0, ladder["ratings"][b][2] - e) for e, b in zip(elo, bots)]
        ax.errorbar(elo, range(len(bots)), xerr=[low, high], fmt="o", capsize=4)
        ax.set_yticks(range(len(bots)), bots)
        ax.set_title(ladder["game"])
        ax.set_xlabel(f"Elo ({ladder['anchor']} = 0), 95% interval")
        ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated (default: all)")
    parser.add_argument("--bots", default=None, help="bots, comma-separated (default: see above)")
    parser.add_argument("--time", type=float, default=0.1, help="CPU seconds a move for every search")
    parser.add_argument("--iterations", type=int, default=None, help="a count a move instead of --time")
    parser.add_argument("--root", choices=["ucb", "halving"], default="halving", help="ISMCTSBot's root")
    parser.add_argument("--deals", type=int, default=40, help="deals a pair (rounded up to whole blocks)")
    parser.add_argument("--block", type=int, default=5, help="deals a block, the unit a rerun skips")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--against", default=None, help="play only the pairs with this bot in them")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples of the deals")
    parser.add_argument("--results", default=str(ROOT / "benchmarks" / "results" / "ladder"))
    parser.add_argument("--play", action=argparse.BooleanOptionalAction, default=True, help="play first")
    parser.add_argument(
        "--write-docs", action="store_true", help="write docs/bot-measurements.md and the plot"
    )
    parser.add_argument("--docs", default=str(DOCS), help=argparse.SUPPRESS)
    parser.add_argument("--plot", default=str(PLOT), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.games = args.games.split(",")
    args.bots = args.bots.split(",") if args.bots else default_bots()
    unknown = [g for g in args.games if g not in GAMES]
    if unknown or len(args.bots) < 2 or min(args.deals, args.block) < 1:
        parser.error(f"games are {', '.join(GAMES)}; at least two bots; --deals and --block at least 1")
    if args.against is not None and args.against not in args.bots:
        parser.error(f"--against {args.against!r} is not among the bots {', '.join(args.bots)}")
    oracles = [name for name in args.bots if name in (ORACLE, BLIND_ORACLE)]
    if oracles and args.workers != 1:
        parser.error(f"{oracles[0]!r} reads the true state in the process that plays: --workers 1")
    return args


def command_of(args: argparse.Namespace) -> str:
    """The command that plays this ladder, every setting a block depends on spelled out."""
    budget = f"--time {args.time:g}" if args.iterations is None else f"--iterations {args.iterations}"
    return (
        f"python benchmarks/ladder.py --games {','.join(args.games)} --bots {','.join(args.bots)} "
        f"{budget} --deals {args.deals} --block {args.block} --seed {args.seed} --root {args.root}"
        + (f" --against {args.against}" if args.against else "")
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    ladders = []
    for game in args.games:
        if args.play:
            try:
                play_game(game, args.bots, args, say=lambda text: print(text, file=sys.stderr, flush=True))
            except KeyboardInterrupt:
                print("stopped: the blocks played are saved; run again to go on", file=sys.stderr)
                return 130
        parts = math.ceil(args.deals / args.block)
        saved = load_blocks(Path(args.results) / f"{game}.jsonl", settings(game, args))
        blocks = [b for b in saved if b["part"] < parts]  # a file may hold more deals than asked for
        if blocks:
            ladders.append(analyse(game, args.bots, blocks, args.bootstrap))
    command = command_of(args)
    image = None
    if args.write_docs and ladders:
        plot(ladders, Path(args.plot))
        image = Path(os.path.relpath(args.plot, Path(args.docs).parent)).as_posix()
    text = markdown(ladders, command, image)
    print(text)
    if args.write_docs and ladders:
        write_between_markers(Path(args.docs), text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
