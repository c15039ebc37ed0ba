"""Named segments of a flat tensor: where each field of a view is encoded."""

from __future__ import annotations

import attrs


@attrs.frozen
class Segment:
    """``size`` numbers from ``offset``, encoding what ``doc`` says."""

    name: str
    offset: int
    size: int
    doc: str


class Layout:
    """An ordered list of segments; :meth:`add` appends one and returns its offset."""

    __slots__ = ("_by_name", "_segments", "size")

    def __init__(self) -> None:
        self._segments: list[Segment] = []
        self._by_name: dict[str, Segment] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a segment of ``size`` numbers; its offset."""
        offset = self.size
        segment = Segment(name, offset, size, doc)
        self._segments.append(segment)
        self._by_name[name] = segment
        self.size += size
        return offset

    @property
    def segments(self) -> tuple[Segment, ...]:
        """The segments in order."""
        return tuple(self._segments)

    def segment(self, name: str) -> Segment:
        """The segment called ``name`` (``KeyError`` for a name it does not have: a programming error)."""
        # Looked up about fifteen times per tensor, so by name rather than by a scan.
        return self._by_name[name]

    def table(self) -> str:
        """The layout as a Markdown table, as the game pages show it."""
        rows = ["| segment | offset | size | encodes |", "|---|---|---|---|"]
        rows += [f"| `{s.name}` | {s.offset} | {s.size} | {s.doc} |" for s in self._segments]
        return "\n".join(rows)
