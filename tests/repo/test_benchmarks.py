"""The benchmark script runs and prints every row it promises (its figures are for people, not
for tests: machines are noisy)."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules import GAMES

BENCH = Path(__file__).parents[2] / "benchmarks" / "bench.py"


def _run(script: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python script args...`` run to its end, its output captured as text; ``CalledProcessError``
    if it fails."""
    command = [sys.executable, str(script), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)


def test_bench_prints_a_row_for_the_floor_every_game_and_openspiel_where_installed() -> None:
    result = _run(BENCH, "--rounds", "2", "--games", "1", "--repeat", "1", "--ismcts", "0")
    lines = result.stdout.splitlines()
    rows = {line.split("  ")[0] for line in lines}
    assert {"bare clubs round (floor)", "clubs round (api)"} <= rows
    assert {f"{name} game (api)" for name in GAMES} <= rows
    per_card = lines[lines.index(next(line for line in lines if line.startswith("per card played"))) :]
    assert {f"{name} game (api)" for name in GAMES} <= {line.split("  ")[0] for line in per_card}
    assert ("pyspiel hearts game (C++)" in rows) == (importlib.util.find_spec("pyspiel") is not None)


BUILDS = BENCH.parent / "builds.py"


def test_the_builds_worker_times_every_game_in_the_build_it_runs() -> None:
    """benchmarks/builds.py's worker (one build's timings, as JSON) has a figure for the bare loop
    and every game, and says which build it ran; CI runs the whole comparison of both builds."""
    import json

    import cardrules

    result = _run(BUILDS, "--worker", "--games", "1")
    figures = json.loads(result.stdout)
    assert figures["compiled"] == float(cardrules.COMPILED)
    per_card = [f"{name} per card" for name in GAMES]
    assert {"bare loop", *GAMES, *per_card} <= set(figures)
    assert all(figures[key] > 0 for key in ("bare loop", *GAMES, *per_card))


def test_cards_played_counts_the_cards_a_move_plays() -> None:
    """The unit of the per-card figures, worked by hand: each card of a play (an 80 Points double
    is two, sisters four), one for a discard, an exchange or a Rugby League pick, none for an
    answer, a pass or a kick."""
    from cardrules import clubs, eighty_points, manager, pub_derby, rugby_league

    bench = _load(BENCH)
    counted = [
        (clubs.Play("7C"), 1),
        (pub_derby.Play("QH"), 1),
        (eighty_points.Play("7C"), 1),
        (eighty_points.Play("7C 7C"), 2),
        (eighty_points.Play("7C 7C 8C 8C"), 4),
        (eighty_points.Discard("3D"), 1),
        (eighty_points.KeepHand(), 0),
        (eighty_points.DeclareNoTrump(), 0),
        (rugby_league.Choose(2), 1),
        (rugby_league.KickForGoal(), 0),
        (rugby_league.AttemptDropGoal(), 0),
        (manager.Exchange("AS", "2H"), 1),
        (manager.Pass(), 0),
    ]
    assert [(move, bench.cards_played(move)) for move, _ in counted] == counted


def _load(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_builds_comparison_needs_the_compiled_interpreter() -> None:
    result = subprocess.run(
        [sys.executable, str(BUILDS)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2
    assert "--compiled-python is required" in result.stderr


DECISION_TIME = BENCH.parent / "decision_time.py"


def test_decision_time_prints_a_row_for_each_root_and_judges_the_worst_p99() -> None:
    """benchmarks/decision_time.py times both roots on the game asked for and says whether the
    worst 99th percentile keeps the bound (its exit status; the figures are this machine's)."""
    result = subprocess.run(
        [sys.executable, str(DECISION_TIME), "clubs", "--decisions", "4", "--budget", "0.01"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith("clubs ")]
    assert [row[:3] for row in rows] == [["clubs", "ucb", "4"], ["clubs", "halving", "4"]]
    assert all(float(value) > 0 for row in rows for value in row[3:])
    verdict = result.stdout.splitlines()[-1]
    assert verdict.startswith("worst p99") and ("within" in verdict) == (result.returncode == 0)
    bad = subprocess.run(
        [sys.executable, str(DECISION_TIME), "chess"], capture_output=True, text=True, timeout=60, check=False
    )
    assert bad.returncode == 2 and "no game named 'chess'" in bad.stderr


def test_decision_time_times_pimc_when_asked() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(DECISION_TIME),
            "pub_derby",
            "--decisions",
            "3",
            "--budget",
            "0.01",
            "--bot",
            "pimc",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr
    assert result.stdout.startswith("PIMCBot(time_per_move=0.01)")
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith("pub_derby ")]
    assert [row[:3] for row in rows] == [["pub_derby", "pimc", "3"]]


def test_decision_time_times_openspiel_when_asked() -> None:
    pytest.importorskip("pyspiel")
    command = [str(DECISION_TIME), "manager", "--decisions", "3", "--budget", "0.01", "--bot", "openspiel"]
    result = subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode in (0, 1), result.stderr
    assert result.stdout.startswith("OpenSpielISMCTSBot(time_per_move=0.01)")
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith("manager ")]
    assert [row[:3] for row in rows] == [["manager", "uct", "3"]]


def test_decision_time_percentiles_are_in_budgets() -> None:
    module = _load(DECISION_TIME)
    assert module.ratios([0.1] * 99 + [0.3], 0.1) == (1.0, pytest.approx(1.02), pytest.approx(3.0))


SECOND_HALF = BENCH.parent / "second_half.py"


def test_second_half_counts_each_match_once_by_its_yellow_cards_and_prints_pimcs_table_shape() -> None:
    """benchmarks/second_half.py counts every match once (the even groups both ways, so twice),
    symmetric where neither team is singled out, and prints a row of counts from -4 to +4 for each
    group of each format, the shape of ``pub_derby.policy._SECOND_HALF``."""
    from cardrules.pub_derby.policy import _SECOND_HALF

    result = _run(SECOND_HALF, "--games", "40")
    table: dict[str, dict[str, tuple[int, ...]]] = ast.literal_eval("{" + result.stdout + "}")
    assert table.keys() == _SECOND_HALF.keys()
    for fmt, groups in table.items():
        assert groups.keys() == _SECOND_HALF[fmt].keys()
        assert all(len(row) == 9 for row in groups.values())
        assert groups["none"] == groups["none"][::-1] and groups["both"] == groups["both"][::-1]
        assert (sum(groups["none"]) + sum(groups["both"])) // 2 + sum(groups["ours"]) == 40


SCOREBOARD = BENCH.parent / "scoreboard.py"


def test_scoreboard_prints_the_exact_ceiling_and_plays_both_bots_at_both_seats() -> None:
    """benchmarks/scoreboard.py prints the public game's values from the kick-off (the mean of the
    two best answers between the rule of thumb's and 1), then each bot's points over the seeds
    played at both seats."""
    result = _run(SCOREBOARD, "--games", "5")
    lines = result.stdout.splitlines()
    rule = float(lines[0].rsplit(" ", 1)[1])
    mean = float(lines[1].rsplit(" ", 1)[1])
    assert 0.45 < rule < 0.55 and rule < mean < 1
    played = [line for line in lines if "against heuristic" in line]
    assert [line.split(" against")[0] for line in played] == ["best answer", "pimc"]
    assert all(" of 10, " in line for line in played)


RL = BENCH.parent / "rl.py"


def test_rl_prints_a_row_for_every_path_and_the_targets() -> None:
    """benchmarks/rl.py times native play, both PettingZoo paths of every game, the vectorised
    environment at three batch sizes and (where pyspiel is installed) the OpenSpiel adapter, and
    judges the issue's bounds; the optional libraries' rows come only where they import."""
    pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    result = _run(RL, "--quick")
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith("| ")]
    labels = [row[0].removeprefix("| ") for row in rows[2:]]
    assert rows[0][0] == "| path" and labels[0] == "cardrules clubs, `legal_moves` + `apply`"
    expected = {f"cardrules {name}, `legal_moves` + `apply`" for name in GAMES}
    expected |= {
        f"`{name}_v0` `{kind}()`, `last()` + `step()`" for name in GAMES for kind in ("env", "raw_env")
    }
    expected |= {f"`VectorEnv` clubs, {rows} rows, `step()` a row" for rows in (16, 64, 256)}
    if importlib.util.find_spec("pyspiel") is not None:
        expected |= {f"{name} through OpenSpiel (pyspiel API)" for name in GAMES}
    assert expected <= set(labels)
    assert ("RLCard `bridge`, `env.step`" in labels) == (importlib.util.find_spec("rlcard") is not None)
    assert all(float(cell) > 0 for row in rows[2:] for cell in row[1:5])
    assert rows[2][5:7] == ["1.00", "1.00"]  # native Clubs against itself
    verdicts = [line for line in result.stdout.splitlines() if line.startswith("- ")]
    assert verdicts[0].startswith("- `clubs_v0` `env()`: ") and all(
        line.endswith((": met", ": not met")) for line in verdicts
    )
    # 1 for clubs_v0 against native Clubs, 2 a game (3 with pyspiel: the OpenSpiel adapter's), 1
    # for VectorEnv's best batch, 1 for RLCard.
    openspiel = importlib.util.find_spec("pyspiel") is not None
    assert len(verdicts) == 1 + (2 + openspiel) * len(GAMES) + 1 + ("RLCard `bridge`, `env.step`" in labels)
    if openspiel:
        assert any(
            line.startswith("- eighty_points through OpenSpiel") and "(bound 2x)" in line for line in verdicts
        )
    assert any(line.startswith("- `VectorEnv` clubs, ") and "(bound 3x)" in line for line in verdicts)


PLAYERS = BENCH.parent / "review_players.py"


@pytest.mark.slow  # about 20 s: every game played and reviewed, if briefly
def test_review_players_tables_every_game_and_judges_the_bounds() -> None:
    """benchmarks/review_players.py plays and reviews every game's three bots and prints, for
    each, a row a bot, a row a pairing and its verdicts."""
    result = _run(PLAYERS, "--quick", "--workers", "1", timeout=600)
    out = result.stdout
    titles = [line for line in out.splitlines() if line.startswith("### ")]
    assert [t.split(" (")[0] for t in titles] == [
        "### Clubs to 10",
        "### Pub Derby, classic",
        "### Rugby League, blind",
        "### 80 Points, one round",
        "### Manager",
    ]  # open-hands Rugby League, a variant outside the bound, only when --only names it
    for bot in ("random", "heuristic", "pimc@0.01s"):
        assert len([line for line in out.splitlines() if line.startswith(f"| {bot} |")]) == 5
    assert out.count("| random v heuristic |") == 4  # the four games played in pairs
    for verdict in (
        "- accuracy random < heuristic < pimc, pooled over all games: ",
        "- accuracy in that order where they met, every pairing: ",
        "- the more accurate where they met wins more, every pairing: ",
        "- the bound (in order where they met, and the more accurate wins more): ",
    ):
        said = [line.removeprefix(verdict) for line in out.splitlines() if line.startswith(verdict)]
        assert len(said) == 5 and all(v.split(" (")[0] in ("met", "not met") for v in said), verdict


@pytest.mark.slow  # a few seconds: three brief games of the variant
def test_review_players_runs_the_open_hands_variant_only_when_named() -> None:
    """``--only rugby_open`` measures the variant the default run leaves out, with its own table
    and verdicts."""
    out = _run(PLAYERS, "--quick", "--workers", "1", "--only", "rugby_open", timeout=600).stdout
    titles = [line.split(" (")[0] for line in out.splitlines() if line.startswith("### ")]
    assert titles == ["### Rugby League, open hands"]
    assert out.count("| random v heuristic |") == 1
    bound = "- the bound (in order where they met, and the more accurate wins more): "
    assert len([line for line in out.splitlines() if line.startswith(bound)]) == 1


def _reviewed(seats: tuple[int, int], good: tuple[int, int], winner: int) -> Any:
    """A two-seat game whose seat ``s`` judged 10 decisions, ``good[s]`` of them best, the rest
    blunders of 20 each, won by seat ``winner``."""
    from cardrules.arena import GameResult
    from cardrules.review import SeatSummary

    summaries = tuple(
        SeatSummary(
            seat=s,
            decisions=10,
            judged=10,
            accuracy=10.0 * good[s],
            mean_loss=2.0 * (10 - good[s]),
            labels=(0, good[s], 0, 0, 0, 10 - good[s]),
            costliest=(),
        )
        for s in (0, 1)
    )
    scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    return GameResult(index=0, seats=seats, scores=scores, winners=(winner,), review=summaries)


def test_review_players_judges_the_bound_where_the_bots_met() -> None:
    """Manager's shape, built by hand, two games a pairing of 10 judged decisions a seat, the
    stronger bot winning both: random judged 8 of 10 against heuristic and 9 against pimc,
    heuristic 9 against random and 6 against pimc, pimc 10. Pooled, random (34 of 40, 85%) is
    above heuristic (30 of 40, 75%); where they met, the stronger is the more accurate in every
    pairing (80 < 90, 60 < 100, 90 < 100) and wins."""
    module = _load(PLAYERS)
    plan = {(0, 1): (8, 9), (1, 2): (6, 10), (0, 2): (9, 10)}
    runs = []
    for group, (low, high) in plan.items():
        # Seat s holds the pairing's bot seats[s]: the stronger (1) sits second, then first.
        games = (_reviewed((0, 1), (low, high), winner=1), _reviewed((1, 0), (high, low), winner=0))
        records = module._records([str(g) for g in group], games, reviewing=True)
        runs.append(module._Group(group, games, records, None))
    lines: list[str] = module._report(module.CASES[-1], runs, 0.0, ("random", "heuristic", "pimc"))
    said = {line.split(":")[0]: line.split(": ", 1)[1] for line in lines if line.startswith("- ")}
    assert said["- accuracy random < heuristic < pimc, pooled over all games"].startswith("not met")
    assert said["- accuracy in that order where they met, every pairing"].startswith("met")
    assert said["- the more accurate where they met wins more, every pairing"] == "met"
    assert said["- the bound (in order where they met, and the more accurate wins more)"] == "met"

    def row(start: str) -> str:
        return next(line for line in lines if line.startswith(start))

    assert row("| random | ").split(" | ")[3].startswith("85.0% ")
    assert row("| heuristic | ").split(" | ")[3].startswith("75.0% ")
    pairing = row("| heuristic v pimc | ")
    assert "heuristic 60.0% " in pairing and "pimc 100.0% " in pairing and pairing.endswith("| yes | yes |")


REVIEW_QUALITY = BENCH.parent / "review_quality.py"


@pytest.mark.slow
def test_review_quality_prints_a_row_a_verdict_and_a_sweep_for_every_game() -> None:
    """benchmarks/review_quality.py --quick reviews a few positions of each of the six rows at
    both budgets and prints the table, a verdict line per row and the threshold sweep."""
    result = _run(REVIEW_QUALITY, "--quick")
    labels = [
        "Clubs to 10",
        "Pub Derby, classic",
        "Rugby League, blind",
        "Rugby League, open hands",
        "80 Points, one round",
        "Manager",
    ]
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith("| ")]
    tables = [k for k, row in enumerate(rows) if row[0] == "| game"]
    assert len(tables) == 2
    main, swept = rows[tables[0] + 2 : tables[1]], rows[tables[1] + 2 :]
    assert [row[0].removeprefix("| ") for row in main] == labels
    assert [row[1] for row in main] == ["clubs", "%", "%", "%", "%", "%"]
    assert all(row[2] == "2 (1)" for row in main)
    # Blind Rugby League's worths are exact: both budgets agree to the bit.
    assert main[2][3:5] == ["100.0% (1/1)", "0.00 (0.00)"]
    verdicts = [line for line in result.stdout.splitlines() if line.startswith("- ")]
    assert [line.split(":")[0].removeprefix("- ") for line in verdicts] == labels
    assert all(line.endswith((": met", ": not met", ": not measured")) for line in verdicts)
    assert [row[0].removeprefix("| ") for row in swept] == labels
    assert swept[0][1].startswith(">= 1: ") and swept[1][3].startswith(">= 15: ")
    assert rows[tables[1]][-1] == "loss of at least (threshold 5) |" and all(len(row) == 6 for row in swept)


def test_review_quality_wilson_interval_worked_by_hand() -> None:
    """9 of 10: p = 0.9, z = 1.96: centre 0.9 + 0.19208 = 1.09208, margin 1.96 * sqrt(0.009 +
    0.009604) = 0.267336, scale 1.38416: (0.82474 / 1.38416, 1.35942 / 1.38416). 10 of 10: margin
    1.96 * sqrt(0.009604) = 0.19208, so the low end is 1 / 1.38416."""
    module = _load(REVIEW_QUALITY)
    low, high = module.wilson(9, 10)
    assert low == pytest.approx(0.59585, abs=1e-4) and high == pytest.approx(0.98213, abs=1e-4)
    assert module.wilson(0, 0) == (0.0, 1.0)
    low, high = module.wilson(10, 10)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.72246, abs=1e-4)


REVIEW_SPEED = BENCH.parent / "review_speed.py"


@pytest.mark.slow  # about 7 s: a game of each, reviewed at 2 deals
def test_review_speed_times_a_seat_of_every_game_and_judges_the_bound() -> None:
    """benchmarks/review_speed.py --quick reviews seat 0 of one game of each row and prints the
    table and a verdict for each game the bound covers (every row but the default Clubs game)."""
    result = _run(REVIEW_SPEED, "--quick")
    lines = result.stdout.splitlines()
    rows = [
        line.split(" | ")
        for line in lines
        if line.startswith("| ") and not line.startswith(("| game", "| ---"))
    ]
    assert [row[0].removeprefix("| ") for row in rows] == [
        "Clubs to 10 points",
        "Clubs, the default game to 50",
        "Pub Derby, classic",
        "Rugby League, blind",
        "Rugby League, open hands",
        "Manager",
        "80 Points, one round",
    ]
    assert all(row[1] == "1" for row in rows)
    verdicts = [line for line in lines if line.startswith("- ")]
    assert len(verdicts) == 6 and not any(v.startswith("- Clubs, the default") for v in verdicts)
    assert all(v.endswith("(bound 60 s): met") for v in verdicts)


@pytest.mark.slow  # a few seconds: blind Rugby League's reviews are exact
def test_review_players_saves_its_games_and_a_second_run_reads_them(tmp_path: Path) -> None:
    """With ``--save``, every chunk's games are appended as JSON lines with the settings they were
    played at; a second run at the same settings plays nothing and prints the same tables."""
    saved = tmp_path / "games.jsonl"
    command = ["--quick", "--workers", "1", "--only", "rugby_blind", "--save", str(saved)]
    first = _run(PLAYERS, *command).stdout
    lines = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
    # --quick: a chunk of one game for each of the three pairings.
    assert sorted(tuple(line["group"]) for line in lines) == [(0, 1), (0, 2), (1, 2)]
    assert all(line["case"] == "rugby_blind" and line["budget"] == "2 deals" for line in lines)
    assert all(len(line["games"]) == 1 and len(line["games"][0]["review"]) == 2 for line in lines)
    second = _run(PLAYERS, *command).stdout
    assert len(saved.read_text(encoding="utf-8").splitlines()) == 3

    def tables(out: str) -> list[str]:
        return [line for line in out.splitlines() if line.startswith(("|", "- "))]

    assert tables(second) == tables(first) and "(3 games; this run" in second


def test_review_players_reads_back_the_games_it_saves() -> None:
    """A game with its review, saved and read back, is the same ``GameResult`` (less the
    transcript and traceback, which are not saved)."""
    from cardrules.arena import GameResult
    from cardrules.review import SeatSummary

    module = _load(PLAYERS)
    summary = SeatSummary(
        seat=1,
        decisions=5,
        judged=4,
        accuracy=75.0,
        mean_loss=2.5,
        labels=(1, 1, 2, 1, 0, 0),
        costliest=(3, 1),
    )
    game = GameResult(index=2, seats=(1, 0), scores=(0.0, 1.0), winners=(1,), review=(summary, summary))
    line = json.loads(json.dumps(module._game_to(game)))
    assert module._game_from(line) == game
