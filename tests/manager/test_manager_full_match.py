"""Manager: one whole stacked match, worked out season by season by hand from
shared/rules/manager.md and the Manager rulings (RULINGS.md, docs/rules/manager.md).

The deck (spades stripped, 39 cards, top first): cards 1-10 are dealt one at a time, seat 0 first;
cards 11-13 are pool 1; the stock follows, three cards a pool, the tenth pool the last two.

Counting: defenders 2-10 score 1 per surplus defender, strikers J-A 2 per surplus striker; the
longest run (one suit, one category) of 3 / 4 / 5 multiplies a category's points by 3 / 6 / 9
when that category has a surplus. "D3 S2" below means 3 defenders and 2 strikers.

Season 1   seat 0 2C 5D 9H JC QD   D3 S2, no run (JC, QD differ in suit)
           seat 1 3C 4C 5C 8H KH   D4 S1, defender run 3C 4C 5C = 3
           seat 0: 1 surplus striker x2 = 2;  seat 1: 1 surplus defender x1 x3 = 3   -> seat 1
Draft 1    pool 6C 7D AD, seat 0 first (loser): seat 0 9H->AD, seat 1 8H->6C, pass, pass
           retired 7D 8H 9H
Season 2   seat 0 2C JC 5D QD AD   D2 S3, striker runs: JC; QD AD (12, 14: no run) = 1
           seat 1 3C 4C 5C 6C KH   D4 S1, run 3C-6C = 4
           seat 0: 2 surplus strikers x2 = 4; seat 1: 2 surplus defenders x6 = 12        -> seat 1
Draft 2    pool KD 2H 3H, seat 0 first: seat 0 2C->KD, seat 1 pass, seat 0 pass
           retired 2C 2H 3H
Season 3   seat 0 JC 5D QD KD AD   D1 S4, striker run QD KD AD = 3
           seat 1 3C 4C 5C 6C KH   D4 S1, run 4
           seat 0: 3 surplus strikers x2 x3 = 18; seat 1: 3 surplus defenders x6 = 18     -> halved
Draft 3    pool 7C JD 4H; seat 0 opened draft 2, so seat 1 first: seat 1 KH->7C, seat 0 5D->JD,
           seat 1 pass, seat 0 pass; retired 5D 4H KH
Season 4   seat 0 JC JD QD KD AD   D0 S5, striker run JD QD KD AD = 4
           seat 1 3C 4C 5C 6C 7C   D5 S0, run 5
           seat 0: 5 x2 x6 = 60; seat 1: 5 x9 = 45                                        -> seat 0
Draft 4    pool 8C 9C TC, seat 1 first: pass, pass (retired as dealt)
Season 5   as season 4, 60 to 45                                                          -> seat 0
Draft 5    pool 2D 3D 4D, seat 1 first: pass, pass
Season 6   as season 4, 60 to 45                                                          -> seat 0
Draft 6    pool JH QH AH, seat 1 first: seat 1 3C->JH, seat 0 pass, seat 1 4C->QH, seat 0 pass,
           seat 1 pass; retired 3C 4C AH
Season 7   seat 0 JC JD QD KD AD   D0 S5, striker run 4
           seat 1 5C 6C 7C JH QH   D3 S2, defender run 5C 6C 7C = 3, JH QH = 2
           seat 0: 3 surplus strikers x2 x6 = 36; seat 1: 3 surplus defenders x3 = 9     -> seat 0
Draft 7    pool 6D 8D 9D, seat 1 first: seat 1 pass, seat 0 JC->6D, seat 1 5C->JC, seat 0 pass,
           seat 1 pass; retired 5C 8D 9D
Season 8   seat 0 6D JD QD KD AD   D1 S4, striker run JD-AD = 4
           seat 1 6C 7C JC JH QH   D2 S3, defender run 6C 7C = 2 (no multiplier)
           seat 0: 1 surplus striker x2 x6 = 12; seat 1: 1 surplus defender x1 = 1       -> seat 0
Draft 8    pool QC KC TD, seat 1 first: seat 1 6C->QC, seat 0 AD->TD, seat 1 7C->KC, seat 0 pass,
           seat 1 pass; retired 6C 7C AD
Season 9   seat 0 6D TD JD QD KD   D2 S3, defender run 1 (6, 10), striker run JD QD KD = 3
           seat 1 JC QC KC JH QH   D0 S5, striker run JC QC KC = 3
           seat 0: 2 surplus defenders x1 = 2; seat 1: 2 surplus strikers x2 x3 = 12       -> seat 1
Draft 9    pool AC 5H 6H, seat 0 first: seat 0 pass, seat 1 JH->5H, seat 0 pass, seat 1 QH->6H,
           seat 0 pass, seat 1 pass; retired AC JH QH
Season 10  seat 0 6D TD JD QD KD   D2 S3
           seat 1 JC QC KC 5H 6H   D2 S3: no surplus either way, 0 to 0                   -> halved
Draft 10   pool 7H TH (the last two cards); seat 0 opened draft 9, so seat 1 first: seat 1 JC->7H,
           seat 0 pass, seat 1 pass; retired JC TH. The stock is empty: no pool follows.
Season 11  seat 0 6D TD JD QD KD   D2 S3, striker run 3
           seat 1 QC KC 5H 6H 7H   D3 S2, defender run 5H 6H 7H = 3
           seat 0: 1 surplus striker x2 x3 = 6; seat 1: 1 surplus defender x3 = 3          -> seat 0

Seasons: seat 0 wins 4, 5, 6, 7, 8, 11 (6) and halves 3 and 10: 7; seat 1 wins 1, 2, 9 (3) and the
two halves: 4. Seat 0 wins the match 7 to 4.
"""

from __future__ import annotations

from cardrules import manager
from cardrules.cards import Card, parse_cards
from cardrules.events import GameOver
from cardrules.game import Outcome

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

# Draft k's moves, in turn order from its first mover ("give-take" exchanges).
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

# season: (seat 0's team, seat 1's team, seat 0's points, seat 1's points, winner or None)
SEASONS: tuple[tuple[str, str, int, int, int | None], ...] = (
    ("2C 5D 9H JC QD", "3C 4C 5C 8H KH", 2, 3, 1),
    ("2C JC 5D QD AD", "3C 4C 5C 6C KH", 4, 12, 1),
    ("JC 5D QD KD AD", "3C 4C 5C 6C KH", 18, 18, None),
    ("JC JD QD KD AD", "3C 4C 5C 6C 7C", 60, 45, 0),
    ("JC JD QD KD AD", "3C 4C 5C 6C 7C", 60, 45, 0),
    ("JC JD QD KD AD", "3C 4C 5C 6C 7C", 60, 45, 0),
    ("JC JD QD KD AD", "5C 6C 7C JH QH", 36, 9, 0),
    ("6D JD QD KD AD", "6C 7C JC JH QH", 12, 1, 0),
    ("6D TD JD QD KD", "JC QC KC JH QH", 2, 12, 1),
    ("6D TD JD QD KD", "JC QC KC 5H 6H", 0, 0, None),
    ("6D TD JD QD KD", "QC KC 5H 6H 7H", 6, 3, 0),
)

# season: the longest run and multiplier of each side's surplus category, as worked out above:
# (seat 0's defender run, striker run, defender multiplier, striker multiplier, same for seat 1)
RUNS: tuple[tuple[int, int, int, int, int, int, int, int], ...] = (
    (1, 1, 1, 1, 3, 1, 3, 1),
    (1, 1, 1, 1, 4, 1, 6, 1),
    (1, 3, 1, 3, 4, 1, 6, 1),
    (0, 4, 1, 6, 5, 0, 9, 1),
    (0, 4, 1, 6, 5, 0, 9, 1),
    (0, 4, 1, 6, 5, 0, 9, 1),
    (0, 4, 1, 6, 3, 2, 3, 1),
    (1, 4, 1, 6, 2, 2, 1, 1),
    (1, 3, 1, 1, 0, 3, 1, 3),
    (1, 3, 1, 1, 2, 3, 1, 1),
    (1, 3, 1, 3, 3, 2, 3, 1),
)

# draft: (its pool as turned up, who moves first, the pool retired when it closes)
DRAFT_POOLS: tuple[tuple[str, int, str], ...] = (
    ("6C 7D AD", 0, "7D 8H 9H"),
    ("KD 2H 3H", 0, "2C 2H 3H"),
    ("7C JD 4H", 1, "5D 4H KH"),
    ("8C 9C TC", 1, "8C 9C TC"),
    ("2D 3D 4D", 1, "2D 3D 4D"),
    ("JH QH AH", 1, "3C 4C AH"),
    ("6D 8D 9D", 1, "5C 8D 9D"),
    ("QC KC TD", 1, "6C 7C AD"),
    ("AC 5H 6H", 0, "AC JH QH"),
    ("7H TH", 1, "JC TH"),
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def stacked_deck() -> list[Card]:
    dealt = [c for pair in zip(parse_cards(SEAT0_DEALT), parse_cards(SEAT1_DEALT)) for c in pair]
    return dealt + [c for pool in POOLS for c in parse_cards(pool)]


def move(text: str) -> manager.Exchange | manager.Pass:
    if text == "pass":
        return manager.Pass()
    team_card, pool_card = text.split("-")
    return manager.Exchange(team_card, pool_card)


def play_match() -> tuple[manager.State, list[manager.Event]]:
    state = manager.new_game(0, deck=stacked_deck())
    events = list(manager.opening_events(state))
    for draft in DRAFTS:
        for text in draft:
            state, new = manager.step(state, move(text))
            events.extend(new)
    return state, events


def test_the_deck_is_a_39_card_deck_without_spades() -> None:
    deck = stacked_deck()
    assert len(deck) == len(set(deck)) == 39
    assert all(str(c)[-1] != "S" for c in deck)


def test_each_season_is_revealed_and_scored_as_worked_out_by_hand() -> None:
    _, events = play_match()
    revealed = [e for e in events if isinstance(e, manager.SeasonRevealed)]
    decided = [e for e in events if isinstance(e, (manager.SeasonWon, manager.SeasonHalved))]
    assert [e.season for e in revealed] == list(range(1, 12))
    assert [e.season for e in decided] == list(range(1, 12))
    for event, result, runs, (team0, team1, points0, points1, winner) in zip(
        revealed, decided, RUNS, SEASONS
    ):
        season = event.season
        assert event.teams == (cards(team0), cards(team1)), f"season {season}"
        assert (event.values[0].points, event.values[1].points) == (points0, points1), f"season {season}"
        v0, v1 = event.values
        got_runs = (v0.defender_run, v0.striker_run, v0.defender_multiplier, v0.striker_multiplier) + (
            v1.defender_run,
            v1.striker_run,
            v1.defender_multiplier,
            v1.striker_multiplier,
        )
        assert got_runs == runs, f"season {season}"
        if winner is None:
            assert result == manager.SeasonHalved(season)
        else:
            assert result == manager.SeasonWon(season, winner)


def test_each_draft_opens_on_its_pool_with_the_right_first_mover_and_retires_it() -> None:
    _, events = play_match()
    opened = [e for e in events if isinstance(e, manager.DraftOpened)]
    closed = [e for e in events if isinstance(e, manager.DraftClosed)]
    assert opened == [
        manager.DraftOpened(k, cards(pool), first) for k, (pool, first, _) in enumerate(DRAFT_POOLS, 1)
    ]
    assert closed == [
        manager.DraftClosed(k, cards(retired)) for k, (_, _, retired) in enumerate(DRAFT_POOLS, 1)
    ]


def test_moves_alternate_from_each_drafts_first_mover() -> None:
    _, events = play_match()
    movers = [e.seat for e in events if isinstance(e, (manager.Exchanged, manager.Passed))]
    expected = [
        (first + i) % 2 for (_, first, _), draft in zip(DRAFT_POOLS, DRAFTS) for i in range(len(draft))
    ]
    assert movers == expected


def test_the_match_ends_seven_to_four_for_seat_zero() -> None:
    state, events = play_match()
    final = Outcome((7.0, 4.0), (0,))
    assert manager.outcome(state) == final
    assert events[-1] == GameOver(final)
    assert sum(isinstance(e, GameOver) for e in events) == 1
    assert state.match.halves == (14, 8)
    assert state.to_act is None and state.pool == () and state.match.stock == ()
    assert state.teams == (cards("6D TD JD QD KD"), cards("QC KC 5H 6H 7H"))
    assert len(state.match.retired) == 29
