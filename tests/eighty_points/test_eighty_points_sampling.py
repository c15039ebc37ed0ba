"""80 Points' ``sample_state`` deals around what the answers to doubles and sisters prove: a
seat that answered a double with no double of the led suit, or sisters with fewer than two, held no
double of it then beyond the one it played.
Positions are written in the one-line notation (see the rules page, "A position in one line")."""

from __future__ import annotations

from collections.abc import Callable

from cardrules import eighty_points as e
from cardrules.cards import Card, parse_card
from cardrules.eighty_points.sampling import _double_refusals
from cardrules.eighty_points.tricks import table_for
from cardrules.eighty_points.validate import _round_history


def refusals(view: e.View, others: list[int]) -> Callable[[int, Card, list[Card]], bool] | None:
    """``sample_state``'s refusals for ``view``, the other seats in deal order."""
    history = _round_history(view.tricks, view.trick, view.leader)
    return _double_refusals(history, others, table_for(view.royal, view.trump))


# Seat 2 led 3S 3S (trump diamonds, royal 2: 2S is a trump, so spades are the plain spades 3S..AS);
# seat 3 answered 5S 5S and seat 0 JS JS, doubles; seat 1 answered 6S TS, no double, so it held no
# two identical plain spades then, 6S and TS included. Seat 0 is to lead the fourth trick.
DOUBLE_ANSWERED_WITHOUT_ONE = (
    "eighty_points 3/50/1 1 2,2 - play 0 2 D 1 "
    "2C2C3C3C9C2D6D8D8D9D9D2H2H3H5H6H7H8H8S9SSJ/4C6C6C7C7CTCKCKCAC4DTDKDAD9HJHQHKHKHAH2SSJ/"
    "5CTCJCQCAC4D5D6D7DTDQDKDAD4H6H7H9HJHTSASBJ/4C8C9C3D3DJDQD3H5H8HTHQHAH4S6S7S8S9SQSKSAS "
    "7S4S2D4HQSTHBJKS 0:- 0:8C.QC.5C.JC,1:JD.2S.5D.7D,2:3S3S.5S5S.JSJS.6STS 5 0 4782753605503662481"
)


def test_sample_state_deals_around_a_double_answered_without_one() -> None:
    """A seat that answered a double without a double held no two identical cards of the led suit
    then. ``sample_state`` deals around it: seat 1 (the first of the others, deal index 0) may not
    be dealt a 6S or TS, which it played in that answer, nor a second copy of a plain spade; a
    trump spade (2S, the royal number) and seats 2 and 3, who answered with doubles, are free."""
    view = e.view(e.from_text(DOUBLE_ANSWERED_WITHOUT_ONE), 0)
    refuse = refusals(view, [1, 2, 3])
    assert refuse is not None
    c = parse_card
    assert refuse(0, c("6S"), []) and refuse(0, c("TS"), [])
    assert not refuse(0, c("4S"), []) and refuse(0, c("4S"), [c("4S")])
    assert not refuse(0, c("2S"), [c("2S")])  # a trump: the double led was of plain spades
    assert not refuse(0, c("4H"), [c("4H")])
    assert not refuse(1, c("6S"), [c("6S")]) and not refuse(2, c("TS"), [c("TS")])
    for seed in range(20):
        hand = e.sample_state(view, seed).hands[1]
        spades = [x for x in hand if x // 13 == 3 and x != c("2S")]
        assert len(set(spades)) == len(spades) and not {c("6S"), c("TS")} & set(spades)


def test_sample_state_with_no_double_answered_otherwise_refuses_nothing() -> None:
    """Before any double is answered without one, no card is barred beyond the voids."""
    view = e.view(e.new_game(3, e.Config(rounds=1)), 0)
    assert refusals(view, [1, 2, 3]) is None


# No trump (royal 2: the 2s are the trumps). Seat 1 led the sisters QH QH KH KH; seat 2 answered
# 5H 9H JH AH, seat 3 4H 6H 9H TH, seat 0 4H 5H 8H AH: no double of hearts among them. Earlier,
# seat 0 led the double TC TC, answered by 5C 5C (seat 1), 7C AC (seat 2) and JC AC (seat 3); and
# seat 2 has since played 3C, seat 3 4C. Seat 1 is to act.
SISTERS_ANSWERED_WITHOUT_A_DOUBLE = (
    "eighty_points 3/50/1 1 2,2 - play 0 2 - 0 "
    "4C6C7C8C8CJCKC7D8D9DTD2S8S9S9S/4D5D5DAD3H7H8HTH5S6S7S7SJSQSAS/"
    "9C3D4DQDAD2S3S4S4S5S8STSKSBJBJ/2C3C2D3D3H7HJH3S6STSJSQSKSASSJ SJKD2H9CQCKC6H6D 1:- "
    "0:QD.JD.TD.JD,0:TCTC.5C5C.7CAC.JCAC,0:KD.9D.6D.7D,0:2C.8D.2D.2H,0:6C.QC.3C.4C,"
    "1:QHQHKHKH.5H9HJHAH.4H6H9HTH.4H5H8HAH 40 1 2391376802751831290"
)


def test_sample_state_deals_around_sisters_answered_without_a_double() -> None:
    """Sisters answered with no double of the led suit prove, as a double does, that the seat held
    no two identical cards of it: each of seats 2, 3 and 0 (deal indices 0, 1, 2 for viewer 1)
    is refused the hearts it played in that answer and a second copy of any plain heart. The
    double of clubs answered without one bars seat 2 the 7C and AC of its answer and the 3C it
    played since, and seat 3 the JC, AC and 4C."""
    view = e.view(e.from_text(SISTERS_ANSWERED_WITHOUT_A_DOUBLE), 1)
    refuse = refusals(view, [2, 3, 0])
    assert refuse is not None
    c = parse_card
    for i, hearts in ((0, "5H 9H JH AH"), (1, "4H 6H 9H TH"), (2, "4H 5H 8H AH")):
        assert all(refuse(i, c(h), []) for h in hearts.split())
    assert not refuse(0, c("3H"), []) and refuse(0, c("3H"), [c("3H")])
    assert not refuse(2, c("9H"), [])
    assert not refuse(0, c("2H"), [c("2H")])  # a trump, not a plain heart
    assert all(refuse(0, c(x), []) for x in ("7C", "AC", "3C")) and not refuse(0, c("9C"), [])
    assert all(refuse(1, c(x), []) for x in ("JC", "AC", "4C")) and not refuse(1, c("7C"), [])
    assert not refuse(2, c("7C"), [c("7C")])  # seat 0 led that double: it proves nothing of seat 0


def test_sample_state_deals_again_after_a_dead_end() -> None:
    """Dealing around the answers can run into a card no seat may take; ``sample_state`` then deals
    again (some of these 60 seeds do, on this position) and every sample shows the view, each of
    seats 2, 3 and 0 holding no two identical plain hearts and none it played to the sisters."""
    view = e.view(e.from_text(SISTERS_ANSWERED_WITHOUT_A_DOUBLE), 1)
    played = {2: "5H 9H JH AH", 3: "4H 6H 9H TH", 0: "4H 5H 8H AH"}
    for seed in range(60):
        state = e.sample_state(view, seed)
        assert e.view(state, 1) == view
        for seat, answer in played.items():
            hearts = [x for x in state.hands[seat] if x // 13 == 2 and x != parse_card("2H")]
            assert len(set(hearts)) == len(hearts)
            assert not {parse_card(h) for h in answer.split()} & set(hearts)


# Trump diamonds, royal 2 (2S is a trump; plain spades run 3S..AS). Seat 1 led the sisters
# QS QS KS KS; seat 2 answered 4S TS TS JS, one double; seat 3 answered 4S 5S 6S 7S, none. Seat 0,
# holding 3S 3S 6S 7S 8S AS, is to act: the plain spades it cannot see are 5S, 8S, 9S 9S, JS, AS.
SISTERS_ANSWERED_WITH_ONE_DOUBLE = (
    "eighty_points 3/50/- 1 2,2 - play 1 2 D 0 "
    "2C4C8CJCQC3D5D8D9DTDJD2H5H7H9HJHQHAH3S3S6S7S8SASBJ/2C5CQC2D4D6D7DQDQD2HTHQHKH2S5S8S9SJSASSJBJ/"
    "6C8C9C9CTCJCKCACAC2D4D7D8D9DKD4H7H8H8HJHSJ/5CTCKC3D5D6DTDJDKDADAD3H4H5H6H9HTHKHAH2S9S "
    "3C3C3H4C6C6H7C7C 1:QSQSKSKS.4STSTSJS.4S5S6S7S - 0 0 2391376802751831246"
)


def test_sample_state_deals_around_sisters_answered_with_one_double() -> None:
    """Sisters answered with one double prove that the seat held just that double of the led suit
    (two doubles it would have had to play): seat 2 (deal index 1 for viewer 0) is refused the 4S
    and JS of its answer and a second copy of any plain spade, but not a single 5S or 9S; seat 3,
    which answered with no double, is refused its 5S; seat 1, which led, nothing."""
    view = e.view(e.from_text(SISTERS_ANSWERED_WITH_ONE_DOUBLE), 0)
    refuse = refusals(view, [1, 2, 3])
    assert refuse is not None
    c = parse_card
    assert refuse(1, c("JS"), []) and refuse(1, c("4S"), [])
    assert not refuse(1, c("9S"), []) and refuse(1, c("9S"), [c("9S")])
    assert not refuse(1, c("5S"), []) and not refuse(1, c("2S"), [c("2S")])
    assert refuse(2, c("5S"), []) and not refuse(2, c("JS"), [])
    assert not refuse(0, c("9S"), [c("9S")])
    for seed in range(30):
        state = e.sample_state(view, seed)
        assert e.view(state, 0) == view
        spades = [x for x in state.hands[2] if x // 13 == 3 and x != c("2S")]
        assert len(set(spades)) == len(spades) and c("JS") not in spades
