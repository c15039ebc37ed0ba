"""Forged documents: ``loads`` of an edited state or view either gives back an object the game
accepts or raises ``StateError``, never ``IndexError`` or anything else.

Each document of a position reached by random play is edited one place at a time: every integer
moved by -100, -1, +1, +100 or made null, every boolean flipped, every array cut by its last item or
given one more copy of it. (Views used to crash ``loads``: ``sample_state`` indexed fields such as
``hand_sizes`` before checking their length, in every game.)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import GAMES, CardRulesError, RandomBot, StateError, dumps, loads, play
from cardrules.rng import Rng

Path = tuple[str | int, ...]


def edits(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every one-place edit of a JSON value: (where, new value)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "type":
                yield from edits(value, (*path, key))
    elif isinstance(node, list):
        yield path, node[:-1]
        yield path, [*node, node[-1]] if node else [0]
        for i, value in enumerate(node):
            yield from edits(value, (*path, i))
    elif isinstance(node, bool):
        yield path, not node
    elif isinstance(node, int):
        for step in (-100, -1, 1, 100):
            yield path, node + step
        yield path, None


def edited(document: dict[str, Any], path: Path, value: Any) -> str:
    forged = copy.deepcopy(document)
    node: Any = forged
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(forged)


def positions(name: str, count: int) -> list[Any]:
    """``count`` states of ``name`` part-way through random games, none of them finished."""
    game: Any = GAMES[name]
    rng = Rng.from_seed(2026)
    found = []
    for seed in range(count):
        transcript = play(name, [RandomBot()] * game.num_players(None), seed)
        cut, rng = rng.below(len(transcript.moves) - 1)
        cut += 1  # at least one move made, at least one left
        state = game.new_game(seed)
        for move in transcript.moves[:cut]:
            state = game.apply(state, move)
        found.append(state)
    return found


def forge_all(text: str) -> list[str]:
    """What escaped ``loads`` other than ``StateError`` for every one-place edit of ``text``."""
    document = json.loads(text)
    escaped = []
    for path, value in edits(document["data"], ("data",)):
        try:
            loads(edited(document, path, value))
        except StateError:
            pass
        except Exception as exc:
            escaped.append(
                f"{'.'.join(map(str, path))} = {json.dumps(value)[:40]}: {type(exc).__name__}: {exc}"
            )
    return escaped


@pytest.mark.parametrize("name", list(GAMES))
def test_forged_views_load_or_raise_state_error(name: str) -> None:
    game: Any = GAMES[name]
    escaped = []
    for state in positions(name, 4):
        if state.to_act is not None:
            escaped += forge_all(dumps(game.view(state, state.to_act)))
    assert escaped == []


@pytest.mark.parametrize("name", list(GAMES))
def test_forged_states_load_or_raise_state_error(name: str) -> None:
    escaped = []
    for state in positions(name, 4):
        escaped += forge_all(dumps(state))
    assert escaped == []


@pytest.mark.parametrize("name", list(GAMES))
def test_a_view_with_a_hand_size_missing_names_the_field(name: str) -> None:
    """The forged view of the issue: one entry of a per-seat field gone."""
    game: Any = GAMES[name]
    state = positions(name, 1)[0]
    document = json.loads(dumps(game.view(state, state.to_act)))
    field = next(f for f in ("hand_sizes", "teams", "filled") if f in document["data"])
    forged = edited(document, ("data", field), document["data"][field][:-1])
    with pytest.raises(StateError, match=f"a view's {'filled rows' if field == 'filled' else field}"):
        loads(forged)
    assert issubclass(StateError, CardRulesError)
