"""Play one random game of Clubs through the pure functions and print what a table would see."""

from __future__ import annotations

from cardrules import Rng, clubs, dumps, loads
from cardrules.events import RoundScored, TrickWon


def main() -> None:
    state = clubs.new_game(seed=2026, config=clubs.Config(players=4, threshold=20))
    rng = Rng.from_seed(1)
    while state.to_act is not None:
        move, rng = rng.choice(clubs.legal_moves(state))
        state, events = clubs.step(state, move)
        for event in events:
            if isinstance(event, TrickWon) and event.points:
                print(f"seat {event.seat} takes {event.points} club(s)")
            elif isinstance(event, RoundScored):
                print(f"round {event.round}: {event.points} -> scores {event.scores}")
    print(clubs.outcome(state))
    assert loads(dumps(state)) == state


if __name__ == "__main__":
    main()
