"""A High Card position in one line of text, like chess's FEN: ``to_text`` and ``from_text``.

``high_card JSAS/QS 1:9S 0:TSKS 0`` is the game's name and four fields: the hands (seat 0's
first, ``/`` between them), the current trick (``leader:cards``), the completed tricks (each
``leader:cards``, commas between them, ``-`` for none) and the seat to act (``-`` once the game
is over). ``from_text`` takes the cards of a hand in any order and case, and refuses a position
``validate`` refuses.
"""

from __future__ import annotations

from cardrules._shared import text as _text
from cardrules._shared.checks import check_type
from high_card.state import NAME, State
from high_card.validate import validate

__all__ = ["from_text", "to_text"]

_FIELDS = "hands trick tricks to_act"


def to_text(state: State) -> str:
    """``state`` as one line (see the module's documentation); ``from_text`` reads it back."""
    check_type(state, State)
    hands = "/".join(_text.cards_text(h) for h in state.hands)
    trick = _text.trick_text(state.leader, state.trick)
    return " ".join([NAME, hands, trick, _text.tricks_text(state.tricks), _text.seat_text(state.to_act)])


def from_text(text: str) -> State:
    """The position written as ``text`` by ``to_text`` (or by hand), checked by ``validate``."""
    f = _text.text_fields(text, NAME, _FIELDS)
    leader, trick = _text.read_trick(f["trick"], "the current trick")
    tricks = _text.read_completed_tricks(f["tricks"], 2)
    to_act = _text.read_seat(f["to_act"], "the seat to act")
    state = State(_text.read_hands(f["hands"]), trick, leader, tricks, to_act)
    validate(state)
    return state
