"""Pub Derby: a team trick-taking game of attacking waves, yellow cards and penalty shootouts.

Rule text: "Pub Derby: Official Rules" (no author named); the rulings and decisions are on the
Pub Derby page of the documentation.

* Formats (``Config.format``): ``classic`` (4 players, 13 cards, a goal is 3 tricks in a row),
  ``pub`` (6 players, 8 cards, a bench of 4, 2 in a row), ``big_squad`` (8 players, 6 cards, a
  bench of 4, 2 in a row). Even seats are team A (0), odd seats team B (1).
* Trump: the suit of the bench's top card, or in ``classic`` of a card drawn at random and shown.
* Each half kicks off with the 2 of clubs led by its holder (if it is on the bench: the 2 of
  diamonds, then spades, then hearts; if all four are there, seat 0 leads any card).
* Follow suit when able; otherwise trump or discard. The highest trump wins, else the highest card
  of the led suit.
* A team winning the goal length of tricks in a row scores a goal; both counts reset and the seat
  left of the trick's winner leads any card. A trick won holding a jack gives the winning team a
  yellow card; its second gives the other team a penalty: a shootout from that trick's cards.
* Half time when the hands are empty: a new shuffle, deal and trump; waves reset, yellows carry.
  After two halves the team with more goals wins; equal goals is a draw.

Moves are [`Play`][] (one card); ``legal_moves`` lists them in hand order (by suit clubs,
diamonds, hearts, spades, then rank low to high).
"""

from __future__ import annotations

from cardrules._shared.completed_trick import CompletedTrick
from cardrules.events import HalfTime
from cardrules.pub_derby.actions import *
from cardrules.pub_derby.entry import *
from cardrules.pub_derby.position import *
from cardrules.pub_derby.rules import *
from cardrules.pub_derby.state import *
from cardrules.pub_derby.validate import validate
from cardrules.pub_derby.views import *

__all__ = ["INFO", "CompletedTrick", "HalfTime", "validate"]
__all__ += ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]
__all__ += ["from_text", "to_text"]
__all__ += ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "new_game", "num_players"]
__all__ += ["opening_events", "outcome", "rollout", "step"]
__all__ += ["DESCRIPTION", "EVENT_TYPES", "FORMATS", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "Config"]
__all__ += ["Event", "GoalScored"]
__all__ += ["Intercepted", "Match", "Move", "PenaltyAwarded", "PenaltyDrawn", "PenaltySaved", "PenaltyScored"]
__all__ += ["Play", "Progress", "State", "TrumpChosen", "View", "WaveExtended", "YellowCard"]
__all__ += ["describe", "render", "sample_state", "view", "zones"]
