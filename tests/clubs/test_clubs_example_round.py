"""The rule text's Example Round of Clubs, replayed move by move as a golden test.

Every expected value below was worked out by hand from the rule text and RULINGS.md ("Clubs"), not
copied from the code's output.
"""

from __future__ import annotations

import pytest

from cardrules import clubs
from cardrules.cards import Card, parse_card, parse_cards
from cardrules.errors import IllegalMoveError
from cardrules.events import CardPlayed, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome

A, B, C, D = 0, 1, 2, 3

# The four starting hands exactly as printed ("Player A: 7H TH 2C ...").
HANDS = (
    "7H TH 2C 7C 2D 3D 4D 8D 2S 6S 8S QS AS",
    "2H 3H 6H JH 3C 4C 6C TC QC 5D 9D 3S 9S",
    "4H 5H 8H KH 4S TS 6D TD JD KD 9C JC AC",
    "7D QD AD 5S 7S JS KS 9H QH AH 5C 8C KC",
)

# (leader, cards in play order, winner, clubs in the trick), worked out by hand:
#  1  A leads 2C; 6C AC KC all follow clubs; AC is the highest club: C, 4 clubs.
#  2  C leads 4S; 5S AS 9S follow; AS: A.
#  3  A leads 2S; 3S TS KS follow (B's and C's last spades); KS: D.
#  4  D leads 5C; 7C 3C JC follow; JC: C, 4 clubs (C now holds 8 points' worth).
#  5  C leads 4H; 9H 7H JH follow; JH: B.
#  6  B leads 2H; 5H AH TH follow; AH: D.
#  7  D leads AD (RULINGS: D won trick 6, so D leads; the printed row lists A's 2D first); 2D 5D 6D: D.
#  8  D leads 7S; A follows 6S; B and C are out of spades and throw QC and 9C; 7S: D, 2 clubs.
#  9  D leads 7D; 3D 9D KD follow; KD: C.
# 10  C leads 8H; D follows QH; A (out of hearts) throws QS; B follows 6H; QH: D.
# 11  D leads QD; A follows 8D; B (out of diamonds) throws TC; C must follow with TD (RULINGS);
#     QD is the highest diamond: D, 1 club.
# 12  D leads JS; A follows 8S; B and C are out of spades and throw 4C and JD; JS: D, 1 club.
# 13  D leads 8C; A, B and C are out of clubs and throw 4D, 3H and KH (RULINGS); 8C: D, 1 club.
TRICKS: tuple[tuple[int, str, int, int], ...] = (
    (A, "2C 6C AC KC", C, 4),
    (C, "4S 5S AS 9S", A, 0),
    (A, "2S 3S TS KS", D, 0),
    (D, "5C 7C 3C JC", C, 4),
    (C, "4H 9H 7H JH", B, 0),
    (B, "2H 5H AH TH", D, 0),
    (D, "AD 2D 5D 6D", D, 0),
    (D, "7S 6S QC 9C", D, 2),
    (D, "7D 3D 9D KD", C, 0),
    (C, "8H QH QS 6H", D, 0),
    (D, "QD 8D TC TD", D, 1),
    (D, "JS 8S 4C JD", D, 1),
    (D, "8C 4D 3H KH", D, 1),
)


def example_deck() -> list[Card]:
    """The 52 cards stacked so that seat ``i`` is dealt the printed hand ``i``: deck[4k + i] = hand_i[k]."""
    hands = [parse_cards(h) for h in HANDS]
    deck = [hands[k % 4][k // 4] for k in range(52)]
    assert len(set(deck)) == 52
    return deck


def example_game() -> clubs.State:
    return clubs.new_game(7, clubs.Config(players=4, threshold=5), deck=example_deck())


def play(state: clubs.State, text: str) -> clubs.State:
    return clubs.apply(state, clubs.Play(parse_card(text)))


def test_example_round_deal_gives_the_printed_hands() -> None:
    """Rule text: "Suppose the points threshold is 5 points and players starting hands are: Player A:
    7H TH 2C 7C 2D 3D 4D 8D 2S 6S 8S QS AS ..." (hands are kept sorted: clubs, diamonds, hearts,
    spades, each low to high)."""
    state = example_game()
    assert state.hands == (
        parse_cards("2C 7C 2D 3D 4D 8D 7H TH 2S 6S 8S QS AS"),
        parse_cards("3C 4C 6C TC QC 5D 9D 2H 3H 6H JH 3S 9S"),
        parse_cards("9C JC AC 6D TD JD KD 4H 5H 8H KH 4S TS"),
        parse_cards("5C 8C KC 7D QD AD 9H QH AH 5S 7S JS KS"),
    )
    assert (state.to_act, state.leader, state.trick, state.tricks) == (A, A, (), ())
    assert state.match.scores == (0, 0, 0, 0)
    assert state.match.config.threshold == 5


def test_example_round_trick_by_trick() -> None:
    """Rule text, the Example Round: the 13 tricks of the table, ending "the scores would be: A=0,
    B=0, D=5, C=8. Two players have scores >= 5 so the game ends now with A and B sharing the win."

    Corrected per RULINGS.md ("Clubs"), because the rules win over the printed example:
    * trick 7 is led by D, who won trick 6 with AH, so its play order is AD 2D 5D 6D (the table
      prints it in its A B C D columns, which suggests A led);
    * at trick 11 the table has C play KH on D's diamond lead while C holds TD and JD, which breaks
      "If they have any cards of the same suit as the led card, they must play one of those"; C
      plays TD there and KH at trick 13 instead. The scores do not change: trick 11 is still won by
      D's QD (1 club, TC) and trick 13 by D's 8C (1 club).
    """
    state = example_game()
    for number, (leader, cards, winner, clubs_taken) in enumerate(TRICKS, start=1):
        played = parse_cards(cards)
        assert state.leader == leader, f"trick {number}"
        assert state.to_act == leader, f"trick {number}"
        assert state.trick == ()
        events: tuple[clubs.Event, ...] = ()
        for k, card in enumerate(played):
            seat = (leader + k) % 4
            assert state.to_act == seat, f"trick {number}, card {k}"
            assert clubs.Play(card) in clubs.legal_moves(state), f"trick {number}: {card}"
            state, events = clubs.step(state, clubs.Play(card))
            assert events[0] == CardPlayed(seat, card)
        assert events[1] == TrickWon(winner, played, clubs_taken), f"trick {number}"
        if number < 13:
            assert len(events) == 2
            assert state.tricks[-1] == clubs.CompletedTrick(leader, played, winner)
            assert len(state.tricks) == number
            assert state.to_act == winner
            # "Each player gains a point ... at the end of the round": nothing is scored yet.
            assert state.match.scores == (0, 0, 0, 0)
        else:
            final = Outcome((0, 0, 8, 5), (A, B))
            assert events[2:] == (RoundScored(1, (0, 0, 8, 5), (0, 0, 8, 5)), GameOver(final))
    assert state.to_act is None
    assert state.match.scores == (0, 0, 8, 5)
    assert clubs.outcome(state) == Outcome((0, 0, 8, 5), (A, B))
    assert clubs.legal_moves(state) == ()
    assert state.tricks == tuple(
        clubs.CompletedTrick(leader, parse_cards(cards), winner) for leader, cards, winner, _ in TRICKS
    )
    assert state.hands == ((), (), (), ())


def test_example_round_printed_illegal_play_is_rejected() -> None:
    """Rule text: "If they have any cards of the same suit as the led card, they must play one of
    those." The printed table's trick 11 (D QD, A 8D, B TC, C KH) has C play KH while holding TD
    and JD: it is rejected, naming seat 2 and diamonds, and the state is left as it was."""
    state = example_game()
    for _, cards, _, _ in TRICKS[:10]:
        for text in cards.split():
            state = play(state, text)
    for text in ("QD", "8D", "TC"):
        state = play(state, text)
    assert state.to_act == C
    assert state.hands[C] == parse_cards("TD JD KH")
    assert clubs.legal_moves(state) == (clubs.Play("TD"), clubs.Play("JD"))
    before = state
    with pytest.raises(IllegalMoveError, match=r"seat 2 must follow diamonds") as info:
        clubs.apply(state, clubs.Play("KH"))
    assert "KH" in str(info.value)
    with pytest.raises(IllegalMoveError, match=r"seat 2 must follow diamonds"):
        clubs.parse_move(state, "KH")
    assert not clubs.is_legal(state, clubs.Play("KH"))
    assert state == before
    # The ruling's replacement is legal, and C's KH goes at trick 13 instead.
    assert clubs.is_legal(state, clubs.Play("TD"))


def test_example_round_threshold_decides_the_end() -> None:
    """Rule text: "If at the end of the round, one or more players have a score >= the point
    threshold, the game is over. If not, the cards are dealt out again and a new round begins."
    The same round with threshold 8 ends (C has exactly 8); with threshold 9 nobody reaches it, so a
    second round is dealt and D, who won the last trick, leads it."""
    deck = example_deck()
    for threshold, over in ((8, True), (9, False)):
        state = clubs.new_game(7, clubs.Config(threshold=threshold), deck=deck)
        for _, cards, _, _ in TRICKS:
            for text in cards.split():
                state = play(state, text)
        assert state.match.scores == (0, 0, 8, 5)
        if over:
            assert state.to_act is None
            assert clubs.outcome(state) == Outcome((0, 0, 8, 5), (A, B))
        else:
            assert clubs.outcome(state) is None
            assert (state.match.round, state.to_act, state.leader) == (2, D, D)
            assert [len(h) for h in state.hands] == [13, 13, 13, 13]
