"""Unit tests of ``cardrules.runner.play`` and ``cardrules.transcript`` (``replay``, ``replay_steps``)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import RandomBot, Transcript, clubs, play, replay, replay_steps
from cardrules.bots import Bot
from cardrules.cards import CARDS, Card, parse_card, standard_deck
from cardrules.errors import ConfigError, IllegalMoveError, StateError
from cardrules.rng import derive_seed

SHORT = clubs.Config(threshold=5)


def random_bots(n: int = 4) -> list[Bot]:
    return [RandomBot() for _ in range(n)]


class RecordingBot:
    """Plays the first legal move and records what it was shown."""

    def __init__(self) -> None:
        self.calls: list[tuple[clubs.View, int]] = []

    def choose(self, view: clubs.View, seed: int) -> clubs.Play:
        self.calls.append((view, seed))
        return view.legal_moves[0]


class CheatingBot:
    """Plays a card it does not hold."""

    def choose(self, view: clubs.View, seed: int) -> clubs.Play:
        return clubs.Play(next(c for c in CARDS[:52] if c not in view.hand))


class JunkBot:
    def choose(self, view: clubs.View, seed: int) -> object:
        return "QS"


# --- play ----------------------------------------------------------------------------------------


def test_play_returns_a_transcript_that_replays_to_the_end() -> None:
    transcript = play("clubs", random_bots(), 7)
    assert type(transcript) is Transcript
    assert transcript.game == "clubs"
    assert transcript.seed == 7
    assert transcript.config is None
    assert transcript.deck is None
    assert all(type(m) is clubs.Play for m in transcript.moves)
    assert len(transcript.moves) % 52 == 0
    assert len(transcript.moves) <= clubs.max_moves()
    final = replay(transcript)
    assert final.to_act is None
    result = clubs.outcome(final)
    assert result is not None
    assert max(result.scores) >= 50
    assert sum(result.scores) == 13 * len(transcript.moves) // 52


def test_play_is_deterministic_from_the_seed() -> None:
    first = play("clubs", random_bots(), 123, SHORT)
    assert play("clubs", random_bots(), 123, SHORT) == first
    assert play(clubs, random_bots(), 123, SHORT) == first
    others = {play("clubs", random_bots(), seed, SHORT).moves for seed in range(5)}
    assert len(others) == 5


def test_play_with_config_and_deck() -> None:
    cfg = clubs.Config(players=3, threshold=5)
    deck = [str(c) for c in reversed(standard_deck())]
    transcript = play("clubs", random_bots(3), 9, cfg, deck=deck)
    assert transcript.config == cfg
    assert transcript.deck == tuple(parse_card(t) for t in deck)
    assert all(type(c) is Card for c in transcript.deck)
    final = replay(transcript)
    assert final.to_act is None
    assert len(final.hands) == 3
    # Seat 0 leads the first trick from its stacked hand.
    start = clubs.new_game(9, cfg, deck=deck)
    assert transcript.moves[0].card in start.hands[0]


def test_bots_see_their_own_views_and_derived_seeds() -> None:
    bots = [RecordingBot() for _ in range(4)]
    transcript = play("clubs", bots, 42, SHORT)
    assert sum(len(bot.calls) for bot in bots) == len(transcript.moves)
    state = clubs.new_game(42, SHORT)
    counters = [0, 0, 0, 0]
    for decision, move in enumerate(transcript.moves):
        seat = state.to_act
        assert seat is not None
        view, seed = bots[seat].calls[counters[seat]]
        counters[seat] += 1
        assert view == clubs.view(state, seat)
        assert view.player == seat
        assert seed == derive_seed(42, 1, decision)
        assert move == view.legal_moves[0]
        state = clubs.apply(state, move)
    assert state.to_act is None


@pytest.mark.parametrize(("config", "count"), [(None, 3), (None, 5), (clubs.Config(players=3), 4)])
def test_play_wrong_number_of_bots(config: clubs.Config | None, count: int) -> None:
    with pytest.raises(ConfigError, match=f"got {count} bots"):
        play("clubs", random_bots(count), 1, config)


@pytest.mark.parametrize("bots", [None, 5, "bots", [object()] * 4, (None, None, None, None)], ids=repr)
def test_play_refuses_what_is_not_a_list_of_bots(bots: Any) -> None:
    """``play("clubs", None, 1)`` used to raise ``TypeError``."""
    with pytest.raises(ConfigError, match=r"bots must be a list or tuple|is not a bot"):
        play("clubs", bots, 1)


def test_play_unknown_game() -> None:
    with pytest.raises(ConfigError, match="chess"):
        play("chess", random_bots(), 1)


@pytest.mark.parametrize("bot", [CheatingBot(), JunkBot()])
def test_play_illegal_bot_move_names_the_seat(bot: Bot) -> None:
    bots = random_bots()
    bots[2] = bot
    with pytest.raises(IllegalMoveError, match="bot at seat 2"):
        play("clubs", bots, 5)


def test_play_illegal_bot_at_seat_0() -> None:
    bots = random_bots()
    bots[0] = CheatingBot()
    with pytest.raises(IllegalMoveError, match="seat 0") as info:
        play("clubs", bots, 5)
    assert "does not hold" in str(info.value)


# --- replay --------------------------------------------------------------------------------------


def test_replay_bad_move_names_the_move_number() -> None:
    transcript = play("clubs", random_bots(), 3, SHORT)
    moves = list(transcript.moves)
    moves[4] = moves[0]  # seat 0's first card, already played (or not held by the seat to act)
    bad = attrs.evolve(transcript, moves=tuple(moves))
    with pytest.raises(IllegalMoveError, match="move 5 of the transcript"):
        replay(bad)
    junk = attrs.evolve(transcript, moves=(*transcript.moves[:2], "QS"))
    with pytest.raises(IllegalMoveError, match="move 3 of the transcript"):
        replay(junk)


def test_replay_partial_transcript() -> None:
    transcript = play("clubs", random_bots(), 3, SHORT)
    partial = attrs.evolve(transcript, moves=transcript.moves[:10])
    state = replay(partial)
    expected = clubs.new_game(3, SHORT)
    for move in transcript.moves[:10]:
        expected = clubs.apply(expected, move)
    assert state == expected
    assert replay(attrs.evolve(transcript, moves=())) == clubs.new_game(3, SHORT)


def test_replay_rejects_non_transcripts() -> None:
    for junk in (None, "clubs", ("clubs", 1, None, None, ())):
        with pytest.raises(StateError, match="Transcript"):
            replay(junk)  # type: ignore[arg-type]
        with pytest.raises(StateError, match="Transcript"):
            list(replay_steps(junk))  # type: ignore[arg-type]


def test_replay_unknown_game_and_bad_config() -> None:
    with pytest.raises(ConfigError, match="chess"):
        replay(Transcript(game="chess", seed=1, config=None, deck=None, moves=()))
    with pytest.raises(ConfigError):
        replay(Transcript(game="clubs", seed=1, config="not a config", deck=None, moves=()))


def test_replay_steps_yields_consistent_tuples() -> None:
    transcript = play("clubs", random_bots(), 17, SHORT)
    steps = list(replay_steps(transcript))
    assert len(steps) == len(transcript.moves)
    expected_before = clubs.new_game(17, SHORT)
    for (before, move, after, events), recorded in zip(steps, transcript.moves):
        assert before == expected_before
        assert move is recorded
        assert clubs.step(before, move) == (after, events)
        assert clubs.apply(before, move) == after
        assert type(events) is tuple
        assert events
        expected_before = after
    assert steps[-1][2] == replay(transcript)
    assert steps[-1][2].to_act is None


def test_replay_steps_stops_at_bad_move() -> None:
    transcript = play("clubs", random_bots(), 17, SHORT)
    bad = attrs.evolve(transcript, moves=(*transcript.moves[:6], transcript.moves[0]))
    seen = []
    with pytest.raises(IllegalMoveError, match="move 7 of the transcript"):
        for step in replay_steps(bad):
            seen.append(step)
    assert len(seen) == 6


def test_transcript_value() -> None:
    t = Transcript(game="clubs", seed=1, config=None, deck=None, moves=(clubs.Play("QS"),))
    assert t == Transcript(game="clubs", seed=1, config=None, deck=None, moves=(clubs.Play("QS"),))
    assert hash(t) == hash(
        Transcript(game="clubs", seed=1, config=None, deck=None, moves=(clubs.Play("QS"),))
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.seed = 2  # type: ignore[misc]
