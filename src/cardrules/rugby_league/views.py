"""What a seat sees of a Rugby League match (``view``), a state consistent with it
(``sample_state``), where the cards lie (``zones``) and a terminal picture (``render``)."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.checks import check_per_seat, check_player, check_seat, check_type, check_view
from cardrules.cards import CARDS, Card, format_cards
from cardrules.errors import StateError
from cardrules.events import GameOver, HalfTime
from cardrules.game import Outcome, Zone
from cardrules.rng import Rng
from cardrules.rugby_league.rules import legal_moves
from cardrules.rugby_league.state import (
    KICKS,
    BallMoved,
    CardsRevealed,
    Field,
    KickResult,
    Match,
    PenaltyChoice,
    PenaltyConceded,
    PossessionChanged,
    SetEnded,
    State,
    TackleWon,
    TieBreakDraw,
    TryScored,
    View,
    place_name,
)
from cardrules.rugby_league.validate import validate

__all__ = ["describe", "render", "sample_state", "view", "zones"]


def view(state: State, player: int) -> View:
    """What seat ``player`` sees. No face-down card is visible (with ``open_hands``, only its own row,
    to itself), and the other seat's pending pick is never shown."""
    check_type(state, State)
    check_player(player, 2)
    f = state.field
    m = f.match
    return View(
        player=player,
        to_act=state.to_act,
        phase=f.phase,
        attacker=f.attacker,
        ball=f.ball,
        tackles=f.tackles,
        lost=f.lost,
        last=f.last,
        wins=f.wins,
        rounds=f.rounds,
        needed=f.needed,
        filled=tuple(tuple(c is not None for c in row) for row in state.rows),
        own_row=_own_row(state, player),
        pending_chosen=state.pending is not None,
        own_pending=_own_pending(state, player),
        pile_size=len(f.pile),
        discards=f.discards,
        scores=m.scores,
        half=m.half,
        sets=m.sets,
        config=m.config,
        legal_moves=legal_moves(state) if state.to_act == player else (),
    )


def _own_row(state: State, player: int) -> tuple[Card | None, ...]:
    """The seat's own row as it sees it: its cards with ``open_hands``, else nothing."""
    return state.rows[player] if state.field.match.config.open_hands else ()


def _own_pending(state: State, player: int) -> int | None:
    """The slot the seat picked for the tackle in progress, which only the seat that picks first
    (the attacker) has done; the other seat's pick is never shown."""
    return state.pending if player == state.field.attacker else None


def _check_view_shape(view: View) -> None:
    """Sides and rows that fit, before ``sample_state`` indexes them; whether a state can show the
    view is ``validate``'s to say, on the state sampled from it."""
    check_view(view, View, 2)
    check_seat("a view's attacker", view.attacker, 2)
    check_per_seat("a view's filled rows", view.filled, 2)


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: every card it does not show (face-down row cards, and the
    pile) dealt at random, and the other seat's pending pick chosen at random among its cards."""
    _check_view_shape(view)
    open_hands = view.config.open_hands
    known = list(view.discards) + ([c for c in view.own_row if c is not None] if open_hands else [])
    counts = [0] * 54
    for c in known:
        counts[c] += 1
    if any(n > 1 for n in counts):
        raise StateError("the view shows a card twice")
    unseen = [c for c in CARDS[:52] if not counts[c]]
    shuffled, rng = Rng.from_seed(seed).shuffle(unseen)
    cards = list(shuffled)
    hidden = [seat for seat in (0, 1) if not (open_hands and seat == view.player)]
    if sum(sum(view.filled[seat]) for seat in hidden) > len(cards):
        raise StateError("the view has more face-down cards in the rows than cards it does not show")
    rows: list[list[Card | None]] = []
    for seat in (0, 1):
        if open_hands and seat == view.player:
            rows.append(list(view.own_row))
            continue
        row: list[Card | None] = []
        for filled in view.filled[seat]:
            row.append(cards.pop() if filled else None)
        rows.append(row)
    if len(cards) != view.pile_size:
        raise StateError("the view's pile size does not match the cards it shows")
    pending = view.own_pending
    if view.pending_chosen and pending is None:
        other = view.attacker
        options = [k for k, filled in enumerate(view.filled[other]) if filled]
        if not options:
            raise StateError("a pending pick needs a card in the chooser's row")
        pending, rng = rng.choice(options)
    match = Match(config=view.config, scores=view.scores, half=view.half, sets=view.sets, rng=rng)
    # The view's public fields, each read into the name of the field it fills.
    phase, attacker, ball, tackles, lost = view.phase, view.attacker, view.ball, view.tackles, view.lost
    last, wins, rounds, needed, discards = view.last, view.wins, view.rounds, view.needed, view.discards
    pile = tuple(cards)
    field = Field(phase, attacker, ball, tackles, lost, last, wins, rounds, needed, pile, discards, match)
    state = State(rows=(tuple(rows[0]), tuple(rows[1])), to_act=view.to_act, pending=pending, field=field)
    validate(state)
    return state


def zones(state: State) -> tuple[Zone, ...]:
    """Each row (seen by nobody in blind play, by its owner with open hands), the pile (nobody) and
    the discards (public)."""
    check_type(state, State)
    open_hands = state.field.match.config.open_hands
    return (
        Zone("row 0", tuple(c for c in state.rows[0] if c is not None), (0,) if open_hands else ()),
        Zone("row 1", tuple(c for c in state.rows[1] if c is not None), (1,) if open_hands else ()),
        Zone("pile", state.field.pile, ()),
        Zone("discards", state.field.discards, (0, 1)),
    )


def render(state_or_view: State | View) -> str:
    """A picture for a terminal. Of a view: the score, the pitch with the
    ball, the counts and the rows. Of a state: the acting seat's view, then every card hidden from it."""
    return _words.render(state_or_view, (State, View), view, zones, _render_view)


def _render_view(view: View) -> str:
    pitch = ["T", "1", "2", "3", "3", "2", "1", "T"]
    pitch[view.ball] = "O"
    seats = ("home", "away")
    period = f"half {view.half}" if view.half <= 2 else f"extra time {view.half - 2}"
    lines = [
        f"Rugby League, {period}, set {view.sets + 1}. You are Seat {view.player} ({seats[view.player]}). "
        f"Score {_score(view.scores)}.",
        f"{pitch[0]} | {' '.join(pitch[1:4])} | {' '.join(pitch[4:7])} | {pitch[7]}   "
        f"{seats[view.attacker]} {'kicking' if view.phase in KICKS else 'attacking'}",
    ]
    if view.phase == "tackle":
        lines.append(f"Tackle {view.tackles + 1}, tackles lost {view.lost}.")
    elif view.phase in KICKS:
        lines.append(
            f"{view.phase.replace('_', ' ')}: {view.wins} of {view.needed} wins, round {view.rounds + 1}."
        )
    elif view.phase == "penalty":
        lines.append(f"Penalty to {seats[view.attacker]}.")
    else:
        lines.append("Full time.")
    own = view.filled[view.player]
    if view.own_row:
        row = " ".join(
            f"{k}:{c.pretty()}" if c is not None else f"{k}:--" for k, c in enumerate(view.own_row)
        )
    else:
        row = " ".join(f"{k}:[]" if filled else f"{k}:--" for k, filled in enumerate(own))
    lines.append(f"Your row: {row}")
    if view.discards:
        lines.append(f"Last revealed: {format_cards(view.discards[-4:], pretty=True)}")
    return "\n".join(lines)


def describe(event: object, viewer: int | None = None) -> str:
    """``event`` as one sentence for people, ``viewer`` (a seat, or ``None``) called "you", each
    seat with its side: "TRY! Seat 0 (home) scores: home 4–0 away."."""
    viewer = _words.check_viewer(viewer, 2)
    if isinstance(event, (CardsRevealed, TieBreakDraw, TackleWon, BallMoved, PossessionChanged)):
        return _describe_play(event, viewer)
    if isinstance(event, (PenaltyConceded, PenaltyChoice, KickResult)):
        return _describe_penalty(event, viewer)
    if isinstance(event, TryScored):
        scorer = _words.acts(event.seat, viewer, "scores", _SIDES[event.seat])
        return f"TRY! {scorer}: {_score(event.scores)}."
    if isinstance(event, SetEnded):
        return f"End of set {event.sets} of {_HALVES[event.half - 1]}."
    if isinstance(event, HalfTime):
        return f"End of {_HALVES[event.half - 1]}: {_score(event.scores)}."
    if isinstance(event, GameOver):
        return _describe_end(event.outcome, viewer)
    raise StateError(f"expected a rugby_league event, got {short_repr(event)}")


_SIDES = ("home", "away")
_HALVES = ("the first half", "the second half", "extra time's first half", "extra time")
_KINDS = {"conversion": "the conversion", "penalty_goal": "a penalty goal", "drop_goal": "a drop goal"}
_CHOICES = {"touch": "kicks for touch", "goal": "kicks for goal", "tap": "takes the tap and run"}


def _side(seat: int, viewer: int | None) -> str:
    return _words.seat(seat, viewer, _SIDES[seat])


def _score(scores: tuple[int, ...]) -> str:
    return _words.versus(_SIDES, scores)


def _describe_play(
    event: CardsRevealed | TieBreakDraw | TackleWon | BallMoved | PossessionChanged, viewer: int | None
) -> str:
    if isinstance(event, CardsRevealed):
        home, away = event.cards
        home_seat = _words.seat(0, viewer, "home", start=False)
        away_seat = _words.seat(1, viewer, "away", start=False)
        return f"Cards shown: {home_seat} {home.pretty()}, {away_seat} {away.pretty()}."
    if isinstance(event, TieBreakDraw):
        draws = _words.acts(event.seat, viewer, "draws", _SIDES[event.seat])
        return f"{draws} the {event.card.pretty()} to break the tie."
    if isinstance(event, TackleWon):
        return f"{_words.acts(event.seat, viewer, 'wins', _SIDES[event.seat])} the tackle."
    if isinstance(event, BallMoved):
        if event.start == event.end:
            return f"The ball stays on {place_name(event.start)}."
        return f"The ball moves from {place_name(event.start)} to {place_name(event.end)}."
    return f"{_words.acts(event.attacker, viewer, 'has', _SIDES[event.attacker])} the ball."


def _describe_penalty(event: PenaltyConceded | PenaltyChoice | KickResult, viewer: int | None) -> str:
    if isinstance(event, PenaltyConceded):
        if event.cancelled:
            return "Both sides repeat a rank: the penalties cancel out."
        fouled = 1 - event.seat
        return f"Penalty to the {_SIDES[fouled]} side: {_side(event.seat, viewer)} repeated a rank."
    if isinstance(event, PenaltyChoice):
        return f"{_words.acts(event.seat, viewer, _CHOICES[event.choice], _SIDES[event.seat])}."
    kick = _words.acts(event.seat, viewer, "kicks" if event.success else "misses", _SIDES[event.seat])
    return f"{kick} {_KINDS[event.kind]}: {_score(event.scores)}."


def _describe_end(outcome: Outcome, viewer: int | None) -> str:
    scores = (int(outcome.scores[0]), int(outcome.scores[1]))
    if len(outcome.winners) == 2:
        return f"Full time: a draw, {_score(scores)}."
    winner = outcome.winners[0]
    return f"Full time: {_score(scores)}. {_words.acts(winner, viewer, 'wins', _SIDES[winner])}."
