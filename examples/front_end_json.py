"""A front end's loop: the server keeps the state, sends each seat its view as JSON, and reads
moves back in the game's notation. Here every seat is answered by a random bot."""

from __future__ import annotations

import json

from cardrules import RandomBot, dumps, get_game, loads
from cardrules.rng import derive_seed


def main(game_name: str = "pub_derby") -> None:
    game = get_game(game_name)
    state = game.new_game(seed=5)
    bot = RandomBot()
    turn = 0
    for event in game.opening_events(state):
        print("broadcast", dumps(event))
    while state.to_act is not None:
        seat = state.to_act
        message = dumps(game.view(state, seat))  # what the server sends to that seat
        view = loads(message)  # what the seat's client rebuilds from it
        move_text = game.format_move(bot.choose(view, derive_seed(5, turn)))  # the client's answer
        move = game.parse_move(state, move_text)  # the server checks it against the real state
        state, events = game.step(state, move)
        turn += 1
        if turn <= 3:
            print(
                f"seat {seat} sent {move_text!r}; view was {len(message)} bytes:",
                json.loads(message)["data"]["type"],
            )
            for event in events:
                print("broadcast", dumps(event))
    print(game.outcome(state))


if __name__ == "__main__":
    main()
