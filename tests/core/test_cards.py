"""Unit tests of ``cardrules.cards``: cards, their notation and display forms, and the decks."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from cardrules.cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    Rank,
    Suit,
    check_deck,
    double_deck,
    format_cards,
    parse_card,
    parse_cards,
    standard_deck,
    stripped_deck,
    to_card,
)
from cardrules.errors import CardParseError, CardRulesError, ConfigError

SUITED_RANKS = [r for r in Rank if r <= Rank.ACE]


# --- construction, interning, codes ----------------------------------------------------------------


def test_card_is_interned() -> None:
    assert Card(Rank.QUEEN, Suit.SPADES) is parse_card("QS")
    assert Card(12, 3) is parse_card("QS")
    assert Card(Rank.BIG_JOKER) is BIG_JOKER is parse_card("BJ")
    assert Card(Rank.SMALL_JOKER) is SMALL_JOKER is parse_card("SJ")
    for code in range(54):
        assert Card.from_code(code) is CARDS[code]
    for suit in Suit:
        for rank in SUITED_RANKS:
            assert Card(rank, suit) is Card(int(rank), int(suit))


def test_code_layout() -> None:
    """``suit * 13 + (rank - 2)``: clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51, jokers 52, 53."""
    assert len(CARDS) == 54
    assert [int(c) for c in CARDS] == list(range(54))
    assert Card(Rank.TWO, Suit.CLUBS).code == 0
    assert Card(Rank.ACE, Suit.CLUBS).code == 12
    assert Card(Rank.TWO, Suit.DIAMONDS).code == 13
    assert Card(Rank.ACE, Suit.DIAMONDS).code == 25
    assert Card(Rank.TWO, Suit.HEARTS).code == 26
    assert Card(Rank.TWO, Suit.SPADES).code == 39
    assert Card(Rank.ACE, Suit.SPADES).code == 51
    assert SMALL_JOKER.code == 52
    assert BIG_JOKER.code == 53
    for suit in Suit:
        for rank in SUITED_RANKS:
            assert Card(rank, suit).code == suit * 13 + rank - 2


def test_rank_suit_is_joker() -> None:
    for suit in Suit:
        for rank in SUITED_RANKS:
            card = Card(rank, suit)
            assert card.rank is rank
            assert card.suit is suit
            assert card.is_joker is False
    assert SMALL_JOKER.rank is Rank.SMALL_JOKER
    assert BIG_JOKER.rank is Rank.BIG_JOKER
    assert SMALL_JOKER.suit is None
    assert BIG_JOKER.suit is None
    assert SMALL_JOKER.is_joker is True
    assert BIG_JOKER.is_joker is True


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        (1, 0),
        (15, 0),
        (16, 3),
        (2, 4),
        (2, -1),
        (2, None),
        (True, 0),
        (2, True),
        ("Q", 3),
        (12.0, 3),
        (0, None),
    ],
)
def test_card_constructor_rejects_bad_rank_or_suit(rank: object, suit: object) -> None:
    with pytest.raises(CardParseError):
        Card(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [-1, 54, 100, "3", None, 1.0, True, False])
def test_from_code_rejects(code: object) -> None:
    with pytest.raises(CardParseError):
        Card.from_code(code)  # type: ignore[arg-type]


# --- ordering, hashing ---------------------------------------------------------------------------


def test_ordering_by_suit_then_rank_jokers_last() -> None:
    assert parse_card("AC") < parse_card("2D") < parse_card("KD") < parse_card("2H") < parse_card("AS")
    assert parse_card("AS") < SMALL_JOKER < BIG_JOKER
    assert parse_card("2C") == min(CARDS)
    assert max(CARDS) is BIG_JOKER
    descending = list(CARDS)
    descending.reverse()
    assert sorted(descending) == list(CARDS)
    key = [(9 if c.suit is None else int(c.suit), int(c.rank)) for c in CARDS]
    assert key == sorted(key)


def test_hashing() -> None:
    assert len(set(CARDS)) == 54
    for card in CARDS:
        assert hash(card) == hash(card.code)
        assert card == card.code
    table = {parse_card("QS"): "queen"}
    assert table[Card(Rank.QUEEN, Suit.SPADES)] == "queen"


# --- text forms ----------------------------------------------------------------------------------


def test_str_round_trip_all_54() -> None:
    texts = [str(c) for c in CARDS]
    assert len(set(texts)) == 54
    for card in CARDS:
        assert parse_card(str(card)) is card
        assert repr(card) == f"Card({str(card)!r})"
        assert f"{card}" == str(card)
        assert f"{card:>4}" == str(card).rjust(4)


def test_str_forms() -> None:
    assert str(parse_card("QS")) == "QS"
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "TH"
    assert str(Card(Rank.TWO, Suit.CLUBS)) == "2C"
    assert str(Card(Rank.ACE, Suit.DIAMONDS)) == "AD"
    assert str(BIG_JOKER) == "BJ"
    assert str(SMALL_JOKER) == "SJ"
    assert " ".join(str(c) for c in CARDS[:13]) == "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"


def test_pretty_forms() -> None:
    assert parse_card("QS").pretty() == "Q♠"
    assert parse_card("TH").pretty() == "10♥"
    assert parse_card("2C").pretty() == "2♣"
    assert parse_card("AD").pretty() == "A♦"
    assert BIG_JOKER.pretty() == "BJ"
    assert SMALL_JOKER.pretty() == "SJ"
    for card in CARDS:
        assert parse_card(card.pretty()) is card


def test_suit_and_rank_letters() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert "".join(r.letter for r in SUITED_RANKS) == "23456789TJQKA"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("Qs", "QS"),
        (" 10h ", "TH"),
        ("10H", "TH"),
        ("TH", "TH"),
        ("th", "TH"),
        ("Q♠", "QS"),
        ("10♥", "TH"),
        ("2♣", "2C"),
        ("a♦", "AD"),
        ("BJ", "BJ"),
        ("bj", "BJ"),
        ("SJ", "SJ"),
        ("sj", "SJ"),
        ("\t2c\n", "2C"),
    ],
)
def test_parse_card_accepts(text: str, expected: str) -> None:
    card = parse_card(text)
    assert type(card) is Card
    assert str(card) == expected


@pytest.mark.parametrize("text", ["", "   ", "1X", "11H", "QQ", "Q", "S", "QSS", "1H", "0S", "JK", "Q S"])
def test_parse_card_rejects_text(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, CardRulesError)


@pytest.mark.parametrize("value", [None, 5, b"QS", ["QS"], 12.0])
def test_parse_card_rejects_non_text(value: object) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(value)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, CardRulesError)


def test_parse_cards() -> None:
    assert parse_cards("7H TH 2C") == (parse_card("7H"), parse_card("TH"), parse_card("2C"))
    assert parse_cards(" 7h,10h , 2c BJ ") == parse_cards("7H TH 2C BJ")
    assert parse_cards("") == ()
    assert parse_cards("QS QS") == (parse_card("QS"), parse_card("QS"))
    with pytest.raises(CardParseError, match="'XX'"):
        parse_cards("QS XX")
    with pytest.raises(CardParseError):
        parse_cards(None)  # type: ignore[arg-type]


def test_format_cards() -> None:
    cards = parse_cards("7H TH 2C BJ")
    assert format_cards(cards) == "7H TH 2C BJ"
    assert format_cards(cards, pretty=True) == "7♥ 10♥ 2♣ BJ"
    assert format_cards([]) == ""
    assert parse_cards(format_cards(CARDS)) == CARDS
    assert format_cards(iter(parse_cards("AS KS"))) == "AS KS"


def test_to_card() -> None:
    qs = parse_card("QS")
    assert to_card(qs) is qs
    assert to_card("qs") is qs
    assert to_card(" 10h ") is parse_card("TH")
    for bad in (5, None, 51, b"QS"):
        with pytest.raises(CardParseError):
            to_card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        to_card("XX")


# --- decks ---------------------------------------------------------------------------------------


def test_standard_deck() -> None:
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert all(type(c) is Card and not c.is_joker for c in deck)
    assert list(deck) == sorted(deck)
    assert {(c.rank, c.suit) for c in deck} == {(r, s) for r in SUITED_RANKS for s in Suit}


@pytest.mark.parametrize("suit", list(Suit))
def test_stripped_deck(suit: Suit) -> None:
    deck = stripped_deck(suit)
    assert len(deck) == 39
    assert len(set(deck)) == 39
    assert all(c.suit is not suit for c in deck)
    assert set(deck) | {c for c in standard_deck() if c.suit is suit} == set(standard_deck())
    assert stripped_deck(int(suit)) == deck  # type: ignore[arg-type]


@pytest.mark.parametrize("suit", [4, -1, True, "H", None, 2.0])
def test_stripped_deck_rejects_non_suits(suit: object) -> None:
    with pytest.raises(ConfigError):
        stripped_deck(suit)  # type: ignore[arg-type]


def test_double_deck() -> None:
    deck = double_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert set(counts) == set(CARDS)
    assert all(n == 2 for n in counts.values())
    assert counts[SMALL_JOKER] == 2
    assert counts[BIG_JOKER] == 2
    assert list(deck) == sorted(deck)
    assert all(a is b for a, b in zip(deck[::2], CARDS))


def test_check_deck_accepts_any_order() -> None:
    deck = list(reversed(standard_deck()))
    assert check_deck(deck, standard_deck(), "Test") == tuple(deck)
    texts = [str(c) for c in deck]
    result = check_deck(texts, standard_deck(), "Test")
    assert result == tuple(deck)
    assert all(type(c) is Card for c in result)
    double = list(double_deck())[::-1]
    assert check_deck(double, double_deck(), "Test") == tuple(double)


def test_check_deck_names_missing_card() -> None:
    deck = [c for c in standard_deck() if str(c) != "QS"]
    with pytest.raises(ConfigError) as info:
        check_deck(deck, standard_deck(), "Clubs")
    message = str(info.value)
    assert "Clubs" in message
    assert "missing QS" in message
    assert "surplus" not in message
    assert "52" in message
    assert "51" in message


def test_check_deck_names_surplus_card() -> None:
    deck = [*standard_deck(), parse_card("2C")]
    with pytest.raises(ConfigError, match="surplus 2C") as info:
        check_deck(deck, standard_deck(), "Clubs")
    assert "missing" not in str(info.value)


def test_check_deck_names_missing_and_surplus() -> None:
    deck = [parse_card("AH") if str(c) == "KH" else c for c in standard_deck()]
    with pytest.raises(ConfigError) as info:
        check_deck(deck, standard_deck(), "Clubs")
    assert "missing KH" in str(info.value)
    assert "surplus AH" in str(info.value)


def test_check_deck_double_deck_counts() -> None:
    deck = list(double_deck())
    deck.remove(BIG_JOKER)
    deck.append(SMALL_JOKER)
    with pytest.raises(ConfigError) as info:
        check_deck(deck, double_deck(), "80 Points")
    assert "missing BJ" in str(info.value)
    assert "surplus SJ" in str(info.value)


@pytest.mark.parametrize("bad", [[None], ["XX"], [5], [b"QS"]])
def test_check_deck_rejects_non_cards(bad: list[object]) -> None:
    with pytest.raises(ConfigError, match="Clubs"):
        check_deck([*standard_deck()[:-1], *bad], standard_deck(), "Clubs")


# --- pickle and copy -----------------------------------------------------------------------------


def test_pickle_returns_interned_cards() -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        for card in CARDS:
            assert pickle.loads(pickle.dumps(card, protocol)) is card
        assert all(a is b for a, b in zip(pickle.loads(pickle.dumps(CARDS, protocol)), CARDS))


def test_copy_and_deepcopy_return_same_object() -> None:
    for card in CARDS:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    hand = [parse_card("QS"), parse_card("TH")]
    copied = copy.deepcopy(hand)
    assert copied is not hand
    assert all(a is b for a, b in zip(copied, hand))


def test_suit_and_rank_refuse_values_that_name_none() -> None:
    assert Suit(3) is Suit.SPADES
    assert Rank(16) is Rank.BIG_JOKER
    for junk in (4, -1, None, "S", [3]):
        with pytest.raises(CardParseError, match="is no suit"):
            Suit(junk)  # type: ignore[arg-type]
    for junk in (1, 17, None, "A", [14]):
        with pytest.raises(CardParseError, match="is no rank"):
            Rank(junk)  # type: ignore[arg-type]


def test_format_cards_takes_cards_or_card_text_only() -> None:
    assert format_cards(["qs", parse_card("TH")], pretty=True) == "Q♠ 10♥"
    for junk in (None, 5, [-1], [13], [None]):  # a bare code is no card: 13 is not "2D"
        with pytest.raises(CardParseError):
            format_cards(junk)  # type: ignore[arg-type]


def test_check_deck_refuses_an_expected_deck_that_is_no_cards() -> None:
    with pytest.raises(ConfigError, match="holds cards"):
        check_deck(standard_deck(), None, "Clubs")  # type: ignore[arg-type]
