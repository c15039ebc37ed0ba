"""Draw one table of every game as SVG (a seat's view, as a notebook shows it), one file a game.

python examples/draw_tables.py [DIRECTORY]      # default: a new temporary directory
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from cardrules import GAMES, RandomBot, derive_seed, svg


def main(directory: str | None = None) -> None:
    out = Path(directory or tempfile.mkdtemp(prefix="cardrules-tables-"))
    out.mkdir(parents=True, exist_ok=True)
    bot = RandomBot()
    for name, game in GAMES.items():
        state = game.new_game(7)
        for k in range(6):  # a few moves in, so that a trick or a draft is under way
            seat = state.to_act
            if seat is None:
                break
            state = game.apply(state, bot.choose(game.view(state, seat), derive_seed(7, k)))
        path = out / f"{name}.svg"
        path.write_text(svg.draw(state), encoding="utf-8")  # the acting seat's view
        while state.to_act is not None:
            state = game.apply(state, bot.choose(game.view(state, state.to_act), 0))
        print(f"{path}: {name}; played on: {game.outcome(state)}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
