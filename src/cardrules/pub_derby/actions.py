"""Pub Derby's moves as action numbers and as text: one card a move, numbered by its code."""

from __future__ import annotations

from cardrules._shared.actions import CardMoves
from cardrules.pub_derby.rules import _reason, legal_moves
from cardrules.pub_derby.state import _PLAY, Config, Play, State, _config

__all__ = ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]

_MOVES = CardMoves("Pub Derby", Play, _PLAY, _reason, legal_moves)


def action_count(config: Config | None = None) -> int:
    """52 actions: action ``k`` plays the card with code ``k`` (2C 0 .. AC 12, 2D 13 .. AD 25,
    2H 26 .. AH 38, 2S 39 .. AS 51), whatever the config."""
    _config(config)
    return 52


def encode_move(move: Play) -> int:
    """The action number of ``move``: its card's code (see [`action_count`][])."""
    return _MOVES.encode(move)


def decode_move(state: State, index: int) -> Play:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    return _MOVES.decode(state, index)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return _MOVES.actions(state)


def _legal_pairs(state: State) -> tuple[tuple[int, ...], tuple[Play, ...]]:
    """The legal action numbers and ``legal_moves(state)``, item for item, from one listing: the
    environments' mask and their decoding by lookup."""
    return _MOVES.pairs(state)


def format_move(move: Play) -> str:
    """The card's notation: ``"QS"``."""
    return _MOVES.format(move)


def parse_move(state: State, text: str) -> Play:
    """The legal play written as a card (``"QS"``, ``"10h"``, ``"th"``).

    Raises [`MoveParseError`][] for text that is no card, [`IllegalMoveError`][] for a card
    that may not be played now.
    """
    return _MOVES.parse(state, text)
