"""Property-test a house rule with cardrules.testing: Clubs to 10 points for three players.

Our house plays three-handed Clubs to a threshold of 10, and claims two things about it:

1. every round hands out exactly 13 points, one per club (the 2 of diamonds, not the clubs, is
   what the three-player deal leaves out), so a finished game's scores total a multiple of 13;
2. a finished game is won by the lowest score, and nobody at the threshold or above wins.

The strategies draw games reached by legal play only; Hypothesis searches for a counterexample and
shrinks any it finds. Run with pytest (``pytest examples/property_testing.py``) or as a script.
"""

from __future__ import annotations

from hypothesis import given, settings

from cardrules import RandomBot, clubs, play, replay
from cardrules.testing import states, transcripts
from cardrules.transcript import Transcript

HOUSE = clubs.Config(players=3, threshold=10)


@settings(max_examples=40, deadline=None)
@given(transcripts("clubs", HOUSE, complete=True))
def test_every_round_hands_out_thirteen_points(transcript: Transcript) -> None:
    final = replay(transcript)
    assert sum(final.match.scores) % 13 == 0, final.match.scores


@settings(max_examples=40, deadline=None)
@given(states("clubs", HOUSE, complete=True))
def test_the_lowest_score_wins(state: clubs.State) -> None:
    result = clubs.outcome(state)
    assert result is not None
    low = min(result.scores)
    assert result.winners == tuple(s for s, v in enumerate(result.scores) if v == low)
    assert all(result.scores[s] < HOUSE.threshold for s in result.winners) or low >= HOUSE.threshold


def main() -> None:
    test_every_round_hands_out_thirteen_points()
    test_the_lowest_score_wins()
    print("both house-rule properties hold on 40 drawn games each")
    game = play("clubs", [RandomBot()] * 3, 7, HOUSE)
    print("for instance, seed 7 between random bots:", clubs.outcome(replay(game)))


if __name__ == "__main__":
    main()
