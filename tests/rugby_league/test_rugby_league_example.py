"""The rule text's worked example and its two penalty examples, replayed move by move.

The worked example ("First tackle: Home team: 7 of spades, Away team: 5 of diamonds ... END OF SET")
agrees with the rules as ruled in RULINGS.md, so it is replayed without correction: in its fourth
tackle ("Home team: 4 of hearts, Away team: 8 clubs, Home team advances to 'Away 1'") Away wins the
tackle and the ball still moves, because every tackle moves the ball whoever wins. Its penalty
("Home team kicks forward 2 spaces to 'Away 2'") is Home's ``KickForTouch`` from Home 3, its own half.
"""

from __future__ import annotations

from cardrules import rugby_league as rl
from cardrules.cards import Card, parse_cards, standard_deck
from cardrules.cards import parse_card as c


def stacked(home: str, away: str, pile: str = "") -> list[Card]:
    """52 cards: the two rows dealt alternately home first, then ``pile`` on top of the pile, then
    the other cards in code order."""
    h, a, p = parse_cards(home), parse_cards(away), parse_cards(pile)
    assert len(h) == len(a) == 6
    top = [x for pair in zip(h, a) for x in pair] + list(p)
    assert len(set(top)) == len(top)
    return top + [x for x in standard_deck() if x not in top]


def tackle(state: rl.State, attacker_slot: int, defender_slot: int) -> tuple[rl.State, tuple[rl.Event, ...]]:
    """The attacker picks, then the defender; returns the state and the events of the reveal."""
    assert state.pending is None
    assert state.to_act == state.field.attacker
    picked, none = rl.step(state, rl.Choose(attacker_slot))
    assert none == ()
    assert picked.to_act == 1 - state.field.attacker
    return rl.step(picked, rl.Choose(defender_slot))


# Home's row: the example's three cards of the first stretch, then three it never plays.
EXAMPLE_HOME = "7S 3H JC 5C 5H 9C"
EXAMPLE_AWAY = "5D QD QS 6C 6H 9D"
# The refill after the penalty, slot order, alternately, Home (now attacking) first:
# home slot 0 <- 4H, away slot 0 <- 8C, home slot 1 <- TS, away slot 1 <- JD, home 2 <- 2S, away 2 <- 3S.
EXAMPLE_PILE = "4H 8C TS JD 2S 3S"


def test_worked_example_tackle_by_tackle() -> None:
    """The worked example of the rule text: 7S-5D, 3H-QD, JC-QS (penalty, Home kicks for touch to
    Away 2, tackles lost back to 0, rows restored to 6), 4H-8C (to Away 1), TS-JD (Home's second
    loss: END OF SET, possession to Away at Away 1)."""
    deck = stacked(EXAMPLE_HOME, EXAMPLE_AWAY, EXAMPLE_PILE)
    state = rl.new_game(0, rl.Config(), deck=deck)
    assert state.rows == (parse_cards(EXAMPLE_HOME), parse_cards(EXAMPLE_AWAY))
    assert rl.place_name(state.field.ball) == "home 1"
    assert (state.field.attacker, state.to_act, state.field.lost) == (0, 0, 0)

    # First tackle: Home 7S, Away 5D; Home wins and advances to Home 2.
    state, events = tackle(state, 0, 0)
    assert events == (rl.CardsRevealed((c("7S"), c("5D"))), rl.TackleWon(0), rl.BallMoved(1, 2))
    assert rl.place_name(state.field.ball) == "home 2"
    assert (state.field.tackles, state.field.lost, state.to_act) == (1, 0, 0)

    # 2nd tackle: Home 3H, Away QD; Away wins, Home still advances to Home 3; one tackle lost.
    state, events = tackle(state, 1, 1)
    assert events == (rl.CardsRevealed((c("3H"), c("QD"))), rl.TackleWon(1), rl.BallMoved(2, 3))
    assert rl.place_name(state.field.ball) == "home 3"
    assert (state.field.tackles, state.field.lost, state.to_act) == (2, 1, 0)

    # 3rd tackle: Home JC, Away QS: Away played a queen twice running, a penalty to Home.
    state, events = tackle(state, 2, 2)
    assert events == (rl.CardsRevealed((c("JC"), c("QS"))), rl.PenaltyConceded(1, False))
    assert state.field.phase == "penalty"
    assert (state.field.attacker, state.to_act) == (0, 0)
    assert rl.place_name(state.field.ball) == "home 3"  # the penalty replaces the tackle's move
    assert rl.legal_moves(state) == (rl.KickForTouch(), rl.TapAndRun())  # own half: no goal kick
    assert state.match.sets == 0

    # Home kicks forward 2 spaces to Away 2; tackles lost back to 0; rows restored to 6 cards.
    state, events = rl.step(state, rl.KickForTouch())
    assert events == (rl.PenaltyChoice(0, "touch"), rl.BallMoved(3, 5))
    assert rl.place_name(state.field.ball) == "away 2"
    assert state.field.phase == "tackle"
    assert (state.field.attacker, state.to_act, state.field.tackles, state.field.lost) == (0, 0, 0, 0)
    assert state.rows == (parse_cards("4H TS 2S 5C 5H 9C"), parse_cards("8C JD 3S 6C 6H 9D"))
    assert sorted(state.field.discards) == sorted(parse_cards("7S 5D 3H QD JC QS"))
    assert state.field.pile == tuple(deck[18:])
    assert state.match.sets == 0  # a penalty restart that keeps possession does not end the set
    assert rl.AttemptDropGoal() in rl.legal_moves(state)  # Home is in Away's half

    # 1st tackle: Home 4H, Away 8C; Away wins, Home advances to Away 1.
    state, events = tackle(state, 0, 0)
    assert events == (rl.CardsRevealed((c("4H"), c("8C"))), rl.TackleWon(1), rl.BallMoved(5, 6))
    assert rl.place_name(state.field.ball) == "away 1"
    assert (state.field.tackles, state.field.lost, state.to_act) == (1, 1, 0)

    # 2nd tackle: Home TS, Away JD: Home loses 2 tackles. The kick is capped at Away 1, where the
    # ball already is, so it does not move. END OF SET: Away attacks from Away 1.
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("TS"), c("JD"))),
        rl.TackleWon(1),
        rl.PossessionChanged(1),
        rl.SetEnded(1, 1),
    )
    assert rl.place_name(state.field.ball) == "away 1"
    assert state.field.phase == "tackle"
    assert (state.field.attacker, state.to_act, state.field.tackles, state.field.lost) == (1, 1, 0, 0)
    assert (state.match.sets, state.match.half, state.match.scores) == (1, 1, (0, 0))
    # Fresh rows for the new set, dealt alternately home first from the top of the pile, which
    # (deck[18:], after the six refill cards) starts 2C 3C 4C 7C TC QC KC AC 2D 3D 4D 6D.
    assert state.rows == (parse_cards("2C 4C TC KC 2D 4D"), parse_cards("3C 7C QC AC 3D 6D"))
    # Every revealed card, and the unplayed row cards, are discarded.
    assert sorted(state.field.discards) == sorted(
        parse_cards("7S 5D 3H QD JC QS 4H 8C TS JD 2S 5C 5H 9C 3S 6C 6H 9D")
    )
    assert len(state.field.pile) == 22
    assert state.field.pile[0] == c("7D")
    rl.validate(state)


def test_penalty_example_six_six_then_eight_six() -> None:
    """ "if a round is tied 6-6, then the redraw is 8-6, the attacking team wins a penalty."

    Played as the second tackle of a set (penalties start there): the defender's redraw 6H repeats
    the rank of its 6D, so the attackers are awarded the penalty; the ball stays on Home 2.
    """
    deck = stacked("3C 6C 2H 2S 4H 4S", "2C 6D 5H 5S 7H 7S", "8C 6H")
    state = rl.new_game(0, deck=deck)
    state, events = tackle(state, 0, 0)  # 3C beats 2C: ball to Home 2
    assert events == (rl.CardsRevealed((c("3C"), c("2C"))), rl.TackleWon(0), rl.BallMoved(1, 2))
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("6C"), c("6D"))),
        rl.TieBreakDraw(0, c("8C")),
        rl.TieBreakDraw(1, c("6H")),
        rl.PenaltyConceded(1, False),
    )
    assert state.field.phase == "penalty"
    assert (state.field.attacker, state.to_act, state.field.ball) == (0, 0, 2)
    assert state.match.sets == 0
    assert rl.legal_moves(state) == (rl.KickForTouch(), rl.TapAndRun())


def test_penalty_example_ten_ten_four_seven_then_ten_three_is_not_a_penalty() -> None:
    """ "If there is a 10-10 tie, the redraw is 4-7, then the next turn is 10-3, it is not a
    penalty, because the two 10's were not played consecutively."

    The 10-10 tie is the second tackle (penalties live), Away wins the redraw 7 over 4; the third
    tackle, Home TD against Away 3C, is a plain Home win.
    """
    deck = stacked("5C TC TD 2H 2S 6H", "2C TH 3C 5H 5S 6S", "4C 7C")
    state = rl.new_game(0, deck=deck)
    state, events = tackle(state, 0, 0)
    assert events == (rl.CardsRevealed((c("5C"), c("2C"))), rl.TackleWon(0), rl.BallMoved(1, 2))
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("TC"), c("TH"))),
        rl.TieBreakDraw(0, c("4C")),
        rl.TieBreakDraw(1, c("7C")),
        rl.TackleWon(1),
        rl.BallMoved(2, 3),
    )
    assert state.field.last == (c("4C"), c("7C"))
    state, events = tackle(state, 2, 2)
    assert events == (rl.CardsRevealed((c("TD"), c("3C"))), rl.TackleWon(0), rl.BallMoved(3, 4))
    assert state.field.phase == "tackle"
    assert (state.field.attacker, state.field.ball, state.field.tackles, state.field.lost) == (0, 4, 3, 1)
