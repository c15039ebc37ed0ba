"""``PIMCBot``: perfect-information Monte Carlo with an exact endgame solver, on every game."""

from __future__ import annotations

import functools
import itertools
import time
from typing import Any

import attrs
import pytest

from cardrules import GAMES, ConfigError, StateError, clubs, eighty_points, manager, pub_derby, rugby_league
from cardrules.bots import HeuristicBot
from cardrules.bots._budget import Budget
from cardrules.bots._plans import _PLANS, _clubs_history, _pub_derby_history
from cardrules.bots.names import LIBRARY_BOTS, read_bot_name
from cardrules.bots.pimc import PIMCBot, _choices, _Horizon, _maxn, _Search, _Tally, solve
from cardrules.pub_derby.policy import _odds
from cardrules.rng import derive_seed
from cardrules.rugby_league.state import ROW

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=8),
    "eighty_points": GAMES["eighty_points"].Config(rounds=1),
    # Blind play is answered over the scoreboard, with no search (tests/bots/test_scoreboard.py):
    # the search is tested where it runs, in open-hands play.
    "rugby_league": rugby_league.Config(open_hands=True),
}


def _decision_points(name: str, count: int, every: int = 5) -> list[Any]:
    """States along one game the heuristic bot plays where the seat has more than one choice (more
    than one legal move, and not all of them face-down Rugby League slots)."""
    game = GAMES[name]
    state = game.new_game(4, SMALL.get(name))
    found: list[Any] = []
    k = 0
    while state.to_act is not None and len(found) < count:
        view = game.view(state, state.to_act)
        if len(_choices(_PLANS[name], view, list(view.legal_moves))) > 1:
            if k % every == 0:
                found.append(state)
            k += 1
        state = game.apply(state, HeuristicBot().choose(view, 0))
    return found


def test_every_game_has_a_plan() -> None:
    assert set(_PLANS) == set(GAMES)


@pytest.mark.parametrize("name", list(GAMES))
def test_pimc_plays_legal_moves_deterministically_from_its_seed(name: str) -> None:
    game = GAMES[name]
    bot = PIMCBot(deals=3)
    for state in _decision_points(name, 4):
        view = game.view(state, state.to_act)
        move = bot.choose(view, 11)
        assert move in view.legal_moves
        assert PIMCBot(deals=3).choose(view, 11) == move


@pytest.mark.parametrize("name", list(GAMES))
def test_pimc_plays_a_whole_game(name: str) -> None:
    game = GAMES[name]
    config = clubs.Config(threshold=3) if name == "clubs" else SMALL.get(name)
    state = game.new_game(6, config)
    bots = [PIMCBot(deals=1, endgame=1), HeuristicBot()]
    k = 0
    while state.to_act is not None:
        view = game.view(state, state.to_act)
        state = game.apply(state, bots[state.to_act % 2].choose(view, k))
        k += 1
    assert game.outcome(state) is not None


def _library_bot(name: str) -> Any:
    """Each library bot by its name, a search with a small budget (``:N``)."""
    text = f"{name}:3" if name in ("ismcts", "pimc") else name
    found = read_bot_name(text)
    assert found is not None
    return found.make()


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("bot_name", LIBRARY_BOTS)
def test_every_library_bot_decides_the_same_with_the_hidden_cards_scrambled(name: str, bot_name: str) -> None:
    """Two states alike in the seat's view but with the hidden cards dealt otherwise (by
    ``sample_state``) get the same decision for the same seed."""
    game = GAMES[name]
    bot = _library_bot(bot_name)
    scrambled = 0
    for state in _decision_points(name, 3, every=3):
        seat = state.to_act
        other = game.sample_state(game.view(state, seat), 1234)
        scrambled += other != state
        assert game.view(other, seat) == game.view(state, seat)
        assert bot.choose(game.view(other, seat), 8) == bot.choose(game.view(state, seat), 8)
    assert scrambled >= 1


# An endgame worked out by hand. Two players, 24 tricks played: seat 1 took 10 clubs (five tricks
# of two), seat 0 one (the ace, thrown by seat 1, void in spades, onto seat 0's 2 of spades). Seat 1
# leads with 2C AD against seat 0's 3C 4H:
# - 2C: seat 0 must follow with 3C and takes both clubs, then leads 4H; seat 1 follows with AD,
#   taking no club: seat 1 ends the round with 10 clubs, seat 0 with 3.
# - AD: seat 0, void in diamonds, throws 3C (if it threw 4H, seat 1's 2C would draw its 3C and seat 0
#   would take two clubs); seat 1 takes it, then 2C takes the 4H: seat 1 ends with 12, seat 0 with 1.
_EVEN = ["4C5C", "6C7C", "8C9C", "TCJC", "QCKC", "2D3D", "4D5D", "6D7D", "8D9D", "TDJD", "QDKD", "2SAC"]
_ODD = ["3S4S", "5S6S", "7S8S", "9STS", "JSQS", "KSAS", "2H3H", "5H6H", "7H8H", "9HTH", "JHQH", "KHAH"]


def _hand_built_endgame() -> clubs.State:
    # Trick k is led by seat k % 2 and won by the follower's higher card, except trick 22 (the
    # ace of clubs thrown onto a spade, won by its leader, seat 0, who then leads trick 23).
    tricks = [f"{0 if k == 23 else k % 2}:{(_EVEN if k % 2 == 0 else _ODD)[k // 2]}" for k in range(24)]
    return clubs.from_text(f"clubs 2/20 1 0,0 3C4H/2CAD 1:- {','.join(tricks)} 1 12345")


def test_the_solver_finds_the_hand_worked_clubs_endgame() -> None:
    state = _hand_built_endgame()
    horizon = _Horizon(clubs, _PLANS["clubs"], state)
    low, ace = clubs.Play("2C"), clubs.Play("AD")
    assert solve(clubs, clubs.apply(state, low), horizon) == pytest.approx((1 - 3 / 13, 1 - 10 / 13))
    assert solve(clubs, clubs.apply(state, ace), horizon) == pytest.approx((1 - 1 / 13, 1 - 12 / 13))
    assert solve(clubs, state, horizon) == pytest.approx((1 - 3 / 13, 1 - 10 / 13))
    # The rule of thumb leads the lowest non-club, the ace; the search leads the 2 of clubs.
    view = clubs.view(state, 1)
    assert HeuristicBot().choose(view, 0) == ace
    assert PIMCBot(deals=1).choose(view, 0) == low


# 80 Points, one round, royal 2, spades trump; seat 3 started, so seats 1 and 3 defend. The
# attackers have 70 points and the bottom holds none (3C 6C 6C 6D 8C 8C 8D 8H). Two tricks are
# left, every card a trump but QH: BJ > SJ > 2S > 2C = 2H = 2D (the first played of these wins)
# > KS, the last 10 points. Seat 1 leads from 2D 2S; seat 0 holds 2C 2H, seat 2 QH SJ, seat 3
# KS BJ.
# - 2S (the rule of thumb's, its highest): seat 2 must follow with SJ. If seat 3 takes it with
#   BJ and leads KS, seat 0's 2C or 2H, played before seat 1's 2D, takes KS; if it throws KS
#   under SJ, the attackers take KS at once. Either way they reach 80 and take the defence at no
#   level gained: equal levels, the team defending next (the attackers) wins the one-round match.
# - 2D: SJ, then seat 3's BJ takes the trick, and KS led to the last trick falls to seat 1's 2S.
#   The defenders hold at 70 (+1 level, 3 against 2) and win.
# Each seat's reward is the rollout's: the mean of the match (1 or 0) and of its team's share of
# the points (the attackers' 70 or 80 of 160).
_EIGHTY_POINTS_ENDGAME = (
    "eighty_points 3/50/1 1 2,2 - play 3 2 S 0 2C2H/2D2S/QHSJ/KSBJ 3C6C6C6D8C8C8D8H 1:- "
    "3:ADAD.4D4D.7DTD.3D6D,3:JCJC.7C7C.TCKC.9CQC,3:JHJH.3H6H.4HKH.5H5H,3:AH.7H.7H.3H,"
    "3:KC.4C.3C.AC,2:6S6S.JSQS.5S5S.8S8S,1:AC.3S.5C.5C,2:4S4S.2DAS.9S9S.3S7S,0:AH.8H.TH.9H,"
    "0:KH.9H.4H.QH,0:JD.8D.TD.QD,3:KD.3D.9D.JD,3:TC.9C.4C.TS,2:KD.9D.5D.TS,1:QC.2C.2S.7D,"
    "3:TH.7S.QS.6H,1:SJ.BJ.2H.KS,2:QD.5D.JS.AS 70 1 2391376802751833528"
)
_HELD, _TAKEN = (1 + (1 - 70 / 160)) / 2, (0 + (1 - 80 / 160)) / 2


def test_the_solver_finds_the_hand_worked_eighty_points_endgame() -> None:
    state = eighty_points.from_text(_EIGHTY_POINTS_ENDGAME)
    horizon = _Horizon(eighty_points, _PLANS["eighty_points"], state)
    low, high = eighty_points.Play("2D"), eighty_points.Play("2S")
    assert HeuristicBot().choose(eighty_points.view(state, 1), 0) == high
    assert solve(eighty_points, eighty_points.apply(state, low), horizon)[1::2] == (_HELD, _HELD)
    assert solve(eighty_points, eighty_points.apply(state, high), horizon)[1::2] == (_TAKEN, _TAKEN)
    assert solve(eighty_points, state, horizon) == pytest.approx((1 - _HELD, _HELD) * 2)


@pytest.mark.parametrize(("endgame", "solved"), [(2, True), (1, False), (0, False)])
def test_pimc_solves_80_points_once_the_hands_hold_endgame_cards_or_fewer(
    monkeypatch: pytest.MonkeyPatch, endgame: int, solved: bool
) -> None:
    state = eighty_points.from_text(_EIGHTY_POINTS_ENDGAME)
    calls: list[Any] = []

    def spy(game: Any, after: Any, horizon: Any, table: Any = None) -> Any:
        calls.append(after)
        return solve(game, after, horizon, table)

    monkeypatch.setattr("cardrules.bots.pimc.solve", spy)
    search = _Search(eighty_points, eighty_points.view(state, 1), 0, endgame, None)
    assert search.judge(state, eighty_points.Play("2D"), 0, {}) == _HELD
    assert search.judge(state, eighty_points.Play("2S"), 0, {}) == _TAKEN
    assert len(calls) == (2 if solved else 0)


def test_an_eighty_points_round_is_valued_once_its_last_trick_is_led() -> None:
    """After the last lead every play is forced: the plan's deal ends there, valued as played out."""
    state = eighty_points.from_text(_EIGHTY_POINTS_ENDGAME)
    plan = _PLANS["eighty_points"]
    for cards in ("2D", "SJ", "BJ", "2C"):
        assert plan.deal(state) == (1, False)
        state = eighty_points.apply(state, eighty_points.Play(cards))
    assert plan.deal(state) == (1, False)  # seat 3 took the trick and leads the last one
    led = eighty_points.apply(state, eighty_points.Play("KS"))
    assert plan.deal(led) == (1, True)
    assert _Horizon(eighty_points, plan, state).value(led) == pytest.approx((1 - _HELD, _HELD) * 2)
    end = led
    for _ in range(3):
        assert len(eighty_points.legal_moves(end)) == 1
        end = eighty_points.apply(end, eighty_points.legal_moves(end)[0])
    assert end.to_act is None and end.table.points == 70


def _second_half_endgames(count: int) -> list[Any]:
    """Pub Derby states of the second half's last two tricks, from games the heuristic bot plays."""
    found = []
    for g in itertools.count():
        state = pub_derby.new_game(derive_seed(5, g))
        while state.to_act is not None:
            if state.progress.match.half == 2 and max(map(len, state.hands)) <= 2:
                found.append(state)
                break
            state = pub_derby.apply(state, HeuristicBot().choose(pub_derby.view(state, state.to_act), 0))
        if len(found) == count:
            return found
    raise AssertionError("unreachable")


def test_alpha_beta_between_two_sides_agrees_with_the_exhaustive_max_n() -> None:
    for state in _second_half_endgames(6):
        horizon = _Horizon(pub_derby, _PLANS["pub_derby"], state)
        exhaustive = _maxn(pub_derby.legal_moves, pub_derby.apply, horizon, state, {})
        pruned = solve(pub_derby, state, horizon)
        seat = state.to_act
        assert pruned[seat] == exhaustive[seat]
        for move in pub_derby.legal_moves(state):
            after = pub_derby.apply(state, move)
            mover = _maxn(pub_derby.legal_moves, pub_derby.apply, horizon, after, {})[seat]
            assert solve(pub_derby, after, horizon)[seat] == mover


def test_half_time_odds_count_a_win_and_half_a_draw_from_the_second_halfs_spread() -> None:
    # Second halves ending -1, 0, +1 for team A once, twice, once: leading by one at half time, A
    # wins on 0 and +1 (3 in 4) and draws on -1 (1 in 4, half a win).
    assert _odds((1, 2, 1)) == pytest.approx((0.0, 0.125, 0.5, 0.875, 1.0))


def _at_half_time(goals: tuple[int, int], yellows: tuple[int, int]) -> Any:
    """A classic Pub Derby match just past half time with the given goals and yellow cards."""
    state = pub_derby.new_game(3)
    while state.progress.match.half == 1 and state.to_act is not None:
        state = pub_derby.apply(state, HeuristicBot().choose(pub_derby.view(state, state.to_act), 0))
    match = attrs.evolve(state.progress.match, goals=goals, yellows=yellows)
    return attrs.evolve(state, progress=attrs.evolve(state.progress, match=match))


def test_pub_derbys_first_half_is_judged_at_half_time_by_the_second_halfs_odds() -> None:
    plan = _PLANS["pub_derby"]
    first_half = pub_derby.new_game(3)
    after = _at_half_time((1, 1), (0, 1))
    horizon = _Horizon(pub_derby, plan, first_half)
    assert horizon.ended(after)
    # Level, team B alone on a yellow card: team A's odds are 1 minus what team B's would be with
    # its yellow at a level score, from the classic "ours" counts (-4 ... +4, 9811 matches):
    # B wins on +1 ... +4 (2751) and draws on 0 (2834).
    b_odds = (1848 + 739 + 156 + 8 + 2834 / 2) / 9811
    assert horizon.value(after) == pytest.approx((1 - b_odds, b_odds, 1 - b_odds, b_odds))
    # Two goals up with no card, team A loses only on a second half lost by 3 or more (260 in 12282)
    # and draws on one lost by 2 (1165).
    ahead = horizon.value(_at_half_time((3, 1), (0, 0)))
    assert ahead[0] == pytest.approx(1 - (18 + 242 + 1165 / 2) / 12282)
    # The second half is played to full time, as before.
    assert not _Horizon(pub_derby, plan, after).ended(after)


def _season(season: int, points: tuple[int, int], winner: int | None) -> manager.SeasonResult:
    # Any season's value record, its points set to the margin the test wants.
    some = manager.season_value(("2C", "3D", "4H", "5S", "6C"), ("7C", "8D", "9H", "TS", "JC"))
    values = tuple(attrs.evolve(some, points=p) for p in points)
    return manager.SeasonResult(season=season, teams=((), ()), values=values, winner=winner)


def test_manager_is_judged_over_the_next_two_seasons_each_as_its_rollout_values_one() -> None:
    plan = _PLANS["manager"]
    before = manager.new_game(3)
    horizon = _Horizon(manager, plan, before)

    def scored(*results: manager.SeasonResult) -> Any:
        match = attrs.evolve(before.match, season=before.match.season + len(results))
        match = attrs.evolve(match, results=before.match.results + results)
        return attrs.evolve(before, match=match)

    one = scored(_season(2, (5, 2), 0))
    assert not horizon.ended(one)
    two = scored(_season(2, (5, 2), 0), _season(3, (0, 0), None))
    assert horizon.ended(two)
    # Won by 3: 3/4 + 1/4 x (1/2 + 3/16) = 0.921875; halved at 0: 3/8 + 1/8 = 0.5; their mean.
    assert horizon.value(two) == pytest.approx((0.7109375, 0.2890625))
    # Lost by 12 (the margin counts 8 at most): 1/4 x (1/2 - 8/16) = 0 to seat 0.
    assert horizon.value(scored(_season(2, (0, 12), 1), _season(3, (0, 12), 1))) == (0.0, 1.0)


def test_rugby_league_is_judged_at_half_time_as_its_rollout_values_it_and_later_at_the_end() -> None:
    plan = _PLANS["rugby_league"]
    before = rugby_league.new_game(3)

    def at(half: int, scores: tuple[int, int]) -> Any:
        match = attrs.evolve(before.field.match, half=half, scores=scores)
        return attrs.evolve(before, field=attrs.evolve(before.field, match=match))

    horizon = _Horizon(rugby_league, plan, before)
    assert not horizon.ended(at(1, (10, 0)))
    assert horizon.ended(at(2, (6, 0)))
    # 6 points ahead: 0.5 + 6/32; 20 behind counts as 16: 0.5 - 16/32.
    assert horizon.value(at(2, (6, 0))) == (0.6875, 0.3125)
    assert horizon.value(at(2, (0, 20))) == (0.0, 1.0)
    # From the second half a playout goes on through extra time to the end of the match.
    later = _Horizon(rugby_league, plan, at(2, (0, 0)))
    assert not later.ended(at(3, (4, 4)))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": 0}, "deals must be an int >= 1"),
        ({"deals": 2.5}, "deals must be an int >= 1"),
        ({"endgame": 9}, "endgame must be an int from 0 to 8"),
        ({"epsilon": 0}, "epsilon must be None or a number in"),
        ({"root": "ucb"}, "root must be 'flat' or 'halving'"),
        ({"epsilon": 1.5}, "epsilon must be None or a number in"),
        ({"time_per_move": 0}, "time_per_move must be a finite number"),
        ({"time_per_move": float("inf")}, "time_per_move must be a finite number"),
        ({"deals": 5, "time_per_move": 0.1}, "deals or time_per_move, not both"),
    ],
)
def test_pimc_refuses_bad_settings(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        PIMCBot(**kwargs)


def test_pimc_refuses_a_view_with_no_move_and_a_bad_seed() -> None:
    state = _decision_points("clubs", 1)[0]
    view = clubs.view(state, state.to_act)
    with pytest.raises(ConfigError, match="a seed is an int"):
        PIMCBot(deals=1).choose(view, "7")  # type: ignore[arg-type]
    with pytest.raises(StateError, match="no move"):
        PIMCBot(deals=1).choose(clubs.view(state, (state.to_act + 1) % 4), 0)


class _Ticks:
    """A fake CPU clock that advances one tick every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_on_the_clock_the_first_deal_is_cut_after_two_moves_when_time_is_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    judged: list[Any] = []
    original = __import__("cardrules.bots.pimc", fromlist=["_Search"])._Search.judge

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        judged.append((i, move))
        return float(original(self, dealt, move, i, table))

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    monkeypatch.setattr("cardrules.bots.pimc.Budget", functools.partial(Budget, clock=_Ticks()))
    state = next(s for s in _decision_points("clubs", 10) if len(clubs.legal_moves(s)) >= 4)
    view = clubs.view(state, state.to_act)
    move = PIMCBot(time_per_move=0.5).choose(view, 3)
    assert [i for i, _ in judged] == [0, 0]
    assert judged[0][1] == HeuristicBot().choose(view, 0)  # the rule of thumb's move comes first
    assert move in {m for _, m in judged}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_timed_decision_spends_about_its_budget_of_cpu_time(name: str) -> None:
    """On the real clock: at least half the budget, and within 1.2 budgets plus one judgement."""
    game = GAMES[name]
    state = _decision_points(name, 2)[-1]
    view = game.view(state, state.to_act)
    start = time.process_time()
    PIMCBot(deals=1).choose(view, 1)
    one_deal = time.process_time() - start
    start = time.process_time()
    move = PIMCBot(time_per_move=0.05).choose(view, 1)
    spent = time.process_time() - start
    assert move in view.legal_moves
    assert 0.025 <= spent <= 0.06 + one_deal


def test_clubs_history_replays_the_round_to_the_state_it_was_rebuilt_from() -> None:

    state = clubs.new_game(5, clubs.Config(threshold=20))
    for _ in range(30):
        state = clubs.apply(state, HeuristicBot().choose(clubs.view(state, state.to_act or 0), 0))
    history = _clubs_history(state)
    assert len(history) == 30
    replayed = history[0][0]
    assert replayed.tricks == () and all(len(h) == 13 for h in replayed.hands)
    for before, move in history:
        assert before == replayed
        replayed = clubs.apply(replayed, move)
    assert replayed == state


@pytest.mark.parametrize("half", [1, 2])
def test_pub_derby_history_rebuilds_every_play_of_the_half_as_its_seat_saw_it(half: int) -> None:

    state = pub_derby.new_game(5)
    seen: list[tuple[Any, Any]] = []
    while state.to_act is not None and len(seen) < 30:
        move = HeuristicBot().choose(pub_derby.view(state, state.to_act), 0)
        if state.progress.match.half == half:
            seen.append((state, move))
        state = pub_derby.apply(state, move)
    history = _pub_derby_history(state)
    assert len(history) == len(seen) == 30
    for (before, move), (real, played) in zip(history, seen):
        assert move == played
        assert (before.hands, before.trick, before.to_act) == (real.hands, real.trick, real.to_act)
        assert before.progress.leader == real.progress.leader
        assert before.progress.tricks == real.progress.tricks
        assert pub_derby.legal_moves(before) == pub_derby.legal_moves(real)
        seat = real.to_act
        assert HeuristicBot().choose(pub_derby.view(before, seat), 0) == played


def test_a_deal_is_weighted_by_how_likely_the_rule_of_thumb_made_the_other_seats_plays() -> None:
    """Every other seat played the rule of thumb here, so on the true deal each of their plays
    counts ``1 - epsilon + epsilon / legal moves``; a play off the rule of thumb ``epsilon / n``."""
    from cardrules.bots.pimc import _Search

    state = clubs.new_game(5, clubs.Config(threshold=20))
    for _ in range(9):
        state = clubs.apply(state, HeuristicBot().choose(clubs.view(state, state.to_act or 0), 0))
    seat = state.to_act or 0
    search = _Search(clubs, clubs.view(state, seat), 1, 2, 0.5)
    expected = 1.0
    for before, _ in _clubs_history(state):
        if before.to_act != seat:
            expected *= 0.5 + 0.5 / len(clubs.legal_moves(before))
    assert search.weight(state) == pytest.approx(expected)
    assert _Search(clubs, clubs.view(state, seat), 1, 2, None).weight(state) == 1.0
    # The next seat plays off the rule of thumb: its play counts epsilon / n on the deal after it.
    view = clubs.view(state, seat)
    own = HeuristicBot().choose(view, 0)
    after = clubs.apply(state, own)
    other = after.to_act or 0
    moves = clubs.legal_moves(after)
    off = next(m for m in moves if m != HeuristicBot().choose(clubs.view(after, other), 0))
    later = clubs.apply(after, off)
    assert _Search(clubs, clubs.view(later, seat), 1, 2, 0.5).weight(later) == pytest.approx(
        expected * 0.5 / len(moves)
    )


def test_on_the_clock_the_moves_are_halved_on_shared_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each judgement costs one tick of a fake clock: the first deal meets every move, each later
    deal the moves still in, fewer round by round, and the decision ends within the budget."""
    ticks = [0.0]
    judged: list[tuple[int, Any]] = []
    original = __import__("cardrules.bots.pimc", fromlist=["_Search"])._Search.judge

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        ticks[0] += 1.0
        judged.append((i, move))
        return float(original(self, dealt, move, i, table))

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    monkeypatch.setattr("cardrules.bots.pimc.Budget", functools.partial(Budget, clock=lambda: ticks[0]))
    state = next(s for s in _decision_points("clubs", 10) if len(clubs.legal_moves(s)) >= 8)
    view = clubs.view(state, state.to_act or 0)
    n = len(view.legal_moves)
    move = PIMCBot(time_per_move=60.0, root="halving").choose(view, 3)
    per_deal: dict[int, set[Any]] = {}
    for i, m in judged:
        per_deal.setdefault(i, set()).add(m)
    deals = [per_deal[i] for i in sorted(per_deal)]
    assert deals[0] == set(view.legal_moves) and len(judged) <= 60
    assert all(later <= earlier for earlier, later in itertools.pairwise(deals))
    assert len(deals[-1]) < n and move in deals[-1]


def test_on_the_clock_a_deal_that_runs_over_is_dropped_uncounted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A judgement costs one tick of a fake clock, on the second deal ten: that deal starts (two
    deals of eight cheap judgements fit in 50 ticks), runs over after four judgements and is
    dropped, so the move is the one the first deal alone picks, within the budget."""
    ticks = [0.0]
    judged: list[int] = []
    original = __import__("cardrules.bots.pimc", fromlist=["_Search"])._Search.judge

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        ticks[0] += 10.0 if i == 1 else 1.0
        judged.append(i)
        return float(original(self, dealt, move, i, table))

    state = next(s for s in _decision_points("clubs", 10) if len(clubs.legal_moves(s)) >= 8)
    view = clubs.view(state, state.to_act or 0)
    n = len(view.legal_moves)
    first_deal_alone = PIMCBot(deals=1).choose(view, 3)
    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    monkeypatch.setattr("cardrules.bots.pimc.Budget", functools.partial(Budget, clock=lambda: ticks[0]))
    move = PIMCBot(time_per_move=float(n + 42)).choose(view, 3)
    assert judged.count(0) == n and 1 <= judged.count(1) < n and 2 not in judged
    assert ticks[0] <= n + 42
    assert move == first_deal_alone


def test_halving_on_a_count_of_deals_spends_them_all_on_fewer_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[tuple[int, Any]] = []
    original = __import__("cardrules.bots.pimc", fromlist=["_Search"])._Search.judge

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        judged.append((i, move))
        return float(original(self, dealt, move, i, table))

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    state = next(s for s in _decision_points("clubs", 10) if len(clubs.legal_moves(s)) >= 8)
    view = clubs.view(state, state.to_act or 0)
    move = PIMCBot(deals=9, root="halving").choose(view, 3)
    assert sorted({i for i, _ in judged}) == list(range(9))
    last = {m for i, m in judged if i == 8}
    assert len(last) < len(view.legal_moves) and move in last
    assert PIMCBot(deals=9, root="halving").choose(view, 3) == move


def _judged(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The moves PIMC judges from now on, in order."""
    judged: list[Any] = []
    original = __import__("cardrules.bots.pimc", fromlist=["_Search"])._Search.judge

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        judged.append(move)
        return float(original(self, dealt, move, i, table))

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    return judged


def _rugby_view(state: Any) -> Any:
    return rugby_league.view(state, state.to_act)


def test_blind_rugby_is_answered_without_search_and_open_hands_slots_are_each_a_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In blind Rugby League every face-down slot is the same choice: a pick among slots alone is
    the rule of thumb's, and a slot beside a drop goal is answered over the scoreboard, neither
    with any deal judged; in open-hands play each slot is its own choice, judged on the deals."""
    judged = _judged(monkeypatch)
    state = rugby_league.new_game(3)
    view = _rugby_view(state)
    assert len(view.legal_moves) == ROW
    assert PIMCBot(deals=5).choose(view, 1) == HeuristicBot().choose(view, 0) and judged == []
    while rugby_league.AttemptDropGoal() not in view.legal_moves:
        state = rugby_league.apply(state, HeuristicBot().choose(view, 0))
        view = _rugby_view(state)
    assert PIMCBot(deals=3).choose(view, 1) in view.legal_moves and judged == []
    opened = rugby_league.new_game(3, rugby_league.Config(open_hands=True))
    seen = _rugby_view(opened)
    PIMCBot(deals=1).choose(seen, 1)
    assert len(judged) == len(seen.legal_moves) == ROW


def test_the_anchor_keeps_the_rule_of_thumbs_move_unless_another_leads_it_clearly() -> None:
    """Move "a" (the rule of thumb's) is worth 0.5 on each of three deals. "b" is worth 1, 0, 1: a
    mean lead of 1/6 with paired differences +1/2, -1/2, +1/2 (sample variance 1/3, standard error
    1/3), so within one standard error: "a" at ``anchor=1``, "b" at 0 (the plain mean). "c" leads
    by 0.4 on every deal (no spread): it is played at any anchor."""
    tally = _Tally("a")
    for a, b, c in [(0.5, 1.0, 0.9), (0.5, 0.0, 0.9), (0.5, 1.0, 0.9)]:
        tally.add({"a": a, "b": b, "c": c})
    assert tally.best(["a", "b"], 1.0) == "a"
    assert tally.best(["a", "b"], 0.4) == "b"  # 1/6 > 0.4 * 1/3
    assert tally.best(["a", "b"], 0.0) == "b"
    assert tally.best(["a", "b", "c"], 1.0) == "c"
    assert tally.best(["b"], 1.0) == "b"  # the rule of thumb's move already dropped (halving)


def test_one_deal_shows_no_lead_over_the_rule_of_thumbs_move_where_the_plan_anchors() -> None:
    """With one deal there is no spread to measure a lead against (a first deal cut short in a view
    of hundreds of 80 Points answers): anchored, the rule of thumb's move stays; unanchored, the
    deal's best is played."""
    tally = _Tally("a")
    tally.add({"a": 0.5, "b": 1.0})
    assert tally.best(["a", "b"], 1.0) == "a"
    assert tally.best(["a", "b"], 0.0) == "b"


@pytest.mark.parametrize(("lead", "kept"), [(0.1, True), (0.25, False)])
def test_eighty_points_plays_the_rule_of_thumb_unless_another_move_leads_by_one_standard_error(
    monkeypatch: pytest.MonkeyPatch, lead: float, kept: bool
) -> None:
    """80 Points' judgements are anchored at one standard error: the other moves lead the rule of
    thumb's by ``lead`` on average, alternately ``lead + 0.5`` and ``lead - 0.5`` over 8 deals (a
    paired spread of 0.53, standard error about 0.19): a lead of 0.1 is within it, 0.25 beyond it
    (and within two)."""

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        if move == self.policy(self.view):
            return 0.25
        return 0.25 + lead + (0.5 if i % 2 else -0.5)

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    state = _decision_points("eighty_points", 1)[0]
    view = eighty_points.view(state, state.to_act)
    played = PIMCBot(deals=8).choose(view, 1)
    assert (played == HeuristicBot().choose(view, 0)) is kept
    assert played in view.legal_moves


def test_rugby_plays_the_rule_of_thumb_unless_another_move_leads_by_two_standard_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rugby League's judgements (in open-hands play) are anchored at 2 standard errors, Clubs'
    not at all: a move that leads the rule of thumb's by 0.1 on average with a paired spread of 0.5
    (standard error 0.5 / sqrt(8), about 0.18) is played in Clubs and not in Rugby League."""

    def judge(self: Any, dealt: Any, move: Any, i: int, table: Any) -> float:
        if move == self.policy(self.view):
            return 0.5
        return 0.5 + (0.6 if i % 2 else -0.4)  # +0.6, -0.4, ...: mean lead 0.1

    monkeypatch.setattr("cardrules.bots.pimc._Search.judge", judge)
    state = rugby_league.new_game(3, rugby_league.Config(open_hands=True))
    view = _rugby_view(state)
    while rugby_league.AttemptDropGoal() not in view.legal_moves:
        state = rugby_league.apply(state, HeuristicBot().choose(view, 0))
        view = _rugby_view(state)
    assert PIMCBot(deals=8).choose(view, 1) == HeuristicBot().choose(view, 0)
    assert _PLANS["rugby_league"].anchor == 2.0
    state = _decision_points("clubs", 1)[0]
    seen = clubs.view(state, state.to_act)
    assert PIMCBot(deals=8).choose(seen, 1) != HeuristicBot().choose(seen, 0)


@pytest.mark.parametrize("name", ["clubs", "pub_derby", "manager"])
def test_estimates_among_some_moves_judge_them_on_the_same_deals_as_all(name: str) -> None:
    """``estimate_moves(..., among=(a, b))`` deals what the full estimate deals for the same seed
    and judges ``a`` and ``b`` on each deal exactly as it does (the review measures the best
    move's lead again this way, on another seed)."""
    from cardrules.bots.pimc import estimate_moves

    game = GAMES[name]
    state = game.new_game(5)
    for _ in range(200):
        if state.to_act is not None and len(game.legal_moves(state)) >= 3:
            break
        state = game.apply(state, game.legal_moves(state)[0])
    view = game.view(state, state.to_act)
    moves = tuple(view.legal_moves)
    full = estimate_moves(view, 11, deals=6)
    a, b = moves[-1], moves[0]
    some = estimate_moves(view, 11, deals=6, among=(a, b))
    assert some.moves == (a, b) and some.deals == full.deals == 6
    ia, ib = moves.index(a), moves.index(b)
    assert [(w, v) for w, v in some.rows] == [(w, (v[ia], v[ib])) for w, v in full.rows]
