"""What a seat sees of a High Card game (``view``), a state consistent with it (``sample_state``),
where the cards lie (``zones``), a terminal picture (``render``) and events in words (``describe``)."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.checks import check_player, check_trick_view, check_type
from cardrules.cards import Card
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, TrickWon
from cardrules.game import Zone
from high_card.rules import legal_moves
from high_card.state import _DECK, State, View
from high_card.validate import validate

__all__ = ["describe", "render", "sample_state", "view", "zones"]


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its own hand and everything public (not the other hand)."""
    check_type(state, State)
    check_player(player, 2)
    return View(
        player,
        state.hands[player],
        state.trick,
        state.leader,
        state.tricks,
        tuple(len(h) for h in state.hands),
        state.to_act,
        legal_moves(state) if state.to_act == player else (),
    )


def sample_state(view: View, seed: int) -> State:
    """The state ``view`` shows: with two seats and no card face down, the other hand holds exactly
    the cards the view does not show, so one state fits and ``seed`` changes nothing."""
    check_trick_view(view, View, 2)
    seen = {*view.hand, *view.trick, *(c for t in view.tricks for c in t.cards)}
    hands = [view.hand, view.hand]
    hands[1 - view.player] = tuple(c for c in _DECK if c not in seen)
    state = State(tuple(hands), view.trick, view.leader, view.tricks, view.to_act)
    validate(state)
    return state


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (seen by its owner), the current trick and each seat's won tricks (public)."""
    check_type(state, State)
    won: tuple[list[Card], list[Card]] = ([], [])
    for t in state.tricks:
        won[t.winner].extend(t.cards)
    return (
        Zone("hand 0", state.hands[0], (0,)),
        Zone("hand 1", state.hands[1], (1,)),
        Zone("trick", state.trick, (0, 1)),
        Zone("won 0", tuple(won[0]), (0, 1)),
        Zone("won 1", tuple(won[1]), (0, 1)),
    )


def render(state_or_view: State | View) -> str:
    """A picture for a terminal. Of a view: the tricks won, the table and the hand. Of a state: the
    acting seat's view, then every card hidden from it."""
    return _words.render(state_or_view, (State, View), view, zones, _render_view)


def _render_view(view: View) -> str:
    names = _words.seat_names(2, view.player)
    won = [sum(1 for t in view.tricks if t.winner == s) for s in range(2)]
    lines = [f"High Card. You are Seat {view.player}.", f"Tricks won: {_words.listed(names, won)}."]
    lines.extend(_words.trick_lines(view, names, "The game is over."))
    return "\n".join(lines)


def describe(event: object, viewer: int | None = None) -> str:
    """``event`` as one sentence for people, ``viewer`` (a seat, or ``None``) called "you":
    "Seat 1 wins the trick with the K♠."."""
    viewer = _words.check_viewer(viewer, 2)
    if isinstance(event, CardPlayed):
        return _words.played(event.seat, event.card, viewer)
    if isinstance(event, TrickWon):
        return f"{_words.acts(event.seat, viewer, 'wins')} the trick with the {max(event.cards).pretty()}."
    if isinstance(event, Dealt):
        return f"The cards are dealt: {event.hand_sizes[0]} each."
    if isinstance(event, GameOver):
        names = _words.seat_names(2, viewer)
        won = _words.listed(names, event.outcome.scores)
        return f"Game over. Tricks won: {won}. {_words.winners(event.outcome, viewer)}"
    raise StateError(f"expected a high_card event, got {short_repr(event)}")
