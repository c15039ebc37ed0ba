"""Manager's zones and move bound, and forged positions that single out one check of ``validate``
each (the message names the check, so another check refusing first would fail the test)."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import StateError, manager
from cardrules.cards import CARDS, Suit


def _at_season(season: int, seed: int = 0) -> manager.State:
    rnd = random.Random(seed)
    state = manager.new_game(seed, manager.Config(max_exchanges=2))
    while state.match.season < season or (state.to_act is not None and state.exchanges):
        state = manager.apply(state, rnd.choice(manager.legal_moves(state)))
    return state


def test_zones_show_teams_pool_retired_and_the_stripped_suit_and_hide_the_stock() -> None:
    state = _at_season(3)
    zones = {z.name: z for z in manager.zones(state)}
    assert list(zones) == ["team 0", "team 1", "pool", "retired", "stripped", "stock"]
    assert zones["team 0"].cards == state.teams[0] and zones["team 1"].cards == state.teams[1]
    assert zones["pool"].cards == state.pool and zones["retired"].cards == state.match.retired
    suit = state.match.stripped_suit
    assert zones["stripped"].cards == tuple(CARDS[13 * suit + r] for r in range(13))
    assert all(zones[n].seen_by == (0, 1) for n in ("team 0", "team 1", "pool", "retired", "stripped"))
    assert zones["stock"].seen_by == ()
    with pytest.raises(StateError, match=r"expected a manager\.State"):
        manager.zones(manager.view(state, 0))  # type: ignore[arg-type]


def test_the_move_bound_is_ten_drafts_of_twice_the_cap() -> None:
    assert manager.max_moves(manager.Config(max_exchanges=3)) == 60
    assert manager.max_moves() == 200


def test_a_finished_match_has_no_draft_under_way() -> None:
    """After season 11 nobody moves and no draft is open: a finished match claiming an exchange
    made (but no pass) is refused."""
    state = _at_season(11)
    assert state.to_act is None
    with pytest.raises(StateError, match="the match is over after season 11"):
        manager.validate(attrs.evolve(state, exchanges=1))


def test_a_card_swapped_for_a_higher_one_of_the_stripped_suit_is_refused() -> None:
    """The 39 cards exactly once: seat 0's lowest team card replaced by the stripped suit's ace (kept
    sorted) is refused, whichever way the card changed."""
    state = manager.new_game(3)
    stripped = state.match.stripped_suit
    ace = CARDS[13 * stripped + 12]
    team = tuple(sorted((*state.teams[0][1:], ace)))
    with pytest.raises(StateError, match="must hold the 39 cards exactly once"):
        manager.validate(attrs.evolve(state, teams=(team, state.teams[1])))
    assert stripped == Suit.DIAMONDS and ace > state.teams[0][0]


def test_the_pool_size_message_names_the_seasons_sizes() -> None:
    """Season 9 still has a pool of 3 (season 10 has 2): a season-9 pool one card short is refused
    naming 3 and the 24 cards of the 8 retired pools."""
    state = _at_season(9)
    assert state.match.season == 9 and len(state.pool) == 3
    match = attrs.evolve(state.match, stock=(*state.match.stock, state.pool[-1]))
    bad = attrs.evolve(state, pool=state.pool[:-1], match=match)
    expected = "in season 9 the pool holds 3 cards and the retired pools 24, got 2 and 24"
    with pytest.raises(StateError, match=expected):
        manager.validate(bad)


def test_every_retired_pool_is_kept_sorted_the_last_one_too() -> None:
    """Season 3: two pools retired, each as it lay (sorted); the second one unsorted is refused."""
    state = _at_season(3)
    retired = state.match.retired
    assert len(retired) == 6
    swapped = (*retired[:3], retired[4], retired[3], retired[5])
    with pytest.raises(StateError, match="sorted"):
        manager.validate(attrs.evolve(state, match=attrs.evolve(state.match, retired=swapped)))
