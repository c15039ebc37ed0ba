"""Manager: one hand-built test per rule of shared/rules/manager.md and the Manager rulings
(shared/rules/RULINGS.md, docs/rules/manager.md). Every expected value below is worked out by hand
from the rule text; the working is in the docstrings and comments.

Most tests use one stacked deck, spades stripped (``ALTERNATING_DECK``):

* seat 0 is dealt 2C TC 5D 8H JC (four defenders, one striker, no run of three: one card of
  clubs 2 and 10, 5D, 8H);
* seat 1 is dealt 4C 7D 2H QD KH (three defenders, two strikers, no run);
* then ten pools, each listed in the order the cards lie in the deck (pool 1 is cards 11-13, the
  stock holds pools 2 to 10 top first; pool 10 is the last two cards).

Season 1: seat 0 has one surplus defender (4 against 3) and no run: 1 point; seat 1 one surplus
striker (2 against 1), no striker run (QD, KH): 2 points. Seat 1 wins; seat 0 (the loser) drafts
first.
"""

from __future__ import annotations

import copy

import pytest

from cardrules import manager
from cardrules.cards import Card, Suit, parse_cards
from cardrules.errors import IllegalMoveError, MoveParseError
from cardrules.events import GameOver
from cardrules.game import Outcome

SEAT0 = "2C TC 5D 8H JC"
SEAT1 = "4C 7D 2H QD KH"
POOLS = (
    "3C 5C QC",
    "6C 7C KC",
    "8C 9C AC",
    "2D 3D JD",
    "4D 6D KD",
    "8D 9D AD",
    "TD 3H JH",
    "4H 5H QH",
    "6H 7H AH",
    "9H TH",
)


def cards(text: str) -> tuple[Card, ...]:
    """Cards in the sorted order the module keeps teams and pools in (suit, then rank)."""
    return tuple(sorted(parse_cards(text)))


def deal(seat0: str, seat1: str, *pools: str) -> list[Card]:
    """A stacked deck: the two teams dealt one card at a time, seat 0 first, then the pools."""
    dealt = [c for pair in zip(parse_cards(seat0), parse_cards(seat1)) for c in pair]
    return dealt + [c for pool in pools for c in parse_cards(pool)]


ALTERNATING_DECK = deal(SEAT0, SEAT1, *POOLS)


def move(text: str) -> manager.Exchange | manager.Pass:
    """``"pass"`` or ``"KH-3C"`` (give the team card KH, take the pool card 3C), built directly."""
    if text == "pass":
        return manager.Pass()
    team_card, pool_card = text.split("-")
    return manager.Exchange(team_card, pool_card)


def play(state: manager.State, *moves: str) -> tuple[manager.State, list[manager.Event]]:
    events: list[manager.Event] = []
    for text in moves:
        state, new = manager.step(state, move(text))
        events.extend(new)
    return state, events


def sv(d: int, s: int, sd: int, ss: int, dr: int, sr: int, dm: int, sm: int, pts: int) -> manager.SeasonValue:
    return manager.SeasonValue(
        defenders=d,
        strikers=s,
        surplus_defenders=sd,
        surplus_strikers=ss,
        defender_run=dr,
        striker_run=sr,
        defender_multiplier=dm,
        striker_multiplier=sm,
        points=pts,
    )


def test_the_stacked_deck_is_dealt_alternately_and_season_one_is_scored() -> None:
    """docs/rules/manager.md: cards 1-10 dealt alternately (seat 0 gets 1, 3, 5, 7, 9), 11-13 the
    first pool, the rest the stock. Season 1 as worked out in the module docstring."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    assert state.match.stripped_suit == Suit.SPADES
    assert state.teams == (cards(SEAT0), cards(SEAT1))
    assert state.pool == cards(POOLS[0])
    assert state.match.stock == tuple(c for pool in POOLS[1:] for c in parse_cards(pool))
    assert state.match.results[0].values == (sv(4, 1, 1, 0, 1, 1, 1, 1, 1), sv(3, 2, 0, 1, 1, 1, 1, 1, 2))
    assert state.match.results[0].winner == 1
    assert (state.to_act, state.match.first, state.match.halves) == (0, 0, (0, 2))


# --- the exchange cap ----------------------------------------------------------------------------


def test_tenth_exchange_closes_the_draft_at_once() -> None:
    """RULINGS: "The draft ends ... after 10 exchanges by the two players together"; "the draft
    closes at once on its max_exchanges-th exchange".

    Draft 1 (pool 3C 5C QC, seat 0 first). A cycle of four exchanges that restores both teams:
    seat 0 TC->3C, seat 1 2H->5C, seat 0 3C->TC, seat 1 5C->2H. Twice (8 exchanges), then seat 0
    TC->3C (9) and seat 1 2H->5C (10): the draft closes on the tenth exchange, with no pass.
    Teams then: seat 0 2C 3C JC 5D 8H (4 defenders, run 2C 3C of two, 1 striker); seat 1 4C 5C 7D
    QD KH (3 defenders, run 4C 5C of two, 2 strikers, QD KH no run). Season 2: seat 0 one surplus
    defender x1 = 1; seat 1 one surplus striker x2 = 2: seat 1 wins, so seat 0 opens draft 2.
    The retired pool is TC QC 2H; pool 2 is 6C 7C KC.
    """
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    cycle = ("TC-3C", "2H-5C", "3C-TC", "5C-2H")
    state, _ = play(state, *cycle, *cycle, "TC-3C")
    assert (state.match.season, state.exchanges, state.to_act, state.passed) == (1, 9, 1, False)
    assert state.pool == cards("TC 5C QC")

    state, events = manager.step(state, move("2H-5C"))
    assert events == (
        manager.Exchanged(1, parse_cards("2H")[0], parse_cards("5C")[0]),
        manager.DraftClosed(1, cards("TC QC 2H")),
        manager.SeasonRevealed(
            2,
            (cards("2C 3C JC 5D 8H"), cards("4C 5C 7D QD KH")),
            (sv(4, 1, 1, 0, 2, 1, 1, 1, 1), sv(3, 2, 0, 1, 2, 1, 1, 1, 2)),
        ),
        manager.SeasonWon(2, 1),
        manager.DraftOpened(2, cards(POOLS[1]), 0),
    )
    assert state.match.retired == cards("TC QC 2H")
    assert state.pool == cards(POOLS[1])
    assert (state.match.season, state.exchanges, state.passed, state.to_act) == (2, 0, False, 0)
    assert state.match.halves == (0, 4)


def test_a_cap_of_one_exchange_closes_on_the_first_exchange() -> None:
    """Config(max_exchanges=1): seat 0's first move TC->QC closes draft 1 at once. Seat 0 then has
    2C JC QC 5D 8H (3 defenders, 2 strikers), seat 1 4C 7D QD 2H KH (3 and 2): no surplus either
    way, 0-0, season 2 halved. Seat 0 had the first turn of draft 1, so seat 1 opens draft 2."""
    state = manager.new_game(0, manager.Config(max_exchanges=1), deck=ALTERNATING_DECK)
    state, events = manager.step(state, move("TC-QC"))
    assert events == (
        manager.Exchanged(0, parse_cards("TC")[0], parse_cards("QC")[0]),
        manager.DraftClosed(1, cards("3C 5C TC")),
        manager.SeasonRevealed(
            2,
            (cards("2C JC QC 5D 8H"), cards(SEAT1)),
            (sv(3, 2, 0, 0, 1, 2, 1, 1, 0), sv(3, 2, 0, 0, 1, 1, 1, 1, 0)),
        ),
        manager.SeasonHalved(2),
        manager.DraftOpened(2, cards(POOLS[1]), 1),
    )
    assert state.match.halves == (1, 3)


# --- passing ------------------------------------------------------------------------------------


def test_two_passes_in_a_row_close_the_draft() -> None:
    """ "The draft ends when both pass in a row": seat 0 passes, seat 1 passes; nothing changed, so
    season 2 is season 1 again (seat 1 wins 2-1) and the untouched pool 3C 5C QC is retired."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    state, first = manager.step(state, manager.Pass())
    assert first == (manager.Passed(0),)
    assert (state.match.season, state.to_act, state.passed) == (1, 1, True)
    state, second = manager.step(state, manager.Pass())
    assert second[:2] == (manager.Passed(1), manager.DraftClosed(1, cards(POOLS[0])))
    assert second[3:] == (manager.SeasonWon(2, 1), manager.DraftOpened(2, cards(POOLS[1]), 0))
    assert state.match.season == 2 and state.match.retired == cards(POOLS[0])


def test_an_exchange_between_two_passes_keeps_the_draft_open() -> None:
    """Seat 0 passes, seat 1 exchanges 2H->5C, seat 0 passes: the two passes are not in a row, so
    the draft stays open (seat 1 to move). Seat 1's pass then closes it. Season 2: seat 0 2C TC JC
    5D 8H (4 defenders, 1 striker), seat 1 4C 5C 7D QD KH (3 and 2, run 4C 5C of two only): 1 to 2,
    seat 1 wins. Retired: 3C QC 2H."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    state, events = play(state, "pass", "2H-5C", "pass")
    assert events == [
        manager.Passed(0),
        manager.Exchanged(1, parse_cards("2H")[0], parse_cards("5C")[0]),
        manager.Passed(0),
    ]
    assert (state.match.season, state.to_act, state.exchanges, state.passed) == (1, 1, 1, True)
    # an exchange followed by one pass, then an exchange again: still open
    again, _ = play(state, "5C-2H", "pass")
    assert (again.match.season, again.to_act, again.exchanges) == (1, 1, 2)
    state, events = play(state, "pass")
    assert events[:2] == [manager.Passed(1), manager.DraftClosed(1, cards("3C QC 2H"))]
    assert state.match.season == 2
    assert state.match.results[1].values[0].points == 1
    assert state.match.results[1].values[1].points == 2
    assert state.match.results[1].winner == 1


# --- the short last pool and the end of the match -----------------------------------------------


def test_the_tenth_pool_has_the_last_two_cards_and_no_pool_follows_season_eleven() -> None:
    """RULINGS: "when fewer than 3 are left, the pool is what is left (the tenth pool has 2 cards;
    no pool follows season 11)". 39 = 10 dealt + 3 (pool 1) + 26: pools 2 to 9 take 24, pool 10
    the last 2 (9H TH). All passes: every draft opens on the pool stacked for it, in order."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    opened: list[manager.DraftOpened] = []
    closed: list[manager.DraftClosed] = []
    for _ in range(10):
        state, events = play(state, "pass", "pass")
        opened += [e for e in events if isinstance(e, manager.DraftOpened)]
        closed += [e for e in events if isinstance(e, manager.DraftClosed)]
    assert [e.pool for e in opened] == [cards(p) for p in POOLS[1:]]
    assert [e.draft for e in opened] == list(range(2, 11))
    assert [len(e.pool) for e in opened] == [3] * 8 + [2]
    assert closed[-1] == manager.DraftClosed(10, cards("9H TH"))
    assert state.match.season == 11
    assert state.pool == () and state.match.stock == ()
    assert len(state.match.retired) == 29


def test_the_match_ends_after_season_eleven() -> None:
    """All passes: the teams never change, so seat 1 wins all eleven seasons 2-1 (module docstring).
    The pass that closes draft 10 scores season 11 and ends the match: no DraftOpened, a GameOver
    with seasons won 0 and 11; nobody is to move and no move is legal."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    state, _ = play(state, *(["pass", "pass"] * 9), "pass")
    state, events = manager.step(state, manager.Pass())
    final = Outcome((0.0, 11.0), (1,))
    assert events == (
        manager.Passed(1),
        manager.DraftClosed(10, cards("9H TH")),
        manager.SeasonRevealed(
            11, (cards(SEAT0), cards(SEAT1)), (sv(4, 1, 1, 0, 1, 1, 1, 1, 1), sv(3, 2, 0, 1, 1, 1, 1, 1, 2))
        ),
        manager.SeasonWon(11, 1),
        GameOver(final),
    )
    assert manager.outcome(state) == final
    assert state.to_act is None and state.match.halves == (0, 22)
    assert manager.legal_moves(state) == ()
    with pytest.raises(IllegalMoveError):
        manager.apply(state, manager.Pass())


def test_outcome_is_none_while_the_match_is_on() -> None:
    """Seasons are counted only at the end: after season 10 (one draft left) there is no outcome."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    state, _ = play(state, *(["pass", "pass"] * 9))
    assert state.match.season == 10
    assert manager.outcome(state) is None


# --- a drawn match --------------------------------------------------------------------------------

# The "bouncing king": in each draft k the loser L (moving first) passes; the winner W gives KH to
# the pool for a pool defender; L gives its spare defender for KH; W passes; L passes (two passes in
# a row). The holder of KH has 3 defenders and 2 strikers against 4 and 1: 2 points to 1 (no team
# can hold a run of three: seat 0's base defenders are 2C 5D 8H, seat 1's 4C 7D 2H, one of each suit,
# plus one spare defender). So the winner alternates: seat 1, 0, 1, 0, ... for seasons 1 to 10.
# Draft 10: seat 1 passes, seat 0 gives KH for 9H, seat 1 passes, seat 0 passes. Season 11: seat 0
# 2C JC 5D 8H 9H, seat 1 4C 7D QD 2H 6H, both 4 defenders and 1 striker: 0-0, halved.
# Seasons: seat 0 wins 2, 4, 6, 8, 10 (5) plus half of 11; seat 1 wins 1, 3, 5, 7, 9 plus half.
# The loser's spare defender before draft k, k = 1..9 (TC dealt to seat 0, then each winner's pick).
_SPARES = ("TC", "3C", "6C", "8C", "2D", "4D", "8D", "TD", "4H")


def _bouncing_king_moves() -> list[str]:
    moves: list[str] = []
    for k in range(1, 10):
        taken = POOLS[k - 1].split()[0]  # the winner takes the pool's first (lowest) defender
        moves += ["pass", f"KH-{taken}", f"{_SPARES[k - 1]}-KH", "pass", "pass"]
    moves += ["pass", "KH-9H", "pass", "pass"]
    return moves


def test_a_match_drawn_five_and_a_half_all() -> None:
    """ "Ties are split (a match could thus be decided 5½/5½)"; RULINGS: "5½–5½ is a draw"."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    state, events = play(state, *_bouncing_king_moves())
    winners = [state.match.results[0].winner] + [
        e.seat if isinstance(e, manager.SeasonWon) else None
        for e in events
        if isinstance(e, (manager.SeasonWon, manager.SeasonHalved))
    ]
    assert winners == [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, None]
    points = [(r.values[0].points, r.values[1].points) for r in state.match.results]
    assert points == [(1, 2), (2, 1)] * 5 + [(0, 0)]
    assert state.teams == (cards("2C JC 5D 8H 9H"), cards("4C 7D QD 2H 6H"))
    draw = Outcome((5.5, 5.5), (0, 1))
    assert events[-2:] == [manager.SeasonHalved(11), GameOver(draw)]
    assert manager.outcome(state) == draw
    assert draw.rewards() == (0.5, 0.5)


# --- who moves first -------------------------------------------------------------------------------


def test_the_loser_moves_first_and_halved_seasons_alternate_the_previous_first_mover() -> None:
    """ "The losing player (or the alternate player if the season was halved) picks"; RULINGS:
    "after a halved season, the player who did not move first in the previous draft moves first".

    Season 1: seat 1 wins, so seat 0 opens draft 1.
    Draft 1: seat 0 pass, seat 1 KH->3C, seat 0 pass, seat 1 pass. Season 2: seat 0 2C TC JC 5D 8H,
      seat 1 3C 4C 7D QD 2H: 4 defenders and 1 striker each: 0-0, halved. Seat 0 opened draft 1,
      so seat 1 opens draft 2 (though seat 1 also won the last decided season).
    Draft 2: pass, pass. Season 3 halved again: seat 1 opened draft 2, so seat 0 opens draft 3.
    Draft 3 (8C 9C AC): seat 0 TC->AC, seat 1 pass, seat 0 pass. Season 4: seat 0 2C JC AC 5D 8H
      (3 defenders, 2 strikers, JC AC no run) scores 2; seat 1 (run 3C 4C of two) scores 1: seat 0
      wins, seat 1 opens draft 4.
    Draft 4 (2D 3D JD): seat 1 3C->JD, seat 0 pass, seat 1 pass. Season 5: seat 1 4C 7D JD QD 2H,
      3 and 2 like seat 0: 0-0, halved. Seat 1 opened draft 4, so seat 0 opens draft 5.
    """
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    firsts = [state.to_act]
    for draft in (
        ("pass", "KH-3C", "pass", "pass"),
        ("pass", "pass"),
        ("TC-AC", "pass", "pass"),
        ("3C-JD", "pass", "pass"),
    ):
        state, events = play(state, *draft)
        opened = [e for e in events if isinstance(e, manager.DraftOpened)]
        assert len(opened) == 1 and opened[0].first == state.to_act == state.match.first
        firsts.append(state.to_act)
    assert [r.winner for r in state.match.results] == [1, None, None, 0, None]
    assert [(r.values[0].points, r.values[1].points) for r in state.match.results] == [
        (1, 2),
        (0, 0),
        (0, 0),
        (2, 1),
        (0, 0),
    ]
    assert firsts == [0, 1, 0, 1, 0]


# --- season values --------------------------------------------------------------------------------


def test_run_of_five_defenders_multiplies_by_nine_against_a_striker_run_of_four() -> None:
    """ "Length of meld 3 4 5 / Multiplier 3 x 6 x 9 x". 6H 7H 8H 9H TH: five defenders in sequence,
    four more than 2C: 4 x 1 x 9 = 36. JC QC KC AC: four strikers in sequence, four more than none:
    4 x 2 x 6 = 48."""
    a, b = parse_cards("6H 7H 8H 9H TH"), parse_cards("2C JC QC KC AC")
    assert manager.season_value(a, b) == sv(5, 0, 4, 0, 5, 0, 9, 1, 36)
    assert manager.season_value(b, a) == sv(1, 4, 0, 4, 1, 4, 1, 6, 48)


def test_run_of_five_without_a_surplus_multiplies_nothing() -> None:
    """ "if he has a surplus, the points are multiplied": five defenders in sequence against five
    defenders: no surplus, 0 points, multiplier 1."""
    a, b = parse_cards("4C 5C 6C 7C 8C"), parse_cards("2D 3H 5H 9D TH")
    assert manager.season_value(a, b) == sv(5, 0, 0, 0, 5, 0, 1, 1, 0)
    assert manager.season_value(b, a) == sv(5, 0, 0, 0, 1, 0, 1, 1, 0)


def test_defender_run_is_ignored_when_the_surplus_is_in_strikers() -> None:
    """2D 3D 4D JH QH against 5C 7C 9H TD KC: the first team has a run of three defenders but three
    defenders against four (no defender surplus): its only points are one surplus striker x 2 = 2,
    multiplier 1 (JH QH is a run of two). The other team: one surplus defender, no run: 1."""
    a, b = parse_cards("2D 3D 4D JH QH"), parse_cards("5C 7C 9H TD KC")
    assert manager.season_value(a, b) == sv(3, 2, 0, 1, 3, 2, 1, 1, 2)
    assert manager.season_value(b, a) == sv(4, 1, 1, 0, 1, 1, 1, 1, 1)


# --- events -----------------------------------------------------------------------------------------


def test_step_events_of_the_first_draft() -> None:
    """docs/rules/manager.md "Events". Opening: season 1 revealed (module docstring), won by seat 1,
    draft 1 opened on 3C 5C QC for seat 0. Draft 1: seat 0 pass; seat 1 KH->3C (pool 5C QC KH);
    seat 0 TC->KH (pool 5C TC QC); seat 1 pass; seat 0 pass closes it. Season 2: seat 0 2C JC 5D 8H
    KH (3 defenders, 2 strikers, JC KH no run): one surplus striker = 2; seat 1 3C 4C 7D QD 2H
    (4 and 1; run 3C 4C of two): one surplus defender = 1. Seat 0 wins; seat 1 opens draft 2."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    assert manager.opening_events(state) == (
        manager.SeasonRevealed(
            1, (cards(SEAT0), cards(SEAT1)), (sv(4, 1, 1, 0, 1, 1, 1, 1, 1), sv(3, 2, 0, 1, 1, 1, 1, 1, 2))
        ),
        manager.SeasonWon(1, 1),
        manager.DraftOpened(1, cards("3C 5C QC"), 0),
    )
    steps = []
    for text in ("pass", "KH-3C", "TC-KH", "pass", "pass"):
        state, events = manager.step(state, move(text))
        steps.append(events)
    kh, c3, tc = parse_cards("KH 3C TC")
    assert steps[:4] == [
        (manager.Passed(0),),
        (manager.Exchanged(1, kh, c3),),
        (manager.Exchanged(0, tc, kh),),
        (manager.Passed(1),),
    ]
    assert steps[4] == (
        manager.Passed(0),
        manager.DraftClosed(1, cards("5C TC QC")),
        manager.SeasonRevealed(
            2,
            (cards("2C JC 5D 8H KH"), cards("3C 4C 7D QD 2H")),
            (sv(3, 2, 0, 1, 1, 1, 1, 1, 2), sv(4, 1, 1, 0, 2, 1, 1, 1, 1)),
        ),
        manager.SeasonWon(2, 0),
        manager.DraftOpened(2, cards("6C 7C KC"), 1),
    )


# --- the view -------------------------------------------------------------------------------------


def test_view_shows_the_opponents_team_with_the_open_drafts_exchanges_and_hides_the_stock() -> None:
    """RULINGS: "Everything in Manager is public except the stock". Seat 0 passes and seat 1 trades
    2H for 5C: seat 0 sees seat 1's team as revealed in season 1 (4C 7D QD 2H KH) with 2H swapped
    for 5C, and the pool 3C QC 2H. A deck that differs only in the order of the stock (pools 2 and 3
    swapped) gives the same view to both seats, though the states differ."""
    swapped = deal(SEAT0, SEAT1, POOLS[0], POOLS[2], POOLS[1], *POOLS[3:])
    states = []
    for deck in (ALTERNATING_DECK, swapped):
        state, _ = play(manager.new_game(0, deck=deck), "pass", "2H-5C")
        states.append(state)
    a, b = states
    seen = manager.view(a, 0)
    assert seen.results[-1].teams[1] == cards(SEAT1)
    assert seen.teams == (cards(SEAT0), cards("4C 5C 7D QD KH"))
    assert seen.pool == cards("3C QC 2H")
    assert (seen.stock_size, seen.exchanges, seen.to_act) == (26, 1, 0)
    assert a != b
    assert manager.view(a, 0) == manager.view(b, 0)
    assert manager.view(a, 1) == manager.view(b, 1)


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_sample_state_is_consistent_with_the_view(seed: int) -> None:
    """After draft 1 and part of draft 2, a sampled state has the same view for that seat, and its
    stock is the 23 cards seen nowhere (pools 3 to 10)."""
    state, _ = play(
        manager.new_game(0, deck=ALTERNATING_DECK), "pass", "KH-3C", "TC-KH", "pass", "pass", "3C-6C"
    )
    assert (state.match.season, state.to_act) == (2, 0)
    for player in (0, 1):
        seen = manager.view(state, player)
        sampled = manager.sample_state(seen, seed)
        assert manager.view(sampled, player) == seen
        assert sorted(sampled.match.stock) == sorted(c for p in POOLS[2:] for c in parse_cards(p))


# --- notation -------------------------------------------------------------------------------------


def test_format_and_parse_move_round_trip() -> None:
    """docs/rules/manager.md "Notation": ``QS-3H`` and ``pass``; ``parse_move`` also reads ``QS 3H``,
    ``QS/3H``, ``qs,3h`` and ``p``. Every legal move of the opening position survives the round trip
    (5 team cards x 3 pool cards + pass = 16)."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    legal = manager.legal_moves(state)
    assert len(legal) == 16
    assert [manager.parse_move(state, manager.format_move(m)) for m in legal] == list(legal)
    assert manager.format_move(manager.Exchange("QS", "3H")) == "QS-3H"
    assert manager.format_move(manager.Pass()) == "pass"
    give_take = manager.Exchange("TC", "QC")
    for text in ("TC-QC", "TC QC", "TC/QC", "tc,qc", "10C-QC"):
        assert manager.parse_move(state, text) == give_take
    assert manager.parse_move(state, "p") == manager.Pass()


@pytest.mark.parametrize("text", ["", "hello", "TC", "TC-QC-3C", "XX-YY", "1Z-QC", "pas"])
def test_parse_move_rejects_junk_with_a_move_parse_error(text: str) -> None:
    """RULINGS: "parse_move raises IllegalMoveError for a legal-looking move that is not legal now,
    and a subclass of it for text that is no move at all"; every cardrules error is a ValueError."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    with pytest.raises(MoveParseError) as info:
        manager.parse_move(state, text)
    assert isinstance(info.value, IllegalMoveError) and isinstance(info.value, ValueError)


def test_parse_move_of_a_well_formed_but_illegal_exchange_is_an_illegal_move_error() -> None:
    """KH is seat 1's card, not seat 0's (seat 0 to move): legal-looking, not legal now."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    with pytest.raises(IllegalMoveError) as info:
        manager.parse_move(state, "KH-QC")
    assert not isinstance(info.value, MoveParseError)


# --- illegal moves --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "KH-QC",  # KH is in the opponent's team
        "3C-QC",  # 3C is in the pool, not the team
        "AD-QC",  # AD is in the stock
        "TC-6C",  # 6C is in the stock (pool 2), not the pool
        "TC-2C",  # 2C is the mover's own card
        "TC-7D",  # 7D is in the opponent's team
        "AS-QC",  # spades are stripped
    ],
)
def test_an_exchange_of_a_card_not_in_the_team_or_not_in_the_pool_is_refused(text: str) -> None:
    """ "picks one card from the three draft cards, and exchanges it with a card from his team"."""
    state = manager.new_game(0, deck=ALTERNATING_DECK)
    snapshot = copy.deepcopy(state)
    bad = move(text)
    assert not manager.is_legal(state, bad)
    assert bad not in manager.legal_moves(state)
    with pytest.raises(IllegalMoveError):
        manager.apply(state, bad)
    with pytest.raises(IllegalMoveError):
        manager.step(state, bad)
    assert state == snapshot
    # the position still plays on exactly as before
    after, events = manager.step(state, manager.Pass())
    assert events == (manager.Passed(0),) and after.to_act == 1
