"""benchmarks/ladder.py: a tiny ladder plays, a rerun plays nothing new, a stopped run goes on where
it stopped; the Bradley-Terry fit finds answers worked by hand; the tables land between the markers."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import GAMES

np = pytest.importorskip("numpy")
pytest.importorskip("scipy")

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def ladder() -> Any:
    sys.path.insert(0, str(BENCHMARKS))  # the ladder takes its match configs from strength.py
    try:
        spec = importlib.util.spec_from_file_location("ladder", BENCHMARKS / "ladder.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


def _args(ladder: Any, results: Path, deals: int, *more: str) -> Any:
    return ladder.parse(
        [
            "--games",
            "manager",
            "--bots",
            "random,heuristic,ismcts",
            "--iterations",
            "3",
            "--deals",
            str(deals),
            "--block",
            "1",
            "--results",
            str(results),
            "--bootstrap",
            "20",
            *more,
        ]
    )


def test_a_tiny_ladder_plays_every_pair_and_a_rerun_plays_nothing_new(ladder: Any, tmp_path: Path) -> None:
    args = _args(ladder, tmp_path, 2)
    said: list[str] = []
    assert ladder.play_game("manager", args.bots, args, say=said.append) == 6  # 3 pairs, 2 blocks
    lines = (tmp_path / "manager.jsonl").read_text().splitlines()
    blocks = [json.loads(line) for line in lines]
    pairs = {tuple(b["pair"]) for b in blocks}
    assert pairs == {("random", "heuristic"), ("random", "ismcts"), ("heuristic", "ismcts")}
    assert [b["part"] for b in blocks] == [0, 0, 0, 1, 1, 1]  # the round robin goes round first
    assert all(len(b["games"]) == 2 and {g["deal"] for g in b["games"]} == {0} for b in blocks)
    # Each deal is played once each way round: the pair's first bot sits first, then second.
    assert all([g["seats"] for g in b["games"]] == [[0, 1], [1, 0]] for b in blocks)
    assert ladder.play_game("manager", args.bots, args, say=said.append) == 0
    assert len((tmp_path / "manager.jsonl").read_text().splitlines()) == 6
    # A run stopped before its last block was written plays that block alone, and the same games.
    (tmp_path / "manager.jsonl").write_text("\n".join(lines[:-1]) + "\n")
    assert ladder.play_game("manager", args.bots, args, say=said.append) == 1
    again = (tmp_path / "manager.jsonl").read_text().splitlines()
    assert [json.loads(x)["games"] for x in again] == [b["games"] for b in blocks]
    # Other settings are another ladder: nothing of this one is reused.
    other = _args(ladder, tmp_path, 1, "--seed", "7")
    assert ladder.play_game("manager", other.bots, other, say=said.append) == 3


def test_against_and_the_oracle_that_reads_the_true_state(
    ladder: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--against heuristic`` plays the two pairs with the heuristic in them, not random v oracle;
    the oracle plays from the true state (a legal game to its end), and only with one worker."""
    for game in GAMES.values():  # the oracle wraps each game's view: given back after the test
        monkeypatch.setattr(game, "view", game.view)
    args = _args(ladder, tmp_path, 1, "--against", "heuristic")
    args.bots = ["random", "oracle", "heuristic"]
    assert ladder.play_game("rugby_league", args.bots, args, say=lambda _: None) == 2
    blocks = [json.loads(line) for line in (tmp_path / "rugby_league.jsonl").read_text().splitlines()]
    assert {tuple(b["pair"]) for b in blocks} == {("random", "heuristic"), ("oracle", "heuristic")}
    assert all(g["error"] is None and g["forfeit"] is None for b in blocks for g in b["games"])
    with pytest.raises(SystemExit):
        ladder.parse(["--bots", "oracle,heuristic", "--workers", "2"])
    with pytest.raises(SystemExit):
        ladder.parse(["--bots", "random,heuristic", "--against", "pimc"])


def test_the_blind_oracle_shuffles_only_its_own_hidden_row(
    ladder: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``oracle-blind``'s deals: the true state with the seat's own face-down Rugby League cards
    shuffled among their slots (the other row, the pile and the view unchanged); slots an open-hands
    view shows stay; other games' truth is left as it is."""
    from cardrules import manager, rugby_league

    for game in GAMES.values():  # make_bot wraps each game's view: given back after the test
        monkeypatch.setattr(game, "view", game.view)
    oracle = sys.modules["oracle"]
    truth = rugby_league.new_game(5)
    seen = rugby_league.view(truth, 0)
    dealt = [oracle.own_row_shuffled(truth, seen, seed) for seed in range(6)]
    for state in dealt:
        assert Counter(state.rows[0]) == Counter(truth.rows[0]) and state.rows[1] == truth.rows[1]
        assert attrs.evolve(state, rows=truth.rows) == truth
        assert rugby_league.view(state, 0) == seen
    assert len({state.rows[0] for state in dealt}) > 1  # 6 cards: 720 orders
    opened = rugby_league.new_game(5, rugby_league.Config(open_hands=True))
    assert oracle.own_row_shuffled(opened, rugby_league.view(opened, 0), 1) == opened
    other = manager.new_game(5)
    assert oracle.own_row_shuffled(other, manager.view(other, 0), 1) is other
    assert ladder.make_bot("oracle-blind", 0.1, None, "halving") == oracle.OracleBot(0.1, blind=True)
    judged: list[Any] = []
    judge = sys.modules["cardrules.bots.pimc"]._Search.judge

    def recorded(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        judged.append(move)
        return float(judge(self, dealt, move, i, table))

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", recorded)
    seen = rugby_league.view(truth, 0)  # through the watched view: the oracle finds the truth
    assert oracle.OracleBot(0.02, blind=True).choose(seen, 1) in seen.legal_moves and judged == []
    seen = rugby_league.view(truth, 0)
    oracle.OracleBot(0.3).choose(seen, 1)  # open hands: every slot is a choice of its own
    assert set(judged) == set(seen.legal_moves) and len(seen.legal_moves) == 6
    with pytest.raises(SystemExit):
        ladder.parse(["--bots", "oracle-blind,heuristic", "--workers", "2"])


def test_the_whole_command_writes_the_tables_and_the_plot(ladder: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    docs = tmp_path / "docs" / "bots.md"
    docs.parent.mkdir()
    docs.write_text(f"# Bots\n\n## Ladder\n\n{ladder.START}\nold\n{ladder.END}\n\nafter\n")
    image = tmp_path / "docs" / "images" / "ladder.png"
    more = ("--write-docs", "--docs", str(docs), "--plot", str(image))
    assert ladder.main(list(_args_list(tmp_path, more))) == 0
    page = docs.read_text()
    assert "old" not in page and page.endswith(f"{ladder.END}\n\nafter\n")
    assert "![Ratings with 95% intervals, per game](images/ladder.png)" in page
    assert "| random | 0 | - | 8 |" in page  # the anchor: 2 deals a pair, 2 games a deal, 2 pairs
    assert image.read_bytes().startswith(b"\x89PNG")


def _args_list(results: Path, more: tuple[str, ...]) -> list[str]:
    return [
        *("--games", "manager", "--bots", "random,heuristic,ismcts", "--iterations", "3"),
        *("--deals", "2", "--block", "1", "--results", str(results), "--bootstrap", "20", *more),
    ]


def test_equal_records_give_equal_ratings(ladder: Any) -> None:
    wins = [[0, 6, 4], [4, 0, 6], [6, 4, 0]]  # 0 beats 1, 1 beats 2, 2 beats 0, each 6 to 4
    games = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    assert ladder.fit_bradley_terry(wins, games) == pytest.approx([0, 0, 0], abs=1e-6)


def test_a_known_bradley_terry_answer(ladder: Any) -> None:
    """Strengths 1, 2 and 4: P(1 beats 0) = 2/3, P(2 beats 1) = 2/3, P(2 beats 0) = 4/5. With
    results exactly those shares of 30 games a pair, each bot's points equal its expected points
    at those strengths, which is the maximum likelihood's equation, so they are the answer."""
    wins = [[0, 10, 6], [20, 0, 10], [24, 20, 0]]
    games = [[0, 30, 30], [30, 0, 30], [30, 30, 0]]
    fitted = ladder.fit_bradley_terry(wins, games, virtual_draws=0.0)
    assert fitted == pytest.approx([0, math.log(2), math.log(4)], abs=1e-5)


def test_a_clean_sweep_has_a_finite_rating_from_the_virtual_draw(ladder: Any) -> None:
    """40 wins of 40, with one virtual draw: 40.5 of 41, log-odds log(40.5 / 0.5) = log 81."""
    fitted = ladder.fit_bradley_terry([[0, 0], [40, 0]], [[0, 40], [40, 0]])
    assert fitted == pytest.approx([0, math.log(81)], abs=1e-5)


def test_deal_points_counts_draws_forfeits_and_either_order(ladder: Any) -> None:
    def game(deal: int, seats: list[int], winners: list[int], **more: Any) -> dict[str, Any]:
        return {"deal": deal, "seats": seats, "winners": winners, "forfeit": None, "error": None, **more}

    blocks = [
        {
            "pair": ["b", "a"],  # b is listed second among the bots: its points are turned round
            "part": 0,
            "games": [
                game(0, [0, 1, 0, 1], [0]),  # b wins
                game(0, [1, 0, 1, 0], [0, 1]),  # both: a draw
                game(1, [0, 1, 0, 1], [1], forfeit=0, error="b moved illegally"),  # a wins on a forfeit
                game(1, [1, 0, 1, 0], [], error="engine failure"),  # no bot at fault: left out
            ],
        }
    ]
    assert ladder.deal_points(blocks, ["a", "b"]) == {(0, 1): [(0.5, 2), (1.0, 1)]}


def test_wilson_interval_worked_by_hand(ladder: Any) -> None:
    # 0 of 4: centre (z^2 / 8) / (1 + z^2 / 4) and half-width the same, so [0, 2 x 0.24495].
    assert ladder.wilson(0, 4) == pytest.approx((0.0, 0.48990), abs=1e-4)
    assert ladder.wilson(2, 4) == pytest.approx((0.15004, 0.84996), abs=1e-4)


def test_the_markdown_writer_fills_the_tables_and_needs_its_markers(ladder: Any, tmp_path: Path) -> None:
    ladders = [
        {
            "game": "manager",
            "bots": ["random", "heuristic"],
            "anchor": "random",
            "ratings": {"random": (0.0, 0.0, 0.0), "heuristic": (812.4, 700.2, 950.6)},
            "games": {"random": 20, "heuristic": 20},
            "head": {("random", "heuristic"): (1.0, 20, 10)},
        }
    ]
    text = ladder.markdown(ladders, "python benchmarks/ladder.py", "images/ladder.png")
    lines = text.splitlines()
    assert lines[0] == "Measured by `python benchmarks/ladder.py`."
    assert "| heuristic | 812 | [700, 951] | 20 |" in lines
    assert lines.index("| heuristic | 812 | [700, 951] | 20 |") < lines.index("| random | 0 | - | 20 |")
    lo, hi = ladder.wilson(19, 20)
    assert f"| heuristic | {19 / 20:.2f} [{lo:.2f}, {hi:.2f}] (20) |  |" in lines
    page = tmp_path / "bots.md"
    page.write_text("no markers here\n")
    with pytest.raises(ValueError, match="needs one"):
        ladder.write_between_markers(page, text)
    page.write_text(f"before\n{ladder.END}\n{ladder.START}\n")
    with pytest.raises(ValueError, match="needs one"):
        ladder.write_between_markers(page, text)


def test_every_search_gets_the_ladders_budget(ladder: Any) -> None:
    from cardrules.bots import HeuristicBot, ISMCTSBot, RandomBot
    from cardrules.errors import ConfigError

    assert ladder.make_bot("ismcts", 0.05, None, "halving") == ISMCTSBot(time_per_move=0.05, root="halving")
    assert ladder.make_bot("ismcts", None, 7, "ucb") == ISMCTSBot(7)
    assert ladder.make_bot("random", 0.05, None, "halving") == RandomBot()
    assert ladder.make_bot("heuristic", None, 7, "halving") == HeuristicBot()
    with pytest.raises(ConfigError, match="no bot named 'chess'"):
        ladder.make_bot("chess", 0.05, None, "halving")
    assert ladder.default_bots()[:4] == ["random", "heuristic", "ismcts", "pimc"]


# Left out of the default run (pyproject.toml's markers): long bot matches.
pytestmark = pytest.mark.slow
