"""Unit tests of the registry (``GAMES``, ``get_game``) and of ``RandomBot``."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
from cardrules import GAMES, RandomBot, clubs, get_game
from cardrules.errors import ConfigError, StateError
from cardrules.registry import AnyGame
from cardrules.rng import Rng, derive_seed

NAMES = ["clubs", "pub_derby", "rugby_league", "eighty_points", "manager"]


# --- registry ------------------------------------------------------------------------------------


def test_games_names_and_order() -> None:
    assert list(GAMES) == NAMES
    assert cardrules.GAMES is GAMES
    assert GAMES["clubs"] is clubs
    for name, game in GAMES.items():
        assert name == game.NAME
        assert getattr(game, "__name__", "").split(".")[-1] == name
        assert isinstance(game.DESCRIPTION, str)
        assert game.DESCRIPTION
        assert "\n" not in game.DESCRIPTION


def test_every_game_says_how_to_play_in_short_paragraphs() -> None:
    for game in GAMES.values():
        paragraphs = game.HOW_TO_PLAY.split("\n")
        assert 3 <= len(paragraphs) <= 6, game.NAME
        assert all(p.strip() and p.endswith(".") for p in paragraphs), game.NAME
        assert len(game.HOW_TO_PLAY) <= 800, game.NAME


def test_games_is_read_only() -> None:
    mapping: Any = GAMES
    with pytest.raises(TypeError):
        mapping["chess"] = clubs
    with pytest.raises(TypeError):
        del mapping["clubs"]
    with pytest.raises(AttributeError):
        mapping.pop("clubs")
    with pytest.raises(AttributeError):
        mapping.clear()
    assert list(GAMES) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_get_game_by_name_and_module(name: str) -> None:
    game = get_game(name)
    assert game is GAMES[name]
    assert get_game(game) is game


@pytest.mark.parametrize("name", ["chess", "Clubs", "", " clubs"])
def test_get_game_unknown_name_lists_the_names(name: str) -> None:
    with pytest.raises(ConfigError) as info:
        get_game(name)
    message = str(info.value)
    assert repr(name) in message
    for known in NAMES:
        assert known in message


@pytest.mark.parametrize("value", [None, 5, cardrules, object(), ["clubs"]])
def test_get_game_rejects_non_games(value: object) -> None:
    with pytest.raises(ConfigError, match="the games are: clubs"):
        get_game(value)  # type: ignore[arg-type]


# --- RandomBot -----------------------------------------------------------------------------------


def test_random_bot_uses_documented_draw() -> None:
    state = clubs.new_game(3)
    view = clubs.view(state, 0)
    for seed in range(20):
        expected, _ = Rng.from_seed(seed).choice(view.legal_moves)
        assert RandomBot().choose(view, seed) is expected


def test_random_bot_deterministic_per_seed() -> None:
    view = clubs.view(clubs.new_game(8), 0)
    bot = RandomBot()
    for seed in (0, 1, 2**63, -5):
        assert bot.choose(view, seed) == RandomBot().choose(view, seed)
    chosen = {bot.choose(view, seed) for seed in range(200)}
    assert chosen == set(view.legal_moves)


@pytest.mark.parametrize("name", NAMES)
def test_random_bot_always_legal(name: str) -> None:
    game: AnyGame = GAMES[name]
    bot = RandomBot()
    state = game.new_game(11)
    moves = 0
    while state.to_act is not None and moves < 400:
        view = game.view(state, state.to_act)
        move = bot.choose(view, derive_seed(11, moves))
        assert move in view.legal_moves
        assert game.is_legal(state, move)
        state = game.apply(state, move)
        moves += 1
    assert moves > 0


def test_random_bot_without_moves() -> None:
    state = clubs.new_game(1)
    view = clubs.view(state, 1)  # not seat 1's turn: no legal moves in its view
    assert view.legal_moves == ()
    with pytest.raises(StateError, match="seat 1"):
        RandomBot().choose(view, 0)


def test_every_game_is_exported_at_the_top_level() -> None:
    for name, game in GAMES.items():
        assert name in cardrules.__all__
        assert getattr(cardrules, name) is game
    assert "_checks" not in (cardrules.__doc__ or "")
