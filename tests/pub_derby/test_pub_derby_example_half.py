"""The example half written in docs/rules/pub_derby.md, replayed row by row from the page itself."""

from __future__ import annotations

import re
from pathlib import Path

from cardrules import pub_derby
from cardrules.cards import parse_card
from cardrules.events import TrickWon
from cardrules.pub_derby import Config, PenaltyDrawn, Play

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "pub_derby.md"
SECTION = PAGE.read_text(encoding="utf-8").split("## An example half", 1)[1]


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split("-")
    return int(a), int(b)


def _stacked_deck() -> list[str]:
    block = re.search(r"```pub-derby-hands\n(.*?)```", SECTION, re.S)
    assert block is not None
    hands: list[list[str]] = []
    bench: list[str] = []
    for line in block.group(1).splitlines():
        label, cards = line.split(":")
        if label == "bench":
            bench = cards.split()
        else:
            hands.append(cards.split())
    assert len(hands) == 6 and all(len(h) == 8 for h in hands) and len(bench) == 4
    return [hands[seat][t] for t in range(8) for seat in range(6)] + bench


def _rows() -> list[list[str]]:
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in SECTION.splitlines()
        if re.match(r"\|\s*\d+\s*\|", line)
    ]
    assert [int(r[0]) for r in rows] == list(range(1, 9))
    return rows


def test_the_example_half_replays_as_written() -> None:
    state = pub_derby.new_game(10, Config(format="pub"), deck=_stacked_deck())
    assert state.match.trump_card == parse_card("9S") and state.match.kickoff == parse_card("2C")
    for number, leads, cards, won_by, events, waves, goals, yellows in _rows():
        assert state.to_act == int(leads), f"trick {number}"
        seen = []
        for card in cards.split():
            assert Play(card) in pub_derby.legal_moves(state), f"trick {number}: {card}"
            state, seen_now = pub_derby.step(state, Play(card))
            seen = list(seen_now)
        names = []
        for event in seen[2:]:
            if isinstance(event, PenaltyDrawn):
                names.append(f"PenaltyDrawn({event.striker_card} {event.keeper_card})")
            else:
                names.append(type(event).__name__)
        assert names == [e.strip() for e in events.split(",")], f"trick {number}"
        trick_won = seen[1]
        assert isinstance(trick_won, TrickWon) and trick_won.seat == int(won_by)
        assert state.progress.waves == _pair(waves), f"trick {number}"
        assert state.match.goals == _pair(goals), f"trick {number}"
        assert state.match.yellows == _pair(yellows), f"trick {number}"
    assert state.match.half == 2 and not state.progress.tricks


def test_the_example_deals_the_hands_the_page_shows() -> None:
    state = pub_derby.new_game(10, Config(format="pub"), deck=_stacked_deck())
    block = re.search(r"```pub-derby-hands\n(.*?)```", SECTION, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    for seat in range(6):
        expected = sorted(parse_card(c) for c in lines[seat].split(":")[1].split())
        assert list(state.hands[seat]) == expected
    assert state.match.bench == tuple(parse_card(c) for c in ["9S", "2H", "3H", "4H"])
