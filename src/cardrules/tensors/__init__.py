"""Observation and information-state tensors for learning agents, built from views only.

Needs NumPy (in a checkout: ``python -m pip install -e ".[numpy]"``). Every game has two flat
``float32`` tensors, each
of a fixed shape for a config:

- the **observation**: what the seat sees now (its cards, the table, the counts and scores);
- the **information state**: the observation plus the public history of the deal (every completed
  trick, every season) and so the seat's own past choices in it.

Both are built from ``view(state, seat)`` alone, so two states that differ only in cards hidden from
the seat give identical tensors. Seats are written relative to the viewer (the viewer first, then
the seats after it), so one policy serves every seat. The layouts, segment by segment, are in each
game's page (``docs/rules/<game>.md``, "Tensors") and in [`observation_layout`][].
"""

from __future__ import annotations

import functools
from types import ModuleType
from typing import Any

from cardrules._extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("cardrules.tensors", "numpy", exc) from exc

from cardrules._shared.options import config_of
from cardrules.errors import StateError
from cardrules.registry import AnyGame, game_of_view, get_game
from cardrules.tensors import _clubs, _eighty_points, _manager, _pub_derby, _rugby_league
from cardrules.tensors._layout import Layout, Segment, layout_pair

__all__ = [
    "Layout",
    "Segment",
    "information_state_layout",
    "information_state_shape",
    "information_state_tensor",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
]

_ENCODERS: dict[str, ModuleType] = {
    "clubs": _clubs,
    "pub_derby": _pub_derby,
    "rugby_league": _rugby_league,
    "eighty_points": _eighty_points,
    "manager": _manager,
}


@functools.lru_cache(maxsize=64)
def _layouts_of(name: str, config: Any) -> tuple[Layout, Layout]:
    # Layouts are immutable, so one per game and config is shared; bounded, as configs are not.
    segments = _ENCODERS[name].segments
    return layout_pair(lambda layout, info: segments(layout, config, info))


def _layouts(game: str | AnyGame, config: Any) -> tuple[AnyGame, tuple[Layout, Layout]]:
    module = get_game(game)
    return module, _layouts_of(module.NAME, config_of(config, module.Config, module.NAME))


def observation_layout(game: str | AnyGame, config: Any = None) -> Layout:
    """The segments of ``game``'s observation tensor with ``config``."""
    return _layouts(game, config)[1][0]


def information_state_layout(game: str | AnyGame, config: Any = None) -> Layout:
    """The segments of ``game``'s information-state tensor with ``config``."""
    return _layouts(game, config)[1][1]


def observation_shape(game: str | AnyGame, config: Any = None) -> tuple[int]:
    """``(n,)``: the observation tensor's shape for ``game`` and ``config``."""
    return (observation_layout(game, config).size,)


def information_state_shape(game: str | AnyGame, config: Any = None) -> tuple[int]:
    """``(n,)``: the information-state tensor's shape for ``game`` and ``config``."""
    return (information_state_layout(game, config).size,)


def _tensor(view: object, info: bool) -> npt.NDArray[np.float32]:
    module = game_of_view(view)
    cfg = getattr(view, "config", None)
    if type(cfg) is not module.Config:
        raise StateError(f"the view's config is not a {module.NAME}.Config")
    _, layouts = _layouts(module, cfg)
    layout = layouts[1] if info else layouts[0]
    values = [0.0] * layout.size
    _ENCODERS[module.NAME].fill(view, layout, info, values)
    return np.asarray(values, dtype=np.float32)


def observation_tensor(view: object) -> npt.NDArray[np.float32]:
    """What the view's seat sees now, as a flat ``float32`` array of [`observation_shape`][]."""
    return _tensor(view, False)


def information_state_tensor(view: object) -> npt.NDArray[np.float32]:
    """The observation plus the deal's public history, as a flat ``float32`` array of
    [`information_state_shape`][]."""
    return _tensor(view, True)
