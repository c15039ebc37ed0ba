"""Blind Rugby League's ceiling against the rule of thumb, exact and played.

    python benchmarks/scoreboard.py [--games 10000] [--seed 1000]

Prints the values of the public scoreboard game (``cardrules.bots._scoreboard``) from the kick-off,
each home's expected reward (a win 1, a draw half): the rule of thumb at both seats; home's best
answer to the rule of thumb, and away's; and the game's minimax value. The mean of the two best
answers' rewards is the most any seat can win against ``HeuristicBot`` by what it decides, since a
seat that sees no card decides only a drop goal's and a penalty's option.

Then plays ``--games`` blind matches from each seed with each bot at each seat against
``HeuristicBot`` (duplicate deals, the seeds ``--seed`` on): the best answer (the scoreboard's
choices against a rule-of-thumb opponent) and ``PIMCBot`` (the minimax choices), with each one's
win rate (a draw half a win) and its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ladder import wilson

from cardrules import rugby_league
from cardrules.bots import HeuristicBot, PIMCBot
from cardrules.bots._plans import _PLANS
from cardrules.bots._scoreboard import Scoreboard
from cardrules.bots.pimc import _choices
from cardrules.rugby_league.state import AWAY, HOME, own_space

Chooser = Callable[[Any], Any]


def best_answer(seat: int) -> Chooser:
    """The scoreboard's best answer for ``seat`` to the rule of thumb at the other seat."""
    board = Scoreboard(ruled=(1 - seat,))
    rule = HeuristicBot()
    plan = _PLANS["rugby_league"]

    def choose(view: Any) -> Any:
        choices = _choices(plan, view, list(view.legal_moves))  # the face-down slots one choice
        if len(choices) == 1:
            return rule.choose(view, 0)
        return board.answer(view, choices)

    return choose


def win_rate(choosers: Callable[[int], Chooser], games: int, seed: int) -> tuple[float, int]:
    """The points (a draw half) of the bot ``choosers(seat)`` makes for each seat, against the
    rule of thumb, over ``games`` seeds played twice with the seats swapped; and the games."""
    rule = HeuristicBot()
    points = 0.0
    for seat in (HOME, AWAY):
        bot = choosers(seat)
        for s in range(seed, seed + games):
            state = rugby_league.new_game(s)
            while state.to_act is not None:
                view = rugby_league.view(state, state.to_act)
                state = rugby_league.apply(state, bot(view) if state.to_act == seat else rule.choose(view, 0))
            result = rugby_league.outcome(state)
            if result is not None:
                winners = result.winners
                points += 0.5 if len(winners) == 2 else 1.0 if winners == (seat,) else 0.0
    return points, 2 * games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    kick_off = (1, 0, 0, HOME, own_space(HOME, 1))
    rule = Scoreboard(ruled=(HOME, AWAY)).start(*kick_off)
    home = Scoreboard(ruled=(AWAY,)).start(*kick_off)
    away = 1 - Scoreboard(ruled=(HOME,)).start(*kick_off)
    print(f"rule of thumb at both seats: home {rule:.4f}")
    print(f"best answer to the rule of thumb: home {home:.4f}, away {away:.4f}, mean {(home + away) / 2:.4f}")
    print(f"minimax: home {Scoreboard().start(*kick_off):.4f}")
    pimc = PIMCBot()
    for name, choosers in (("best answer", best_answer), ("pimc", lambda seat: lambda v: pimc.choose(v, 0))):
        points, games = win_rate(choosers, args.games, args.seed)
        low, high = wilson(points, games)
        rate = f"{points / games:.4f} [{low:.4f}, {high:.4f}]"
        print(f"{name} against heuristic: {points:g} of {games}, {rate}")


if __name__ == "__main__":
    main()
