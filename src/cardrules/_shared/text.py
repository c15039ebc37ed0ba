"""The pieces of the games' one-line position notation (each game's ``to_text`` / ``from_text``).

A position is one line of fields separated by single spaces, the game's name first. Inside a
field: cards are written back to back in their two-character notation (``2C6CAC``; ``-`` for
none), numbers are separated by commas (``0,13,4``), a seat is its number or ``-`` for nobody,
and lists of lists are separated by ``/``. Reading refuses anything else with a ``StateError``
naming the field, so that a position typed by hand fails where it is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar, overload

from cardrules._reprs import short_repr
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.tricks import trick_winner
from cardrules.cards import Card, Suit, parse_card
from cardrules.errors import CardParseError, ConfigError, StateError
from cardrules.rng import Rng

__all__ = [
    "cards_text",
    "ints_text",
    "read_card",
    "read_cards",
    "read_completed_tricks",
    "read_config",
    "read_hands",
    "read_int",
    "read_ints",
    "read_rng",
    "read_seat",
    "read_split",
    "read_suit",
    "read_trick",
    "seat_text",
    "suit_text",
    "text_fields",
    "trick_text",
    "tricks_text",
]

_T = TypeVar("_T")
_MAX_TEXT = 100_000


def cards_text(cards: Iterable[Card]) -> str:
    """Cards back to back (``2C6CAC``), ``-`` for none."""
    return "".join(map(str, cards)) or "-"


def ints_text(values: Iterable[int], sep: str = ",") -> str:
    """Whole numbers separated by ``sep``."""
    return sep.join(map(str, values))


def seat_text(seat: int | None) -> str:
    """A seat's number, ``-`` for nobody."""
    return "-" if seat is None else str(seat)


def text_fields(text: object, game: str, fields: str) -> dict[str, str]:
    """The fields of a position line of ``game`` by name (``fields``: their names, separated by
    spaces); ``StateError`` unless the line starts with the game's name and has one field a name."""
    names = fields.split()
    if type(text) is not str:
        raise StateError(f"a {game} position is a line of text, got {short_repr(text)}")
    if len(text) > _MAX_TEXT:
        raise StateError(f"a {game} position is at most {_MAX_TEXT} characters, got {len(text)}")
    words = text.split()
    if not words or words[0] != game:
        raise StateError(f"a {game} position starts with {game!r}, got {short_repr(text)}")
    if len(words) != len(names) + 1:
        expected = f"{len(names)} fields after its name ({' '.join(names)})"
        raise StateError(f"a {game} position has {expected}, got {len(words) - 1}")
    return dict(zip(names, words[1:]))


def read_cards(text: str, what: str) -> tuple[Card, ...]:
    """Cards written back to back; ``-`` for none."""
    if text == "-":
        return ()
    if len(text) % 2:
        raise StateError(f"{what}: cards are two characters each (2C, TD, SJ), got {short_repr(text)}")
    try:
        return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))
    except CardParseError as exc:
        raise StateError(f"{what}: {exc}") from None


def read_card(text: str, what: str) -> Card:
    """Exactly one card in its two-character notation."""
    cards = read_cards(text, what)
    if len(cards) != 1:
        raise StateError(f"{what} is one card, got {short_repr(text)}")
    return cards[0]


def read_int(text: str, what: str) -> int:
    """A whole number written in decimal digits (a leading ``-`` for a negative one)."""
    digits = text[1:] if text.startswith("-") else text
    if not digits.isdigit() or not digits.isascii() or len(digits) > 20:
        raise StateError(f"{what} must be a whole number, got {short_repr(text)}")
    return int(text)


def read_ints(text: str, what: str, count: int | None = None, sep: str = ",") -> tuple[int, ...]:
    """Whole numbers separated by ``sep``, ``count`` of them when given."""
    values = tuple(read_int(part, what) for part in text.split(sep))
    if count is not None and len(values) != count:
        raise StateError(f"{what} has {count} numbers, got {len(values)}")
    return values


def read_seat(text: str, what: str) -> int | None:
    """A seat's number, or ``None`` for ``-``."""
    return None if text == "-" else read_int(text, what)


def read_split(text: str, what: str, sep: str, count: int | None = None) -> list[str]:
    """``text`` cut at ``sep``, ``count`` parts when given; ``-`` alone is no part at all."""
    parts = [] if text == "-" else text.split(sep)
    if count is not None and len(parts) != count:
        raise StateError(f"{what} has {count} parts separated by {sep!r}, got {len(parts)}")
    return parts


def read_rng(text: str) -> Rng:
    """The generator's state, a whole number from 0 to 2**64 - 1."""
    try:
        return Rng(read_int(text, "the generator's state"))
    except ConfigError as exc:
        raise StateError(f"the generator's state: {exc}") from None


def read_config(make: type[_T], what: str, **options: object) -> _T:
    """``make(**options)``, a game's config, with a bad option a ``StateError``."""
    try:
        return make(**options)
    except ConfigError as exc:
        raise StateError(f"{what}: {exc}") from None


def trick_text(leader: int, cards: Iterable[Card]) -> str:
    """A trick as ``leader:cards`` (``0:-`` before its lead)."""
    return f"{leader}:{cards_text(cards)}"


def tricks_text(tricks: Iterable[CompletedTrick]) -> str:
    """Completed tricks as ``leader:cards`` separated by commas, ``-`` for none."""
    return ",".join(trick_text(t.leader, t.cards) for t in tricks) or "-"


def read_trick(text: str, what: str) -> tuple[int, tuple[Card, ...]]:
    """A trick written ``leader:cards``: its leader and its cards in play order."""
    parts = read_split(text, what, ":", 2)
    return read_int(parts[0], f"{what}'s leader"), read_cards(parts[1], what)


def read_completed_tricks(text: str, players: int, trump: int | None = None) -> tuple[CompletedTrick, ...]:
    """Completed tricks written by ``tricks_text``, each won as the rules say (the highest trump,
    else the highest card of the led suit)."""
    tricks = []
    for n, part in enumerate(read_split(text, "the completed tricks", ","), start=1):
        leader, cards = read_trick(part, f"completed trick {n}")
        winner = (leader + trick_winner(cards, trump)) % players if cards else leader
        tricks.append(CompletedTrick(leader, cards, winner))
    return tuple(tricks)


def read_hands(text: str) -> tuple[tuple[Card, ...], ...]:
    """Hands separated by ``/``, seat 0 first, each sorted (cards may be written in any order)."""
    return tuple(tuple(sorted(read_cards(h, f"seat {s}'s hand"))) for s, h in enumerate(text.split("/")))


def suit_text(suit: int | None) -> str:
    """A suit's letter (``C``, ``D``, ``H``, ``S``), ``-`` for none."""
    return "-" if suit is None else Suit(suit).letter


@overload
def read_suit(text: str, what: str) -> Suit: ...


@overload
def read_suit(text: str, what: str, none: str) -> Suit | None: ...


def read_suit(text: str, what: str, none: str | None = None) -> Suit | None:
    """A suit's letter, any case; ``-`` (only where ``none`` names what it means) for no suit."""
    letters = [s.letter for s in Suit]
    if none is not None and text == "-":
        return None
    if text.upper() not in letters:
        choices = "C, D, H or S" if none is None else f"C, D, H, S or - for {none}"
        raise StateError(f"{what} is {choices}, got {text!r}")
    return Suit(letters.index(text.upper()))
