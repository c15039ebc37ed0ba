"""Which High Card states the rules can reach: ``validate`` and its named checks."""

from __future__ import annotations

from cardrules._shared import checks
from cardrules._shared.tricks import trick_winner
from cardrules.cards import Card, format_cards
from cardrules.errors import StateError
from high_card.state import _DECK, State

__all__ = ["validate"]


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position High Card can reach.

    Checks the types, that the hands, trick and completed tricks hold the six cards once each, the
    hand sizes the tricks allow, every trick's winner and leader, that seat 0 led the first trick,
    and whose turn it is (nobody's exactly once the three tricks are played).
    """
    checks.check_type(state, State)
    checks.check_fields(state)
    _check_cards(state)
    _check_tricks(state)


def _check_cards(state: State) -> None:
    """Two sorted hands; the six cards once each; hand sizes."""
    checks.check_per_seat("hands", state.hands, 2)
    checks.check_seat("the leader", state.leader, 2)
    checks.check_trick_in_progress("a trick", state.trick, 2)
    checks.check_tricks("trick", state.tricks, 2, 2)
    cards: list[Card] = [*state.trick, *(c for t in state.tricks for c in t.cards)]
    for h in state.hands:
        if list(h) != sorted(h):
            raise StateError("hands must be sorted")
        cards.extend(h)
    if sorted(cards) != list(_DECK):
        raise StateError("the hands, trick and completed tricks must hold the six cards exactly once")
    for s in range(2):
        played = 1 if (s - state.leader) % 2 < len(state.trick) else 0
        if len(state.hands[s]) != 3 - len(state.tricks) - played:
            raise StateError(f"seat {s} holds {len(state.hands[s])} cards, which the tricks do not allow")


def _check_tricks(state: State) -> None:
    """Seat 0 leads the first trick and each trick's winner the next; every trick's winner; whose
    turn it is."""
    leader = 0
    for t in state.tricks:
        if t.leader != leader:
            raise StateError("seat 0 leads the first trick, and the winner of each trick the next")
        leader = (t.leader + trick_winner(t.cards)) % 2
        if t.winner != leader:
            raise StateError(f"trick {format_cards(t.cards)} led by seat {t.leader} has the wrong winner")
    if state.leader != leader:
        raise StateError("the current trick is led by the last trick's winner (the first by seat 0)")
    if (len(state.tricks) == 3) != (state.to_act is None):
        raise StateError("the game is over exactly when the three tricks are played")
    if state.to_act is not None and state.to_act != (state.leader + len(state.trick)) % 2:
        raise StateError("to_act must be the seat after the last one to play")
