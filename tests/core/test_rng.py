"""Unit tests of ``cardrules.rng``: SplitMix64 reference vectors, draws, shuffle and derived seeds.

Every expected number below comes from an independent C program, not from the Python code under
test: Vigna's ``splitmix64.c`` ``next()`` (``z = (x += 0x9e3779b97f4a7c15); z = (z ^ (z >> 30)) *
0xbf58476d1ce4e5b9; z = (z ^ (z >> 27)) * 0x94d049bb133111eb; return z ^ (z >> 31);``) plus, written
from the rules in ``rng.py``'s docstring, ``below(n)`` (accept ``x < 2**64 - (2**64 mod n)``, return
``x mod n``), the Fisher–Yates shuffle (``i`` from ``len - 1`` down to 1, ``j = below(i + 1)``, swap)
and ``derive_seed``. It was compiled with ``gcc -O2 -Wall -Wextra`` on x86-64 and its printed output
pasted here.
"""

from __future__ import annotations

import random
import signal
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.errors import ConfigError
from cardrules.rng import Rng, derive_seed, playout_random

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15

# First outputs of C splitmix64 next() for each seed (state x initialised to the seed).
REFERENCE: dict[int, list[int]] = {
    0: [
        16294208416658607535,
        7960286522194355700,
        487617019471545679,
        17909611376780542444,
        1961750202426094747,
        6038094601263162090,
    ],
    1: [
        10451216379200822465,
        13757245211066428519,
        17911839290282890590,
        8196980753821780235,
        8195237237126968761,
        14072917602864530048,
    ],
    1234567: [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
        7804594928223864054,
    ],
    MASK: [
        16490336266968443936,
        16834447057089888969,
        4048727598324417001,
        7862637804313477842,
        13015481187462834606,
        15212506146343009075,
    ],
}


# --- SplitMix64 outputs ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", list(REFERENCE))
def test_next_u64_matches_c_reference(seed: int) -> None:
    rng = Rng.from_seed(seed)
    outputs = []
    for _ in range(len(REFERENCE[seed])):
        value, rng = rng.next_u64()
        outputs.append(value)
    assert outputs == REFERENCE[seed]
    assert rng.state == (seed + len(REFERENCE[seed]) * GAMMA) & MASK


def test_next_u64_is_pure() -> None:
    rng = Rng.from_seed(1)
    first = rng.next_u64()
    second = rng.next_u64()
    assert first == second
    assert rng == Rng(1)
    assert first[1] != rng


# --- seeds and state -------------------------------------------------------------------------------


def test_from_seed_reduces_mod_2_64() -> None:
    assert Rng.from_seed(-1) == Rng.from_seed(2**64 - 1) == Rng(MASK)
    assert Rng.from_seed(2**64) == Rng.from_seed(0)
    assert Rng.from_seed(2**64 + 1234567) == Rng(1234567)
    assert Rng.from_seed(-(2**64)) == Rng(0)
    assert Rng.from_seed(10**40).state == 10**40 % 2**64
    assert Rng.from_seed(-1).next_u64()[0] == REFERENCE[MASK][0]


@pytest.mark.parametrize("seed", [True, False, 1.0, "1", None, b"1", (1,)])
def test_from_seed_rejects_non_int(seed: object) -> None:
    with pytest.raises(ConfigError, match="seed"):
        Rng.from_seed(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("state", [-1, 2**64, 2**70, True, 1.0, "1", None])
def test_rng_state_validation(state: object) -> None:
    with pytest.raises(ConfigError):
        Rng(state)  # type: ignore[arg-type]


def test_rng_value_semantics() -> None:
    assert Rng(0) == Rng(0)
    assert hash(Rng(5)) == hash(Rng(5))
    assert Rng(0) != Rng(1)
    assert Rng(0).state == 0
    assert Rng(MASK).state == MASK
    with pytest.raises(AttributeError):
        Rng(0).state = 1  # type: ignore[misc]


# --- below ---------------------------------------------------------------------------------------


def test_below_matches_c_reference() -> None:
    # C: below(52) from seed 1234567 -> 33 after one draw.
    value, rng = Rng.from_seed(1234567).below(52)
    assert value == 33 == REFERENCE[1234567][0] % 52
    assert rng == Rng.from_seed(1234567).next_u64()[1]


def test_below_rejection() -> None:
    # n = 2**63 + 1: limit = 2**64 - (2**64 mod n) = 2**63 + 1. Seed 0's first output (1.63e19) is
    # above it and rejected; the second, 7960286522194355700, is accepted (C reference: 2 draws,
    # state 4354685564936845354 afterwards).
    n = 2**63 + 1
    assert REFERENCE[0][0] >= n
    value, rng = Rng.from_seed(0).below(n)
    assert value == 7960286522194355700
    assert rng.state == 4354685564936845354 == (2 * GAMMA) & MASK


def test_below_powers_of_two_accept_every_value() -> None:
    rng = Rng.from_seed(1)
    for expected in REFERENCE[1]:
        value, rng = rng.below(2**32)
        assert value == expected % 2**32
    value, _ = Rng.from_seed(0).below(2**64)
    assert value == REFERENCE[0][0]


@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=1, max_value=2**64))
def test_below_range(seed: int, n: int) -> None:
    value, rng = Rng.from_seed(seed).below(n)
    assert 0 <= value < n
    assert type(value) is int
    # The documented rejection loop, written with next_u64.
    limit = 2**64 - 2**64 % n
    expected = Rng(seed)
    while True:
        x, expected = expected.next_u64()
        if x < limit:
            break
    assert (value, rng) == (x % n, expected)


def test_below_one_is_zero_and_consumes_one_draw() -> None:
    value, rng = Rng(7).below(1)
    assert value == 0
    assert rng == Rng(7).next_u64()[1]


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(99)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())


@pytest.mark.parametrize("n", [0, -1, True, 1.0, "3", None])
def test_below_rejects_bad_n(n: object) -> None:
    with pytest.raises(ConfigError):
        Rng(0).below(n)  # type: ignore[arg-type]


class _HungError(Exception):
    pass


def _raise_hung(signum: int, frame: object) -> None:
    raise _HungError


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs signal.setitimer")
@pytest.mark.parametrize("n", [2**64 + 1, 2**70])
def test_below_rejects_n_above_2_64(n: int) -> None:
    previous = signal.signal(signal.SIGALRM, _raise_hung)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        with pytest.raises(ConfigError):
            Rng(0).below(n)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- shuffle ---------------------------------------------------------------------------------------


def test_shuffle_hand_computed_small_case() -> None:
    """Seed 0, items [a, b, c, d], by hand from the C outputs o0, o1, o2 and the documented rules:

    * i = 3: n = 4 divides 2**64, every value is accepted; j = o0 mod 4 = ...535 mod 4 = 3: swap
      items 3 and 3 -> [a, b, c, d].
    * i = 2: n = 3, limit = 2**64 - 1, o1 < limit; j = o1 mod 3 = 0 (its digits sum to 81): swap
      items 2 and 0 -> [c, b, a, d].
    * i = 1: n = 2; j = o2 mod 2 = 1 (odd): swap items 1 and 1 -> [c, b, a, d].
    """
    o0, o1, o2 = REFERENCE[0][:3]
    assert (o0 % 4, o1 % 3, o2 % 2) == (3, 0, 1)
    assert o1 < 2**64 - 1
    shuffled, rng = Rng.from_seed(0).shuffle(["a", "b", "c", "d"])
    assert shuffled == ("c", "b", "a", "d")
    assert rng.state == (3 * GAMMA) & MASK == 15755400384260043839


@pytest.mark.parametrize(
    ("seed", "size", "expected", "state_after"),
    [
        (0, 10, [6, 3, 2, 9, 8, 1, 4, 7, 0, 5], 10372713005361028285),
        (1, 10, [4, 2, 8, 1, 9, 3, 0, 6, 7, 5], 10372713005361028286),
        (1234567, 10, [2, 0, 6, 1, 4, 5, 3, 8, 9, 7], 10372713005362262852),
        (
            1234567,
            52,
            [
                19, 41, 7, 26, 36, 45, 10, 18, 13, 2, 44, 5, 25, 46, 3, 42, 6, 4, 51, 49, 37, 0, 35, 15,
                17, 39, 38, 21, 28, 11, 32, 1, 31, 48, 40, 20, 30, 34, 47, 27, 9, 14, 50, 12, 22, 43, 8,
                29, 24, 23, 16, 33,
            ],
            9587389500488257206,
        ),
    ],
)  # fmt: skip
def test_shuffle_matches_c_reference(seed: int, size: int, expected: list[int], state_after: int) -> None:
    shuffled, rng = Rng.from_seed(seed).shuffle(range(size))
    assert list(shuffled) == expected
    assert rng.state == state_after


@given(st.integers(min_value=0, max_value=MASK), st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_deterministic_permutation(seed: int, items: list[int]) -> None:
    rng = Rng(seed)
    shuffled, after = rng.shuffle(items)
    assert type(shuffled) is tuple
    assert sorted(shuffled) == sorted(items)
    assert rng.shuffle(items) == (shuffled, after)
    assert rng.shuffle(tuple(items)) == (shuffled, after)
    if len(items) <= 1:
        assert after == rng
        assert shuffled == tuple(items)


def test_shuffle_does_not_mutate_input() -> None:
    items = list(range(20))
    Rng(3).shuffle(items)
    assert items == list(range(20))


def test_shuffle_agrees_with_below_steps() -> None:
    """The inlined shuffle equals the documented loop written with ``below``."""
    for seed in (0, 1, 1234567, MASK, 42):
        items = list(range(300))  # past the precomputed limit table (n < 256)
        rng = Rng(seed)
        for i in range(len(items) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            items[i], items[j] = items[j], items[i]
        assert Rng(seed).shuffle(range(300)) == (tuple(items), rng)


def test_shuffle_reaches_every_permutation_of_three() -> None:
    seen = Counter(Rng(seed).shuffle("abc")[0] for seed in range(600))
    assert len(seen) == 6
    assert all(60 < n < 140 for n in seen.values())


# --- choice ----------------------------------------------------------------------------------------


def test_choice() -> None:
    items = ["w", "x", "y", "z"]
    item, rng = Rng(1234567).choice(items)
    index, expected_rng = Rng(1234567).below(4)
    assert item == items[index] == items[REFERENCE[1234567][0] % 4]
    assert rng == expected_rng
    assert Rng(5).choice(("only",)) == ("only", Rng(5).next_u64()[1])
    seen = set()
    rng = Rng(0)
    for _ in range(100):
        item, rng = rng.choice(items)
        seen.add(item)
    assert seen == set(items)


@pytest.mark.parametrize("empty", [[], (), ""])
def test_choice_rejects_empty(empty: list[int] | tuple[int, ...] | str) -> None:
    with pytest.raises(ConfigError):
        Rng(0).choice(empty)


@pytest.mark.parametrize("junk", [None, 5, 1.5, {"a": 1}, {1, 2}, object()])
def test_choice_and_shuffle_take_only_sequences(junk: object) -> None:
    with pytest.raises(ConfigError, match=r"choice\(\) takes a sequence"):
        Rng(0).choice(junk)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"shuffle\(\) takes a sequence"):
        Rng(0).shuffle(junk)  # type: ignore[arg-type]
    assert Rng(0).shuffle(range(3))[0] == Rng(0).shuffle([0, 1, 2])[0]


# --- derive_seed ----------------------------------------------------------------------------------


def test_derive_seed_matches_c_reference() -> None:
    assert derive_seed(7, 1, 2) == 10718186259896329565
    assert derive_seed(0, 1) == 627405149472732430
    assert derive_seed(1, 0) == 6791897765849424158
    assert derive_seed(0, 0) == 12035550249420947055
    assert derive_seed(2**64 - 1, 2**64 - 1) == 7136257342804621622
    assert derive_seed(1234567, 3, 1, 4) == 14224158589299269453


def test_derive_seed_documented_formula() -> None:
    """``h = seed mod 2**64``; for each ``k``: ``h`` becomes the first output of an Rng whose state
    is ``h``, then the first output of an Rng whose state is ``h ^ (k mod 2**64)``."""
    for seed, path in [(0, ()), (5, (1,)), (-3, (2, -7)), (10**30, (0, 1, 2, 3)), (1, (2**64 + 5,))]:
        h = seed % 2**64
        for k in path:
            h, _ = Rng(h).next_u64()
            h, _ = Rng(h ^ (k % 2**64)).next_u64()
        assert derive_seed(seed, *path) == h
    assert derive_seed(123) == 123
    assert derive_seed(-1) == MASK
    assert derive_seed(-1, -1) == derive_seed(MASK, MASK)
    assert derive_seed(0, 0) == derive_seed(2**64, 2**64)


@pytest.mark.parametrize(("seed", "path"), [(True, ()), (1.0, ()), ("1", ()), (1, (True,)), (1, ("k",))])
def test_derive_seed_rejects_non_int(seed: object, path: tuple[object, ...]) -> None:
    with pytest.raises(ConfigError):
        derive_seed(seed, *path)  # type: ignore[arg-type]


def test_derive_seed_streams_of_nearby_seeds_are_disjoint() -> None:
    """Regression: with one mixing step derive_seed(seed, k) depended only on seed ^ k, so
    ``simulate --seed 5`` played the same games as ``--seed 0``."""
    assert derive_seed(0, 1) != derive_seed(1, 0)
    streams = [{derive_seed(seed, i) for i in range(256)} for seed in range(8)]
    assert all(len(s) == 256 for s in streams)
    for a in range(8):
        for b in range(a + 1, 8):
            assert streams[a].isdisjoint(streams[b])
    assert derive_seed(3, 1, 2) != derive_seed(3, 2, 1)
    assert derive_seed(3, 0) != derive_seed(3)


def test_playout_random_is_pythons_mersenne_twister_seeded_mod_2_64() -> None:
    for seed in (0, 1, 12345, 2**63, 2**64 - 1, 2**64 + 7, -1):
        mine, python = playout_random(seed), random.Random(seed % 2**64).random
        assert [mine() for _ in range(50)] == [python() for _ in range(50)], seed
    assert playout_random(5)() != playout_random(6)()
