"""Write a bot: a rule-of-thumb Clubs player that ducks clubs, measured against random play.

A bot is any object with ``choose(view, seed) -> move``; it sees only its seat's view.
"""

from __future__ import annotations

from cardrules import Bot, RandomBot, clubs, play, replay
from cardrules.arena import run_matches
from cardrules.cards import Suit


class DuckingBot:
    """Plays its lowest legal card, but throws its highest club when it cannot follow suit."""

    def choose(self, view: clubs.View, seed: int) -> clubs.Play:
        moves = view.legal_moves
        led = view.trick[0].suit if view.trick else None
        if led is not None and all(m.card.suit != led for m in moves):
            clubs_held = [m for m in moves if m.card.suit == Suit.CLUBS]
            if clubs_held:
                return max(clubs_held, key=lambda m: m.card.rank)
        return min(moves, key=lambda m: m.card.rank)


def main(games: int = 40) -> None:
    # The arena seats the two bots alternately (seats 0 and 2 against 1 and 3) and rotates them
    # game by game; a bot wins a game when one of its seats has the lowest score.
    config = clubs.Config(threshold=30)
    result = run_matches("clubs", [DuckingBot(), RandomBot()], games, seed=0, config=config)
    print(result.table())
    ducking = result.records[0]
    print(
        f"DuckingBot won {ducking.win_rate:.0%} of {games} games (95% CI {ducking.win_rate_ci[0]:.0%}-"
        f"{ducking.win_rate_ci[1]:.0%}); the shipped HeuristicBot and ISMCTSBot are in cardrules.bots"
    )
    bots: list[Bot] = [DuckingBot(), RandomBot(), RandomBot(), RandomBot()]
    print(clubs.outcome(replay(play("clubs", bots, 1, config))))


if __name__ == "__main__":
    main()
