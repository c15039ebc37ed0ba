"""Does a review tell players apart? Issue #60's measure, in one run.

For each of the five games (Rugby League blind, its default; open hands is a variant, run with
``--only rugby_open``: docs/review.md says why it is outside the bound), ``random``,
``heuristic`` and ``pimc@0.5s`` play (Clubs: the three rotating round a four-seat table; the
other games, whose seats pair up or are two: each pair of the three head to head, a third of the
games each), every finished game is reviewed at the review's default budget
(``run_matches(..., review=DEFAULT_BUDGET)``, every seat), and each bot's accuracy is pooled over
all its decisions with its 95% interval over games (``cardrules.arena._review.bot_review``), and
again over each pairing's own games. The bound is judged where the bots met (Clubs: at the same
tables): in every pairing, accuracy ``random < heuristic < pimc`` (equal accuracies told apart by
the mean loss), and the bot judged the more accurate has the higher win rate. The order pooled
over all games is shown and judged too, but it mixes opponents: a bot facing a stronger one is
led into lost positions, where every move is worth about the same (docs/review.md, Manager).

    python benchmarks/review_players.py --games 200 --workers 2
    python benchmarks/review_players.py --quick    # a smoke run: 3 games a game, 2 deals

PIMC plays on CPU time, so its games, and the figures, differ from run to run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules import clubs, eighty_points, pub_derby, rugby_league
from cardrules.arena import GameResult, _records, run_matches
from cardrules.arena._review import BotReview, bot_review, review_worth
from cardrules.bots import Bot, HeuristicBot, PIMCBot, RandomBot
from cardrules.registry import get_game
from cardrules.review import DEFAULT_BUDGET, ReviewBudget, SeatSummary

PAIRS = ((0, 1), (1, 2), (0, 2))


@attrs.frozen
class Case:
    """One game as measured: ``key`` for ``--only``, its ``label``, registry ``name``, ``config``,
    whether its bots meet in ``pairs`` (else all three at one table, rotating), and whether it is
    one of the five games the bound is for (``bound``; a variant runs only when ``--only`` names
    it)."""

    key: str
    label: str
    name: str
    config: Any
    pairs: bool
    bound: bool = True


CASES = (
    Case("clubs", "Clubs to 10", "clubs", clubs.Config(threshold=10), pairs=False),
    Case("pub_derby", "Pub Derby, classic", "pub_derby", pub_derby.Config(format="classic"), pairs=True),
    Case("rugby_blind", "Rugby League, blind", "rugby_league", None, pairs=True),
    Case(
        "rugby_open",
        "Rugby League, open hands",
        "rugby_league",
        rugby_league.Config(open_hands=True),
        pairs=True,
        bound=False,  # its review judges against a rule of thumb that is no answer to itself: docs
    ),
    Case(
        "eighty_points", "80 Points, one round", "eighty_points", eighty_points.Config(rounds=1), pairs=True
    ),
    Case("manager", "Manager", "manager", None, pairs=True),
)


@attrs.frozen
class _Pooled:
    """A game's result with its seats named by the three bots' global numbers (0-2)."""

    seats: tuple[int, ...]
    review: Any


def _bots(seconds: float) -> list[Bot]:
    return [RandomBot(), HeuristicBot(), PIMCBot(time_per_move=seconds)]


CHUNK = 6
"""Games a pairing plays at a time (a multiple of every rotation of the seats: 2 bots or 3); with
``--save``, each chunk's games are written as soon as it ends, so a stopped run keeps them."""


@attrs.frozen
class _Group:
    """One pairing's (or the one table's) games so far: ``group``, the bots' global numbers, and
    its finished ``results``, with ``records`` and ``worth`` as ``run_matches`` gives them."""

    group: tuple[int, ...]
    results: tuple[GameResult, ...]
    records: tuple[Any, ...]
    worth: Any


def _settings(case: Case, seed: int, budget: ReviewBudget, seconds: float) -> dict[str, Any]:
    """What a saved game was played and reviewed at: a later run adds to it only at the same."""
    return {"case": case.key, "seed": seed, "budget": str(budget), "seconds": seconds}


def _saved(path: Path | None, settings: dict[str, Any]) -> dict[tuple[int, ...], dict[int, list[GameResult]]]:
    """The games saved at ``path`` under ``settings``: each group's, by chunk."""
    found: dict[tuple[int, ...], dict[int, list[GameResult]]] = {}
    if path is None or not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if {k: entry[k] for k in settings} != settings:
            continue
        games = [_game_from(g) for g in entry["games"]]
        found.setdefault(tuple(entry["group"]), {})[entry["chunk"]] = games
    return found


def _game_to(game: GameResult) -> dict[str, Any]:
    """A game as a saved line holds it: all but its transcript and traceback (plain JSON)."""
    return attrs.asdict(game, recurse=True, filter=lambda a, _: a.name not in ("transcript", "traceback"))


def _game_from(data: dict[str, Any]) -> GameResult:
    """A saved game read back (what ``bot_review`` and the records read of it)."""
    summaries = None
    if data["review"] is not None:
        summaries = tuple(
            SeatSummary(**{**s, "labels": tuple(s["labels"]), "costliest": tuple(s["costliest"])})
            for s in data["review"]
        )
    tuples = {k: tuple(data[k]) for k in ("seats", "scores", "winners")}
    return GameResult(**{**data, **tuples, "review": summaries})


@attrs.frozen
class _Plan:
    """How a run plays: ``games`` a game at least, ``chunk`` a pairing at a time, from ``seed``;
    ``budget`` a reviewed decision, PIMC's ``seconds`` a decision, ``workers`` processes, and the
    file its games are saved to and read from (``save``, or ``None``)."""

    games: int
    chunk: int
    seed: int
    budget: ReviewBudget
    seconds: float
    workers: int
    save: Path | None


def _run(case: Case, plan: _Plan) -> list[_Group]:
    """Each pairing's (or the one table's) games, ``plan.chunk`` at a time, a chunk of each
    pairing in turn (so a stopped run leaves them even); those ``plan.save`` holds already are
    read, not played again."""
    bots = _bots(plan.seconds)
    groups: list[tuple[int, ...]] = [(a, b) for a, b in PAIRS] if case.pairs else [(0, 1, 2)]
    chunks = max(1, -(-plan.games // (len(groups) * plan.chunk)))  # at least ``games`` in all
    settings = {**_settings(case, plan.seed, plan.budget, plan.seconds), "chunk_games": plan.chunk}
    saved = _saved(plan.save, settings)
    done: dict[tuple[int, ...], dict[int, list[GameResult]]] = {g: saved.get(g, {}) for g in groups}
    for c in range(chunks):
        for k, group in enumerate(groups):
            if c not in done[group]:
                done[group][c] = _chunk(case, plan, [bots[g] for g in group], k, c)
                if plan.save is not None:
                    games = [_game_to(g) for g in done[group][c]]
                    line = {**settings, "group": list(group), "chunk": c, "games": games}
                    with plan.save.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(line) + "\n")
    worth = review_worth(get_game(case.name))
    runs = []
    for group in groups:
        results = [r for c in range(chunks) for r in done[group][c]]
        runs.append(
            _Group(group, tuple(results), _records([str(g) for g in group], results, reviewing=True), worth)
        )
    return runs


def _chunk(case: Case, plan: _Plan, bots: list[Bot], k: int, c: int) -> list[GameResult]:
    """Chunk ``c`` of group ``k``: ``plan.chunk`` games from the seed ``seed + k + 3 c``, reviewed."""
    played = run_matches(
        case.name,
        bots,
        plan.chunk,
        plan.seed + k + len(PAIRS) * c,
        config=case.config,
        workers=plan.workers,
        review=plan.budget,
    )
    return list(played.results)


def _pooled(runs: Sequence[_Group]) -> list[_Pooled]:
    pooled = []
    for run in runs:
        pooled += [_Pooled(tuple(run.group[s] for s in game.seats), game.review) for game in run.results]
    return pooled


def _skill(r: BotReview) -> tuple[float, float]:
    """How well a bot played by its review: its accuracy, then (where two are equal, as two bots
    that never err are) the lower mean loss."""
    return (r.accuracy or 0.0, -r.mean_loss)


def _accuracy(r: BotReview) -> str:
    if r.accuracy is None or r.accuracy_ci is None:
        return "-"
    lo, hi = r.accuracy_ci
    return f"{r.accuracy:.1f}% [{lo:.1f}, {hi:.1f}]"


def _in_order(reviews: dict[int, BotReview], bots: Sequence[int]) -> tuple[bool, bool]:
    """Whether ``bots`` (global numbers, the weakest first) are judged in that order of skill, and
    whether each one's accuracy interval ends below the next one's begins."""
    steps = list(itertools.pairwise(bots))
    ordered = all(_skill(reviews[a]) < _skill(reviews[b]) for a, b in steps)
    apart = all(
        (reviews[a].accuracy_ci or (0.0, 0.0))[1] < (reviews[b].accuracy_ci or (0.0, 0.0))[0]
        for a, b in steps
    )
    return ordered, apart


def _bot_rows(reviews: Sequence[BotReview], names: Sequence[str], unit: str) -> list[str]:
    lines = [
        f"| bot | games | decisions judged | accuracy (95% CI) | mean loss ± se ({unit}) |",
        "|---|---:|---:|---|---|",
    ]
    for b, r in enumerate(reviews):
        se = "-" if r.mean_loss_stderr is None else f"{r.mean_loss_stderr:.2f}"
        lines.append(f"| {names[b]} | {r.games} | {r.judged} | {_accuracy(r)} | {r.mean_loss:.2f} ± {se} |")
    return lines


def _met(run: _Group) -> tuple[dict[int, BotReview], dict[int, Any]]:
    """Each bot's review over the games of ``run`` alone (where its bots met), and its record."""
    games = _pooled([run])
    return {g: bot_review(g, games) for g in run.group}, dict(zip(run.group, run.records))


def _pairing_rows(runs: Sequence[_Group], names: Sequence[str]) -> tuple[list[str], bool, bool, bool]:
    """A row a pairing (Clubs: its one table): each bot's accuracy over those games alone, the
    win rates, whether the stronger bot is judged the more accurate there and whether the order of
    accuracy there is the order of win rates; then whether every pairing is in order, apart, and
    agrees."""
    lines = [
        "| head to head | games | accuracy where they met (95% CI) | win rates (95% CI) | in order"
        " | the more accurate wins more |",
        "|---|---:|---|---|---|---|",
    ]
    all_ordered = all_apart = all_agree = True
    for run in runs:
        reviews, records = _met(run)
        bots = sorted(run.group)  # random 0 < heuristic 1 < pimc 2: the order a bound expects
        ordered, apart = _in_order(reviews, bots)
        by_skill = sorted(bots, key=lambda g: _skill(reviews[g]))
        by_rate = sorted(bots, key=lambda g: records[g].win_rate)
        agree = by_skill == by_rate
        all_ordered, all_apart, all_agree = all_ordered and ordered, all_apart and apart, all_agree and agree
        accuracy = ", ".join(f"{names[g]} {_accuracy(reviews[g])}" for g in run.group)
        rates = ", ".join(
            f"{names[g]} {rec.win_rate:.3f} [{rec.win_rate_ci[0]:.3f}, {rec.win_rate_ci[1]:.3f}]"
            for g, rec in records.items()
        )
        vs = " v ".join(names[g] for g in run.group)
        lines.append(
            f"| {vs} | {run.records[0].games} | {accuracy} | {rates} | {_yes(ordered)} | {_yes(agree)} |"
        )
    return lines, all_ordered, all_apart, all_agree


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _met_or_not(flag: bool) -> str:
    return "met" if flag else "not met"


def _report(case: Case, runs: Sequence[_Group], seconds: float, names: Sequence[str]) -> list[str]:
    """The tables and verdicts of one game. The bound is judged where the bots met: in every
    pairing the stronger bot is the more accurate and the more accurate wins more. Accuracy pooled
    over all of a bot's games is shown and judged too, but it mixes opponents: a bot facing a
    stronger one reaches lost positions, where every move is worth about the same (docs/review.md)."""
    pooled = _pooled(runs)
    reviews = [bot_review(b, pooled) for b in range(3)]
    unit = runs[0].worth.unit if runs[0].worth is not None else "?"
    lines = [f"### {case.label} ({len(pooled)} games; this run {seconds:.0f} s)", ""]
    lines += _bot_rows(reviews, names, unit) + [""]
    rows, ordered, apart, agree = _pairing_rows(runs, names)
    pooled_ordered, pooled_apart = _in_order(dict(enumerate(reviews)), (0, 1, 2))
    met = ordered and agree
    lines += rows + [
        "",
        f"- accuracy random < heuristic < pimc, pooled over all games: {_met_or_not(pooled_ordered)}"
        f" (intervals apart: {_yes(pooled_apart)})",
        f"- accuracy in that order where they met, every pairing: {_met_or_not(ordered)}"
        f" (intervals apart: {_yes(apart)})",
        f"- the more accurate where they met wins more, every pairing: {_met_or_not(agree)}",
        f"- the bound (in order where they met, and the more accurate wins more): {_met_or_not(met)}",
        "",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measure and print its tables (markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a game (split among the pairings)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.5, help="PIMC's CPU seconds a decision")
    parser.add_argument(
        "--only",
        nargs="+",
        choices=[c.key for c in CASES],
        help="these games only (the default: the five games, not the open-hands variant)",
    )
    parser.add_argument("--save", type=Path, help="a file of JSON lines that keeps the games played")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 games a game, 2 deals, 0.01 s")
    args = parser.parse_args(argv)
    budget, chunk = DEFAULT_BUDGET, CHUNK
    if args.quick:
        args.games, args.seconds, budget, chunk = 3, 0.01, ReviewBudget(deals=2), 1
    plan = _Plan(
        games=args.games,
        chunk=chunk,
        seed=args.seed,
        budget=budget,
        seconds=args.seconds,
        workers=args.workers,
        save=args.save,
    )
    print(f"review at {budget} a decision; pimc at {args.seconds:g} s a decision; seed {args.seed}\n")
    for case in [c for c in CASES if (c.key in args.only if args.only else c.bound)]:
        started = time.monotonic()
        runs = _run(case, plan)
        names = ("random", "heuristic", f"pimc@{args.seconds:g}s")
        print("\n".join(_report(case, runs, time.monotonic() - started, names)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
