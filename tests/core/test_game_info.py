"""Each game's declared facts (``INFO``) agree with what its rules do: the seat counts its configs
make, the sides seats share results with, zero-sum outcomes, the phases play passes through, and
the step interface of games whose moves come in steps."""

from __future__ import annotations

import json
import random
from typing import Any, get_args

import attrs
import pytest

from cardrules import GAMES, clubs
from cardrules.game import GameInfo
from cardrules.registry import AnyGame
from cardrules.serialization import dumps, loads

_SHORT = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": GAMES["eighty_points"].Config(rounds=1),
}


def _configs(game: AnyGame) -> list[Any]:
    """The default config and one for each value of every field that can change the seats (a
    choice, or a bounded int)."""
    configs = [game.Config()]
    for field in attrs.fields(game.Config):
        meta = field.metadata
        values = list(meta.get("choices", ()))
        if "max" in meta:
            values += range(meta["min"], meta["max"] + 1)
        configs += [_config(game, field.name, value) for value in values]
    return configs


def _config(game: AnyGame, name: str, value: object) -> Any:
    """The default config with field ``name`` set to ``value`` as the JSON format writes it."""
    document = json.loads(dumps(game.Config()))
    document["data"][name] = value
    return loads(json.dumps(document))


def _random_outcomes(game: AnyGame, games: int) -> list[tuple[Any, set[str]]]:
    """Outcomes of random games, each with the phases its states passed through."""
    results = []
    for seed in range(games):
        choose = random.Random(seed)
        state = game.new_game(seed, _SHORT.get(game.NAME))
        phases = set()
        while (moves := game.legal_moves(state)) != ():
            phases.add(_phase(state))
            state = game.apply(state, choose.choice(moves))
        results.append((game.outcome(state), phases))
    return results


def _phase(state: Any) -> str:
    for layer in (state, *(getattr(state, name) for name in attrs.fields_dict(type(state)))):
        if attrs.has(type(layer)) and "phase" in attrs.fields_dict(type(layer)):
            return str(layer.phase)
    return ""


@pytest.mark.parametrize("name", list(GAMES))
def test_the_declared_seat_counts_are_those_the_configs_make(name: str) -> None:
    game = GAMES[name]
    assert sorted({game.num_players(c) for c in _configs(game)}) == list(game.INFO.seats)


@pytest.mark.parametrize("name", list(GAMES))
def test_seats_of_one_side_share_every_result_and_zero_sum_games_have_one_winning_side(name: str) -> None:
    info: GameInfo = GAMES[name].INFO
    for outcome, _ in _random_outcomes(GAMES[name], 6):
        seats = len(outcome.scores)
        side = [info.side_of(s) for s in range(seats)]
        for s in range(seats):
            mates = [t for t in range(seats) if side[t] == side[s]]
            assert {outcome.scores[t] for t in mates} == {outcome.scores[s]}
            assert all((t in outcome.winners) == (s in outcome.winners) for t in mates)
        if info.zero_sum:
            assert len(outcome.winners) == seats or len({side[w] for w in outcome.winners}) == 1


def test_clubs_is_declared_general_sum_because_tied_seats_all_win() -> None:
    """Some seeds end with two of four seats tied for the lowest score: both win, no side loses
    what they gain, so Clubs cannot be declared zero-sum."""
    shared = [o for o, _ in _random_outcomes(clubs, 40) if 1 < len(o.winners) < len(o.scores)]
    assert shared
    assert not clubs.INFO.zero_sum


@pytest.mark.parametrize("name", list(GAMES))
def test_play_passes_only_through_the_declared_phases(name: str) -> None:
    info = GAMES[name].INFO
    seen = set().union(*(phases for _, phases in _random_outcomes(GAMES[name], 4)))
    if seen == {""}:
        assert len(info.phases) == 1  # no phase field: one phase of play
    else:
        assert seen <= set(info.phases)
        assert info.phases[0] in seen


@pytest.mark.parametrize("name", list(GAMES))
def test_hidden_only_in_hands_is_true_exactly_when_no_config_deals_a_card_no_seat_holds(name: str) -> None:
    """At the first move of each config, every zone a seat cannot see must be another seat's hand
    (seen by its one holder) for the fact to hold."""
    game = GAMES[name]

    def only_hands(config: Any) -> bool:
        state = game.new_game(7, config)
        seats = game.num_players(config)
        unseen = [z for z in game.zones(state) if len(z.seen_by) < seats and z.cards]
        return all(len(z.seen_by) == 1 for z in unseen)

    assert all(only_hands(c) for c in _configs(game)) is game.INFO.hidden_only_in_hands


@pytest.mark.parametrize("name", [n for n in GAMES if hasattr(GAMES[n], "Phase")])
def test_the_declared_phases_are_the_states_phases_but_over_in_order(name: str) -> None:
    game: Any = GAMES[name]
    assert (*game.INFO.phases, "over") == get_args(game.Phase)


@pytest.mark.parametrize("name", list(GAMES))
def test_games_declared_in_steps_provide_the_step_interface(name: str) -> None:
    game = GAMES[name]
    names = ("STEP_COUNT", "CHOSEN_SIZE", "step_actions", "step_move", "move_steps", "chosen_faces")
    assert all(hasattr(game, n) for n in names) is game.INFO.moves_in_steps


def test_team_of_names_the_side_a_seat_plays_for() -> None:
    info = GameInfo(
        seats=(4, 6), teams=("Team A", "Team B"), zero_sum=True, chance_in_deals_only=True, phases=("x",)
    )
    assert [info.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert info.team_name(3) == "Team B"
    alone = attrs.evolve(info, teams=())
    assert alone.team_of(3) is None
    assert [info.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [alone.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    assert alone.team_name(3) is None
