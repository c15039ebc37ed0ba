"""What a seat sees of a Pub Derby match (``view``), a state consistent with it
(``sample_state``), where the cards lie (``zones``) and a terminal picture (``render``)."""

from __future__ import annotations

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.checks import check_in_range, check_player, check_trick_view, check_type
from cardrules._shared.dealing import deal_hidden
from cardrules._shared.tricks import SUIT_OF, void_suits
from cardrules.cards import CARDS, Card, Suit, format_cards
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, HalfTime, TrickWon
from cardrules.game import Zone
from cardrules.pub_derby.rules import _is_kickoff, legal_moves
from cardrules.pub_derby.state import (
    _KICKOFF_ORDER,
    _TEAMS,
    GoalScored,
    Intercepted,
    Match,
    PenaltyAwarded,
    PenaltyDrawn,
    PenaltySaved,
    PenaltyScored,
    Progress,
    State,
    TrumpChosen,
    View,
    WaveExtended,
    YellowCard,
)
from cardrules.pub_derby.validate import validate
from cardrules.rng import Rng

__all__ = ["describe", "render", "sample_state", "view", "zones"]


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its hand and everything public (the bench's top card only; in
    classic only the trump suit, since the drawn card went back into the deck)."""
    check_type(state, State)
    players = len(state.hands)
    check_player(player, players)
    p = state.progress
    m = p.match
    return View(
        player=player,
        hand=state.hands[player],
        trick=state.trick,
        leader=p.leader,
        to_act=state.to_act,
        tricks=p.tricks,
        hand_sizes=tuple(len(h) for h in state.hands),
        trump=m.trump,
        bench_top=m.bench[0] if m.bench else None,
        kickoff=m.kickoff,
        waves=p.waves,
        goals=m.goals,
        yellows=m.yellows,
        half=m.half,
        config=m.config,
        legal_moves=legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Seats, per-seat fields, the trump suit and the kick-off card in range for the view's config,
    before ``sample_state`` indexes them; whether a state can show the view is ``validate``'s to
    say, on the state sampled from it."""
    check_trick_view(view, View)
    check_in_range("a view's trump suit", view.trump, 0, 3)
    if view.kickoff is not None and view.kickoff not in _KICKOFF_ORDER:
        raise StateError(f"a view's kick-off card is a 2, got {short_repr(view.kickoff)}")


def sample_state(view: View, seed: int) -> State:
    """A full state consistent with ``view``: the cards it does not show dealt at random.

    The other hands and the hidden bench cards are dealt so that no seat gets a suit it has shown
    it lacks this half; the kick-off 2 stays with the seat that kicked off (or must), and the 2s
    that precede it in the kick-off order lie on the bench (all four if seat 0 kicked off freely).
    In classic the shown trump card is taken to be the 2 of trumps; the later halves' shuffles
    come from ``seed``.
    """
    _check_view_shape(view)
    cfg = view.config
    players = cfg.players
    first_leader = view.tricks[0].leader if view.tricks else view.leader
    seen = set(view.hand) | set(view.trick)
    for t in view.tricks:
        seen.update(t.cards)
    fixed: dict[Card, int] = {}  # card -> seat, or -1 for the hidden bench
    kick = view.kickoff
    before = _KICKOFF_ORDER if kick is None else _KICKOFF_ORDER[: _KICKOFF_ORDER.index(kick)]
    for c in before:
        if c != view.bench_top:
            fixed[c] = -1
    if kick is not None and kick not in seen:
        fixed[kick] = first_leader
    bench_top = () if view.bench_top is None else (view.bench_top,)
    unseen = [c for c in CARDS[:52] if c not in seen and c not in bench_top and c not in fixed]
    others = [s for s in range(players) if s != view.player]
    sizes = [view.hand_sizes[s] - sum(1 for v in fixed.values() if v == s) for s in others]
    bench_hidden = (4 - 1 - sum(1 for v in fixed.values() if v == -1)) if view.bench_top is not None else 0
    voids = _void_suits(view, players)
    for card, owner in fixed.items():
        if owner >= 0 and (owner == view.player or card // 13 in voids[owner]):
            raise StateError("the view's kick-off contradicts the hands")
    rng = Rng.from_seed(seed)
    dealt, rng = deal_hidden(
        unseen,
        [*sizes, bench_hidden],
        [*(frozenset(range(4)) - voids[s] for s in others), frozenset(range(4))],
        SUIT_OF.__getitem__,
        rng,
    )
    hands: list[tuple[Card, ...]] = [()] * players
    hands[view.player] = view.hand
    for s, h in zip(others, dealt):
        hands[s] = tuple(sorted(h + tuple(c for c, o in fixed.items() if o == s)))
    if view.bench_top is None:
        bench: tuple[Card, ...] = ()
        trump_card = CARDS[view.trump * 13]
    else:
        rest = list(dealt[-1]) + [c for c, o in fixed.items() if o == -1]
        order, rng = rng.shuffle(sorted(rest))
        bench = (view.bench_top, *order)
        trump_card = view.bench_top
    state = _sampled(view, tuple(hands), bench, trump_card, rng)
    validate(state)
    return state


def _sampled(
    view: View, hands: tuple[tuple[Card, ...], ...], bench: tuple[Card, ...], trump_card: Card, rng: Rng
) -> State:
    """The state of ``view`` with the hidden cards dealt: ``hands``, ``bench`` and its trump card."""
    match = Match(
        config=view.config,
        half=view.half,
        goals=view.goals,
        yellows=view.yellows,
        bench=bench,
        trump_card=trump_card,
        kickoff=view.kickoff,
        rng=rng,
    )
    progress = Progress(leader=view.leader, tricks=view.tricks, waves=view.waves, match=match)
    return State(hands=hands, trick=view.trick, to_act=view.to_act, progress=progress)


def _void_suits(view: View, players: int) -> list[set[int]]:
    tricks = [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])
    leaders = [t.leader for t in view.tricks] + ([view.leader] if view.trick else [])
    return void_suits(tricks, leaders, players)


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (its owner), the kick-off 2 while its holder has still to lead it (public), the
    current trick and this half's tricks (public), the bench's top card (public) and the rest of the
    bench (nobody)."""
    check_type(state, State)
    players = len(state.hands)
    everyone = tuple(range(players))
    bench = state.progress.match.bench
    # Until it is led, the kick-off 2 is known to lie in its holder's hand: it has a public zone.
    kickoff = state.progress.match.kickoff
    shown = kickoff if kickoff is not None and _is_kickoff(state) and state.to_act is not None else None
    out = [Zone(f"hand {s}", tuple(c for c in state.hands[s] if c != shown), (s,)) for s in range(players)]
    if shown is not None:
        out.append(Zone(f"kick-off card of seat {state.progress.leader}", (shown,), everyone))
    out.append(Zone("trick", state.trick, everyone))
    out.append(Zone("played", tuple(c for t in state.progress.tricks for c in t.cards), everyone))
    out.append(Zone("bench top", bench[:1], everyone))
    out.append(Zone("bench", bench[1:], ()))
    return tuple(out)


def render(state_or_view: State | View) -> str:
    """A picture for a terminal. Of a view: score, half, trump, waves,
    yellows, the table and the hand. Of a state: the acting seat's view, then every card hidden from it."""
    return _words.render(state_or_view, (State, View), view, zones, _render_view)


def _render_view(view: View) -> str:
    players, you = view.config.players, view.player
    names = _words.seat_names(players, you)
    trump = Suit(view.trump)
    lines = [
        f"Pub Derby ({view.config.format}), half {view.half}. You are Seat {you} (team "
        f"{_TEAMS[you % 2]}). Goals {_goals(view.goals)}.",
        f"Trump {_words.suit(trump)}"
        + (f" (bench shows {view.bench_top.pretty()})" if view.bench_top is not None else "")
        + f". Waves A {view.waves[0]} B {view.waves[1]}. Yellows A {view.yellows[0]} B {view.yellows[1]}.",
    ]
    if view.tricks:
        last = view.tricks[-1]
        lines.append(
            f"Last trick: {format_cards(last.cards, pretty=True)}, won by {names[last.winner]} "
            f"({_team_of(last.winner)})."
        )
    lines.extend(_words.trick_lines(view, names, "Full time."))
    return "\n".join(lines)


def describe(event: object, viewer: int | None = None) -> str:
    """``event`` as one sentence for people, ``viewer`` (a seat, or ``None``) called "you", each
    seat with its team: "GOAL! Seat 2 (team A) completes the wave: A 2–1 B."."""
    viewer = _words.check_viewer(viewer, 8)
    if isinstance(event, (CardPlayed, TrickWon)):
        return _describe_trick(event, viewer)
    if isinstance(
        event, (WaveExtended, Intercepted, YellowCard, PenaltyAwarded, PenaltyScored, PenaltySaved)
    ):
        return _describe_team(event, viewer)
    if isinstance(event, GoalScored):
        scorer = _words.acts(event.seat, viewer, "completes", _team_of(event.seat))
        return f"GOAL! {scorer} the wave: {_goals(event.goals)}."
    if isinstance(event, PenaltyDrawn):
        striker, keeper = event.striker_card, event.keeper_card
        level = " Level: they draw again." if striker % 13 == keeper % 13 else ""
        drawn = f"the striker's {striker.pretty()} against the goalkeeper's {keeper.pretty()}"
        return f"Penalty draw: {drawn}.{level}"
    if isinstance(event, HalfTime):
        return f"{'Half time' if event.half == 1 else 'Full time'}: {_goals(event.scores)}."
    if isinstance(event, Dealt):
        return f"Half {event.round} kicks off: {event.hand_sizes[0]} cards each."
    if isinstance(event, TrumpChosen):
        turned = f"the {event.card.pretty()} turned up"
        return f"Trump for half {event.half}: {_words.suit(event.suit)} ({turned})."
    if isinstance(event, GameOver):
        return _describe_end(event, viewer)
    raise StateError(f"expected a pub_derby event, got {short_repr(event)}")


def _team_of(seat: int) -> str:
    return f"team {_TEAMS[seat % 2]}"


def _goals(goals: tuple[int, ...]) -> str:
    return _words.versus("AB", goals)


def _describe_trick(event: CardPlayed | TrickWon, viewer: int | None) -> str:
    if isinstance(event, CardPlayed):
        return _words.played(event.seat, event.card, viewer, _team_of(event.seat))
    return f"{_words.acts(event.seat, viewer, 'wins', _team_of(event.seat))} the trick."


def _describe_team(
    event: WaveExtended | Intercepted | YellowCard | PenaltyAwarded | PenaltyScored | PenaltySaved,
    viewer: int | None,
) -> str:
    team = event.team
    name = f"Team {_TEAMS[team]}"
    ours = " (yours)" if viewer is not None and viewer % 2 == team else ""
    if isinstance(event, WaveExtended):
        if event.count == 1:
            return f"{name}{ours} has the ball."
        return f"{name}{ours} keeps the ball: {event.count} tricks in a row."
    if isinstance(event, Intercepted):
        return f"{name}{ours} intercepts and starts a wave."
    if isinstance(event, YellowCard):
        return f"Yellow card for team {_TEAMS[team]}{ours}: its {_words.ordinal(event.yellows)}."
    if isinstance(event, PenaltyAwarded):
        return f"Penalty to team {_TEAMS[team]}{ours}!"
    if isinstance(event, PenaltyScored):
        return f"GOAL! {name}{ours} scores the penalty: {_goals(event.goals)}."
    return f"SAVED! {name}{ours} misses the penalty."


def _describe_end(event: GameOver, viewer: int | None) -> str:
    outcome = event.outcome
    goals = (int(outcome.scores[0]), int(outcome.scores[1]))
    if len(outcome.winners) == len(outcome.scores):
        return f"Full time: a draw, {_goals(goals)}."
    team = outcome.winners[0] % 2
    verdict = "" if viewer is None else (" You win!" if viewer % 2 == team else " You lose.")
    high, low = max(goals), min(goals)
    return f"Full time: team {_TEAMS[team]} wins {high}–{low}.{verdict}"
