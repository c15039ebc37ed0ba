"""Speed where learning agents meet the games: each environment path against the rules themselves.

Run: ``python benchmarks/rl.py [--steps N] [--repeat R] [--quick]``. It times, interleaved in one
run (every round runs each path once, in alternating order, so load that comes and goes hits every
path alike; each figure is the best of ``--repeat`` rounds):

* cardrules natively: Clubs and every other game, ``legal_moves`` + ``apply`` of a random choice;
* each game's PettingZoo environment (``cardrules.adapters.pettingzoo.<game>_v0``), ``last()`` +
  ``step()`` of a random legal action from the mask, through ``env()`` (wrapped, as PettingZoo's
  classic games are) and through ``raw_env()``;
* Clubs through the vectorised environment (``cardrules.adapters.vector.VectorEnv``, self-play)
  at a few batch sizes: ``step()`` of a random legal action a row drawn from the masks, per
  agent-step (a row's action), observations and masks included;
* each game through its OpenSpiel adapter (the pyspiel API: ``legal_actions`` + ``apply_action``;
  the eight chance nodes that draw the seed are applied but not counted as steps);
* where installed: OpenSpiel's C++ ``hearts``, RLCard's ``bridge`` and ``doudizhu`` (``env.step``,
  which builds the next observation) and PettingZoo's ``leduc_holdem_v4`` (needs ``rlcard``).

A step is one action of a seat (an 80 Points play chosen face by face is several steps of its
environments, one move natively), so each path is also given per card played (cards counted in an
untimed replay of the same actions; RLCard's and PettingZoo's own games count one card a step).
Resets and the steps that end a game (``step(None)``) are timed but not counted. It prints a
Markdown table: wall and CPU microseconds a step and a card, and wall-clock ratios to native Clubs
and to the path's own game natively; then the issue's targets, judged on CPU time. Only the
ratios of one run mean anything: machines are noisy.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from bench import cards_played

from cardrules import GAMES
from cardrules.game import SteppedGame

Run = Callable[[random.Random, int, bool], int]
"""A path: ``run(rng, steps, count)`` makes ``steps`` steps; with ``count``, returns the cards they
played (else 0)."""


def _cards(module: Any, state: Any, chosen: tuple[int, ...], action: int) -> int:
    """The cards ``action`` plays from ``state`` with steps ``chosen`` so far (0 until a stepped
    game's steps complete a move)."""
    if module.INFO.moves_in_steps:
        stepped: SteppedGame[Any, Any, Any, Any] = module
        move = stepped.step_move(state, (*chosen, int(action)))
    else:
        move = module.decode_move(state, int(action))
    return 0 if move is None else cards_played(move)


def native(name: str) -> Run:
    """``legal_moves`` + ``apply`` of a random choice, a new game when one ends."""
    game = GAMES[name]

    def run(rng: random.Random, steps: int, count: bool) -> int:
        legal_moves, apply, choice, new_game = game.legal_moves, game.apply, rng.choice, game.new_game
        state = new_game(rng.randrange(2**63))
        cards = 0
        for _ in range(steps):
            if state.to_act is None:
                state = new_game(rng.randrange(2**63))
            move = choice(legal_moves(state))
            if count:
                cards += cards_played(move)
            state = apply(state, move)
        return cards

    return run


def aec(make: Callable[[], Any], name: str | None) -> Run:
    """``last()`` + ``step()`` of a random legal action of an AEC environment made once by ``make``;
    ``name``: the cardrules game (to count cards), ``None`` for another library's game."""
    table = make()
    module = None if name is None else GAMES[name]

    def run(rng: random.Random, steps: int, count: bool) -> int:
        table.reset(seed=rng.randrange(2**31))
        last, step, choice, flat = table.last, table.step, rng.choice, np.flatnonzero
        raw = table.unwrapped
        done = cards = 0
        while done < steps:
            observation, _, terminated, truncated, _ = last()
            if terminated or truncated:
                step(None)
                if not table.agents:
                    table.reset(seed=rng.randrange(2**31))
                continue
            action = int(choice(flat(observation["action_mask"])))
            if count:
                cards += 1 if module is None else _cards(module, raw.state_, raw._chosen, action)
            step(action)
            done += 1
        return cards

    return run


VECTOR_ROWS = (16, 64, 256)
"""The vectorised environment's batch sizes timed."""


def vector(name: str, rows: int) -> Run:
    """``VectorEnv(name, rows)`` (self-play), dealt once: ``step()`` of a random legal action a row
    (the argmax of uniform draws over its mask); a step counts as ``rows`` agent-steps."""
    from cardrules.adapters.vector import VectorEnv

    env = VectorEnv(name, rows)
    observations = env.reset(seed=0)[0]

    def run(rng: random.Random, steps: int, count: bool) -> int:
        nonlocal observations
        draws = np.random.default_rng(rng.randrange(2**31))
        states = env.states
        cards = done = 0
        while done < made(steps):
            mask = observations["action_mask"]
            actions = np.argmax(draws.random(mask.shape) * mask, axis=1)
            if count:
                cards += sum(_cards(GAMES[name], s, (), int(a)) for s, a in zip(states, actions))
            observations = env.step(actions)[0]
            states = env.states
            done += rows
        return cards

    def made(steps: int) -> int:
        return -(-steps // rows) * rows  # whole batches: at least ``steps``

    run.made = made  # type: ignore[attr-defined]
    return run


def _made(run: Run, steps: int) -> int:
    """The steps ``run`` makes when asked for ``steps`` (more for a batch: whole batches)."""
    made: Callable[[int], int] = getattr(run, "made", lambda s: s)
    return made(steps)


def openspiel_path(game: Any, name: str | None) -> Run:
    """``legal_actions`` + ``apply_action`` of a random choice through pyspiel, a random outcome at a
    chance node (not counted as a step); ``name``: the cardrules game, ``None`` for OpenSpiel's own."""
    module = None if name is None else GAMES[name]

    def run(rng: random.Random, steps: int, count: bool) -> int:
        state = game.new_initial_state()
        choice = rng.choice
        done = cards = 0
        while done < steps:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                action = choice(state.legal_actions())
                if count:
                    cards += 1 if module is None else _cards(module, state.inner, state.chosen, action)
                state.apply_action(action)
                done += 1
        return cards

    return run


def rlcard_path(env: Any) -> Run:
    """RLCard's ``env.step`` of a random legal action (it returns the next seat's observation)."""

    def run(rng: random.Random, steps: int, count: bool) -> int:
        env.seed(rng.randrange(2**31))
        state, _ = env.reset()
        choice = rng.choice
        done = 0
        while done < steps:
            if env.is_over():
                state, _ = env.reset()
                continue
            state, _ = env.step(choice(list(state["legal_actions"])))
            done += 1
        return done if count else 0

    return run


def _optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def paths(openspiel: bool, games: list[str], others: bool) -> Iterator[tuple[str, str | None, Run]]:
    """Every path timed: its label, the cardrules game it runs natively elsewhere in the table (for
    the ratio to its own game), and the path; the cardrules ``games`` (Clubs always first), the
    other libraries' games with ``others``."""
    for name in games:
        yield f"cardrules {name}, `legal_moves` + `apply`", name, native(name)
    for name in games:
        classic = importlib.import_module(f"cardrules.adapters.pettingzoo.{name}_v0")
        yield f"`{name}_v0` `env()`, `last()` + `step()`", name, aec(classic.env, name)
        yield f"`{name}_v0` `raw_env()`, `last()` + `step()`", name, aec(classic.raw_env, name)
    for rows in VECTOR_ROWS:
        yield f"`VectorEnv` clubs, {rows} rows, `step()` a row", "clubs", vector("clubs", rows)
    pyspiel = _optional("pyspiel") if openspiel else None
    if pyspiel is not None:
        from cardrules.adapters import openspiel as adapter

        for name in games:
            yield f"{name} through OpenSpiel (pyspiel API)", name, openspiel_path(adapter.load(name), name)
    if not others:
        return
    if pyspiel is not None:
        yield "OpenSpiel's C++ `hearts` (pyspiel)", None, openspiel_path(pyspiel.load_game("hearts"), None)
    rlcard = _optional("rlcard")
    if rlcard is not None:
        for game in ("bridge", "doudizhu"):
            yield f"RLCard `{game}`, `env.step`", None, rlcard_path(rlcard.make(game))
    leduc = _optional("pettingzoo.classic.leduc_holdem_v4")
    if leduc is not None:
        yield "PettingZoo `leduc_holdem_v4`, `last()` + `step()`", None, aec(leduc.env, None)


def measure(runs: list[Run], steps: int, repeat: int) -> list[tuple[float, float]]:
    """Best wall and best CPU seconds a step of each path over ``repeat`` interleaved rounds; each
    round runs every path once with ``random.Random(round)``, forwards in even rounds and backwards
    in odd ones."""
    best = [(float("inf"), float("inf"))] * len(runs)
    for r in range(repeat):
        order = range(len(runs)) if r % 2 == 0 else range(len(runs) - 1, -1, -1)
        for k in order:
            wall, cpu = time.perf_counter(), time.process_time()
            runs[k](random.Random(r), steps, False)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            made = _made(runs[k], steps)
            best[k] = (min(best[k][0], wall / made), min(best[k][1], cpu / made))
    return best


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def table(rows: list[tuple[str, str | None, float, float, float]]) -> list[str]:
    """The Markdown table of ``(label, game, wall s a step, CPU s a step, cards a step)`` rows; the
    first row is native Clubs, each game's native row comes before its other paths."""
    clubs_wall, clubs_card = rows[0][2], rows[0][2] / rows[0][4]
    own: dict[str, tuple[float, float]] = {}
    lines = [
        _row(
            [
                "path",
                "µs a step (wall)",
                "CPU µs a step",
                "µs a card (wall)",
                "CPU µs a card",
                "× native Clubs, a step",
                "× native Clubs, a card",
                "× its game natively, a step / a card",
            ]
        ),
        _row(["---"] + ["---:"] * 7),
    ]
    for label, game, wall, cpu, cards in rows:
        card_wall, card_cpu = wall / cards, cpu / cards
        if game is not None and game not in own:
            own[game] = (wall, card_wall)
        mine = "" if game is None else f"{wall / own[game][0]:.2f} / {card_wall / own[game][1]:.2f}"
        lines.append(
            _row(
                [
                    label,
                    f"{wall * 1e6:.1f}",
                    f"{cpu * 1e6:.1f}",
                    f"{card_wall * 1e6:.1f}",
                    f"{card_cpu * 1e6:.1f}",
                    f"{wall / clubs_wall:.2f}",
                    f"{card_wall / clubs_card:.2f}",
                    mine,
                ]
            )
        )
    return lines


def targets(rows: list[tuple[str, str | None, float, float, float]]) -> list[str]:
    """Issue #59's bounds on the PettingZoo environments and the OpenSpiel adapter, each with the
    ratio measured on the wall clock and on CPU time, judged on CPU time (which other processes on
    a shared machine inflate less; on a quiet machine the two agree)."""
    by_label = {label: (game, wall, cpu, cards) for label, game, wall, cpu, cards in rows}
    native_of = {
        game: (wall, cpu, cpu / cards)
        for label, (game, wall, cpu, cards) in by_label.items()
        if "`apply`" in label
    }
    lines = []
    _, wall, cpu, _ = by_label["`clubs_v0` `env()`, `last()` + `step()`"]
    ratio = cpu / native_of["clubs"][1]
    lines.append(
        f"- `clubs_v0` `env()`: {ratio:.2f}x native Clubs a step on CPU ({wall / native_of['clubs'][0]:.2f}x "
        f"wall) (bound 4x): {_verdict(ratio, 4)}"
    )
    # Each game's environments at most 5x its native step, its OpenSpiel adapter at most 2x.
    for marker, bound in (("_v0`", 5), (" through OpenSpiel", 2)):
        for label, (game, wall, cpu, cards) in by_label.items():
            if game is None or marker not in label:
                continue
            step, card = cpu / native_of[game][1], cpu / cards / native_of[game][2]
            # A stepped game's step is one face of a play, not a move: judged per card.
            judged = card if GAMES[game].INFO.moves_in_steps else step
            lines.append(
                f"- {label}: {step:.2f}x its native step on CPU, {card:.2f}x a card "
                f"({wall / native_of[game][0]:.2f}x a step wall) (bound {bound}x): {_verdict(judged, bound)}"
            )
    vectors = [(cpu, wall, label) for label, (_, wall, cpu, _) in by_label.items() if "`VectorEnv`" in label]
    if vectors:
        cpu, wall, label = min(vectors)
        ratio = cpu / native_of["clubs"][1]
        lines.append(
            f"- {label} (the best batch): {ratio:.2f}x native Clubs an agent-step on CPU "
            f"({wall / native_of['clubs'][0]:.2f}x wall) (bound 3x): {_verdict(ratio, 3)}"
        )
    bridge = by_label.get("RLCard `bridge`, `env.step`")
    if bridge is not None:
        faster = bridge[2] / by_label["`clubs_v0` `env()`, `last()` + `step()`"][2]
        lines.append(
            f"- RLCard's `bridge` takes {faster:.2f}x the CPU time of a `clubs_v0` `env()` step "
            f"(bound: at least 2x): {_verdict(2, faster)}"
        )
    return lines


def _verdict(value: float, bound: float) -> str:
    return "met" if value <= bound else "not met"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=3000, help="steps a path makes per round")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds (the best is kept)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 50 steps, 1 round")
    parser.add_argument("--no-openspiel", action="store_true", help="leave out the pyspiel paths")
    parser.add_argument(
        "--games", nargs="+", choices=list(GAMES), default=list(GAMES), help="cardrules games"
    )
    parser.add_argument("--no-others", action="store_true", help="leave out the other libraries' games")
    args = parser.parse_args(argv)
    steps, repeat = (50, 1) if args.quick else (args.steps, args.repeat)

    games = ["clubs", *(name for name in args.games if name != "clubs")]
    found = list(paths(not args.no_openspiel, games, not args.no_others))
    runs = [run for _, _, run in found]
    # Cards a step, from an untimed replay of each path's first round (the same actions).
    cards = [max(run(random.Random(0), steps, True), 1) / _made(run, steps) for run in runs]
    best = measure(runs, steps, repeat)
    rows = [(label, game, wall, cpu, c) for (label, game, _), (wall, cpu), c in zip(found, best, cards)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"python {sys.version.split()[0]}, {steps} steps a path a round, best of {repeat} interleaved "
        f"rounds, load {load:.2f}\n"
    )
    print("\n".join(table(rows)))
    print()
    print("\n".join(targets(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
