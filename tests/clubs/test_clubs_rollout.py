"""Clubs' ``rollout``, the playout search bots use: it plays legal cards only (following suit) to
the end of the round, and values the round as its docstring says: ``1 - clubs taken this round /
13`` per seat, or ``Outcome.rewards`` when the round ends the match. Checked against every way the
round can end from small positions, enumerated through the public ``legal_moves`` and ``apply``."""

from __future__ import annotations

import random

from cardrules import clubs


def _values(state: clubs.State, start: clubs.State) -> set[tuple[float, ...]]:
    """Every value the round can end with from ``state`` (legal play only)."""
    if state.to_act is None:
        result = clubs.outcome(state)
        assert result is not None
        return {result.rewards()}
    if state.match is not start.match:  # the round is over and the next one dealt
        return {tuple(1 - (a - b) / 13 for a, b in zip(state.match.scores, start.match.scores))}
    out: set[tuple[float, ...]] = set()
    for move in clubs.legal_moves(state):
        out |= _values(clubs.apply(state, move), start)
    return out


def _near_the_end(seed: int, config: clubs.Config, cards_each: int) -> clubs.State:
    rnd = random.Random(seed)
    state = clubs.new_game(seed, config)
    while len(state.hands[0]) > cards_each or state.trick:
        state = clubs.apply(state, rnd.choice(clubs.legal_moves(state)))
    return state


def test_a_rollout_ends_only_as_legal_play_can_end_the_round() -> None:
    seen: set[tuple[float, ...]] = set()
    for seed in range(20):
        state = _near_the_end(seed, clubs.Config(players=2, threshold=50), 4)
        possible = _values(state, state)
        for playout in range(10):
            value = clubs.rollout(state, playout)
            assert value in possible, (seed, value, possible)
            seen.add(value)
    assert len(seen) > 5


def test_a_round_that_ends_the_match_is_valued_by_its_outcome() -> None:
    for seed in range(8):
        state = _near_the_end(seed, clubs.Config(players=3, threshold=1), 2)
        possible = _values(state, state)
        assert all(set(v) <= {0.0, 1.0} for v in possible)  # a win or a loss, whole
        for playout in range(10):
            assert clubs.rollout(state, playout) in possible


def test_a_finished_game_gives_its_rewards() -> None:
    state = _near_the_end(0, clubs.Config(players=2, threshold=1), 0)
    result = clubs.outcome(state)
    assert result is not None and clubs.rollout(state, 1) == result.rewards()


def _replayed(state: clubs.State, seed: int) -> tuple[float, ...]:
    """The playout of ``rollout(state, seed)`` replayed through ``legal_moves`` and ``apply``: the
    same generator (``random.Random(seed).random``, seeds below 2**64) picks ``moves[int(r * n)]``
    among the ``n`` legal moves, to the round's end, valued as the docstring says."""
    rnd = random.Random(seed).random
    start = state
    while state.to_act is not None and state.match is start.match:
        moves = clubs.legal_moves(state)
        state = clubs.apply(state, moves[int(rnd() * len(moves))])
    if state.to_act is None:
        result = clubs.outcome(state)
        assert result is not None
        return result.rewards()
    return tuple(1 - (a - b) / 13 for a, b in zip(state.match.scores, start.match.scores))


def test_a_rollout_plays_the_cards_apply_would_play() -> None:
    """The playout skips the move checks and builds no states, so it must play the transition's
    game card for card: legal cards only (following suit when able), the same tricks taken, the
    round scored and the match ended as ``apply`` does. Positions at every point of a round,
    mid-trick included, with 2-4 players, in rounds that end the match and rounds that do not."""
    compared = 0
    for players, threshold in ((2, 50), (3, 50), (4, 50), (4, 8), (3, 1)):
        rnd = random.Random(players * 100 + threshold)
        state = clubs.new_game(threshold, clubs.Config(players=players, threshold=threshold))
        while state.to_act is not None and state.match.round <= 2:
            for seed in (0, 1, 2**64 - 1):
                assert clubs.rollout(state, seed) == _replayed(state, seed), clubs.to_text(state)
                compared += 1
            state = clubs.apply(state, rnd.choice(clubs.legal_moves(state)))
    assert compared > 1000


def test_playouts_vary_with_the_seed_and_count_this_rounds_clubs_only() -> None:
    """In round 2 (the scores already hold round 1's clubs) a playout's value counts the clubs taken
    from the position on, and different seeds choose different cards."""
    varied = 0
    for seed in range(6):
        rnd = random.Random(seed)
        state = clubs.new_game(seed, clubs.Config(players=2, threshold=50))
        while state.match.round == 1 or len(state.hands[0]) > 4 or state.trick:
            state = clubs.apply(state, rnd.choice(clubs.legal_moves(state)))
        assert sum(state.match.scores) == 13
        possible = _values(state, state)
        values = {clubs.rollout(state, playout) for playout in range(20)}
        assert values <= possible
        varied += len(values) > 1
    assert varied >= 2
