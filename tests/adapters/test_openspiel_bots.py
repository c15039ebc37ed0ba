"""OpenSpiel's ISMCTS as a cardrules bot: it plays every game from views alone, on a count or on
CPU time, and the OpenSpiel state it searches is one the seat cannot tell from the real one."""

from __future__ import annotations

import gc
import pickle
import time
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cardrules import GAMES, ConfigError, RandomBot, StateError, clubs, eighty_points, manager  # noqa: E402
from cardrules.adapters.openspiel import load, state_from_view  # noqa: E402
from cardrules.adapters.openspiel_bots import OpenSpielISMCTSBot  # noqa: E402
from cardrules.arena import run_matches  # noqa: E402

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}


def _real_state(name: str, seed: int, moves: int) -> Any:
    """An OpenSpiel state of a new game dealt from ``seed`` (its eight seed bytes), ``moves`` moves in."""
    state = load(name, SMALL.get(name)).new_initial_state()
    for byte in seed.to_bytes(8, "big"):
        state.apply_action(byte)
    module = GAMES[name]
    assert state.inner == module.new_game(seed, SMALL.get(name))
    for i in range(moves):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[(7 * i) % len(actions)])
    return state


def _seat(state: Any) -> int:
    assert state.to_act is not None
    return int(state.to_act)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_state_from_a_view_is_one_the_seat_cannot_tell_from_the_real_one(name: str) -> None:
    real = _real_state(name, 12345, 9)
    seat = real.current_player()
    module = GAMES[name]
    view = module.view(real.inner, seat)
    rebuilt = state_from_view(view, 99)
    assert rebuilt.information_state_string(seat) == real.information_state_string(seat)
    assert rebuilt.legal_actions() == real.legal_actions()
    assert rebuilt.current_player() == seat and not rebuilt.is_chance_node()
    assert module.view(rebuilt.inner, seat) == view


def test_a_state_from_a_view_refuses_what_is_not_a_view_to_search() -> None:
    with pytest.raises(StateError, match="not the view of a registered game"):
        state_from_view("clubs", 1)
    finished = _real_state("manager", 5, 10_000)
    assert finished.is_terminal()
    with pytest.raises(StateError, match="finished game"):
        state_from_view(manager.view(finished.inner, 0), 1)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_bot_plays_every_game_to_its_end_in_the_arena(name: str) -> None:
    """Two games, seats rotated, against random play: no forfeit (an illegal or late move) and no
    failure, whatever the game's moves are (80 Points' are searched a step at a time)."""
    result = run_matches(
        name, [OpenSpielISMCTSBot(iterations=3), RandomBot()], 2, 3, config=SMALL.get(name), workers=1
    )
    assert result.failures == ()
    assert sum(r.games for r in result.records) == 4


def test_on_a_count_the_same_view_and_seed_give_the_same_move_and_the_hidden_cards_do_not_matter() -> None:
    """The bot sees only the view: a state with the other seats' cards dealt afresh gives the same
    view, hence the same decision; a different seed searches other deals."""
    state = clubs.new_game(8, clubs.Config(threshold=5))
    state = clubs.apply(state, clubs.legal_moves(state)[0])
    view = clubs.view(state, _seat(state))
    scrambled = clubs.sample_state(view, 4)
    assert scrambled.hands != state.hands and clubs.view(scrambled, _seat(state)) == view
    bot = OpenSpielISMCTSBot(iterations=30)
    moves = {bot.choose(clubs.view(scrambled, _seat(state)), seed) for seed in range(6)}
    assert all(
        bot.choose(view, seed) == bot.choose(clubs.view(scrambled, _seat(state)), seed) for seed in range(3)
    )
    assert moves <= set(view.legal_moves)


def test_on_the_clock_a_decision_takes_about_its_budget() -> None:
    """0.05 s of CPU time a move: a Manager decision (a few milliseconds a simulation) ends near
    the budget, well short of what a fixed count of 2,000 simulations would take."""
    state = manager.new_game(3, None)
    view = manager.view(state, _seat(state))
    bot = OpenSpielISMCTSBot(time_per_move=0.05)
    spent = []
    for seed in range(3):
        start = time.process_time()
        assert bot.choose(view, seed) in view.legal_moves
        spent.append(time.process_time() - start)
    assert min(spent) > 0.03 and max(spent) < 0.25


def test_a_playout_longer_than_the_budget_is_cut_short_at_the_budget() -> None:
    """80 Points' default match runs several rounds, so one random playout to its end takes
    thousands of actions (about 0.25 s in pure Python): at 0.03 s a move the decision still ends
    near its budget (before the playouts read the clock, two forced simulations took 10 budgets)
    and plays a legal move. The median of three decisions is judged: late in a long test run a
    collection of the whole interpreter's garbage can land in any one of them (once 0.155 s in
    CI), which is not the search's doing."""
    state = eighty_points.new_game(5, None)
    view = eighty_points.view(state, _seat(state))
    bot = OpenSpielISMCTSBot(time_per_move=0.03)
    spent = []
    for seed in range(3):
        gc.collect()
        start = time.process_time()
        assert bot.choose(view, seed) in view.legal_moves
        spent.append(time.process_time() - start)
    assert sorted(spent)[1] < 0.03 * 1.5


def test_a_view_with_one_move_is_answered_without_a_search() -> None:
    state = clubs.new_game(1, None)
    while len(clubs.legal_moves(state)) != 1:
        state = clubs.apply(state, clubs.legal_moves(state)[0])
    view = clubs.view(state, _seat(state))
    assert OpenSpielISMCTSBot(iterations=10**9).choose(view, 0) == view.legal_moves[0]
    waiting = clubs.view(state, (_seat(state) + 1) % 4)
    with pytest.raises(StateError, match="no move to choose"):
        OpenSpielISMCTSBot().choose(waiting, 0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 1},
        {"iterations": True},
        {"uct_c": 0},
        {"rollouts": 0},
        {"time_per_move": 0.0},
        {"time_per_move": float("inf")},
        {"iterations": 50, "time_per_move": 0.1},
    ],
)
def test_a_bad_budget_is_a_config_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        OpenSpielISMCTSBot(**kwargs)


def test_the_bot_pickles_for_the_arenas_worker_processes() -> None:
    bot = OpenSpielISMCTSBot(time_per_move=0.1)
    assert pickle.loads(pickle.dumps(bot)) == bot
