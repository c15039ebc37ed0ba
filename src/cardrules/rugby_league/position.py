"""A Rugby League position in one line of text, for tests, bug reports and puzzles (like chess's FEN).

``rugby_league blind 1 0 0,0 tackle 0 1 0,0 0,0,0 -/- 2C5H9DQS7C3H/.... - 4D... - 0 123456789``:
the game's name, then sixteen fields separated by spaces:

1. the config: ``blind`` (the default) or ``open`` (each seat sees its own row);
2. the half (1 and 2; 3 and 4 are extra time);
3. the sets completed in this half;
4. the scores, home first, separated by a comma;
5. the phase: ``tackle``, ``penalty``, ``conversion``, ``penalty_goal``, ``drop_goal`` or ``over``;
6. the attacker (in a kick, the kicking seat);
7. the ball's place, 0 (the home try line) to 7 (the away try line);
8. the tackles completed and lost since the set started or restarted, ``tackles,lost``;
9. the kick's wins, rounds and wins needed, ``wins,rounds,needed`` (``0,0,0`` outside kicks);
10. each seat's previously revealed card, ``home/away`` (``-`` for none);
11. the rows, home first, separated by ``/``: each slot's card in its two-character notation, or
    ``..`` for a played slot;
12. the slot the first chooser picked this tackle, ``-`` for none;
13. the draw pile, top first (``-`` when empty);
14. the discards, oldest first (``-`` for none);
15. the seat to act, ``-`` once the match is over;
16. the generator's state (reshuffles of the pile).

``from_text`` reads it back (cards in any case) and checks the position with ``validate``; a
malformed or impossible one is a ``StateError`` naming what is wrong.
"""

from __future__ import annotations

from cardrules._shared import text as _text
from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.errors import StateError
from cardrules.rugby_league.state import _PHASES, NAME, Config, Field, Match, State
from cardrules.rugby_league.validate import validate

__all__ = ["from_text", "to_text"]

_FIELDS = (
    "config half sets scores phase attacker ball tackles kick last rows pending pile discards to_act rng"
)


def to_text(state: State) -> str:
    """``state`` as one line (see the module's documentation); ``from_text`` reads it back."""
    check_type(state, State)
    f = state.field
    m = f.match
    return " ".join(
        [
            NAME,
            "open" if m.config.open_hands else "blind",
            str(m.half),
            str(m.sets),
            _text.ints_text(m.scores),
            f.phase,
            str(f.attacker),
            str(f.ball),
            _text.ints_text((f.tackles, f.lost)),
            _text.ints_text((f.wins, f.rounds, f.needed)),
            "/".join("-" if c is None else str(c) for c in f.last),
            "/".join("".join(".." if c is None else str(c) for c in row) for row in state.rows),
            _text.seat_text(state.pending),
            _text.cards_text(f.pile),
            _text.cards_text(f.discards),
            _text.seat_text(state.to_act),
            str(m.rng.state),
        ]
    )


def from_text(text: str) -> State:
    """The position written as ``text`` by ``to_text`` (or by hand), checked by ``validate``."""
    f = _text.text_fields(text, NAME, _FIELDS)
    if f["config"] not in ("blind", "open"):
        raise StateError(f"the config is 'blind' or 'open', got {f['config']!r}")
    phase = f["phase"]
    if phase not in _PHASES:
        raise StateError(f"the phase is one of {', '.join(_PHASES)}, got {phase!r}")
    config = _text.read_config(Config, "the config", open_hands=f["config"] == "open")
    scores = _text.read_ints(f["scores"], "the scores", 2)
    match = Match(
        config=config,
        scores=(scores[0], scores[1]),
        half=_text.read_int(f["half"], "the half"),
        sets=_text.read_int(f["sets"], "the sets"),
        rng=_text.read_rng(f["rng"]),
    )
    tackles, lost = _text.read_ints(f["tackles"], "the tackles (tackles,lost)", 2)
    wins, rounds, needed = _text.read_ints(f["kick"], "the kick (wins,rounds,needed)", 3)
    last = tuple(
        _read_slot(c, "a previously revealed card", "-")
        for c in _text.read_split(f["last"], "the last cards", "/", 2)
    )
    field = Field(
        phase=phase,
        attacker=_text.read_int(f["attacker"], "the attacker"),
        ball=_text.read_int(f["ball"], "the ball"),
        tackles=tackles,
        lost=lost,
        last=(last[0], last[1]),
        wins=wins,
        rounds=rounds,
        needed=needed,
        pile=_text.read_cards(f["pile"], "the pile"),
        discards=_text.read_cards(f["discards"], "the discards"),
        match=match,
    )
    rows = tuple(
        _read_row(row, f"seat {s}'s row")
        for s, row in enumerate(_text.read_split(f["rows"], "the rows", "/"))
    )
    state = State(
        rows=rows,
        to_act=_text.read_seat(f["to_act"], "the seat to act"),
        pending=_text.read_seat(f["pending"], "the pending pick"),
        field=field,
    )
    validate(state)
    return state


def _read_row(text: str, what: str) -> tuple[Card | None, ...]:
    """Slots of two characters each: a card, or ``..`` for a played slot."""
    if len(text) % 2:
        raise StateError(f"{what}: slots are two characters each (a card, or .. when played), got {text!r}")
    return tuple(_read_slot(text[i : i + 2], what, "..") for i in range(0, len(text), 2))


def _read_slot(text: str, what: str, empty: str) -> Card | None:
    """One card, or ``None`` for ``empty``."""
    return None if text == empty else _text.read_card(text, what)
