"""80 Points' refusals of text name what is wrong: the completed trick by its number, and a word
that is no move."""

from __future__ import annotations

import pytest

from cardrules import eighty_points as ep
from cardrules.errors import MoveParseError, StateError

# Round 1, play phase, two tricks done (led by seats 2 and 3), seat 0 leads the third.
TWO_TRICKS = (
    "eighty_points 3/50/- 1 2,2 - play 2 2 - 0 "
    "2C4C5C6C9CTCKCAC7DTDJDQDADAD3HKH9STSJSKSSJSJ/2C6CJCQCKC4D5D8D8D2H6H8HTHKHAH2S3S4S6S7SQSAS/"
    "3C4C8C8CTC2D6D6D9DJDQDKD4H6HTHAH3S4S5S7SJSBJ/3C7C7CJCQCAC2D5D9DKD2H3H8HJH2S5S6S8STSKSASBJ "
    "QHQS9S8S5C7D9CQH 1:- 2:7H7H.9H9H.4HJH.5H5H,3:4D.3D.TD.3D 20 1 2391376802751831244"
)


@pytest.mark.parametrize(
    ("broken", "named"),
    [("5H5H,3:", "completed trick 1: 'ZZ'"), (".TD.3D 20", "completed trick 2: 'ZZ'")],
)
def test_a_bad_completed_trick_is_named_by_its_number(broken: str, named: str) -> None:
    """Completed tricks are counted from 1 in the order written: a bad card in the first is
    "completed trick 1", in the second "completed trick 2"."""
    assert ep.from_text(TWO_TRICKS).table.phase == "play"
    mended = broken.replace("5H5H", "ZZ") if broken.startswith("5H") else broken.replace("3D", "ZZ")
    with pytest.raises(StateError, match=named):
        ep.from_text(TWO_TRICKS.replace(broken, mended))


@pytest.mark.parametrize("text", ["keep it", "pass pass", "ask now", "declare 2"])
def test_a_named_choice_is_one_word(text: str) -> None:
    """``ask``, ``keep``, ``declare`` and ``pass`` are one word each: more words are no move at all
    (a MoveParseError), not the named choice (which would be illegal in the play phase)."""
    with pytest.raises(MoveParseError):
        ep.parse_move(ep.from_text(TWO_TRICKS), text)
