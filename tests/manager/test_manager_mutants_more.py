"""Manager: more hand-worked tests, each pinning one rule or documented behaviour that a mutant of
the source broke without a test noticing.

The rollout tests drive the playout's random source by hand (``playout_random`` is replaced by a
script of draws), so the playout's documented choices can be checked one by one: a draw under
0.1 makes a uniformly random move (the next draw picks it), any other draw the greedy one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from cardrules import ConfigError, IllegalMoveError, StateError, manager
from cardrules.cards import Suit, standard_deck
from cardrules.manager import entry, rules

Move = manager.Exchange | manager.Pass


def _script(draws: list[float], then: float = 0.5) -> Callable[[int], Callable[[], float]]:
    """A stand-in for ``playout_random``: the draws given, then ``then`` forever."""

    def make(seed: int) -> Callable[[], float]:
        it: Iterator[float] = iter(draws)
        return lambda: next(it, then)

    return make


def _record_moves(monkeypatch: pytest.MonkeyPatch) -> list[Move]:
    """Wrap the one transition so that every move the rollout plays is appended to the list."""
    if not rules.__file__.endswith(".py"):
        pytest.skip("the compiled rules call their own transition, not the module's attribute")
    moves: list[Move] = []
    original = rules._transition

    def recording(state: manager.State, move: Move, events: None, check: bool = True) -> manager.State:
        moves.append(move)
        return original(state, move, events, check)

    monkeypatch.setattr(rules, "_transition", recording)
    return moves


def _deck(seat0: str, seat1: str, pool: str, stripped: Suit) -> list[str]:
    """A stacked 39-card deck: the teams dealt alternately (seat 0 first), the pool, then the rest
    of the deck (the suit ``stripped`` left out) in code order as the stock."""
    dealt = [c for pair in zip(seat0.split(), seat1.split()) for c in pair] + pool.split()
    rest = [str(c) for c in standard_deck() if c.suit is not stripped and str(c) not in dealt]
    return dealt + rest


def test_the_rollouts_random_move_is_uniform_over_every_exchange_and_the_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rollout docstring: "one move in ten is uniformly random". A draw under 0.1 makes the move
    random; the next draw, uniform on [0, 1), then picks among the 5 x 3 = 15 exchanges and the pass,
    the 16 legal moves, each with probability 1/16. With 160 equally spaced second draws every
    legal move is picked exactly 10 times, and nothing else is ever played."""
    state = manager.new_game(5)
    legal = manager.legal_moves(state)
    assert len(legal) == 16 and len(state.teams[0]) == 5 and len(state.pool) == 3
    moves = _record_moves(monkeypatch)
    firsts: list[Move] = []
    for i in range(160):
        monkeypatch.setattr(entry, "playout_random", _script([0.05, (i + 0.5) / 160]))
        moves.clear()
        manager.rollout(state, 0)
        firsts.append(moves[0])
    counts = Counter(firsts)
    assert set(counts) == set(legal)
    assert all(n == 10 for n in counts.values())


def test_the_rollout_plays_greedily_on_draws_of_one_tenth_and_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rollout docstring: one move in ten is random, the others greedy: "each manager makes the
    exchange that most improves their season margin (passing when none does)". Stacked deck, spades
    stripped: seat 0 holds 2C 4C 6C 8C TD (five defenders, no run), seat 1 JH QH KH AH AD (five
    strikers, the run J-Q-K-A of hearts); the pool is 5D 7H 9H. Seat 1 scores 5 x 2 x 6 = 60, seat 0
    5: seat 0 lost and moves first. No exchange changes seat 0's value (the pool's defenders make
    no run of three with the team), so on a draw of 0.1 or more seat 0 passes; on a draw of 0.05
    the move is random and the next draw, 0.0, picks the first legal move, 2C for 5D."""
    deck = _deck("2C 4C 6C 8C TD", "JH QH KH AH AD", "5D 7H 9H", Suit.SPADES)
    state = manager.new_game(0, deck=deck)
    assert state.match.results[0].winner == 1 and state.to_act == 0
    moves = _record_moves(monkeypatch)
    for draw in (0.1, 0.5, 0.99):
        moves.clear()
        monkeypatch.setattr(entry, "playout_random", _script([draw]))
        manager.rollout(state, 0)
        assert moves[0] == manager.Pass()
    moves.clear()
    monkeypatch.setattr(entry, "playout_random", _script([0.05, 0.0]))
    manager.rollout(state, 0)
    assert moves[0] == manager.Exchange("2C", "5D")


@pytest.mark.parametrize(
    ("seat0", "seat1", "expected"),
    [
        ("2C 4C 6C 8C TD", "JH QH KH AH AD", (0.0, 1.0)),
        ("JH QH KH AH AD", "2C 4C 6C 8C TD", (1.0, 0.0)),
    ],
)
def test_the_rollout_clamps_the_margin_at_eight_points_either_way(
    monkeypatch: pytest.MonkeyPatch, seat0: str, seat1: str, expected: tuple[float, float]
) -> None:
    """Rollout docstring: the reward is 1 a win, 0 a loss, "blended 3:1 with the points margin
    (clamped to +-8)": 0.75 * won + 0.25 * (0.5 + clamp(margin) / 16). The five strikers J-Q-K-A of
    hearts and AD (run of 4: x6) score 5 x 2 x 6 = 60 against five defenders without a run (5), a
    margin of 55. Neither side can improve by an exchange (the pool 5D 7H 9H makes no run for the
    defenders, and a striker given up for a defender only shrinks the strikers' surplus), so with
    greedy draws both pass and season 2 is scored on the same teams: margin 55 (or -55) clamps to
    8 (or -8), so the strikers' side gets 0.75 + 0.25 * 1 = 1 and the other 0.25 * 0 = 0."""
    monkeypatch.setattr(entry, "playout_random", _script([]))
    moves = _record_moves(monkeypatch)
    state = manager.new_game(0, deck=_deck(seat0, seat1, "5D 7H 9H", Suit.SPADES))
    assert manager.rollout(state, 0) == expected
    assert moves == [manager.Pass(), manager.Pass()]


def test_season_value_adds_both_categories_for_teams_of_other_sizes() -> None:
    """``season_value`` docstring: "Surplus defenders score 1 each, surplus strikers 2 each" (it
    takes any two sequences of cards). In a match both teams hold five cards, so one team never has
    both surpluses, but given 2C 3D JC against an empty team, 2C 3D are two surplus defenders (2
    points) and JC one surplus striker (2 points): 4 points, no run, multipliers 1."""
    value = manager.season_value(["2C", "3D", "JC"], [])
    assert value == manager.SeasonValue(
        defenders=2,
        strikers=1,
        surplus_defenders=2,
        surplus_strikers=1,
        defender_run=1,
        striker_run=1,
        defender_multiplier=1,
        striker_multiplier=1,
        points=4,
    )
    # 2C 3C 4C against 5D: 2 surplus defenders in a run of 3 (x3), 6 points; JC 2 more: 8.
    assert manager.season_value(["2C", "3C", "4C", "JC"], ["5D"]).points == 6 + 2


def test_season_value_refuses_text_that_is_no_card_with_a_config_error() -> None:
    """``season_value`` takes cards or their text; text that is no card is a ``ConfigError`` naming
    the two teams (not the card parser's own error)."""
    with pytest.raises(ConfigError, match="season_value takes two teams of cards"):
        manager.season_value(["2C", "XX", "JC", "QC", "KC"], ["3C", "4C", "5C", "6C", "7C"])


def test_the_stripped_zone_is_exactly_the_stripped_suits_thirteen_cards() -> None:
    """``zones``: "the stripped suit (all public)": with clubs stripped the zone is the 13 clubs
    2C..AC and nothing of the three suits in play."""
    state = manager.new_game(0, manager.Config(stripped_suit=Suit.CLUBS))
    stripped = {z.name: z for z in manager.zones(state)}["stripped"]
    assert [str(c) for c in stripped.cards] == [r + "C" for r in "23456789TJQKA"]


def test_render_counts_seasons_won_in_whole_and_half_seasons() -> None:
    """``render`` of a view: the seasons won. Seed 3 (diamonds stripped): seat 0 holds 4C KC 3S 6S
    KS (3 defenders, 2 strikers, no run of three), seat 1 8C 5H 8H 9H 9S (5 defenders, the longest
    run 8-9 of hearts, 2 cards). Seat 0's 2 surplus strikers score 4, seat 1's 2 surplus defenders
    2: seat 0 wins season 1, one season to none."""
    state = manager.new_game(3)
    mine = manager.render(manager.view(state, 0)).splitlines()
    theirs = manager.render(manager.view(state, 1)).splitlines()
    assert mine[0].endswith("Seasons won: you 1, Seat 1 0.")
    assert mine[1] == "Season 1: 4 to 2, won by you."
    assert theirs[0].endswith("Seasons won: you 0, Seat 0 1.")
    assert theirs[1] == "Season 1: 2 to 4, lost."


def test_a_result_numbered_with_an_earlier_season_is_refused_by_its_number() -> None:
    """``validate``: "every recorded season's teams and result": result k is season k's. At season 2
    (draft 1 closed on two passes), the second result renumbered season 1 is refused as such, before
    its values are compared."""
    state = manager.new_game(0)
    state = manager.apply(manager.apply(state, manager.Pass()), manager.Pass())
    assert state.match.season == 2
    first, second = state.match.results
    bad = attrs.evolve(state.match, results=(first, attrs.evolve(second, season=1)))
    with pytest.raises(StateError, match="result 2 is numbered season 1"):
        manager.validate(attrs.evolve(state, match=bad))


def test_a_view_lists_legal_moves_for_the_seat_to_act_only() -> None:
    """docs/contract.md: a ``View`` has ``legal_moves``, "the seat's legal moves when it is to act,
    else empty". Seed 3: seat 1 lost season 1 and drafts first; its view lists the 5 x 3 exchanges
    and the pass, seat 0's view nothing."""
    state = manager.new_game(3)
    assert state.to_act == 1
    assert manager.view(state, 1).legal_moves == manager.legal_moves(state)
    assert len(manager.view(state, 1).legal_moves) == 16
    assert manager.view(state, 0).legal_moves == ()


@pytest.mark.parametrize("change", [-1, 1])
def test_sample_state_refuses_a_view_whose_stock_size_does_not_fit_the_cards_seen(change: int) -> None:
    """``sample_state``: the stock is "the stock's cards (those seen nowhere)"; at the start 39 - 10
    - 3 = 26 cards are unseen, so a view claiming a stock of 25 or 27 cards is refused."""
    seen = manager.view(manager.new_game(3), 0)
    assert seen.stock_size == 26
    with pytest.raises(StateError, match="stock size does not match"):
        manager.sample_state(attrs.evolve(seen, stock_size=26 + change), 0)


def _at_draft_start(season: int, seed: int = 0) -> manager.State:
    """A random match (drafts of at most 2 exchanges) at the start of draft ``season``."""
    rnd = random.Random(seed)
    state = manager.new_game(seed, manager.Config(max_exchanges=2))
    while state.match.season < season or (state.to_act is not None and (state.exchanges or state.passed)):
        state = manager.apply(state, rnd.choice(manager.legal_moves(state)))
    return state


def test_a_negative_exchange_count_is_refused_as_a_draft_counter() -> None:
    """``validate`` checks "the draft counters": an open draft has made 0 up to its cap minus one
    exchanges, so -1 is refused by that check (not only because no draft fits it)."""
    state = manager.new_game(0)
    with pytest.raises(StateError, match=r"fewer exchanges than its cap of 10 \(0 to 9\), got -1"):
        manager.validate(attrs.evolve(state, exchanges=-1))


def test_the_tenth_draft_is_checked_while_open() -> None:
    """``validate``: "every draft (the open one too) could lead from its season's teams and a pool of
    fresh cards to the next teams". At the start of draft 10 (season 10 scored, pool of 2, no
    exchange yet), seat 0 holding a pool card in place of a team card needs one exchange, but
    none was made: refused."""
    state = _at_draft_start(10)
    assert state.match.season == 10 and len(state.pool) == 2 and state.exchanges == 0
    team0, pool = state.teams[0], state.pool
    swapped_team = tuple(sorted((*team0[1:], pool[0])))
    swapped_pool = tuple(sorted((*pool[1:], team0[0])))
    bad = attrs.evolve(state, teams=(swapped_team, state.teams[1]), pool=swapped_pool)
    with pytest.raises(StateError, match=r"draft 10 cannot reach its teams and pool in 0 exchanges"):
        manager.validate(bad)


def _forged_exchange(team_card: object, pool_card: object) -> manager.Exchange:
    """An ``Exchange`` built around its converters (as a careless caller could), fields as given."""
    forged = object.__new__(manager.Exchange)
    object.__setattr__(forged, "team_card", team_card)
    object.__setattr__(forged, "pool_card", pool_card)
    return forged


def test_an_exchange_naming_a_card_by_a_bare_number_is_not_legal() -> None:
    """A move is "an exchange of one of the mover's cards for a pool card" (``is_legal``): an
    ``Exchange`` whose team card or pool card is a bare int (the code of a card that is there), not a
    ``Card``, names no card and is refused, whichever of the two fields is wrong."""
    state = manager.new_game(3)
    team_card, pool_card = state.teams[1][0], state.pool[0]
    assert manager.is_legal(state, manager.Exchange(team_card, pool_card))
    for forged in (_forged_exchange(team_card, int(pool_card)), _forged_exchange(int(team_card), pool_card)):
        assert not manager.is_legal(state, forged)
        with pytest.raises(IllegalMoveError, match="does not name two cards"):
            manager.apply(state, forged)


@pytest.mark.parametrize("team", ["2C3C4C5C6C", {"2C", "3C", "4C", "5C", "6C"}])
def test_season_value_takes_two_sequences_of_cards(team: object) -> None:
    """``season_value(team, other)`` takes two sequences of cards (or of their text): one string of
    card text, or a set (no order), is refused as such with a ``ConfigError``."""
    other = ["7C", "8C", "9C", "TC", "JC"]
    with pytest.raises(ConfigError, match="takes two sequences of cards"):
        manager.season_value(team, other)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="takes two sequences of cards"):
        manager.season_value(other, team)  # type: ignore[arg-type]


def test_opening_events_take_only_a_state_straight_from_new_game() -> None:
    """``opening_events``: "the events of ``new_game``" (season 1 revealed and scored, draft 1
    opened), so a state of season 2 and a view are refused with a ``StateError``."""
    state = manager.new_game(0)
    later = manager.apply(manager.apply(state, manager.Pass()), manager.Pass())
    assert later.match.season == 2
    with pytest.raises(StateError, match="straight from new_game"):
        manager.opening_events(later)
    with pytest.raises(StateError, match="straight from new_game"):
        manager.opening_events(manager.view(state, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("player", [2, -1, "0"])
def test_a_view_is_for_seat_0_or_1_only(player: object) -> None:
    """Manager is for two players (``num_players``): ``view`` takes seat 0 or 1; another int, or a
    seat given as text, is refused with a ``StateError``."""
    with pytest.raises(StateError, match="player must be seat 0 or 1"):
        manager.view(manager.new_game(0), player)  # type: ignore[arg-type]


def test_a_recorded_season_with_a_team_of_four_is_refused_by_its_size() -> None:
    """``validate``: every recorded season's teams: "Teams always have exactly 5 cards". Season 1's
    record with seat 0's team cut to four cards is refused as such, before its values are compared."""
    state = manager.new_game(0)
    result = state.match.results[0]
    short = attrs.evolve(result, teams=(result.teams[0][:4], result.teams[1]))
    bad = attrs.evolve(state, match=attrs.evolve(state.match, results=(short,)))
    with pytest.raises(StateError, match=r"season 1's result must hold two teams of 5, got \(4, 5\)"):
        manager.validate(bad)


@pytest.mark.parametrize(
    ("field", "what"),
    [("player", "a view's player"), ("to_act", "a view's to_act"), ("first", "a view's first mover")],
)
def test_sample_state_refuses_a_view_naming_a_third_seat(field: str, what: str) -> None:
    """Manager is for two players: ``sample_state`` checks a view's seats (its player, the seat to
    act, the draft's first mover) before building a state, and refuses seat 2 naming the field (the
    seat to act may also be None, once the match is over)."""
    seen = manager.view(manager.new_game(0), 0)
    third_seat: dict[str, Any] = {field: 2}
    with pytest.raises(StateError, match=f"{what} must be a seat from 0 to 1(?: or None)?, got 2"):
        manager.sample_state(attrs.evolve(seen, **third_seat), 0)
