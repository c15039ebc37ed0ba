"""The numpy writers give today's values: every position of many random games of every game and
config, every seat, against the list-filling encoders they replaced (``fill`` of each game's
tensor module, kept as the reference)."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from cardrules import GAMES, StateError, clubs, eighty_points, manager, pub_derby, rugby_league  # noqa: E402
from cardrules.tensors import (  # noqa: E402
    _ENCODERS,
    information_state_layout,
    information_state_tensor,
    observation_layout,
    observation_tensor,
    state_writer,
    tensor_writer,
)

# Every player count of Clubs, every format of Pub Derby, Rugby League blind and open, a short 80
# Points match.
CONFIGS: dict[str, list[Any]] = {
    "clubs": [
        clubs.Config(players=4, threshold=8),
        clubs.Config(players=3, threshold=5),
        clubs.Config(players=2),
    ],
    "pub_derby": [pub_derby.Config(), pub_derby.Config(format="pub"), pub_derby.Config(format="big_squad")],
    "rugby_league": [None, rugby_league.Config(open_hands=True)],
    "eighty_points": [eighty_points.Config(rounds=1)],
    "manager": [None, manager.Config(max_exchanges=3)],
}
GAMES_EACH = 12


def reference(view: Any, info: bool) -> Any:
    """The tensor as cardrules built it before the writers: a list of floats, then float32."""
    module = GAMES[type(view).__module__.split(".")[1]]
    config = view.config
    layout = (information_state_layout if info else observation_layout)(module, config)
    values = [0.0] * layout.size
    _ENCODERS[module.NAME].fill(view, layout, info, values)
    return np.asarray(values, dtype=np.float32)


def positions(name: str, config: Any, games: int) -> Any:
    game = GAMES[name]
    rng = random.Random(name)
    for k in range(games):
        state = game.new_game(rng.randrange(2**63), config)
        while True:
            yield state
            if state.to_act is None:
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        del k


@pytest.mark.parametrize(("name", "config"), [(n, c) for n, cs in CONFIGS.items() for c in cs])
def test_every_position_every_seat_gives_todays_tensors(name: str, config: Any) -> None:
    game = GAMES[name]
    players = game.num_players(game.Config() if config is None else config)
    # One writer and one array a seat as the environments hold them (the writer adding to what it
    # wrote there last), the same read from the state rather than the view, a writer given a new
    # array each time, and observation_tensor's own.
    writers = {
        info: [tensor_writer(name, config, information_state=info) for _ in range(players)]
        for info in (False, True)
    }
    from_state = {
        info: [state_writer(name, config, information_state=info) for _ in range(players)]
        for info in (False, True)
    }
    fresh = {info: tensor_writer(name, config, information_state=info) for info in (False, True)}
    kept: dict[tuple[bool, int], Any] = {}
    compared = 0
    for state in positions(name, config, GAMES_EACH):
        for seat in range(players):
            view = game.view(state, seat)
            for info in (False, True):
                expected = reference(view, info)
                shared = (information_state_tensor if info else observation_tensor)(view)
                assert shared.dtype == np.float32 and np.array_equal(shared, expected), (name, seat, info)
                out = np.full(expected.shape, 7.0, dtype=np.float32)  # stale values must all go
                fresh[info](view, out)
                assert np.array_equal(out, expected), (name, seat, info)
                out = kept.setdefault((info, seat), np.full(expected.shape, 7.0, dtype=np.float32))
                writers[info][seat](view, out)
                assert np.array_equal(out, expected), (name, seat, info)
                out = kept.setdefault((info, -1 - seat), np.full(expected.shape, 7.0, dtype=np.float32))
                from_state[info][seat](state, seat, out)
                assert np.array_equal(out, expected), (name, seat, info, "from the state")
                from_state[info][seat](state, seat, out)  # as an environment observes again
                assert np.array_equal(out, expected), (name, seat, info, "again")
                compared += 1
    assert compared > GAMES_EACH * players * 20


def test_out_is_written_and_returned_and_must_fit() -> None:
    view = clubs.view(clubs.new_game(1), 0)
    out = np.ones(observation_layout("clubs").size, dtype=np.float32)
    assert observation_tensor(view, out) is out
    assert np.array_equal(out, reference(view, False))
    assert out[:52].sum() == 13  # the seat's 13 cards, dealt from a 52-card deck
    with pytest.raises(StateError, match=r"out must be a contiguous float32 array of shape \(332,\)"):
        observation_tensor(view, np.zeros(331, dtype=np.float32))
    with pytest.raises(StateError, match="float32"):
        observation_tensor(view, np.zeros(332, dtype=np.float64))
    with pytest.raises(StateError, match="contiguous"):
        observation_tensor(view, np.zeros(664, dtype=np.float32)[::2])


def test_a_tensor_module_with_segments_and_fill_alone_still_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new game's tensor module needs only ``segments`` and ``fill`` (docs/architecture.md,
    "Adding a game"): without a fields writer, the writers fill a list and copy it in, and the
    state writer writes the seat's view."""
    from types import SimpleNamespace

    from cardrules.tensors import _clubs

    monkeypatch.setitem(_ENCODERS, "clubs", SimpleNamespace(segments=_clubs.segments, fill=_clubs.fill))
    write, write_state = tensor_writer("clubs"), state_writer("clubs", information_state=True)
    out = np.full(observation_layout("clubs").size, 7.0, dtype=np.float32)
    info = np.full(information_state_layout("clubs").size, 7.0, dtype=np.float32)
    for state in list(positions("clubs", None, 1))[:30]:
        seat = state.to_act if state.to_act is not None else 0
        write(clubs.view(state, seat), out)
        assert np.array_equal(out, reference(clubs.view(state, seat), False))
        write_state(state, seat, info)
        assert np.array_equal(info, reference(clubs.view(state, seat), True))
