"""Manager: two managers build five-card football teams over 11 seasons, drafting from a pool.

Rule text: Manager, by Matthew Shields (2005; the text itself is untitled); the rulings and
decisions are on the Manager page of the documentation.

* The deck is 39 cards: one whole suit is stripped (``Config.stripped_suit``, or chosen by the
  seed's generator). Five cards each are dealt one at a time, seat 0 first; the next three form
  the first draft pool; the rest is the face-down stock.
* Twos to tens are defenders, J Q K A strikers. Each season both teams are compared: the side with
  more defenders scores 1 a surplus defender, the side with more strikers 2 a surplus striker; a run
  of 3, 4 or 5 consecutive ranks of one suit within the surplus category multiplies that
  category's points by 3, 6 or 9. More points wins the season; equal points halve it.
* After seasons 1 to 10 a draft follows: the season's loser (after a halved season, the seat that
  did not open the previous draft) moves first; turns alternate, each an [`Exchange`][] of a team
  card for a pool card or a [`Pass`][]. Two passes in a row, or the ``max_exchanges``-th
  exchange, close the draft: the pool is retired, the next pool (three cards, the tenth only two)
  is turned up and the next season is scored. Most seasons of 11 wins; 5½–5½ is a draw.

Seasons are scored automatically (season 1 inside ``new_game``), so the only moves are the draft's.
``legal_moves`` lists exchanges by team card, then pool card (both in card order), then ``Pass``.
"""

from __future__ import annotations

from cardrules.manager.actions import *
from cardrules.manager.entry import *
from cardrules.manager.position import *
from cardrules.manager.rules import *
from cardrules.manager.state import *
from cardrules.manager.validate import validate
from cardrules.manager.views import *

__all__ = ["INFO", "validate"]
__all__ += ["action_count", "decode_move", "encode_move", "format_move", "legal_actions", "parse_move"]
__all__ += ["from_text", "to_text"]
__all__ += ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "new_game", "num_players"]
__all__ += ["opening_events", "outcome", "previews", "rollout", "season_value", "step"]
__all__ += ["DESCRIPTION", "EVENT_TYPES", "HOW_TO_PLAY", "MOVE_TYPES", "NAME", "SEASONS", "Config"]
__all__ += ["DraftClosed"]
__all__ += ["DraftOpened", "Event", "Exchange", "Exchanged", "Match", "Move", "Pass", "Passed"]
__all__ += ["SeasonHalved", "SeasonResult", "SeasonRevealed", "SeasonValue", "SeasonWon", "State", "View"]
__all__ += ["describe", "render", "sample_state", "view", "zones"]
