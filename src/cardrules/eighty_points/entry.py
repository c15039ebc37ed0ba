"""80 Points' functions that take plain values from the user: ``new_game`` and ``rollout`` (a
seed), ``level_change`` (points), ``card_points`` (a card or its text) and ``order_table`` (a royal
number and a trump suit). Each checks them, then runs the compiled ``rules`` and ``tricks`` (why
apart: "The compiled build" in docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._reprs import short_repr
from cardrules._shared.checks import check_type
from cardrules.cards import Card, to_card
from cardrules.eighty_points.rules import _config, _level_change, _new_game, _playout
from cardrules.eighty_points.state import Config, State
from cardrules.eighty_points.tricks import points, table_for
from cardrules.errors import ConfigError
from cardrules.rng import Rng, derive_seed

__all__ = ["card_points", "level_change", "new_game", "order_table", "rollout"]


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new match, both teams at level 2.

    Without ``deck`` the 108 cards are shuffled by the seed's generator. A stacked ``deck`` (all 108,
    top first) is dealt one card at a time, seat 0 first; ``deck[100:108]`` is the bottom; the first
    2 dealt makes its receiver the starter and sets the trump. If the stacked deal holds no 2, the
    deal is redone from a shuffle. Every later deal is shuffled by the generator.
    """
    return _new_game(_config(config), Rng.from_seed(seed), deck)


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast playout for search bots, to the end of the current round only (a match can last 50
    rounds), without events or re-validation, every move the rule of thumb of
    `cardrules.eighty_points.policy` (``HeuristicBot``'s). Random partners and opponents make
    a poor judge of a trick-taking hand, and random moves showed no sign of helping the search
    (docs/bot-measurements.md). The playout is deterministic: ``seed`` is checked, then unused, as the sampled
    deal carries all the chance there is.

    Each team's result is valued two ways and averaged. By levels: if the match ends, each seat's
    ``Outcome.rewards``; otherwise a team's levels gained in the round plus one if it defends the
    next round (defending is worth about a level), a seat getting ``0.5 + (own - other) / 8``. By
    points, which separates playouts the level steps lump together: the attackers' round total
    (bottom included) clamped to [0, 160] and divided by 160, the defenders getting the rest.
    """
    check_type(state, State)
    derive_seed(seed)
    return _playout(state)


def level_change(attacker_points: int) -> tuple[bool, int]:
    """The round's result by the attackers' points: whether the attackers take over the defence,
    and the levels gained (by the defenders if not): 0: +3; 1-39: +2; 40-79: +1; 80-119: 0;
    120-159: +1; 160-199: +2; 200 or more: +3. ``ConfigError`` if ``attacker_points`` is no int
    or is negative (no round scores below 0)."""
    p = attacker_points
    if type(p) is not int:
        raise ConfigError(f"level_change takes the attackers' points as an int, got {short_repr(p)}")
    if p < 0:
        raise ConfigError(f"the attackers' points are 0 or more, got {p}")
    return _level_change(p)


def card_points(card: Card | str) -> int:
    """Points of a card (a [`Card`][] or its text): 5s are 5, 10s and kings 10, every other card
    0. ``CardParseError`` for anything else."""
    return points((card if type(card) is Card else to_card(card),))


def order_table(royal: int, trump: int | None) -> tuple[tuple[int, int], ...]:
    """``(effective suit, position)`` of each card code for royal number ``royal`` (2-14) and trump
    suit ``trump`` (0-3, or ``None`` in a no-trump round). ``ConfigError`` for any other value."""
    if not isinstance(royal, int) or isinstance(royal, bool) or not 2 <= royal <= 14:
        raise ConfigError(f"a royal number is an int from 2 to 14, got {short_repr(royal)}")
    if trump is not None and (not isinstance(trump, int) or isinstance(trump, bool) or not 0 <= trump <= 3):
        raise ConfigError(
            f"a trump suit is 0 to 3 (clubs..spades) or None for no trump, got {short_repr(trump)}"
        )
    return table_for(royal, trump)
