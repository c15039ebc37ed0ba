"""Tensors: fixed shapes, built from views only, and every field of a view that matters encoded."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from cardrules import GAMES, ConfigError, StateError, clubs, eighty_points, manager, pub_derby  # noqa: E402
from cardrules.tensors import (  # noqa: E402
    information_state_layout,
    information_state_shape,
    information_state_tensor,
    observation_layout,
    observation_shape,
    observation_tensor,
)

CONFIGS: dict[str, list[Any]] = {
    "clubs": [
        clubs.Config(players=4, threshold=8),
        clubs.Config(players=3, threshold=5),
        clubs.Config(players=2),
    ],
    "pub_derby": [pub_derby.Config(), pub_derby.Config(format="pub"), pub_derby.Config(format="big_squad")],
    "rugby_league": [None],
    "eighty_points": [eighty_points.Config(rounds=1)],
    "manager": [None, manager.Config(max_exchanges=3)],
}
CASES = [(name, config) for name in GAMES for config in CONFIGS[name]]

# Each view field and the segments that encode it; "-" with the reason a field needs none.
FIELDS: dict[str, dict[str, tuple[str, ...] | str]] = {
    "clubs": {
        "player": "- every segment is written relative to the viewer",
        "hand": ("hand",),
        "trick": ("trick",),
        "leader": ("leader",),
        "to_act": ("to_act",),
        "tricks": ("played", "taken"),
        "hand_sizes": ("hand_sizes",),
        "scores": ("scores",),
        "round": "- rounds are alike; the scores carry the match's state",
        "config": "- fixed for a config, like the tensor's shape",
        "legal_moves": "- follows from hand and trick (and is the agent's action mask)",
    },
    "pub_derby": {
        "player": "- every segment is written relative to the viewer",
        "hand": ("hand",),
        "trick": ("trick",),
        "leader": ("leader",),
        "to_act": ("to_act",),
        "tricks": ("played",),
        "hand_sizes": ("hand_sizes",),
        "trump": ("trump",),
        "bench_top": ("bench_top",),
        "kickoff": ("kickoff",),
        "waves": ("waves",),
        "goals": ("goals",),
        "yellows": ("yellows",),
        "half": ("half",),
        "config": "- fixed for a config, like the tensor's shape",
        "legal_moves": "- follows from hand, trick and kick-off (and is the agent's action mask)",
    },
    "rugby_league": {
        "player": "- every segment is written relative to the viewer",
        "to_act": ("to_act",),
        "phase": ("phase",),
        "attacker": ("attacker",),
        "ball": ("ball",),
        "tackles": ("tackles",),
        "lost": ("tackles",),
        "last": ("last",),
        "wins": ("kick",),
        "rounds": ("kick",),
        "needed": ("kick",),
        "filled": ("filled",),
        "own_row": ("own_row",),
        "pending_chosen": ("pending",),
        "own_pending": ("own_pending",),
        "pile_size": ("pile",),
        "discards": ("discards",),
        "scores": ("scores",),
        "half": ("half",),
        "sets": ("sets",),
        "config": "- fixed for a config, like the tensor's shape",
        "legal_moves": "- follows from phase, ball and rows (and is the agent's action mask)",
    },
    "eighty_points": {
        "player": "- every segment is written relative to the viewer",
        "hand": ("hand",),
        "trick": ("trick",),
        "to_act": ("to_act",),
        "phase": ("phase",),
        "starter": ("starter",),
        "trump": ("trump",),
        "royal": ("royal",),
        "leader": ("leader",),
        "tricks": ("played",),
        "points": ("points",),
        "bottom": ("bottom",),
        "bottom_size": ("bottom_size",),
        "hand_sizes": ("hand_sizes",),
        "redeals": ("redeals",),
        "levels": ("levels",),
        "round": "- rounds are alike; the levels carry the match's state",
        "winner": "- set only once the match is over, when no seat acts",
        "config": "- fixed for a config, like the tensor's shape",
        "legal_moves": "- follows from hand, trick and phase (and is the agent's action mask)",
    },
    "manager": {
        "player": "- every segment is written relative to the viewer",
        "teams": ("own_team", "other_team"),
        "pool": ("pool",),
        "to_act": ("to_act",),
        "exchanges": ("exchanges",),
        "passed": ("passed",),
        "season": ("season",),
        "first": ("first",),
        "stripped_suit": ("stripped_suit",),
        "stock_size": ("stock_size",),
        "retired": ("retired",),
        "halves": ("halves",),
        "results": ("season",),
        "config": "- fixed for a config, like the tensor's shape",
        "legal_moves": "- follows from teams and pool (and is the agent's action mask)",
    },
}


def _playout(name: str, config: Any, seed: int) -> list[Any]:
    game = GAMES[name]
    rnd = random.Random(seed)
    state = game.new_game(seed, config)
    states = [state]
    while state.to_act is not None and len(states) < 400:
        state = game.apply(state, rnd.choice(game.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "config"), CASES)
def test_shapes_are_fixed_and_values_finite(name: str, config: Any) -> None:
    game = GAMES[name]
    obs_shape, info_shape = observation_shape(name, config), information_state_shape(name, config)
    assert info_shape[0] > obs_shape[0]
    for state in _playout(name, config, 1)[::3]:
        for seat in range(game.num_players(config)):
            view = game.view(state, seat)
            obs, info = observation_tensor(view), information_state_tensor(view)
            assert obs.shape == obs_shape and info.shape == info_shape
            assert obs.dtype == np.float32 and info.dtype == np.float32
            assert np.all(np.isfinite(info)) and np.all(info >= 0)
            assert np.array_equal(info[: obs_shape[0]], obs)  # the information state extends it


@pytest.mark.parametrize(("name", "config"), CASES)
def test_views_that_differ_only_in_hidden_cards_give_the_same_tensors(name: str, config: Any) -> None:
    game = GAMES[name]
    for state in _playout(name, config, 2)[::7]:
        for seat in range(game.num_players(config)):
            view = game.view(state, seat)
            other = game.sample_state(view, 99)  # the same view, hidden cards dealt afresh
            assert np.array_equal(observation_tensor(game.view(other, seat)), observation_tensor(view))
            assert np.array_equal(
                information_state_tensor(game.view(other, seat)), information_state_tensor(view)
            )


@pytest.mark.parametrize("name", list(GAMES))
def test_every_view_field_is_listed_with_its_segments(name: str) -> None:
    fields = {f.name for f in attrs.fields(GAMES[name].View)}
    assert set(FIELDS[name]) == fields
    layout = information_state_layout(name, CONFIGS[name][0])
    names = {s.name for s in layout.segments}
    for field, segments in FIELDS[name].items():
        if isinstance(segments, tuple):
            assert set(segments) <= names, field
        else:
            assert segments.startswith("- "), field


@pytest.mark.parametrize(("name", "config"), CASES)
def test_a_field_that_changes_changes_its_segments(name: str, config: Any) -> None:
    """Between consecutive views of one seat, whenever an encoded field changes, one of the segments
    the table names for it changes too: each field really is encoded."""
    game = GAMES[name]
    layout = information_state_layout(name, config)
    seen: set[str] = set()
    for seed in (3, 4):
        states = _playout(name, config, seed)
        for before, after in itertools.pairwise(states):
            for seat in range(game.num_players(config)):
                v0, v1 = game.view(before, seat), game.view(after, seat)
                t0, t1 = information_state_tensor(v0), information_state_tensor(v1)
                for field, segments in FIELDS[name].items():
                    if isinstance(segments, str) or getattr(v0, field) == getattr(v1, field):
                        continue
                    seen.add(field)
                    changed = [
                        s
                        for s in segments
                        if not np.array_equal(t0[_slice(layout, s)], t1[_slice(layout, s)])
                    ]
                    assert changed, f"{field} changed but {segments} did not"
    assert seen, "no field changed in the playouts"


def _slice(layout: Any, name: str) -> slice:
    segment = layout.segment(name)
    return slice(segment.offset, segment.offset + segment.size)


def test_observation_layout_names_the_hand_first() -> None:
    layout = observation_layout("clubs")
    assert layout.segments[0].name == "hand" and layout.segments[0].size == 52
    view = clubs.view(clubs.new_game(5), 1)
    tensor = observation_tensor(view)
    assert sorted(np.flatnonzero(tensor[:52]).tolist()) == sorted(int(c) for c in view.hand)


def test_a_layout_is_immutable_and_names_its_segments() -> None:
    """The layouts handed out are shared by every later tensor of the game and config: a caller
    cannot change them, and asking for a segment they lack is a ConfigError naming the segments."""
    layout = observation_layout("clubs")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        layout.size = 3  # type: ignore[misc]
    assert not hasattr(layout, "add")
    assert isinstance(layout.segments, tuple)
    assert layout.size == sum(s.size for s in layout.segments) == observation_shape("clubs")[0]
    assert layout.segment("hand").offset == 0
    for junk in ("nope", None, ["hand"]):
        with pytest.raises(ConfigError, match="the segments are: hand"):
            layout.segment(junk)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    with pytest.raises(ConfigError):
        observation_shape("chess")
    with pytest.raises(ConfigError):
        observation_shape("clubs", manager.Config())
    with pytest.raises(StateError):
        observation_tensor(object())


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_page_shows_its_layouts(name: str) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    section = page.split("## Tensors", 1)[1]
    for segment in information_state_layout(name).segments:
        row = f"| `{segment.name}` | {segment.offset} | {segment.size} | {segment.doc} |"
        assert row in section, row
