"""The deterministic random generator every game uses: SplitMix64, held in states as a value.

The algorithm is part of the contract: the same seed gives the same deals on every machine and
Python version, and a port in any language can reproduce them bit for bit.

* **State**: one unsigned 64-bit integer. ``Rng.from_seed(seed)`` takes ``seed mod 2**64``.
* **Next value** (SplitMix64, Steele, Lea and Flood 2014): ``state = (state + 0x9E3779B97F4A7C15) mod
  2**64``; ``z = state``; ``z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64``;
  ``z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64``; the output is ``z ^ (z >> 31)``.
* **Bounded draw** ``below(n)`` for ``1 <= n <= 2**64``: let ``limit = 2**64 - (2**64 mod n)``;
  draw values until one, ``x``, is below ``limit``; the result is ``x mod n`` (unbiased rejection
  sampling).
* **Shuffle** (Fisher–Yates): for ``i`` from ``len - 1`` down to ``1``: ``j = below(i + 1)``, swap
  items ``i`` and ``j``. The input's first item is the top of the deck, and so is the output's.
* **Derived seeds** ``derive_seed(seed, k1, k2, ...)``: start from ``h = seed mod 2**64``; for each
  ``k``: ``h = first output of an Rng whose state is h``, then ``h = first output of an Rng whose
  state is (h ^ (k mod 2**64))``.
"""

from __future__ import annotations

from _random import Random as _MersenneTwister
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs

from cardrules._reprs import short_repr
from cardrules.errors import ConfigError

__all__ = ["Rng", "derive_seed", "playout_random"]

_T = TypeVar("_T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_TWO64 = 1 << 64
_LIMITS_SIZE = 256
_LIMITS: tuple[int, ...] = (0, *(_TWO64 - _TWO64 % n for n in range(1, _LIMITS_SIZE)))


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"a seed is an int, got {short_repr(seed)}")
    return int(seed) & _MASK


def _validate_state(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= _MASK:
        raise ConfigError(f"an Rng state is an int from 0 to 2**64 - 1, got {short_repr(value)}")


@attrs.frozen
class Rng:
    """An immutable SplitMix64 generator: each draw returns the value and the next generator."""

    state: int = attrs.field(validator=_validate_state)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for ``seed`` (any int; reduced mod 2**64). Raises ``ConfigError`` for non-ints."""
        return cls(_check_seed(seed))

    def next_u64(self) -> tuple[int, Rng]:
        """The next 64-bit output and the advanced generator."""
        s = (self.state + _GAMMA) & _MASK
        return _mix(s), Rng(s)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform int in ``range(n)`` (``n >= 1``) and the advanced generator."""
        if type(n) is not int or not 1 <= n <= _TWO64:
            raise ConfigError(f"below(n) needs an int n from 1 to 2**64, got {short_repr(n)}")
        value, s = _below(self.state, n)
        return value, Rng(s)

    def shuffle(self, items: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        """``items`` (a sequence) in a Fisher–Yates shuffled order, and the advanced generator."""
        _check_sequence(items, "shuffle")
        out = list(items)
        s = self.state
        # _below inlined: shuffles run once a deal and dominate a game's set-up time.
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < _LIMITS_SIZE else _TWO64 - _TWO64 % n
            while True:
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * _M1) & _MASK
                z = ((z ^ (z >> 27)) * _M2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(s)

    def choice(self, items: Sequence[_T]) -> tuple[_T, Rng]:
        """One item of a non-empty sequence, uniformly, and the advanced generator."""
        _check_sequence(items, "choice")
        if not items:
            raise ConfigError("choice() needs a non-empty sequence")
        index, s = _below(self.state, len(items))
        return items[index], Rng(s)


def _check_sequence(items: object, what: str) -> None:
    if type(items) is not tuple and type(items) is not list and not isinstance(items, Sequence):
        raise ConfigError(f"{what}() takes a sequence (a tuple or list), got {short_repr(items)}")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def _below(state: int, n: int) -> tuple[int, int]:
    limit = _LIMITS[n] if n < _LIMITS_SIZE else _TWO64 - _TWO64 % n
    while True:
        state = (state + _GAMMA) & _MASK
        x = _mix(state)
        if x < limit:
            return x % n, state


def derive_seed(seed: int, *path: int) -> int:
    """A 64-bit seed derived from ``seed`` and a path of ints (game index, move number, ...).

    Used to give game ``i`` of a run, or decision ``k`` of a bot, its own independent stream.
    """
    h = _check_seed(seed)
    for k in path:
        # Two mixing steps, so that (seed, k) pairs with equal seed ^ k still part ways.
        h = _mix((h + _GAMMA) & _MASK)
        h = _mix(((h ^ _check_seed(k)) + _GAMMA) & _MASK)
    return h


def playout_random(seed: int) -> Callable[[], float]:
    """A fast float generator in [0, 1) for bots' random playouts (Python's Mersenne Twister, seeded
    with ``seed mod 2**64``; its ``random()`` is reproducible across platforms and versions).

    Not for anything a game state depends on: states use [`Rng`][].
    """
    # random.Random's own class seeds the same generator, without the Python-level __init__ and
    # seed() of its subclass random.Random: 1.5 of the 5 us a playout spends seeding.
    return _MersenneTwister(_check_seed(seed)).random
