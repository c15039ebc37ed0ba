"""Manager's text rendering of a seat's view, checked against the position of seed 3 (``manager
-/10 D 4CKC3S6SKS/8C5H8H9H9S ... 9CACQH ... 0 no 1``): diamonds stripped, seat 0's team 4C KC 3S
6S KS, seat 1's 8C 5H 8H 9H 9S, the pool 9C AC QH, no exchange yet, seat 1 to move."""

from __future__ import annotations

from cardrules import manager


def test_render_shows_both_teams_and_the_pool_from_the_seats_side() -> None:
    state = manager.new_game(3)
    lines = manager.render(manager.view(state, 1)).splitlines()
    assert lines[0].startswith("Manager, season 1 of 11 (diamonds stripped). You are Seat 1. Seasons won: ")
    assert lines[2:] == [
        "Your team:      8♣ 5♥ 8♥ 9♥ 9♠",
        "Seat 0's team:  4♣ K♣ 3♠ 6♠ K♠",
        "Draft 1 pool: 9♣ A♣ Q♥   exchanges 0/10   to move: you",
    ]
    other = manager.render(manager.view(state, 0)).splitlines()
    assert other[2:5] == [
        "Your team:      4♣ K♣ 3♠ 6♠ K♠",
        "Seat 1's team:  8♣ 5♥ 8♥ 9♥ 9♠",
        "Draft 1 pool: 9♣ A♣ Q♥   exchanges 0/10   to move: Seat 1",
    ]
    # The first season's result, from each side: one seat's win is the other's loss.
    assert {lines[1].rsplit(", ", 1)[1], other[1].rsplit(", ", 1)[1]} in (
        {"lost.", "won by you."},
        {"halved."},
    )
