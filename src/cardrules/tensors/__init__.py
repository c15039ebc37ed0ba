"""Observation and information-state tensors for learning agents, built from views only.

Needs NumPy (in a checkout: ``python -m pip install -e ".[numpy]"``). Every game has two flat
``float32`` tensors, each
of a fixed shape for a config:

- the **observation**: what the seat sees now (its cards, the table, the counts and scores);
- the **information state**: the observation plus the public history of the deal (every completed
  trick, every season) and so the seat's own past choices in it.

Both are built from ``view(state, seat)`` alone, so two states that differ only in cards hidden from
the seat give identical tensors ([`state_writer`][] reads the same values from the state's fields
that the view copies, without building the view; a test holds the two equal). Seats are written
relative to the viewer (the viewer first, then the seats after it), so one policy serves every
seat. The layouts, segment by segment, are in each
game's page (``docs/rules/<game>.md``, "Tensors") and in [`observation_layout`][].
"""

from __future__ import annotations

import functools
from collections.abc import Callable
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
    "state_writer",
    "tensor_writer",
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


Writer = Callable[[Any, "npt.NDArray[np.float32]"], None]


def tensor_writer(game: str | AnyGame, config: Any = None, *, information_state: bool = False) -> Writer:
    """``write(view, out)``: writes the observation (or with ``information_state`` the information
    state) of a view of ``game`` with ``config`` into ``out``, a contiguous float32 array of its
    shape, in place. The views must be of that game and config (unchecked).

    Writing a seat's view into the same array as last time, a writer changes only what moved
    since (the tricks completed since, the card the seat played, a segment whose cards changed):
    keep one array a seat and leave it as the writer left it (hand out copies).
    [`observation_tensor`][] writes everything each time."""
    return _writer(game, config, information_state, incremental=True)


StateWriter = Callable[[Any, int, "npt.NDArray[np.float32]"], None]


def state_writer(game: str | AnyGame, config: Any = None, *, information_state: bool = False) -> StateWriter:
    """``write(state, seat, out)``: what a [`tensor_writer`][]'s ``write(view(state, seat), out)``
    writes, without building the view (for the environments' hot path). It reads only the fields
    of the state that the view copies (the seat's own hand, never another's), and a test holds its
    tensors equal to the view's on every position of many random games; incremental as
    [`tensor_writer`][]'s (keep one array a seat). States and seats are unchecked."""
    module, encoder, fields = _fields(game, config, information_state, incremental=True)
    if fields is None:  # a game without a fields writer: its view, written by fill
        write, view = _writer(module, config, information_state, incremental=True), module.view
        return lambda state, seat, out: write(view(state, seat), out)
    return functools.partial(encoder.write_state, fields)


def _writer(game: str | AnyGame, config: Any, information_state: bool, *, incremental: bool) -> Writer:
    module, encoder, fields = _fields(game, config, information_state, incremental=incremental)
    if fields is None:  # a game without a fields writer: fill's list, copied in
        layout = _layouts(module, config)[1][information_state]

        def write(view: Any, out: npt.NDArray[np.float32]) -> None:
            values = [0.0] * layout.size
            encoder.fill(view, layout, information_state, values)
            out[:] = values

        return write
    return functools.partial(encoder.write_view, fields)


def _fields(
    game: str | AnyGame, config: Any, information_state: bool, *, incremental: bool
) -> tuple[AnyGame, ModuleType, Callable[..., None] | None]:
    """The game, its tensor module and the module's ``fields_writer`` for the config and tensor (a
    writer that the module's ``write_view`` and ``write_state`` give the fields of a view or a
    state), ``None`` if it has none (a game's tensor module needs only ``segments`` and ``fill``)."""
    module, layouts = _layouts(game, config)
    encoder = _ENCODERS[module.NAME]
    make = getattr(encoder, "fields_writer", None)
    if make is None:
        return module, encoder, None
    cfg = config_of(config, module.Config, module.NAME)
    return module, encoder, make(cfg, layouts[information_state], information_state, incremental)


@functools.lru_cache(maxsize=64)
def _shared_writer(name: str, config: Any, info: bool) -> tuple[Writer, int]:
    layouts = _layouts_of(name, config)
    return _writer(name, config, info, incremental=False), layouts[info].size


def _tensor(view: object, info: bool, out: npt.NDArray[np.float32] | None) -> npt.NDArray[np.float32]:
    module = game_of_view(view)
    cfg = getattr(view, "config", None)
    if type(cfg) is not module.Config:
        raise StateError(f"the view's config is not a {module.NAME}.Config")
    write, size = _shared_writer(module.NAME, cfg, info)
    if out is None:
        out = np.empty(size, dtype=np.float32)
    elif (
        not isinstance(out, np.ndarray)
        or out.shape != (size,)
        or out.dtype != np.float32
        or not out.flags.c_contiguous
    ):
        raise StateError(f"out must be a contiguous float32 array of shape ({size},)")
    write(view, out)
    return out


def observation_tensor(view: object, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """What the view's seat sees now, as a flat ``float32`` array of [`observation_shape`][]:
    written into ``out`` (a float32 array of that shape) and returned if given, else a new array."""
    return _tensor(view, False, out)


def information_state_tensor(
    view: object, out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The observation plus the deal's public history, as a flat ``float32`` array of
    [`information_state_shape`][]: written into ``out`` and returned if given, else a new array."""
    return _tensor(view, True, out)
