"""80 Points' integer action encoding (``docs/rules/eighty_points.md``, "Action encoding").

Cards are numbered by face, 0-53 (2C 0 .. AS 51, small joker 52, big joker 53); the two copies of a
card share a number. A play is a multiset of one, two or four faces, each at most twice, and every
such multiset has its own number, block by block:

======================  =======  ==================================================
block                   size     numbering inside the block
======================  =======  ==================================================
``AskRedeal``           1        0
``KeepHand``            1        1
``DeclareNoTrump``      1        2
``NoDeclare``           1        3
``Discard(f)``          54       4 + f
single ``f``            54       58 + f
double ``f f``          54       112 + f
two faces ``a < b``     1,431    166 + rank of {a, b}
four faces ``a<b<c<d``  316,251  1,597 + rank of {a, b, c, d}
double ``p`` + ``a<b``  74,412   317,848 + 1,378 p + rank of {a, b} with faces above p moved down 1
doubles ``p < q``       1,431    392,260 + rank of {p, q}
======================  =======  ==================================================

"rank" is the combinatorial number system (`cardrules._shared.actions.combination_index`). In all,
393,691 actions: too many for one flat action space for a learning agent, which is why the
adapters split a play into one decision per distinct face.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from types import MappingProxyType
from typing import Final

from cardrules._reprs import short_repr
from cardrules._shared.actions import (
    check_index,
    check_move_fields,
    combination_index,
    combination_of,
    decode_checked,
)
from cardrules._shared.options import config_of
from cardrules.cards import CARDS, parse_card
from cardrules.eighty_points.rules import (
    _ASK,
    _DECLARE,
    _DISCARD,
    _DOUBLE_PLAYS,
    _KEEP,
    _NO_DECLARE,
    _SINGLE_PLAYS,
    _reason,
    is_legal,
    legal_moves,
    play_of,
)
from cardrules.eighty_points.state import (
    AskRedeal,
    Config,
    DeclareNoTrump,
    Discard,
    KeepHand,
    Move,
    NoDeclare,
    Play,
    State,
)
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError

__all__ = ["CHOSEN_SIZE", "END_PLAY", "STEP_COUNT", "action_count", "chosen_faces", "decode_move"]
__all__ += ["encode_move", "format_move", "legal_actions", "move_steps", "parse_move", "step_actions"]
__all__ += ["step_move"]


_FACES = 54
_DISCARD_BASE = 4
_SINGLE = _DISCARD_BASE + _FACES
_DOUBLE = _SINGLE + _FACES
_TWO = _DOUBLE + _FACES
_FOUR = _TWO + comb(_FACES, 2)
_PAIR_TWO = _FOUR + comb(_FACES, 4)
_PAIR_STRIDE = comb(_FACES - 1, 2)
_TWO_PAIRS = _PAIR_TWO + _FACES * _PAIR_STRIDE
_COUNT = _TWO_PAIRS + comb(_FACES, 2)
_SIMPLE: tuple[Move, ...] = (_ASK, _KEEP, _DECLARE, _NO_DECLARE)  # the rules' own shared moves
_SIMPLE_INDEX: dict[type, int] = {type(m): i for i, m in enumerate(_SIMPLE)}


def action_count(config: Config | None = None) -> int:
    """393,691 actions, whatever the config (the table in this module's docstring)."""
    config_of(config, Config, "eighty_points")
    return _COUNT


def _play_index(cards: tuple[int, ...]) -> int | None:
    counts = Counter(cards)
    if any(not 0 <= f < _FACES for f in counts) or any(n > 2 for n in counts.values()):
        return None
    pairs = sorted(f for f, n in counts.items() if n == 2)
    singles = sorted(f for f, n in counts.items() if n == 1)
    shape = (len(pairs), len(singles))
    if shape == (0, 1):
        return _SINGLE + singles[0]
    if shape == (1, 0):
        return _DOUBLE + pairs[0]
    if shape == (0, 2):
        return _TWO + combination_index(singles)
    if shape == (0, 4):
        return _FOUR + combination_index(singles)
    if shape == (1, 2):
        p = pairs[0]
        return _PAIR_TWO + p * _PAIR_STRIDE + combination_index([s - (s > p) for s in singles])
    if shape == (2, 0):
        return _TWO_PAIRS + combination_index(pairs)
    return None


def encode_move(move: Move) -> int:
    """The action number of ``move`` (see [`action_count`][])."""
    if type(move) is Discard or type(move) is Play:
        check_move_fields("80 Points", move)
    return _encode(move)


def _encode(move: Move) -> int:
    """The action number of a move whose fields are of their types."""
    kind = type(move)
    if kind in _SIMPLE_INDEX:
        return _SIMPLE_INDEX[kind]
    if kind is Discard:
        return _DISCARD_BASE + int(move.card)  # type: ignore[union-attr]
    if kind is Play:
        index = _play_index(tuple(int(c) for c in move.cards))  # type: ignore[union-attr]
        if index is not None:
            return index
        raise IllegalMoveError(
            f"{short_repr(move)} is not a play of one, two or four cards, each at most twice"
        )
    raise IllegalMoveError(
        f"{short_repr(move)} is not an 80 Points move"
        " (AskRedeal, KeepHand, DeclareNoTrump, NoDeclare, Discard, Play)"
    )


def _faces_of(index: int) -> tuple[int, ...]:
    if index < _DOUBLE:
        return (index - _SINGLE,)
    if index < _TWO:
        f = index - _DOUBLE
        return (f, f)
    if index < _FOUR:
        return combination_of(index - _TWO, 2)
    if index < _PAIR_TWO:
        return combination_of(index - _FOUR, 4)
    if index < _TWO_PAIRS:
        p, rest = divmod(index - _PAIR_TWO, _PAIR_STRIDE)
        a, b = (s + (s >= p) for s in combination_of(rest, 2))
        return tuple(sorted((p, p, a, b)))
    p, q = combination_of(index - _TWO_PAIRS, 2)
    return (p, p, q, q)


def decode_move(state: State, index: int) -> Move:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("80 Points", index, _COUNT)
    move: Move
    if index < _DISCARD_BASE:
        move = _SIMPLE[index]
    elif index < _SINGLE:
        move = Discard(CARDS[index - _DISCARD_BASE])
    else:
        move = play_of(tuple(CARDS[f] for f in _faces_of(index)))
    return decode_checked("80 Points", state, index, move, is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return tuple(sorted(_encode(m) for m in legal_moves(state)))


# Step actions: a play split into one decision per distinct face (for agents and the adapters).
STEP_COUNT = _DOUBLE + _FACES + 1
"""167 step actions: 0-57 as in the flat numbering (the moves of the redeal, declaration and
discard phases), 58 + f "face f once", 112 + f "face f twice", 166 "end the play"."""
END_PLAY = STEP_COUNT - 1
"""The step that ends a play which is complete but could still grow (a double that could become
sisters). A play that cannot grow ends with its last face."""


CHOSEN_SIZE = _FACES
"""The length of [`chosen_faces`][]: one number per face."""


def chosen_faces(chosen: tuple[int, ...]) -> tuple[float, ...]:
    """The faces a play's steps have chosen so far, as an agent's input: for each face 0-53, the
    copies chosen / 2 (0, 0.5 or 1). Steps that choose no face (the other phases, ``END_PLAY``)
    add nothing."""
    values = [0.0] * _FACES
    for step in _check_chosen(chosen):
        if _SINGLE <= step < _DOUBLE:
            values[step - _SINGLE] = 0.5
        elif _DOUBLE <= step < END_PLAY:
            values[step - _DOUBLE] = 1.0
    return tuple(values)


def _steps_of(faces: tuple[int, ...]) -> tuple[int, ...]:
    """A play's steps: each face in increasing order, once (``_SINGLE + f``) or twice
    (``_DOUBLE + f``; a face has two copies at most)."""
    steps: list[int] = []
    last = -1
    for f in sorted(faces):
        if f == last:
            steps[-1] = _DOUBLE + f
        else:
            steps.append(_SINGLE + f)
            last = f
    return tuple(steps)


# The moves that are always one step, by identity, with their steps: the rules hand out one shared
# object for each (every single, double and discard, the four others), so an adapter can find a
# position's first steps without hashing its moves (attrs' __hash__ is a Python call).
_ONE_STEP_BY_ID: Final[Mapping[int, tuple[int, Move]]] = MappingProxyType(
    {
        **{id(m): (i, m) for i, m in enumerate(_SIMPLE)},
        **{id(m): (_DISCARD_BASE + int(m.card), m) for m in _DISCARD},
        **{id(m): (_SINGLE + int(m.cards[0]), m) for m in _SINGLE_PLAYS},
        **{id(m): (_DOUBLE + int(m.cards[0]), m) for m in _DOUBLE_PLAYS},
    }
)

_StepTable = tuple[tuple[tuple[int, ...], Move], ...]
"""Every legal move of a position with its steps (each play's faces; one step for the others)."""


def _step_table(state: State, moves: Sequence[Move] | None = None) -> _StepTable:
    """``state``'s step table (``moves``: its legal moves, where the caller has them already)."""
    listed = legal_moves(state) if moves is None else moves
    return tuple((_steps_of(m.cards) if type(m) is Play else (_encode(m),), m) for m in listed)


def _check_chosen(chosen: object) -> tuple[int, ...]:
    if not isinstance(chosen, (tuple, list)) or any(type(a) is not int for a in chosen):
        raise IllegalMoveError(f"chosen steps are a sequence of ints, got {short_repr(chosen)}")
    return tuple(chosen)


def step_actions(state: State, chosen: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The legal next steps after the steps ``chosen`` so far this move, ascending.

    Outside the trick phase the steps are the flat action numbers (one step a move). A play is
    chosen face by face in increasing face order, each face once or twice; only steps that can
    still complete a legal play are offered, and [`END_PLAY`][] when ``chosen`` is already a
    legal play that could also grow. Empty when ``chosen`` already makes a move (see
    [`step_move`][]); ``IllegalMoveError`` when ``chosen`` is not a legal beginning.
    """
    return _steps_after(_step_table(state), _check_chosen(chosen))


def _steps_after(table: _StepTable, chosen: tuple[int, ...]) -> tuple[int, ...]:
    """``step_actions`` answered from a position's step table."""
    if chosen and chosen[-1] == END_PLAY:
        _move_of_steps(table, chosen)  # raises unless END_PLAY ends a legal play
        return ()
    n = len(chosen)
    starts = [steps for steps, _ in table if steps[:n] == chosen]
    if not starts:
        raise IllegalMoveError(f"steps {list(chosen)} begin no legal move here")
    if chosen and any(steps == chosen for steps in starts) and len(starts) == 1:
        return ()
    nxt = {steps[n] for steps in starts if len(steps) > n}
    if chosen and any(steps == chosen for steps in starts):
        nxt.add(END_PLAY)
    return tuple(sorted(nxt))


def step_move(state: State, chosen: tuple[int, ...]) -> Move | None:
    """The move the steps ``chosen`` make, or ``None`` while more steps are needed.

    A sequence makes a move when it spells a legal move that cannot grow, or a legal play followed
    by [`END_PLAY`][]. ``IllegalMoveError`` when ``chosen`` is not a legal beginning.
    """
    return _move_of_steps(_step_table(state), _check_chosen(chosen))


def _move_of_steps(table: _StepTable, chosen: tuple[int, ...]) -> Move | None:
    """``step_move`` answered from a position's step table."""
    ended = bool(chosen) and chosen[-1] == END_PLAY
    spelled = chosen[:-1] if ended else chosen
    n = len(spelled)
    starts = [(steps, m) for steps, m in table if steps[:n] == spelled]
    exact = [m for steps, m in starts if steps == spelled]
    if not starts or (ended and (not exact or len(starts) == 1)):
        raise IllegalMoveError(f"steps {list(chosen)} begin no legal move here")
    if exact and (ended or len(starts) == 1):
        return exact[0]
    return None


def move_steps(state: State, move: Move) -> tuple[int, ...]:
    """The steps that make the legal ``move`` in ``state`` (ending with [`END_PLAY`][] when the
    play could have grown). ``IllegalMoveError`` for a move that is not legal."""
    return _steps_of_move(_step_table(state), move)


def _steps_of_move(table: _StepTable, move: Move) -> tuple[int, ...]:
    """``move_steps`` answered from a position's step table."""
    for steps, m in table:
        if m == move:
            growing = any(len(other) > len(steps) and other[: len(steps)] == steps for other, _ in table)
            return (*steps, END_PLAY) if growing else steps
    raise IllegalMoveError(f"{short_repr(move)} is not a legal move here")


def format_move(move: Move) -> str:
    """``ask``, ``keep``, ``declare``, ``pass``, ``discard QS`` and plays as cards: ``7C 7C 8C 8C``."""
    kind = type(move)
    if kind is Play:
        return " ".join(str(c) for c in move.cards)  # type: ignore[union-attr]
    if kind is Discard:
        return f"discard {move.card}"  # type: ignore[union-attr]
    names = {AskRedeal: "ask", KeepHand: "keep", DeclareNoTrump: "declare", NoDeclare: "pass"}
    name = names.get(kind)
    if name is None:
        raise IllegalMoveError(f"{short_repr(move)} is not an 80 Points move")
    return name


def parse_move(state: State, text: str) -> Move:
    """Read ``ask``, ``keep``, ``declare``, ``pass``, ``discard QS`` or cards (``7c 7c``)."""
    if not isinstance(text, str):
        raise MoveParseError(f"an 80 Points move is text such as '7C 7C' or 'keep', got {short_repr(text)}")
    words = text.replace(",", " ").lower().split()
    move: Move
    named: dict[str, Move] = {
        "ask": AskRedeal(),
        "keep": KeepHand(),
        "declare": DeclareNoTrump(),
        "pass": NoDeclare(),
    }
    try:
        if len(words) == 1 and words[0] in named:
            move = named[words[0]]
        elif len(words) == 2 and words[0] == "discard":
            move = Discard(parse_card(words[1]))
        elif words and len(words) in (1, 2, 4):
            move = Play(tuple(parse_card(w) for w in words))
        else:
            raise MoveParseError(f"{short_repr(text)} is not an 80 Points move")
    except CardParseError as exc:
        raise MoveParseError(f"{short_repr(text)} is not an 80 Points move: {exc}") from None
    except IllegalMoveError as exc:
        raise MoveParseError(str(exc)) from None
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {format_move(move)}: {reason}")
    return move
