"""80 Points: a four-player partnership game with two decks, royal numbers, doubles and sisters.

Rule text: "80 Points — Rules", the home of 80 points edition (no author named); the rulings and
decisions are on the 80 Points page of the documentation.

* Two decks with their jokers (108 cards), 25 cards each and a bottom of 8. Seats 0 and 2 play
  against seats 1 and 3; each team has a level from 2 to A, and the defending team's level is the
  round's royal number.
* First round: the first 2 dealt makes its receiver the starting player (whose team defends) and
  sets the trump suit; later rounds: the first royal-number card dealt sets it.
* Before the tricks: players under 25 points may ask for a redeal (``AskRedeal`` / ``KeepHand``);
  a player with two identical jokers may declare no trump (``DeclareNoTrump`` / ``NoDeclare``);
  the starting player takes the bottom and discards eight cards (``Discard``).
* Tricks: leads of singles, doubles and sisters (``Play``); follow with as many cards, doubles and
  sisters forced as ruled; the led shape wins in the led suit or, from a void player, in trumps.
* Only the attackers' 5s, 10s and kings count; the bottom counts double to them if they win the
  last trick. 80 points takes over the defence; levels rise by the table; a successful defence on
  royal A wins the match.
"""

from __future__ import annotations

from cardrules.eighty_points.actions import *
from cardrules.eighty_points.entry import *
from cardrules.eighty_points.position import *
from cardrules.eighty_points.rules import *
from cardrules.eighty_points.state import *
from cardrules.eighty_points.tricks import *
from cardrules.eighty_points.validate import validate
from cardrules.eighty_points.views import *

__all__ = ["INFO", "validate"]
__all__ += ["CHOSEN_SIZE", "END_PLAY", "STEP_COUNT", "action_count", "chosen_faces", "decode_move"]
__all__ += ["encode_move", "format_move", "legal_actions", "move_steps", "parse_move", "step_actions"]
__all__ += ["step_move"]
__all__ += ["from_text", "to_text"]
__all__ += ["apply", "game_deck", "is_legal", "legal_moves", "level_change", "max_moves", "new_game"]
__all__ += ["num_players", "opening_events", "outcome", "rollout", "step"]
__all__ += ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "AskRedeal"]
__all__ += ["BottomRevealed", "BottomTaken"]
__all__ += ["CompletedTrick", "Config", "DeclareNoTrump", "Discard", "Discarded", "Event", "KeepHand"]
__all__ += ["LevelsChanged", "Match", "Move", "NoDeclare", "NoTrumpDeclared", "Phase", "Play", "RedealAsked"]
__all__ += ["State", "Table", "Trick", "TrumpSet", "View"]
__all__ += ["card_points", "order_table"]
__all__ += ["describe", "render", "sample_state", "view", "zones"]
