"""Unit tests of ``cardrules._shared.tricks``: follow-suit filtering and trick winners."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError, clubs, pub_derby
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.tricks import (
    RANK_OF,
    SUIT_OF,
    card_reason,
    follows,
    holds_suit,
    must_follow,
    playable,
    revoke,
    trick_winner,
    void_suits,
)
from cardrules.cards import BIG_JOKER, CARDS, SMALL_JOKER, Suit, format_cards, parse_card, parse_cards

CLUBS, DIAMONDS, HEARTS, SPADES = (int(s) for s in Suit)


def test_tables() -> None:
    assert len(SUIT_OF) == len(RANK_OF) == 54
    assert SUIT_OF[parse_card("QS")] == SPADES
    assert RANK_OF[parse_card("QS")] == 12
    assert RANK_OF[parse_card("AC")] == 14
    assert RANK_OF[parse_card("2H")] == 2
    assert SUIT_OF[SMALL_JOKER] == SUIT_OF[BIG_JOKER] == -1
    assert (RANK_OF[SMALL_JOKER], RANK_OF[BIG_JOKER]) == (15, 16)


# --- follow suit ---------------------------------------------------------------------------------


def test_follows_must_follow_when_able() -> None:
    """Rule texts of Clubs and Pub Derby: a player holding the led suit must play it; a player void
    in it may play any card."""
    hand = parse_cards("3C 9C 4D KH AH 2S")
    led = parse_card("5H")
    assert [c for c in hand if follows(hand, led, c)] == list(parse_cards("KH AH"))
    assert [c for c in hand if follows(hand, parse_card("TC"), c)] == list(parse_cards("3C 9C"))
    void = parse_cards("3C 9C 4D 2S")
    assert all(follows(void, led, c) for c in void)
    assert follows((), led, parse_card("2S"))


def test_follows_agrees_with_playable_in_every_position() -> None:
    """``playable`` lists exactly the cards ``follows`` allows, for every led card and a spread of
    hands (one rule, two views of it)."""
    deck = list(CARDS[:52])
    for start in range(0, 52, 5):
        hand = tuple(sorted(deck[start : start + 13] + deck[(start * 7) % 39 : (start * 7) % 39 + 3]))
        hand = tuple(sorted(set(hand)))
        for led in CARDS[:52]:
            allowed = tuple(c for c in hand if follows(hand, led, c))
            assert tuple(playable(hand, led)) == allowed


def test_playable_and_holds_suit() -> None:
    hand = parse_cards("3C 9C 4D KH AH")
    assert tuple(playable(hand, None)) == hand
    assert tuple(playable(hand, parse_card("2H"))) == parse_cards("KH AH")
    assert tuple(playable(hand, parse_card("2S"))) == hand
    assert tuple(playable(hand, BIG_JOKER)) == hand
    assert holds_suit(hand, CLUBS)
    assert holds_suit(hand, HEARTS)
    assert not holds_suit(hand, SPADES)
    assert not holds_suit((), CLUBS)


def test_must_follow_message() -> None:
    hand = parse_cards("3C TD JD 2S")
    reason = must_follow(hand, parse_card("4D"), parse_card("2S"), 2)
    assert reason == "seat 2 must follow diamonds (holds TD JD)"
    assert must_follow(hand, parse_card("4D"), parse_card("TD"), 2) is None
    assert must_follow(hand, parse_card("4H"), parse_card("2S"), 2) is None


# --- trick winner --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("5H", 0),
        ("5H 9H 2H AS", 1),
        ("5H KS AC 4H", 0),
        ("2C 3C 4C 5C", 3),
        ("AD KD QD JD", 0),
        ("TS JH QH KH", 0),
    ],
)
def test_trick_winner_no_trumps(cards: str, winner: int) -> None:
    assert trick_winner(parse_cards(cards)) == winner
    assert trick_winner(parse_cards(cards), None) == winner


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("5H 9H 2S AH", SPADES, 2),
        ("5H 3S KS AH", SPADES, 2),
        ("5H 9H 2C AH", SPADES, 3),
        ("2S 9H AH KH", SPADES, 0),
        ("5H 9H 2S 3S", SPADES, 3),
        ("5H 9H 2S 3S", HEARTS, 1),
        ("5H 9H 2S 3S", CLUBS, 1),
    ],
)
def test_trick_winner_with_trumps(cards: str, trump: int, winner: int) -> None:
    assert trick_winner(parse_cards(cards), trump) == winner


def test_trick_winner_equal_cards_earlier_wins() -> None:
    """Double deck: two identical cards, the earlier one wins."""
    assert trick_winner(parse_cards("KH AH AH 3H")) == 1
    assert trick_winner(parse_cards("AH AH")) == 0
    assert trick_winner(parse_cards("4H 2S 2S"), SPADES) == 1
    assert trick_winner(parse_cards("4H 2S 7S 7S"), SPADES) == 2
    assert trick_winner((BIG_JOKER, BIG_JOKER)) == 0


def test_trick_winner_jokers_in_plain_tables() -> None:
    """With the plain tables jokers form their own 'suit' -1."""
    assert trick_winner((SMALL_JOKER, BIG_JOKER, parse_card("AS"))) == 1
    assert trick_winner((parse_card("2S"), BIG_JOKER)) == 0
    assert trick_winner((parse_card("2S"), BIG_JOKER), -1) == 1


def test_trick_winner_custom_tables() -> None:
    """80 Points style: jokers and trump-rank cards join the trump suit and outrank it."""
    trump = HEARTS
    suit_of = list(SUIT_OF)
    rank_of = list(RANK_OF)
    for c in (SMALL_JOKER, BIG_JOKER):
        suit_of[c] = trump
    rank_of[SMALL_JOKER], rank_of[BIG_JOKER] = 20, 21
    # The 2 of spades is a trump ranking just below the jokers.
    two_spades = parse_card("2S")
    suit_of[two_spades], rank_of[two_spades] = trump, 19
    assert trick_winner(parse_cards("AS KS 2S QS"), trump, suit_of, rank_of) == 2
    assert trick_winner((*parse_cards("AH 2S"), SMALL_JOKER), trump, suit_of, rank_of) == 2
    assert trick_winner((BIG_JOKER, *parse_cards("AH 2S")), trump, suit_of, rank_of) == 0
    assert trick_winner(parse_cards("AS KS QS"), trump, suit_of, rank_of) == 0
    # Without a trump argument the led "suit" decides (the 2S led counts as hearts here).
    assert trick_winner(parse_cards("2S AH AS"), None, suit_of, rank_of) == 0
    # Tuples and lists both work as tables.
    assert trick_winner(parse_cards("3D 4D"), None, tuple(suit_of), tuple(rank_of)) == 1


def test_trick_winner_custom_rank_order() -> None:
    """A rank table where the ten ranks above the king (as in some games)."""
    rank_of = [2 * r for r in RANK_OF]  # king 26, ace 28
    for c in range(52):
        if RANK_OF[c] == 10:
            rank_of[c] = 27
    assert trick_winner(parse_cards("KD TD AD"), None, SUIT_OF, rank_of) == 2
    assert trick_winner(parse_cards("KD TD QD"), None, SUIT_OF, rank_of) == 1


def test_trick_winner_zero_based_rank_table() -> None:
    """Regression: the trump scan used to start at rank 0, so a trump ranked <= 0 never won."""
    rank_of = [r - 2 for r in RANK_OF]  # 2 -> 0, ..., ace -> 12: a zero-based table
    assert trick_winner(parse_cards("AH 2S"), SPADES, SUIT_OF, rank_of) == 1
    assert trick_winner(parse_cards("AH 2S 3S"), SPADES, SUIT_OF, rank_of) == 2
    negative = [r - 20 for r in RANK_OF]
    assert trick_winner(parse_cards("AH 2S 2S"), SPADES, SUIT_OF, negative) == 1
    assert trick_winner(parse_cards("2H AH"), None, SUIT_OF, negative) == 1


# --- completed tricks, voids, revokes -------------------------------------------------------------


def test_completed_trick_value() -> None:
    t = CompletedTrick(1, parse_cards("5H 9H 2H AS"), 2)
    assert t == CompletedTrick(1, parse_cards("5H 9H 2H AS"), 2)
    assert hash(t) == hash(CompletedTrick(1, parse_cards("5H 9H 2H AS"), 2))
    assert (t.leader, t.winner) == (1, 2)


def test_void_suits() -> None:
    tricks = [parse_cards("5H 9H 2S AH"), parse_cards("3C 4D")]
    voids = void_suits(tricks, [1, 3], 4)
    # Trick 1 led by seat 1: seat 3 played a spade to hearts. Trick 2 led by seat 3: seat 0 off clubs.
    assert voids == [{CLUBS}, set(), set(), {HEARTS}]


def test_revoke() -> None:
    hands = [parse_cards("2H"), parse_cards("3S")]
    assert revoke(hands, [(0, parse_cards("4H 5H"))], 2) is None
    # Seat 1 played a spade to a heart lead while still holding a heart (its 5H, played later).
    tricks = [(0, parse_cards("4H 6S")), (0, parse_cards("7C 5H"))]
    assert revoke([(), ()], tricks, 2) == "seat 1 did not follow hearts in trick 1"


def test_a_card_not_held_names_the_cards_that_may_be_played() -> None:
    hand = tuple(sorted(parse_cards("2H 9H 3C KS")))
    assert card_reason(hand, (), parse_card("AS"), 1) == "seat 1 does not hold AS (it may play 3C 2H 9H KS)"
    led = (parse_card("5H"),)
    assert card_reason(hand, led, parse_card("AH"), 1) == "seat 1 does not hold AH (it may play 2H 9H)"


def test_clubs_and_pub_derby_errors_say_what_is_legal() -> None:
    state = clubs.new_game(1)
    assert state.to_act == 0 and not state.trick
    hand = state.hands[0]
    missing = next(c for c in CARDS[:52] if c not in hand)
    with pytest.raises(IllegalMoveError) as raised:
        clubs.apply(state, clubs.Play(missing))
    assert str(raised.value).endswith(f"does not hold {missing} (it may play {format_cards(hand)})")
    derby = pub_derby.new_game(1)
    seat = derby.to_act
    assert seat is not None and derby.match.kickoff == parse_card("2C")
    other = next(c for c in derby.hands[seat] if c != derby.match.kickoff)
    with pytest.raises(IllegalMoveError, match="must kick off the half with 2C"):
        pub_derby.apply(derby, pub_derby.Play(other))
