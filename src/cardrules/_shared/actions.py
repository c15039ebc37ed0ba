"""Integer action encodings: the shared parts of every game's ``encode_move`` / ``decode_move``.

Every game numbers its moves ``0 .. action_count(config) - 1`` (see ``docs/contract.md``, "Action
encoding", and each game's page). The numbering is part of the contract: it never changes for a
given game and config without a changelog entry. This module holds what the games share: the
combinatorial number system for sets of cards, and the checks and messages of ``decode_move``.

Internal to the package (hence the underscore): the game modules call these on their hot paths
with arguments they have already checked, so nothing here validates its input. Users reach the
same rules through the games' public functions, which do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import Any, Generic, Protocol, TypeVar

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_fields
from cardrules.cards import Card, parse_card
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError, StateError

__all__ = ["CardMoves", "check_index", "check_move_fields", "combination_index", "combination_of"]
__all__ += ["decode_checked"]

MoveT = TypeVar("MoveT")


def combination_index(items: Sequence[int]) -> int:
    """The rank of a strictly increasing sequence among all sets of its size (colex order):
    ``sum(comb(items[i], i + 1))``. ``(0, 1) -> 0``, ``(0, 2) -> 1``, ``(1, 2) -> 2``."""
    return sum(comb(x, i + 1) for i, x in enumerate(items))


def combination_of(index: int, size: int) -> tuple[int, ...]:
    """The strictly increasing ``size``-sequence whose [`combination_index`][] is ``index``."""
    out: list[int] = []
    for k in range(size, 0, -1):
        x = k - 1
        while comb(x + 1, k) <= index:
            x += 1
        out.append(x)
        index -= comb(x, k)
    return tuple(reversed(out))


def check_index(game: str, index: object, count: int) -> int:
    """``index`` if it is an int in ``range(count)``; else ``IllegalMoveError`` naming the range."""
    if type(index) is not int or not 0 <= index < count:
        raise IllegalMoveError(f"{game} actions are ints from 0 to {count - 1}, got {short_repr(index)}")
    return index


def check_move_fields(game: str, move: object) -> None:
    """``IllegalMoveError`` for a move of the right class whose fields are not of their types (one
    built around its converters with ``object.__setattr__``), instead of a ``TypeError`` or a wrong
    action number from ``encode_move``."""
    try:
        check_fields(move)
    except StateError as exc:
        raise IllegalMoveError(f"not a well-formed {game} move: {exc}") from None


def decode_checked(
    game: str,
    state: Any,
    index: int,
    move: MoveT,
    is_legal: Callable[[Any, object], bool],
    legal_actions: Callable[[Any], tuple[int, ...]],
) -> MoveT:
    """``move`` (the move numbered ``index``) if it is legal in ``state``; else ``IllegalMoveError``
    naming the move and the legal action numbers."""
    if not is_legal(state, move):
        legal = legal_actions(state)
        shown = ", ".join(map(str, legal[:20])) + (", ..." if len(legal) > 20 else "")
        raise IllegalMoveError(
            f"{game} action {index} ({short_repr(move)}) is not legal here; legal actions: {shown or 'none'}"
        )
    return move


class _PlaysOneCard(Protocol):
    @property
    def card(self) -> Card: ...


PlayT = TypeVar("PlayT", bound=_PlaysOneCard)


class CardMoves(Generic[PlayT]):
    """The actions and notation of a game whose every move plays one card (Clubs, Pub Derby):
    action ``k`` plays the card with code ``k``, and a move is written as its card."""

    __slots__ = ("_game", "_legal_moves", "_play", "_reason", "_table")

    def __init__(
        self,
        game: str,
        play: type[PlayT],
        table: Sequence[PlayT],
        reason: Callable[[Any, object], str | None],
        legal_moves: Callable[[Any], Sequence[PlayT]],
    ) -> None:
        self._game, self._play, self._table = game, play, table
        self._reason, self._legal_moves = reason, legal_moves

    def _check(self, move: object) -> PlayT:
        if type(move) is not self._play:
            game = self._game
            raise IllegalMoveError(f"{short_repr(move)} is not a {game} move (a {game} move is Play(card))")
        check_move_fields(self._game, move)
        return move

    def encode(self, move: object) -> int:
        """The card's code."""
        return int(self._check(move).card)

    def decode(self, state: Any, index: int) -> PlayT:
        """The play of the card numbered ``index`` if it is legal; else ``IllegalMoveError`` naming
        the legal action numbers."""
        check_index(self._game, index, 52)
        return decode_checked(self._game, state, index, self._table[index], self._is_legal, self.actions)

    def _is_legal(self, state: Any, move: object) -> bool:
        return self._reason(state, move) is None

    def actions(self, state: Any) -> tuple[int, ...]:
        """The codes of the legal cards, in the order of ``legal_moves`` (ascending)."""
        return tuple([int(m.card) for m in self._legal_moves(state)])

    def pairs(self, state: Any) -> tuple[tuple[int, ...], tuple[PlayT, ...]]:
        """The legal action numbers and ``legal_moves(state)``, item for item (one listing). The
        numbers are the cards themselves (``Card`` is an ``int``: equal to, and indexing as, its code)."""
        moves = tuple(self._legal_moves(state))
        return tuple([m.card for m in moves]), moves

    def format(self, move: object) -> str:
        """The card's notation: ``"QS"``."""
        return str(self._check(move).card)

    def parse(self, state: Any, text: str) -> PlayT:
        """The legal play of the card written as ``text``: ``MoveParseError`` for text that is no
        card of the game, ``IllegalMoveError`` (with the reason) for a card that may not be played."""
        card = _parse_suited_card(text, self._game)
        move = self._table[card]
        reason = self._reason(state, move)
        if reason is not None:
            raise IllegalMoveError(f"cannot play {card}: {reason}")
        return move


def _parse_suited_card(text: str, game: str) -> Card:
    """The card written as ``text`` for a game played without jokers.

    Raises ``MoveParseError`` for text that is no card, or a joker (no move of such a game).
    """
    try:
        card = parse_card(text)
    except CardParseError:  # its hint names the jokers, which this game has none of
        hint = "write rank then suit, e.g. 'QS', '10H', 'TH' or '2c'"
        raise MoveParseError(f"{short_repr(text)} is not a card: {hint}") from None
    if card >= 52:
        raise MoveParseError(f"{short_repr(text)} is no {game} move: {game} has no jokers")
    return card
