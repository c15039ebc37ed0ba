"""Speed of random playouts through the public API, against a bare hand-written loop.

Run: ``python benchmarks/bench.py [--rounds N] [--repeat R]``. It times, in one run:

* the floor: a bare, mutable Clubs round (plain lists, ``random.choice``, no validation), and
* for every registered game, random playouts through ``legal_moves`` + ``apply``, and
* a full random 4-player Clubs round through the public functions,
* the same playouts through ``step`` (which records events) and its cost against ``apply``, and
* search playouts (``rollout``) from a fresh game of each,
* where the ``openspiel`` extra is installed, OpenSpiel's C++ ``hearts`` driven from Python
  through ``pyspiel`` (random playouts; a move is one step: a deal, a pass or a card),

and prints games/s, microseconds per move (a move is one card in Clubs and Pub Derby), and each
figure's ratio per move to the floor and to a Clubs round; then each game per card played, the unit
of the speed targets (cards per move counted in an untimed replay), against a Clubs game. Machines
are noisy, so only the ratios measured in the same run mean anything; each figure is the best of
``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from cardrules import GAMES, clubs, eighty_points
from cardrules.bots import HeuristicBot, ISMCTSBot
from cardrules.rng import derive_seed


def bare_clubs_round(rng: random.Random) -> int:
    """One random 4-player Clubs round on mutable lists: the floor. Returns the moves made."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    points = [0, 0, 0, 0]
    leader = 0
    for _ in range(13):
        trick: list[int] = []
        for k in range(4):
            hand = hands[(leader + k) % 4]
            if trick:
                led = trick[0] // 13
                legal = [c for c in hand if c // 13 == led] or hand
            else:
                legal = hand
            card = rng.choice(legal)
            hand.remove(card)
            trick.append(card)
        led = trick[0] // 13
        best = 0
        for i in range(1, 4):
            if trick[i] // 13 == led and trick[i] > trick[best]:
                best = i
        leader = (leader + best) % 4
        points[leader] += sum(1 for c in trick if c // 13 == 0)
    return 52


def api_clubs_round(rng: random.Random, seed: int) -> int:
    """Random 4-player Clubs rounds through legal_moves and apply, one game of many rounds.

    The first call of a timing starts a game that no score can end; each call plays one more round
    of 52 moves, whose last move deals the next round (one shuffle and deal per round, as in play).
    """
    state = _CLUBS_GAMES.get(id(rng))
    if state is None:
        state = clubs.new_game(seed, clubs.Config(players=4, threshold=10**9))
    legal_moves, apply, choice = clubs.legal_moves, clubs.apply, rng.choice
    for _ in range(52):
        state = apply(state, choice(legal_moves(state)))
    _CLUBS_GAMES[id(rng)] = state
    return 52


_CLUBS_GAMES: dict[int, clubs.State] = {}


def api_playout(name: str, rng: random.Random, seed: int, config: object = None) -> int:
    """One whole random game of ``name`` through the public functions; returns its moves."""
    game = GAMES[name]
    state = game.new_game(seed, config)
    legal_moves, apply, choice = game.legal_moves, game.apply, rng.choice
    moves = 0
    while state.to_act is not None:
        state = apply(state, choice(legal_moves(state)))
        moves += 1
    return moves


def cards_played(move: object) -> int:
    """The cards ``move`` plays: each card of a play (80 Points' multi-card plays count each), one
    for a discard, a Manager exchange (one card into the pool) or a Rugby League pick (a card from
    one's row); none for an answer to a question, a pass or a kick."""
    cards = getattr(move, "cards", None)
    if cards is not None:
        return len(cards)
    return 1 if any(hasattr(move, name) for name in ("card", "slot", "team_card")) else 0


def cards_per_move(name: str, games: int) -> float:
    """Cards played per move in ``games`` random games of ``name``, replayed untimed (the timed
    playouts' per-move figures become per card by dividing by this)."""
    game = GAMES[name]
    rng = random.Random(0)
    moves = cards = 0
    for i in range(games):
        state = game.new_game(derive_seed(0, i))
        while state.to_act is not None:
            move = rng.choice(game.legal_moves(state))
            state = game.apply(state, move)
            moves += 1
            cards += cards_played(move)
    return cards / moves


def api_playout_step(name: str, rng: random.Random, seed: int) -> int:
    """One whole random game of ``name`` through ``legal_moves`` and ``step``; returns its moves."""
    game = GAMES[name]
    state = game.new_game(seed)
    legal_moves, step, choice = game.legal_moves, game.step, rng.choice
    moves = 0
    while state.to_act is not None:
        state, _ = step(state, choice(legal_moves(state)))
        moves += 1
    return moves


def rollouts(name: str, count: int, repeat: int) -> float:
    """Best time of ``count`` rollouts from fresh games of ``name``, per rollout (NaN for a game
    without one, as in releases before every game had ``rollout``)."""
    game = GAMES[name]
    if getattr(game, "rollout", None) is None:
        return float("nan")
    states = [game.new_game(seed) for seed in range(count)]
    best = float("inf")
    for r in range(repeat):
        start = time.perf_counter()
        for k, state in enumerate(states):
            game.rollout(state, derive_seed(r, k))
        best = min(best, time.perf_counter() - start)
    return best / count


def eighty_points_worst_case(repeat: int) -> tuple[int, float, float]:
    """The largest legal-move list we know: a player void in the led suit answering sisters with 25
    distinct cards (C(25, 4) = 12,650 plays). Returns its size, the best time of ``legal_moves``, and
    of one ``is_legal`` call on that state."""
    from collections import Counter

    from cardrules import eighty_points as ep
    from cardrules.cards import parse_cards

    hand = tuple(
        sorted(parse_cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 4S"))
    )
    led = tuple(sorted(parse_cards("7C 7C 8C 8C")))
    rest = sorted((Counter(ep.game_deck()) - Counter(hand) - Counter(led)).elements())
    hands = (tuple(sorted(rest[0:21] + list(led))), hand, tuple(rest[21:46]), tuple(rest[46:71]))
    match = ep.Match(
        config=ep.Config(rounds=1), levels=(2, 2), round=1, winner=None, rng=ep.new_game(0).table.match.rng
    )
    table = ep.Table(
        phase="play",
        starter=0,
        royal=2,
        trump=3,
        leader=0,
        tricks=(),
        points=0,
        bottom=tuple(rest[71:79]),
        redeals=0,
        match=match,
    )
    state = ep.apply(ep.State(hands=hands, trick=(), to_act=0, table=table), ep.Play(led))
    ep.validate(state)
    best_all = best_one = float("inf")
    moves = ep.legal_moves(state)
    middle = moves[len(moves) // 2]
    for _ in range(repeat):
        start = time.perf_counter()
        moves = ep.legal_moves(state)
        best_all = min(best_all, time.perf_counter() - start)
        start = time.perf_counter()
        for _ in range(100):
            ep.is_legal(state, middle)
        best_one = min(best_one, (time.perf_counter() - start) / 100)
    return len(moves), best_all, best_one


def pyspiel_hearts(rng: random.Random) -> int:
    """One random game of OpenSpiel's C++ hearts through pyspiel; returns its steps (the deal's
    chance steps, the passes and the cards)."""
    state = _HEARTS.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def _load_hearts() -> Any:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("hearts")


_HEARTS = _load_hearts()


def measure(run: Callable[[random.Random, int], int], count: int, repeat: int) -> tuple[float, int]:
    """Best wall time over ``repeat`` runs of ``count`` calls, and the moves (whatever ``run``
    counts) of that same run: games of several rounds differ in length from run to run."""
    best, best_moves = float("inf"), 0
    for r in range(repeat):
        rng = random.Random(r)
        _CLUBS_GAMES.clear()
        start = time.perf_counter()
        moves = 0
        for i in range(count):
            moves += run(rng, derive_seed(r, i))
        elapsed = time.perf_counter() - start
        if elapsed / max(moves, 1) < best / max(best_moves, 1):
            best, best_moves = elapsed, moves
    return best, best_moves


EIGHTY_POINTS_SEARCH = ISMCTSBot(iterations=500, root="halving", expand_after=1_000_000)
"""The 80 Points search of docs/bot-measurements.md's strength table, at the budget that fits in two
seconds."""


def _ismcts_rows(name: str) -> list[tuple[str, ISMCTSBot]]:
    """The searches timed for one game: the default at 1,000 iterations (700 in 80 Points, whose
    decisions are the slowest), and in 80 Points also the configuration that beats its heuristic bot."""
    if name != "eighty_points":
        return [(name, ISMCTSBot(iterations=1000))]
    return [(name, ISMCTSBot(iterations=700)), (f"{name} (halving)", EIGHTY_POINTS_SEARCH)]


def ismcts_decisions(name: str, bot: ISMCTSBot, decisions: int) -> tuple[int, float, float]:
    """Time ``decisions`` of ``bot``'s decisions with more than one legal move, spread over one game
    in which heuristic bots play the other seats. Returns (decisions timed, mean s, max s)."""
    game = GAMES[name]
    other = HeuristicBot()
    state = game.new_game(7)
    times: list[float] = []
    k = 0
    while state.to_act is not None and len(times) < decisions:
        view = game.view(state, state.to_act)
        if state.to_act == 0 and len(view.legal_moves) > 1 and k % 3 == 0:
            start = time.perf_counter()
            move = bot.choose(view, derive_seed(7, k))
            times.append(time.perf_counter() - start)
        else:
            move = other.choose(view, k)
        k += 1
        state = game.apply(state, move)
    return len(times), sum(times) / max(1, len(times)), max(times, default=0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2000, help="Clubs rounds per timing")
    parser.add_argument("--games", type=int, default=50, help="whole games per game per timing")
    parser.add_argument("--repeat", type=int, default=5, help="timings per figure (best is kept)")
    parser.add_argument("--ismcts", type=int, default=10, help="ISMCTS decisions timed per game (0: none)")
    args = parser.parse_args(argv)

    rows: list[tuple[str, int, float, int]] = []
    floor_time, floor_moves = measure(lambda rng, seed: bare_clubs_round(rng), args.rounds, args.repeat)
    rows.append(("bare clubs round (floor)", args.rounds, floor_time, floor_moves))
    clubs_time, clubs_moves = measure(api_clubs_round, args.rounds, args.repeat)
    rows.append(("clubs round (api)", args.rounds, clubs_time, clubs_moves))
    game_per_move: dict[str, float] = {}
    for name in GAMES:
        t, m = measure(functools.partial(api_playout, name), args.games, args.repeat)
        rows.append((f"{name} game (api)", args.games, t, m))
        game_per_move[name] = t / m
    one_round = eighty_points.Config(rounds=1)
    t, m = measure(
        lambda rng, seed: api_playout("eighty_points", rng, seed, one_round), args.games * 10, args.repeat
    )
    rows.append(("eighty_points round (api)", args.games * 10, t, m))
    if _HEARTS is not None:
        t, m = measure(lambda rng, seed: pyspiel_hearts(rng), args.games * 4, args.repeat)
        rows.append(("pyspiel hearts game (C++)", args.games * 4, t, m))

    size, worst_time, is_legal_time = eighty_points_worst_case(args.repeat)
    step_rows: list[tuple[str, float, float, float]] = []
    for name in GAMES:
        apply_time, apply_moves = measure(functools.partial(api_playout, name), args.games, args.repeat)
        step_time, step_moves = measure(functools.partial(api_playout_step, name), args.games, args.repeat)
        per_rollout = rollouts(name, args.games, args.repeat)
        step_rows.append((name, apply_time / apply_moves, step_time / step_moves, per_rollout))

    floor_per_move = floor_time / floor_moves
    print(f"python {sys.version.split()[0]}, best of {args.repeat}")
    clubs_per_move = clubs_time / clubs_moves
    print(f"{'what':<28}{'count':>7}{'per s':>11}{'us/move':>10}{'x floor':>9}{'x clubs':>9}")
    for what, count, t, m in rows:
        per_move = t / m
        print(
            f"{what:<28}{count:>7}{count / t:>11.1f}{per_move * 1e6:>10.3f}"
            f"{per_move / floor_per_move:>9.2f}{per_move / clubs_per_move:>9.2f}"
        )
    print(f"{'per card played':<28}{'cards/move':>11}{'us/card':>10}{'x clubs':>9}")
    for name, per_move in game_per_move.items():
        cards = cards_per_move(name, args.games)
        per_card = per_move / cards
        print(
            f"{name + ' game (api)':<28}{cards:>11.3f}{per_card * 1e6:>10.3f}"
            f"{per_card / game_per_move['clubs']:>9.2f}"
        )
    print(
        f"80 points worst case: {size} legal plays, legal_moves {worst_time * 1e3:.2f} ms, "
        f"is_legal {is_legal_time * 1e6:.1f} us"
    )
    print(f"{'step against apply':<28}{'apply us':>10}{'step us':>10}{'step/apply':>11}{'rollout ms':>12}")
    for name, apply_move, step_move, per_rollout in step_rows:
        print(
            f"{name:<28}{apply_move * 1e6:>10.3f}{step_move * 1e6:>10.3f}{step_move / apply_move:>11.2f}"
            f"{per_rollout * 1e3:>12.3f}"
        )
    if args.ismcts:
        print(
            f"{'ISMCTS (seat 0, every 3rd move)':<34}{'iterations':>11}{'decisions':>10}{'mean s':>9}"
            f"{'max s':>8}{'iter/s':>9}"
        )
        for name in GAMES:
            for label, bot in _ismcts_rows(name):
                n, mean, worst = ismcts_decisions(name, bot, args.ismcts)
                print(
                    f"{label:<34}{bot.iterations:>11}{n:>10}{mean:>9.3f}{worst:>8.3f}"
                    f"{bot.iterations / mean:>9.0f}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
