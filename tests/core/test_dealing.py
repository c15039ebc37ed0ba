"""Unit tests of ``cardrules._shared.dealing``: the round-robin deal and constrained hidden deals."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules._shared.dealing import DeadEnd, deal_hidden, deal_round_robin
from cardrules._shared.tricks import SUIT_OF
from cardrules.cards import CARDS, Card, parse_cards, standard_deck
from cardrules.errors import StateError
from cardrules.rng import Rng

ALL_SUITS = frozenset(range(4))


def suit_key(card: Card) -> int:
    return SUIT_OF[card]


# --- deal_round_robin ----------------------------------------------------------------------------


def test_round_robin_exact_hands_and_rest() -> None:
    cards = parse_cards("AS 2C KH 3D QS 4C JH 5D TS 6C")
    hands, rest = deal_round_robin(cards, 3, 3)
    # Seat 0 gets cards 0, 3, 6; seat 1 cards 1, 4, 7; seat 2 cards 2, 5, 8; each hand sorted.
    assert hands == (
        parse_cards("3D JH AS"),
        parse_cards("2C 5D QS"),
        parse_cards("4C KH TS"),
    )
    assert rest == parse_cards("6C")


def test_round_robin_first_seat() -> None:
    cards = parse_cards("AS 2C KH 3D QS 4C JH 5D TS 6C")
    hands, rest = deal_round_robin(cards, 3, 3, first=1)
    assert hands == (
        parse_cards("4C KH TS"),
        parse_cards("3D JH AS"),
        parse_cards("2C 5D QS"),
    )
    assert rest == parse_cards("6C")
    hands2, _ = deal_round_robin(cards, 3, 3, first=2)
    assert hands2 == (parse_cards("2C 5D QS"), parse_cards("4C KH TS"), parse_cards("3D JH AS"))


def test_round_robin_rest_keeps_order() -> None:
    deck = list(reversed(standard_deck()))
    hands, rest = deal_round_robin(deck, 4, 5)
    assert rest == tuple(deck[20:])
    assert all(len(h) == 5 for h in hands)
    assert all(list(h) == sorted(h) for h in hands)
    assert sorted(c for h in hands for c in h) == sorted(deck[:20])
    for seat in range(4):
        assert set(hands[seat]) == set(deck[seat:20:4])


def test_round_robin_whole_deck_and_empty() -> None:
    hands, rest = deal_round_robin(standard_deck(), 4, 13)
    assert rest == ()
    # In code order seat s gets every card with code = s mod 4.
    for seat in range(4):
        assert hands[seat] == tuple(c for c in standard_deck() if c % 4 == seat)
    assert deal_round_robin([], 2, 0) == (((), ()), ())
    assert deal_round_robin(parse_cards("2C 3C"), 2, 0) == (((), ()), parse_cards("2C 3C"))


# --- deal_hidden ---------------------------------------------------------------------------------


def feasible_assignments(
    cards: Sequence[Card], sizes: Sequence[int], allowed: Sequence[frozenset[int]]
) -> set[tuple[tuple[Card, ...], ...]]:
    """Every deal respecting the sizes and classes, by brute force."""
    found = set()
    for seats in itertools.product(range(len(sizes)), repeat=len(cards)):
        if any(seats.count(s) != sizes[s] for s in range(len(sizes))):
            continue
        if any(SUIT_OF[c] not in allowed[s] for c, s in zip(cards, seats)):
            continue
        found.add(
            tuple(tuple(sorted(c for c, s in zip(cards, seats) if s == seat)) for seat in range(len(sizes)))
        )
    return found


TINY_CARDS = parse_cards("2C 3C 2D 2H 2S")
TINY_SIZES = (2, 2, 1)
TINY_ALLOWED = (frozenset({0, 1}), frozenset({0, 2, 3}), frozenset({1, 2, 3}))


def test_deal_hidden_reaches_every_feasible_assignment() -> None:
    feasible = feasible_assignments(TINY_CARDS, TINY_SIZES, TINY_ALLOWED)
    assert len(feasible) > 3
    reached = set()
    for seed in range(400):
        hands, _ = deal_hidden(TINY_CARDS, TINY_SIZES, TINY_ALLOWED, suit_key, Rng.from_seed(seed))
        assert hands in feasible
        reached.add(hands)
    assert reached == feasible


def test_deal_hidden_unconstrained_reaches_every_split() -> None:
    cards = parse_cards("2C 3C 4C 5C")
    feasible = feasible_assignments(cards, (2, 2), (ALL_SUITS, ALL_SUITS))
    assert len(feasible) == 6
    reached = {deal_hidden(cards, (2, 2), (ALL_SUITS, ALL_SUITS), suit_key, Rng(s))[0] for s in range(200)}
    assert reached == feasible


def test_deal_hidden_refuse_bars_single_cards_and_reaches_every_other_deal() -> None:
    """``refuse(seat, card, hand so far)`` bars a card from a seat on top of the class rules: with
    seat 0 refused the 2C and any second club, every deal reached gives seat 0 at most one club,
    never the 2C, and every such deal is reached."""

    def refuse(seat: int, card: Card, hand: list[Card]) -> bool:
        return seat == 0 and SUIT_OF[card] == 0 and (card == CARDS[0] or any(SUIT_OF[c] == 0 for c in hand))

    wanted = {
        hands
        for hands in feasible_assignments(TINY_CARDS, TINY_SIZES, TINY_ALLOWED)
        if CARDS[0] not in hands[0] and sum(SUIT_OF[c] == 0 for c in hands[0]) <= 1
    }
    assert len(wanted) >= 2
    reached = set()
    for seed in range(400):
        try:
            hands, _ = deal_hidden(
                TINY_CARDS, TINY_SIZES, TINY_ALLOWED, suit_key, Rng.from_seed(seed), refuse
            )
        except DeadEnd:
            continue
        assert hands in wanted
        reached.add(hands)
    assert reached == wanted


def test_deal_hidden_refusing_every_seat_is_a_dead_end_not_a_state_error() -> None:
    """A card no seat may take under ``refuse`` raises ``DeadEnd`` (the caller deals again), not the
    ``StateError`` that says no deal exists at all."""
    cards = parse_cards("2C 3C")
    with pytest.raises(DeadEnd):
        deal_hidden(cards, (1, 1), (ALL_SUITS, ALL_SUITS), suit_key, Rng(1), lambda s, c, h: c == CARDS[1])


def test_deal_hidden_is_deterministic() -> None:
    deck = standard_deck()[:39]
    allowed = (frozenset({0, 1}), ALL_SUITS, frozenset({1, 2}))
    rng = Rng.from_seed(2024)
    first = deal_hidden(deck, (13, 13, 13), allowed, suit_key, rng)
    assert deal_hidden(deck, (13, 13, 13), allowed, suit_key, rng) == first
    assert deal_hidden(list(deck), [13, 13, 13], list(allowed), suit_key, Rng(rng.state)) == first
    assert first[1] != rng
    other = deal_hidden(deck, (13, 13, 13), allowed, suit_key, Rng.from_seed(2025))
    assert other[0] != first[0]


def test_deal_hidden_forced_deal() -> None:
    cards = parse_cards("2C 3C 2D 3D AH")
    sizes = (2, 2, 1)
    allowed = (frozenset({0}), frozenset({1}), frozenset({2}))
    for seed in range(10):
        hands, _ = deal_hidden(cards, sizes, allowed, suit_key, Rng(seed))
        assert hands == (parse_cards("2C 3C"), parse_cards("2D 3D"), parse_cards("AH"))


@st.composite
def hidden_deals(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[int, ...], tuple[frozenset[int], ...]]:
    """A set of cards, sizes adding up to it, and suit constraints built from a secret feasible deal."""
    n = draw(st.integers(min_value=0, max_value=20))
    cards = tuple(draw(st.permutations(standard_deck()))[:n])
    seats = draw(st.integers(min_value=1, max_value=4))
    owner = [draw(st.integers(min_value=0, max_value=seats - 1)) for _ in cards]
    sizes = tuple(owner.count(s) for s in range(seats))
    allowed = []
    for s in range(seats):
        needed = {SUIT_OF[c] for c, o in zip(cards, owner) if o == s}
        extra = draw(st.sets(st.integers(min_value=0, max_value=3)))
        allowed.append(frozenset(needed | extra))
    return cards, sizes, tuple(allowed)


@settings(max_examples=60, deadline=None)
@given(hidden_deals(), st.integers(min_value=0, max_value=2**64 - 1))
def test_deal_hidden_respects_sizes_and_classes(
    case: tuple[tuple[Card, ...], tuple[int, ...], tuple[frozenset[int], ...]], seed: int
) -> None:
    cards, sizes, allowed = case
    hands, rng = deal_hidden(cards, sizes, allowed, suit_key, Rng(seed))
    assert isinstance(rng, Rng)
    assert tuple(len(h) for h in hands) == sizes
    assert sorted(c for h in hands for c in h) == sorted(cards)
    for seat, hand in enumerate(hands):
        assert list(hand) == sorted(hand)
        assert all(SUIT_OF[c] in allowed[seat] for c in hand)


def test_deal_hidden_sizes_must_match() -> None:
    with pytest.raises(StateError, match="cannot deal 3"):
        deal_hidden(parse_cards("2C 3C 4C"), (1, 1), (ALL_SUITS, ALL_SUITS), suit_key, Rng(0))
    with pytest.raises(StateError):
        deal_hidden(parse_cards("2C"), (1, 1), (ALL_SUITS, ALL_SUITS), suit_key, Rng(0))


@pytest.mark.parametrize(
    ("cards", "sizes", "allowed"),
    [
        # Nobody may hold clubs.
        ("2C 2D", (1, 1), (frozenset({1}), frozenset({1, 2}))),
        # Two clubs but only seat 0 (one card) accepts clubs: Hall's condition fails.
        ("2C 3C 2D", (1, 1, 1), (frozenset({0}), frozenset({1}), frozenset({1}))),
        # Clubs and diamonds (3 cards) can only go to seats 0 and 1 with room for 2.
        ("2C 2D 3D 2H", (1, 1, 2), (frozenset({0, 1}), frozenset({1}), frozenset({2}))),
    ],
)
def test_deal_hidden_impossible(
    cards: str, sizes: tuple[int, ...], allowed: tuple[frozenset[int], ...]
) -> None:
    with pytest.raises(StateError, match="no deal"):
        deal_hidden(parse_cards(cards), sizes, allowed, suit_key, Rng(0))


def test_deal_hidden_empty() -> None:
    assert deal_hidden((), (0, 0), (ALL_SUITS, ALL_SUITS), suit_key, Rng(9)) == (((), ()), Rng(9))


def test_deal_hidden_custom_key() -> None:
    """Classes come from ``key``: here jokers and hearts form one class (code // 26 style)."""
    cards = (*parse_cards("2H 3H 2S"), CARDS[52], CARDS[53])

    def key(card: Card) -> int:
        return 9 if card >= 52 or SUIT_OF[card] == 2 else SUIT_OF[card]

    allowed = (frozenset({9}), frozenset({3, 9}))
    for seed in range(30):
        hands, _ = deal_hidden(cards, (3, 2), allowed, key, Rng(seed))
        assert parse_cards("2S")[0] in hands[1]
        assert all(key(c) == 9 for c in hands[0])
