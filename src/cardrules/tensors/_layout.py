"""Named segments of a flat tensor: where each field of a view is encoded."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from cardrules._reprs import short_repr
from cardrules.errors import ConfigError


@attrs.frozen
class Segment:
    """``size`` numbers from ``offset``, encoding what ``doc`` says."""

    name: str
    offset: int
    size: int
    doc: str


@attrs.frozen
class Layout:
    """An immutable, ordered list of segments, each following the last: the map of a tensor."""

    segments: tuple[Segment, ...]
    """The segments in order."""
    size: int = attrs.field(init=False)
    """The tensor's length: the segments' sizes summed."""
    _by_name: dict[str, Segment] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Looked up about fifteen times per tensor, so by name rather than by a scan.
        object.__setattr__(self, "_by_name", {s.name: s for s in self.segments})
        object.__setattr__(self, "size", sum(s.size for s in self.segments))

    def segment(self, name: str) -> Segment:
        """The segment called ``name``; ``ConfigError`` naming the segments if there is none."""
        found = self._by_name.get(name) if isinstance(name, str) else None
        if found is None:
            raise ConfigError(f"no segment {short_repr(name)}; the segments are: {', '.join(self._by_name)}")
        return found

    def table(self) -> str:
        """The layout as a Markdown table, as the game pages show it."""
        rows = ["| segment | offset | size | encodes |", "|---|---|---|---|"]
        rows += [f"| `{s.name}` | {s.offset} | {s.size} | {s.doc} |" for s in self.segments]
        return "\n".join(rows)


class LayoutBuilder:
    """Builds a [`Layout`][]: [`add`][] appends a segment, [`build`][] freezes the result."""

    __slots__ = ("_segments", "size")

    def __init__(self) -> None:
        self._segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a segment of ``size`` numbers; its offset."""
        offset = self.size
        self._segments.append(Segment(name=name, offset=offset, size=size, doc=doc))
        self.size += size
        return offset

    def build(self) -> Layout:
        """The layout of the segments added so far."""
        return Layout(tuple(self._segments))


def layout_pair(segments: Callable[[LayoutBuilder, bool], None]) -> tuple[Layout, Layout]:
    """The observation layout and the information-state layout: ``segments(builder, info)`` adds a
    game's segments, the history's too when ``info`` is true."""
    out = []
    for info in (False, True):
        builder = LayoutBuilder()
        segments(builder, info)
        out.append(builder.build())
    return out[0], out[1]
