"""docs/architecture.md's "Adding a game", followed for a toy game: High Card (``tests/toy/high_card``,
imported as ``high_card``; not shipped and never registered) is built as those steps say, and here
it is checked as the five games are: it satisfies the ``Game`` protocol for mypy, has every module
each game package has, exports what its modules list, and passes every check of the contract suite
that needs no registry. The checks that do need one are listed with the reason, so that a check
added to the suite must be placed in one list or the other."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
import test_contract_fuzz
import test_contract_hashseed
import test_contract_play
import test_contract_serialization

import cardrules
import high_card
from cardrules import GAMES, ConfigError, get_game
from cardrules.game import Game

# The step "register the game" as mypy checks it, the way registry.py checks the five: the module
# satisfies the protocol (run mypy to see this fail when it does not).
_HIGH_CARD: Game[high_card.State, high_card.Play, high_card.View, high_card.Config] = high_card

SOURCE = Path(cardrules.__file__).parent
TOY = Path(high_card.__file__).parent

CONTRACT: tuple[Callable[..., None], ...] = (
    test_contract_play.test_deterministic,
    test_contract_play.test_terminates_within_bound,
    test_contract_play.test_every_legal_move_applies,
    test_contract_play.test_illegal_moves_rejected,
    test_contract_play.test_malformed_moves_rejected,
    test_contract_play.test_cards_conserved_and_states_valid,
    test_contract_play.test_views_hide_unseen_cards,
    test_contract_play.test_views_agree_outside_the_seats_own_fields,
    test_contract_play.test_view_cards_agree_with_zones,
    test_contract_play.test_sample_state_consistent,
    test_contract_play.test_action_encoding_round_trips,
    test_contract_serialization.test_positions_round_trip_through_one_line_of_text,
    test_contract_fuzz.test_validate_holds_after_every_legal_move_from_any_valid_state,
)
"""The contract suite's checks that take a game module as well as a registered game's name."""

NEEDS_THE_REGISTRY = {
    "test_other_games_moves_are_tried": "it checks the registered games' moves against each other",
    "test_reachable_states_validate": "loads(dumps(s)): a JSON document names a registered game",
    "test_play_and_replay": "play() and a Transcript name a registered game",
    "test_default_config_games": "it replays a Transcript",
    "test_strategies_draw_reachable_positions": "cardrules.testing draws games by registry name",
    "test_round_trips": "loads(dumps(x)) for every object",
    "test_config_round_trips": "loads(dumps(config))",
    "test_invalid_documents_rejected": "it forges JSON documents",
    "test_invalid_transcripts_rejected": "it forges transcripts",
    "test_inconsistent_cards_rejected": "it forges JSON documents",
    "test_loads_rejects_non_text": "it checks loads alone, no game",
    "test_fuzzed_inputs_break_no_promise": "the fuzzer mutates JSON documents",
    "test_same_results_under_every_hash_seed": "it plays the registered games in fresh processes",
    "test_the_own_fields_check_finds_a_seats_own_field": "it plants a fault in Clubs, no game under test",
}
"""The contract suite's other checks, and why a game outside the registry cannot take them."""

MODULES = {"__init__.py", "state.py", "rules.py", "entry.py", "views.py", "validate.py"}
MODULES |= {"actions.py", "position.py", "policy.py"}
"""A game package's modules, as docs/architecture.md lists them."""


@pytest.mark.parametrize("check", CONTRACT, ids=[check.__name__ for check in CONTRACT])
def test_the_toy_game_passes_the_contract_suite(check: Callable[..., None]) -> None:
    check(high_card, None)


def test_every_check_of_the_contract_suite_is_taken_or_needs_the_registry() -> None:
    modules: list[ModuleType] = [
        test_contract_play,
        test_contract_serialization,
        test_contract_fuzz,
        test_contract_hashseed,
    ]
    tests = {name for module in modules for name, _ in inspect.getmembers(module) if name.startswith("test_")}
    taken = {check.__name__ for check in CONTRACT}
    assert not taken & set(NEEDS_THE_REGISTRY)
    assert tests == taken | set(NEEDS_THE_REGISTRY)


def test_every_game_package_and_the_toy_game_have_the_modules_the_guide_lists() -> None:
    for name in GAMES:
        assert {p.name for p in (SOURCE / name).glob("*.py")} >= MODULES, name
    assert {p.name for p in TOY.glob("*.py")} == MODULES


def test_the_toy_game_exports_exactly_what_its_modules_list() -> None:
    """As tests/repo/test_code_shape.py checks each game: the package's literal ``__all__`` is the union
    of its modules' own, plus the shared class its state holds."""
    listed: set[str] = set()
    for path in sorted(TOY.glob("*.py")):
        if path.stem not in ("__init__", "policy"):  # the rule of thumb is not re-exported
            module = importlib.import_module(f"high_card.{path.stem}")
            assert all(getattr(high_card, n) is getattr(module, n) for n in module.__all__)
            listed |= set(module.__all__)
    assert set(high_card.__all__) == listed | {"CompletedTrick"}


def test_the_toy_game_is_no_registered_game() -> None:
    assert "high_card" not in GAMES
    with pytest.raises(ConfigError, match="not a registered game"):
        get_game(high_card)


def test_the_toy_game_shows_itself_as_the_games_do() -> None:
    """``str()`` of a state is the game's ``render`` (through ``Pictured``, which finds the game from
    the object, registry or not), and errors name the game."""
    state = high_card.new_game(1)
    assert str(state) == high_card.render(state)
    assert str(state).startswith("High Card. You are Seat 0.")
    with pytest.raises(cardrules.StateError, match=r"expected a high_card\.State, got int"):
        high_card.legal_moves(0)  # type: ignore[arg-type]


def test_the_toy_games_rule_of_thumb_is_in_its_policy_module() -> None:
    """The guide's ``policy.py``: High Card's rule of thumb answers a lead with the lowest card that
    beats it, else its lowest, and leads its highest."""
    from high_card.policy import heuristic_move

    # Dealt one at a time, seat 0 first: seat 0 holds 9, J, A of spades; seat 1 holds 10, Q, K.
    state = high_card.new_game(0, deck=["9S", "TS", "JS", "QS", "AS", "KS"])
    plays = []
    while state.to_act is not None:
        move = heuristic_move(high_card.view(state, state.to_act))
        plays.append(str(move.card))
        state = high_card.apply(state, move)
    # Seat 0 leads the ace; seat 1 cannot beat it: its lowest, the 10. Seat 0 leads the jack;
    # seat 1 beats it with the queen, leads the king, and seat 0 cannot beat it: the 9.
    assert plays == ["AS", "TS", "JS", "QS", "KS", "9S"]
