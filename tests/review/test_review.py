"""``cardrules.review``: every decision judged from the seat's own view, worths in each game's unit,
labels on positions worked out by hand, open-hands values in hindsight, and no peeking."""

from __future__ import annotations

import itertools
from types import MappingProxyType
from typing import Any

import attrs
import pytest

import high_card
from cardrules import GAMES, ConfigError, IllegalMoveError, StateError, clubs, registry, rugby_league
from cardrules.bots import _plans, pimc
from cardrules.bots._plans import _PLANS, _Plan
from cardrules.bots._scoreboard import Scoreboard
from cardrules.bots.heuristic import POLICIES, HeuristicBot
from cardrules.cards import parse_card
from cardrules.review import (
    LABELS,
    Decision,
    ReviewBudget,
    decisions_of,
    review,
    review_decision,
    review_of,
    to_json,
)
from cardrules.transcript import Transcript, replay_steps

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=8),
    "eighty_points": GAMES["eighty_points"].Config(rounds=1),
}

# A four-seat Clubs round with two tricks left, built by tools of the test's author from a legal
# round (``clubs.from_text`` checks it). Seat 0 led 5H; seats 1 and 2, void in hearts, threw KC and
# QC. Seat 3 holds AH 2H; the three cards it cannot see are 3D, JC and 5D, one in each other hand
# (it knows seats 1 and 2 hold no heart, and no heart is left but its own).
# - AH takes the trick (two clubs); seat 3 then leads 2H, which nobody can follow or beat, and
#   takes the last card of clubs too, wherever JC lies: 3 clubs.
# - 2H loses to 5H; seat 0 leads its last card (not a heart), which AH cannot win: 0 clubs.
# Whatever the deal of the hidden cards, AH costs 3 clubs: a blunder (3 clubs or more).
FOUR_SEAT = (
    "clubs 4/50 1 0,0,0,0 3D/JC/5D/2HAH 0:5HKCQC 0:4SQSJSTS,1:8C5C7C3C,1:4D9D6DTD,0:7S3S2SKS,"
    "3:4H7H8D2C,0:7DKDQDJD,1:TCAC9HQH,2:8S5SAS9C,0:THAD6S8H,0:6H2D9SJH,3:3HKH4C6C 3 5"
)

# Two seats, 24 tricks played (tests/bots/test_pimc.py's hand-worked endgame): seat 1 took 10
# clubs, seat 0 one. Seat 1 leads from 2C AD against seat 0's 3C 4H, which it can tell (every
# other card has been played):
# - 2C: seat 0 must follow with 3C and takes both clubs; seat 1 ends the round with 10 clubs.
# - AD: seat 0 throws 3C, seat 1 takes it, then its 2C takes the 4H: 12 clubs. A loss of 2 clubs:
#   a mistake (2 clubs or more, under 3).
_EVEN = ["4C5C", "6C7C", "8C9C", "TCJC", "QCKC", "2D3D", "4D5D", "6D7D", "8D9D", "TDJD", "QDKD", "2SAC"]
_ODD = ["3S4S", "5S6S", "7S8S", "9STS", "JSQS", "KSAS", "2H3H", "5H6H", "7H8H", "9HTH", "JHQH", "KHAH"]


def _two_seat_endgame() -> clubs.State:
    tricks = [f"{0 if k == 23 else k % 2}:{(_EVEN if k % 2 == 0 else _ODD)[k // 2]}" for k in range(24)]
    return clubs.from_text(f"clubs 2/20 1 0,0 3C4H/2CAD 1:- {','.join(tricks)} 1 12345")


def _worths(decision: Decision) -> dict[str, tuple[float, float, float | None]]:
    return {clubs.format_move(m.move): (m.worth, m.stderr, m.hindsight) for m in decision.moves}


def test_taking_a_trick_of_clubs_with_a_safe_discard_is_a_blunder() -> None:
    state = clubs.from_text(FOUR_SEAT)
    taken = review_decision(state, clubs.Play("AH"), budget=4, seed=3)
    assert taken.label == "blunder" and taken.best == clubs.Play("2H") and taken.seat == 3
    assert taken.loss == pytest.approx(3.0) and taken.loss_stderr == pytest.approx(0.0, abs=1e-12)
    worths = _worths(taken)
    assert worths["AH"][:2] == pytest.approx((3.0, 0.0)) and worths["2H"][:2] == pytest.approx((0.0, 0.0))
    assert worths["AH"][2] == pytest.approx(3.0) and worths["2H"][2] == pytest.approx(0.0)
    assert taken.deals == 4
    assert review_decision(state, clubs.Play("2H"), budget=4, seed=3).label == "best"


def test_a_two_club_loss_is_a_mistake_and_the_solver_agrees_with_the_hand_count() -> None:
    state = _two_seat_endgame()
    ace = review_decision(state, clubs.Play("AD"), budget=2)
    assert ace.label == "mistake" and ace.loss == pytest.approx(2.0) and ace.best == clubs.Play("2C")
    assert _worths(ace) == {"2C": pytest.approx((10, 0, 10)), "AD": pytest.approx((12, 0, 12))}


def _clubs_taken(state: clubs.State) -> list[int]:
    """Brute force, no table and no pruning: each seat's clubs at the round's end (the scores, from
    0) when every seat, in turn, plays the move that leaves it the fewest (the first of the best)."""
    if state.to_act is None or state.match.round != 1:
        return list(state.match.scores)
    mover = state.to_act
    outcomes = [_clubs_taken(clubs.apply(state, move)) for move in clubs.legal_moves(state)]
    return min(outcomes, key=lambda taken: taken[mover])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_open_hands_values_are_the_brute_force_answer_for_the_cards_as_dealt(seed: int) -> None:
    """The hidden cards of the four-seat position dealt otherwise: each move's hindsight worth is
    the brute-force count of the clubs its seat ends the round with, for those cards."""
    state = clubs.sample_state(clubs.view(clubs.from_text(FOUR_SEAT), 3), seed)
    decision = review_decision(state, clubs.Play("2H"), budget=2)
    for worth in decision.moves:
        after = clubs.apply(state, worth.move)
        assert worth.hindsight == pytest.approx(_clubs_taken(after)[3])


def test_no_hindsight_from_a_view_nor_where_many_tricks_are_left() -> None:
    state = clubs.from_text(FOUR_SEAT)
    from_view = review_decision(clubs.view(state, 3), clubs.Play("AH"), budget=2)
    assert [m.hindsight for m in from_view.moves] == [None, None]
    opening = clubs.new_game(1)
    early = review_decision(opening, clubs.legal_moves(opening)[0], budget=2)
    assert all(m.hindsight is None for m in early.moves) and len(early.moves) == 13


def _decision_states(name: str, count: int, config: Any = None) -> list[Any]:
    """States along a game the heuristic bot plays where the seat has more than one legal move."""
    game = GAMES[name]
    state = game.new_game(4, config if config is not None else SMALL.get(name))
    found: list[Any] = []
    k = 0
    while state.to_act is not None and len(found) < count:
        view = game.view(state, state.to_act)
        if len(view.legal_moves) > 1:
            if k % 7 == 3:
                found.append(state)
            k += 1
        state = game.apply(state, HeuristicBot().choose(view, 0))
    return found


def _without_hindsight(decision: Decision) -> Decision:
    return attrs.evolve(decision, moves=tuple(attrs.evolve(m, hindsight=None) for m in decision.moves))


_EVERY_GAME = [(name, None) for name in GAMES] + [("rugby_league", rugby_league.Config(open_hands=True))]


@pytest.mark.parametrize(
    ("name", "config"), _EVERY_GAME, ids=[f"{n}{'-open' if c else ''}" for n, c in _EVERY_GAME]
)
def test_no_peeking_a_review_is_the_same_for_every_deal_of_the_hidden_cards(name: str, config: Any) -> None:
    """The same view with the hidden cards dealt again (``sample_state``): the same review."""
    game = GAMES[name]
    redealt = 0
    for state in _decision_states(name, 2, config):
        seat = state.to_act
        view = game.view(state, seat)
        move = view.legal_moves[-1]
        original = review_decision(state, move, budget=2, seed=9)
        for s in range(3):
            other = game.sample_state(view, 100 + s)
            redealt += other != state
            again = review_decision(other, move, budget=2, seed=9)
            assert _without_hindsight(again) == _without_hindsight(original)
    assert redealt >= 1


def test_a_review_is_determined_by_its_seed_and_budget_of_deals() -> None:
    transcript = _short_clubs()
    first = review(transcript, 0, budget=2, seed=5)
    assert review(transcript, 0, budget=2, seed=5) == first
    assert review(transcript, 0, budget="2", seed=6) != first
    acted = [k for k, (before, _, _, _) in enumerate(replay_steps(transcript)) if before.to_act == 0]
    assert [d.index for d in first.decisions] == acted and len(acted) == 4


def _short_clubs() -> Transcript:
    """The first four tricks of a Clubs game the heuristic bot plays (an unfinished transcript)."""
    state = clubs.new_game(2)
    moves = []
    for _ in range(16):
        move = HeuristicBot().choose(clubs.view(state, state.to_act), 0)  # type: ignore[arg-type]
        moves.append(move)
        state = clubs.apply(state, move)
    return Transcript(game="clubs", seed=2, config=None, deck=None, moves=tuple(moves))


def test_each_seats_summary_counts_its_decisions_and_defines_accuracy() -> None:
    transcript = _short_clubs()
    whole = review(transcript, budget=2, seed=1)
    assert whole.seats == (0, 1, 2, 3) and len(whole.decisions) == 16 and whole.complete
    for summary in whole.summaries:
        mine = [d for d in whole.decisions if d.seat == summary.seat]
        assert sum(summary.labels) == summary.decisions == len(mine) == 4
        judged = [d for d in mine if d.label != "forced"]
        assert summary.judged == len(judged)
        within = [d for d in judged if d.label in ("best", "good")]
        assert summary.accuracy == pytest.approx(100 * len(within) / len(judged))
        assert summary.mean_loss == pytest.approx(sum(d.loss for d in judged) / len(judged))
        by_index = {d.index: d.loss for d in mine}
        losses = [by_index[k] for k in summary.costliest]
        assert losses == sorted(losses, reverse=True) and all(loss > 0 for loss in losses)
        assert max(d.loss for d in judged) == (losses[0] if losses else 0)
    # A seat's review alone is that seat's part of the whole game's.
    assert review(transcript, 2, budget=2, seed=1).decisions == tuple(
        d for d in whole.decisions if d.seat == 2
    )


def test_a_stopped_review_keeps_its_decisions_and_says_it_is_incomplete() -> None:
    transcript = _short_clubs()
    done: list[Decision] = []

    def stop(decision: Decision, count: int, total: int) -> None:
        done.append(decision)
        assert total == 4
        if count == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        review(transcript, 1, budget=2, on_decision=stop)
    part = review_of(transcript, 1, ReviewBudget(deals=2), 0, done, complete=False)
    assert not part.complete and part.summaries[0].decisions == 2
    assert to_json(part)["complete"] is False


def test_blind_rugby_values_are_the_solved_scoreboards() -> None:
    """Where blind Rugby League's plan answers over the public scoreboard, each move's worth is
    the scoreboard's minimax value of its option, as the seat's chance to win, exactly."""
    board = Scoreboard()
    options = {
        rugby_league.AttemptDropGoal: "drop",
        rugby_league.KickForTouch: "touch",
        rugby_league.KickForGoal: "goal",
        rugby_league.TapAndRun: "tap",
    }
    checked = 0
    state = rugby_league.new_game(5)
    while state.to_act is not None and checked < 4:
        view = rugby_league.view(state, state.to_act)
        if any(type(m) is not rugby_league.Choose for m in view.legal_moves):
            decision = review_decision(state, view.legal_moves[0], budget=2)
            assert decision.exact and decision.deals == 0
            for worth in decision.moves:
                option = options.get(type(worth.move), "play")
                home = board.choices(
                    (view.half, view.sets, view.scores[0] - view.scores[1]),
                    view.player,
                    view.ball,
                    (view.tackles >= 1, view.lost),
                    (option,),  # type: ignore[arg-type]
                )[option]  # type: ignore[index]
                assert worth.worth == pytest.approx(100 * (home if view.player == 0 else 1 - home))
                assert worth.stderr == 0
            checked += 1
        state = rugby_league.apply(state, HeuristicBot().choose(view, 0))
    assert checked == 4


def test_blind_rugby_cards_face_down_are_one_choice_so_forced() -> None:
    state = rugby_league.new_game(3)
    decision = review_decision(state, rugby_league.legal_moves(state)[0], budget=2)
    assert decision.label == "forced" and decision.moves == () and decision.loss == 0


def test_the_thresholds_label_each_loss_in_the_games_unit() -> None:
    from cardrules.review import _label

    worth = _PLANS["clubs"].worth
    assert worth.thresholds == (1.0, 2.0, 3.0) and worth.of(1.0) == 0 and worth.of(0.0) == 13
    labels = [_label(loss, 0.0, worth) for loss in (0.0, 0.5, 1.0, 1.99, 2.0, 3.0, 7.0)]
    assert labels == ["best", "good", "inaccuracy", "inaccuracy", "mistake", "blunder", "blunder"]
    # With noise, only what stands two standard errors clear counts: 3.0 - 2 * 0.5 = 2.0 clubs is
    # a mistake, not a blunder; 2.5 - 2 * 0.8 = 0.9 is under the inaccuracy threshold, so good;
    # 4.0 - 2 * 0.4 = 3.2 still a blunder; a loss of 0 stays best whatever its error.
    noisy = [_label(loss, se, worth) for loss, se in ((3.0, 0.5), (2.5, 0.8), (4.0, 0.4), (0.0, 1.0))]
    assert noisy == ["mistake", "good", "blunder", "best"]
    assert LABELS == ("forced", "best", "good", "inaccuracy", "mistake", "blunder")


def test_every_game_names_its_worth() -> None:
    for name in GAMES:
        worth = _PLANS[name].worth
        assert worth.unit and worth.meaning and worth.thresholds == tuple(sorted(worth.thresholds))
        assert worth.loss(0.1) > 0


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("64", ReviewBudget(deals=64)),
        ("0.5s", ReviewBudget(seconds=0.5)),
        ("250ms", ReviewBudget(seconds=0.25)),
    ],
)
def test_a_budget_reads_as_deals_or_seconds(text: str, budget: ReviewBudget) -> None:
    assert ReviewBudget.parse(text) == budget


@pytest.mark.parametrize("text", ["", "fast", "0.5", "-2", "1", "0s", "2 deals", "0.5 h"])
def test_a_budget_that_does_not_parse_is_a_config_error(text: str) -> None:
    with pytest.raises(ConfigError, match=r"a review's budget"):
        ReviewBudget.parse(text)


def test_bad_input_is_a_typed_error() -> None:
    transcript = _short_clubs()
    with pytest.raises(ConfigError, match="seat must be a seat of this clubs game, 0 to 3, got 4"):
        review(transcript, 4)
    with pytest.raises(StateError, match="expected a Transcript"):
        decisions_of("not a transcript")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="budget"):
        review(transcript, 0, budget=1.5)  # type: ignore[arg-type]
    state = clubs.from_text(FOUR_SEAT)
    with pytest.raises(IllegalMoveError, match="not a legal move of seat 3"):
        review_decision(state, clubs.Play("3D"))
    with pytest.raises(StateError, match="expected a game's State or View"):
        review_decision("QS", clubs.Play("3D"))


# --- a game added by docs/architecture.md's steps: the toy High Card ------------------------------


@pytest.fixture
def high_card_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card registered as step 4 and given a plan as step 5 would (the default plan, with the
    tricks counted so the solver plays its end); its rule of thumb read from its ``policy``."""
    games = MappingProxyType({**registry.GAMES, "high_card": high_card})
    monkeypatch.setattr(registry, "GAMES", games)
    plans = MappingProxyType(
        {**_PLANS, "high_card": _Plan(tricks_left=lambda s: max(len(h) for h in s.hands))}
    )
    monkeypatch.setattr(_plans, "_PLANS", plans)
    from high_card import policy

    monkeypatch.setattr(pimc, "POLICIES", {**POLICIES, "high_card": policy.heuristic_move})


def test_a_sixth_game_is_reviewed_through_its_contract_and_its_plan(high_card_registered: None) -> None:
    """Seat 0 holds 9S JS AS, seat 1 TS QS KS, and seat 0 leads 9S. Seat 1 wins two tricks (the
    game) only by taking it with TS: then QS or KS beats JS after AS has taken one. With QS or KS
    it keeps TS, beaten by JS, and AS beats its other card: it wins one trick and loses. In the
    game's unit, the chance to win: 100 against 0, a blunder (15 or more)."""
    card = parse_card
    state = high_card.State(
        ((card("9S"), card("JS"), card("AS")), (card("TS"), card("QS"), card("KS"))), (), 0, (), 0
    )
    high_card.validate(state)
    state = high_card.apply(state, high_card.Play("9S"))
    decision = review_decision(state, high_card.Play("KS"), budget=3)
    assert decision.label == "blunder" and decision.loss == pytest.approx(100.0)
    assert decision.best == high_card.Play("TS")
    assert [(m.worth, m.hindsight) for m in decision.moves] == [(100.0, 100.0), (0.0, 0.0), (0.0, 0.0)]
    assert review_decision(state, high_card.Play("TS"), budget=3).label == "best"


def test_the_json_is_plain_and_names_moves_in_the_games_notation() -> None:
    state = clubs.from_text(FOUR_SEAT)
    decision = review_decision(state, clubs.Play("AH"), budget=2, index=51)
    transcript = _short_clubs()
    shown = to_json(review_of(transcript, 3, ReviewBudget(deals=2), 0, [decision]))
    assert shown["worth"]["unit"] == "clubs" and shown["budget"] == {"deals": 2, "seconds": None}
    (row,) = shown["decisions"]
    assert row["played"] == "AH" and row["best"] == "2H" and row["label"] == "blunder" and row["index"] == 51
    assert [m["move"] for m in row["moves"]] == ["2H", "AH"]
    assert shown["summaries"][0]["labels"]["blunder"] == 1 and shown["summaries"][0]["costliest"] == [51]
    assert list(itertools.chain(shown)) == [
        "format",
        "game",
        "seats",
        "seed",
        "budget",
        "complete",
        "worth",
        "decisions",
        "summaries",
    ]


def test_the_loss_is_measured_on_fresh_deals_against_the_best() -> None:
    """The best move is the highest of the first deals' noisy estimates, so its lead there is
    overstated: a decision's loss and its error are the best move's lead over the move played on
    four times as many deals again, dealt apart (``derive_seed(seed, 1)``), never below 0."""
    from cardrules import pub_derby
    from cardrules.bots.pimc import estimate_moves
    from cardrules.rng import derive_seed

    state = pub_derby.new_game(3)
    while len(pub_derby.legal_moves(state)) < 4:
        state = pub_derby.apply(state, pub_derby.legal_moves(state)[0])
    assert state.to_act is not None
    view = pub_derby.view(state, state.to_act)
    found = estimate_moves(view, 9, deals=6)
    worst = min(range(len(found.moves)), key=lambda k: found.reward(k)[0])
    played = found.moves[worst]
    decision = review_decision(state, played, budget=6, seed=9)
    assert decision.best != played and [m.move for m in decision.moves] == list(found.moves)
    again = estimate_moves(view, derive_seed(9, 1), deals=4 * 6, among=(decision.best, played))
    lead, error = again.lead(0, 1)
    worth = _PLANS["pub_derby"].worth
    assert decision.loss == max(0.0, worth.loss(lead)) and decision.loss_stderr == worth.loss(error)
    assert (decision.loss, decision.loss_stderr) != (worth.loss(found.lead(0, worst)[0]), 0.0)
