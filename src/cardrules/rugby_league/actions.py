"""Rugby League's moves as action numbers and as text."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared.actions import check_index, decode_checked
from cardrules._shared.options import config_of
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.rugby_league.rules import _reason, legal_moves
from cardrules.rugby_league.rules import is_legal as _is_legal
from cardrules.rugby_league.state import (
    DROP,
    GOAL,
    TAP,
    TOUCH,
    AttemptDropGoal,
    Choose,
    Config,
    KickForGoal,
    KickForTouch,
    Move,
    State,
    TapAndRun,
)

__all__ = ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]


def format_move(move: Move) -> str:
    """``"0"``..``"5"`` for a slot, ``"drop"``, ``"touch"``, ``"goal"``, ``"tap"``."""
    if type(move) is Choose:
        return str(move.slot)
    names = {AttemptDropGoal: "drop", KickForTouch: "touch", KickForGoal: "goal", TapAndRun: "tap"}
    name = names.get(type(move))
    if name is None:
        raise IllegalMoveError(f"{short_repr(move)} is not a Rugby League move")
    return name


def parse_move(state: State, text: str) -> Move:
    """Read a slot number (``"3"``), ``"drop"``, ``"touch"``, ``"goal"`` or ``"tap"`` (any case)."""
    if not isinstance(text, str):
        raise MoveParseError(f"a Rugby League move is text such as '3' or 'tap', got {short_repr(text)}")
    word = text.strip().lower()
    words: dict[str, Move] = {
        "drop": DROP,
        "drop goal": DROP,
        "touch": TOUCH,
        "kick for touch": TOUCH,
        "goal": GOAL,
        "kick for goal": GOAL,
        "tap": TAP,
        "tap and run": TAP,
    }
    move: Move
    if len(word) == 1 and word in "012345":
        move = Choose(int(word))
    elif word in words:
        move = words[word]
    else:
        raise MoveParseError(
            f"{short_repr(text)} is not a Rugby League move: write a slot (0-5), drop, touch, goal or tap"
        )
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {format_move(move)}: {reason}")
    return move


_ACTION_MOVES: tuple[Move, ...] = (
    *(Choose(slot) for slot in range(6)),
    AttemptDropGoal(),
    KickForTouch(),
    KickForGoal(),
    TapAndRun(),
)


_ACTION_OF: dict[Move, int] = {move: index for index, move in enumerate(_ACTION_MOVES)}


def _legal_pairs(state: State) -> tuple[tuple[int, ...], tuple[Move, ...]]:
    """The legal action numbers and ``legal_moves(state)``, item for item, from one listing: the
    environments' mask and their decoding by lookup."""
    moves = legal_moves(state)
    return tuple([_ACTION_OF[m] for m in moves]), moves


def action_count(config: Config | None = None) -> int:
    """10 actions, whatever the config: 0-5 ``Choose(slot)``, 6 ``AttemptDropGoal``, 7
    ``KickForTouch``, 8 ``KickForGoal``, 9 ``TapAndRun``."""
    config_of(config, Config, "rugby_league")
    return len(_ACTION_MOVES)


def encode_move(move: Move) -> int:
    """The action number of ``move`` (see [`action_count`][])."""
    try:
        return _ACTION_OF[move]
    except (KeyError, TypeError):
        raise IllegalMoveError(
            f"{short_repr(move)} is not a Rugby League move (Choose(0..5), AttemptDropGoal(), KickForTouch(),"
            " KickForGoal(), TapAndRun())"
        ) from None


def decode_move(state: State, index: int) -> Move:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Rugby League", index, len(_ACTION_MOVES))
    return decode_checked("Rugby League", state, index, _ACTION_MOVES[index], _is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return tuple(sorted(_ACTION_OF[m] for m in legal_moves(state)))
