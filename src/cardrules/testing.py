"""Hypothesis strategies for property tests of cardrules games and of code built on them.

Needs Hypothesis (in a checkout: ``python -m pip install -e ".[testing]"``). Every strategy plays
the game through its
public functions only, so what it draws is always reachable by legal play::

    from hypothesis import given
    from cardrules import clubs
    from cardrules.testing import states

    @given(states("clubs", clubs.Config(threshold=10)))
    def test_no_score_goes_down(state):
        ...

- [`seeds`][]: game seeds (any int from 0 to 2**64 - 1).
- [`transcripts`][]: whole or partial games as [`Transcript`][] (seed, config,
  moves), replayable with [`replay`][cardrules.transcript.replay].
- [`states`][]: states reached by legal play from a random seed.
- [`moves`][]: a legal move of a given state.

Examples shrink towards small seeds, early states and each state's first legal moves.
"""

from __future__ import annotations

from typing import Any

from cardrules._extras import missing_extra
from cardrules._reprs import short_repr

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.testing", "testing", exc) from exc

from cardrules.errors import ConfigError, StateError
from cardrules.registry import GAMES, AnyGame, get_game
from cardrules.rng import Rng
from cardrules.transcript import Transcript

__all__ = ["moves", "seeds", "states", "transcripts"]

_SEED_MAX = 2**64 - 1
_DRAWN_MOVES = 200


def seeds() -> st.SearchStrategy[int]:
    """Game seeds: ints from 0 to 2**64 - 1, shrinking towards 0."""
    return st.integers(min_value=0, max_value=_SEED_MAX)


def _game_and_config(game: str | AnyGame, config: Any) -> tuple[AnyGame, Any]:
    module = get_game(game)
    module.num_players(config)  # a config of another game, or a bad one, fails here, not in a test
    return module, config


def _limit(module: AnyGame, config: Any, max_moves: int | None) -> int:
    bound = module.max_moves(config)
    if max_moves is None:
        return bound
    if type(max_moves) is not int or max_moves < 0:
        raise ConfigError(f"max_moves must be an int >= 0 or None, got {short_repr(max_moves)}")
    return min(bound, max_moves)


@st.composite
def _playout(
    draw: st.DrawFn, module: AnyGame, config: Any, limit: int, complete: bool
) -> tuple[Transcript, Any]:
    seed = draw(seeds())
    stop = limit if complete else draw(st.integers(min_value=0, max_value=limit))
    # Hypothesis keeps a bounded record of each example's draws, so a long game draws its first
    # moves one by one (they shrink well) and the rest from a drawn generator seed.
    rng = Rng.from_seed(draw(seeds()))
    state = module.new_game(seed, config)
    played: list[Any] = []
    while state.to_act is not None and len(played) < stop:
        legal = module.legal_moves(state)
        if len(played) < _DRAWN_MOVES:
            index = draw(st.integers(min_value=0, max_value=len(legal) - 1))
        else:
            index, rng = rng.below(len(legal))
        move = legal[index]
        state = module.apply(state, move)
        played.append(move)
    return Transcript(game=module.NAME, seed=seed, config=config, deck=None, moves=tuple(played)), state


def transcripts(
    game: str | AnyGame, config: Any = None, *, max_moves: int | None = None, complete: bool = False
) -> st.SearchStrategy[Transcript]:
    """Games of ``game`` (a registry name or module) with ``config``, as transcripts.

    Each draws a seed and then legal moves one by one, stopping at a drawn move count (at most
    ``max_moves``, or the game's ``max_moves(config)`` bound) or when the game ends. With
    ``complete=True`` every transcript plays to the game's end (``max_moves`` must then be
    ``None``). ``ConfigError`` for an unknown game or a bad config.
    """
    module, config = _game_and_config(game, config)
    if complete and max_moves is not None:
        raise ConfigError("complete=True plays every game to its end: leave max_moves as None")
    limit = _limit(module, config, max_moves)
    return _playout(module, config, limit, complete).map(lambda pair: pair[0])


def states(
    game: str | AnyGame, config: Any = None, *, max_moves: int | None = None, complete: bool = False
) -> st.SearchStrategy[Any]:
    """States of ``game`` reached by legal play from a random seed (see [`transcripts`][]):
    any point of a game, or with ``complete=True`` finished games only."""
    module, config = _game_and_config(game, config)
    if complete and max_moves is not None:
        raise ConfigError("complete=True plays every game to its end: leave max_moves as None")
    limit = _limit(module, config, max_moves)
    return _playout(module, config, limit, complete).map(lambda pair: pair[1])


def moves(state: Any) -> st.SearchStrategy[Any]:
    """A legal move of ``state`` (any registered game's). ``StateError`` if the game is over or
    ``state`` is no game's state."""
    module = next((g for g in GAMES.values() if type(state) is g.State), None)
    if module is None:
        raise StateError(f"{type(state).__name__} is not the state of a registered game")
    legal = module.legal_moves(state)
    if not legal:
        raise StateError("the game is over: no legal move to draw")
    return st.sampled_from(legal)
