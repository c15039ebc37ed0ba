"""Transcripts: a whole game as its seed, config, stacked deck and moves, and their replay."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from cardrules.cards import Card
from cardrules.errors import IllegalMoveError, StateError
from cardrules.registry import get_game

__all__ = ["Transcript", "replay", "replay_steps"]


@attrs.frozen
class Transcript:
    """Everything needed to reproduce a game: ``replay(t)`` rebuilds its final state.

    ``config`` is the game's ``Config`` (``None`` for the default), ``deck`` the stacked first deal
    or ``None``, ``moves`` the moves in order.
    """

    game: str
    seed: int
    config: Any
    deck: tuple[Card, ...] | None
    moves: tuple[Any, ...]


def replay_steps(transcript: Transcript) -> Iterator[tuple[Any, Any, Any, tuple[Any, ...]]]:
    """Yield ``(state_before, move, state_after, events)`` for each move of the transcript."""
    if type(transcript) is not Transcript:
        raise StateError(f"expected a Transcript, got {type(transcript).__name__}")
    game = get_game(transcript.game)
    state = game.new_game(transcript.seed, transcript.config, deck=transcript.deck)
    for index, move in enumerate(transcript.moves):
        try:
            after, events = game.step(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {index + 1} of the transcript: {exc}") from None
        yield state, move, after, events
        state = after


def replay(transcript: Transcript) -> Any:
    """The state reached by playing the transcript's moves from its seed, config and deck."""
    if type(transcript) is not Transcript:
        raise StateError(f"expected a Transcript, got {type(transcript).__name__}")
    game = get_game(transcript.game)
    state = game.new_game(transcript.seed, transcript.config, deck=transcript.deck)
    for index, move in enumerate(transcript.moves):
        try:
            state = game.apply(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {index + 1} of the transcript: {exc}") from None
    return state
