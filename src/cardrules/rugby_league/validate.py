"""Which Rugby League states the rules can reach: ``validate`` and its named checks."""

from __future__ import annotations

from cardrules._shared.checks import check_fields, check_type
from cardrules.cards import CARDS
from cardrules.errors import StateError
from cardrules.rugby_league.state import KICK_ROW, KICKS, ROW, SETS_PER_HALF, State, forward, own_space

__all__ = ["validate"]


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a consistent Rugby League position.

    Checks types, that rows, pile and discards hold the 52 cards once, row lengths for the phase,
    the ball on the pitch (never on a try line while play goes on), counts within their bounds,
    the score, half and set counts, the played slots against the counts, the pending pick and
    whose turn it is.
    """
    check_type(state, State)
    check_fields(state)
    _check_cards_and_rows(state)
    _check_counts(state)
    if state.field.phase == "over":
        if state.to_act is not None or state.pending is not None:
            raise StateError("nobody acts once the match is over")
        return
    if state.to_act not in (0, 1):
        raise StateError("to_act must be a seat while the match goes on")
    if state.field.phase in ("tackle", "penalty") and state.field.ball in (0, 7):
        raise StateError("the ball is on a try line only for a conversion")
    _check_played_slots(state)
    _check_turn(state)


def _check_cards_and_rows(state: State) -> None:
    """The 52 cards once each in rows, pile and discards; rows of the phase's size
    (a match that ended during a kick keeps its three-slot rows)."""
    f = state.field
    cards = [c for row in state.rows for c in row if c is not None] + [*f.pile, *f.discards]
    if sorted(cards) != list(CARDS[:52]):
        raise StateError("rows, pile and discards must hold the 52 cards exactly once")
    size = KICK_ROW if f.phase in KICKS else ROW
    sizes = (KICK_ROW, ROW) if f.phase == "over" else (size,)
    if len(state.rows) != 2 or any(
        len(row) != len(state.rows[0]) or len(row) not in sizes for row in state.rows
    ):
        raise StateError(f"in phase {f.phase} each row has {size} slots")


def _check_counts(state: State) -> None:
    """The attacker a seat, the ball a place, the half 1-4 with its sets below the half's limit,
    scores and counts whole numbers from 0."""
    f = state.field
    m = f.match
    if f.attacker not in (0, 1) or not 0 <= f.ball <= 7:
        raise StateError("the attacker is a seat and the ball a place from 0 to 7")
    if m.half not in (1, 2, 3, 4):
        raise StateError("half is 1-4 and sets below the half's limit")
    limit = SETS_PER_HALF[m.half - 1]
    if not 0 <= m.sets < limit + (1 if f.phase == "over" else 0):
        raise StateError("half is 1-4 and sets below the half's limit")
    if any(x < 0 for x in (*m.scores, f.tackles, f.lost, f.wins, f.rounds, f.needed)):
        raise StateError("scores and counts are ints >= 0")


def _check_turn(state: State) -> None:
    """At a penalty the awarded seat chooses; otherwise the attacker (or kicker) picks first, then
    the other seat against a pending pick of a filled slot; the seat to act has a card to pick."""
    f = state.field
    first = f.attacker
    if f.phase == "penalty":
        if state.pending is not None or state.to_act != first:
            raise StateError("the awarded seat chooses its penalty option")
        return
    row = state.rows[first]  # of the phase's size: _check_cards_and_rows
    if state.pending is None:
        if state.to_act != first:
            raise StateError("the attacker (or kicker) picks first")
    elif state.to_act != 1 - first or not 0 <= state.pending < len(row) or row[state.pending] is None:
        raise StateError("a pending pick is a filled slot of the first chooser, and the other seat acts")
    if not any(c is not None for c in state.rows[state.to_act]):
        raise StateError("the seat to act has a card to pick")


def _check_played_slots(state: State) -> None:
    """The played (empty) slots against the tackles or rounds played: the same number in both rows
    (each tackle and each round of a kick takes a card from each seat); in a tackle, no more than
    the set's tackles so far (``tackles=0`` with played slots would switch the penalty rule off),
    which are five at most (the sixth ends the set), with at most one lost, and only after a
    tackle; at a penalty, the count restarted; in a kick, no more than its rounds, with the kick
    still open (1-3 wins needed, fewer won, enough rounds left to win them)."""
    f = state.field
    played = [sum(1 for c in row if c is None) for row in state.rows]
    if played[0] != played[1]:
        raise StateError(f"each tackle takes a card from each seat: played slots {played[0]} and {played[1]}")
    if f.phase == "tackle":
        if played[0] > f.tackles or f.tackles >= ROW or f.lost > min(1, f.tackles):
            raise StateError(
                f"{f.tackles} tackles (and {f.lost} lost) this set, with {played[0]} slots played:"
                " a set's tackles are its played slots, five at most, one lost at most"
            )
        gained = (f.ball - own_space(f.attacker, 1)) * forward(f.attacker)
        if f.tackles > gained:
            raise StateError(
                f"{f.tackles} tackles this set, but the ball is {gained} places past seat {f.attacker}'s own"
                " 1 space: each tackle of a set or restart moves it one place forward"
            )
    elif f.phase == "penalty":
        if f.tackles or f.lost:
            raise StateError("a penalty restarts the set: no tackles counted while it is taken")
    elif f.phase in KICKS:
        open_kick = 1 <= f.needed <= KICK_ROW and f.wins < f.needed <= f.wins + KICK_ROW - f.rounds
        if not open_kick or played[0] > f.rounds:
            raise StateError("a kick needs 1-3 wins, is still open, and has played one slot a round")
