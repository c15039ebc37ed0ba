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

__all__ = ["DeadEnd", "deal_hidden", "deal_round_robin"]


class DeadEnd(Exception):  # noqa: N818 - a signal to deal again, not an error a user sees
    """A deal under a ``refuse`` rule reached a card no seat may take: the caller deals again."""


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
    refuse: Callable[[int, Card, list[Card]], bool] | None = None,
) -> tuple[tuple[tuple[Card, ...], ...], Rng]:
    """Deal ``cards`` at random to seats with ``sizes[s]`` cards each, under class constraints.

    Each card belongs to a class ``key(card)`` (a suit, say); seat ``s`` may only receive cards
    whose class is in ``allowed[s]``. Cards are placed one by one, each to a random seat with room
    (weighted by room left) such that the rest can still be placed, which Hall's condition over the
    classes decides exactly. Raises ``StateError`` when no such deal exists. Hands come back sorted.

    ``refuse(s, card, hand so far)``, when given, bars single cards as well (80 Points: a seat that
    answered a double without one cannot have held two identical cards of that suit). Hall's
    condition does not see it, so a deal can run into a card no seat may take: ``DeadEnd`` is
    raised and the caller deals again.
    """
    if sum(sizes) != len(cards):
        raise StateError(f"cannot deal {len(cards)} hidden cards into hands of sizes {tuple(sizes)}")
    order, rng = rng.shuffle(cards)
    room = list(sizes)
    keys = [key(c) for c in order]
    remaining: dict[int, int] = {}
    for k in keys:
        remaining[k] = remaining.get(k, 0) + 1
    # With no seat barred from any class, every placement keeps the deal feasible: Hall's condition
    # is needed only when some seat is.
    free = all(room[s] == 0 or allowed[s].issuperset(remaining) for s in range(len(room)))
    hall = None if free else _Hall(remaining, room, allowed)
    if hall is not None and not hall.feasible():
        raise StateError("no deal of the hidden cards is consistent with the public history")
    # The seats that may take each class, in seat order, found once rather than once a card.
    seats_for = {k: [s for s in range(len(room)) if k in allowed[s]] for k in remaining}
    hands: list[list[Card]] = [[] for _ in sizes]
    state = rng.state  # drawn from as a plain int; one Rng is made at the end
    for c, k in zip(order, keys):
        candidates = [s for s in seats_for[k] if room[s] > 0]
        if refuse is not None:
            candidates = [s for s in candidates if not refuse(s, c, hands[s])]
        while True:
            total = sum([room[s] for s in candidates])
            if total == 0:
                if refuse is not None:
                    raise DeadEnd
                # Hall's condition held before this card, so without refusals a seat always remains
                raise StateError("no deal of the hidden cards is consistent with the public history")
            pick, state = _below(state, total)
            for s in candidates:
                pick -= room[s]
                if pick < 0:
                    break
            if hall is None or hall.place(k, s):
                room[s] -= 1
                hands[s].append(c)
                break
            candidates.remove(s)
    return tuple([tuple(sorted(h)) for h in hands]), Rng(state)


class _Hall:
    """Hall's condition for placing the cards still to deal, kept up to date card by card.

    For every non-empty set of classes, its slack: the room of the seats that may take one of its
    classes, less its cards left. The rest can be placed exactly when no slack is negative. Placing
    a class-``k`` card with seat ``s`` leaves the slack of the sets holding ``k`` as it was (one
    card and one place fewer) and takes one from the sets without ``k`` that seat ``s`` serves.
    """

    __slots__ = ("_affected", "_seats", "_sets", "_slack")

    def __init__(self, remaining: dict[int, int], room: list[int], allowed: Sequence[frozenset[int]]) -> None:
        classes = sorted(remaining)
        self._sets = [frozenset(c) for r in range(1, len(classes) + 1) for c in combinations(classes, r)]
        self._seats = [
            frozenset(s for s in range(len(allowed)) if not allowed[s].isdisjoint(c)) for c in self._sets
        ]
        self._slack = [
            sum(room[s] for s in seats) - sum(remaining[k] for k in c)
            for c, seats in zip(self._sets, self._seats)
        ]
        self._affected: dict[tuple[int, int], list[int]] = {}

    def feasible(self) -> bool:
        """Whether every card left can still be placed."""
        return all(slack >= 0 for slack in self._slack)

    def place(self, k: int, s: int) -> bool:
        """Place a class-``k`` card with seat ``s`` if the rest can still be placed; whether it was."""
        affected = self._affected.get((k, s))
        if affected is None:
            affected = [i for i, c in enumerate(self._sets) if k not in c and s in self._seats[i]]
            self._affected[k, s] = affected
        slack = self._slack
        for i in affected:
            if slack[i] <= 0:
                return False
        for i in affected:
            slack[i] -= 1
        return True
