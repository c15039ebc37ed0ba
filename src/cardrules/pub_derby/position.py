"""A Pub Derby position in one line of text, for tests, bug reports and puzzles (like chess's FEN).

``pub_derby classic 1 0,1 1,0 - QS 2C5C.../.../.../... 1:7H 0:2CKCAC4C,... 1 123456789``: the
game's name, then eleven fields separated by spaces:

1. the format (``classic``, ``pub`` or ``big_squad``);
2. the half (1 or 2);
3. each team's goals, team A first, separated by a comma;
4. each team's yellow cards, likewise;
5. the bench, top card first (``-`` in classic);
6. the card that set the trump (the bench's top card, or in classic the card drawn);
7. the hands, seat 0 first, separated by ``/``, each card in its two-character notation written
   back to back (``-`` for an empty hand);
8. the current trick as ``leader:cards`` in play order (``0:-`` before its lead);
9. this half's completed tricks in order, each ``leader:cards``, separated by commas (``-`` for
   none);
10. the seat to act, ``-`` at full time;
11. the generator's state (penalties and the second half's deal).

What the rules decide is not written: each trick's winner, the waves (from this half's tricks) and
the kick-off card (the first 2 not on the bench). ``from_text`` reads a line back (any card order
within a hand, any case) and checks the position with ``validate``; a malformed or impossible one
is a ``StateError`` naming what is wrong.
"""

from __future__ import annotations

from cardrules._shared import text as _text
from cardrules._shared.checks import check_type
from cardrules.pub_derby.rules import _kickoff_card
from cardrules.pub_derby.state import NAME, Config, Match, Progress, State
from cardrules.pub_derby.validate import _replay_half, validate

__all__ = ["from_text", "to_text"]

_FIELDS = "format half goals yellows bench trump hands trick tricks to_act rng"


def to_text(state: State) -> str:
    """``state`` as one line (see the module's documentation); ``from_text`` reads it back."""
    check_type(state, State)
    m = state.match
    return " ".join(
        [
            NAME,
            m.config.format,
            str(m.half),
            _text.ints_text(m.goals),
            _text.ints_text(m.yellows),
            _text.cards_text(m.bench),
            str(m.trump_card),
            "/".join(_text.cards_text(h) for h in state.hands),
            _text.trick_text(state.leader, state.trick),
            _text.tricks_text(state.progress.tricks),
            _text.seat_text(state.to_act),
            str(m.rng.state),
        ]
    )


def from_text(text: str) -> State:
    """The position written as ``text`` by ``to_text`` (or by hand), checked by ``validate``."""
    f = _text.text_fields(text, NAME, _FIELDS)
    config = _text.read_config(Config, "the format", format=f["format"])
    trump = _text.read_card(f["trump"], "the trump card")
    bench = _text.read_cards(f["bench"], "the bench")
    goals = _text.read_ints(f["goals"], "the goals", 2)
    yellows = _text.read_ints(f["yellows"], "the yellow cards", 2)
    kickoff = _kickoff_card(bench)
    half = _text.read_int(f["half"], "the half")
    match = Match(
        config=config,
        half=half,
        goals=(goals[0], goals[1]),
        yellows=(yellows[0], yellows[1]),
        bench=bench,
        trump_card=trump,
        kickoff=kickoff,
        rng=_text.read_rng(f["rng"]),
    )
    leader, trick = _text.read_trick(f["trick"], "the current trick")
    tricks = _text.read_completed_tricks(f["tricks"], config.players, trump // 13)
    waves = _replay_half(tricks, tricks[0].leader if tricks else leader, config).waves
    progress = Progress(leader, tricks, waves, match)
    hands = _text.read_hands(f["hands"])
    to_act = _text.read_seat(f["to_act"], "the seat to act")
    state = State(hands, trick, to_act, progress)
    validate(state)
    return state
