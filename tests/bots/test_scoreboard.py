"""Blind Rugby League solved over its scoreboard (``cardrules.bots._scoreboard``), and PIMC's
answers from it: positions worked by hand, and the model's odds against matches the engine plays."""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest

from cardrules import rugby_league
from cardrules.bots import HeuristicBot
from cardrules.bots._scoreboard import Scoreboard, kick_odds, minimax
from cardrules.bots.pimc import PIMCBot
from cardrules.rugby_league.state import AWAY, HOME, own_space

AWAY_1, AWAY_2, AWAY_3 = own_space(AWAY, 1), own_space(AWAY, 2), own_space(AWAY, 3)


def test_a_kick_is_won_by_winning_enough_of_three_coin_flips() -> None:
    # 1 win of 3: all but three losses (7/8); 2 of 3: 4 of the 8 outcomes; 3 of 3: one.
    assert [kick_odds(k) for k in (1, 2, 3)] == [7 / 8, 4 / 8, 1 / 8]


def test_in_extra_time_on_the_away_1_space_a_card_scores_a_try_for_certain() -> None:
    """Extra time, home attacking on the away 1 space at a set's first tackle (no penalty can be
    conceded): the card moves the ball onto the try line whoever wins the tackle, and the try ends
    the match (1). A drop goal wins only 7 times in 8; a miss hands away the ball on its 2 space."""
    values = minimax().choices((3, 0, 0), HOME, AWAY_1, (False, 0), ("play", "drop"))
    assert values["play"] == 1.0
    assert values["drop"] == pytest.approx(7 / 8 + 1 / 8 * minimax().start(3, 1, 0, AWAY, own_space(AWAY, 2)))


def test_one_point_behind_in_the_last_set_a_card_is_an_even_chance() -> None:
    """The last set of the second half, home one point behind, attacking on the away 1 space with a
    tackle lost. A card: won, the ball reaches the try line (a win, 1); lost, it is the second lost
    tackle and the set and match end (0); a penalty against home ends the set too (0); one against
    away lets home tap and run from the away 1 space, where the next card is a try (1). The two
    penalties are equally likely, so the card is worth 1/2 exactly. A drop goal (one win of three)
    levels the score and takes the match to extra time, with home attacking first."""
    values = minimax().choices((2, 9, -1), HOME, AWAY_1, (True, 1), ("play", "drop"))
    assert values["play"] == pytest.approx(0.5)
    assert values["drop"] == pytest.approx(7 / 8 * minimax().start(3, 0, 0, HOME, own_space(HOME, 1)))


def test_a_try_in_the_first_halfs_last_set_leads_to_away_kicking_off_the_second() -> None:
    """The first half's last set, level, home on the away 1 space at a first tackle: the card is a
    try whoever wins the tackle (4). Won, the conversion needs one win of three (7/8); lost, the
    lost tackle counts and it needs two (1/2): converted 1/2 * 7/8 + 1/2 * 1/2 = 11/16 of the time.
    Then the half ends, and the second starts with away attacking from its own 1 space, home 6 or
    4 ahead."""
    kick_off = (AWAY, own_space(AWAY, 1))
    values = minimax().choices((1, 9, 0), HOME, AWAY_1, (False, 0), ("play",))
    converted, missed = minimax().start(2, 0, 6, *kick_off), minimax().start(2, 0, 4, *kick_off)
    assert values["play"] == pytest.approx(11 / 16 * converted + 5 / 16 * missed)
    assert 0.5 < missed < converted < 1


def test_still_level_after_extra_time_is_a_draw() -> None:
    """The last set of extra time, level, away attacking on the home 1 space at a first tackle: a
    card is a try for away whoever wins the tackle (home 0); a drop goal is one too 7 times in 8,
    and its miss ends the set and the match level, a draw (0.5): home's reward 1/8 * 1/2."""
    values = minimax().choices((4, 4, 0), AWAY, own_space(HOME, 1), (False, 0), ("play", "drop"))
    assert values == {"play": 0.0, "drop": pytest.approx(1 / 16)}


def test_a_kick_for_touch_restarts_two_places_on_in_the_same_set() -> None:
    position = (1, 3, -2)
    values = minimax().choices(position, HOME, own_space(HOME, 1), (False, 0), ("touch", "tap"))
    assert values["touch"] == minimax().start(*position, HOME, own_space(HOME, 3))
    assert values["tap"] == minimax().start(*position, HOME, own_space(HOME, 1))


def test_a_penalty_goal_from_the_away_3_space_needs_three_wins() -> None:
    """The last set, home one point behind, awarded a penalty on the away 3 space: a goal (three
    wins of three, 1/8) wins the match, a miss loses it; touch is not offered in the opponent's
    half; tap and run restarts there."""
    values = minimax().choices((2, 9, -1), HOME, AWAY_3, (False, 0), ("goal", "tap"))
    assert values["goal"] == pytest.approx(1 / 8)
    assert values["tap"] == minimax().start(2, 9, -1, HOME, AWAY_3)


def _view(half: int, sets: int, scores: tuple[int, int], attacker: int, ball: int, lost: int) -> Any:
    """The attacker's view at a set's first tackle of a blind match, the public facts given."""
    state = rugby_league.new_game(7)
    field = state.field
    match = attrs.evolve(field.match, half=half, sets=sets, scores=scores)
    field = attrs.evolve(field, attacker=attacker, ball=ball, tackles=0, lost=lost, match=match)
    return rugby_league.view(attrs.evolve(state, field=field, to_act=attacker), attacker)


def test_pimc_plays_a_card_where_the_rule_of_thumb_kicks_a_drop_goal_in_extra_time() -> None:
    view = _view(3, 0, (10, 10), HOME, AWAY_1, 0)
    assert rugby_league.AttemptDropGoal() in view.legal_moves
    assert type(HeuristicBot().choose(view, 0)) is rugby_league.AttemptDropGoal
    for bot in (PIMCBot(deals=3), PIMCBot(time_per_move=0.05)):
        assert type(bot.choose(view, 1)) is rugby_league.Choose


def _home_reward(state: Any) -> float:
    result = rugby_league.outcome(state)
    assert result is not None
    winners = result.winners
    return 0.5 if len(winners) == 2 else 1.0 if winners == (HOME,) else 0.0


@pytest.mark.slow  # long bot matches
def test_the_model_foretells_the_rule_of_thumbs_matches_as_the_engine_plays_them() -> None:
    """The rule of thumb at both seats, 1,500 blind matches of the engine. In each match one first
    tackle of a set or restart is picked (the k-th of the match, k from the seed), the model's
    odds for home there noted, and the match played out. Where the model said home was ahead by
    more than a quarter its wins must come out as often as foretold, and likewise where behind and
    in between, within three standard errors. The matches are fixed by their seeds; a try worth 3
    or a conversion worth nothing in the model puts a group 4 to 5 standard errors off."""
    model = Scoreboard(ruled=(HOME, AWAY))
    rule = HeuristicBot()
    groups: dict[str, list[tuple[float, float]]] = {"behind": [], "level": [], "ahead": []}
    for seed in range(1500):
        state = rugby_league.new_game(seed)
        pick, seen, foretold = seed % 23, 0, None
        while state.to_act is not None:
            field = state.field
            if field.phase == "tackle" and field.tackles == 0 and state.pending is None:
                if seen == pick:
                    match = field.match
                    diff = match.scores[0] - match.scores[1]
                    foretold = model.start(match.half, match.sets, diff, field.attacker, field.ball)
                seen += 1
            state = rugby_league.apply(state, rule.choose(rugby_league.view(state, state.to_act), 0))
        if foretold is not None:
            group = "ahead" if foretold > 0.75 else "behind" if foretold < 0.25 else "level"
            groups[group].append((foretold, _home_reward(state)))
    for group, pairs in groups.items():
        assert len(pairs) >= 100, group
        expected = sum(p for p, _ in pairs) / len(pairs)
        spread = math.sqrt(sum(p * (1 - p) for p, _ in pairs)) / len(pairs)
        seen_rate = sum(r for _, r in pairs) / len(pairs)
        assert abs(seen_rate - expected) <= 3 * spread, (group, seen_rate, expected, len(pairs))


def _blind_choices(count: int) -> list[Any]:
    """States of blind matches the rule of thumb plays where the seat has a choice beside a card
    (a drop goal, or a penalty's options)."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = rugby_league.new_game(seed)
        while state.to_act is not None and len(found) < count:
            view = rugby_league.view(state, state.to_act)
            if any(type(move) is not rugby_league.Choose for move in view.legal_moves):
                found.append(state)
            state = rugby_league.apply(state, HeuristicBot().choose(view, 0))
        seed += 1
    return found


def test_pimc_answers_blind_play_from_the_view_alone() -> None:
    """The hidden cards dealt otherwise (``sample_state``), the same view gets the same answer."""
    scrambled = 0
    for state in _blind_choices(12):
        seat = state.to_act
        view = rugby_league.view(state, seat)
        other = rugby_league.sample_state(view, 99)
        scrambled += other != state
        assert rugby_league.view(other, seat) == view
        assert PIMCBot(deals=2).choose(rugby_league.view(other, seat), 5) == PIMCBot(deals=2).choose(view, 5)
    assert scrambled >= 10


def test_pimc_plays_a_blind_match_to_its_end_against_the_rule_of_thumb() -> None:
    state = rugby_league.new_game(21)
    bots: list[Any] = [PIMCBot(time_per_move=0.01), HeuristicBot()]
    while state.to_act is not None:
        view = rugby_league.view(state, state.to_act)
        move = bots[state.to_act].choose(view, 3)
        assert move in view.legal_moves
        state = rugby_league.apply(state, move)
    assert rugby_league.outcome(state) is not None
