"""Cards, suits, ranks and decks shared by every game.

A [`Card`][] is a small ``int`` subclass: hashing, equality and ordering run at C speed, and a
card indexes lookup tables directly (``SUIT_OF[card]``). Its code is ``suit * 13 + (rank - 2)`` for
the 52 suited cards (clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51), 52 for the small joker
and 53 for the big joker. There is exactly one object per code (``Card(Rank.QUEEN, Suit.SPADES) is
parse_card("QS")``), so decks of any size share the same 54 objects.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from typing_extensions import Self

from cardrules._reprs import short_repr
from cardrules.errors import CardParseError, ConfigError

__all__ = [
    "BIG_JOKER",
    "CARDS",
    "SMALL_JOKER",
    "Card",
    "Rank",
    "Suit",
    "check_deck",
    "double_deck",
    "format_cards",
    "parse_card",
    "parse_cards",
    "standard_deck",
    "stripped_deck",
    "to_card",
]


class Suit(enum.IntEnum):
    """The four suits, in the order that sorts cards (bridge order, lowest first)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise CardParseError(
            f"{short_repr(value)} is no suit: a suit is 0 to 3 (clubs, diamonds, hearts, spades)"
        )

    @property
    def letter(self) -> str:
        """One-letter code used in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol for display: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]


class Rank(enum.IntEnum):
    """Ranks from two (2) to ace (14), then the small (15) and big (16) jokers."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise CardParseError(
            f"{short_repr(value)} is no rank: a rank is 2 (two) to 14 (ace), 15 or 16 (jokers)"
        )

    @property
    def letter(self) -> str:
        """One-character code used in card notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]


_RANK_LETTERS: dict[Rank, str] = {
    **{Rank(v): str(v) for v in range(2, 10)},
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.SMALL_JOKER: "S",
    Rank.BIG_JOKER: "B",
}

_SMALL_JOKER_CODE = 52
_BIG_JOKER_CODE = 53


class Card(int):
    """A playing card: immutable, hashable, ordered by suit then rank, jokers last.

    Build one with ``Card(Rank.QUEEN, Suit.SPADES)``, ``Card(Rank.BIG_JOKER)`` or ``parse_card("QS")``.
    ``str(card)`` gives the notation (``"QS"``, ``"TH"``, ``"BJ"``) that [`parse_card`][] reads back;
    [`pretty`][] gives a display form with suit symbols (``"Q♠"``, ``"10♥"``).
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: int | None = None) -> Self:
        if rank == Rank.SMALL_JOKER or rank == Rank.BIG_JOKER:
            if suit is not None:
                raise CardParseError(f"a joker has no suit, got suit {short_repr(suit)}")
            code = _SMALL_JOKER_CODE if rank == Rank.SMALL_JOKER else _BIG_JOKER_CODE
        else:
            if type(rank) not in (int, Rank) or not 2 <= rank <= 14:
                raise CardParseError(f"no card has rank {short_repr(rank)}; ranks are 2 to 14 and the jokers")
            if type(suit) not in (int, Suit) or not 0 <= suit <= 3:  # type: ignore[operator]
                raise CardParseError(f"no card has suit {short_repr(suit)}; suits are 0 to 3")
            code = suit * 13 + rank - 2  # type: ignore[operator]
        return _INTERNED[code]  # type: ignore[return-value]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with integer code ``code`` (0-53); see the module docstring for the layout."""
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 54:
            raise CardParseError(f"a card code is an int from 0 to 53, got {short_repr(code)}")
        return CARDS[code]

    @property
    def rank(self) -> Rank:
        """The card's rank (``Rank.SMALL_JOKER`` / ``Rank.BIG_JOKER`` for jokers)."""
        return _RANK_OF_CARD[self]

    @property
    def suit(self) -> Suit | None:
        """The card's suit, ``None`` for a joker."""
        return _SUIT_OF_CARD[self]

    @property
    def is_joker(self) -> bool:
        """Whether the card is one of the jokers."""
        return self >= _SMALL_JOKER_CODE

    @property
    def code(self) -> int:
        """The card's integer code (0-53)."""
        return int(self)

    def pretty(self) -> str:
        """Display form with a suit symbol and ``10`` for tens: ``"Q♠"``, ``"10♥"``, ``"BJ"``."""
        return _PRETTY[self]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(_TEXT[self], spec)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make(code: int) -> Card:
    return int.__new__(Card, code)


_INTERNED: tuple[Card, ...] = tuple(_make(code) for code in range(54))
CARDS: tuple[Card, ...] = _INTERNED
"""All 54 distinct cards indexed by code: the 52 suited cards, then the small and big joker."""

SMALL_JOKER: Card = CARDS[_SMALL_JOKER_CODE]
"""The small (black, lesser) joker, ``"SJ"``."""
BIG_JOKER: Card = CARDS[_BIG_JOKER_CODE]
"""The big (red, greater) joker, ``"BJ"``."""

_RANK_OF_CARD: tuple[Rank, ...] = tuple(Rank(c % 13 + 2) for c in range(52)) + (
    Rank.SMALL_JOKER,
    Rank.BIG_JOKER,
)
_SUIT_OF_CARD: tuple[Suit | None, ...] = tuple(Suit(c // 13) for c in range(52)) + (None, None)
_TEXT: tuple[str, ...] = tuple(_RANK_LETTERS[_RANK_OF_CARD[c]] + "CDHS"[c // 13] for c in range(52)) + (
    "SJ",
    "BJ",
)
_PRETTY: tuple[str, ...] = tuple(
    ("10" if _RANK_OF_CARD[c] == Rank.TEN else _RANK_LETTERS[_RANK_OF_CARD[c]]) + "♣♦♥♠"[c // 13]
    for c in range(52)
) + ("SJ", "BJ")

_RANK_TEXT = {v: k for k, v in _RANK_LETTERS.items() if k <= Rank.ACE}
_RANK_TEXT_EXTRA = {"10": Rank.TEN, "1": Rank.ACE}
_SUIT_TEXT = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_JOKER_TEXT = {"BJ": BIG_JOKER, "SJ": SMALL_JOKER, "RJ": BIG_JOKER}


def parse_card(text: str) -> Card:
    """Read a card from its notation, case-insensitively.

    Accepts rank then suit (``"QS"``, ``"qs"``, ``"10h"``, ``"TH"``, ``"Q♠"``), and ``"BJ"`` / ``"SJ"``
    for the big and small jokers. Raises [`CardParseError`][] (a ``ValueError``)
    naming the text when it is not a card.
    """
    if not isinstance(text, str):
        raise CardParseError(f"a card is written as text such as 'QS', got {short_repr(text)}")
    cleaned = text.strip().upper()
    joker = _JOKER_TEXT.get(cleaned)
    if joker is not None:
        return joker
    if len(cleaned) >= 2:
        suit = _SUIT_TEXT.get(cleaned[-1])
        rank_text = cleaned[:-1]
        rank = _RANK_TEXT.get(rank_text)
        if rank is None and rank_text == "10":
            rank = Rank.TEN
        if suit is not None and rank is not None:
            return CARDS[suit * 13 + rank - 2]
    raise CardParseError(
        f"{short_repr(text)} is not a card: write rank then suit, e.g. 'QS', '10H', 'TH', '2c', or 'BJ'/'SJ'"
    )


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``parse_cards("7H TH 2C")``."""
    if not isinstance(text, str):
        raise CardParseError(f"cards are written as text such as '7H TH 2C', got {short_repr(text)}")
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card | str], *, pretty: bool = False) -> str:
    """Cards joined by spaces, in notation (``"7H TH"``) or display form (``"7♥ 10♥"``).

    Raises [`CardParseError`][] for anything but an iterable of cards (or card
    text, as [`to_card`][] reads it).
    """
    table = _PRETTY if pretty else _TEXT
    try:
        return " ".join([table[c if type(c) is Card else to_card(c)] for c in cards])
    except TypeError:
        raise CardParseError(f"format_cards takes an iterable of cards, got {short_repr(cards)}") from None


def to_card(value: Card | str) -> Card:
    """Coerce ``value`` to a [`Card`][]: a card is returned as is, text is parsed.

    Used as the converter of every move field that holds a card, so ``Play("QS")`` works.
    """
    if type(value) is Card:
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise CardParseError(f"expected a Card or card text such as 'QS', got {short_repr(value)}")


def standard_deck() -> tuple[Card, ...]:
    """The 52-card deck in code order (clubs 2..A, diamonds, hearts, spades)."""
    return CARDS[:52]


def stripped_deck(suit: Suit) -> tuple[Card, ...]:
    """The 39-card deck: the standard deck with every card of ``suit`` removed."""
    if not isinstance(suit, int) or isinstance(suit, bool) or not 0 <= suit <= 3:
        raise ConfigError(f"a suit is a Suit (or 0 to 3), got {short_repr(suit)}")
    s = Suit(suit)
    return tuple(c for c in CARDS[:52] if c // 13 != s)


def double_deck() -> tuple[Card, ...]:
    """The 108-card double deck: every suited card twice, two small and two big jokers, sorted."""
    return tuple(sorted(CARDS + CARDS))


def check_deck(deck: Sequence[object], expected: Sequence[Card], what: str) -> tuple[Card, ...]:
    """Validate a stacked deck: the same cards as ``expected`` (as a multiset), in any order.

    Returns the deck as a tuple of cards; raises [`ConfigError`][] naming the
    first missing or surplus card.
    """
    try:
        cards = tuple(to_card(c) for c in deck)  # type: ignore[arg-type]
        wanted = tuple(to_card(c) for c in expected)
    except (CardParseError, TypeError) as exc:
        raise ConfigError(f"{what}: a stacked deck holds cards: {exc}") from None
    counts = [0] * 54
    for c in cards:
        counts[c] += 1
    for c in wanted:
        counts[c] -= 1
    surplus = [CARDS[i] for i in range(54) if counts[i] > 0]
    missing = [CARDS[i] for i in range(54) if counts[i] < 0]
    if surplus or missing:
        parts = []
        if missing:
            parts.append("missing " + format_cards(missing))
        if surplus:
            parts.append("surplus " + format_cards(surplus))
        raise ConfigError(
            f"{what}: a stacked deck must hold exactly the game's {len(expected)} cards "
            f"(got {len(cards)}: {', '.join(parts)})"
        )
    return cards
