"""``env()``'s one wrapper behaves as PettingZoo's three (``TerminateIllegalWrapper(-1)``,
``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``): driven side by side through the same
calls, legal, illegal, out of range, out of turn and out of order, both give the same results,
errors, warnings, rewards and terminations."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.utils import wrappers  # noqa: E402
from pettingzoo.utils.env_logger import EnvLogger  # noqa: E402

from cardrules import GAMES, IllegalMoveError, clubs, eighty_points, manager  # noqa: E402
from cardrules.adapters.pettingzoo import ClassicWrapper, env, raw_env  # noqa: E402

SMALL: dict[str, Any] = {
    "clubs": clubs.Config(threshold=5),
    "eighty_points": eighty_points.Config(rounds=1),
    "manager": manager.Config(max_exchanges=2),
}


def pettingzoos(name: str) -> Any:
    """The environment wrapped as PettingZoo 1.x wraps its classic games."""
    wrapped: Any = wrappers.TerminateIllegalWrapper(raw_env(name, SMALL.get(name)), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


def result(call: Callable[[], Any]) -> tuple[Any, ...]:
    """What a call gives: its value (arrays as lists) or its error's kind and message, and the
    warnings PettingZoo logged."""
    EnvLogger.flush()
    try:
        value = call()
    except Exception as exc:  # the kind PettingZoo raises (ours may subclass it too), and the text
        kinds = (AssertionError, AttributeError, ValueError, IndexError, TypeError)
        return ("raised", next((k for k in kinds if isinstance(exc, k)), type(exc)), str(exc))
    warned = list(EnvLogger.mqueue)
    return ("value", plain(value), warned)


def plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def snapshot(table: Any) -> tuple[Any, ...]:
    if not table.unwrapped.__dict__.get("agents") and table.unwrapped.state_ is None:
        return ()
    return (
        list(table.agents),
        table.agent_selection,
        dict(table.rewards),
        dict(table._cumulative_rewards),
        dict(table.terminations),
        dict(table.truncations),
        table.num_agents,
    )


def drive(name: str, seed: int, table: Any) -> list[Any]:
    """A scripted, seeded walk through the calls an agent may make, with their results: with
    faults (odd seeds) illegal and out-of-range actions among the legal ones, else a whole game."""
    rng = random.Random(seed)
    faults = seed % 2 == 1
    log: list[Any] = []
    # Out of order: before reset.
    log.append(result(lambda: table.step(0)))
    log.append(result(lambda: table.observe("player_0")))
    log.append(result(lambda: table.agent_selection))
    log.append(result(lambda: table.rewards))
    log.append(result(table.render))
    table.reset(seed=seed)
    actions = table.action_space("player_0").n
    for _ in range(5000):
        if not table.agents:
            log.append(result(lambda: table.step(0)))  # after the end: a warning, nothing done
            break
        agent = table.agent_selection
        observe = rng.random() < 0.9
        last = result(functools.partial(table.last, observe))
        log.append(last)
        done = last[1][2] or last[1][3]
        roll = rng.random() if faults else 0.5
        if done:
            action: Any = None if roll < 0.9 or not faults else 0
        elif roll < 0.03:
            action = rng.choice([actions, -1, None, 1.5, np.int64(actions)])  # out of range
        elif roll < 0.08:
            mask = table.observe(agent)["action_mask"]
            illegal = np.flatnonzero(mask == 0)
            action = int(rng.choice(illegal)) if len(illegal) else 0
        else:
            mask = table.observe(agent)["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask)))
            action = np.int64(action) if rng.random() > 0.95 else action
        log.append((repr(action), result(functools.partial(table.step, action)), snapshot(table)))
    return log


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_the_wrapper_does_what_pettingzoos_three_do(name: str, seed: int) -> None:
    ours, theirs = env(name, SMALL.get(name)), pettingzoos(name)
    assert isinstance(ours, ClassicWrapper) and isinstance(ours, wrappers.OrderEnforcingWrapper)
    walk = drive(name, seed, ours)
    assert walk == drive(name, seed, theirs)
    warning = "[WARNING]: step() called after all agents are terminated or truncated. Should reset() first."
    assert walk[-1] == ("value", None, [warning])  # every walk reaches the end


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_agent() -> None:
    """Hand-checked: the agent that chose an illegal action gets -1, every other 0, all done."""
    table = env("clubs", SMALL["clubs"])
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    table.step(int(np.flatnonzero(mask == 0)[0]))
    assert table.terminations == dict.fromkeys(table.possible_agents, True)
    assert table._cumulative_rewards == {a: (-1.0 if a == agent else 0) for a in table.possible_agents}
    assert table.agent_selection == agent  # the dead agents step first, from the one that erred


def test_out_of_range_is_an_assertion_and_an_illegal_move() -> None:
    table = env("clubs", SMALL["clubs"])
    table.reset(seed=1)
    with pytest.raises(AssertionError, match="action is not in action space"):
        table.step(52)
    with pytest.raises(IllegalMoveError):
        table.step(-1)
    with pytest.raises(AttributeError, match="agents cannot be accessed before reset"):
        _ = env("clubs").agents
