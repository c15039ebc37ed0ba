"""The fair-deal recipe's test vectors (docs/protocol.md, "Test vectors"): the block the page shows
is ``clients/js/test/vectors.json`` (which the JavaScript client's tests read), and every value in
it is what ``cardrules.serve.fairness`` computes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from cardrules.errors import StateError
from cardrules.serve.fairness import SCHEME, commitment, deal_seed, verify_deal

ROOT = Path(__file__).resolve().parents[2]
VECTORS_FILE = ROOT / "clients" / "js" / "test" / "vectors.json"


def _documented_block() -> str:
    """The JSON block of the "Test vectors" subsection of docs/protocol.md, as text."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text.split("\n### Test vectors\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```json\n", 1)[1].split("```", 1)[0]


def _vectors() -> list[dict[str, Any]]:
    document = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))
    assert document["scheme"] == SCHEME
    vectors: list[dict[str, Any]] = document["vectors"]
    return vectors


def test_the_page_shows_the_vectors_file_as_it_is() -> None:
    assert _documented_block() == VECTORS_FILE.read_text(encoding="utf-8")


def test_the_vectors_cover_text_not_ascii_a_seat_that_gave_none_and_numeric_seat_order() -> None:
    contributions = [v["reveal"]["contributions"] for v in _vectors()]
    strings = [text for given in contributions for text in given.values()]
    assert "ü 🂡" in strings and "" in strings
    assert any(sorted(given, key=int) != sorted(given) for given in contributions)
    assert all(int(v["reveal"]["seed"]) > 2**53 - 1 for v in _vectors())


@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: str(v["name"]))
def test_each_vector_is_what_the_server_computes(vector: dict[str, Any]) -> None:
    reveal = vector["reveal"]
    assert commitment(reveal["server_seed"], reveal["salt"]) == reveal["commitment"]
    given = {int(seat): text for seat, text in reveal["contributions"].items()}
    lines = [f"{seat}={hashlib.sha256(given[seat].encode('utf-8')).hexdigest()}" for seat in sorted(given)]
    assert vector["lines"] == lines
    assert str(deal_seed(reveal["server_seed"], given)) == reveal["seed"]
    assert verify_deal(reveal, commitment_seen=reveal["commitment"]) == int(reveal["seed"])


@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: str(v["name"]))
def test_a_vector_changed_anywhere_no_longer_verifies(vector: dict[str, Any]) -> None:
    """The check above can fail: one character changed in the salt, a contribution or the seed."""
    for change in ("salt", "contribution", "seed"):
        reveal = json.loads(json.dumps(vector["reveal"]))
        if change == "salt":
            reveal["salt"] = reveal["salt"][:-1] + ("0" if reveal["salt"][-1] != "0" else "1")
        elif change == "contribution":
            seat = max(reveal["contributions"], key=int)
            reveal["contributions"][seat] += " "
        else:
            reveal["seed"] = str(int(reveal["seed"]) ^ 1)
        with pytest.raises(StateError):
            verify_deal(reveal)
