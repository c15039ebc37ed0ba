"""The example round written in docs/rules/eighty_points.md, replayed trick by trick from the page."""

from __future__ import annotations

import re
from pathlib import Path

from cardrules import eighty_points as ep
from cardrules.cards import Card, parse_cards
from cardrules.events import RoundScored, TrickWon
from cardrules.game import Outcome

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "eighty_points.md"
SECTION = PAGE.read_text(encoding="utf-8").split("## An example round", 1)[1]
ROW = re.compile(r"^\s*(\d+)\s+seat (\d) leads: ((?:\S+ ){3}\S+)\s+-> seat (\d)$")


def _deck() -> list[Card]:
    """Seat s holds suit s (2 to K twice, the ace once); the bottom is AC AD AH AS SJ SJ BJ BJ."""
    hands = [
        [Card(rank, suit) for rank in range(2, 14) for _ in range(2)] + [Card(14, suit)] for suit in range(4)
    ]
    return [hands[i % 4][i // 4] for i in range(100)] + list(parse_cards("AC AD AH AS SJ SJ BJ BJ"))


def test_the_example_round_replays_as_written() -> None:
    block = re.search(r"```eighty-points-example\n(.*?)```", SECTION, re.S)
    assert block is not None
    rows = [ROW.match(line) for line in block.group(1).splitlines()]
    assert all(rows) and len(rows) == 25
    state = ep.new_game(0, ep.Config(rounds=1), deck=_deck())
    t = state.table
    assert (t.phase, t.starter, t.trump, t.royal) == ("discard", 0, 0, 2)
    for card in parse_cards("AD AH AS SJ SJ BJ BJ AC"):
        state = ep.apply(state, ep.Discard(card))
    events: tuple[object, ...] = ()
    for row in rows:
        assert row is not None
        number, leader, cards, winner = int(row[1]), int(row[2]), parse_cards(row[3]), int(row[4])
        assert state.to_act == leader, f"trick {number}"
        for card in cards:
            assert ep.is_legal(state, ep.Play([card])), f"trick {number}: {card}"
            state, events = ep.step(state, ep.Play([card]))
        won = next(e for e in events if isinstance(e, TrickWon))
        assert won.seat == winner and won.cards == tuple(cards), f"trick {number}"
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (0, 10, 0, 10)
    assert state.table.match.levels == (4, 2)
    assert ep.outcome(state) == Outcome((4.0, 2.0, 4.0, 2.0), (0, 2))


def test_the_search_playout_scores_the_example_rounds_last_trick_exactly() -> None:
    """Before the last trick every seat holds one card, so the playout is forced: the attackers end
    with 10 points and team 0 wins the one-round match. By levels seats 0 and 2 get 1 and seats 1
    and 3 get 0; by points the attackers get 10 / 160 = 0.0625 and the defenders 0.9375. The
    playout's reward is the mean: 0.96875 for seats 0 and 2, 0.03125 for seats 1 and 3."""
    block = re.search(r"```eighty-points-example\n(.*?)```", SECTION, re.S)
    assert block is not None
    state = ep.new_game(0, ep.Config(rounds=1), deck=_deck())
    for card in parse_cards("AD AH AS SJ SJ BJ BJ AC"):
        state = ep.apply(state, ep.Discard(card))
    for line in block.group(1).splitlines()[:24]:
        row = ROW.match(line)
        assert row is not None
        for card in parse_cards(row[3]):
            state = ep.apply(state, ep.Play([card]))
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]
    assert ep.rollout(state, 0) == ep.rollout(state, 1) == (0.96875, 0.03125, 0.96875, 0.03125)
