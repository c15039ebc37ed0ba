"""What a seat sees of a Manager match (``view``), a state consistent with it (``sample_state``),
where the cards lie (``zones``) and a terminal picture (``render``)."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.checks import check_per_seat, check_player, check_seat, check_type, check_view
from cardrules.cards import CARDS, format_cards
from cardrules.errors import StateError
from cardrules.events import GameOver
from cardrules.game import Zone
from cardrules.manager.rules import _deck39, legal_moves
from cardrules.manager.state import (
    SEASONS,
    DraftClosed,
    DraftOpened,
    Exchanged,
    Match,
    Passed,
    SeasonHalved,
    SeasonRevealed,
    SeasonWon,
    State,
    View,
)
from cardrules.manager.validate import validate
from cardrules.rng import Rng

__all__ = ["describe", "render", "sample_state", "view", "zones"]


def view(state: State, player: int) -> View:
    """Everything but the stock's order: teams, pool, retired pools, every season's result."""
    check_type(state, State)
    check_player(player, 2)
    m = state.match
    return View(
        player=player,
        teams=state.teams,
        pool=state.pool,
        to_act=state.to_act,
        exchanges=state.exchanges,
        passed=state.passed,
        season=m.season,
        first=m.first,
        stripped_suit=m.stripped_suit,
        stock_size=len(m.stock),
        retired=m.retired,
        halves=m.halves,
        results=m.results,
        config=m.config,
        legal_moves=legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Seats and one team a seat, before ``sample_state`` indexes them; whether a state can show the
    view is ``validate``'s to say, on the state sampled from it."""
    check_view(view, View, 2)
    check_seat("a view's first mover", view.first, 2)
    check_per_seat("a view's teams", view.teams, 2)
    check_per_seat("a view's halves", view.halves, 2)


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: the stock's cards (those seen nowhere) in a random order."""
    _check_view_shape(view)
    seen = set(view.teams[0]) | set(view.teams[1]) | set(view.pool) | set(view.retired)
    unseen = [c for c in _deck39(view.stripped_suit) if c not in seen]
    if len(unseen) != view.stock_size:
        raise StateError("the view's stock size does not match the cards seen")
    stock, _ = Rng.from_seed(seed).shuffle(unseen)
    # The view's public fields, each read into the name of the field it fills.
    config, stripped_suit, season, first = view.config, view.stripped_suit, view.season, view.first
    retired, halves, results = view.retired, view.halves, view.results
    match = Match(config, stripped_suit, season, first, stock, retired, halves, results)
    teams, pool, to_act, exchanges, passed = view.teams, view.pool, view.to_act, view.exchanges, view.passed
    state = State(teams, pool, to_act, exchanges, passed, match)
    validate(state)
    return state


def zones(state: State) -> tuple[Zone, ...]:
    """Both teams, the pool, the retired pools and the stripped suit (all public), and the stock
    (seen by nobody)."""
    check_type(state, State)
    both = (0, 1)
    m = state.match
    return (
        Zone("team 0", state.teams[0], both),
        Zone("team 1", state.teams[1], both),
        Zone("pool", state.pool, both),
        Zone("retired", m.retired, both),
        Zone("stripped", tuple(c for c in CARDS[:52] if c // 13 == m.stripped_suit), both),
        Zone("stock", m.stock, ()),
    )


def render(state_or_view: State | View) -> str:
    """A picture for a terminal. Of a view: seasons won, the last season, both
    teams, the pool. Of a state: the acting seat's view, then every card hidden from it."""
    return _words.render(state_or_view, (State, View), view, zones, _render_view)


def _render_view(view: View) -> str:
    last = view.results[-1]
    you, them = view.player, 1 - view.player
    outcome_text = "halved" if last.winner is None else ("won by you" if last.winner == you else "lost")
    lines = [
        f"Manager, season {view.season} of {SEASONS} ({view.stripped_suit.name.lower()} stripped). "
        f"You are Seat {you}. "
        f"Seasons won: you {view.halves[you] / 2:g}, Seat {them} {view.halves[them] / 2:g}.",
        f"Season {last.season}: {last.values[you].points} to {last.values[them].points}, {outcome_text}.",
        "Your team:      " + format_cards(view.teams[you], pretty=True),
        f"Seat {them}'s team:  " + format_cards(view.teams[them], pretty=True),
    ]
    if view.to_act is None:
        lines.append("The match is over.")
    else:
        lines.append(
            f"Draft {view.season} pool: {format_cards(view.pool, pretty=True)}   "
            f"exchanges {view.exchanges}/{view.config.max_exchanges}   to move: "
            + _words.seat(view.to_act, you, start=False)
        )
    return "\n".join(lines)


def describe(event: object, viewer: int | None = None) -> str:
    """``event`` as one sentence for people, ``viewer`` (a seat, or ``None``) called "you":
    "Seat 0 swaps the 4♣ for the A♣ from the pool."."""
    viewer = _words.check_viewer(viewer, 2)
    if isinstance(event, SeasonRevealed):
        teams = [
            f"{_words.possessive(s, viewer)} team {_words.cards(team)} is worth {value.points}"
            for s, (team, value) in enumerate(zip(event.teams, event.values))
        ]
        return f"Season {event.season}: {teams[0]}, {teams[1]}."
    if isinstance(event, SeasonWon):
        return f"{_words.acts(event.seat, viewer, 'wins')} season {event.season}."
    if isinstance(event, SeasonHalved):
        return f"Season {event.season} is halved: half a season each."
    if isinstance(event, DraftOpened):
        first = _words.acts(event.first, viewer, "moves", start=False)
        return f"Draft {event.draft} opens on {_words.cards(event.pool)}; {first} first."
    if isinstance(event, Exchanged):
        swaps = _words.acts(event.seat, viewer, "swaps")
        return f"{swaps} the {event.team_card.pretty()} for the {event.pool_card.pretty()} from the pool."
    if isinstance(event, Passed):
        return f"{_words.acts(event.seat, viewer, 'passes')}."
    if isinstance(event, DraftClosed):
        return f"Draft {event.draft} closes; {_words.cards(event.pool)} leave the game."
    if isinstance(event, GameOver):
        seasons = _words.versus([_words.seat(s, viewer, start=False) for s in (0, 1)], event.outcome.scores)
        return f"Game over, seasons won: {seasons}. {_words.winners(event.outcome, viewer)}"
    raise StateError(f"expected a manager event, got {short_repr(event)}")
