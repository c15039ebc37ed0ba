"""80 Points card order, play shapes and sisters adjacency, one test per ordering rule.

Each docstring quotes the sentence it tests (RULINGS.md, "80 Points", unless it says "Rule text").
Expected orders are written out by hand from the rules. ``order_table(royal, trump)`` gives each
card code its ``(effective suit, position)``; higher positions rank higher, equal positions are equal
in rank, and :data:`TRUMP` is the effective suit of every trump. Suits: 0 clubs, 1 diamonds,
2 hearts, 3 spades.
"""

from __future__ import annotations

import random

import pytest

from cardrules import eighty_points as ep
from cardrules.cards import CARDS, Card
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.eighty_points.tricks import (
    DOUBLE,
    SINGLE,
    SISTERS,
    TRUMP,
    follow_plays,
    follow_reason,
    lead_plays,
    play_rank,
    shape_of,
    table_for,
    trick_leader,
    trick_winner,
)

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
ACE = 14
RANKS = "23456789TJQKA"
SUIT_LETTERS = "CDHS"
Table = tuple[tuple[int, int], ...]


def letter(rank: int) -> str:
    return RANKS[rank - 2]


def assert_order(table: Table, suit: int, groups: list[str]) -> None:
    """The cards of effective suit ``suit`` are exactly those of ``groups``; the cards of one group
    rank equal; each group ranks strictly below the one before it (groups are listed high to low)."""
    members = {card for card in CARDS if table[card][0] == suit}
    listed = [cs(g) for g in groups]
    assert members == {card for g in listed for card in g}
    positions = []
    for g in listed:
        assert len({table[card] for card in g}) == 1, f"not equal in rank: {g}"
        positions.append(table[g[0]][1])
    assert positions == sorted(positions, reverse=True)
    assert len(set(positions)) == len(positions), "two groups rank equal"


def singles(text: str) -> list[str]:
    """Groups of one card each, high to low."""
    return text.split()


def plain_groups(suit: str, royal: int) -> list[str]:
    """A plain suit, A down to 2 without the royal number (the rule for every non-trump suit)."""
    return [r + suit for r in reversed(RANKS) if r != letter(royal)]


# --- The full orders, written out ------------------------------------------------------------------


def test_full_order_royal_2_trump_hearts() -> None:
    """ "Trumps, high to low: big jokers, small jokers, the royal number of the trump suit, the royal
    number of the other three suits (equal to each other), then the trump suit from A down with the
    royal number removed. Every other suit ranks A down to 2 with the royal number removed." """
    table = ep.order_table(2, HEARTS)
    trumps = ["BJ", "SJ", "2H", "2C 2D 2S", "AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H"]
    assert_order(table, TRUMP, [*trumps, "4H", "3H"])
    assert_order(table, CLUBS, singles("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"))
    assert_order(table, DIAMONDS, singles("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"))
    assert_order(table, SPADES, singles("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"))
    assert_order(table, HEARTS, [])


def test_full_order_royal_7_trump_spades() -> None:
    """ "Trumps, high to low: big jokers, small jokers, the royal number of the trump suit, the royal
    number of the other three suits (equal to each other), then the trump suit from A down with the
    royal number removed. Every other suit ranks A down to 2 with the royal number removed (with royal
    7, the 6 and the 8 are adjacent)." """
    table = ep.order_table(7, SPADES)
    trumps = ["BJ", "SJ", "7S", "7C 7D 7H", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "6S", "5S"]
    assert_order(table, TRUMP, [*trumps, "4S", "3S", "2S"])
    assert_order(table, CLUBS, singles("AC KC QC JC TC 9C 8C 6C 5C 4C 3C 2C"))
    assert_order(table, DIAMONDS, singles("AD KD QD JD TD 9D 8D 6D 5D 4D 3D 2D"))
    assert_order(table, HEARTS, singles("AH KH QH JH TH 9H 8H 6H 5H 4H 3H 2H"))
    assert table[c("8D")][1] - table[c("6D")][1] == 1
    assert table[c("8S")][1] - table[c("6S")][1] == 1


def test_full_order_royal_ace_trump_clubs() -> None:
    """ "Trumps, high to low: big jokers, small jokers, the royal number of the trump suit, the royal
    number of the other three suits (equal to each other), then the trump suit from A down with the
    royal number removed." With royal A the trump suit runs from K down, and so do the others."""
    table = ep.order_table(ACE, CLUBS)
    trumps = ["BJ", "SJ", "AC", "AD AH AS", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"]
    assert_order(table, TRUMP, [*trumps, "4C", "3C", "2C"])
    for suit, letter_ in ((DIAMONDS, "D"), (HEARTS, "H"), (SPADES, "S")):
        assert_order(table, suit, [r + letter_ for r in "KQJT98765432"])


@pytest.mark.parametrize("royal", [2, 7, ACE])
def test_full_order_no_trump(royal: int) -> None:
    """ "No-trump rounds (two identical jokers shown, below): the trumps are the big jokers, then the
    small jokers, then every royal-number card (all four suits equal); the four suits rank as usual." """
    table = ep.order_table(royal, None)
    r = letter(royal)
    assert_order(table, TRUMP, ["BJ", "SJ", f"{r}C {r}D {r}H {r}S"])
    for suit, s in enumerate(SUIT_LETTERS):
        assert_order(table, suit, plain_groups(s, royal))


# --- One test per ordering rule, for royal numbers 2, 7 and A and every trump suit -----------------

WITH_TRUMP = [(royal, trump) for royal in (2, 7, ACE) for trump in (CLUBS, DIAMONDS, HEARTS, SPADES)]
ALL_ROUNDS = [*WITH_TRUMP, (2, None), (7, None), (ACE, None)]


@pytest.mark.parametrize(("royal", "trump"), ALL_ROUNDS)
def test_big_jokers_above_small_jokers_above_everything(royal: int, trump: int | None) -> None:
    """ "Trumps, high to low: big jokers, small jokers, ..." (with or without a trump suit)."""
    table = ep.order_table(royal, trump)
    big, small = table[c("BJ")], table[c("SJ")]
    assert big[0] == small[0] == TRUMP
    assert big[1] > small[1]
    assert all(small[1] > table[card][1] for card in CARDS[:52])


@pytest.mark.parametrize(("royal", "trump"), WITH_TRUMP)
def test_trump_suit_royal_above_the_other_royals(royal: int, trump: int) -> None:
    """ "... small jokers, the royal number of the trump suit, the royal number of the other three
    suits ..." """
    table = ep.order_table(royal, trump)
    own = table[Card(royal, trump)]
    assert own[0] == TRUMP
    assert own[1] < table[c("SJ")][1]
    for suit in range(4):
        if suit != trump:
            assert table[Card(royal, suit)][0] == TRUMP
            assert table[Card(royal, suit)][1] < own[1]


@pytest.mark.parametrize(("royal", "trump"), WITH_TRUMP)
def test_off_suit_royals_are_equal_to_each_other(royal: int, trump: int) -> None:
    """ "the royal number of the other three suits (equal to each other)" """
    table = ep.order_table(royal, trump)
    others = {table[Card(royal, suit)] for suit in range(4) if suit != trump}
    assert len(others) == 1


@pytest.mark.parametrize(("royal", "trump"), WITH_TRUMP)
def test_off_suit_royals_above_the_trump_suit(royal: int, trump: int) -> None:
    """ "... the royal number of the other three suits (equal to each other), then the trump suit
    from A down with the royal number removed." The highest plain trump is the A (the K when the royal
    number is A) and ranks just below the off-suit royal numbers."""
    table = ep.order_table(royal, trump)
    off_royal = table[Card(royal, (trump + 1) % 4)][1]
    top = ACE if royal != ACE else 13
    assert table[Card(top, trump)] == (TRUMP, off_royal - 1)


@pytest.mark.parametrize(("royal", "trump"), WITH_TRUMP)
def test_trump_suit_from_ace_down_without_the_royal_number(royal: int, trump: int) -> None:
    """ "then the trump suit from A down with the royal number removed." """
    table = ep.order_table(royal, trump)
    ranks = [r for r in range(ACE, 1, -1) if r != royal]
    positions = [table[Card(r, trump)] for r in ranks]
    assert all(p[0] == TRUMP for p in positions)
    # consecutive: each plain trump rank is exactly one step below the one above it
    assert [p[1] for p in positions] == list(range(positions[0][1], positions[0][1] - 12, -1))
    assert positions[-1][1] == 0


@pytest.mark.parametrize(("royal", "trump"), ALL_ROUNDS)
def test_other_suits_ace_down_without_the_royal_number(royal: int, trump: int | None) -> None:
    """ "Every other suit ranks A down to 2 with the royal number removed (with royal 7, the 6 and the
    8 are adjacent)." """
    table = ep.order_table(royal, trump)
    for suit in range(4):
        if suit == trump:
            continue
        ranks = [r for r in range(ACE, 1, -1) if r != royal]
        positions = [table[Card(r, suit)] for r in ranks]
        assert all(p[0] == suit for p in positions)
        assert [p[1] for p in positions] == list(range(11, -1, -1))
        if royal == 7:
            assert table[Card(8, suit)][1] == table[Card(6, suit)][1] + 1


@pytest.mark.parametrize(("royal", "trump"), ALL_ROUNDS)
def test_trumps_form_one_suit_for_following(royal: int, trump: int | None) -> None:
    """ "Trumps form one suit for following." / "When trumps are led, the trump suit includes the
    jokers and every royal-number card." A trump lead must be followed by any trump held: here an
    off-suit royal number (or a joker) rather than a plain card of its printed suit."""
    table = ep.order_table(royal, trump)
    trumps = {card for card in CARDS if table[card][0] == TRUMP}
    expected = {c("BJ"), c("SJ")} | {Card(royal, s) for s in range(4)}
    if trump is not None:
        expected |= {Card(r, trump) for r in range(2, ACE + 1)}
    assert trumps == expected
    plain = (trump + 1) % 4 if trump is not None else CLUBS
    royal_card = Card(royal, plain)
    other = Card(3 if royal != 3 else 4, plain)
    led = (c("SJ"),)
    hand = (royal_card, other)
    assert follow_reason(hand, (royal_card,), led, table) is None
    assert follow_reason(hand, (other,), led, table) is not None


@pytest.mark.parametrize(("royal", "trump"), ALL_ROUNDS)
def test_royal_cards_are_not_in_their_printed_suit(royal: int, trump: int | None) -> None:
    """ "Trumps form one suit for following": a royal-number card is a trump, so it does not follow
    its printed suit; a player whose only card of that suit is the royal number is void in it."""
    table = ep.order_table(royal, trump)
    plain = (trump + 1) % 4 if trump is not None else CLUBS
    led = (Card(5 if royal != 5 else 6, plain),)
    royal_card = Card(royal, plain)
    off = Card(9 if royal != 9 else 10, (plain + 1) % 4 if (plain + 1) % 4 != trump else (plain + 2) % 4)
    hand = (royal_card, off)
    assert follow_reason(hand, (royal_card,), led, table) is None
    assert follow_reason(hand, (off,), led, table) is None


def test_royal_number_moves_with_the_defending_level() -> None:
    """ "Each team has its own level, from 2 up to A; the royal number (trump number) is the defending
    team's level." """
    state = ep.new_game(1)
    table = state.table
    assert table.match.levels == (2, 2)
    assert table.royal == table.match.levels[table.starter % 2] == 2


# --- Shapes -------------------------------------------------------------------------------------


R2H = ep.order_table(2, HEARTS)


def test_single_shape() -> None:
    """ "Leads: a single card, a double (two identical cards), or sisters" """
    assert shape_of(cs("5C"), R2H) == (SINGLE, CLUBS, R2H[c("5C")][1])
    assert shape_of(cs("2S"), R2H) == (SINGLE, TRUMP, 12)
    assert shape_of(cs("BJ"), R2H) == (SINGLE, TRUMP, 15)


@pytest.mark.parametrize(
    ("play", "is_double"),
    [
        ("2S 2S", True),
        ("KD KD", True),
        ("BJ BJ", True),
        ("SJ SJ", True),
        ("2S 2C", False),  # equal in rank, not identical
        ("SJ BJ", False),  # a big and a small joker
        ("KD QD", False),
        ("KD KH", False),
    ],
)
def test_double_is_two_identical_cards(play: str, is_double: bool) -> None:
    """ "A double is two identical cards (2S 2S; not 2S 2C, not a big and a small joker)." """
    shape = shape_of(cs(play), R2H)
    if is_double:
        assert shape is not None
        assert shape[0] == DOUBLE
    else:
        assert shape is None


@pytest.mark.parametrize(
    "play",
    [
        "3C 4C",  # two singles
        "3C 3C 4C",  # three cards
        "3C 3C 4C 5C",  # a double and two singles
        "3C 3C 5C 5C",  # two doubles, not consecutive
        "3C 3C 3D 3D",  # two doubles of different suits
        "3C 3C 4C 4C 5C 5C",  # three doubles
        "3C 3C 4C 4C 5C",  # five cards
    ],
)
def test_no_other_multi_card_leads(play: str) -> None:
    """ "No other multi-card leads." """
    assert shape_of(cs(play), R2H) is None


def test_sisters_compare_by_their_higher_double() -> None:
    """ "Sisters compare by their higher double." shape_of reports the position of the higher double,
    whatever order the cards are given in."""
    assert shape_of(cs("6C 5C 6C 5C"), R2H) == (SISTERS, CLUBS, R2H[c("6C")][1])
    assert shape_of(cs("KH KH AH AH"), R2H) == (SISTERS, TRUMP, R2H[c("AH")][1])


@pytest.mark.parametrize(
    ("lead", "play", "rank"),
    [
        ("5C", "9C", 6),  # the led suit: its position (royal 2 is no plain card, so 3C is 0)
        ("5C", "3H", 16),  # the lowest trump outranks every club
        ("5C", "2C", 28),  # the royal number of an other suit is a trump, at 12
        ("5C", "BJ", 31),
        ("5C", "AD", -1),  # a third suit never wins
        ("3H", "AH", 11),  # trumps led: a trump ranks as its plain position
        ("7C 7C", "KC KC", 10),
        ("7C 7C", "3H 3H", 16),
        ("7C 7C", "KC QC", -1),  # not the led shape
        ("7C 7C", "4D 4D", -1),
    ],
)
def test_play_rank(lead: str, play: str, rank: int) -> None:
    """ "A play beats the current best only if it has the led shape in the led suit and ranks higher,
    or, by a player void in the led suit, the same shape all in trumps [...]. A play of another shape,
    or mixed, never wins." Ranks worked by hand with royal 2 and hearts trump: plain positions run
    3C 0 .. AC 11."""
    shape = shape_of(cs(lead), R2H)
    assert shape is not None
    assert play_rank(cs(play), shape, R2H) == rank


def test_trick_leader_names_the_play_winning_so_far_its_rank_and_the_lead() -> None:
    """A trick still being played, worked by hand with royal 2 and hearts trump: AS leads, a
    spade single at position 11 (3S 0 .. AS 11); 3S (position 0) does not beat it; 3H from a seat
    void in spades is all trumps, position 0 of the trumps, ranked 0 + 16, above any spade; the
    royal 2S, a trump at position 12, ranks 28 and takes the lead from it."""
    lead = (SINGLE, SPADES, 11)
    assert trick_leader([cs("AS")], R2H) == (0, 11, lead)
    assert trick_leader([cs("AS"), cs("3S")], R2H) == (0, 11, lead)
    assert trick_leader([cs("AS"), cs("3S"), cs("3H")], R2H) == (2, 16, lead)
    assert trick_leader([cs("AS"), cs("3S"), cs("3H"), cs("2S")], R2H) == (3, 28, lead)
    assert trick_winner([cs("AS"), cs("3S"), cs("3H"), cs("2S")], R2H) == 3


def test_lead_plays_are_every_single_double_and_sisters() -> None:
    """ "Leads: a single card, a double (two identical cards), or sisters ... No other multi-card
    leads." With royal 2 and trump hearts, from BJ BJ SJ SJ 2H 2H 2S 3C 4C 4C 5C 5C: singles of each
    distinct card, the four doubles, and the sisters 4C4C-5C5C, 2H2H-SJSJ and SJSJ-BJBJ (2S is single
    so 2S2S-2H2H is not possible)."""
    hand = tuple(sorted(cs("BJ BJ SJ SJ 2H 2H 2S 3C 4C 4C 5C 5C")))
    plays = lead_plays(hand, R2H)
    expected = [
        cs("3C"),
        cs("4C"),
        cs("5C"),
        cs("2H"),
        cs("2S"),
        cs("SJ"),
        cs("BJ"),
        cs("4C 4C"),
        cs("5C 5C"),
        cs("2H 2H"),
        cs("SJ SJ"),
        cs("BJ BJ"),
    ]
    sisters = {cs("4C 4C 5C 5C"), cs("2H 2H SJ SJ"), cs("SJ SJ BJ BJ")}
    assert plays[: len(expected)] == expected
    assert set(plays[len(expected) :]) == sisters
    assert len(plays) == len(expected) + len(sisters)


# --- Sisters adjacency ---------------------------------------------------------------------------

SISTERS_CASES: list[tuple[int, int | None, str, bool]] = [
    # with a trump suit: every pair the ruling lists ...
    (2, HEARTS, "SJ SJ BJ BJ", True),
    (2, HEARTS, "2H 2H SJ SJ", True),
    (2, HEARTS, "2C 2C 2H 2H", True),
    (2, HEARTS, "2D 2D 2H 2H", True),
    (2, HEARTS, "2S 2S 2H 2H", True),
    (2, HEARTS, "AH AH 2C 2C", True),
    (2, HEARTS, "AH AH 2S 2S", True),
    (2, HEARTS, "KH KH AH AH", True),
    (2, HEARTS, "3H 3H 4H 4H", True),
    (7, SPADES, "SJ SJ BJ BJ", True),
    (7, SPADES, "7S 7S SJ SJ", True),
    (7, SPADES, "7C 7C 7S 7S", True),
    (7, SPADES, "AS AS 7H 7H", True),
    (7, SPADES, "6S 6S 8S 8S", True),
    (ACE, CLUBS, "AC AC SJ SJ", True),
    (ACE, CLUBS, "AD AD AC AC", True),
    (ACE, CLUBS, "KC KC AH AH", True),  # K is the highest plain trump when the royal number is A
    (ACE, CLUBS, "QC QC KC KC", True),
    # ... and the pairs it excludes
    (2, HEARTS, "2C 2C 2S 2S", False),  # two off-suit royal-number doubles
    (2, HEARTS, "2C 2C 2D 2D", False),
    (7, SPADES, "7C 7C 7H 7H", False),
    (ACE, CLUBS, "AD AD AS AS", False),
    (2, HEARTS, "2H 2H BJ BJ", False),  # the small jokers lie between
    (2, HEARTS, "2C 2C SJ SJ", False),  # the trump suit's royal number lies between
    (2, HEARTS, "AH AH 2H 2H", False),  # the off-suit royal numbers lie between
    (2, HEARTS, "KH KH 2C 2C", False),  # the trump A lies between
    (ACE, CLUBS, "QC QC AD AD", False),  # the trump K lies between
    (2, HEARTS, "AC AC 2C 2C", False),  # AC is a club, 2C a trump: not one suit
    (ACE, CLUBS, "KD KD AD AD", False),  # KD a diamond, AD a trump
    (2, HEARTS, "AC AC AD AD", False),  # two suits
]


@pytest.mark.parametrize(("royal", "trump", "play", "sisters"), SISTERS_CASES)
def test_sisters_adjacency_with_a_trump_suit(royal: int, trump: int | None, play: str, sisters: bool) -> None:
    """ "sisters (two doubles of consecutive rank in one suit; trumps count as one suit in the order
    above, so a double of small jokers and a double of big jokers are sisters, and so are a double of
    the trump suit's royal number with one of the small jokers, a double of an off-suit royal number
    with one of the trump suit's royal number, and a double of the highest plain trump (A, or K when
    the royal number is A) with one of an off-suit royal number; two off-suit royal-number doubles are
    not)." """
    shape = shape_of(cs(play), ep.order_table(royal, trump))
    assert (shape is not None and shape[0] == SISTERS) is sisters


NO_TRUMP_CASES: list[tuple[int, str, bool]] = [
    (2, "SJ SJ BJ BJ", True),
    (2, "2C 2C SJ SJ", True),
    (2, "2D 2D SJ SJ", True),
    (2, "2H 2H SJ SJ", True),
    (2, "2S 2S SJ SJ", True),
    (7, "7H 7H SJ SJ", True),
    (ACE, "AS AS SJ SJ", True),
    (7, "6C 6C 8C 8C", True),
    (ACE, "QD QD KD KD", True),
    (2, "2C 2C 2D 2D", False),  # two royal-number doubles
    (7, "7H 7H 7S 7S", False),
    (ACE, "AC AC AH AH", False),
    (2, "2C 2C BJ BJ", False),
    (2, "AC AC 2C 2C", False),  # the plain A is not a trump in no-trump rounds
    (ACE, "KC KC AC AC", False),
]


@pytest.mark.parametrize(("royal", "play", "sisters"), NO_TRUMP_CASES)
def test_sisters_adjacency_in_no_trump(royal: int, play: str, sisters: bool) -> None:
    """ "In no-trump rounds: big-joker and small-joker doubles are sisters, and so are a small-joker
    double and any royal-number double; two royal-number doubles are not." """
    shape = shape_of(cs(play), ep.order_table(royal, None))
    assert (shape is not None and shape[0] == SISTERS) is sisters


@pytest.mark.parametrize(("royal", "play", "sisters"), [(7, "6D 6D 8D 8D", True), (2, "6D 6D 8D 8D", False)])
def test_sisters_skip_the_royal_number_in_plain_suits(royal: int, play: str, sisters: bool) -> None:
    """ "Every other suit ranks A down to 2 with the royal number removed (with royal 7, the 6 and the
    8 are adjacent)." So 6D6D-8D8D are sisters with royal 7 (trump clubs) but not with royal 2."""
    shape = shape_of(cs(play), ep.order_table(royal, CLUBS))
    assert (shape is not None and shape[0] == SISTERS) is sisters


def test_holding_more_cards_never_makes_an_answer_legal() -> None:
    """What ``sample_state`` relies on to refuse a view at once: an answer legal from a hand is
    legal from any part of that hand that still holds the play (more cards held only add
    obligations: more of the led suit, a double, sisters). Checked on the leads and hands of
    random games, with hands cut at random."""
    pick = random.Random(2026)
    checked = 0
    for seed in range(4):
        state = ep.new_game(seed, ep.Config(rounds=1))
        while state.to_act is not None:
            if state.table.phase == "play" and state.trick:
                order = table_for(state.table.royal, state.table.trump)
                hand = state.hands[state.to_act]
                for play in follow_plays(hand, state.trick[0], order):
                    rest = list(hand)
                    for card in play:
                        rest.remove(card)
                    kept = sorted([*play, *pick.sample(rest, pick.randrange(len(rest) + 1))])
                    assert follow_reason(kept, play, state.trick[0], order) is None, (kept, play)
                    checked += 1
            state = ep.apply(state, pick.choice(ep.legal_moves(state)))
    assert checked > 1000
