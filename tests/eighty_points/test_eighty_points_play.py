"""80 Points tricks: following (singles, doubles, sisters), trick winners and points.

Each docstring quotes the sentence it tests (RULINGS.md, "80 Points", unless it says "Rule text").
The legal answers in the tables are worked out by hand. Unless a test says otherwise the round has
royal number 2 and trump suit hearts: trumps are BJ > SJ > 2H > 2C = 2D = 2S > AH > KH > ... > 3H,
and clubs, diamonds and spades each run A down to 3.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from cardrules import eighty_points as ep
from cardrules.cards import Card, Suit, double_deck, parse_cards
from cardrules.eighty_points.tricks import follow_plays, follow_reason, lead_plays, points, trick_winner
from cardrules.errors import CardParseError, ConfigError

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
R2H = ep.order_table(2, HEARTS)
Table = tuple[tuple[int, int], ...]


def cs(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def plays_of(*texts: str) -> set[tuple[Card, ...]]:
    return {cs(t) for t in texts}


def legal(hand: str, led: str, table: Table = R2H) -> set[tuple[Card, ...]]:
    plays = follow_plays(cs(hand), cs(led), table)
    assert len(plays) == len(set(plays)), "each legal play is listed once"
    assert all(list(p) == sorted(p) for p in plays)
    return set(plays)


def brute_force(hand: Sequence[Card], led: Sequence[Card], table: Table) -> set[tuple[Card, ...]]:
    """Every sub-multiset of ``hand`` with as many cards as ``led`` that follow_reason accepts."""
    return {
        tuple(sorted(combo))
        for combo in set(itertools.combinations(sorted(hand), len(led)))
        if follow_reason(hand, combo, led, table) is None
    }


def winner(*plays: str, table: Table = R2H) -> int:
    return trick_winner([cs(p) for p in plays], table)


# --- Following a single ----------------------------------------------------------------------------

SINGLE_CASES = [
    # (hand, led, legal answers)
    ("3C KC 4D 2H", "5C", ["3C", "KC"]),  # follow suit
    ("4D 2C 9H", "5C", ["4D", "2C", "9H"]),  # 2C is a trump: void in clubs, any card
    ("2C 3D SJ 4D", "9H", ["2C", "SJ"]),  # a trump led: the trumps include 2C and SJ
    ("AS AS 3S", "KS", ["AS", "3S"]),  # each distinct card once
    ("AC 4D", "2S", ["AC", "4D"]),  # a trump led (2S), no trump held
]


@pytest.mark.parametrize(("hand", "led", "answers"), SINGLE_CASES)
def test_following_a_single(hand: str, led: str, answers: list[str]) -> None:
    """Rule text: "Players must follow suit if they can. If they cannot follow suit, they may play any
    card." Ruling: "Of the led suit: ... then further cards of the led suit; only when the suit is
    exhausted, any cards. When trumps are led, the trump suit includes the jokers and every
    royal-number card." """
    assert legal(hand, led) == plays_of(*answers)


# --- Following a double ----------------------------------------------------------------------------

DOUBLE_CASES = [
    ("3C 3C 9C KD KD", "5C 5C", ["3C 3C"]),  # a club double: must play it (KD KD is not clubs)
    ("3C 3C 9C 9C 4D", "5C 5C", ["3C 3C", "9C 9C"]),  # any of the doubles held
    ("3C 9C JC KD KD", "5C 5C", ["3C 9C", "3C JC", "9C JC"]),  # no club double: two clubs
    ("3C KD KD 4S", "5C 5C", ["3C KD", "3C 4S"]),  # one club and any card
    ("KD KD 4S 2H", "5C 5C", ["KD KD", "KD 4S", "KD 2H", "4S 2H"]),  # void: any two
    ("2C 2S 9H 4D", "3H 3H", ["2C 2S", "2C 9H", "2S 9H"]),  # 2C 2S is no double: any two trumps
    ("SJ SJ 2C 4D", "3H 3H", ["SJ SJ"]),  # the joker double is a trump double
    ("AC AC 2C 4D", "5C 5C", ["AC AC"]),  # 2C is no club
]


@pytest.mark.parametrize(("hand", "led", "answers"), DOUBLE_CASES)
def test_following_a_double(hand: str, led: str, answers: list[str]) -> None:
    """ "Following: play as many cards as were led. Of the led suit: a double if a double was led and
    you hold one (any of them); ... then further cards of the led suit; only when the suit is
    exhausted, any cards." Rule text: "If a double is played, everyone must respond with doubles (if
    possible)." """
    assert legal(hand, led) == plays_of(*answers)


def test_double_must_be_answered_with_a_double_reason() -> None:
    """ "a double if a double was led and you hold one" : two clubs that are no double are refused
    when a club double is held."""
    hand, led = cs("3C 3C 9C KD"), cs("5C 5C")
    assert follow_reason(hand, cs("3C 9C"), led, R2H) is not None
    assert follow_reason(hand, cs("3C 3C"), led, R2H) is None
    assert follow_reason(hand, cs("3C KD"), led, R2H) is not None
    assert follow_reason(hand, cs("3C"), led, R2H) is not None  # as many cards as were led


# --- Following sisters -----------------------------------------------------------------------------

SISTERS_CASES = [
    # holding sisters of the led suit: any of them, nothing else
    ("8C 8C 9C 9C JC 4D", "5C 5C 6C 6C", ["8C 8C 9C 9C"]),
    ("8C 8C 9C 9C JC JC QC QC", "5C 5C 6C 6C", ["8C 8C 9C 9C", "JC JC QC QC"]),
    # no sisters: every double of the suit, up to two
    ("8C 8C TC TC JC 4D 4D", "5C 5C 6C 6C", ["8C 8C TC TC"]),
    ("8C 8C TC TC QC QC 4D", "5C 5C 6C 6C", ["8C 8C TC TC", "8C 8C QC QC", "TC TC QC QC"]),
    # one double and one more club, then any card
    ("8C 8C JC 4D 4D 9S", "5C 5C 6C 6C", ["8C 8C JC 4D", "8C 8C JC 9S"]),
    # one double and further clubs
    ("8C 8C 9C JC QC 3D", "5C 5C 6C 6C", ["8C 8C 9C JC", "8C 8C 9C QC", "8C 8C JC QC"]),
    # no club double: the two clubs and any two
    ("3C 9C 4D 4D 5S", "5C 5C 6C 6C", ["3C 9C 4D 4D", "3C 9C 4D 5S"]),
    # void: any four
    ("4D 4D 5S 6S 7S", "5C 5C 6C 6C", ["4D 4D 5S 6S", "4D 4D 5S 7S", "4D 4D 6S 7S", "4D 5S 6S 7S"]),
    # sisters of another suit are not forced
    ("8D 8D 9D 9D 3C 4C", "5C 5C 6C 6C", ["3C 4C 8D 8D", "3C 4C 8D 9D", "3C 4C 9D 9D"]),
    # trumps led: two off-suit royal doubles are no sisters, so both doubles are forced
    ("2C 2C 2S 2S 9H 4D", "QH QH KH KH", ["2C 2C 2S 2S"]),
    # trumps led: an off-suit royal double with the trump A double are sisters
    ("2C 2C AH AH 5H 6D", "QH QH KH KH", ["2C 2C AH AH"]),
    # trumps led: only the one trump double and the other trumps
    ("2C 2C 5H 6D 7D", "QH QH KH KH", ["2C 2C 5H 6D", "2C 2C 5H 7D"]),
]


@pytest.mark.parametrize(("hand", "led", "answers"), SISTERS_CASES)
def test_following_sisters(hand: str, led: str, answers: list[str]) -> None:
    """ "Of the led suit: ... sisters if sisters were led and you hold any (two doubles of the led suit
    adjacent by the same rule as for a lead; any of them), else every double you hold in that suit up
    to two (any two if you hold more); then further cards of the led suit; only when the suit is
    exhausted, any cards." Rule text: "Players must play any doubles that they have in that suit if
    sisters are played." """
    assert legal(hand, led) == plays_of(*answers)


def test_following_sisters_with_royal_7_skips_the_7() -> None:
    """ "sisters if sisters were led and you hold any (two doubles of the led suit adjacent by the same
    rule as for a lead ...)": with royal 7 (trump spades) 6D6D-8D8D are sisters and are forced."""
    table = ep.order_table(7, SPADES)
    assert legal("6D 6D 8D 8D TD 3C", "2D 2D 3D 3D", table) == plays_of("6D 6D 8D 8D")
    # with royal 2 they are two doubles, forced as such
    assert legal("6D 6D 8D 8D TD 3C", "4D 4D 5D 5D") == plays_of("6D 6D 8D 8D")
    assert follow_reason(cs("6D 6D 8D 8D TD 3C"), cs("6D 6D TD 3C"), cs("4D 4D 5D 5D"), R2H) is not None


def test_following_sisters_in_no_trump() -> None:
    """No-trump rounds: "a small-joker double and any royal-number double" are sisters, "two
    royal-number doubles are not": a player holding 2D2D and 2S2S (or 2D2D and BJBJ) must play both
    doubles on the trump sisters 2H2H-SJSJ; a void player's SJSJ-2D2D trump in, 2D2D-2S2S do not."""
    table = ep.order_table(2, None)
    assert legal("2D 2D 2S 2S 9C AC", "2H 2H SJ SJ", table) == plays_of("2D 2D 2S 2S")
    assert legal("BJ BJ 2D 2D 9C AC", "2H 2H SJ SJ", table) == plays_of("2D 2D BJ BJ")
    assert legal("2D 2D 9C 9C TC TC", "5C 5C 6C 6C", table) == plays_of("9C 9C TC TC")
    assert winner("5C 5C 6C 6C", "SJ SJ 2D 2D", "9C 9C TC TC", "3C 3C 4C 4C", table=table) == 1
    assert winner("5C 5C 6C 6C", "2D 2D 2S 2S", "9C 9C TC TC", "3C 3C 4C 4C", table=table) == 2


def test_play_as_many_cards_as_were_led() -> None:
    """ "Following: play as many cards as were led." """
    hand = cs("3C 3C 4C 4C 9D")
    led = cs("5C 5C 6C 6C")
    for n in (1, 2, 3, 5):
        for combo in set(itertools.combinations(hand, n)):
            assert follow_reason(hand, combo, led, R2H) is not None


# --- follow_plays lists exactly what follow_reason accepts ----------------------------------------

BRUTE_HANDS = [
    ("8C 8C 9C 9C JC JC QC 4D 2H", 2, HEARTS),
    ("2C 2C 2S 2S AH AH KH 3D 3D", 2, HEARTS),
    ("SJ SJ BJ 7H 7H 6S 6S 8S 8S", 7, SPADES),
    ("AD AD KC KC QC 5C 5C 6D TH", 14, CLUBS),
    ("SJ SJ 2D 2D 2S 9C 9C TC TC", 2, None),
    ("3D 3D 4D 5D 5D 6D 6D KS KS", 7, None),
]


@pytest.mark.parametrize(("hand", "royal", "trump"), BRUTE_HANDS)
def test_follow_plays_is_what_follow_reason_accepts(hand: str, royal: int, trump: int | None) -> None:
    """ "legal_moves returns every legal play" (issue 6): ``follow_plays`` gives exactly the
    sub-multisets of the hand that ``follow_reason`` accepts, for every lead of a deck of leads."""
    table = ep.order_table(royal, trump)
    cards = cs(hand)
    leads = lead_plays(double_deck(), table)
    for led in leads:
        assert set(follow_plays(cards, led, table)) == brute_force(cards, led, table), led


def test_follow_plays_is_what_follow_reason_accepts_random_hands() -> None:
    """The same check on 300 random hands of 4 to 10 cards, random leads and rounds."""
    rng = random.Random(80)
    deck = double_deck()
    for _ in range(300):
        royal = rng.choice((2, 7, 14))
        trump = rng.choice((CLUBS, DIAMONDS, HEARTS, SPADES, None))
        table = ep.order_table(royal, trump)
        hand = tuple(sorted(rng.sample(deck, rng.randint(4, 10))))
        led = rng.choice(lead_plays(tuple(sorted(rng.sample(deck, 30))), table))
        assert set(follow_plays(hand, led, table)) == brute_force(hand, led, table), (hand, led)


# --- Trick winners ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        (("5C", "9C", "3C", "KD"), 1),  # highest of the led suit; KD is off-suit
        (("5C", "9C", "AS", "4C"), 1),
        (("AC", "KC", "QC", "JC"), 0),
        (("5C", "9C", "3H", "4H"), 3),  # trumps beat the led suit; the higher trump wins
        (("5C", "AH", "2S", "4C"), 2),  # an off-suit royal number beats the trump A
        (("5C", "2S", "2H", "SJ"), 3),
        (("3H", "2C", "9H", "AH"), 1),  # trumps led: the off-suit royal beats the A
        (("3H", "2C", "2H", "BJ"), 3),
    ],
)
def test_highest_of_led_suit_or_highest_trump(plays: tuple[str, ...], expected: int) -> None:
    """Rule text: "The trick is won by: The highest trump ..., or If no trump was played: the highest
    card of the played suit." Ruling: "a play beats the current best only if it has the led shape ...
    in the led suit and ranks higher, or, by a player void in the led suit, the same shape all in
    trumps ranking higher than any earlier all-trump play of that shape." """
    assert winner(*plays) == expected


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        (("9C", "9C", "3C", "4C"), 0),
        (("3C", "9C", "9C", "4C"), 1),
        (("2C", "2D", "2S", "3H"), 0),  # off-suit royal numbers are equal: the leader's stands
        (("3H", "2D", "2S", "2C"), 1),
        (("5C", "3H", "3H", "9C"), 1),  # two equal trumps: the first to trump wins
        (("5C", "2D", "2S", "2C"), 1),
        (("9C 9C", "2D 2D", "2S 2S", "4C 4C"), 1),
    ],
)
def test_equal_plays_the_earlier_wins(plays: tuple[str, ...], expected: int) -> None:
    """ "Equal plays: the earlier wins." """
    assert winner(*plays) == expected


def test_equal_royals_in_no_trump_the_earlier_wins() -> None:
    """ "No-trump rounds ...: every royal-number card (all four suits equal)"; "Equal plays: the
    earlier wins." With royal 7 and no trump, 7D and 7S are equal trumps; SJ beats them."""
    table = ep.order_table(7, None)
    assert winner("5C", "7D", "7S", "9C", table=table) == 1
    assert winner("5C", "7D", "7S", "SJ", table=table) == 3
    assert winner("7H", "7C", "7D", "7S", table=table) == 0


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        (("5C 5C", "9C 9C", "3C 4C", "KC KC"), 3),  # the highest double of the led suit
        (("5C 5C", "AC KC", "3C 3C", "4C 4C"), 0),  # AC KC is mixed: never wins
        (("5C 5C", "3H 3H", "4H 4H", "AC AC"), 2),  # trumping in with doubles; the higher trump wins
        (("5C 5C", "3H 4H", "9C 9C", "3C 4C"), 2),  # two different trumps: no double, no trump-in
        (("9C 9C", "2C 2S", "3C 3C", "4C 4C"), 0),  # 2C 2S are equal trumps, but no double
        (("5C 5C", "SJ BJ", "6C 6C", "3D 3D"), 2),  # a big and a small joker are no double
        (("5C 5C", "BJ BJ", "SJ SJ", "AC AC"), 1),
        (("5C 5C", "KD KD", "AS AS", "4C 4C"), 0),  # doubles of other plain suits never win
    ],
)
def test_doubles_win_only_as_doubles(plays: tuple[str, ...], expected: int) -> None:
    """ "Winning: a play beats the current best only if it has the led shape (a single, a double,
    sisters) in the led suit and ranks higher, or, by a player void in the led suit, the same shape
    all in trumps ranking higher than any earlier all-trump play of that shape. A play of another
    shape, or mixed, never wins." """
    assert winner(*plays) == expected


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        (("5C 5C 6C 6C", "7C 7C 8C 8C", "9C 9C TC TC", "3C 3C 4C 4C"), 2),  # the higher sisters
        (("5C 5C 6C 6C", "3H 3H 4H 4H", "9C 9C TC TC", "3D 3D 4D 4D"), 1),  # trumping in with sisters
        (("5C 5C 6C 6C", "3H 3H 4H 4H", "AH AH 2S 2S", "9C 9C TC TC"), 2),  # a higher trump-in
        (("5C 5C 6C 6C", "3H 3H 5H 5H", "3C 3C 4C 4C", "8C 8C 9C 9C"), 3),  # wrong-shape trump-in fails
        (("5C 5C 6C 6C", "2C 2C 2S 2S", "3C 3C 4C 4C", "4D 4D 5D 5D"), 0),  # off royals: no sisters
        (("5C 5C 6C 6C", "3H 3H 4H 4H", "5H 5H 6H 6H", "9C 9C TC TC"), 2),
        (("5C 5C 6C 6C", "9C 9C JC QC", "3H 3H 6H 7H", "7C 8C TC KC"), 0),  # doubles and singles: mixed
        (("5C 5C 6C 6C", "8D 8D 9D 9D", "AS AS KS KS", "3C 3C 4C 4C"), 0),  # plain off-suit sisters lose
        (("QH QH KH KH", "2C 2C AH AH", "SJ SJ BJ BJ", "3H 3H 4H 4H"), 2),  # trumps led
        (("3H 3H 4H 4H", "2H 2H SJ SJ", "2C 2C 2S 2S", "BJ 5H 6H 7H"), 1),
    ],
)
def test_sisters_win_only_as_higher_sisters(plays: tuple[str, ...], expected: int) -> None:
    """Rule text: "To beat sisters, you must play higher sisters." Ruling: "Sisters compare by their
    higher double"; "by a player void in the led suit, the same shape all in trumps ranking higher
    than any earlier all-trump play of that shape. A play of another shape, or mixed, never wins." """
    assert winner(*plays) == expected


def test_wrong_shape_trump_in_of_a_double_on_sisters_fails() -> None:
    """ "A play of another shape, or mixed, never wins": on a sisters lead, a void player's two trump
    doubles that are not adjacent (3H3H and 5H5H, 4H between) do not win, even against the lowest
    sisters; on a double lead a void player's trump single pair that is no double does not win."""
    assert winner("5C 5C 6C 6C", "3H 3H 5H 5H", "BJ BJ 2H 2H", "3C 3C 4C 4C") == 0
    assert winner("3C", "AH") == 1  # a single trump-in works ...
    assert winner("3C 3C", "AH KH") == 0  # ... but two different trumps on a double do not


def test_trick_winner_with_royal_ace_and_no_trump() -> None:
    """ "Trumps, high to low: ..., the royal number of the other three suits (equal to each other),
    then the trump suit from A down with the royal number removed" (royal A: the K is the highest
    plain trump), and in no-trump rounds the suits "rank as usual"."""
    table = ep.order_table(14, CLUBS)
    assert winner("5H", "KC", "AD", "AH", table=table) == 2  # AD = AH, off-suit royals above KC
    assert winner("KH", "QH", "AH", "2H", table=table) == 2  # AH is a trump, not a heart
    assert winner("KH KH", "AD AD", "2C 2C", "QH QH", table=table) == 1
    nt = ep.order_table(14, None)
    assert winner("KH", "QH", "AH", "2C", table=nt) == 2  # every A is a trump in no-trump
    assert winner("QD QD KD KD", "AC AC SJ SJ", "AS AS AH AH", "2D 2D 3D 3D", table=nt) == 1


# --- Points ----------------------------------------------------------------------------------------


def test_points_of_fives_tens_and_kings() -> None:
    """ "Points: 5s are 5, 10s and kings 10; 200 in the deck." Rule text: "Only these cards give
    points: 5 → 5 points, 10 → 10 points, K → 10 points. Maximum total points in the game: 200" """
    assert points(cs("5C")) == 5
    assert points(cs("TD")) == 10
    assert points(cs("KH")) == 10
    assert points(cs("2C 3D 4H 6S 7C 8D 9H JS QC AD SJ BJ")) == 0
    assert points(cs("5C TD KH KS AC BJ")) == 35
    assert points(double_deck()) == 200
    for card in set(double_deck()):
        assert ep.card_points(card) == points((card,))
    assert ep.card_points("ks") == 10
    for junk in (-1, 54, 13, None):  # codes are not cards: 13 would read as the 2 of diamonds
        with pytest.raises(CardParseError):
            ep.card_points(junk)  # type: ignore[arg-type]


def test_order_table_refuses_what_is_no_royal_number_or_trump_suit() -> None:
    assert ep.order_table(7, Suit.SPADES) is ep.order_table(7, 3)
    for royal, trump in ((1, None), (15, 0), (True, 0), ("7", 0), (7, 4), (7, -1), (7, "S"), (7, [3])):
        with pytest.raises(ConfigError):
            ep.order_table(royal, trump)  # type: ignore[arg-type]


@pytest.mark.parametrize(("hand", "led", "answers"), SISTERS_CASES)
def test_follow_reason_accepts_exactly_the_answers_to_sisters(
    hand: str, led: str, answers: list[str]
) -> None:
    """The same sentence, checked on ``follow_reason`` (what ``is_legal`` and ``validate`` ask)
    rather than on the list of legal plays: of the cards of each hand, exactly the hand-worked
    answers are accepted. With three club doubles and no sisters (8C 8C TC TC QC QC), any two of
    the doubles are accepted: "up to two (any two if you hold more)"."""
    assert brute_force(cs(hand), cs(led), R2H) == plays_of(*answers)
