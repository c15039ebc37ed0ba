"""Measure the table behind PIMCBot's Pub Derby half-time value: how the second half's goal
difference falls under the rule of thumb, by format and by the yellow cards carried over.

    python benchmarks/second_half.py --games 20000 [--seed 1000000]

Plays ``--games`` matches a format with ``HeuristicBot``'s policy at every seat and counts, for
each match, team A's goals minus team B's in the second half, grouped by the yellow cards at half
time seen from team A: ``none`` (neither team holds one), ``both``, ``ours`` (team A alone; a
match where team B alone holds one counts here mirrored, its difference negated). Prints the counts
from -4 to +4 (the ends gather everything beyond) as ``cardrules.pub_derby.policy._SECOND_HALF`` holds them.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from typing import Any

from cardrules import pub_derby
from cardrules.bots.heuristic import POLICIES
from cardrules.errors import StateError
from cardrules.pub_derby.state import Format

SPAN = 4
"""The largest second-half goal difference counted on its own (beyond it counts as ±SPAN)."""


def second_halves(fmt: Format, games: int, seed: int) -> dict[str, Counter[int]]:
    """Each yellow-card group's counts of team A's second-half goal difference."""
    policy = POLICIES["pub_derby"]
    config = pub_derby.Config(format=fmt)
    counts: dict[str, Counter[int]] = {"none": Counter(), "both": Counter(), "ours": Counter()}
    for s in range(seed, seed + games):
        state = pub_derby.new_game(s, config)
        while state.match.half == 1:
            state = _play(state, policy)
        before, yellows = state.match.goals, state.match.yellows
        while state.to_act is not None:
            state = _play(state, policy)
        after = state.match.goals
        diff = max(-SPAN, min(SPAN, (after[0] - before[0]) - (after[1] - before[1])))
        if yellows[0] == yellows[1]:
            group = "none" if yellows[0] == 0 else "both"
            # Even groups are the same seen from either team: count both ways.
            counts[group][diff] += 1
            counts[group][-diff] += 1
        elif yellows[0]:
            counts["ours"][diff] += 1
        else:
            counts["ours"][-diff] += 1
    return counts


def _play(state: pub_derby.State, policy: Callable[[Any], Any]) -> pub_derby.State:
    seat = state.to_act
    if seat is None:
        raise StateError("the match is over")
    return pub_derby.apply(state, policy(pub_derby.view(state, seat)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1_000_000)
    args = parser.parse_args()
    for fmt in ("classic", "pub", "big_squad"):
        counts = second_halves(fmt, args.games, args.seed)
        print(f'"{fmt}": {{')
        for group, counter in counts.items():
            row = ", ".join(str(counter[d]) for d in range(-SPAN, SPAN + 1))
            print(f'    "{group}": ({row}),')
        print("},")


if __name__ == "__main__":
    main()
