"""Manager: ``validate`` rejects every state the rules cannot reach.

Each test plays real moves from a stacked deck, forges one thing with ``attrs.evolve`` and checks
``validate`` raises ``StateError`` naming it; the unforged state passes. The deck is the worked
match of ``test_manager_full_match.py`` (spades stripped):

* season 1: seat 0 2C 5D 9H JC QD, seat 1 3C 4C 5C 8H KH; seat 1 wins 3 to 2, seat 0 drafts first;
* draft 1 on 6C 7D AD: seat 0 9H->AD, seat 1 8H->6C, pass, pass (retired 7D 8H 9H);
* season 2: seat 0 2C JC 5D QD AD, seat 1 3C 4C 5C 6C KH; seat 1 wins 12 to 4;
* draft 2 on KD 2H 3H: seat 0 2C->KD, pass, pass (retired 2C 2H 3H); season 3 is halved (18-18);
* the stock after pool 1 starts KD 2H 3H, 7C JD 4H, ...
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest

from cardrules import manager
from cardrules.cards import Card, Suit, parse_cards
from cardrules.errors import StateError
from cardrules.manager.validate import _fewest_exchanges

SEAT0_DEALT = "2C 5D 9H JC QD"
SEAT1_DEALT = "3C 4C 5C 8H KH"
POOLS = (
    "6C 7D AD",
    "KD 2H 3H",
    "7C JD 4H",
    "8C 9C TC",
    "2D 3D 4D",
    "JH QH AH",
    "6D 8D 9D",
    "TD QC KC",
    "AC 5H 6H",
    "7H TH",
)
# Draft k's moves in turn order ("give-take" exchanges), as in test_manager_full_match.py.
DRAFTS = (
    ("9H-AD", "8H-6C", "pass", "pass"),
    ("2C-KD", "pass", "pass"),
    ("KH-7C", "5D-JD", "pass", "pass"),
    ("pass", "pass"),
    ("pass", "pass"),
    ("3C-JH", "pass", "4C-QH", "pass", "pass"),
    ("pass", "JC-6D", "5C-JC", "pass", "pass"),
    ("6C-QC", "AD-TD", "7C-KC", "pass", "pass"),
    ("pass", "JH-5H", "pass", "QH-6H", "pass", "pass"),
    ("JC-7H", "pass", "pass"),
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def card(text: str) -> Card:
    return parse_cards(text)[0]


def stacked_deck() -> list[Card]:
    dealt = [c for pair in zip(parse_cards(SEAT0_DEALT), parse_cards(SEAT1_DEALT)) for c in pair]
    return dealt + [c for pool in POOLS for c in parse_cards(pool)]


def move(text: str) -> manager.Exchange | manager.Pass:
    if text == "pass":
        return manager.Pass()
    team_card, pool_card = text.split("-")
    return manager.Exchange(team_card, pool_card)


def play(
    *moves: str, state: manager.State | None = None, config: manager.Config | None = None
) -> manager.State:
    """The state after ``moves`` from the stacked deck's new game (or from ``state``)."""
    if state is None:
        state = manager.new_game(0, config, deck=stacked_deck())
    for text in moves:
        state = manager.apply(state, move(text))
    return state


def after_drafts(count: int) -> manager.State:
    """The state with the worked match's first ``count`` drafts played (draft ``count + 1`` open)."""
    return play(*(text for draft in DRAFTS[:count] for text in draft))


def with_match(state: manager.State, **changes: Any) -> manager.State:
    return attrs.evolve(state, match=attrs.evolve(state.match, **changes))


def with_result(state: manager.State, number: int, **changes: Any) -> manager.State:
    results = list(state.match.results)
    results[number - 1] = attrs.evolve(results[number - 1], **changes)
    return with_match(state, results=tuple(results))


def test_every_state_of_the_worked_match_is_valid() -> None:
    """The baseline: every position of a real match passes, the finished one included."""
    state = manager.new_game(0, deck=stacked_deck())
    manager.validate(state)
    for draft in DRAFTS:
        for text in draft:
            state = manager.apply(state, move(text))
            manager.validate(state)
    assert state.to_act is None


# --- places and sizes ---------------------------------------------------------------------------


def test_a_team_of_six_is_rejected() -> None:
    """ "Five cards are dealt to each player ... a team cannot exceed five cards": the stock's top
    card KD moved into seat 0's team (every card still in exactly one place) is a team of six."""
    state = manager.new_game(0, deck=stacked_deck())
    forged = attrs.evolve(state, teams=(cards(SEAT0_DEALT + " KD"), state.teams[1]))
    forged = with_match(forged, stock=state.match.stock[1:])
    assert state.match.stock[0] == card("KD")
    with pytest.raises(StateError, match=r"two teams of 5 cards, got sizes \(6, 5\)"):
        manager.validate(forged)


def test_a_team_holding_a_card_of_the_stock_is_rejected() -> None:
    """Cards are in exactly one place, and a draft only swaps team cards with pool cards: after
    seat 0's pass in draft 1 (no exchange yet), seat 0's 2C swapped with the stock's KD leaves the
    39 cards each in one place, but 2C left play and KD came from the hidden stock."""
    state = play("pass")
    team = cards("KD 5D 9H JC QD")
    stock = tuple(card("2C") if c == card("KD") else c for c in state.match.stock)
    forged = with_match(attrs.evolve(state, teams=(team, state.teams[1])), stock=stock)
    manager.validate(state)
    with pytest.raises(StateError, match=r"season 1's team cards 2C left play during draft 1"):
        manager.validate(forged)


def test_a_season_record_holding_a_card_of_the_stock_is_rejected() -> None:
    """The same forgery in the history: season 1's record shows seat 0 with KD (still in the stock)
    for 2C. Worked by hand: KD 5D 9H JC QD has 2 defenders, 3 strikers (QD KD a run of two only)
    against seat 1's 4 and 1 with the run 3C 4C 5C: seat 0 scores 2 surplus strikers x 2 = 4, seat 1
    2 surplus defenders x 3 = 6, so seat 1 still wins and nothing else changes."""
    state = manager.new_game(0, deck=stacked_deck())
    values = (
        manager.SeasonValue(
            defenders=2,
            strikers=3,
            surplus_defenders=0,
            surplus_strikers=2,
            defender_run=1,
            striker_run=2,
            defender_multiplier=1,
            striker_multiplier=1,
            points=4,
        ),
        manager.SeasonValue(
            defenders=4,
            strikers=1,
            surplus_defenders=2,
            surplus_strikers=0,
            defender_run=3,
            striker_run=1,
            defender_multiplier=3,
            striker_multiplier=1,
            points=6,
        ),
    )
    forged = with_result(state, 1, teams=(cards("KD 5D 9H JC QD"), state.teams[1]), values=values)
    with pytest.raises(StateError, match=r"season 1's team cards KD left play during draft 1"):
        manager.validate(forged)


def test_a_retired_card_back_in_a_later_pool_is_rejected() -> None:
    """Each pool is turned up fresh from the stock, and a retired pool never comes back. With draft
    9 open, season 9's record shows seat 1 with KH (retired after draft 3) instead of QC (turned up
    in pool 8). By hand: JC KC JH QH KH has no defenders, 5 strikers and the run JH QH KH of three,
    exactly like JC QC KC (run of three): seat 1 still scores 2 surplus strikers x 2 x 3 = 12 against
    seat 0's 2, so the record is consistent; only KH's history is impossible."""
    state = after_drafts(8)
    record = state.match.results[8]
    assert record.teams[1] == cards("JC QC KC JH QH") and record.values[1].points == 12
    forged = with_result(state, 9, teams=(record.teams[0], cards("JC KC JH QH KH")))
    manager.validate(state)
    with pytest.raises(StateError, match=r"pool 8 must be fresh from the stock, but KH were seen"):
        manager.validate(forged)


def test_a_card_both_in_a_season_team_and_in_the_pool_retired_before_it_is_rejected() -> None:
    """A draft's closing pool is retired; the next season's teams are the other ten cards. Season
    2's record shows seat 0 with 9H (retired after draft 1) instead of AD. By hand: 2C 5D 9H JC QD
    (3 defenders, 2 strikers, no runs) against seat 1's 3C 4C 5C 6C KH (4 and 1, run of four):
    seat 0 scores 1 surplus striker x 2 = 2, seat 1 1 surplus defender x 6 = 6: seat 1 still wins."""
    state = after_drafts(1)
    values = (
        manager.SeasonValue(
            defenders=3,
            strikers=2,
            surplus_defenders=0,
            surplus_strikers=1,
            defender_run=1,
            striker_run=1,
            defender_multiplier=1,
            striker_multiplier=1,
            points=2,
        ),
        manager.SeasonValue(
            defenders=4,
            strikers=1,
            surplus_defenders=1,
            surplus_strikers=0,
            defender_run=4,
            striker_run=1,
            defender_multiplier=6,
            striker_multiplier=1,
            points=6,
        ),
    )
    forged = with_result(state, 2, teams=(cards("2C 5D 9H JC QD"), state.teams[1]), values=values)
    with pytest.raises(StateError, match=r"draft 1 ends with a card both in a team and in its pool"):
        manager.validate(forged)


def test_an_unsorted_retired_pool_is_rejected() -> None:
    """A pool is kept sorted and retired as it lies: retired 8H 7D 9H cannot happen."""
    state = after_drafts(1)
    assert state.match.retired == cards("7D 8H 9H")
    forged = with_match(state, retired=(card("8H"), card("7D"), card("9H")))
    with pytest.raises(StateError, match=r"kept sorted, got 8H 7D 9H"):
        manager.validate(forged)


def test_a_stripped_suit_other_than_the_configs_is_rejected() -> None:
    """The stripped suit is a Config field: a config naming hearts cannot go with spades stripped."""
    state = manager.new_game(0, manager.Config(stripped_suit=Suit.SPADES), deck=stacked_deck())
    manager.validate(state)
    forged = with_match(state, config=manager.Config(stripped_suit=Suit.HEARTS))
    with pytest.raises(StateError, match=r"stripped suit spades differs from the config's hearts"):
        manager.validate(forged)


# --- seasons and results ------------------------------------------------------------------------


def test_a_match_of_more_than_eleven_seasons_is_rejected() -> None:
    """ "Out of a possible 11": a twelfth season after the match's last cannot be."""
    final = after_drafts(10)
    twelfth = attrs.evolve(final.match.results[-1], season=12)
    forged = with_match(final, season=12, results=(*final.match.results, twelfth))
    manager.validate(final)
    with pytest.raises(StateError, match=r"season must be 1 to 11 .* got season 12 with 12 results"):
        manager.validate(forged)


def test_a_match_over_before_season_eleven_is_rejected() -> None:
    """The match always plays 11 seasons: with draft 10 open, nobody to act is impossible."""
    state = after_drafts(9)
    assert state.match.season == 10
    forged = attrs.evolve(state, to_act=None)
    with pytest.raises(StateError, match=r"seat to act in draft 10 must be a seat"):
        manager.validate(forged)


def test_a_draft_after_season_eleven_is_rejected() -> None:
    """No draft follows season 11: a seat to act in the finished match is impossible."""
    forged = attrs.evolve(after_drafts(10), to_act=0)
    with pytest.raises(StateError, match=r"match is over after season 11"):
        manager.validate(forged)


def test_teams_changed_after_season_eleven_are_rejected() -> None:
    """After season 11 nothing moves: the teams are the ones scored (here 6D and QC swapped)."""
    final = after_drafts(10)
    forged = attrs.evolve(final, teams=(cards("QC TD JD QD KD"), cards("6D KC 5H 6H 7H")))
    with pytest.raises(StateError, match=r"after season 11 the teams are the ones scored"):
        manager.validate(forged)


def test_a_result_numbered_as_another_season_is_rejected() -> None:
    """Season k's result is season k's."""
    forged = with_result(after_drafts(1), 1, season=2)
    with pytest.raises(StateError, match=r"result 1 is numbered season 2"):
        manager.validate(forged)


def test_a_result_with_the_wrong_winner_is_rejected() -> None:
    """The higher value wins the season: seat 1 won season 1, 3 to 2, not seat 0."""
    forged = with_result(manager.new_game(0, deck=stacked_deck()), 1, winner=0)
    with pytest.raises(StateError, match=r"season 1's recorded values or winner"):
        manager.validate(forged)


@pytest.mark.parametrize("bad", ["2S", "SJ", "3C"])
def test_a_season_team_of_a_stripped_card_a_joker_or_a_duplicate_is_rejected(bad: str) -> None:
    """Teams hold cards of the 39-card deck, each once: a spade (stripped), a joker, or seat 1's 3C
    also in seat 0's team is a StateError (not the ConfigError of scoring a joker)."""
    state = manager.new_game(0, deck=stacked_deck())
    forged = with_result(state, 1, teams=(cards(f"{bad} 5D 9H JC QD"), state.teams[1]))
    with pytest.raises(StateError, match=r"season 1's teams must be ten distinct cards of the deck"):
        manager.validate(forged)


def test_seasons_won_not_matching_the_results_are_rejected() -> None:
    """Seat 1 won seasons 1 and 2: 0 and 4 halves, not 1 and 3."""
    state = after_drafts(1)
    assert state.match.halves == (0, 4)
    with pytest.raises(StateError, match=r"seasons won in halves must be \(0, 4\), got \(1, 3\)"):
        manager.validate(with_match(state, halves=(1, 3)))


def test_the_wrong_first_mover_after_a_lost_season_is_rejected() -> None:
    """ "The losing player picks [first]": seat 0 lost season 2, so seat 0 opens draft 2 (here seat
    1 is forged as the first mover and to act)."""
    state = after_drafts(1)
    assert (state.match.first, state.to_act) == (0, 0)
    forged = attrs.evolve(with_match(state, first=1), to_act=1)
    with pytest.raises(StateError, match=r"results make seat 0 the draft's first mover, got 1"):
        manager.validate(forged)


def test_the_wrong_first_mover_after_a_halved_season_is_rejected() -> None:
    """After a halved season, the seat that did not move first in the previous draft: seat 0
    opened draft 2 and season 3 was halved, so seat 1 opens draft 3, not seat 0."""
    state = after_drafts(2)
    assert state.match.results[2].winner is None and (state.match.first, state.to_act) == (1, 1)
    forged = attrs.evolve(with_match(state, first=0), to_act=0)
    with pytest.raises(StateError, match=r"results make seat 1 the draft's first mover, got 0"):
        manager.validate(forged)


def test_the_wrong_first_mover_after_a_halved_season_following_seat_ones_draft_is_rejected() -> None:
    """Halved seasons alternate the previous first mover both ways: seat 1 opened draft 3 and both
    passed, so season 4 repeats the halved season 3 (18-18) and seat 0 opens draft 4, not seat 1."""
    state = play("pass", "pass", state=after_drafts(2))
    assert state.match.results[3].winner is None and (state.match.first, state.to_act) == (0, 0)
    forged = attrs.evolve(with_match(state, first=1), to_act=1)
    with pytest.raises(StateError, match=r"results make seat 0 the draft's first mover, got 1"):
        manager.validate(forged)


# --- the open draft: counters and turn ----------------------------------------------------------


def test_an_open_draft_at_its_cap_is_rejected() -> None:
    """The draft closes at once on its max_exchanges-th exchange (10): an open draft has made at
    most 9. After seat 0 9H->AD and seat 1 8H->6C, 9 made is possible, 10 is not."""
    state = play("9H-AD", "8H-6C")
    manager.validate(attrs.evolve(state, exchanges=9))
    with pytest.raises(StateError, match=r"fewer exchanges than its cap of 10 \(0 to 9\), got 10"):
        manager.validate(attrs.evolve(state, exchanges=10))


def test_a_closed_draft_over_its_cap_is_rejected() -> None:
    """A closed draft made at most max_exchanges exchanges: draft 1 took two (seat 0 gained AD,
    seat 1 6C, each exchange brings one card into a team), so a cap of 1 cannot have produced it."""
    state = after_drafts(1)
    manager.validate(with_match(state, config=manager.Config(max_exchanges=2)))
    with pytest.raises(StateError, match=r"draft 1 needs 2 exchanges .* over its cap of 1"):
        manager.validate(with_match(state, config=manager.Config(max_exchanges=1)))


def test_a_closed_draft_with_a_crossing_and_the_pool_unchanged_needs_a_detour_within_its_cap() -> None:
    """Seat 0's 2C and seat 1's 3C traded places in draft 1 and the pool was retired as it was
    turned up: the first exchange could only take a pool card neither team keeps, so it took three
    exchanges (2C->6C, 3C->2C, 6C->3C); a cap of 2 cannot have produced it, a cap of 3 can."""
    state = play("2C-6C", "3C-2C", "6C-3C", "pass", "pass")
    assert state.match.retired == cards(POOLS[0]) and state.match.season == 2
    manager.validate(with_match(state, config=manager.Config(max_exchanges=3)))
    with pytest.raises(StateError, match=r"draft 1 needs 3 exchanges .* over its cap of 2"):
        manager.validate(with_match(state, config=manager.Config(max_exchanges=2)))


def test_after_the_first_movers_pass_the_other_seat_is_to_act() -> None:
    """Turns alternate from the first mover: after seat 0's pass (no exchange yet), seat 1 moves."""
    state = play("pass")
    assert (state.to_act, state.passed, state.exchanges) == (1, True, 0)
    with pytest.raises(StateError, match=r"no exchange yet in draft 1, seat 1 is to act, got 0"):
        manager.validate(attrs.evolve(state, to_act=0))


def test_changed_teams_with_no_exchange_are_rejected() -> None:
    """Only exchanges change teams: seat 0 9H->AD with the count forged back to no exchange (and
    seat 0, the first mover, to act) cannot be."""
    state = play("9H-AD")
    forged = attrs.evolve(state, exchanges=0, to_act=0)
    with pytest.raises(
        StateError, match=r"draft 1 cannot reach its teams and pool in 0 exchanges \(it takes 1\)"
    ):
        manager.validate(forged)


def test_one_exchange_cannot_leave_everything_as_it_was() -> None:
    """An exchange swaps two different cards, so one exchange always changes the teams: teams and
    pool as dealt with one exchange made cannot be (two can: a card taken and given back)."""
    state = play("9H-AD")
    dealt = manager.new_game(0, deck=stacked_deck())
    forged = attrs.evolve(state, teams=dealt.teams, pool=dealt.pool)
    with pytest.raises(StateError, match=r"in 1 exchanges, the last by seat 0, \(it takes 2\)"):
        manager.validate(forged)
    manager.validate(play("9H-AD", "pass", "AD-9H"))


def test_the_last_exchange_must_be_by_the_seat_the_turn_implies() -> None:
    """After seat 0's 9H->AD, seat 1 is to act with no pass: seat 0 made the last exchange. Forging
    a pass instead makes seat 1 the last to exchange, but its team is as dealt: it would have taken
    a card and given it back (two exchanges) after seat 0's one, so 1 exchange cannot be."""
    state = play("9H-AD")
    with pytest.raises(StateError, match=r"the last by seat 1, \(it takes 3\)"):
        manager.validate(attrs.evolve(state, passed=True))


def test_a_seat_whose_put_out_card_was_taken_cannot_have_exchanged_last() -> None:
    """Seat 0 9H->AD, seat 1 8H->9H: seat 0's only gain put out 9H, which seat 1 then took, so in two
    exchanges seat 1's was the last. Forged as seat 1 passing after seat 0's last exchange, it needs
    a third (seat 0 9H->6C, seat 1 8H->9H, seat 0 6C->AD gives the same teams and pool)."""
    state = play("9H-AD", "8H-9H")
    assert (state.to_act, state.passed) == (0, False)
    forged = attrs.evolve(state, passed=True)
    with pytest.raises(StateError, match=r"in 2 exchanges, the last by seat 0, \(it takes 3\)"):
        manager.validate(forged)
    detour = play("9H-6C", "8H-9H", "6C-AD", "pass")
    assert (detour.teams, detour.pool, detour.exchanges) == (state.teams, state.pool, 3)
    manager.validate(detour)


def test_cards_crossed_between_teams_with_the_pool_unchanged_take_a_detour() -> None:
    """Seat 0's 2C and seat 1's 3C trade places with the pool ending as it began: the first exchange
    can only take a pool card neither team keeps, so it takes three (2C->6C, 3C->2C, 6C->3C), not
    two."""
    state = play("2C-6C", "3C-2C", "6C-3C")
    assert state.teams == (cards("3C 5D 9H JC QD"), cards("2C 4C 5C 8H KH"))
    assert state.pool == cards(POOLS[0]) and state.exchanges == 3
    manager.validate(state)
    with pytest.raises(StateError, match=r"in 2 exchanges, the last by seat 0, \(it takes 3\)"):
        manager.validate(attrs.evolve(state, exchanges=2))


Position = tuple[frozenset[Card], frozenset[Card], frozenset[Card], int]


def _draft_layers(state: manager.State, depth: int) -> list[set[Position]]:
    """For 1 to ``depth`` exchanges of the open draft, by real moves in any seat order: every
    (team 0, team 1, pool, seat that made the last exchange) they can reach."""
    layers: list[set[Position]] = []
    layer = {(frozenset(state.teams[0]), frozenset(state.teams[1]), frozenset(state.pool), -1)}
    for _ in range(depth):
        following: set[Position] = set()
        for team0, team1, pool, _last in layer:
            for seat, team in ((0, team0), (1, team1)):
                for give in team:
                    for take in pool:
                        new_team = team - {give} | {take}
                        teams = (new_team, team1) if seat == 0 else (team0, new_team)
                        following.add((*teams, pool - {take} | {give}, seat))
        layers.append(following)
        layer = following
    return layers


@pytest.mark.parametrize("drafts_played", [0, 9])
def test_fewest_exchanges_matches_a_search_of_short_drafts(drafts_played: int) -> None:
    """The fewest-exchanges bound validate uses is exact: against a breadth-first search over real
    exchanges of draft 1 (pool of three) and draft 10 (pool of two), a position first reached in n
    exchanges with a given last mover is given n; and every position reached in n is reached in
    n + 1 too (an exchange can be split in two through another pool card), so more always do."""
    state = after_drafts(drafts_played)
    before = (frozenset(state.teams[0]), frozenset(state.teams[1]), frozenset(state.pool))
    layers = _draft_layers(state, 4)
    first: dict[Position, int] = {}
    for made, layer in enumerate(layers, start=1):
        for position in layer:
            first.setdefault(position, made)
    assert len(first) > 1000
    for (team0, team1, pool, last), made in first.items():
        assert _fewest_exchanges(before, (team0, team1, pool), last) == made
    for layer, following in itertools.pairwise(layers):
        assert layer <= following


def test_a_tenth_season_pool_of_three_cards_names_the_sizes_it_must_have() -> None:
    """Pools turn up 3 cards for seasons 1 to 9 and 2 for season 10 (39 cards: 10 dealt, 27, 2):
    with draft 10 open, a pool holding a third card taken back from the retired pools is refused
    with the sizes season 10 has, worked out by hand: a pool of 2 and retired pools of 9 x 3 = 27."""
    state = after_drafts(9)
    assert state.match.season == 10 and len(state.pool) == 2 and len(state.match.retired) == 27
    manager.validate(state)
    back = state.match.retired[-1]
    forged = attrs.evolve(
        state,
        pool=tuple(sorted((*state.pool, back))),
        match=attrs.evolve(state.match, retired=state.match.retired[:-1]),
    )
    with pytest.raises(
        StateError, match=r"in season 10 the pool holds 2 cards and the retired pools 27, got 3 and 26"
    ):
        manager.validate(forged)
