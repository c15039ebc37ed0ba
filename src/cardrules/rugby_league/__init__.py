"""Rugby League: two players fight for field position with blind card tackles, penalties and kicks.

Rule text: "Rugby League", contributed by Joe Foxon; the rulings and decisions are on the Rugby
League page of the documentation.

* The pitch has eight places, indexed from the home try line: 0 home T, 1-3 home 1-3, 4-6 away 3-1,
  7 away T. Seat 0 (home) attacks towards 7, seat 1 (away) towards 0.
* A set starts with a face-down row of six cards for each seat. In a tackle the attacker picks a
  slot, then the defender; both cards are revealed; the higher rank wins, ties are broken by draws
  from the pile. The ball moves one place forward whoever wins, except on the attackers' second lost
  tackle of the set: then they kick two places (to the defence's 1 space at most) and possession
  passes. Reaching the try line is a try (4), followed by a conversion (2).
* From the second tackle of a set or restart, revealing the same rank as one's previous revealed card
  concedes a penalty; the other seat takes possession and chooses to kick for touch (own half, two
  places), kick for goal (opponent's half, 2 points) or tap and run. An attacker in the opponent's
  half may try a drop goal (1 point). Kicks are best-of-three card duels.
* Halves of 10 sets, extra time of 5 + 5 sets to the first score, then a draw.

Moves: [`Choose`][] (a slot of one's row), [`AttemptDropGoal`][], and the penalty choices
[`KickForTouch`][], [`KickForGoal`][], [`TapAndRun`][]. ``legal_moves`` lists the slots in
slot order, then the drop goal; the penalty choices in the order touch, goal, tap.
"""

from __future__ import annotations

from cardrules.events import HalfTime
from cardrules.rugby_league.actions import *
from cardrules.rugby_league.entry import *
from cardrules.rugby_league.position import *
from cardrules.rugby_league.rules import *
from cardrules.rugby_league.state import *
from cardrules.rugby_league.validate import validate
from cardrules.rugby_league.views import *

__all__ = ["INFO", "HalfTime", "validate"]
__all__ += ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]
__all__ += ["from_text", "to_text"]
__all__ += ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "new_game", "num_players"]
__all__ += ["opening_events", "outcome", "rollout", "step"]
__all__ += ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "AttemptDropGoal", "BallMoved"]
__all__ += ["CardsRevealed", "Choose", "Config", "Event", "Field", "KickForGoal", "KickForTouch"]
__all__ += ["KickResult", "Match", "Move", "PenaltyChoice", "PenaltyConceded", "Phase", "PossessionChanged"]
__all__ += ["SetEnded", "State", "TackleWon", "TapAndRun", "TieBreakDraw", "TryScored", "View", "place_name"]
__all__ += ["describe", "in_extra_time", "render", "sample_state", "sets_in_half", "view", "zones"]
