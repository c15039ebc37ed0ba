"""High Card's moves as action numbers and as text: one card a move, numbered by its code, as
every game of one card a move numbers them (``cardrules._shared.actions.CardMoves``)."""

from __future__ import annotations

from cardrules._shared.actions import CardMoves
from high_card.rules import _reason, legal_moves
from high_card.state import _PLAY, Config, Play, _config

__all__ = ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]


def action_count(config: Config | None = None) -> int:
    """52 actions: action ``k`` plays the card with code ``k`` (9S 46 .. AS 51; the others are
    never legal)."""
    _config(config)
    return 52


_MOVES = CardMoves("High Card", Play, _PLAY, _reason, legal_moves)

encode_move = _MOVES.encode
"""The action number of a move: its card's code."""

decode_move = _MOVES.decode
"""The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` otherwise."""

legal_actions = _MOVES.actions
"""The action numbers of ``legal_moves(state)``, ascending."""

format_move = _MOVES.format
"""The card's notation: ``"QS"``."""

parse_move = _MOVES.parse
"""The legal play written as a card (``"QS"``, ``"qs"``): ``MoveParseError`` for text that is no
card, ``IllegalMoveError`` for a card the seat may not play now."""
