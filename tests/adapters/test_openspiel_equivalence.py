"""The OpenSpiel adapter plays exactly the rules: random games of every game, through the adapter and
through the rules side by side from the same seed, agree at every step on the state, the seat to
act, the legal actions (the pyspiel API's answers and the C++ side's), the returns, and every seat's
observation and information-state tensors and strings, each worked out from the rules' own
functions. Clones and serialized copies branch off and are checked against the rules too."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from cardrules import GAMES, IllegalMoveError, clubs, dumps, eighty_points, manager, tensors  # noqa: E402
from cardrules.adapters.openspiel import load  # noqa: E402

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}


class _Rules:
    """One game played through the rules alone: the cardrules state and (80 Points) the steps
    chosen towards the next move."""

    def __init__(self, name: str, state: Any) -> None:
        self.module, self.stepped = GAMES[name], name == "eighty_points"
        self.state: Any = state
        self.chosen: tuple[int, ...] = ()

    def actions(self) -> list[int]:
        """The legal actions as the rules give them: 80 Points' steps, else the encoded legal moves."""
        if self.stepped:
            return list(eighty_points.step_actions(self.state, self.chosen))
        encoded = sorted(self.module.encode_move(m) for m in self.module.legal_moves(self.state))
        assert encoded == list(self.module.legal_actions(self.state))
        return encoded

    def play(self, rng: random.Random) -> int:
        """Choose a legal move (or step) at random, make it, and return its action number."""
        if not self.stepped:
            move = rng.choice(self.module.legal_moves(self.state))
            self.state = self.module.apply(self.state, move)
            return int(self.module.encode_move(move))
        action = rng.choice(self.actions())
        self.chosen = (*self.chosen, action)
        move = eighty_points.step_move(self.state, self.chosen)
        if move is not None:
            self.state, self.chosen = self.module.apply(self.state, move), ()
        return action

    def copy(self) -> _Rules:
        other = _Rules.__new__(_Rules)
        other.__dict__.update(self.__dict__)
        return other


def _check_seat(rules: _Rules, state: Any, seat: int) -> None:
    """``seat``'s tensors and strings are the rules' view's, as the adapter's docstring says."""
    view = rules.module.view(rules.state, seat)
    mine = rules.chosen if rules.state.to_act == seat else ()
    faces = list(eighty_points.chosen_faces(mine)) if rules.stepped else []
    observation = list(tensors.observation_tensor(view)) + faces
    information = list(tensors.information_state_tensor(view)) + faces
    np.testing.assert_array_equal(state.observation_tensor(seat), np.asarray(observation, np.float32))
    np.testing.assert_array_equal(state.information_state_tensor(seat), np.asarray(information, np.float32))
    assert state.observation_string(seat) == f"p{seat}\n{rules.module.render(view)}"
    assert state.information_state_string(seat) == f"{dumps(view)} steps {list(mine)}"


def _check(rules: _Rules, state: Any, seats: int, observe: bool) -> None:
    """The adapter's state is the rules' position, from Python and from the C++ side alike."""
    assert state.inner is rules.state or state.inner == rules.state
    assert state.chosen == rules.chosen
    to_act = rules.state.to_act
    player = pyspiel.PlayerId.TERMINAL if to_act is None else to_act
    assert state.current_player() == player and pyspiel.State.current_player(state) == player
    assert state.is_terminal() == (to_act is None) == pyspiel.State.is_terminal(state)
    assert not state.is_chance_node() and not pyspiel.State.is_chance_node(state)
    legal = [] if to_act is None else rules.actions()
    assert state.legal_actions() == legal and pyspiel.State.legal_actions(state) == legal
    for seat in range(seats):
        expected = legal if seat == to_act else []
        assert state.legal_actions(seat) == expected == pyspiel.State.legal_actions(state, seat)
    outcome = rules.module.outcome(rules.state)
    returns = [0.0] * seats if outcome is None else [2.0 * r - 1.0 for r in outcome.rewards()]
    assert state.returns() == returns
    if observe:
        for seat in range(seats):
            _check_seat(rules, state, seat)


def _dealt(name: str, seed: int) -> tuple[Any, Any]:
    """The adapter's state with ``seed``'s eight bytes drawn, each a chance outcome, and its game."""
    game = load(name, SMALL.get(name))
    state = game.new_initial_state()
    for i, byte in enumerate(seed.to_bytes(8, "big")):
        assert state.is_chance_node() and pyspiel.State.is_chance_node(state)
        assert state.current_player() == pyspiel.PlayerId.CHANCE == pyspiel.State.current_player(state)
        assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
        assert state.legal_actions() == list(range(256))
        assert state.seed_bytes == list(seed.to_bytes(8, "big")[:i])
        state.apply_action(byte)
    return game, state


def _branch(game: Any, state: Any, rules: _Rules, rng: random.Random) -> None:
    """A clone and a deserialized copy each play on differently, each still the rules' game, and
    the original is untouched (clones share what the adapter remembers of a position)."""
    seats = game.num_players()
    before = state.inner, state.chosen, state.legal_actions()
    saved = pyspiel.serialize_game_and_state(game, state)
    for copy in (state.clone(), pyspiel.deserialize_game_and_state(saved)[1]):
        other = rules.copy()
        for _ in range(3):
            if copy.is_terminal():
                break
            copy.apply_action(other.play(rng))
            _check(other, copy, seats, observe=False)
    assert (state.inner, state.chosen, state.legal_actions()) == before
    _check(rules, state, seats, observe=False)


def _play(name: str, seed: int, observe_every: int) -> int:
    game, state = _dealt(name, seed)
    rules = _Rules(name, GAMES[name].new_game(seed, SMALL.get(name)))
    rng, seats, steps = random.Random(seed), game.num_players(), 0
    _check(rules, state, seats, observe=True)
    while not state.is_terminal():
        state.apply_action(rules.play(rng))
        steps += 1
        _check(rules, state, seats, observe=steps % observe_every == 0 or state.is_terminal())
        # Every step of 80 Points' plays (where a clone's step may leave the move unmade), else a few.
        if steps % 23 == 0 or (rules.stepped and rules.state.table.phase == "play"):
            _branch(game, state, rules, rng)
    assert state.legal_actions() == [] and rules.module.outcome(rules.state) is not None
    return steps


@pytest.mark.parametrize("name", list(GAMES))
def test_the_adapter_plays_the_rules_game_step_by_step(name: str) -> None:
    """Four games each (one in 80 Points, whose games are long), every seat observed every step."""
    for seed in range(1, 2 if name == "eighty_points" else 5):
        assert _play(name, seed * 7919, observe_every=1) > 10


@pytest.mark.slow  # many more games
@pytest.mark.parametrize("name", list(GAMES))
def test_many_games_through_the_adapter_are_the_rules_games(name: str) -> None:
    for seed in range(100, 110 if name == "eighty_points" else 140):
        _play(name, seed, observe_every=5)


@pytest.mark.parametrize("name", [n for n in GAMES if n != "eighty_points"])
def test_an_illegal_action_is_refused_as_the_rules_refuse_it(name: str) -> None:
    """An illegal action raises decode_move's error and changes nothing, with the legal actions
    asked first (so the adapter remembers them) or not, and for an action the same game object has
    seen played in an earlier game."""
    module = GAMES[name]
    game, earlier = _dealt(name, 4)
    played, rng = set(), random.Random(4)
    while not earlier.is_terminal():
        action = rng.choice(earlier.legal_actions())
        earlier.apply_action(action)
        played.add(action)
    for ask_first in (True, False):
        state = game.new_initial_state()
        for byte in (5).to_bytes(8, "big"):
            state.apply_action(byte)
        native = module.new_game(5, SMALL.get(name))
        unplayable = played - set(module.legal_actions(native))
        assert unplayable  # actions the game object decoded before, illegal here
        illegal = min(unplayable)
        if ask_first:
            state.legal_actions()
        with pytest.raises(IllegalMoveError) as refused:
            module.decode_move(native, illegal)
        with pytest.raises(IllegalMoveError, match="is not legal here") as caught:
            state.apply_action(illegal)
        assert str(caught.value) == str(refused.value)
        assert state.inner == native and len(state.history()) == 8


def test_a_state_serialized_by_cardrules_0_1_still_loads() -> None:
    """Written by the 0.1 adapter (Clubs, three seats, threshold 5, seed bytes 1 to 8, five cards
    played), it loads as that position and plays on."""
    text = (Path(__file__).parent / "openspiel_state_0.1.txt").read_text(encoding="utf-8")
    game, state = pyspiel.deserialize_game_and_state(text)
    assert game.cardrules_config == clubs.Config(players=3, threshold=5)
    assert state.seed_bytes == [1, 2, 3, 4, 5, 6, 7, 8] and state.chosen == ()
    assert clubs.to_text(state.inner) == (
        "clubs 3/5 1 0,0,0 3C7C8CQCKC4D8D9DTD6HQHKH4S7STS/5CTCJDQDAD3H7H8HJHAH2S3S5S8SJSKS/"
        "4C6CAC5D6D7D2H4H5H9HTH6S9SQSAS 2:3DKD 0:2C9CJC 1 9660013360277405495"
    )
    # Seat 2 led 3D and seat 0 played KD: seat 1 follows, and has QD, JD, AD.
    assert state.current_player() == 1 and state.legal_actions() == list(clubs.legal_actions(state.inner))
    before = state.inner
    state.apply_action(state.legal_actions()[0])
    assert state.inner == clubs.apply(before, clubs.legal_moves(before)[0]) and len(state.history()) == 14


def _step_expected(state: Any, chosen: tuple[int, ...]) -> tuple[Any, tuple[int, ...]] | str:
    """What the rules make of the steps ``chosen``: the state and steps after them, or the message
    of step_move's IllegalMoveError."""
    try:
        move = eighty_points.step_move(state, chosen)
    except IllegalMoveError as error:
        return str(error)
    return (state, chosen) if move is None else (eighty_points.apply(state, move), ())


def _every_step(state: Any, native: Any, chosen: tuple[int, ...]) -> None:
    """Each of the 167 step actions from the adapter's ``state`` (the rules' ``native`` with the
    steps ``chosen``), with the legal actions asked first or not: taken or refused as the rules do."""
    for ask_first in (True, False):
        for action in range(eighty_points.STEP_COUNT):
            copy = state.clone()
            if ask_first:
                assert copy.legal_actions() == list(eighty_points.step_actions(native, chosen))
            expected = _step_expected(native, (*chosen, action))
            if isinstance(expected, str):
                with pytest.raises(IllegalMoveError) as caught:
                    copy.apply_action(action)
                assert str(caught.value) == expected
                assert (copy.inner, copy.chosen) == (native, chosen)
            else:
                copy.apply_action(action)
                assert (copy.inner, copy.chosen) == expected


@pytest.mark.parametrize("seed", [1, 2])
def test_every_step_of_80_points_is_taken_or_refused_as_the_rules_do(seed: int) -> None:
    """Every step action, taken or refused as the rules do, from the play positions of a game
    where a first step begins a longer move (several cards to follow with; a pair that could
    become a tractor, which END_PLAY ends) and every thirtieth other one, and after two such first
    steps. Hand-found: game 1 has the first kind, game 2 the second as well."""
    _, state = _dealt("eighty_points", seed)
    native = eighty_points.new_game(seed, SMALL["eighty_points"])
    rng, k = random.Random(seed), 0
    kinds: set[str] = set()
    while native.to_act is not None:
        if native.table.phase == "play":
            longer = [
                a for a in eighty_points.step_actions(native, ()) if not eighty_points.step_move(native, (a,))
            ]
            kinds.update(
                "grow" if eighty_points.END_PLAY in eighty_points.step_actions(native, (a,)) else "longer"
                for a in longer
            )
            if longer or k % 30 == 0:
                _every_step(state, native, ())
            for a in longer[:2]:  # enough: the others are alike
                begun = state.clone()
                begun.apply_action(a)
                _every_step(begun, native, (a,))
        move = rng.choice(eighty_points.legal_moves(native))
        for step in eighty_points.move_steps(native, move):
            state.apply_action(step)
        native, k = eighty_points.apply(native, move), k + 1
    assert state.is_terminal() and "longer" in kinds and (seed != 2 or "grow" in kinds)
