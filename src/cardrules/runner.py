"""Driving a game to its end with bots that see only views: ``cardrules.play``.

``play`` is for bots only: every seat is a bot, nobody is asked for a move, and it returns the
game's transcript (to replay, score or save). To play a game yourself against your own bot:

- at the terminal, ``cardrules play clubs --bots my_bot.py:MyBot`` (the other seats; see
  ``cardrules play --help``);
- in the browser, ``cardrules serve --bot mine=my_bot.py:MyBot --open``, then seat ``mine`` in
  the lobby (or ``"seats": ["human", "mine", ...]`` from a client of the protocol).

Either takes ``package.module:ClassName`` as well as a file (``cardrules.bots.loading.load_bot``). To
measure a bot over many games, see ``cardrules.arena.run_matches`` and ``cardrules arena``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardrules._reprs import short_repr
from cardrules.bots import Bot
from cardrules.cards import to_card
from cardrules.errors import ConfigError, IllegalMoveError
from cardrules.registry import AnyGame, get_game
from cardrules.rng import derive_seed
from cardrules.transcript import Transcript

__all__ = ["play"]


def play(
    game: str | AnyGame,
    bots: Sequence[Bot],
    seed: int,
    config: Any = None,
    *,
    deck: Sequence[Any] | None = None,
) -> Transcript:
    """Play one game between bots to its end and return its transcript (no seat is a person's:
    to play against a bot yourself, see this module's docstring).

    ``bots[s]`` plays seat ``s`` and sees only ``view(state, s)``; its ``k``-th decision (counted over
    the whole game from 0) gets the seed ``derive_seed(seed, 1, k)``. The game's own seed is ``seed``.
    A bot that returns an illegal move raises ``IllegalMoveError`` naming the bot's seat.
    """
    module = get_game(game)
    moves: list[Any] = []
    _drive(module, bots, seed, config, deck, moves)
    stacked = None if deck is None else tuple(to_card(c) for c in deck)
    return Transcript(game=module.NAME, seed=seed, config=config, deck=stacked, moves=tuple(moves))


def _ask(bot: Bot, view: Any, seed: int) -> Any:
    return bot.choose(view, seed)


def _drive(
    module: AnyGame,
    bots: Sequence[Bot],
    seed: int,
    config: Any,
    deck: Sequence[Any] | None,
    moves: list[Any],
    decide: Callable[[Bot, Any, int], Any] = _ask,
) -> Any:
    """Play to the end, appending each move to ``moves`` as it is made; return the final state.

    ``decide(bot, view, seed)`` gets each move (the arena's referee times the bots there). The moves
    made so far stay in ``moves`` when a bot fails, so a caller can save the transcript.
    """
    state = module.new_game(seed, config, deck=deck)
    _check_bots(module, bots, config, fewest=module.num_players(config))
    bound = module.max_moves(config)
    while state.to_act is not None:
        if len(moves) >= bound:
            raise IllegalMoveError(f"{module.NAME} passed its bound of {bound} moves")
        seat = state.to_act
        move = decide(bots[seat], module.view(state, seat), derive_seed(seed, 1, len(moves)))
        try:
            state = module.apply(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"the bot at seat {seat} chose an illegal move: {exc}") from None
        moves.append(move)
    return state


def _check_bots(module: AnyGame, bots: object, config: Any, *, fewest: int) -> tuple[Bot, ...]:
    """``bots`` as a tuple: a list or tuple of ``fewest`` up to one bot per seat, each with ``choose``."""
    if not isinstance(bots, (list, tuple)):
        raise ConfigError(f"bots must be a list or tuple of bots, got {short_repr(bots)}")
    players = module.num_players(config)
    if not fewest <= len(bots) <= players:
        wanted = str(players) if fewest == players else f"{fewest} to {players}"
        raise ConfigError(
            f"{module.NAME} with this config has {players} seats: give {wanted} bots, got {len(bots)} bots"
        )
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise ConfigError(f"{short_repr(bot)} is not a bot: it has no choose(view, seed) method")
    return tuple(bots)
