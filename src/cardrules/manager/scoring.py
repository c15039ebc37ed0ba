"""Manager's season scoring: a team's profile (defenders, strikers, their longest runs), its points
against the other team's, the margin the rule of thumb weighs, ``season_value``'s breakdown and a
season's result. Apart from ``rules`` so that the rule of thumb (``policy``), which the rules'
rollout plays, scores teams as the rules do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.cards import Card
from cardrules.manager.state import _MULTIPLIER, _STRIKER_RANK, SeasonResult, SeasonValue

__all__: list[str] = []


# The masks _profile fills: defenders of suit s at index s, strikers at 4 + s.
_MASK_OF: Final[tuple[int, ...]] = tuple(
    (4 if c % 13 + 2 >= _STRIKER_RANK else 0) + c // 13 for c in range(52)
)


def _longest_run(mask: int) -> int:
    """The longest run of consecutive set bits in ``mask`` (of consecutive ranks in one suit)."""
    run = 0
    while mask:
        mask &= mask >> 1
        run += 1
    return run


_RUN_OF: Final[tuple[int, ...]] = tuple([_longest_run(mask) for mask in range(1 << 13)])
"""``_longest_run`` of every mask of one suit's 13 ranks, looked up by the playout's greedy policy,
which profiles a team for every exchange it weighs (1.6 ms to build on import)."""


def _profile(team: Sequence[Card]) -> tuple[int, int, int, int]:
    """Defenders, strikers, longest defender run, longest striker run."""
    masks = [0, 0, 0, 0, 0, 0, 0, 0]
    strikers = 0
    for c in team:
        mask = _MASK_OF[c]
        masks[mask] |= 1 << (c % 13)
        strikers += mask >= 4
    runs = [_RUN_OF[m] for m in masks]
    return len(team) - strikers, strikers, max(runs[:4]), max(runs[4:])


def _multipliers(mine: tuple[int, int, int, int], theirs: tuple[int, int, int, int]) -> tuple[int, int]:
    """Each category's factor for the team profiled ``mine``: 3, 6 or 9 for its longest run of 3, 4
    or 5 when the category has a surplus over ``theirs``, else 1 (defenders, strikers)."""
    d_mult = _MULTIPLIER.get(mine[2], 1) if mine[0] > theirs[0] else 1
    s_mult = _MULTIPLIER.get(mine[3], 1) if mine[1] > theirs[1] else 1
    return d_mult, s_mult


def _points(mine: tuple[int, int, int, int], theirs: tuple[int, int, int, int]) -> int:
    """Season points of the team profiled ``mine`` against ``theirs`` (see [`season_value`][]):
    1 a surplus defender, 2 a surplus striker, each category times its multiplier."""
    d_mult, s_mult = _multipliers(mine, theirs)
    return max(0, mine[0] - theirs[0]) * d_mult + 2 * max(0, mine[1] - theirs[1]) * s_mult


def _margin(team: Sequence[Card], theirs: tuple[int, int, int, int]) -> int:
    """``team``'s season points less the other team's, given that team's ``_profile``."""
    mine = _profile(team)
    return _points(mine, theirs) - _points(theirs, mine)


def _value(profile: tuple[int, int, int, int], other_profile: tuple[int, int, int, int]) -> SeasonValue:
    """``season_value`` of the teams profiled ``profile`` and ``other_profile``."""
    # Names spelled as the fields they fill: named, at no cost (a draft closes every few moves).
    defenders, strikers, defender_run, striker_run = profile
    defender_multiplier, striker_multiplier = _multipliers(profile, other_profile)
    surplus_defenders = max(0, defenders - other_profile[0])
    surplus_strikers = max(0, strikers - other_profile[1])
    points = _points(profile, other_profile)
    return SeasonValue(
        defenders,
        strikers,
        surplus_defenders,
        surplus_strikers,
        defender_run,
        striker_run,
        defender_multiplier,
        striker_multiplier,
        points,
    )


def _score(*, season: int, teams: tuple[tuple[Card, ...], ...]) -> SeasonResult:
    # The match's own teams are known cards: profiled once each, without season_value's checks.
    first, second = _profile(teams[0]), _profile(teams[1])
    values = (_value(first, second), _value(second, first))
    a, b = values[0].points, values[1].points
    winner = None if a == b else (0 if a > b else 1)
    return SeasonResult(season, teams, values, winner)
