"""Clubs: a trick-taking game for 2 to 4 players where every club you take counts against you.

Rule text: "Rules for Clubs" v1.1 (The University of Queensland, School of ITEE, 2015); the rulings
and decisions are on the Clubs page of the documentation.

* Seats 0..3 are the text's players A..D. Each round deals the whole deck (with three players,
  without the 2 of diamonds) one card at a time, seat 0 first.
* Players must follow the led suit when able; the highest card of the led suit wins the trick and
  its winner leads the next. Seat 0 leads the first trick of the game; the winner of a round's last
  trick leads the next round, which is dealt from a fresh shuffle of the whole deck.
* Each club in the tricks a seat won is one point, added when the round ends. The game ends after a
  round in which any score reaches the threshold; the lowest score wins, ties share the win.

Moves are [`Play`][] (one card). ``legal_moves`` lists them in hand order: by suit (clubs,
diamonds, hearts, spades), then rank, low to high.
"""

from __future__ import annotations

from cardrules._shared.completed_trick import CompletedTrick
from cardrules.clubs.actions import *
from cardrules.clubs.entry import *
from cardrules.clubs.position import *
from cardrules.clubs.rules import *
from cardrules.clubs.state import *
from cardrules.clubs.validate import validate
from cardrules.clubs.views import *

__all__ = ["INFO", "CompletedTrick", "validate"]
__all__ += ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]
__all__ += ["from_text", "to_text"]
__all__ += ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "new_game", "num_players"]
__all__ += ["opening_events", "outcome", "rollout", "step"]
__all__ += ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "Config", "Event"]
__all__ += ["Match", "Move", "Play"]
__all__ += ["Progress", "State", "View"]
__all__ += ["describe", "render", "sample_state", "view", "zones"]
