"""Trick-taking helpers shared by the trick games.

They work on card codes through lookup tables so that games can pass their own notion of suit
(80 Points folds trumps into one suit) and rank. ``SUIT_OF`` and ``RANK_OF`` are the plain tables:
jokers have suit ``-1`` and ranks 15 (small) and 16 (big).

Internal to the package (hence the underscore): the game modules call these on their hot paths
with arguments they have already checked, so nothing here validates its input. Users reach the
same rules through the games' public functions, which do.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Final

from cardrules._reprs import short_repr
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.words import SUIT_NAMES
from cardrules.cards import Card, format_cards
from cardrules.errors import StateError

__all__ = [
    "RANK_OF",
    "SUIT_OF",
    "card_reason",
    "check_no_revoke",
    "follows",
    "holds_suit",
    "must_follow",
    "playable",
    "revoke",
    "take_card",
    "trick_winner",
    "void_suits",
]

SUIT_OF: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52)) + (-1, -1)
"""Suit of each card code (0 clubs .. 3 spades, -1 for jokers)."""
RANK_OF: Final[tuple[int, ...]] = tuple(c % 13 + 2 for c in range(52)) + (15, 16)
"""Rank of each card code (2..14, 15 small joker, 16 big joker)."""


def playable(hand: Sequence[Card], led: Card | None) -> Sequence[Card]:
    """The cards of a sorted ``hand`` that may answer a trick led with ``led`` (``None``: leading).

    Hands sorted by code hold each suit as one run, so two bisections find the led suit; a player
    holding it must play it, a player void in it (or leading) may play any card.
    """
    if led is None or led >= 52:
        return hand
    low = led // 13 * 13
    start = bisect_left(hand, low)
    end = bisect_left(hand, low + 13, start)
    return hand[start:end] if start != end else hand


def holds_suit(hand: Sequence[Card], suit: int) -> bool:
    """Whether a sorted ``hand`` holds a card of ``suit`` (0-3)."""
    low = suit * 13
    start = bisect_left(hand, low)
    return start < len(hand) and hand[start] < low + 13


def follows(hand: Sequence[Card], led: Card, card: Card) -> bool:
    """The follow-suit rule of every suited trick game here: ``card`` from a sorted ``hand`` may
    answer a trick led with ``led`` when it is of the led suit or the hand holds none of it. The
    one place the rule is written: ``playable`` lists what it allows, the rest ask it."""
    return led >= 52 or card // 13 == led // 13 or not holds_suit(hand, led // 13)


def must_follow(hand: Sequence[Card], led: Card, card: Card, seat: int) -> str | None:
    """Why playing ``card`` to a trick led with ``led`` breaks the follow-suit rule, or ``None``.

    The message names the seat, the suit and the cards that follow: ``seat 2 must follow diamonds
    (holds TD JD)``.
    """
    if follows(hand, led, card):
        return None
    return f"seat {seat} must follow {SUIT_NAMES[led // 13]} (holds {format_cards(playable(hand, led))})"


def card_reason(hand: Sequence[Card], trick: Sequence[Card], card: Card, seat: int) -> str | None:
    """Why ``seat`` may not play ``card`` from ``hand`` to ``trick``: it does not hold it, or it must
    follow the led suit (see [`must_follow`][]); ``None`` when the play is legal."""
    if type(card) is not Card:  # a move built around its converter: 0 == Card(0) but is no card
        return f"{short_repr(card)} is not a card"
    if card not in hand:
        legal = playable(hand, trick[0] if trick else None)
        return f"seat {seat} does not hold {card} (it may play {format_cards(legal)})"
    if trick:
        return must_follow(hand, trick[0], card, seat)
    return None


def take_card(
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    seat: int,
    card: Card,
    check: bool,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]] | None:
    """``seat`` plays ``card`` from its sorted hand to ``trick``: the hands without it and the trick
    with it; ``None`` (the caller says why) when the seat does not hold it or, with ``check``, must
    follow the trick's suit instead. The trick gets the hand's own card object, so a forged int
    equal to a card never enters a state."""
    hand = hands[seat]
    try:
        i = hand.index(card)
    except ValueError:
        return None
    if check and trick and not follows(hand, trick[0], card):
        return None
    after = list(hands)
    after[seat] = hand[:i] + hand[i + 1 :]
    return tuple(after), (*trick, hand[i])


def trick_winner(
    cards: Sequence[Card],
    trump: int | None = None,
    suit_of: Sequence[int] = SUIT_OF,
    rank_of: Sequence[int] = RANK_OF,
) -> int:
    """Index (in play order) of the card that wins a trick.

    The highest card of ``trump`` wins if any was played, else the highest card of the led suit
    (the first card's suit). Ranks compare by ``rank_of``; among equal cards the earlier wins.
    """
    if trump is not None:
        best = -1
        for i, c in enumerate(cards):
            if suit_of[c] == trump and (best < 0 or rank_of[c] > rank_of[cards[best]]):
                best = i
        if best >= 0:
            return best
    led = suit_of[cards[0]]
    best = 0
    top = rank_of[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        if suit_of[c] == led and rank_of[c] > top:
            best, top = i, rank_of[c]
    return best


def void_suits(
    tricks: Sequence[Sequence[Card]],
    leaders: Sequence[int],
    players: int,
    suit_of: Sequence[int] = SUIT_OF,
) -> list[set[int]]:
    """The suits each seat has shown it lacks: it played another suit to a trick led in that suit.

    ``tricks[i]`` holds a trick's cards in play order (complete or not) and ``leaders[i]`` its leader.
    """
    voids: list[set[int]] = [set() for _ in range(players)]
    for cards, leader in zip(tricks, leaders):
        led = suit_of[cards[0]]
        for k in range(1, len(cards)):
            if suit_of[cards[k]] != led:
                voids[(leader + k) % players].add(led)
    return voids


def revoke(
    hands: Sequence[Sequence[Card]],
    tricks: Sequence[tuple[int, Sequence[Card]]],
    players: int,
) -> str | None:
    """The first failure to follow suit in a round's history, described, or ``None``.

    ``hands`` are the seats' current hands and ``tricks`` the round's tricks so far as ``(leader,
    cards in play order)``, the unfinished one last. Each seat's holding is rebuilt from its hand
    and the cards it played; replaying the tricks in order, a card off the led suit from a seat
    that still held the led suit is a revoke, which no legal play can reach.
    """
    holding = [list(h) for h in hands]
    for leader, cards in tricks:
        for k, card in enumerate(cards):
            holding[(leader + k) % players].append(card)
    for hand in holding:
        hand.sort()
    for number, (leader, cards) in enumerate(tricks, start=1):
        for k, card in enumerate(cards):
            seat = (leader + k) % players
            if k and not follows(holding[seat], cards[0], card):
                return f"seat {seat} did not follow {SUIT_NAMES[cards[0] // 13]} in trick {number}"
            holding[seat].remove(card)
    return None


def check_no_revoke(
    hands: Sequence[Sequence[Card]],
    tricks: Sequence[CompletedTrick],
    leader: int,
    trick: Sequence[Card],
    players: int,
) -> None:
    """A ``StateError`` naming the first failure to follow suit in a round's history: its completed
    ``tricks``, then the ``trick`` in progress led by ``leader`` (see [`revoke`][])."""
    history: list[tuple[int, Sequence[Card]]] = [(t.leader, t.cards) for t in tricks]
    if trick:
        history.append((leader, trick))
    reason = revoke(hands, history, players)
    if reason is not None:
        raise StateError(f"impossible history: {reason}")
