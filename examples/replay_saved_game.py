"""Play a game with random bots, save its transcript as JSON, load it back and replay it."""

from __future__ import annotations

import sys

from cardrules import RandomBot, dumps, get_game, loads, play, replay


def main(game_name: str = "clubs") -> None:
    game = get_game(game_name)
    transcript = play(game, [RandomBot()] * game.num_players(None), seed=11)
    text = dumps(transcript)
    print(f"{len(transcript.moves)} moves saved in {len(text)} bytes")
    again = loads(text)
    final = replay(again)
    print(game.outcome(final))


if __name__ == "__main__":
    main(*sys.argv[1:2])
