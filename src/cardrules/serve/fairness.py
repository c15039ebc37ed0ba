"""Provably fair deals: the server commits to its seed before the first card, every human seat
adds a string of its own, and the end of the game reveals all, so any player can check the deal.

The scheme (``cardrules-deal-1``), to re-implement in any language:

- The server draws ``server_seed`` (32 random bytes) and ``salt`` (16), both written as lowercase
  hex, and publishes ``commitment = SHA-256("cardrules-deal-1:" + server_seed + ":" + salt)``
  (lowercase hex of the UTF-8 text) when the table is created, before anyone sees a card.
- Each human seat may give a ``contribution`` (a string, empty if it gives none) when it sits
  down; the deal waits until every human seat has sat down.
- The deal's seed is the first 8 bytes, big-endian, of ``SHA-256("cardrules-deal-1:" +
  server_seed + "\\n" + lines)``, where ``lines`` has one line ``SEAT=H`` a human seat in seat
  order, ``H`` the lowercase hex SHA-256 of that seat's contribution's UTF-8 bytes, the lines
  joined with ``"\\n"``. Hashing each contribution first keeps any string unambiguous.
- When the game ends, ``server_seed``, ``salt`` and every contribution are revealed, with the
  seed as a decimal string (a JSON number that large is rounded by JavaScript's ``JSON.parse``):
  ``verify_deal`` (or ``cardrules verify``) recomputes the commitment and the seed.

Nobody alone chose the deal: the server fixed its part before any seat gave one, and each seat's
part was unknown to the server when it committed.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules._reprs import short_repr, short_str
from cardrules.errors import StateError

__all__ = ["MAX_CONTRIBUTION", "SCHEME", "Deal", "commitment", "deal_seed", "new_deal", "verify_deal"]

SCHEME = "cardrules-deal-1"
"""The name of the scheme above; it prefixes every hashed text."""

MAX_CONTRIBUTION = 256
"""The longest contribution, in characters."""


def commitment(server_seed: str, salt: str) -> str:
    """The SHA-256 (hex) that binds the server to ``server_seed`` before the deal."""
    return _sha256(f"{SCHEME}:{server_seed}:{salt}")


def deal_seed(server_seed: str, contributions: Mapping[int, str]) -> int:
    """The deal's seed (0 to 2**64 - 1) from the server's seed and every human seat's string."""
    lines = "\n".join(f"{seat}={_sha256(contributions[seat])}" for seat in sorted(contributions))
    digest = hashlib.sha256(f"{SCHEME}:{server_seed}\n{lines}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@attrs.frozen
class Deal:
    """How a table's seed was made: ``chosen`` (the creator gave it: a practice table, whose
    every hand the creator can know) or the server's committed seed and salt."""

    chosen: bool
    server_seed: str | None = None
    salt: str | None = None

    @property
    def commitment(self) -> str | None:
        """What every seat is shown from the start; ``None`` on a practice table."""
        if self.server_seed is None or self.salt is None:
            return None
        return commitment(self.server_seed, self.salt)


def new_deal() -> Deal:
    """A fresh server seed and salt from the operating system's secure random source."""
    return Deal(False, secrets.token_hex(32), secrets.token_hex(16))


def verify_deal(record: Mapping[str, Any], commitment_seen: str | None = None) -> int:
    """Check a revealed deal (the ``reveal`` of a finished table's ``deal``, with its
    ``commitment``) and return its seed. ``commitment_seen``: the commitment you were shown
    before the first card, if you noted it. The record's ``seed`` is the decimal string the
    server sends (``"11310772225009022492"``), or the integer of a proof saved by an earlier
    version. ``StateError`` says what does not match."""
    server_seed = _text(record, "server_seed")
    salt = _text(record, "salt")
    promised = _text(record, "commitment")
    if commitment_seen is not None and commitment_seen.strip().lower() != promised:
        raise StateError(
            f"the commitment you were shown, {short_str(commitment_seen)}, is not this record's {promised}"
        )
    computed = commitment(server_seed, salt)
    if computed != promised:
        raise StateError(
            f"SHA-256 of the revealed seed and salt is {computed}, not the commitment {promised}"
        )
    contributions = record.get("contributions")
    if not isinstance(contributions, Mapping) or not all(
        isinstance(k, str) and k.isdecimal() and isinstance(v, str) for k, v in contributions.items()
    ):
        raise StateError("'contributions' maps each human seat (a number as a string) to its string")
    seed = deal_seed(server_seed, {int(k): v for k, v in contributions.items()})
    _check_seed(record.get("seed"), seed)
    return seed


def _check_seed(claimed: object, seed: int) -> None:
    """``StateError`` unless the record's seed is ``seed``, as the string the server sends or as
    the integer earlier versions sent."""
    if claimed == str(seed) or (type(claimed) is int and claimed == seed):
        return
    message = f"the revealed seed and contributions make seed {seed}, not {short_repr(claimed)}"
    # A JavaScript client that parsed the seed as a number (the web table did before seeds were strings)
    # wrote back the nearest double in its shortest digits: say so, or that proof looks forged.
    if type(claimed) is int and claimed.bit_length() <= 64 and float(claimed) == float(seed):
        message += (
            ": that is this seed rounded to 53 bits, as JavaScript's JSON.parse reads a number this "
            "large (the proof was saved by a client that read the seed as a number)"
        )
    raise StateError(message)


def _text(record: Mapping[str, Any], name: str) -> str:
    value = record.get(name)
    if not isinstance(value, str):
        raise StateError(f"a revealed deal has {name!r} as a string, got {short_str(json.dumps(value))}")
    return value


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
