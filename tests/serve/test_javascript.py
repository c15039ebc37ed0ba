"""What a JavaScript client makes of the serve protocol, checked with the real ``node``.

A served table's proof and transcript, read by JavaScript's ``JSON.parse`` and written again by
``JSON.stringify`` as the web table's downloads do, must still pass ``cardrules verify`` and
``cardrules replay``: a seed beyond 2**53 - 1 travels as a string, which JavaScript keeps exact
where it rounds a number. And the protocol's JSON Schema must compile under ajv's strict mode, as
a client that validates strictly compiles it (``tests/js/check_schema.mjs``).

Needs ``node`` on the PATH, and for the schema ``npm ci --prefix tests/js``. Without them these
tests skip, unless ``CARDRULES_REQUIRE_NODE=1`` is set (as ``.ci/run`` does), when they fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from test_serve_stdio import Server

_REQUIRED = os.environ.get("CARDRULES_REQUIRE_NODE") == "1"
_ROOT = Path(__file__).resolve().parents[2]
_JS = _ROOT / "tests" / "js"

# What the web table's download() writes for a value it received (static/js/table.js).
_RESAVE = (
    "let text = ''; process.stdin.on('data', (chunk) => { text += chunk; });"
    "process.stdin.on('end', () => { process.stdout.write(JSON.stringify(JSON.parse(text), null, 2)); });"
)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if _REQUIRED:
            pytest.fail("CARDRULES_REQUIRE_NODE=1, but there is no node on the PATH")
        pytest.skip("needs node on the PATH (apt-get install nodejs)")
    return node


def _through_javascript(value: Any) -> str:
    """``value`` as JSON text, read by JavaScript's JSON.parse and written by JSON.stringify."""
    done = subprocess.run(
        [_node(), "-e", _RESAVE],
        input=json.dumps(value),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _cardrules(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], check=False, capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """A fair deal of Clubs played to its end through ``cardrules serve --stdio``: its commitment,
    and the transcript reply (with its deal)."""
    server = Server(tmp_path_factory.mktemp("served") / "tables.db")
    try:
        yield _finished_fair_table(server)
    finally:
        server.close()


def _finished_fair_table(server: Server) -> tuple[str, dict[str, Any]]:
    """A fair table played to its end, dealt again (at most twice more) while its seed is within
    2**53 - 1 (1 deal in 2,048), which JavaScript would keep exact as a number too."""
    for _ in range(3):
        created = server.ask(
            op="new", game="clubs", seats=["human"] + ["random"] * 3, config={"threshold": 1}
        )
        table, token = created["table"], created["tokens"]["0"]
        reply = server.ask(op="sit", table=table, token=token, contribution="from node's test")
        while reply["outcome"] is None:
            reply = server.ask(op="play", table=table, token=token, move=reply["legal"][0], at=reply["moves"])
            assert reply["ok"], reply
        finished = server.ask(op="transcript", table=table)
        if int(finished["deal"]["reveal"]["seed"]) > 2**53 - 1:
            return created["deal"]["commitment"], finished
    raise AssertionError("three fair deals in a row had seeds within 2**53 - 1")


def test_a_proof_and_transcript_saved_by_javascript_pass_verify_and_replay(
    finished: tuple[str, dict[str, Any]], tmp_path: Path
) -> None:
    """The web table's downloads, as node writes them, checked by the CLI in another process."""
    promised, reply = finished
    seed = reply["deal"]["reveal"]["seed"]
    assert type(seed) is str and reply["transcript"]["data"]["seed"] == seed
    proof, transcript = tmp_path / "deal.json", tmp_path / "transcript.json"
    proof.write_text(_through_javascript(reply["deal"]["reveal"]), encoding="utf-8")
    transcript.write_text(_through_javascript(reply["transcript"]), encoding="utf-8")
    assert f'"seed": "{seed}"' in proof.read_text(encoding="utf-8")
    assert f'"seed": "{seed}"' in transcript.read_text(encoding="utf-8")
    verified = _cardrules("verify", str(proof), "--commitment", promised, "--transcript", str(transcript))
    assert verified.returncode == 0, verified.stderr
    assert f"seed {seed}: from the server's seed and 1 seat's own strings" in verified.stdout
    assert f"{transcript} was dealt from that seed" in verified.stdout
    replayed = _cardrules("replay", str(transcript))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith(
        f"clubs, seed {seed}, {len(reply['transcript']['data']['moves'])} moves"
    )
    assert "Game over." in replayed.stdout


def test_a_seed_sent_as_a_number_is_what_javascript_breaks(
    finished: tuple[str, dict[str, Any]], tmp_path: Path
) -> None:
    """The check above can fail: the same proof with its seed a bare number, as the server sent it
    before, comes out of node another seed, and cardrules verify says so."""
    reveal = finished[1]["deal"]["reveal"]
    as_number = json.dumps(reveal).replace(json.dumps(reveal["seed"]), reveal["seed"])
    proof = tmp_path / "deal.json"
    proof.write_text(_through_javascript(json.loads(as_number)), encoding="utf-8")
    assert reveal["seed"] not in proof.read_text(encoding="utf-8")
    verified = _cardrules("verify", str(proof))
    assert verified.returncode != 0
    assert f"make seed {reveal['seed']}, not " in verified.stderr
    assert "rounded to 53 bits" in verified.stderr


def _schema_checker() -> list[str]:
    """The command that compiles the protocol's schema under ajv's strict mode."""
    node = _node()
    if not (_JS / "node_modules" / "ajv").is_dir():
        if _REQUIRED:
            pytest.fail(
                "CARDRULES_REQUIRE_NODE=1, but tests/js has no node_modules: run npm ci --prefix tests/js"
            )
        pytest.skip("needs ajv: npm ci --prefix tests/js")
    return [node, str(_JS / "check_schema.mjs")]


def test_the_protocol_schema_compiles_under_ajv_strict_mode() -> None:
    done = subprocess.run(
        _schema_checker(), check=False, capture_output=True, text=True, timeout=120, cwd=_ROOT
    )
    assert done.returncode == 0, done.stderr
    assert "compiles under ajv's strict mode" in done.stdout


def test_the_schema_check_fails_on_what_strict_mode_refuses(tmp_path: Path) -> None:
    """A ``required`` property that no ``properties`` beside it declares (strictRequired), and
    an unknown keyword (strictSchema): each makes the check fail, naming it."""
    command = _schema_checker()
    schema = json.loads((_ROOT / "src/cardrules/serve/protocol.schema.json").read_text(encoding="utf-8"))
    required = json.loads(json.dumps(schema))
    required["$defs"]["play_request"]["oneOf"][0].pop("properties")
    unknown = json.loads(json.dumps(schema))
    unknown["$defs"]["seed"]["maxValue"] = 5
    for broken, words in ((required, "strictRequired"), (unknown, 'unknown keyword: "maxValue"')):
        path = tmp_path / "schema.json"
        path.write_text(json.dumps(broken), encoding="utf-8")
        done = subprocess.run([*command, str(path)], check=False, capture_output=True, text=True, timeout=120)
        assert done.returncode == 1 and words in done.stderr, (done.stdout, done.stderr)


def test_an_outside_javascript_client_plays_every_game_and_verifies_every_deal(tmp_path: Path) -> None:
    """``tests/js/outside_client.mjs``, a client written from docs/protocol.md: every game played
    to its end at a fair table of two people (a creator and a friend who claims the invitation)
    and bots through the real ``cardrules serve --stdio``, every message valid under the schema in
    ajv's strict mode, every number exact in JavaScript, every deal verified with node's SHA-256."""
    command = [_schema_checker()[0], str(_JS / "outside_client.mjs")]
    command += ["--python", sys.executable, "--db", str(tmp_path / "tables.db")]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=600, cwd=_ROOT)
    assert done.returncode == 0, done.stderr
    played = [json.loads(line) for line in done.stdout.splitlines()]
    from cardrules import GAMES

    assert [p["game"] for p in played] == list(GAMES) and all(p["verified"] for p in played)
    assert all(p["moves"] > 0 and p["seed"].isdecimal() for p in played)


_CLIENT = _ROOT / "clients" / "js"
_EXAMPLES = _ROOT / "examples" / "js"


def _installed(folder: Path, package: str) -> str:
    """``node``, once ``npm ci --prefix FOLDER`` has installed ``package`` there (else a skip, or
    a failure under ``CARDRULES_REQUIRE_NODE=1``)."""
    node = _node()
    if shutil.which("npm") is None or not (folder / "node_modules" / package).exists():
        where = folder.relative_to(_ROOT).as_posix()
        if _REQUIRED:
            pytest.fail(
                f"CARDRULES_REQUIRE_NODE=1, but {where} has no node_modules: run npm ci --prefix {where}"
            )
        pytest.skip(f"needs npm ci --prefix {where}")
    return node


def test_the_javascript_clients_own_tests_pass() -> None:
    """``npm test --prefix clients/js``: node's test runner over the client's tests (every game
    played through a real ``cardrules serve`` over WebSocket and every message checked with ajv,
    every fair deal and the recipe's test vectors verified, a server killed mid-game and started
    again, ``tsc --strict`` over the declarations, ``npm pack``'s files)."""
    _installed(_CLIENT, "ws")
    environment = {**os.environ, "CARDRULES_PYTHON": sys.executable}
    done = subprocess.run(
        ["npm", "test", "--prefix", str(_CLIENT)],
        check=False,
        capture_output=True,
        text=True,
        timeout=900,
        env=environment,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    counts = dict(
        line[2:].split(" ", 1)
        for line in done.stdout.splitlines()
        if line.startswith("# ") and " " in line[2:]
    )
    assert counts.get("fail") == "0" and int(counts.get("pass", "0")) >= 30, done.stdout[-2000:]


def _example(
    node: str, *args: str, stdout: int | IO[str] = subprocess.PIPE, stderr: int | None = None
) -> subprocess.Popen[str]:
    """``node examples/js/ARGS...``, its output (piped, or to a file) read as text."""
    return subprocess.Popen(
        [node, *args], cwd=_EXAMPLES, stdout=stdout, stderr=stderr, text=True, encoding="utf-8"
    )


def _line(stream: IO[str] | None, starting: str, seen: list[str]) -> str:
    """The first line of ``stream`` that starts with ``starting`` (each line read kept in ``seen``)."""
    assert stream is not None
    for line in stream:
        seen.append(line)
        if line.startswith(starting):
            return line
    raise AssertionError(f"no line starting {starting!r} in {seen}")


def test_the_examples_play_a_fair_table_that_another_watches(tmp_path: Path) -> None:
    """``examples/js/bot.mjs`` makes a table of two human seats and prints the invitation;
    ``watch.mjs`` joins it as a spectator; a second ``bot.mjs`` claims the invitation. Both bots
    play to the end and verify the deal, and the watcher prints every event once, in order."""
    from serve_support import ServerProcess

    node = _installed(_EXAMPLES, "ws")
    server = ServerProcess(tmp_path / "tables.db")
    url = f"ws://{server.address}/ws"
    started: list[subprocess.Popen[str]] = []
    stack = contextlib.ExitStack()
    try:
        creator = _example(node, "bot.mjs", url, "clubs", "2")
        started.append(creator)
        seen: list[str] = []
        _, _, _, _, table, invitation = _line(creator.stdout, "invitation for seat 1: ", seen).split()
        # Its hundreds of lines go to a file: a pipe that nobody reads while the game goes on
        # would fill and stall it.
        watched_file = stack.enter_context((tmp_path / "watched.txt").open("w", encoding="utf-8"))
        watcher = _example(node, "watch.mjs", url, table, stdout=watched_file, stderr=subprocess.PIPE)
        started.append(watcher)
        _line(watcher.stderr, f"watching {table} (clubs, human, human, heuristic, heuristic)", [])
        friend = _example(node, "bot.mjs", url, table, invitation)
        started.append(friend)
        theirs, _ = friend.communicate(timeout=300)
        mine, _ = creator.communicate(timeout=120)
        watcher.wait(timeout=120)
    finally:
        for process in started:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
        stack.close()
        server.stop()
    watched = (tmp_path / "watched.txt").read_text(encoding="utf-8")
    assert (creator.returncode, friend.returncode, watcher.returncode) == (0, 0, 0), server.log
    mine = "".join(seen) + mine
    for output, seat in ((mine, 0), (theirs, 1)):
        assert f"table {table}, seat {seat}, commitment " in output
        assert "game over after " in output
        assert "deal verified: seed " in output
    seeds = {line.split()[3] for line in (mine + theirs).splitlines() if line.startswith("deal verified")}
    assert len(seeds) == 1 and seeds.pop().isdecimal()
    lines = watched.splitlines()
    numbers = [int(line.split()[0]) for line in lines[:-1]]
    assert numbers == list(range(len(numbers))) and len(numbers) > 50
    assert "Round 1 is dealt" in lines[0] and "Game over." in lines[-2]
    assert lines[-1].startswith("game over: scores ")


# Left out of the default run (pyproject.toml's markers): Node.js and real servers.
pytestmark = pytest.mark.slow
