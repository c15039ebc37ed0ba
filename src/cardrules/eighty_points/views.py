"""What a seat sees of an 80 Points match (``view``), a state consistent with it
(``sample_state``), where the cards lie (``zones``) and a terminal picture (``render``)."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.checks import (
    check_in_range,
    check_per_seat,
    check_player,
    check_seat,
    check_type,
    check_view,
)
from cardrules.cards import Card, Suit, format_cards
from cardrules.eighty_points.rules import legal_moves
from cardrules.eighty_points.sampling import _sample
from cardrules.eighty_points.state import (
    BottomRevealed,
    BottomTaken,
    Discarded,
    LevelsChanged,
    NoTrumpDeclared,
    RedealAsked,
    State,
    Table,
    TrumpSet,
    View,
)
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Zone
from cardrules.rng import derive_seed

__all__ = ["describe", "render", "sample_state", "view", "zones"]

_BOTTOM_SEEN = ("discard", "play")


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its own hand, the bottom once it took it as starter, every card
    played this round, and all public counts."""
    check_type(state, State)
    check_player(player, 4)
    t = state.table
    m = t.match
    return View(
        player=player,
        hand=state.hands[player],
        trick=state.trick,
        to_act=state.to_act,
        phase=t.phase,
        starter=t.starter,
        trump=t.trump,
        royal=t.royal,
        leader=t.leader,
        tricks=t.tricks,
        points=t.points,
        bottom=_seen_bottom(t, player),
        bottom_size=len(t.bottom),
        hand_sizes=tuple(len(h) for h in state.hands),
        redeals=t.redeals,
        levels=m.levels,
        round=m.round,
        winner=m.winner,
        config=m.config,
        legal_moves=legal_moves(state) if state.to_act == player else (),
    )


def _seen_bottom(table: Table, player: int) -> tuple[Card, ...]:
    """The bottom as seat ``player`` sees it: its cards once the seat took it as starter, or once
    the round is over; else nothing."""
    sees = table.phase == "over" or (player == table.starter and table.phase in _BOTTOM_SEEN)
    return table.bottom if sees else ()


def _check_view_shape(view: View) -> None:
    """Seats, the royal number, the trump suit, hand sizes and the shape of every trick in range,
    before ``sample_state`` indexes them; whether a state can show the view is ``validate``'s to
    say, on the state sampled from it."""
    check_view(view, View, 4)
    check_seat("a view's starter", view.starter, 4)
    check_seat("a view's leader", view.leader, 4)
    check_in_range("a view's royal number", view.royal, 2, 14)
    if view.trump is not None:
        check_in_range("a view's trump suit", view.trump, 0, 3)
    check_per_seat("a view's hand_sizes", view.hand_sizes, 4)
    for n, trick in enumerate(view.tricks, start=1):
        check_seat(f"a view's trick {n}'s leader", trick.leader, 4)
        check_seat(f"a view's trick {n}'s winner", trick.winner, 4)
        _check_plays(f"a view's trick {n}", trick.plays, complete=True)
    _check_plays("a view's trick in progress", view.trick, complete=False)


def _check_plays(what: str, plays: tuple[tuple[Card, ...], ...], *, complete: bool) -> None:
    if len(plays) != 4 if complete else len(plays) >= 4:
        raise StateError(f"{what} has {len(plays)} plays, which a trick of four seats cannot have")
    if any(not play or len(play) != len(plays[0]) for play in plays):
        raise StateError(f"{what}: every play has as many cards as the lead, at least one")


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: the cards it does not show dealt at random to the other
    hands and the hidden bottom, no seat getting an effective suit it has shown it lacks, and the
    seat being asked holding what it must (under 25 points to be asked for a redeal, two identical
    jokers to be asked to declare no-trump)."""
    _check_view_shape(view)
    derive_seed(seed)  # a bad seed fails here: the compiled sampling takes a checked int
    return _sample(view, seed)


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (its owner), the bottom (nobody before the starter takes it, then the starter),
    the current trick and this round's tricks (public)."""
    check_type(state, State)
    t = state.table
    everyone = (0, 1, 2, 3)
    return (
        *(Zone(f"hand {s}", state.hands[s], (s,)) for s in range(4)),
        Zone(
            "bottom",
            t.bottom,
            everyone if t.phase == "over" else (t.starter,) if t.phase in _BOTTOM_SEEN else (),
        ),
        Zone("trick", tuple(c for play in state.trick for c in play), everyone),
        Zone("tricks", tuple(c for tr in t.tricks for play in tr.plays for c in play), everyone),
    )


def render(state_or_view: State | View) -> str:
    """A picture for a terminal. Of a view: levels, trump and royal number,
    points, the trick and the hand. Of a state: the acting seat's view, then every card hidden from it."""
    return _words.render(state_or_view, (State, View), view, zones, _render_view)


def _render_view(view: View) -> str:
    trump = "no trump" if view.trump is None else f"trump {Suit(view.trump).symbol}"
    you = view.player
    names = _words.seat_names(4, you)
    to_act = "nobody" if view.to_act is None else names[view.to_act]
    lines = [
        f"80 Points, round {view.round}. You are Seat {you} ({_team_of(you)}). "
        f"Levels {_levels(view.levels)}; "
        f"team {_TEAMS[view.starter % 2]} defends, royal {_words.rank(view.royal)}, {trump}.",
        f"Phase {view.phase}; attackers' points {view.points}; to act: {to_act}.",
    ]
    if view.trick:
        plays = ", ".join(
            f"{names[(view.leader + k) % 4]} {format_cards(p, pretty=True)}" for k, p in enumerate(view.trick)
        )
        lines.append(f"Trick: {plays}.")
    if view.bottom:
        lines.append("Bottom: " + format_cards(view.bottom, pretty=True))
    legal = (c for m in view.legal_moves for c in _words.cards_of(m))
    lines.append("Hand: " + _words.hand(view.hand, legal))
    return "\n".join(lines)


def describe(event: object, viewer: int | None = None) -> str:
    """``event`` as one sentence for people, ``viewer`` (a seat, or ``None``) called "you", each
    seat with its team (seats 0 and 2 are team A): "Seat 1 (team B) wins the trick: 15 points."."""
    viewer = _words.check_viewer(viewer, 4)
    if isinstance(event, (CardPlayed, TrickWon, RedealAsked, NoTrumpDeclared, BottomTaken, Discarded)):
        return _describe_seat(event, viewer)
    if isinstance(event, TrumpSet):
        trump = "no trump" if event.suit is None else f"trump {_words.suit(event.suit)}"
        starts = _words.acts(event.starter, viewer, "starts", _team_of(event.starter), start=False)
        defenders = f"team {_TEAMS[event.starter % 2]}{_ours(event.starter % 2, viewer)} defends"
        return f"Round {event.round}: {starts}, {defenders}; royal {_words.rank(event.royal)}, {trump}."
    if isinstance(event, Dealt):
        return f"Round {event.round} is dealt: {event.hand_sizes[0]} cards each."
    if isinstance(event, BottomRevealed):
        counted = f"{event.counted} to the attackers" if event.counted else "not counted"
        return f"The bottom: {_words.cards(event.cards)}, {_words.count(event.points, 'point')}, {counted}."
    if isinstance(event, RoundScored):
        return f"End of round {event.round}: the attackers took {_words.count(max(event.points), 'point')}."
    if isinstance(event, LevelsChanged):
        starts = _words.acts(event.starter, viewer, "starts", start=False)
        defenders = f"Team {_TEAMS[event.defenders]}{_ours(event.defenders, viewer)}"
        return f"Levels: {_levels(event.levels)}. {defenders} defends next; {starts}."
    if isinstance(event, GameOver):
        team = event.outcome.winners[0] % 2
        verdict = "" if viewer is None else (" You win!" if viewer % 2 == team else " You lose.")
        levels = (int(event.outcome.scores[0]), int(event.outcome.scores[1]))
        return f"Game over: team {_TEAMS[team]} wins; levels {_levels(levels)}.{verdict}"
    raise StateError(f"expected an eighty_points event, got {short_repr(event)}")


_TEAMS = "AB"


def _team_of(seat: int) -> str:
    return f"team {_TEAMS[seat % 2]}"


def _ours(team: int, viewer: int | None) -> str:
    return " (yours)" if viewer is not None and viewer % 2 == team else ""


def _levels(levels: tuple[int, int]) -> str:
    return f"A {_words.rank(levels[0])}, B {_words.rank(levels[1])}"


def _describe_seat(
    event: CardPlayed | TrickWon | RedealAsked | NoTrumpDeclared | BottomTaken | Discarded, viewer: int | None
) -> str:
    team = _team_of(event.seat)
    if isinstance(event, CardPlayed):
        return _words.played(event.seat, event.card, viewer, team)
    if isinstance(event, TrickWon):
        points = _words.count(event.points, "point")
        return f"{_words.acts(event.seat, viewer, 'wins', team)} the trick: {points}."
    if isinstance(event, RedealAsked):
        return f"{_words.acts(event.seat, viewer, 'asks', team)} for a redeal: every card is dealt again."
    if isinstance(event, NoTrumpDeclared):
        return f"{_words.acts(event.seat, viewer, 'shows', team)} two identical jokers: no trump this round."
    if isinstance(event, BottomTaken):
        return f"{_words.acts(event.seat, viewer, 'takes', team)} the bottom's 8 cards."
    return f"{_words.acts(event.seat, viewer, 'discards', team)} a card face down ({event.count} of 8)."
