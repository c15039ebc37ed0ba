"""The base class of every game's ``State`` and ``View``: how they show themselves to people."""

from __future__ import annotations

from cardrules.game import game_of

__all__ = ["Pictured"]


class Pictured:
    """What a game's ``State`` and ``View`` share for people: ``str()`` is the game's ``render``
    (``repr`` stays the exact attrs form), and Jupyter shows the table (``cardrules.svg.draw``)."""

    __slots__ = ()

    def __str__(self) -> str:
        text: str = game_of(self).render(self)
        return text

    def _repr_svg_(self) -> str:
        """The table as SVG, which Jupyter shows for this object."""
        from cardrules.svg import draw  # imported when asked: a notebook's pictures, not the rules'

        return draw(self)

    def _repr_html_(self) -> str:
        """The SVG table for HTML front ends such as Jupyter."""
        return f'<div class="cardrules-table">{self._repr_svg_()}</div>'
