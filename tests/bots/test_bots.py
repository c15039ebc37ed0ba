"""Bots: every bot plays every registered game legally, deterministically, from views only."""

from __future__ import annotations

import itertools
import math
import random
from types import SimpleNamespace
from typing import Any

import pytest

from cardrules import GAMES, ConfigError, StateError, clubs, eighty_points, manager, pub_derby, rugby_league
from cardrules.bots import HeuristicBot, ISMCTSBot, RandomBot
from cardrules.bots.heuristic import POLICIES
from cardrules.bots.ismcts import random_rollout
from cardrules.cards import parse_cards
from cardrules.events import RoundScored
from cardrules.rng import derive_seed

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=8),
    "eighty_points": GAMES["eighty_points"].Config(rounds=1),
}


_BOTS = [HeuristicBot(), ISMCTSBot(iterations=30), ISMCTSBot(iterations=30, root="halving")]
_BOT_IDS = ["heuristic", "ismcts", "ismcts-halving"]


def _decision_points(name: str, count: int) -> list[Any]:
    """States along one random game with more than one legal move for the seat to act."""
    game = GAMES[name]
    state = game.new_game(3, SMALL.get(name))
    found: list[Any] = []
    k = 0
    while state.to_act is not None and len(found) < count:
        moves = game.legal_moves(state)
        if len(moves) > 1 and k % 5 == 0:
            found.append(state)
        state = game.apply(state, moves[derive_seed(3, k) % len(moves)])
        k += 1
    return found


def test_every_game_has_a_heuristic_policy() -> None:
    assert set(POLICIES) == set(GAMES)


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("bot", _BOTS, ids=_BOT_IDS)
def test_bot_returns_a_legal_move_and_is_deterministic(name: str, bot: Any) -> None:
    game = GAMES[name]
    for state in _decision_points(name, 4):
        view = game.view(state, state.to_act)
        move = bot.choose(view, 11)
        assert move in view.legal_moves
        assert bot.choose(view, 11) == move


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("bot", _BOTS, ids=_BOT_IDS)
def test_bot_sees_only_the_view(name: str, bot: Any) -> None:
    """Two different states with the same view (hidden cards re-dealt by sample_state) get the
    same move: the bot cannot use what the view hides."""
    game = GAMES[name]
    differing = 0
    for state in _decision_points(name, 3):
        view = game.view(state, state.to_act)
        other = game.sample_state(view, 99)
        assert game.view(other, state.to_act) == view
        differing += other != state
        assert bot.choose(game.view(other, state.to_act), 5) == bot.choose(view, 5)
    assert differing >= 1  # the hidden cards really were dealt differently


@pytest.mark.parametrize("name", list(GAMES))
def test_ismcts_plays_a_whole_game(name: str) -> None:
    game = GAMES[name]
    bots = [ISMCTSBot(iterations=8), HeuristicBot(), ISMCTSBot(iterations=8, root="halving")]
    state = game.new_game(5, SMALL.get(name))
    players = game.num_players(SMALL.get(name))
    moves = 0
    while state.to_act is not None:
        view = game.view(state, state.to_act)
        state = game.apply(state, bots[state.to_act % 3].choose(view, moves))
        moves += 1
        assert moves <= game.max_moves(SMALL.get(name))
    result = game.outcome(state)
    assert result is not None and len(result.scores) == players


def test_ismcts_seed_changes_the_search_but_not_the_legality() -> None:
    state = _decision_points("manager", 1)[0]
    view = manager.view(state, state.to_act)
    moves = {ISMCTSBot(iterations=20).choose(view, s) for s in range(6)}
    assert moves <= set(view.legal_moves)


def test_ismcts_rejects_bad_settings() -> None:
    with pytest.raises(ConfigError, match="iterations"):
        ISMCTSBot(iterations=0)
    with pytest.raises(ConfigError, match="exploration"):
        ISMCTSBot(exploration=-1.0)
    with pytest.raises(ConfigError, match="exploration"):
        ISMCTSBot(exploration=float("nan"))
    with pytest.raises(ConfigError, match="expand_after must be an int >= 1"):
        ISMCTSBot(expand_after=0)
    with pytest.raises(ConfigError, match="'ucb' or 'halving'"):
        ISMCTSBot(root="flat")  # type: ignore[arg-type]


@pytest.mark.parametrize("root", ["ucb", "halving"])
def test_expand_after_keeps_young_nodes_out_of_the_tree(monkeypatch: pytest.MonkeyPatch, root: str) -> None:
    """With the default threshold the tree grows below the root (some iterations apply two or more
    moves before their playout); with a threshold above the budget none does: every playout starts
    right after the decision's own move."""
    state = next(s for s in _decision_points("clubs", 12) if len(clubs.legal_moves(s)) >= 3)
    view = clubs.view(state, state.to_act)
    applied: list[int] = []

    def sample_state(v: Any, seed: int) -> Any:
        return clubs.sample_state(v, seed)

    def apply(st: Any, move: Any) -> Any:
        applied[-1] += 1
        return clubs.apply(st, move)

    def rollout(st: Any, seed: int) -> tuple[float, ...]:
        applied.append(0)
        return clubs.rollout(st, seed)

    spy = SimpleNamespace(
        sample_state=sample_state, rollout=rollout, legal_moves=clubs.legal_moves, apply=apply
    )
    monkeypatch.setattr("cardrules.bots.ismcts.game_of_view", lambda v: spy)
    for expand_after in (1, 61):
        applied[:] = [0]
        ISMCTSBot(iterations=60, root=root, expand_after=expand_after).choose(view, 3)  # type: ignore[arg-type]
        per_playout = applied[:-1]  # the moves applied before each playout
        assert len(per_playout) >= 50
        if expand_after == 1:
            assert max(per_playout) >= 2
        else:
            assert set(per_playout) == {1}


def test_halving_root_compares_the_moves_on_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sequential halving at the root: every move still in is played out on the same deals with the
    same playout seeds, so a small edge shows through noise many times larger; the budget is spent
    in ceil(log2 n) rounds, each on half the moves (rounded up) of the round before."""
    state = next(s for s in _decision_points("clubs", 12) if len(clubs.legal_moves(s)) >= 5)
    seat = state.to_act
    view = clubs.view(state, seat)
    moves = view.legal_moves
    target = moves[len(moves) // 2]
    deals: list[Any] = []
    playouts: list[int] = []
    root_move: list[Any] = []

    def sample_state(v: Any, seed: int) -> Any:
        deals.append(clubs.sample_state(v, seed))
        return deals[-1]

    def apply(st: Any, move: Any) -> Any:
        if st is deals[-1]:
            root_move.append(move)
        return clubs.apply(st, move)

    def rollout(st: Any, seed: int) -> tuple[float, ...]:
        playouts.append(seed)
        # Noise up to 0.9 from the deal's playout seed, and a 0.05 edge for one move.
        value = (seed % 1000) / 1000 * 0.9 + (0.05 if root_move[-1] == target else 0.0)
        return tuple(value if s == seat else 0.5 for s in range(4))

    spy = SimpleNamespace(
        sample_state=sample_state, rollout=rollout, legal_moves=clubs.legal_moves, apply=apply
    )
    monkeypatch.setattr("cardrules.bots.ismcts.game_of_view", lambda v: spy)
    assert ISMCTSBot(iterations=120, root="halving").choose(view, 4) == target
    groups = [sum(1 for _ in g) for _, g in itertools.groupby(playouts)]
    assert len(groups) == len(deals) == len(set(playouts))
    rounds = math.ceil(math.log2(len(moves)))
    sizes = [len(moves)]
    for _ in range(rounds - 1):
        sizes.append((sizes[-1] + 1) // 2)
    assert sorted(set(groups), reverse=True) == sizes
    assert groups == sorted(groups, reverse=True)
    assert sum(groups) <= 120


@pytest.mark.parametrize(
    ("moves", "iterations", "compared"), [(100, 700, 100), (100, 699, 99), (100, 200, 33)]
)
def test_halving_never_spends_more_than_its_budget(
    monkeypatch: pytest.MonkeyPatch, moves: int, iterations: int, compared: int
) -> None:
    """Halving gives each move still in one iteration a round at least: with n moves it needs
    n * ceil(log2 n) iterations (100 moves: 7 rounds, 700). Below that it compares the largest
    subset it can afford, drawn from the seed: 99 moves for 699 (99 * 7 = 693), 33 for 200
    (33 * 6 = 198, while 34 * 6 = 204)."""
    tried: list[int] = []

    def rollout(st: Any, seed: int) -> tuple[float, ...]:
        tried.append(st)
        return (st / moves, 0.5)

    spy = SimpleNamespace(
        sample_state=lambda v, seed: 0,
        rollout=rollout,
        legal_moves=lambda st: (),
        apply=lambda st, move: move,
    )
    monkeypatch.setattr("cardrules.bots.ismcts.game_of_view", lambda v: spy)
    view = SimpleNamespace(legal_moves=tuple(range(moves)), player=0)
    bot = ISMCTSBot(iterations=iterations, root="halving", expand_after=10**6)
    choice = bot.choose(view, 5)
    assert len(tried) <= iterations
    assert len(set(tried)) == compared
    assert choice == max(tried)  # the best of the moves compared
    tried.clear()
    assert bot.choose(view, 5) == choice


@pytest.mark.parametrize("bot", [HeuristicBot(), ISMCTSBot(iterations=5), RandomBot()])
def test_bots_refuse_a_finished_game(bot: Any) -> None:
    state = clubs.new_game(0, clubs.Config(threshold=1))
    while state.to_act is not None:
        state = clubs.apply(state, clubs.legal_moves(state)[0])
    with pytest.raises(StateError, match="no move"):
        bot.choose(clubs.view(state, 0), 0)


def test_bots_refuse_what_is_not_a_view() -> None:
    with pytest.raises(StateError, match="not the view of a registered game"):
        ISMCTSBot(iterations=5).choose(_FakeView(), 0)
    with pytest.raises(StateError, match="not the view of a registered game"):
        HeuristicBot().choose(_FakeView(), 0)


class _FakeView:
    player = 0
    to_act = 0
    legal_moves = (1, 2)


@pytest.mark.parametrize("name", list(GAMES))
def test_game_rollouts_give_a_reward_per_seat_in_range(name: str) -> None:
    """Issue 19 (contract): every game has ``rollout``, a reward in [0, 1] per seat, the same for
    the same seed."""
    game = GAMES[name]
    for state in _decision_points(name, 3):
        rewards = game.rollout(state, 1)
        assert len(rewards) == game.num_players(SMALL.get(name))
        assert all(0.0 <= r <= 1.0 for r in rewards)
        assert game.rollout(state, 1) == rewards


def test_pub_derby_rollout_is_the_uniform_random_playout_to_full_time() -> None:
    """docs/bot-measurements.md: Pub Derby's rollout plays uniformly random legal cards to full time
    and scores ``Outcome.rewards``: the generic playout with the same random stream, from every kind
    of state (a fresh match, mid-trick, the second half)."""
    state = pub_derby.new_game(11)
    pick = random.Random(11)
    checked = 0
    while state.to_act is not None:
        if pick.random() < 0.1:
            for seed in (1, 2):
                assert pub_derby.rollout(state, derive_seed(seed)) == random_rollout("pub_derby", state, seed)
            checked += 1
        state = pub_derby.apply(state, pick.choice(pub_derby.legal_moves(state)))
    assert checked > 3
    assert pub_derby.rollout(state, 0) == pub_derby.outcome(state).rewards()  # type: ignore[union-attr]


def test_eighty_points_rollout_is_the_heuristic_bots_play_to_the_round_end() -> None:
    """The 80 Points playout follows the rule of thumb at every move (no random moves): it equals
    HeuristicBot playing all four seats through the public API to the end of a one-round match,
    valued as its docstring says (mean of the outcome's rewards and the attackers' share of 160
    points), whatever the seed."""
    bot = HeuristicBot()
    for state in _decision_points("eighty_points", 4)[1:]:
        assert type(state) is eighty_points.State
        attackers = 1 - state.table.starter % 2
        end, points = state, None
        while end.to_act is not None:
            end, events = eighty_points.step(end, bot.choose(eighty_points.view(end, end.to_act), 0))
            points = next((e.points for e in events if type(e) is RoundScored), points)
        assert points is not None
        share = min(160, points[attackers]) / 160
        result = eighty_points.outcome(end)
        assert result is not None
        rewards = result.rewards()
        expected = tuple((rewards[s] + (share if s % 2 == attackers else 1 - share)) / 2 for s in range(4))
        for seed in (0, 1, 2**40 + 3):
            assert eighty_points.rollout(state, seed) == pytest.approx(expected)


@pytest.mark.parametrize("name", ["pub_derby", "manager"])
def test_generic_rollout_ends_in_the_outcome(name: str) -> None:
    game = GAMES[name]
    state = _decision_points(name, 1)[0]
    rewards = random_rollout(game, state, 4)
    assert set(rewards) <= {0.0, 0.5, 1.0}


def test_clubs_rollout_scores_the_round_by_clubs_taken() -> None:
    """Clubs' rollout stops at the round's end: with one trick left, the reward is exact. Seat 0
    leads AC to the last trick and takes all four clubs' worth of points it holds there."""
    state = clubs.new_game(0, clubs.Config(threshold=50))
    while len(state.hands[0]) > 1 or state.trick:
        state = clubs.apply(state, clubs.legal_moves(state)[0])
    rewards = clubs.rollout(state, 0)
    after = state
    while after.match.round == state.match.round and after.to_act is not None:
        after = clubs.apply(after, clubs.legal_moves(after)[0])
    taken = [a - b for a, b in zip(after.match.scores, state.match.scores)]
    assert rewards == tuple(1 - t / 13 for t in taken)


def test_manager_rollout_in_the_last_draft_gives_the_match_result() -> None:
    """Manager's rollout stops when the open draft closes; closing the tenth draft scores season 11
    and ends the match, so the rewards are the match's: 1, 0 or 0.5 each, summing to 1."""
    state = manager.new_game(3)
    while state.match.season < 10:
        state = manager.apply(state, manager.Pass())
    assert state.to_act is not None
    for seed in range(5):
        rewards = manager.rollout(state, seed)
        assert rewards in ((1.0, 0.0), (0.0, 1.0), (0.5, 0.5))
    while state.to_act is not None:
        state = manager.apply(state, manager.Pass())
    result = manager.outcome(state)
    assert result is not None
    assert manager.rollout(state, 0) == result.rewards()


def test_rugby_rollout_from_a_finished_match_is_its_outcome() -> None:
    state = rugby_league.new_game(1)
    while state.to_act is not None:
        state = rugby_league.apply(state, rugby_league.legal_moves(state)[0])
    result = rugby_league.outcome(state)
    assert result is not None
    assert rugby_league.rollout(state, 0) == result.rewards()


def test_pub_derby_heuristic_wins_the_opponents_trick_cheaply() -> None:
    """Pub Derby's rule of thumb: when the other team holds the trick, win it with the cheapest
    winning card that is not a jack (a jack would give the own team a yellow card)."""
    hands = [
        "2C AS KS QS JS TS 9S 8S",
        "3C JC 5C 6C 7C 8C 9C TC",
        "2D 3D 4D 5D 6D 7D 8D 9D",
        "2H 3H 4H 5H 6H 7H 8H 9H",
        "4C QC KC AC TD JD QD KD",
        "AD TH JH QH KH AH 3S 4S",
    ]
    cards = [c.split() for c in hands]
    deck = [cards[s][i] for i in range(8) for s in range(6)] + ["2S", "5S", "6S", "7S"]
    state = pub_derby.new_game(0, pub_derby.Config("pub"), deck=deck)
    state = pub_derby.apply(state, pub_derby.Play("2C"))
    view = pub_derby.view(state, 1)
    # Seat 1 can beat 2C (team A winning) with any club; the cheapest winning club is 3C.
    assert HeuristicBot().choose(view, 0) == pub_derby.Play("3C")
    state = pub_derby.apply(state, pub_derby.Play("3C"))
    state = pub_derby.apply(state, pub_derby.Play("2D"))
    state = pub_derby.apply(state, pub_derby.Play("2H"))
    # Seat 4 (team A): team B's 3C is winning; of the clubs that beat it, 4C is the cheapest.
    assert HeuristicBot().choose(pub_derby.view(state, 4), 0) == pub_derby.Play("4C")


def test_manager_heuristic_takes_the_exchange_with_the_best_margin() -> None:
    state = _decision_points("manager", 1)[0]
    view = manager.view(state, state.to_act)
    move = HeuristicBot().choose(view, 0)
    mine, theirs = view.teams[view.player], view.teams[1 - view.player]

    def margin(team: tuple[Any, ...]) -> int:
        return manager.season_value(team, theirs).points - manager.season_value(theirs, team).points

    best = max(
        margin(tuple(m.pool_card if c == m.team_card else c for c in mine))
        for m in view.legal_moves
        if type(m) is manager.Exchange
    )
    if type(move) is manager.Pass:
        assert best <= margin(mine)
    else:
        assert margin(tuple(move.pool_card if c == move.team_card else c for c in mine)) == best


def test_clubs_heuristic_ducks_and_dumps_clubs() -> None:
    """Clubs: following, the highest card under the winning one; void, the highest club."""
    hands = [
        "2C 7H TH 7C 2D 3D 4D 8D 2S 6S 8S QS AS",
        "2H 3H 6H JH 3C 4C 6C TC QC 5D 9D 3S 9S",
        "4H 5H 8H KH 4S TS 6D TD JD KD 9C JC AC",
        "7D QD AD 5S 7S JS KS 9H QH AH 5C 8C KC",
    ]
    cards = [parse_cards(h) for h in hands]
    deck = [cards[s][i] for i in range(13) for s in range(4)]
    state = clubs.new_game(0, clubs.Config(), deck=deck)
    bot = HeuristicBot()
    # Seat 0 leads its lowest non-club card: 2D (before 2S in hand order; 2C is a club).
    assert bot.choose(clubs.view(state, 0), 0) == clubs.Play("2D")
    state = clubs.apply(state, clubs.Play("2D"))
    # Seat 1 holds 5D 9D: neither ducks under 2D, and it is not last, so it plays low: 5D.
    assert bot.choose(clubs.view(state, 1), 0) == clubs.Play("5D")
    state = clubs.apply(state, clubs.Play("9D"))
    # Seat 2 holds 6D TD JD KD under 9D: the highest that still ducks is 6D.
    assert bot.choose(clubs.view(state, 2), 0) == clubs.Play("6D")
    state = clubs.apply(state, clubs.Play("KD"))
    # Seat 3 holds 7D QD AD: 7D and QD both duck under KD; the highest of them is QD.
    assert bot.choose(clubs.view(state, 3), 0) == clubs.Play("QD")


def _rugby_at(half: int, sets: int, scores: str, ball: int) -> rugby_league.View:
    """Home (seat 0) to tackle with the ball on ``ball``, in ``half`` after ``sets`` sets."""
    fields = rugby_league.to_text(rugby_league.new_game(3)).split(" ")
    fields[2], fields[3], fields[4], fields[7] = str(half), str(sets), scores, str(ball)
    return rugby_league.view(rugby_league.from_text(" ".join(fields)), 0)


@pytest.mark.parametrize(
    ("half", "sets", "scores", "tries"),
    [
        (3, 0, "5,5", True),  # extra time ends at the first score: one point wins
        (4, 4, "2,2", True),  # extra time's last set
        (2, 9, "4,5", True),  # the second half's last set, one point behind: it saves the match
        (2, 9, "5,5", True),  # ... level: it wins it
        (2, 9, "4,6", False),  # two behind: one point does not help
        (2, 8, "4,5", False),  # not yet the last set
        (1, 9, "0,0", False),  # the first half's last set: the match goes on
    ],
)
def test_rugby_heuristic_drops_for_goal_when_a_point_wins_or_saves(
    half: int, sets: int, scores: str, tries: bool
) -> None:
    view = _rugby_at(half, sets, scores, 5)  # space 5 is in the away half: a drop goal is offered
    assert rugby_league.AttemptDropGoal() in view.legal_moves
    chosen = HeuristicBot().choose(view, 0)
    assert (chosen == rugby_league.AttemptDropGoal()) is tries
