"""Pub Derby: hand-built scenarios in the pub format (six players, goals from two tricks in a
row), worked out by hand from shared/rules/pub_derby.md and RULINGS.md."""

from __future__ import annotations

from cardrules import pub_derby
from cardrules.cards import parse_cards

HANDS = [
    "2C AS KS QS JS TS 9S 8S",  # seat 0, team A: the kick-off 2 and seven trumps
    "3C 4C 5C 6C 7C 8C 9C TC",  # seat 1, team B
    "2D 3D 4D 5D 6D 7D 8D 9D",  # seat 2, team A
    "2H 3H 4H 5H 6H 7H 8H 9H",  # seat 3, team B
    "JC QC KC AC TD JD QD KD",  # seat 4, team A
    "AD TH JH QH KH AH 3S 4S",  # seat 5, team B
]
BENCH = "2S 5S 6S 7S"  # top card 2S: spades are trumps


def deck(hands: list[str], bench: str) -> list[str]:
    """Seat s receives deck[6 * i + s] for i < 8; the last four cards are the bench, top first."""
    cards = [c.split() for c in hands]
    return [cards[s][i] for i in range(8) for s in range(6)] + bench.split()


def play(state: pub_derby.State, *cards: str) -> pub_derby.State:
    for card in cards:
        state = pub_derby.apply(state, pub_derby.Play(card))
    return state


def test_pub_deal_bench_and_trump_from_the_bench_top() -> None:
    """ "Deal 8 cards to each player. The 4 remaining cards ... reveal the top card to determine the
    Trump suit." """
    state = pub_derby.new_game(0, pub_derby.Config("pub"), deck=deck(HANDS, BENCH))
    assert [pub_derby.view(state, s).hand for s in range(6)] == [tuple(sorted(parse_cards(h))) for h in HANDS]
    assert state.match.bench == parse_cards(BENCH)
    assert state.match.trump == 3  # spades
    assert pub_derby.view(state, 1).bench_top == parse_cards("2S")[0]


def test_kick_off_with_the_two_of_clubs_then_a_goal_from_two_tricks_in_a_row() -> None:
    """Kick-off by the 2C holder; follow suit; trump on a void; "win 2 consecutive tricks" scores
    in the pub format; "The player to the left of the goalscorer ... takes the kick-off by leading
    any card"; a trick won holding a jack gives that team a yellow card."""
    state = pub_derby.new_game(0, pub_derby.Config("pub"), deck=deck(HANDS, BENCH))
    assert state.to_act == 0
    assert pub_derby.legal_moves(state) == (pub_derby.Play("2C"),)
    state = play(state, "2C")
    assert len(pub_derby.legal_moves(state)) == 8  # seat 1 holds only clubs: all follow suit
    # Trick 1: 2C 3C 2D 2H JC AD: the highest club, seat 4's JC, wins for team A (one in a row).
    state = play(state, "3C", "2D", "2H", "JC", "AD")
    assert state.to_act == 4
    assert (state.progress.waves, state.match.goals, state.match.yellows) == ((1, 0), (0, 0), (1, 0))
    # Trick 2, led by seat 4: QC TH AS 4C 3D 3H. Seat 0 is void in clubs and trumps with AS: team A
    # wins a second trick in a row, a goal; both waves reset; seat 1, left of seat 0, leads anything.
    state = play(state, "QC", "TH", "AS", "4C", "3D", "3H")
    assert state.match.goals == (1, 0)
    assert state.progress.waves == (0, 0)
    assert state.to_act == 1
    assert len(pub_derby.legal_moves(state)) == 6  # every card of seat 1's hand: no forced 2


def test_a_trick_won_by_the_other_team_intercepts_the_wave() -> None:
    """ "If the opposing team wins a trick during your attacking wave, the attack is broken, the
    count resets, and they are now on the attack." Also: the yellow card goes to the team that wins
    a trick containing a jack, "whoever played them"."""
    state = pub_derby.new_game(0, pub_derby.Config("pub"), deck=deck(HANDS, BENCH))
    # Trick 1: 2C 3C 2D 2H JC 4S: seat 5, void in clubs, trumps with 4S and wins for team B, taking
    # the yellow card for seat 4's jack.
    state = play(state, "2C", "3C", "2D", "2H", "JC", "4S")
    assert state.to_act == 5
    assert (state.progress.waves, state.match.yellows) == ((0, 1), (0, 1))
    # Trick 2, led by seat 5: AH 8S 4C 3D 3H TD: seat 0 trumps the heart lead and wins for team A.
    state, events = pub_derby.step(play(state, "AH", "8S", "4C", "3D", "3H"), pub_derby.Play("TD"))
    assert state.progress.waves == (1, 0)
    assert pub_derby.Intercepted(0) in events and pub_derby.WaveExtended(0, 1) in events
    assert state.match.goals == (0, 0)


def test_kick_off_falls_back_to_the_two_of_diamonds_when_the_two_of_clubs_is_on_the_bench() -> None:
    """ "If the 2 of Clubs is on the bench, the turn passes to the 2 of Diamonds" """
    hands = list(HANDS)
    hands[0] = "5S AS KS QS JS TS 9S 8S"
    state = pub_derby.new_game(0, pub_derby.Config("pub"), deck=deck(hands, "2S 2C 6S 7S"))
    assert state.match.kickoff == parse_cards("2D")[0]
    assert state.to_act == 2
    assert pub_derby.legal_moves(state) == (pub_derby.Play("2D"),)
