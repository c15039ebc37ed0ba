"""High Card: a toy game for two, built as docs/architecture.md's "Adding a game" says, to check
that those steps can be followed. It is not shipped and never registered.

* Six cards, the 9 to the ace of spades, are dealt one at a time, three to each seat, seat 0 first.
* Seat 0 leads the first trick; the higher card wins a trick, and its winner leads the next.
* After three tricks, the seat that won more of them wins.

Moves are [`Play`][] (one card). ``legal_moves`` lists them low to high.
"""

from __future__ import annotations

from cardrules._shared.completed_trick import CompletedTrick
from high_card.actions import *
from high_card.entry import *
from high_card.position import *
from high_card.rules import *
from high_card.state import *
from high_card.validate import validate
from high_card.views import *

__all__ = [
    "DESCRIPTION",
    "EVENT_TYPES",
    "HOW_TO_PLAY",
    "INFO",
    "MOVE_TYPES",
    "NAME",
    "CompletedTrick",
    "Config",
    "Event",
    "Move",
    "Play",
    "State",
    "View",
    "action_count",
    "apply",
    "decode_move",
    "describe",
    "encode_move",
    "format_move",
    "from_text",
    "game_deck",
    "is_legal",
    "legal_actions",
    "legal_moves",
    "max_moves",
    "new_game",
    "num_players",
    "opening_events",
    "outcome",
    "parse_move",
    "render",
    "rollout",
    "sample_state",
    "step",
    "to_text",
    "validate",
    "view",
    "zones",
]
