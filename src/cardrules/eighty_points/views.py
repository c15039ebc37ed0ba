"""What a seat sees of an 80 Points match (``view``), a state consistent with it
(``sample_state``), where the cards lie (``zones``) and a terminal picture (``render``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from cardrules import _words
from cardrules._checks import check_in_range, check_per_seat, check_player, check_seat, check_type, check_view
from cardrules._dealing import DeadEnd, deal_hidden
from cardrules._reprs import short_repr
from cardrules.cards import Card, Suit, format_cards
from cardrules.eighty_points.rules import _DECK, _holds_joker_pair, legal_moves
from cardrules.eighty_points.state import (
    HAND,
    BottomRevealed,
    BottomTaken,
    Discarded,
    LevelsChanged,
    Match,
    NoTrumpDeclared,
    RedealAsked,
    State,
    Table,
    TrumpSet,
    View,
)
from cardrules.eighty_points.tricks import doubles_in, points, table_for
from cardrules.eighty_points.validate import _HeldCardsError, _replay_answers, _round_history, _validate
from cardrules.errors import StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Zone
from cardrules.rng import Rng, derive_seed

__all__ = ["describe", "render", "sample_state", "view", "zones"]

_BOTTOM_SEEN = ("discard", "play")


_SAMPLE_TRIES = 2000


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its own hand, the bottom once it took it as starter, every card
    played this round, and all public counts."""
    check_type(state, State)
    check_player(player, 4)
    t = state.table
    m = t.match
    sees_bottom = t.phase == "over" or (player == t.starter and t.phase in _BOTTOM_SEEN)
    return View(
        player,
        state.hands[player],
        state.trick,
        state.to_act,
        t.phase,
        t.starter,
        t.trump,
        t.royal,
        t.leader,
        t.tricks,
        t.points,
        t.bottom if sees_bottom else (),
        len(t.bottom),
        tuple(len(h) for h in state.hands),
        t.redeals,
        m.levels,
        m.round,
        m.winner,
        m.config,
        legal_moves(state) if state.to_act == player else (),
    )


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


_History = list[tuple[int, tuple[tuple[Card, ...], ...]]]  # the round's (leader, plays), see _round_history


def _voids(history: _History, order: tuple[tuple[int, int], ...]) -> list[set[int]]:
    """Effective suits each seat has shown it lacks: it answered a lead with fewer cards of the led
    suit than were led."""
    voids: list[set[int]] = [set(), set(), set(), set()]
    for leader, plays in history:
        led = order[plays[0][0]][0]
        for k in range(1, len(plays)):
            if sum(1 for c in plays[k] if order[c][0] == led) < len(plays[0]):
                voids[(leader + k) % 4].add(led)
    return voids


def _unseen(view: View) -> list[Card]:
    """The cards ``view`` does not show (in other hands or a hidden bottom), sorted."""
    seen = Counter(view.hand) + Counter(view.bottom)
    for t in view.tricks:
        for play in t.plays:
            seen.update(play)
    for play in view.trick:
        seen.update(play)
    unseen = Counter(_DECK) - seen
    if sum(seen.values()) + sum(unseen.values()) != len(_DECK):
        raise StateError("the view shows more copies of a card than the deck holds")
    return sorted(unseen.elements())


def _double_refusals(
    history: _History, others: list[int], order: tuple[tuple[int, int], ...]
) -> Callable[[int, Card, list[Card]], bool] | None:
    """``deal_hidden``'s refusals from the answers to doubles and sisters, or ``None`` if none.

    A seat that answered a double, or sisters, with no double of the led suit held no two
    identical cards of that suit then (it would have had to play them): its hidden cards of that
    suit neither pair up nor repeat one it has played since. Dealing around these (rather than
    dealing blind and letting ``validate`` refuse the deal) keeps late positions from taking
    dozens of deals a sample. ``_validate`` still checks every deal (sisters answered with one
    double bound the doubles held, which only it checks).
    """
    barred: list[dict[int, set[Card]]] = [{} for _ in range(len(others) + 1)]  # the bottom last
    index = {seat: i for i, seat in enumerate(others)}
    played_since: list[list[Card]] = [[], [], [], []]
    for leader, plays in reversed(history):
        for i, play in enumerate(plays):
            played_since[(leader + i) % 4].extend(play)
        if len(plays[0]) == 1:  # the other legal leads, a double and sisters, ask for doubles
            continue
        suit = order[plays[0][0]][0]
        for i in range(1, len(plays)):
            seat = (leader + i) % 4
            if seat in index and not doubles_in([c for c in plays[i] if order[c][0] == suit]):
                faces = barred[index[seat]].setdefault(suit, set())
                faces.update(c for c in played_since[seat] if order[c][0] == suit)
    if not any(barred):
        return None

    def refuse(i: int, card: Card, hand: list[Card]) -> bool:
        faces = barred[i].get(order[card][0])
        return faces is not None and (card in faces or card in hand)

    return refuse


def _state_of(view: View, hands: tuple[tuple[Card, ...], ...], bottom: tuple[Card, ...], rng: Rng) -> State:
    """The state showing ``view`` with these hands and bottom, and ``rng`` for later deals."""
    match = Match(view.config, view.levels, view.round, view.winner, rng)
    table = Table(
        view.phase,
        view.starter,
        view.royal,
        view.trump,
        view.leader,
        view.tricks,
        view.points,
        bottom,
        view.redeals,
        match,
    )
    return State(hands, view.trick, view.to_act, table)


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: the cards it does not show dealt at random to the other
    hands and the hidden bottom, no seat getting an effective suit it has shown it lacks, and the
    seat being asked holding what it must (under 25 points to be asked for a redeal, two identical
    jokers to be asked to declare no-trump)."""
    _check_view_shape(view)
    order = table_for(view.royal, view.trump)
    unseen = _unseen(view)
    others = [s for s in range(4) if s != view.player]
    hidden_bottom = 0 if view.bottom else view.bottom_size
    sizes = [*(view.hand_sizes[s] for s in others), hidden_bottom]
    history = _round_history(view.tricks, view.trick, view.leader)
    voids = _voids(history, order)
    allowed = [*(frozenset(range(5)) - voids[s] for s in others), frozenset(range(5))]
    actor = view.to_act
    known = [view.hand if s == view.player else () for s in range(4)]
    try:
        _replay_answers(known, history, order)
    except _HeldCardsError as exc:
        raise StateError(str(exc)) from None
    wrong = "a seat asked to redeal or declare could not be given what it must hold"
    refuse = _double_refusals(history, others, order)
    for attempt in range(_SAMPLE_TRIES):
        rng = Rng.from_seed(derive_seed(seed, attempt))
        try:
            dealt, rng = deal_hidden(unseen, sizes, allowed, lambda c: order[c][0], rng, refuse)
        except DeadEnd:
            wrong = "a seat that answered a double or sisters without a double would have held one"
            continue
        hands: list[tuple[Card, ...]] = [(), (), (), ()]
        hands[view.player] = view.hand
        for s, h in zip(others, dealt):
            hands[s] = h
        if actor is not None and actor != view.player:
            if view.phase == "redeal" and points(hands[actor]) >= HAND:
                continue
            if view.phase == "declare" and not _holds_joker_pair(hands[actor]):
                continue
        state = _state_of(view, tuple(hands), view.bottom if view.bottom else dealt[-1], rng)
        try:  # the deal respects voids; a double or sisters left unanswered is caught here
            _validate(state)
        except _HeldCardsError as exc:
            if exc.seat == view.player:
                raise StateError(str(exc)) from None
            wrong = str(exc)
            continue
        return state
    raise StateError(f"no deal of the hidden cards fitting the view was found ({wrong})")


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
