"""Documents of format 2, written by the last commit at format 2, read by today's ``loads``.

The fixtures in ``format2/`` (see its README) hold integers beyond 2**53 - 1 as bare numbers, as
format 2 wrote them: a transcript's seed and a state's ``Rng``. Each reads as the object built
today from the same seed, config and moves, and is written again as format 3, with those
integers as decimal strings and nothing else changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules import FORMAT_VERSION, StateError, Transcript, clubs, dumps, loads, replay

HERE = Path(__file__).resolve().parent / "format2"
SEED = 11310772225009022492
RNG_STATE = 2451417651786493515
CONFIG = clubs.Config(players=3, threshold=20)


def _text(file: str) -> str:
    return (HERE / file).read_text(encoding="utf-8").strip()


def _moves() -> tuple[clubs.Play, ...]:
    """The fixtures' 12 moves, as write_fixtures.py picked them, played today."""
    state = clubs.new_game(SEED, CONFIG)
    moves = []
    for k in range(12):
        legal = clubs.legal_moves(state)
        moves.append(legal[(7 * k + 3) % len(legal)])
        state = clubs.apply(state, moves[-1])
    return tuple(moves)


def test_the_fixtures_are_format_2_with_bare_integers_beyond_2_53() -> None:
    transcript, state = _text("clubs-transcript.json"), _text("clubs-state-12.json")
    assert json.loads(transcript)["format"] == json.loads(state)["format"] == 2
    assert '"seed":11310772225009022492,' in transcript
    assert '"rng":{"state":2451417651786493515,"type":"Rng"}' in state
    assert sorted(p.name for p in HERE.glob("*.json")) == ["clubs-state-12.json", "clubs-transcript.json"]


def test_a_format2_transcript_reads_and_is_written_again_as_format_3() -> None:
    transcript = loads(_text("clubs-transcript.json"))
    assert transcript == Transcript(game="clubs", seed=SEED, config=CONFIG, deck=None, moves=_moves())
    assert transcript.seed == 11310772225009022492
    again = dumps(transcript)
    assert FORMAT_VERSION == 3
    assert again == (
        _text("clubs-transcript.json")
        .replace('"seed":11310772225009022492,', '"seed":"11310772225009022492",')
        .replace('"format":2', '"format":3')
    )
    assert '"seed":"11310772225009022492"' in again and "11310772225009022492," not in again
    assert loads(again) == transcript


def test_a_format2_state_reads_and_is_written_again_as_format_3() -> None:
    state = loads(_text("clubs-state-12.json"))
    assert state == replay(loads(_text("clubs-transcript.json")))
    assert state.progress.match.rng.state == 2451417651786493515
    again = dumps(state)
    assert again == (
        _text("clubs-state-12.json")
        .replace('"state":2451417651786493515,', '"state":"2451417651786493515",')
        .replace('"format":2', '"format":3')
    )
    assert loads(again) == state


def test_the_format2_seed_read_as_format_3_is_refused_naming_the_string() -> None:
    """The same text claiming format 3 is refused: format 3 writes that seed as a string."""
    claimed = _text("clubs-transcript.json").replace('"format":2', '"format":3')
    with pytest.raises(StateError) as info:
        loads(claimed)
    assert str(info.value).startswith("seed: 11310772225009022492 is beyond ±(2**53 - 1)")
    assert '"11310772225009022492"' in str(info.value)
