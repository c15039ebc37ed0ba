"""Train a small agent on the PettingZoo environment and measure it in the arena.

Two-seat Clubs with threshold 1: one round, and whoever takes fewer of the 13 clubs wins. The agent
is a linear softmax policy: each legal card (the action mask) gets a score ``theta @ features``,
eight features of the card read off the seat's observation tensor (its rank, whether it is a club,
whether it would win the trick and with how many clubs in it, ...). It is trained by REINFORCE
(policy gradient with a running-mean baseline) in NumPy, playing the PettingZoo environment against
``RandomBot``. The arena then plays the policy against ``RandomBot`` and reports its win rate with
a 95% interval, before training (``theta = 0``: uniformly random play) and after.

No deep-learning library is needed. This machine's PyTorch, and so Stable-Baselines3's
``MaskablePPO``, installs for one Python version only, so the example stays in NumPy; the same
environment and masks plug into any library that takes PettingZoo environments.

Run ``python examples/train_policy_gradient.py [episodes] [games]`` (about half a minute with the
defaults, 2,000 and 400); it needs the ``pettingzoo`` extra.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import RandomBot, clubs
from cardrules.adapters.pettingzoo import clubs_v0
from cardrules.arena import ArenaResult, run_matches
from cardrules.tensors import observation_layout, observation_tensor

CONFIG = clubs.Config(players=2, threshold=1)
_LAYOUT = observation_layout("clubs", CONFIG)
_TRICK, _LEADER = _LAYOUT.segment("trick"), _LAYOUT.segment("leader")
Matrix = npt.NDArray[np.float64]


def features(observation: npt.NDArray[Any], legal: npt.NDArray[Any]) -> Matrix:
    """One row per legal card: rank (0 for a 2 .. 1 for an ace), club; when following: wins the
    trick, wins it times the clubs in it, discards a club, discards a rank; when leading: rank, club.
    """
    trick = observation[_TRICK.offset : _TRICK.offset + _TRICK.size].reshape(-1, 52)
    on_table = np.flatnonzero(trick.sum(axis=0))
    led = None
    if on_table.size:
        leader = int(np.argmax(observation[_LEADER.offset : _LEADER.offset + _LEADER.size]))
        led = int(np.flatnonzero(trick[leader])[0])
    rows = []
    for card in (int(c) for c in legal):
        rank, club = (card % 13) / 12, float(card < 13)
        if led is None:
            rows.append([rank, club, 0, 0, 0, 0, rank, club])
            continue
        follows = card // 13 == led // 13
        best = max(c for c in on_table if c // 13 == led // 13)
        wins = float(follows and card > best)
        clubs_in = sum(1 for c in on_table if c < 13) + club
        rows.append([rank, club, wins, wins * clubs_in, (not follows) * club, (not follows) * rank, 0, 0])
    return np.array(rows)


def probabilities(theta: Matrix, rows: Matrix) -> Matrix:
    """The softmax of the legal cards' scores."""
    scores = rows @ theta
    exp = np.exp(scores - scores.max())
    result: Matrix = exp / exp.sum()
    return result


class PolicyBot:
    """The policy as a cardrules bot for the arena: it draws a card from its probabilities."""

    def __init__(self, theta: Matrix) -> None:
        self.theta = theta

    def choose(self, view: clubs.View, seed: int) -> clubs.Play:
        legal = np.array([clubs.encode_move(m) for m in view.legal_moves])
        p = probabilities(self.theta, features(observation_tensor(view), legal))
        draw = np.random.default_rng(seed).random()
        return view.legal_moves[min(int(np.searchsorted(np.cumsum(p), draw)), len(p) - 1)]


def play_episode(
    theta: Matrix, seed: int, rng: np.random.Generator
) -> tuple[list[tuple[Matrix, int]], float]:
    """One game with the agent at a random seat: its decisions (feature rows, card chosen) and its
    reward (+1 a win, -1 a loss)."""
    env = clubs_v0.raw_env(players=2, threshold=1)
    env.reset(seed=seed)
    agent = f"player_{int(rng.integers(2))}"
    decisions, reward = [], 0.0
    for name in env.agent_iter():
        observation, last_reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            reward = float(last_reward) if name == agent else reward
            env.step(None)
            continue
        if name == agent:
            legal = np.flatnonzero(observation["action_mask"])
            rows = features(observation["observation"], legal)
            choice = int(rng.choice(len(legal), p=probabilities(theta, rows)))
            decisions.append((rows, choice))
            action = int(legal[choice])
        else:
            view = clubs.view(env.state_, int(name.split("_")[1]))
            action = clubs.encode_move(RandomBot().choose(view, int(rng.integers(2**63))))
        env.step(action)
    return decisions, reward


def train(episodes: int, seed: int = 0, rate: float = 0.05) -> Matrix:
    """REINFORCE: after each game, move every decision's log-probability along (reward - baseline)."""
    theta = np.zeros(8)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(episodes):
        decisions, reward = play_episode(theta, episode, rng)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for rows, choice in decisions:
            theta += rate * advantage * (rows[choice] - probabilities(theta, rows) @ rows)
    return theta


def measure(theta: Matrix, games: int) -> ArenaResult:
    """The policy against RandomBot in the arena, seats rotated game by game."""
    return run_matches("clubs", [PolicyBot(theta), RandomBot()], games, seed=1, config=CONFIG, workers=1)


def main(episodes: int = 2000, games: int = 400) -> tuple[ArenaResult, ArenaResult]:
    before = measure(np.zeros(8), games)
    after = measure(train(episodes), games)
    for label, result in (("untrained", before), (f"after {episodes:,} training games", after)):
        record = result.records[0]
        low, high = record.win_rate_ci
        print(
            f"{label}: won {record.win_rate:.1%} of {games} against RandomBot (95% CI {low:.1%}-{high:.1%})"
        )
    return before, after


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
