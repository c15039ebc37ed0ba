"""The library's bots by name (``cardrules.bots.names``), as the CLI's ``--bots`` and a server's
seats read them: one reader, the same names, the same refusals."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

from cardrules import ConfigError
from cardrules.bots import HeuristicBot, ISMCTSBot, RandomBot
from cardrules.bots.names import LIBRARY_BOTS, BotName, read_bot_name
from cardrules.bots.pimc import PIMCBot
from cardrules.cli import _make_bot, _parser, main
from cardrules.serve.seating import make_bot

NAMED = [
    ("random", BotName("random"), RandomBot()),
    ("heuristic", BotName("heuristic"), HeuristicBot()),
    ("ismcts", BotName("ismcts"), ISMCTSBot(iterations=1000)),
    ("ismcts:500", BotName("ismcts", iterations=500), ISMCTSBot(iterations=500)),
    ("ismcts@0.2s", BotName("ismcts", seconds=0.2), ISMCTSBot(time_per_move=0.2)),
    ("ismcts@200ms", BotName("ismcts", seconds=0.2), ISMCTSBot(time_per_move=0.2)),
    ("ismcts@2s", BotName("ismcts", seconds=2.0), ISMCTSBot(time_per_move=2.0)),
    ("ismcts@1.5ms", BotName("ismcts", seconds=0.0015), ISMCTSBot(time_per_move=0.0015)),
    ("pimc", BotName("pimc"), PIMCBot(deals=40)),
    ("pimc:12", BotName("pimc", iterations=12), PIMCBot(deals=12)),
    ("pimc@0.2s", BotName("pimc", seconds=0.2), PIMCBot(time_per_move=0.2)),
    ("pimc@100ms", BotName("pimc", seconds=0.1), PIMCBot(time_per_move=0.1)),
]

JUNK = [
    "ismcts@",
    "ismcts:",
    "ismcts@-1s",
    "ismcts@abc",
    "ismcts@0.2",  # a time says its unit
    "ismcts@0s",
    "ismcts@0ms",
    "ismcts@1e3s",
    "ismcts@infs",
    "ismcts@nans",
    "ismcts@.5s",
    "ismcts@0.2s ",
    "ismcts:0",
    "ismcts:-5",
    "ismcts:\u00b2",
    "ismcts:" + "9" * 5000,
    "ismcts@" + "9" * 5000 + "s",
    "ismcts@0.2s@0.1s",
]


@pytest.mark.parametrize(("text", "name", "bot"), NAMED, ids=[n[0] for n in NAMED])
def test_a_name_makes_the_same_bot_on_the_command_line_and_at_a_server(
    text: str, name: BotName, bot: object
) -> None:
    assert read_bot_name(text) == name
    assert make_bot(text) == bot
    args = _parser().parse_args(["arena", "clubs", "--bots", f"{text.upper()},random"])
    assert args.bots == [text, "random"]
    assert _make_bot(args.bots[0], args) == bot


def test_the_command_line_gives_a_bare_search_its_options_and_a_named_budget_wins() -> None:
    argv = [
        "arena",
        "clubs",
        "--bots",
        "ismcts,ismcts:7,ismcts@50ms",
        "--iterations",
        "30",
        "--root",
        "halving",
    ]
    args = _parser().parse_args(argv)
    assert [_make_bot(name, args) for name in args.bots] == [
        ISMCTSBot(iterations=30, root="halving"),
        ISMCTSBot(iterations=7, root="halving"),
        ISMCTSBot(time_per_move=0.05, root="halving"),
    ]
    args = _parser().parse_args(["play", "eighty_points", "--bots", "ismcts@0.5s"])
    assert _make_bot(args.bots[0], args) == ISMCTSBot(time_per_move=0.5)


def test_play_seats_the_pimc_bot_at_half_a_second_by_default() -> None:
    """``cardrules play`` without ``--bots`` seats the strongest bot at a pace a person does not
    wait on: PIMC with 0.5 s of CPU time a move."""
    args = _parser().parse_args(["play", "clubs"])
    assert [_make_bot(name, args) for name in args.bots] == [PIMCBot(time_per_move=0.5)]


PIMC_JUNK = [
    "pimc@",
    "pimc:",
    "pimc:0",
    "pimc@0s",
    "pimc@0.2",
    "pimc@1e3s",
    "pimc:" + "9" * 5000,
    "pimc@0.1s:3",
]


def test_library_bots_name_every_kind_a_name_reads() -> None:
    assert LIBRARY_BOTS == ("random", "heuristic", "ismcts", "pimc")
    assert all(read_bot_name(name) == BotName(name) for name in LIBRARY_BOTS)


@pytest.mark.parametrize("text", PIMC_JUNK, ids=[j[:20] for j in PIMC_JUNK])
def test_a_malformed_pimc_budget_is_a_config_error_naming_its_forms(text: str) -> None:
    with pytest.raises(ConfigError, match=r"a search bot is 'pimc', 'pimc:N' \(N deals a move") as raised:
        read_bot_name(text)
    assert "ismcts" not in str(raised.value)
    assert len(str(raised.value)) < 400
    with pytest.raises(ConfigError, match=r"pimc@0\.5s"):
        make_bot(text)


def test_a_server_caps_a_pimc_seat_as_it_caps_ismcts() -> None:
    assert make_bot("pimc@5s") == PIMCBot(time_per_move=5.0)
    with pytest.raises(ConfigError, match=r"more than 0 and at most 5"):
        make_bot("pimc@6s")


@pytest.mark.parametrize("text", JUNK, ids=[j[:20] for j in JUNK])
def test_a_malformed_budget_is_a_config_error_naming_the_forms(text: str) -> None:
    with pytest.raises(ConfigError, match=r"'ismcts:N' \(N iterations a move") as raised:
        read_bot_name(text)
    assert len(str(raised.value)) < 400
    with pytest.raises(ConfigError, match=r"ismcts@0\.5s"):
        make_bot(text)
    if text != text.strip():
        return  # the command line reads names stripped of spaces
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        assert main(["arena", "clubs", "--bots", f"{text},random", "--games", "1"]) == 2
    assert "argument --bots: a search bot is 'ismcts', 'ismcts:N'" in err.getvalue()


def test_names_of_no_library_bot_are_left_to_the_caller() -> None:
    """Not a library bot: ``None``, for a server's own bot or a spec of yours; the server and the
    command line then say what they take."""
    for text in ("human", "ismctsx", "Random", "my_bot.py:MyBot", "", None, 5):
        assert read_bot_name(text) is None
    with pytest.raises(ConfigError, match=r"a seat is 'human'.*'ismcts@Ts'.*at most 5"):
        make_bot("ismcts-fast")


def test_a_server_caps_a_seat_search_at_100000_iterations_and_5_seconds() -> None:
    assert make_bot("ismcts:100000") == ISMCTSBot(iterations=100_000)
    assert make_bot("ismcts@5s") == make_bot("ismcts@5000ms") == ISMCTSBot(time_per_move=5.0)
    for text in ("ismcts:100001", "ismcts@5.001s", "ismcts@5001ms"):
        with pytest.raises(ConfigError, match=r"1 to 100,000.*more than 0 and at most 5"):
            make_bot(text)
    assert read_bot_name("ismcts@60s") == BotName("ismcts", seconds=60.0)  # the command line: no cap


def test_the_cli_arena_plays_a_timed_search() -> None:
    out = io.StringIO()
    argv = ["arena", "pub_derby", "--bots", "ismcts@2ms,heuristic", "--games", "1"]
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    assert "ISMCTSBot(time_per_move=0.002)" in out.getvalue()
