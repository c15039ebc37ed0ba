"""Unit tests of ``cardrules.errors`` (the hierarchy) and ``cardrules._shared.options`` (validators)."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules import clubs
from cardrules._shared.options import bool_option, config_of, int_option
from cardrules.errors import (
    CardParseError,
    CardRulesError,
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    StateError,
)

ALL_ERRORS = (CardParseError, CardRulesError, ConfigError, IllegalMoveError, MoveParseError, StateError)


@pytest.mark.parametrize("error", ALL_ERRORS)
def test_every_error_is_a_cardrules_error_and_value_error(error: type[Exception]) -> None:
    assert issubclass(error, CardRulesError)
    assert issubclass(error, ValueError)
    with pytest.raises(ValueError, match="boom"):
        raise error("boom")


def test_hierarchy() -> None:
    assert CardRulesError.__bases__ == (ValueError,)
    assert issubclass(MoveParseError, IllegalMoveError)
    for error in (IllegalMoveError, ConfigError, StateError, CardParseError):
        assert error.__bases__ == (CardRulesError,)
    assert not issubclass(ConfigError, StateError)
    assert not issubclass(StateError, ConfigError)
    assert not issubclass(IllegalMoveError, StateError)


def test_errors_are_exported() -> None:
    for error in ALL_ERRORS:
        assert getattr(cardrules, error.__name__) is error


def test_move_parse_error_is_caught_as_illegal_move() -> None:
    state = clubs.new_game(1)
    with pytest.raises(IllegalMoveError) as info:
        clubs.parse_move(state, "not a card")
    assert type(info.value) is MoveParseError


# --- options -------------------------------------------------------------------------------------


@attrs.frozen
class Options:
    size: int = attrs.field(default=3, validator=int_option("Test size", 1, 5))
    count: int = attrs.field(default=0, validator=int_option("Test count", 0))
    fast: bool = attrs.field(default=False, validator=bool_option("Test fast"))


def test_valid_options() -> None:
    assert Options() == Options(3, 0, False)
    assert Options(size=1).size == 1
    assert Options(size=5).size == 5
    assert Options(count=10**9).count == 10**9
    assert Options(fast=True).fast is True


@pytest.mark.parametrize("value", [0, 6, -1, True, False, 3.0, "3", None])
def test_int_option_with_range(value: object) -> None:
    with pytest.raises(ConfigError) as info:
        Options(size=value)  # type: ignore[arg-type]
    message = str(info.value)
    assert "Test size" in message
    assert "from 1 to 5" in message
    assert repr(value) in message


@pytest.mark.parametrize("value", [-1, True, 1.5, "0"])
def test_int_option_without_upper_bound(value: object) -> None:
    with pytest.raises(ConfigError) as info:
        Options(count=value)  # type: ignore[arg-type]
    assert "Test count" in str(info.value)
    assert "at least 0" in str(info.value)


@pytest.mark.parametrize("value", [0, 1, None, "True", "yes"])
def test_bool_option(value: object) -> None:
    with pytest.raises(ConfigError) as info:
        Options(fast=value)  # type: ignore[arg-type]
    assert "Test fast" in str(info.value)
    assert repr(value) in str(info.value)


def test_option_validators_called_directly() -> None:
    check = int_option("Clubs players", 2, 4)
    field = attrs.fields(clubs.Config).players
    check(None, field, 3)
    with pytest.raises(ConfigError, match="Clubs players must be an int from 2 to 4, got 7"):
        check(None, field, 7)
    flag = bool_option("Flag")
    flag(None, field, True)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="Flag must be True or False, got 1"):
        flag(None, field, 1)  # type: ignore[arg-type]


def test_clubs_config_errors_name_the_option() -> None:
    with pytest.raises(ConfigError, match="Clubs players"):
        clubs.Config(players=5)
    with pytest.raises(ConfigError, match="Clubs threshold"):
        clubs.Config(threshold=0)


def test_config_of() -> None:
    assert config_of(None, clubs.Config, "clubs") == clubs.Config()
    cfg = clubs.Config(players=3)
    assert config_of(cfg, clubs.Config, "clubs") is cfg
    for bad in (Options(), 4, "clubs", {"players": 4}):
        with pytest.raises(ConfigError, match=r"clubs\.Config"):
            config_of(bad, clubs.Config, "clubs")


GAME_MODULES = ("clubs", "pub_derby", "rugby_league", "eighty_points", "manager")


@pytest.mark.parametrize("name", GAME_MODULES)
@pytest.mark.parametrize("entry", ["legal_moves", "validate", "view", "to_text", "outcome", "zones"])
def test_a_foreign_object_for_a_state_names_the_game_class_with_its_article(name: str, entry: str) -> None:
    """Every entry point taking a state refuses anything else with one message: the game's class,
    with "an" before a vowel ("an eighty_points.State"), and the type it got."""
    module = getattr(cardrules, name)
    args: tuple[object, ...] = ({"hands": []}, 0) if entry == "view" else ({"hands": []},)
    article = "an" if name[0] in "aeiou" else "a"
    with pytest.raises(StateError, match=rf"^expected {article} {name}\.State, got dict$"):
        getattr(module, entry)(*args)


@pytest.mark.parametrize("name", GAME_MODULES)
def test_a_foreign_object_for_a_view_names_the_game_view(name: str) -> None:
    """``sample_state`` checks it was given the game's own ``View``."""
    module = getattr(cardrules, name)
    article = "an" if name[0] in "aeiou" else "a"
    with pytest.raises(StateError, match=rf"^expected {article} {name}\.View, got list$"):
        module.sample_state([], 0)


@pytest.mark.parametrize("name", GAME_MODULES)
def test_a_view_of_a_seat_past_the_last_is_refused(name: str) -> None:
    """``view`` takes the seats 0 to ``num_players - 1``: one past them, three past them and -1 are
    refused (two-player games say "seat 0 or 1")."""
    module = getattr(cardrules, name)
    state = module.new_game(1)
    players = module.num_players(None)
    seats = "seat 0 or 1" if players == 2 else f"a seat from 0 to {players - 1}"
    for player in (players, players + 3, -1):
        with pytest.raises(StateError, match=rf"^player must be {seats}, got {player}$"):
            module.view(state, player)
