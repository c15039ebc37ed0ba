"""Manager's moves as action numbers and as text."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared.actions import check_index, check_move_fields, decode_checked
from cardrules._shared.checks import wrong_type
from cardrules.cards import parse_card
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError
from cardrules.manager.rules import _reason, is_legal, legal_moves
from cardrules.manager.state import _ACTIONS, _EXCHANGE, _PASS, Config, Exchange, Pass, State, _config

__all__ = ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]


def action_count(config: Config | None = None) -> int:
    """2,705 actions, whatever the config: ``Exchange(team_card, pool_card)`` is
    ``52 * team_card + pool_card`` (card codes 2C 0 .. AS 51), ``Pass`` is 2,704. Actions naming
    a card of the stripped suit are never legal."""
    _config(config)
    return _ACTIONS


def encode_move(move: Exchange | Pass) -> int:
    """The action number of ``move`` (see [`action_count`][])."""
    if type(move) is Exchange:
        check_move_fields("Manager", move)
    elif type(move) is not Pass:
        raise IllegalMoveError(
            f"{short_repr(move)} is not a Manager move (Exchange(team_card, pool_card) or Pass())"
        )
    return _action_of(move)


def _action_of(move: Exchange | Pass) -> int:
    """The action number of a well-formed move."""
    return 52 * move.team_card + move.pool_card if type(move) is Exchange else _ACTIONS - 1


def decode_move(state: State, index: int) -> Exchange | Pass:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Manager", index, _ACTIONS)
    move = _PASS if index == _ACTIONS - 1 else _EXCHANGE[index // 52][index % 52]
    return decode_checked("Manager", state, index, move, is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending (``legal_moves``' own order: each
    team card with each pool card, then ``Pass``), counted from the cards without making the
    moves (OpenSpiel asks for the numbers alone)."""
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return ()
    return (*[52 * t + p for t in state.teams[seat] for p in state.pool], _ACTIONS - 1)


def _legal_pairs(state: State) -> tuple[tuple[int, ...], tuple[Exchange | Pass, ...]]:
    """The legal action numbers and ``legal_moves(state)``, item for item: the environments' mask
    and their decoding by lookup."""
    actions = legal_actions(state)
    return (actions, legal_moves(state)) if actions else ((), ())


def format_move(move: Exchange | Pass) -> str:
    """``"QS-3H"`` (give the team card QS, take the pool card 3H) or ``"pass"``."""
    if type(move) is Pass:
        return "pass"
    if type(move) is Exchange:
        return f"{move.team_card}-{move.pool_card}"
    raise IllegalMoveError(f"{short_repr(move)} is not a Manager move")


def parse_move(state: State, text: str) -> Exchange | Pass:
    """Read ``"pass"`` (or ``"p"``) or an exchange ``"QS-3H"``: team card, then pool card, separated by
    ``-``, ``/``, ``>``, a comma or spaces. ``MoveParseError`` for other text."""
    if not isinstance(text, str):
        raise MoveParseError(f"a Manager move is text such as 'QS-3H' or 'pass', got {short_repr(text)}")
    cleaned = text.strip().lower()
    move: Exchange | Pass
    if cleaned in ("pass", "p"):
        move = _PASS
    else:
        parts = cleaned.replace("-", " ").replace("/", " ").replace(">", " ").replace(",", " ").split()
        if len(parts) != 2:
            raise MoveParseError(
                f"{short_repr(text)} is not a Manager move: write 'QS-3H' (give QS, take 3H) or 'pass'"
            )
        try:
            move = Exchange(parse_card(parts[0]), parse_card(parts[1]))
        except CardParseError as exc:
            raise MoveParseError(f"{short_repr(text)} is not a Manager move: {exc}") from None
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {format_move(move)}: {reason}")
    return move
