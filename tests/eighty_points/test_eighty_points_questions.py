"""Who is asked before the tricks, and who wins at the round bound (each test states its rule).

The oracles here are written from the rule text, independently of the code: a hand's points are
its 5s (5 each), 10s and kings (10 each); seats are asked in turn from the starting player.
"""

from __future__ import annotations

from cardrules import eighty_points as e
from cardrules.cards import BIG_JOKER, SMALL_JOKER, Card, Rank


def _points(hand: tuple[Card, ...]) -> int:
    return sum(5 if c.rank == Rank.FIVE else 10 if c.rank in (Rank.TEN, Rank.KING) else 0 for c in hand)


def _joker_pair(hand: tuple[Card, ...]) -> bool:
    return hand.count(BIG_JOKER) == 2 or hand.count(SMALL_JOKER) == 2


def _in_turn(starter: int) -> list[int]:
    return [(starter + k) % 4 for k in range(4)]


def test_the_redeal_question_goes_in_turn_to_each_seat_under_25_points() -> None:
    """ "In turn from the starting player, each player whose hand holds fewer than 25 points may ask
    for a redeal": with everyone keeping, exactly those seats are asked, in that order, and the
    question is not opened at all when no hand is under 25."""
    asked_somewhere = walked_on = 0
    for seed in range(150):
        state = e.new_game(seed)
        if any(len(h) != 25 for h in state.hands):
            continue  # the starter already holds the bottom: nobody was asked anything
        turn = _in_turn(state.table.starter)
        expected = [s for s in turn if _points(state.hands[s]) < 25]
        assert (state.table.phase == "redeal") == bool(expected), seed
        asked = []
        while state.table.phase == "redeal":
            asked.append(state.to_act)
            state = e.apply(state, e.KeepHand())
        assert asked == expected, seed
        asked_somewhere += len(asked)
        walked_on += len(asked) > 1
    assert asked_somewhere >= 10 and walked_on >= 1  # some deals asked a second seat too


def test_the_no_trump_question_goes_in_turn_to_each_seat_holding_a_joker_pair() -> None:
    """ "A player holding two identical jokers may declare no trump", asked in turn from the starting
    player: with every answer NoDeclare, exactly those seats are asked, in that order; then the
    starter takes the bottom."""
    pairs_seen = 0
    for seed in range(60):
        state = e.new_game(seed)
        while state.table.phase == "redeal":
            state = e.apply(state, e.KeepHand())
        if any(len(h) != 25 for h in state.hands):
            continue  # the starter already holds the bottom: no seat held a pair
        expected = [s for s in _in_turn(state.table.starter) if _joker_pair(state.hands[s])]
        asked = []
        while state.table.phase == "declare":
            asked.append(state.to_act)
            state = e.apply(state, e.NoDeclare())
        assert asked == expected, seed
        assert state.table.phase == "discard" and state.to_act == state.table.starter
        pairs_seen += len(expected)
    assert pairs_seen >= 5


def test_declaring_no_trump_ends_the_question_and_clears_the_trump() -> None:
    for seed in range(60):
        state = e.new_game(seed)
        while state.table.phase == "redeal":
            state = e.apply(state, e.KeepHand())
        if state.table.phase == "declare":
            state = e.apply(state, e.DeclareNoTrump())
            assert state.table.trump is None and state.table.phase == "discard"
            return
    raise AssertionError("no deal in these seeds offered a no-trump declaration")


def test_at_the_round_bound_the_higher_level_wins() -> None:
    """The rulings: a match that stops on its round bound goes to the team at the higher level."""
    decided = 0
    for seed in range(12):
        state = e.new_game(seed, e.Config(rounds=1))
        while state.to_act is not None:
            state = e.apply(state, e.legal_moves(state)[0])
        levels = state.table.match.levels
        result = e.outcome(state)
        assert result is not None
        if levels[0] != levels[1]:
            team = 0 if levels[0] > levels[1] else 1
            assert result.winners == (team, team + 2), (seed, levels)
            assert result.scores == tuple(float(levels[s % 2]) for s in range(4))
            decided += 1
    assert decided >= 3
