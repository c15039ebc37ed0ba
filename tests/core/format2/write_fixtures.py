"""Write the format-2 fixtures of ``test_format2.py`` with the cardrules found on ``sys.path``.

Run it with a library that writes format 2, from the repository's root (README.md here says which
commit wrote the files)::

    old=$(mktemp -d)
    git archive 904ce8aaec8ce87bada51fc2c77cb38fe8ce2abb src | tar -x -C "$old"
    PYTHONPATH="$old/src" python tests/core/format2/write_fixtures.py

A game of Clubs from a seed beyond 2**53 - 1, its moves picked by a fixed rule, written as that
library's ``dumps`` writes it: the transcript of its first moves, and the state they reach (whose
``Rng`` state is beyond 2**53 - 1 too).
"""

from __future__ import annotations

from pathlib import Path

from cardrules import Transcript, clubs, dumps

HERE = Path(__file__).resolve().parent
SEED = 11310772225009022492
MOVES = 12


def main() -> None:
    """Play ``MOVES`` moves (move ``k`` is legal move ``(7k + 3) mod n``) and write both files."""
    config = clubs.Config(players=3, threshold=20)
    state = clubs.new_game(SEED, config)
    moves = []
    for k in range(MOVES):
        legal = clubs.legal_moves(state)
        moves.append(legal[(7 * k + 3) % len(legal)])
        state = clubs.apply(state, moves[-1])
    transcript = Transcript(game="clubs", seed=SEED, config=config, deck=None, moves=tuple(moves))
    (HERE / "clubs-transcript.json").write_text(dumps(transcript) + "\n", encoding="utf-8")
    (HERE / f"clubs-state-{MOVES}.json").write_text(dumps(state) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
