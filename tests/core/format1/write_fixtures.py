"""Write the format-1 fixtures of ``test_format1.py`` with the cardrules found on ``sys.path``.

Run it with a library that writes format 1, from the repository's root (README.md here says which
commit wrote the files)::

    old=$(mktemp -d)
    git archive 7a9be60e09ffd1544d71a60f14fd4d8e229905c9 src | tar -x -C "$old"
    PYTHONPATH="$old/src" python tests/core/format1/write_fixtures.py

Each game is played from a fixed seed and config with moves picked by a fixed rule, and its
documents are written as that library's ``dumps`` writes them, with ``manifest.json`` saying which
point of which game each one comes from. It uses only names that format 1 and today share.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardrules import GAMES, Transcript, clubs, dumps, eighty_points, manager, pub_derby
from cardrules.cards import Suit

HERE = Path(__file__).resolve().parent
SEED = 20261124
CONFIGS: dict[str, Any] = {
    "clubs": clubs.Config(players=3, threshold=20),
    "pub_derby": pub_derby.Config(format="pub"),
    "rugby_league": None,
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(stripped_suit=Suit.HEARTS, max_exchanges=6),
}


def _playout(name: str) -> tuple[list[Any], list[Any]]:
    """The states and moves of a whole game: move ``k`` is legal move ``(7 * k + 3) % n``."""
    game = GAMES[name]
    states = [game.new_game(SEED, CONFIGS[name])]
    moves: list[Any] = []
    while game.outcome(states[-1]) is None:
        legal = game.legal_moves(states[-1])
        moves.append(legal[(7 * len(moves) + 3) % len(legal)])
        states.append(game.apply(states[-1], moves[-1]))
    return states, moves


def _write(files: dict[str, dict[str, Any]], name: str, kind: str, obj: object, **where: Any) -> None:
    """``obj`` as ``{name}-{kind}[-...].json``, named by the values of ``where`` (an event by its
    type only), which say where in the game it comes from."""
    label = [where["type"]] if kind == "event" else list(where.values())
    file = "-".join([name, kind, *map(str, label)]) + ".json"
    (HERE / file).write_text(dumps(obj) + "\n", encoding="utf-8")
    files[file] = {"game": name, "kind": kind, **where}


def _game_documents(files: dict[str, dict[str, Any]], name: str) -> None:
    game = GAMES[name]
    states, moves = _playout(name)
    mid = len(moves) // 2
    _write(
        files,
        name,
        "transcript",
        Transcript(game=name, seed=SEED, config=CONFIGS[name], deck=None, moves=tuple(moves)),
    )
    if CONFIGS[name] is not None:
        _write(files, name, "config", CONFIGS[name])
    for k in (0, mid, len(moves)):
        _write(files, name, "state", states[k], moves=k)
    for seat in range(game.num_players(CONFIGS[name])):
        _write(files, name, "view", game.view(states[mid], seat), moves=mid, seat=seat)
    _write(files, name, "move", moves[mid], moves=mid)
    _write(files, name, "outcome", game.outcome(states[-1]), moves=len(moves))
    seen: set[str] = set()
    steps = [(-1, game.opening_events(states[0]))]
    steps += [(k, game.step(states[k], move)[1]) for k, move in enumerate(moves)]
    for k, events in steps:
        for index, event in enumerate(events):
            kind = type(event).__name__
            if kind not in seen:
                seen.add(kind)
                _write(files, name, "event", event, type=kind, step=k, index=index)


def main() -> None:
    files: dict[str, dict[str, Any]] = {}
    for name in GAMES:
        _game_documents(files, name)
    manifest = {"seed": SEED, "files": files}
    (HERE / "manifest.json").write_text(
        json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
