"""Transcripts: a whole game as its seed, config, stacked deck and moves, and their replay."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs

from cardrules.cards import Card
from cardrules.errors import IllegalMoveError, StateError
from cardrules.registry import AnyGame, get_game

__all__ = ["Transcript", "replay", "replay_steps"]

_T = TypeVar("_T")


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
    game, state = _start(transcript)
    for index, move in enumerate(transcript.moves):
        after, events = _numbered(index, game.step, state, move)
        yield state, move, after, events
        state = after


def replay(transcript: Transcript) -> Any:
    """The state reached by playing the transcript's moves from its seed, config and deck."""
    game, state = _start(transcript)
    for index, move in enumerate(transcript.moves):
        state = _numbered(index, game.apply, state, move)
    return state


def _start(transcript: Transcript) -> tuple[AnyGame, Any]:
    if type(transcript) is not Transcript:
        raise StateError(f"expected a Transcript, got {type(transcript).__name__}")
    game = get_game(transcript.game)
    return game, game.new_game(transcript.seed, transcript.config, deck=transcript.deck)


def _numbered(index: int, play: Callable[[Any, Any], _T], state: Any, move: Any) -> _T:
    """``play(state, move)``, an illegal move's message saying which move of the transcript it is."""
    try:
        return play(state, move)
    except IllegalMoveError as exc:
        raise IllegalMoveError(f"move {index + 1} of the transcript: {exc}") from None
