"""80 Points' following rules as ``follow_reason`` words them, and the trump suit given as a
``Suit``. Royal 2, hearts trumps: clubs run A down to 3, so 8C and TC are not adjacent (9C lies
between) and two doubles of them are no sisters."""

from __future__ import annotations

from cardrules import eighty_points as ep
from cardrules.cards import Rank, Suit, parse_card, parse_cards
from cardrules.eighty_points.tricks import TRUMP, follow_reason, table_for

R2H = ep.order_table(2, 2)
LED = parse_cards("5C 5C 6C 6C")


def test_sisters_led_every_double_held_up_to_two_is_named() -> None:
    """Sisters led and none held: "else every double you hold in that suit up to two". Holding
    8C 8C TC TC JC QC, an answer of four clubs with one double is refused for want of 2 doubles;
    holding 8C 8C JC QC KC, four clubs without the 8C double for want of 1 double."""
    two = follow_reason(parse_cards("8C 8C TC TC JC QC"), parse_cards("8C 8C JC QC"), LED, R2H)
    assert two == "must play 2 doubles of clubs"
    one = follow_reason(parse_cards("8C 8C JC QC KC"), parse_cards("JC QC KC 8C"), LED, R2H)
    assert one == "must play 1 double of clubs"


def test_the_trump_suit_may_be_given_as_a_suit() -> None:
    """``order_table`` takes the trump suit as 0-3 (clubs..spades); ``Suit.SPADES`` is 3. With
    royal 5 and spades trumps, AS is the highest plain trump, at position 11 (the ranks 2-A less
    the 5 are positions 0-11), and AC stays a club."""
    table_for.cache_clear()  # computed afresh for the Suit, not found under the int 3
    table = ep.order_table(5, Suit.SPADES)
    assert table[parse_card("AS")] == (TRUMP, 11)
    assert table[parse_card("AC")] == (0, 11)
    assert table[parse_card("5S")] == (TRUMP, 13)  # the trump suit's royal number
    assert table[parse_card("5C")] == (TRUMP, 12)  # another suit's


def test_the_royal_number_may_be_given_as_a_rank() -> None:
    """``order_table`` takes the royal number as 2-14; ``Rank.FIVE`` is 5. With royal 5 and no
    trump suit every 5 is a trump at 13, and each suit runs 2 (position 0) to A (11) without the
    5, so the 6 is at 3, next to the 4 at 2."""
    table_for.cache_clear()  # computed afresh for the Rank, not found under the int 5
    table = ep.order_table(Rank.FIVE, None)
    assert [table[parse_card(c)] for c in ("5C", "5H", "4C", "6C", "AS")] == [
        (TRUMP, 13),
        (TRUMP, 13),
        (0, 2),
        (0, 3),
        (3, 11),
    ]


def test_the_cards_of_the_led_suit_owed_are_counted() -> None:
    """ "Of the led suit ... then further cards of the led suit; only when the suit is exhausted,
    any cards": holding two spades, an answer to AS AS with one of them owes 2 cards of spades;
    holding one, an answer without it owes 1 card of spades. (A spade the hand does not hold is no
    answer at all: ``apply`` refuses it before asking ``follow_reason``, see the refusal tests.)"""
    two = follow_reason(parse_cards("5S 6S 3D"), parse_cards("5S 3D"), parse_cards("AS AS"), R2H)
    assert two == "must play 2 cards of spades"
    one = follow_reason(parse_cards("5S 3D 4D"), parse_cards("3D 4D"), parse_cards("AS AS"), R2H)
    assert one == "must play 1 card of spades"
