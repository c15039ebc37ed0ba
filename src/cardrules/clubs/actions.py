"""Clubs' moves as action numbers and as text."""

from __future__ import annotations

from cardrules._actions import check_index, check_move_fields, decode_checked
from cardrules._reprs import short_repr
from cardrules._tricks import (
    parse_suited_card,
)
from cardrules.clubs.rules import _reason, is_legal, legal_moves
from cardrules.clubs.state import _PLAY, Config, Play, State, _config
from cardrules.errors import (
    IllegalMoveError,
)

__all__ = ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]


def action_count(config: Config | None = None) -> int:
    """52 actions: action ``k`` plays the card with code ``k`` (2C 0 .. AC 12, 2D 13 .. AD 25,
    2H 26 .. AH 38, 2S 39 .. AS 51), whatever the config."""
    _config(config)
    return 52


def encode_move(move: Play) -> int:
    """The action number of ``move``: its card's code (see [`action_count`][])."""
    if type(move) is not Play:
        raise IllegalMoveError(f"{short_repr(move)} is not a Clubs move (a Clubs move is Play(card))")
    check_move_fields("Clubs", move)
    return int(move.card)


def decode_move(state: State, index: int) -> Play:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Clubs", index, 52)
    return decode_checked("Clubs", state, index, _PLAY[index], is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return tuple([int(m.card) for m in legal_moves(state)])


def format_move(move: Play) -> str:
    """The card's notation: ``"QS"``."""
    if type(move) is not Play:
        raise IllegalMoveError(f"{short_repr(move)} is not a Clubs move")
    return str(move.card)


def parse_move(state: State, text: str) -> Play:
    """The legal play written as a card (``"QS"``, ``"10h"``, ``"th"``).

    Raises [`MoveParseError`][] for text that is no card, [`IllegalMoveError`][] for a card
    that may not be played now.
    """
    card = parse_suited_card(text, "Clubs")
    move = _PLAY[card]
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {card}: {reason}")
    return move
