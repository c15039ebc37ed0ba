"""Pub Derby's search knowledge: its rule of thumb (``HeuristicBot``'s policy, the PIMC search's
playouts and its model of the other seats) and a first half's worth at half time, measured as the
odds of a rule-of-thumb second half, which the search scores a first half by. (The game's own
rollout plays every half out, at random: it needs neither.)

The rule of thumb: when a team-mate is winning the trick play low (never a jack, which would give
the own team a yellow card); otherwise win as cheaply as possible, or throw a jack onto the
opponents' trick if it cannot be won; lead the highest card of a plain suit when it is an ace or
king, else the lowest plain card."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cardrules._shared.tricks import RANK_OF, SUIT_OF, trick_winner
from cardrules.pub_derby.state import INFO, Match, Play, State, View

__all__ = ["deal_value", "half_time_value", "heuristic_move"]

_JACK = 11


def _rank(m: Play) -> int:
    return int(RANK_OF[m.card])


def heuristic_move(view: View) -> Play:
    """The rule of thumb's move for ``view`` (see the module docstring); the view has a move."""
    moves = view.legal_moves
    trick, trump, seat = view.trick, view.trump, view.player
    players = len(view.hand_sizes)
    plain_low = sorted(moves, key=lambda m: (RANK_OF[m.card] == _JACK, SUIT_OF[m.card] == trump, _rank(m)))
    if not trick:
        plain = [m for m in moves if SUIT_OF[m.card] != trump and RANK_OF[m.card] != _JACK]
        top = max(plain, key=_rank, default=None)
        if top is not None and RANK_OF[top.card] >= 13:
            return top
        return plain_low[0]
    winner = (view.leader + trick_winner(trick, trump)) % players
    if INFO.side_of(winner) == INFO.side_of(seat):
        return plain_low[0]
    winning = [m for m in moves if trick_winner((*trick, m.card), trump) == len(trick)]
    if winning:
        return min(winning, key=lambda m: (RANK_OF[m.card] == _JACK, SUIT_OF[m.card] == trump, _rank(m)))
    jacks = [m for m in moves if RANK_OF[m.card] == _JACK]
    return jacks[0] if jacks else plain_low[0]


_SECOND_HALF: Mapping[str, Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {
        "classic": {
            "none": (18, 242, 1165, 2852, 3728, 2852, 1165, 242, 18),
            "both": (28, 183, 846, 1831, 2320, 1831, 846, 183, 28),
            "ours": (57, 339, 1403, 2427, 2834, 1848, 739, 156, 8),
        },
        "pub": {
            "none": (72, 634, 1931, 3205, 4046, 3205, 1931, 634, 72),
            "both": (43, 244, 708, 1218, 1518, 1218, 708, 244, 43),
            "ours": (94, 504, 1354, 2020, 2243, 1767, 878, 280, 23),
        },
        "big_squad": {
            "none": (0, 231, 1777, 3868, 4854, 3868, 1777, 231, 0),
            "both": (0, 106, 603, 1335, 1588, 1335, 603, 106, 0),
            "ours": (0, 302, 1206, 2229, 2508, 1825, 693, 96, 0),
        },
    }
)
"""Pub Derby's second halves under the rule of thumb at every seat: how often team A's goals
minus team B's came to -4, -3, ... +4 (the ends gathering everything beyond), by format and by
the yellow cards carried over (``none``, ``both``, ``ours``: team A's alone), over 20,000 matches
a format (``python benchmarks/second_half.py --games 20000``)."""


def _odds(counts: tuple[int, ...]) -> tuple[float, ...]:
    """Team A's expected reward at full time (1 a win, 0.5 a draw) for each half-time lead from
    ``-span`` to ``+span`` (``span``: twice the counts' reach), its second half as ``counts``."""
    reach = len(counts) // 2
    total = sum(counts)
    return tuple(
        sum(
            n * (1.0 if lead + d > 0 else 0.5 if lead + d == 0 else 0.0) for d, n in enumerate(counts, -reach)
        )
        / total
        for lead in range(-2 * reach, 2 * reach + 1)
    )


_HALF_TIME_ODDS: Mapping[str, Mapping[str, tuple[float, ...]]] = MappingProxyType(
    {fmt: {group: _odds(counts) for group, counts in groups.items()} for fmt, groups in _SECOND_HALF.items()}
)


def half_time_value(match: Match, seats: int) -> tuple[float, ...]:
    """Each of the ``seats``' expected reward at full time from ``match`` at half time: its team's
    chance to win (a draw half) from the goals and yellow cards it takes into a rule-of-thumb
    second half (``_SECOND_HALF``)."""
    odds = _HALF_TIME_ODDS[match.config.format]
    lead = match.goals[0] - match.goals[1]
    span = len(odds["none"]) // 2

    def at(group: str, lead: int) -> float:
        return odds[group][max(-span, min(span, lead)) + span]

    yellows = match.yellows
    if yellows[0] == yellows[1]:
        ours = at("none" if yellows[0] == 0 else "both", lead)
    elif yellows[0]:
        ours = at("ours", lead)
    else:  # team B alone carries a card: its chance is team A's in the mirrored position
        ours = 1.0 - at("ours", -lead)
    return tuple(ours if seat % 2 == 0 else 1.0 - ours for seat in range(seats))


def deal_value(before: State, after: State) -> tuple[float, ...]:
    """``half_time_value`` of ``after``, the state that ended the first half ``before`` is in."""
    return half_time_value(after.progress.match, len(after.hands))
