"""Write a bot: a rule-of-thumb Clubs player that ducks clubs, measured against random play.

A bot is any object with ``choose(view, seed) -> move``; it sees only its seat's view.
"""

from __future__ import annotations

from cardrules import Bot, RandomBot, clubs, play, replay
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
    wins = 0.0
    for seed in range(games):
        seat = seed % 4
        bots: list[Bot] = [RandomBot(), RandomBot(), RandomBot(), RandomBot()]
        bots[seat] = DuckingBot()
        final = replay(play("clubs", bots, seed, clubs.Config(threshold=30)))
        result = clubs.outcome(final)
        assert result is not None
        if seat in result.winners:
            wins += 1 / len(result.winners)
    print(f"DuckingBot won {wins:.1f} of {games} four-player games (random play: about {games / 4:.0f})")
    print(clubs.outcome(final))


if __name__ == "__main__":
    main()
