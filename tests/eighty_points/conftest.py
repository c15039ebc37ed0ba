"""Positions written by hand for the 80 Points tests: the cards that matter are named, the rest of
the 108 are dealt out by a fixed rule, and ``from_text`` checks the whole with ``validate``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

import pytest

from cardrules import eighty_points as ep
from cardrules.cards import Card, double_deck, parse_cards
from cardrules.eighty_points.tricks import table_for

Position = Callable[..., ep.State]


def _plays(notation: str) -> list[tuple[int, list[Card]]]:
    """``leader:plays`` (plays separated by ``.``) as (seat, cards) in play order."""
    leader, plays = notation.split(":")
    if plays == "-":
        return []
    return [((int(leader) + i) % 4, list(parse_cards(p))) for i, p in enumerate(plays.split("."))]


def _notation(notation: str) -> str:
    leader, plays = notation.split(":")
    if plays == "-":
        return notation
    return f"{leader}:" + ".".join("".join(map(str, parse_cards(p))) for p in plays.split("."))


def build_position(
    fixed: list[str],
    *,
    trick: str = "0:-",
    tricks: tuple[str, ...] = (),
    void: Mapping[int, set[int]] | None = None,
    to_act: int,
    points: int = 0,
    starter: int = 0,
    royal: int = 2,
    trump: str = "H",
    phase: str = "play",
) -> ep.State:
    """A round in its trick phase: the completed ``tricks`` and the current ``trick``, each written
    ``leader:plays`` with the plays in play order (``2S 2S.3C 4C...``). Seat ``s`` holds
    ``fixed[s]``, filled up to 25 cards less what it played (seat 0 first) with the lowest cards
    left outside the effective suits ``void[s]``; the 8 cards left are the bottom. Both levels are
    ``royal``."""
    order = table_for(royal, None if trump == "-" else "CDHS".index(trump))
    left = Counter(double_deck())
    held = [list(parse_cards(h)) for h in fixed] + [[] for _ in range(4 - len(fixed))]
    played = [0] * 4
    for seat, cards in [p for t in (*tricks, trick) for p in _plays(t)]:
        played[seat] += len(cards)
        left.subtract(cards)
    for h in held:
        left.subtract(h)
    for seat in range(4):
        for card in sorted(left.elements()):
            if len(held[seat]) >= 25 - played[seat]:
                break
            if order[card][0] not in (void or {}).get(seat, set()):
                held[seat].append(card)
                left[card] -= 1
    text = " ".join(
        [
            f"eighty_points 3/50/- 1 {royal},{royal} - {phase} {starter} {royal} {trump} 0",
            "/".join("".join(map(str, sorted(h))) or "-" for h in held),
            "".join(map(str, sorted(left.elements()))),
            _notation(trick),
            ",".join(_notation(t) for t in tricks) or "-",
            f"{points} {to_act} 1",
        ]
    )
    return ep.from_text(text)


@pytest.fixture
def position() -> Position:
    """``build_position``: a hand-written 80 Points position in its trick phase."""
    return build_position
