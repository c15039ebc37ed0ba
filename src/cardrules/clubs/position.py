"""A Clubs position in one line of text, for tests, bug reports and puzzles (like chess's FEN).

``clubs 4/50 1 0,0,0,0 2C5C9CJD.../3C.../.../... 0:2C6C 2:4S5SAS9S,... 2 123456789``: the game's
name, then eight fields separated by spaces:

1. the config, ``players/threshold``;
2. the round number (from 1);
3. the scores, one a seat, separated by commas;
4. the hands, seat 0 first, separated by ``/``, each card in its two-character notation written
   back to back (``-`` for an empty hand);
5. the current trick as ``leader:cards`` in play order (``0:-`` before its lead);
6. this round's completed tricks in order, each ``leader:cards``, separated by commas (``-`` for
   none; their winners follow from the rules);
7. the seat to act, ``-`` once the game is over;
8. the generator's state (the deals of later rounds).

``from_text`` reads it back (any card order within a hand, any case) and checks the position with
``validate``; a malformed or impossible one is a ``StateError`` naming what is wrong.
"""

from __future__ import annotations

from cardrules._shared import text as _text
from cardrules._shared.checks import check_type
from cardrules.clubs.state import NAME, Config, Match, Progress, State
from cardrules.clubs.validate import validate

__all__ = ["from_text", "to_text"]

_FIELDS = "config round scores hands trick tricks to_act rng"


def to_text(state: State) -> str:
    """``state`` as one line (see the module's documentation); ``from_text`` reads it back."""
    check_type(state, State)
    m = state.match
    return " ".join(
        [
            NAME,
            f"{m.config.players}/{m.config.threshold}",
            str(m.round),
            _text.ints_text(m.scores),
            "/".join(_text.cards_text(h) for h in state.hands),
            _text.trick_text(state.leader, state.trick),
            _text.tricks_text(state.tricks),
            _text.seat_text(state.to_act),
            str(m.rng.state),
        ]
    )


def from_text(text: str) -> State:
    """The position written as ``text`` by ``to_text`` (or by hand), checked by ``validate``."""
    f = _text.text_fields(text, NAME, _FIELDS)
    players, threshold = _text.read_ints(f["config"], "the config (players/threshold)", 2, sep="/")
    config = _text.read_config(Config, "the config", players=players, threshold=threshold)
    leader, trick = _text.read_trick(f["trick"], "the current trick")
    scores = _text.read_ints(f["scores"], "the scores")
    match = Match(
        config=config,
        scores=scores,
        round=_text.read_int(f["round"], "the round"),
        rng=_text.read_rng(f["rng"]),
    )
    progress = Progress(leader, _text.read_completed_tricks(f["tricks"], players), match)
    hands = _text.read_hands(f["hands"])
    to_act = _text.read_seat(f["to_act"], "the seat to act")
    state = State(hands, trick, to_act, progress)
    validate(state)
    return state
