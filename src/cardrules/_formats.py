"""Documents of earlier formats, read by upgrading them to the current one.

A format bump lists what it renamed in ``UPGRADES``, and ``upgrade`` applies the renames of every
bump from a document's format to the current one, so that ``loads`` then reads it exactly as a
document of today. Only objects are renamed: cards, enum members and moves in notation have kept
their text in every format so far. The one other change is in numbers: format 3 writes an integer
beyond ``±SAFE_INTEGER`` as a decimal string, and the upgrade from format 2 marks each such integer
that an older document wrote as a bare number (``UnquotedInt``), for ``loads`` to read where an
integer or a number is read, and nowhere else (where the older library refused it too).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from cardrules._reprs import short_repr
from cardrules.errors import StateError

__all__ = ["QUOTED_FROM", "SAFE_INTEGER", "UPGRADES", "Rename", "UnquotedInt", "upgrade"]

SAFE_INTEGER = 2**53 - 1
"""The largest integer that every JSON reader keeps exact: JavaScript's ``JSON.parse`` (and any
reader holding numbers as doubles) rounds a larger one, and I-JSON (RFC 7493) asks for integers
within ``±SAFE_INTEGER``. A seed or an ``Rng`` state, up to ``2**64 - 1``, is often beyond it."""

QUOTED_FROM = 2
"""The format whose upgrade marks its bare integers beyond ``±SAFE_INTEGER`` (``UnquotedInt``):
from format 3 on, ``dumps`` writes them as decimal strings."""


@attrs.frozen(repr=False)
class UnquotedInt:
    """An integer beyond ``±SAFE_INTEGER`` that a document of format 2 or earlier wrote as a bare
    JSON number, as the upgrade hands it to ``loads``: read where an integer or a number is read
    (where the older format put it), refused anywhere else."""

    value: int

    def __repr__(self) -> str:
        # Messages name the value as the document wrote it: a number.
        return repr(self.value)


@attrs.frozen
class Rename:
    """A class that a format bump renamed or reshaped in the documents of one game.

    An object of ``game``'s documents whose ``"type"`` is ``old`` becomes ``new``, its field
    ``f`` becomes ``fields[f]``, and it gains each field of ``added`` with the value every older
    document meant (a field the older class did not need because it had only one value).
    """

    game: str
    old: str
    new: str
    fields: Mapping[str, str] = attrs.field(factory=dict)
    added: Mapping[str, object] = attrs.field(factory=dict)


UPGRADES: Mapping[int, tuple[Rename, ...]] = MappingProxyType(
    {
        # Format 2 (after 0.1.0): one shared HalfTime event, and 80 Points' finished trick named
        # as every other game names it.
        1: (
            Rename("eighty_points", "Trick", "CompletedTrick"),
            Rename(
                game="pub_derby",
                old="HalfTime",
                new="HalfTime",
                fields={"goals": "scores"},
                added={"half": 1},
            ),
        ),
        # Format 3: no class renamed; integers beyond ±SAFE_INTEGER are decimal strings (the
        # upgrade marks an older document's bare ones: QUOTED_FROM).
        2: (),
    }
)
"""What each format bump renamed, by the format it upgrades from (``1``: format 1 to 2)."""


def upgrade(data: object, game: str | None, version: int, current: int, max_depth: int) -> object:
    """A document's ``data`` of format ``version`` as format ``current`` writes it.

    ``data`` is left as it was. ``StateError`` if it nests deeper than ``max_depth``, holds a
    field under both its old and its new name, or a class under the name a later format gave it.
    From format ``QUOTED_FROM`` or earlier, every bare integer beyond ``±SAFE_INTEGER`` is an
    ``UnquotedInt``.
    """
    for step in range(version, current):
        # A class's new name is refused in an older document: there it meant another class, or
        # nothing, and reading it as today's class would accept what the older library refused.
        renames = {name: r for r in UPGRADES[step] if r.game == game for name in (r.new, r.old)}
        if renames:
            data = _renamed(data, renames, step, "", max_depth)
        if step == QUOTED_FROM:
            data = _unquoted(data, "", max_depth)
    return data


def _unquoted(value: object, path: str, depth: int) -> object:
    """``value`` copied with every integer beyond ``±SAFE_INTEGER`` an ``UnquotedInt``.

    Marked rather than made the string format 3 writes: a string would also be read where the
    older format wanted text (a zone's name), accepting a number the older library refused there.
    """
    if depth < 0:
        raise StateError(f"{path or 'document'}: nests too deeply")
    if type(value) is int and not -SAFE_INTEGER <= value <= SAFE_INTEGER:
        return UnquotedInt(value)
    if isinstance(value, list):
        return [_unquoted(v, f"{path}[{i}]", depth - 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _unquoted(v, f"{path}.{k}" if path else k, depth - 1) for k, v in value.items()}
    return value


def _renamed(value: object, renames: Mapping[str, Rename], step: int, path: str, depth: int) -> object:
    """``value`` copied with every object of a renamed class renamed, down to ``depth`` levels."""
    if depth < 0:
        raise StateError(f"{path or 'document'}: nests too deeply")
    if isinstance(value, list):
        return [_renamed(v, renames, step, f"{path}[{i}]", depth - 1) for i, v in enumerate(value)]
    if not isinstance(value, dict):
        return value
    out = {k: _renamed(v, renames, step, f"{path}.{k}" if path else k, depth - 1) for k, v in value.items()}
    kind = out.get("type")
    rename = renames.get(kind) if isinstance(kind, str) else None
    if rename is None:
        return out
    if kind != rename.old:
        raise StateError(
            f"{path or 'document'}: a format-{step} document has no {rename.new}; it calls it {rename.old}"
        )
    return _apply(rename, out, step, path)


def _apply(rename: Rename, obj: dict[str, object], step: int, path: str) -> dict[str, object]:
    """The object ``obj`` of class ``rename.old`` as ``rename.new``."""
    out: dict[str, object] = {}
    for key, value in obj.items():
        new_key = rename.fields.get(key, key)
        if new_key in out or (new_key != key and new_key in obj) or new_key in rename.added:
            raise StateError(
                f"{path or 'document'}: a format-{step} {rename.old} has no field {short_repr(new_key)}"
            )
        out[new_key] = value
    return {**out, **rename.added, "type": rename.new}
