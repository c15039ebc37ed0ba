"""80 Points' rule of thumb (``HeuristicBot``'s policy): "feed points to a partner who is winning
the trick, else win it as cheaply as possible, else give away the fewest points".

Royal 2, hearts trumps: spades run A down to 3. Seats 1 and 3 are partners, as are 0 and 2.
"""

from __future__ import annotations

import pytest

from cardrules import eighty_points as ep
from cardrules.cards import parse_cards
from cardrules.eighty_points.policy import rule_of_thumb
from cardrules.eighty_points.tricks import lead_plays

R2H = ep.order_table(2, 2)
ANSWERS = [ep.Play(parse_cards("KS")), ep.Play(parse_cards("4S"))]


@pytest.mark.parametrize(
    ("leader", "trick", "seat", "expected"),
    [
        (1, "AS 3S", 3, "KS"),  # seat 1, partner of 3, holds the trick with the ace
        (0, "3S AS", 2, "4S"),  # seat 1, an opponent of 2
        (1, "3S AS", 3, "4S"),  # seat 2, an opponent of 3
        (0, "AS 3S", 2, "KS"),  # seat 0, partner of 2
        (3, "3S AS 5S", 2, "KS"),  # seats 3, 0, 1 played: seat 0, partner of 2
        (3, "3S 5S AS", 2, "4S"),  # seat 1, an opponent of 2
        (2, "5S AS 3S", 1, "KS"),  # seats 2, 3, 0 played: seat 3, partner of 1
        (1, "5S 3S AS", 0, "4S"),  # seats 1, 2, 3 played: seat 3, an opponent of 0
    ],
)
def test_points_go_to_a_winning_partner_only(leader: int, trick: str, seat: int, expected: str) -> None:
    """Answering a spade trick with KS (10 points) or 4S (none), the ace already played: when the
    ace is the partner's, the rule of thumb plays the king; when an opponent's (the ace cannot be
    beaten), it plays the pointless 4S."""
    plays = [(c,) for c in parse_cards(trick)]
    move = rule_of_thumb(ANSWERS, parse_cards("KS 4S"), plays, leader, seat, R2H)
    assert move == ep.Play(parse_cards(expected))


def test_an_opponents_trick_is_won_as_cheaply_as_possible() -> None:
    """ "else win it as cheaply as possible": seat 0 (an opponent of seat 1) leads 5S; of 3S, QS
    and AS, seat 1 beats it with QS, the lower of the two cards that win."""
    moves = [ep.Play(parse_cards(c)) for c in ("3S", "QS", "AS")]
    move = rule_of_thumb(moves, parse_cards("3S QS AS"), [parse_cards("5S")], 0, 1, R2H)
    assert move == ep.Play(parse_cards("QS"))


def test_a_trick_led_with_a_double_is_won_as_cheaply_as_possible() -> None:
    """ "else win it as cheaply as possible", whatever the last play: seat 0 leads 5S 5S, seats 1
    and 2 (void in spades) throw 3D 4D and 6D 7D; seat 3 beats the double with QS QS rather than
    play the lower 3S 3S or the two singles 8S 9S, which do not win."""
    moves = [ep.Play(parse_cards(c)) for c in ("3S 3S", "QS QS", "8S 9S")]
    trick = [parse_cards(p) for p in ("5S 5S", "3D 4D", "6D 7D")]
    move = rule_of_thumb(moves, parse_cards("3S 3S QS QS 8S 9S"), trick, 0, 3, R2H)
    assert move == ep.Play(parse_cards("QS QS"))


@pytest.mark.parametrize("order", [("9S", "4S"), ("4S", "9S")])
def test_with_no_points_to_feed_a_winning_partner_gets_the_lowest_card(order: tuple[str, str]) -> None:
    """Seat 1's ace holds the trick for seat 3's side: with no point card to feed it, seat 3
    keeps its higher card and plays 4S rather than 9S, whatever the order of the moves."""
    moves = [ep.Play(parse_cards(c)) for c in order]
    move = rule_of_thumb(moves, parse_cards("4S 9S"), [parse_cards("AS"), parse_cards("3S")], 1, 3, R2H)
    assert move == ep.Play(parse_cards("4S"))


@pytest.mark.parametrize("order", [(ep.AskRedeal(), ep.KeepHand()), (ep.KeepHand(), ep.AskRedeal())])
def test_a_redeal_is_asked_with_fewer_than_six_trumps(order: tuple[ep.Move, ep.Move]) -> None:
    """ "ask for a redeal with few trumps, under 6, else keep the hand": with 5 trumps (2H 3H 4H
    and the royal 2C 2D, royal 2) of 25 cards the rule of thumb asks; with 6 (one more heart) it
    keeps its hand."""
    five = parse_cards("2H 3H 4H 2C 2D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D 8D 9D TD")
    six = parse_cards("2H 3H 4H 5H 2C 2D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D 8D 9D")
    assert rule_of_thumb(list(order), five, [], 0, 0, R2H) == ep.AskRedeal()
    assert rule_of_thumb(list(order), six, [], 0, 0, R2H) == ep.KeepHand()


@pytest.mark.parametrize(
    "order", [(ep.DeclareNoTrump(), ep.NoDeclare()), (ep.NoDeclare(), ep.DeclareNoTrump())]
)
def test_no_trump_is_declared_only_with_few_trumps(order: tuple[ep.Move, ep.Move]) -> None:
    """ "declare no trump only with few trumps": holding 2 trumps (hearts and the royal 2s, royal 2)
    of 25 cards the rule of thumb declares; holding 9 it does not."""
    few = parse_cards("2H 3H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    many = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D")
    assert rule_of_thumb(list(order), few, [], 0, 0, R2H) == ep.DeclareNoTrump()
    assert rule_of_thumb(list(order), many, [], 0, 0, R2H) == ep.NoDeclare()


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        (("AH", "KS"), "KS"),  # AH is a trump (hearts): the plain KS leads, although lower
        (("QS", "KS", "AH"), "KS"),
        (("3S 3S", "AS"), "3S 3S"),  # the longer play first
        (("4D", "9C", "2H"), "9C"),  # of the plain singles the higher (9 over 4); 2H is a trump
    ],
)
def test_the_lead_is_the_longest_highest_plain_play(moves: tuple[str, ...], expected: str) -> None:
    """ "lead the longest, highest plain play": more cards first, then a plain play before a
    trump one, then the higher."""
    plays = [ep.Play(parse_cards(m)) for m in moves]
    move = rule_of_thumb(plays, parse_cards(" ".join(moves)), [], 0, 0, R2H)
    assert move == ep.Play(parse_cards(expected))


def test_a_trump_lead_is_won_with_the_lowest_winning_trump() -> None:
    """ "else win it as cheaply as possible": seat 0 (an opponent of seat 1) leads the trump 3H;
    of 5H and 6H, both winning, seat 1 plays the lower 5H, although it carries 5 points."""
    moves = [ep.Play(parse_cards(c)) for c in ("6H", "5H")]
    move = rule_of_thumb(moves, parse_cards("5H 6H"), [parse_cards("3H")], 0, 1, R2H)
    assert move == ep.Play(parse_cards("5H"))


def test_the_only_legal_move_is_played() -> None:
    """With one legal answer (seat 1 holding a single spade when seat 0 leads AS), that is the
    move."""
    only = ep.Play(parse_cards("4S"))
    assert rule_of_thumb([only], parse_cards("4S 3D"), [parse_cards("AS")], 0, 1, R2H) == only


@pytest.mark.parametrize("order", [(ep.AskRedeal(), ep.KeepHand()), (ep.KeepHand(), ep.AskRedeal())])
def test_a_hand_of_many_trumps_is_kept(order: tuple[ep.Move, ep.Move]) -> None:
    """ "Ask for a redeal ... with few trumps, under 6, else keep the hand": 6 is not the only count
    kept; with 9 trumps (2H to 9H and the royal 2C, royal 2) the rule of thumb keeps its hand."""
    many = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D")
    assert rule_of_thumb(list(order), many, [], 0, 0, R2H) == ep.KeepHand()


@pytest.mark.parametrize(
    "order", [(ep.DeclareNoTrump(), ep.NoDeclare()), (ep.NoDeclare(), ep.DeclareNoTrump())]
)
def test_no_trump_is_declared_with_fewer_than_six_trumps(order: tuple[ep.Move, ep.Move]) -> None:
    """ "Ask for a redeal (and declare no trump) with few trumps, under 6, else keep the hand (and
    declare nothing)", the declaration at the edge: the two small jokers asked about and the trumps
    2H 3H 4H make 5 trumps of 25 cards (the other 20 plain clubs and diamonds): the rule of thumb
    declares; with 5H as well, 6 trumps, it does not."""
    five = parse_cards("SJ SJ 2H 3H 4H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D 8D 9D TD")
    six = parse_cards("SJ SJ 2H 3H 4H 5H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D 8D 9D")
    assert len(five) == len(six) == 25
    assert rule_of_thumb(list(order), five, [], 0, 0, R2H) == ep.DeclareNoTrump()
    assert rule_of_thumb(list(order), six, [], 0, 0, R2H) == ep.NoDeclare()


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize(
    ("hand", "lower", "higher"),
    [
        # 2C 2C ranks above AH (the off-suit royal number over the highest plain trump).
        ("2C 2C KH KH AH AH", "KH KH AH AH", "2C 2C AH AH"),
        # Trumps rank 2S (off-suit royal), 2H (trump royal), SJ: in card order both start 2H.
        ("2H 2H 2S 2S SJ SJ", "2H 2H 2S 2S", "2H 2H SJ SJ"),
    ],
)
def test_of_two_trump_sisters_the_lead_is_the_higher(
    hand: str, lower: str, higher: str, reverse: bool
) -> None:
    """ "lead the longest, highest plain play", with only trump sisters to lead, and "Sisters
    compare by their higher double" (royal 2, hearts trumps): of the two sisters the hand holds,
    the one with the higher double is led, whatever the order of the moves."""
    cards = parse_cards(hand)
    moves = [ep.Play(p) for p in lead_plays(cards, R2H)]
    assert {m.cards for m in moves if len(m.cards) == 4} == {parse_cards(lower), parse_cards(higher)}
    if reverse:
        moves.reverse()
    assert rule_of_thumb(moves, cards, [], 0, 0, R2H) == ep.Play(parse_cards(higher))
