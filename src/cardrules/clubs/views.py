"""What a seat sees of a Clubs game (``view``), a state consistent with it (``sample_state``),
where the cards lie (``zones``) and a terminal picture (``render``)."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.checks import check_per_seat, check_player, check_trick_view, check_type
from cardrules._shared.dealing import deal_hidden
from cardrules._shared.tricks import SUIT_OF, void_suits
from cardrules.cards import Card, format_cards
from cardrules.clubs.rules import legal_moves
from cardrules.clubs.state import _TWO_OF_DIAMONDS, Match, Progress, State, View, _round_deck
from cardrules.clubs.validate import validate
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Zone
from cardrules.rng import Rng

__all__ = ["describe", "render", "sample_state", "view", "zones"]


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its own hand and everything public (no other hand)."""
    check_type(state, State)
    players = len(state.hands)
    check_player(player, players)
    match = state.match
    return View(
        player=player,
        hand=state.hands[player],
        trick=state.trick,
        leader=state.leader,
        to_act=state.to_act,
        tricks=state.tricks,
        hand_sizes=tuple(len(h) for h in state.hands),
        scores=match.scores,
        round=match.round,
        config=match.config,
        legal_moves=legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Seats and per-seat fields that fit the view's config, before ``sample_state`` indexes them;
    whether a state can show the view is ``validate``'s to say, on the state sampled from it."""
    players = check_trick_view(view, View)
    check_per_seat("a view's scores", view.scores, players)


def sample_state(view: View, seed: int) -> State:
    """A full state consistent with ``view``: the unseen cards dealt at random to the other seats.

    A seat that failed to follow a suit this round gets none of it. The generator for later rounds
    comes from ``seed``, since the real one is hidden.
    """
    _check_view_shape(view)
    cfg = view.config
    players = cfg.players
    seen = set(view.hand) | set(view.trick)
    for t in view.tricks:
        seen.update(t.cards)
    unseen = [c for c in _round_deck(players) if c not in seen]
    others = [s for s in range(players) if s != view.player]
    voids = void_suits(
        [t.cards for t in view.tricks] + ([view.trick] if view.trick else []),
        [t.leader for t in view.tricks] + ([view.leader] if view.trick else []),
        players,
    )
    rng = Rng.from_seed(seed)
    if view.to_act is None:
        dealt: tuple[tuple[Card, ...], ...] = ()
    else:
        dealt, rng = deal_hidden(
            unseen,
            [view.hand_sizes[s] for s in others],
            [frozenset(range(4)) - voids[s] for s in others],
            SUIT_OF.__getitem__,
            rng,
        )
    hands: list[tuple[Card, ...]] = [()] * players
    hands[view.player] = view.hand
    for s, h in zip(others, dealt):
        hands[s] = h
    state = State(
        hands=tuple(hands),
        trick=view.trick,
        to_act=view.to_act,
        progress=Progress(
            view.leader, view.tricks, Match(config=cfg, scores=view.scores, round=view.round, rng=rng)
        ),
    )
    validate(state)
    return state


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (seen by its owner), the current trick, each seat's won tricks (public), and the
    2 of diamonds set aside in a three-player game (public)."""
    check_type(state, State)
    players = len(state.hands)
    everyone = tuple(range(players))
    out = [Zone(f"hand {s}", state.hands[s], (s,)) for s in range(players)]
    out.append(Zone("trick", state.trick, everyone))
    won: list[list[Card]] = [[] for _ in range(players)]
    for t in state.tricks:
        won[t.winner].extend(t.cards)
    out.extend(Zone(f"won {s}", tuple(won[s]), everyone) for s in range(players))
    if players == 3:
        out.append(Zone("set aside", (_TWO_OF_DIAMONDS,), everyone))
    return tuple(out)


def render(state_or_view: State | View) -> str:
    """A picture for a terminal. Of a view: scores, this round's tricks so
    far, the table and the hand. Of a state: the acting seat's view, then every card hidden from it."""
    return _words.render(state_or_view, (State, View), view, zones, _render_view)


def _render_view(view: View) -> str:
    players, you = view.config.players, view.player
    names = _words.seat_names(players, you)
    lines = [
        f"Clubs, round {view.round}, threshold {view.config.threshold}. You are Seat {you}.",
        f"Scores: {_words.listed(names, view.scores)}.   "
        f"Cards left: {_words.listed(names, view.hand_sizes)}.",
    ]
    if view.tricks:
        last = view.tricks[-1]
        lines.append(f"Last trick: {format_cards(last.cards, pretty=True)}, won by {names[last.winner]}.")
    lines.extend(_words.trick_lines(view, names, "The game is over."))
    return "\n".join(lines)


def describe(event: object, viewer: int | None = None) -> str:
    """``event`` as one sentence for people, ``viewer`` (a seat, or ``None``) called "you":
    "Seat 2 wins the trick with the Q♠: 3 clubs."."""
    viewer = _words.check_viewer(viewer, 4)
    if isinstance(event, CardPlayed):
        return _words.played(event.seat, event.card, viewer)
    if isinstance(event, TrickWon):
        led = SUIT_OF[event.cards[0]]
        best = max(c for c in event.cards if SUIT_OF[c] == led)
        won = _words.acts(event.seat, viewer, "wins")
        return f"{won} the trick with the {best.pretty()}: {_words.count(event.points, 'club')}."
    if isinstance(event, RoundScored):
        names = _words.seat_names(len(event.scores), viewer)
        taken, scores = _words.listed(names, event.points), _words.listed(names, event.scores)
        return f"End of round {event.round}. Clubs taken: {taken}. Scores: {scores}."
    if isinstance(event, Dealt):
        return f"Round {event.round} is dealt: {event.hand_sizes[0]} cards each."
    if isinstance(event, GameOver):
        names = _words.seat_names(len(event.outcome.scores), viewer)
        final = _words.listed(names, event.outcome.scores)
        return f"Game over. Final scores: {final}. {_words.winners(event.outcome, viewer)}"
    raise StateError(f"expected a clubs event, got {short_repr(event)}")
