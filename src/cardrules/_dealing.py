"""Dealing: the round-robin deal of the rule texts, and dealing hidden cards under constraints.

``deal_hidden`` serves ``sample_state``: it gives each seat the cards it could hold, respecting what
the public history proves (a seat that failed to follow a suit holds none of it).

Internal to the package (hence the underscore): the game modules call these on their hot paths
with arguments they have already checked, so nothing here validates its input. Users reach the
same rules through the games' public functions, which do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from cardrules.cards import Card
from cardrules.errors import StateError
from cardrules.rng import Rng, _below

__all__ = ["deal_hidden", "deal_round_robin"]


def deal_round_robin(
    cards: Sequence[Card], players: int, per_seat: int, *, first: int = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``per_seat`` cards to each seat, one at a time from the top, starting at seat ``first``.

    Returns the hands (indexed by seat, each sorted) and the undealt rest in its original order.
    """
    dealt = players * per_seat
    head = tuple(cards[:dealt])
    hands = tuple(tuple(sorted(head[(seat - first) % players :: players])) for seat in range(players))
    return hands, tuple(cards[dealt:])


def deal_hidden(
    cards: Sequence[Card],
    sizes: Sequence[int],
    allowed: Sequence[frozenset[int]],
    key: Callable[[Card], int],
    rng: Rng,
) -> tuple[tuple[tuple[Card, ...], ...], Rng]:
    """Deal ``cards`` at random to seats with ``sizes[s]`` cards each, under class constraints.

    Each card belongs to a class ``key(card)`` (a suit, say); seat ``s`` may only receive cards
    whose class is in ``allowed[s]``. Cards are placed one by one, each to a random seat with room
    (weighted by room left) such that the rest can still be placed, which Hall's condition over the
    classes decides exactly. Raises ``StateError`` when no such deal exists. Hands come back sorted.
    """
    if sum(sizes) != len(cards):
        raise StateError(f"cannot deal {len(cards)} hidden cards into hands of sizes {tuple(sizes)}")
    order, rng = rng.shuffle(cards)
    room = list(sizes)
    remaining: dict[int, int] = {}
    for c in order:
        k = key(c)
        remaining[k] = remaining.get(k, 0) + 1
    classes = sorted(remaining)
    hall = _hall_sets(classes, allowed)
    if not _feasible(remaining, room, hall):
        raise StateError("no deal of the hidden cards is consistent with the public history")
    hands: list[list[Card]] = [[] for _ in sizes]
    state = rng.state  # drawn from as a plain int; one Rng is made at the end
    # With no seat barred from any class, every placement keeps the deal feasible.
    free = all(room[s] == 0 or allowed[s].issuperset(classes) for s in range(len(room)))
    for c in order:
        k = key(c)
        candidates = [s for s in range(len(room)) if room[s] > 0 and k in allowed[s]]
        remaining[k] -= 1
        while True:
            total = sum(room[s] for s in candidates)
            if total == 0:  # Hall's condition held before this card, so a seat always remains
                raise StateError("no deal of the hidden cards is consistent with the public history")
            pick, state = _below(state, total)
            for s in candidates:
                pick -= room[s]
                if pick < 0:
                    break
            room[s] -= 1
            if free or _feasible(remaining, room, hall):
                hands[s].append(c)
                break
            room[s] += 1
            candidates.remove(s)
    return tuple(tuple(sorted(h)) for h in hands), Rng(state)


def _hall_sets(
    classes: list[int], allowed: Sequence[frozenset[int]]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every non-empty set of classes with the seats that may take one of them: Hall's condition
    checks each set's cards against those seats' room. (A set holding a class with no cards left is
    implied by the same set without it, so checking every set decides as checking the live ones.)"""
    return [
        (subset, tuple(s for s in range(len(allowed)) if not allowed[s].isdisjoint(subset)))
        for r in range(1, len(classes) + 1)
        for subset in combinations(classes, r)
    ]


def _feasible(
    remaining: dict[int, int],
    room: list[int],
    hall: list[tuple[tuple[int, ...], tuple[int, ...]]],
) -> bool:
    """Whether the ``remaining`` cards of each class still fit the seats' ``room`` (Hall's condition)."""
    if sum(remaining.values()) > sum(room):
        return False
    return all(sum([remaining[k] for k in subset]) <= sum([room[s] for s in seats]) for subset, seats in hall)
