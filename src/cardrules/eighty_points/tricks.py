"""80 Points' trick rules: effective suits and card order, doubles, sisters, lead shapes, following
and trick winners.

Every card of a round has an *effective suit* (0-3 for clubs..spades, [`TRUMP`][] for every trump)
and a *position* in it, higher is stronger, equal positions are equal in rank:

* plain suits: ranks 2..A without the royal number, positions 0..11 (so with royal 7 the 6 and 8
  are adjacent);
* trumps with a trump suit: the trump suit's plain ranks 0..11, then the royal number of the three
  other suits 12 (equal to each other), the trump suit's royal number 13, small joker 14, big joker 15;
* trumps without a trump suit: every royal-number card 13 (equal), small joker 14, big joker 15.

Two doubles form sisters when they are in one effective suit and their positions differ by exactly
one, which gives every adjacency the rulings list and rules out two off-suit royal doubles.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Final

from cardrules._shared.words import SUIT_NAMES
from cardrules.cards import Card, format_cards
from cardrules.errors import StateError

__all__: list[str] = []  # card_points and order_table, which check their input, are in entry

TRUMP: Final = 4
"""The effective suit of every trump."""
# Play shapes, by their number of cards.
SINGLE: Final = 1
DOUBLE: Final = 2
SISTERS: Final = 4

_POINTS: Final[tuple[int, ...]] = tuple(
    5 if c % 13 + 2 == 5 else 10 if c % 13 + 2 in (10, 13) else 0 for c in range(52)
) + (0, 0)


def points(cards: Sequence[int]) -> int:
    """Total points of ``cards``."""
    total = 0
    for c in cards:  # a plain loop: no generator to build, in either build
        total += _POINTS[c]
    return total


@functools.cache
def table_for(royal: int, trump: int | None) -> tuple[tuple[int, int], ...]:
    """``order_table`` without its checks (in ``entry``), for the game's own calls with the round's
    values."""
    plain = [r for r in range(2, 15) if r != royal]
    out: list[tuple[int, int]] = []
    for code in range(52):
        suit, rank = code // 13, code % 13 + 2
        if rank == royal:
            out.append((TRUMP, 13 if trump is None or suit == trump else 12))
        elif suit == trump:
            out.append((TRUMP, plain.index(rank)))
        else:
            out.append((suit, plain.index(rank)))
    out.append((TRUMP, 14))
    out.append((TRUMP, 15))
    return tuple(out)


def doubles_in(cards: Sequence[Card]) -> list[Card]:
    """Each card that occurs twice in ``cards`` (one entry per double), in card order."""
    # Equal cards are neighbours once sorted, so comparing neighbours finds them.
    ordered = sorted(cards)
    return sorted({a for a, b in pairwise(ordered) if a == b})


def sisters_in(doubles: Sequence[Card], table: Sequence[tuple[int, int]]) -> list[tuple[Card, Card]]:
    """Every pair of doubles (lower, higher) that are sisters under ``table``."""
    out = []
    for a, b in combinations(doubles, 2):
        (sa, pa), (sb, pb) = table[a], table[b]
        if sa == sb and abs(pa - pb) == 1:
            out.append((a, b) if pa < pb else (b, a))
    return out


def shape_of(cards: Sequence[Card], table: Sequence[tuple[int, int]]) -> tuple[int, int, int] | None:
    """``(shape, effective suit, high position)`` of a lead-shaped play, or ``None`` if it is none.

    A single; a double (two identical cards); sisters (two doubles, adjacent in one effective suit),
    compared by the higher double.
    """
    n = len(cards)
    if n == 1:
        suit, pos = table[cards[0]]
        return SINGLE, suit, pos
    if n == 2:
        if cards[0] != cards[1]:
            return None
        suit, pos = table[cards[0]]
        return DOUBLE, suit, pos
    if n == 4:
        doubles = doubles_in(cards)
        if len(doubles) != 2:
            return None
        pairs = sisters_in(doubles, table)
        if not pairs:
            return None
        suit, pos = table[pairs[0][1]]
        return SISTERS, suit, pos
    return None


def follow_reason(
    hand: Sequence[Card], play: Sequence[Card], led: Sequence[Card], table: Sequence[tuple[int, int]]
) -> str | None:
    """Why ``play``, cards taken from ``hand``, is not a legal answer to the lead ``led``, or ``None``.

    Play as many cards as were led; of the led suit: a double if a double was led and you hold one;
    sisters if sisters were led and you hold some, else every double you hold there up to two; then
    further cards of the led suit; only when the suit is exhausted, any cards. Whether ``hand``
    holds ``play`` is the caller's question, asked first (a play not held is no answer at all).
    """
    n = len(led)
    if len(play) != n:
        return f"must play {n} card{'s' if n > 1 else ''}"
    led_suit = table[led[0]][0]
    if n == SINGLE and table[play[0]][0] == led_suit:
        return None  # the common answer, a (held) card of the led suit, without counting the hand
    in_suit = [c for c in hand if table[c][0] == led_suit]
    played_in_suit = [c for c in play if table[c][0] == led_suit]
    suit_name = _suit_name(led_suit)
    need = min(n, len(in_suit))
    if len(played_in_suit) != need:
        return f"must play {need} card{'s' if need != 1 else ''} of {suit_name}"
    if n == DOUBLE:
        if doubles_in(in_suit) and play[0] != play[1]:
            return f"must answer the double with a double of {suit_name}"
    elif n == SISTERS:
        held = doubles_in(in_suit)
        if sisters_in(held, table):
            shape = shape_of(play, table)
            if shape is None or shape[0] != SISTERS:
                return f"must answer the sisters with sisters of {suit_name}"
        else:
            want = min(len(held), 2)
            if len(doubles_in(played_in_suit)) < want:
                return f"must play {want} double{'s' if want > 1 else ''} of {suit_name}"
    return None


_SUIT_NAMES: Final = (*SUIT_NAMES, "trumps")  # 80 Points folds its trumps into a fifth suit


def _suit_name(suit: int) -> str:
    return _SUIT_NAMES[suit]


def _multiset_combinations(cards: Sequence[Card], k: int) -> list[tuple[Card, ...]]:
    """Distinct k-card sub-multisets of ``cards`` (which must be sorted), each sorted, in order."""
    # itertools does the enumeration in C; a hand holds each card at most twice, so the duplicates
    # it produces are few and dict.fromkeys drops them keeping the (sorted) order.
    return list(dict.fromkeys(combinations(cards, k)))


def follow_plays(
    hand: Sequence[Card], led: Sequence[Card], table: Sequence[tuple[int, int]]
) -> list[tuple[Card, ...]]:
    """Every legal answer to ``led`` from ``hand`` (each a sorted tuple, each multiset once)."""
    n = len(led)
    if n == SINGLE:
        return [(c,) for c in single_answers(sorted(hand), led[0], table)]
    led_suit = table[led[0]][0]
    ordered = sorted(hand)
    in_suit = [c for c in ordered if table[c][0] == led_suit]
    held = doubles_in(in_suit)
    if n == DOUBLE:
        if held:
            return [(d, d) for d in held]
        if len(in_suit) >= 2:
            return _multiset_combinations(in_suit, 2)
        if in_suit:
            return [tuple(sorted((in_suit[0], o))) for o in dict.fromkeys(ordered) if o != in_suit[0]]
        return _multiset_combinations(ordered, 2)
    others = [c for c in ordered if table[c][0] != led_suit]
    pairs = sisters_in(held, table)
    if pairs:
        return [sisters_play(a, b) for a, b in pairs]
    want = min(len(held), 2)
    out: list[tuple[Card, ...]] = []
    for chosen in combinations(held, want):
        rest = list(in_suit)
        for d in chosen:
            rest.remove(d)
            rest.remove(d)
        room = n - 2 * want
        take = min(room, len(rest))
        base = [d for d in chosen for _ in range(2)]
        for part in _multiset_combinations(rest, take):
            if room == take:
                out.append(tuple(sorted(base + list(part))))
            elif not base and not part:
                out.extend(_multiset_combinations(others, room))
            else:
                head = base + list(part)
                out.extend(
                    tuple(sorted(head + list(extra))) for extra in _multiset_combinations(others, room - take)
                )
    return sorted(dict.fromkeys(out))


def single_answers(hand: Sequence[Card], led: Card, table: Sequence[tuple[int, int]]) -> list[Card]:
    """The cards of a sorted ``hand`` that may answer the single ``led``: each distinct card of its
    effective suit, or of the whole hand when it holds none; ascending."""
    led_suit = table[led][0]
    if led_suit == TRUMP:
        cards = hand
    else:
        # A plain suit's cards are one run of a sorted hand (less its royal-number card, a trump),
        # which two bisections find without looking at the rest of the hand.
        low = led_suit * 13
        cards = hand[bisect_left(hand, low) : bisect_left(hand, low + 13)]
    # One pass filters and drops repeats (equal cards are neighbours in a sorted hand): cheaper in
    # both builds than a comprehension followed by dict.fromkeys.
    answers: list[Card] = []
    previous = -1
    for c in cards:
        if c != previous and table[c][0] == led_suit:
            answers.append(c)
            previous = c
    return answers or list(dict.fromkeys(hand))


def lead_shapes(
    hand: Sequence[Card], table: Sequence[tuple[int, int]]
) -> tuple[list[Card], list[Card], list[tuple[Card, Card]]]:
    """Every legal lead from a sorted ``hand``, by shape: each distinct single and each double (in
    card order), and each sisters as its (lower, higher) double."""
    # A hand holds each card at most twice, and equal cards are neighbours in a sorted hand: a card
    # equal to the one before it is a double's second card. One pass finds both lists, cheaper in
    # both builds than finding the doubles and then dropping repeats with dict.fromkeys.
    singles: list[Card] = []
    doubles: list[Card] = []
    previous = -1
    for c in hand:
        if c == previous:
            doubles.append(c)
        else:
            singles.append(c)
            previous = c
    if not doubles:  # so no sisters either
        return singles, doubles, []
    return singles, doubles, sisters_in(doubles, table)


def sisters_play(lower: Card, higher: Card) -> tuple[Card, ...]:
    """The four cards of the sisters made of the doubles ``lower`` and ``higher``, in card order."""
    return (lower, lower, higher, higher) if lower < higher else (higher, higher, lower, lower)


def lead_plays(hand: Sequence[Card], table: Sequence[tuple[int, int]]) -> list[tuple[Card, ...]]:
    """Every legal lead: each distinct single, each double, each sisters (sorted tuples)."""
    singles, doubles, sisters = lead_shapes(hand, table)
    plays: list[tuple[Card, ...]] = [(c,) for c in singles]
    plays.extend((d, d) for d in doubles)
    plays.extend(sisters_play(a, b) for a, b in sisters)
    return plays


def trick_winner(plays: Sequence[Sequence[Card]], table: Sequence[tuple[int, int]]) -> int:
    """Index of the winning play of a complete trick.

    A play beats the best so far only with the led shape in the led suit ranking higher, or (by a
    player void in the led suit) the same shape all in trumps ranking higher than any earlier
    all-trump play of that shape; other plays never win; the earlier of equal plays wins.
    """
    return trick_leader(plays, table)[0]


def trick_leader(
    plays: Sequence[Sequence[Card]], table: Sequence[tuple[int, int]]
) -> tuple[int, int, tuple[int, int, int]]:
    """For a trick complete or still being played: the index of the play winning it so far (as
    ``trick_winner`` tells), that play's ``play_rank``, and the lead's ``shape_of``."""
    lead = shape_of(plays[0], table)
    if lead is None:  # validate refuses such a trick; this guards a direct call
        raise StateError(f"a trick's lead is a single, a double or sisters, not {format_cards(plays[0])}")
    best, best_rank = 0, lead[2]
    for i in range(1, len(plays)):
        rank = play_rank(plays[i], lead, table)
        if rank > best_rank:
            best, best_rank = i, rank
    return best, best_rank, lead


def play_rank(play: Sequence[Card], lead: tuple[int, int, int], table: Sequence[tuple[int, int]]) -> int:
    """How ``play`` ranks in a trick whose lead has the ``shape_of`` ``lead``: the higher wins, and
    the earlier of equal ranks. A play of the led shape in the led suit ranks as its position
    (0-15); all in trumps by a player void in the led suit, as its position + 16, above any play of
    the led suit; any other play cannot win and ranks -1."""
    shape, led_suit, _ = lead
    if shape == SINGLE:  # most tricks: a single's suit and position are read directly
        if len(play) != 1:
            return -1
        suit, pos = table[play[0]]
    else:
        answer = shape_of(play, table)
        if answer is None or answer[0] != shape:
            return -1
        _, suit, pos = answer
    return pos if suit == led_suit else pos + 16 if suit == TRUMP else -1
