"""cardrules.testing: the strategies draw reachable states, legal moves and replayable transcripts."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import GAMES, ConfigError, StateError, clubs, eighty_points, manager, replay
from cardrules.testing import moves, seeds, states, transcripts
from cardrules.transcript import Transcript

FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=8),
    "eighty_points": eighty_points.Config(rounds=1),
}


@pytest.mark.parametrize("name", list(GAMES))
@FAST
@given(data=st.data())
def test_transcripts_replay_to_a_state_that_validates(name: str, data: st.DataObject) -> None:
    transcript = data.draw(transcripts(name, SMALL.get(name)))
    assert isinstance(transcript, Transcript) and transcript.game == name
    state = replay(transcript)
    GAMES[name].validate(state)
    assert len(transcript.moves) <= GAMES[name].max_moves(SMALL.get(name))


@pytest.mark.parametrize("name", list(GAMES))
@FAST
@given(data=st.data())
def test_states_and_their_moves_apply(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    state = data.draw(states(name, SMALL.get(name), max_moves=40))
    game.validate(state)
    if state.to_act is None:
        with pytest.raises(StateError, match="over"):
            moves(state)
    else:
        move = data.draw(moves(state))
        assert move in game.legal_moves(state)
        game.validate(game.apply(state, move))


@FAST
@given(transcripts("manager", complete=True))
def test_complete_transcripts_end_the_game(transcript: Transcript) -> None:
    assert manager.outcome(replay(transcript)) is not None


@FAST
@given(states("clubs", SMALL["clubs"], max_moves=0))
def test_max_moves_zero_is_the_first_state(state: clubs.State) -> None:
    assert not state.progress.tricks and not state.trick


def test_seeds_cover_the_whole_seed_range() -> None:
    found: list[int] = []

    @settings(max_examples=200, deadline=None)
    @given(seeds())
    def collect(seed: int) -> None:
        assert 0 <= seed < 2**64
        found.append(seed)

    collect()
    assert min(found) == 0 and max(found) >= 2**32


def test_bad_arguments_are_config_or_state_errors() -> None:
    with pytest.raises(ConfigError, match="no game named"):
        transcripts("chess")
    with pytest.raises(ConfigError):
        states("clubs", manager.Config())
    with pytest.raises(ConfigError, match="max_moves"):
        states("clubs", max_moves=-1)
    with pytest.raises(ConfigError, match="complete"):
        transcripts("clubs", max_moves=3, complete=True)
    with pytest.raises(StateError, match="not the state"):
        moves(object())


def test_the_documented_examples_run_and_hold(tmp_path: Path) -> None:
    """Every Python block of docs/testing.md runs, and the property tests it defines pass.

    Each block runs from a real file, as a reader's copy would: Hypothesis reads a test's source
    (``inspect.getsource``), which must not land in the Markdown page around the block.
    """
    text = (Path(__file__).resolve().parents[2] / "docs" / "testing.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 2
    ran = 0
    for number, block in enumerate(blocks):
        path = tmp_path / f"docs_testing_{number}.py"
        path.write_text(block, encoding="utf-8")
        namespace = runpy.run_path(str(path), run_name=f"docs_testing_{number}")
        for name, test in namespace.items():
            if name.startswith("test_") and callable(test):
                test()
                ran += 1
    assert ran == 3
