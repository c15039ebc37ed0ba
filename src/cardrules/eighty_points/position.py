"""An 80 Points position in one line of text, for tests, bug reports and puzzles (like chess's FEN).

``eighty_points 3/50/- 1 2,2 - play 0 2 H 0 3C3C.../.../.../... 5D5DKS... 1:7C7C.8C8C
0:AH.2H.5H.KH,... 25 2 123456789``: the game's name, then sixteen fields separated by spaces:

1. the config, ``max_redeals/max_rounds/rounds`` (``-`` for no fixed number of rounds);
2. the round;
3. each team's level, team 0 (seats 0 and 2) first, as numbers from 2 to 14 (14 is the ace);
4. the team that won the match, ``-`` while it goes on;
5. the phase: ``redeal``, ``declare``, ``discard``, ``play`` or ``over``;
6. the starting player;
7. the royal number (2 to 14);
8. the trump suit, ``C``, ``D``, ``H`` or ``S``, or ``-`` for no trump;
9. the redeals made this round;
10. the hands, seat 0 first, separated by ``/``, each card in its two-character notation written
    back to back (jokers ``SJ`` and ``BJ``; ``-`` for an empty hand);
11. the bottom (``-`` when the starting player holds it);
12. the current trick as ``leader:plays``, its plays in play order separated by ``.`` (``0:-``
    before its lead);
13. this round's completed tricks in order, each ``leader:plays``, separated by commas (``-`` for
    none);
14. the attackers' points (with the bottom's once the round is over);
15. the seat to act, ``-`` once the match is over;
16. the generator's state (later deals).

What the rules decide is not written: each trick's winner and points. ``from_text`` reads a line
back (cards in any order within a hand, any case) and checks the position with ``validate``; a
malformed or impossible one is a ``StateError`` naming what is wrong.
"""

from __future__ import annotations

from cardrules._shared import text as _text
from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.eighty_points.state import _PHASES, NAME, CompletedTrick, Config, Match, State, Table
from cardrules.eighty_points.tricks import points, table_for, trick_winner
from cardrules.eighty_points.validate import validate
from cardrules.errors import StateError

__all__ = ["from_text", "to_text"]

_FIELDS = (
    "config round levels winner phase starter royal trump redeals hands bottom trick tricks points to_act rng"
)


def to_text(state: State) -> str:
    """``state`` as one line (see the module's documentation); ``from_text`` reads it back."""
    check_type(state, State)
    t = state.table
    m = t.match
    cfg = m.config
    return " ".join(
        [
            NAME,
            f"{cfg.max_redeals}/{cfg.max_rounds}/{_text.seat_text(cfg.rounds)}",
            str(m.round),
            _text.ints_text(m.levels),
            _text.seat_text(m.winner),
            t.phase,
            str(t.starter),
            str(t.royal),
            _text.suit_text(t.trump),
            str(t.redeals),
            "/".join(_text.cards_text(h) for h in state.hands),
            _text.cards_text(t.bottom),
            _trick_text(t.leader, state.trick),
            ",".join(_trick_text(tr.leader, tr.plays) for tr in t.tricks) or "-",
            str(t.points),
            _text.seat_text(state.to_act),
            str(m.rng.state),
        ]
    )


def from_text(text: str) -> State:
    """The position written as ``text`` by ``to_text`` (or by hand), checked by ``validate``."""
    f = _text.text_fields(text, NAME, _FIELDS)
    redeals, max_rounds, rounds = _text.read_split(
        f["config"], "the config (max_redeals/max_rounds/rounds)", "/", 3
    )
    config = _text.read_config(
        Config,
        "the config",
        max_redeals=_text.read_int(redeals, "max_redeals"),
        max_rounds=_text.read_int(max_rounds, "max_rounds"),
        rounds=_text.read_seat(rounds, "rounds"),
    )
    phase = f["phase"]
    if phase not in _PHASES:
        raise StateError(f"the phase is one of {', '.join(_PHASES)}, got {phase!r}")
    levels = _text.read_ints(f["levels"], "the levels", 2)
    match = Match(
        config=config,
        levels=(levels[0], levels[1]),
        round=_text.read_int(f["round"], "the round"),
        winner=_text.read_seat(f["winner"], "the winner"),
        rng=_text.read_rng(f["rng"]),
    )
    royal = _text.read_int(f["royal"], "the royal number")
    suit = _text.read_suit(f["trump"], "the trump suit", none="no trump")
    trump = None if suit is None else int(suit)
    order = table_for(royal, trump) if 2 <= royal <= 14 else ()
    leader, trick = _read_trick(f["trick"], "the current trick")
    tricks = []
    for n, part in enumerate(_text.read_split(f["tricks"], "the completed tricks", ","), start=1):
        first, plays = _read_trick(part, f"completed trick {n}")
        winner = (first + trick_winner(plays, order)) % 4 if order and plays and all(plays) else first
        tricks.append(
            CompletedTrick(
                leader=first, plays=plays, winner=winner, points=points([c for play in plays for c in play])
            )
        )
    table = Table(
        phase=phase,
        starter=_text.read_int(f["starter"], "the starting player"),
        royal=royal,
        trump=trump,
        leader=leader,
        tricks=tuple(tricks),
        points=_text.read_int(f["points"], "the attackers' points"),
        bottom=_text.read_cards(f["bottom"], "the bottom"),
        redeals=_text.read_int(f["redeals"], "the redeals"),
        match=match,
    )
    hands = _text.read_hands(f["hands"])
    to_act = _text.read_seat(f["to_act"], "the seat to act")
    state = State(hands, trick, to_act, table)
    validate(state)
    return state


def _trick_text(leader: int, plays: tuple[tuple[Card, ...], ...]) -> str:
    return f"{leader}:{'.'.join(_text.cards_text(p) for p in plays) or '-'}"


def _read_trick(text: str, what: str) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """``leader:plays``, plays separated by ``.``."""
    leader, plays = _text.read_split(text, what, ":", 2)
    return _text.read_int(leader, f"{what}'s leader"), tuple(
        _text.read_cards(p, what) for p in _text.read_split(plays, what, ".")
    )
