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

from cardrules.eighty_points.actions import (
    CHOSEN_SIZE,
    END_PLAY,
    STEP_COUNT,
    action_count,
    chosen_faces,
    decode_move,
    encode_move,
    format_move,
    legal_actions,
    move_steps,
    parse_move,
    step_actions,
    step_move,
)
from cardrules.eighty_points.position import from_text, to_text
from cardrules.eighty_points.rules import (
    apply,
    game_deck,
    is_legal,
    legal_moves,
    level_change,
    max_moves,
    new_game,
    num_players,
    opening_events,
    outcome,
    rollout,
    step,
)
from cardrules.eighty_points.state import (
    DESCRIPTION,
    EVENT_TYPES,
    MOVE_TYPES,
    NAME,
    AskRedeal,
    BottomRevealed,
    BottomTaken,
    CompletedTrick,
    Config,
    DeclareNoTrump,
    Discard,
    Discarded,
    Event,
    KeepHand,
    LevelsChanged,
    Match,
    Move,
    NoDeclare,
    NoTrumpDeclared,
    Phase,
    Play,
    RedealAsked,
    State,
    Table,
    Trick,
    TrumpSet,
    View,
)
from cardrules.eighty_points.tricks import card_points, order_table
from cardrules.eighty_points.validate import validate
from cardrules.eighty_points.views import render, sample_state, view, zones

__all__ = [
    "CHOSEN_SIZE",
    "DESCRIPTION",
    "END_PLAY",
    "EVENT_TYPES",
    "MOVE_TYPES",
    "NAME",
    "STEP_COUNT",
    "AskRedeal",
    "BottomRevealed",
    "BottomTaken",
    "CompletedTrick",
    "Config",
    "DeclareNoTrump",
    "Discard",
    "Discarded",
    "Event",
    "KeepHand",
    "LevelsChanged",
    "Match",
    "Move",
    "NoDeclare",
    "NoTrumpDeclared",
    "Phase",
    "Play",
    "RedealAsked",
    "State",
    "Table",
    "Trick",
    "TrumpSet",
    "View",
    "action_count",
    "apply",
    "card_points",
    "chosen_faces",
    "decode_move",
    "encode_move",
    "format_move",
    "from_text",
    "game_deck",
    "is_legal",
    "legal_actions",
    "legal_moves",
    "level_change",
    "max_moves",
    "move_steps",
    "new_game",
    "num_players",
    "opening_events",
    "order_table",
    "outcome",
    "parse_move",
    "render",
    "rollout",
    "sample_state",
    "step",
    "step_actions",
    "step_move",
    "to_text",
    "validate",
    "view",
    "zones",
]
