"""Train an agent through the vectorised environment, in plain NumPy, and measure it.

Two-seat Clubs with threshold 1: one round, and whoever takes fewer clubs wins. The agent is a
linear softmax policy over the legal cards (the action mask): each card gets the score
``theta @ features``, nine features of the card read off the batched observation tensors (its rank,
whether it is a club, whether it would win the trick and with how many clubs in it, ...), all rows
at once. It is trained by REINFORCE with a running-mean baseline through
``cardrules.adapters.vector.VectorEnv``, 64 games stepped together, half of them against the
``random`` bot and half against ``heuristic`` (the bots play the other seat inside the
environment; the agent's seat alternates game by game).

Before and after training it plays 2,000 games against each bot through the same environment and
prints its win rate with a 95% (Wilson) interval, and the agent-steps a second it trained at.

Run ``python examples/train_vectorised.py`` (a few minutes: 20,000 training games) or
``python examples/train_vectorised.py --quick`` (a few seconds, as the test suite runs it); it
needs the ``numpy`` extra.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import clubs
from cardrules.adapters.vector import VectorEnv
from cardrules.tensors import observation_layout

CONFIG = clubs.Config(players=2, threshold=1)
_LAYOUT = observation_layout("clubs", CONFIG)
_HAND, _TRICK, _LEADER = (_LAYOUT.segment(s) for s in ("hand", "trick", "leader"))
_SUIT, _RANK = np.arange(52) // 13, np.arange(52) % 13
FEATURES = 9
Array = npt.NDArray[Any]


def features(observation: Array) -> Array:
    """``(rows, 52, FEATURES)``: each card's features in each row's position. Leading: its rank
    (0 for a 2 .. 1 for an ace), club, the length of its suit in hand; following: it follows and
    wins the trick, that times the clubs it would take, it follows and ducks (times its rank), it
    discards a club, a rank, and it follows at all."""
    n = observation.shape[0]
    hand = observation[:, _HAND.offset : _HAND.offset + 52]
    trick = observation[:, _TRICK.offset : _TRICK.offset + _TRICK.size].reshape(n, -1, 52)
    leader = np.argmax(observation[:, _LEADER.offset : _LEADER.offset + _LEADER.size], axis=1)
    on_table = trick.sum(axis=1) > 0
    following = on_table.any(axis=1)[:, None]
    led = np.argmax(trick[np.arange(n), leader], axis=1) // 13
    in_led = _SUIT[None, :] == led[:, None]
    best = np.where(on_table & in_led, _RANK[None, :], -1).max(axis=1)
    rank, club = np.broadcast_to(_RANK / 12, (n, 52)), np.broadcast_to(_SUIT == 0, (n, 52))
    follows = following & in_led
    wins = follows & (_RANK[None, :] > best[:, None])
    discards = following & ~in_led
    clubs_taken = on_table[:, :13].sum(axis=1)[:, None] + club
    suit_length = hand.reshape(n, 4, 13).sum(axis=2)[:, _SUIT] / 13
    leading = ~following
    columns = [
        leading * rank,
        leading * club,
        leading * suit_length,
        wins,
        wins * clubs_taken,
        (follows & ~wins) * rank,
        discards * club,
        discards * rank,
        follows,
    ]
    return np.stack(columns, axis=2).astype(np.float64)


def policy(theta: Array, observation: Array, mask: Array) -> tuple[Array, Array]:
    """Each row's features and its probabilities over the cards (0 where the mask is 0)."""
    phi = features(observation)
    scores = np.where(mask > 0, phi @ theta, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    return phi, weights / weights.sum(axis=1, keepdims=True)


def sample(probabilities: Array, rng: np.random.Generator) -> Array:
    """One card a row drawn from its probabilities."""
    cumulative = probabilities.cumsum(axis=1)
    draws = rng.random((probabilities.shape[0], 1)) * cumulative[:, -1:]
    cards: Array = np.minimum((cumulative < draws).sum(axis=1), 51)
    return cards


def train(games: int, rows: int = 64, seed: int = 0, rate: float = 0.02) -> tuple[Array, float]:
    """REINFORCE over ``games`` games: each game's log-probability gradients, summed as it is played,
    move ``theta`` along (reward - baseline) when it ends. Returns ``theta`` and the agent-steps a
    second."""
    theta, baseline = np.zeros(FEATURES), 0.0
    rng = np.random.default_rng(seed)
    envs = [VectorEnv("clubs", rows // 2, CONFIG, opponents=bot) for bot in ("random", "heuristic")]
    states = [(env, *env.reset(seed=seed + 1000 * k)) for k, env in enumerate(envs)]
    gradients = [np.zeros((rows // 2, FEATURES)) for _ in envs]
    played = steps = 0
    start = time.perf_counter()
    while played < games:
        for k, (env, seen, _) in enumerate(states):
            phi, p = policy(theta, seen["observation"], seen["action_mask"])
            actions = sample(p, rng)
            chosen = phi[np.arange(len(actions)), actions]
            gradients[k] += chosen - np.einsum("rc,rcf->rf", p, phi)
            observations, rewards, ended, _, infos = env.step(actions)
            states[k] = (env, observations, infos)
            steps += len(actions)
            if ended.any():
                advantage = rewards[ended] - baseline
                theta += rate * (advantage[:, None] * gradients[k][ended]).sum(axis=0)
                baseline += 0.01 * (rewards[ended].mean() - baseline)
                gradients[k][ended] = 0.0
                played += int(ended.sum())
    return theta, steps / (time.perf_counter() - start)


def evaluate(theta: Array, bot: str, games: int, seed: int = 1) -> tuple[float, float, float]:
    """The policy's win rate over ``games`` games against ``bot`` (its seat alternating), with the
    95% Wilson interval."""
    rows = min(games, 100)
    env = VectorEnv("clubs", rows, CONFIG, opponents=bot)
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    wins = played = 0
    quota = -(-games // rows)  # games counted in a row: about the same number in every row
    counted = np.zeros(rows, np.int64)
    while played < games:
        _, p = policy(theta, observations["observation"], observations["action_mask"])
        observations, rewards, ended, _, _ = env.step(sample(p, rng))
        for i in np.flatnonzero(ended & (counted < quota))[: games - played]:
            counted[i] += 1
            played += 1
            wins += int(rewards[i] > 0)
    return (wins / played, *wilson(wins, played))


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def report(label: str, theta: Array, games: int) -> dict[str, tuple[float, float, float]]:
    """Print and return the win rate against each bot."""
    results = {bot: evaluate(theta, bot, games) for bot in ("random", "heuristic")}
    for bot, (rate, low, high) in results.items():
        print(f"{label}: won {rate:.1%} of {games:,} against {bot} (95% CI {low:.1%}-{high:.1%})")
    return results


def main(argv: list[str] | None = None) -> dict[str, dict[str, tuple[float, float, float]]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20_000, help="training games")
    parser.add_argument("--eval", type=int, default=2_000, help="games against each bot, before and after")
    parser.add_argument("--quick", action="store_true", help="a short run: 1,000 games, 200 to measure")
    args = parser.parse_args(argv)
    games, measured = (1_000, 200) if args.quick else (args.games, args.eval)
    before = report("untrained", np.zeros(FEATURES), measured)
    theta, speed = train(games)
    print(f"trained on {games:,} games at {speed:,.0f} agent-steps a second")
    after = report(f"after {games:,} training games", theta, measured)
    return {"before": before, "after": after}


if __name__ == "__main__":
    main()
