"""80 Points' sampling of a state from a view (``sample_state``, in ``views``, checks the view and
the seed, then calls ``_sample``): the cards the view does not show are dealt to the other hands
and the hidden bottom consistently with everything the view shows.

Apart from ``views`` so that the compiled build compiles it: a search samples a state every
iteration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardrules._shared.dealing import DeadEnd, deal_hidden
from cardrules.cards import CARDS, Card
from cardrules.eighty_points.rules import _DECK, _holds_joker_pair
from cardrules.eighty_points.state import HAND, Match, State, Table, View
from cardrules.eighty_points.tricks import doubles_in, points, table_for
from cardrules.eighty_points.validate import _HeldCardsError, _replay_answers, _round_history, _validate
from cardrules.errors import StateError
from cardrules.rng import Rng, derive_seed

__all__: list[str] = []

_SAMPLE_TRIES = 2000
_DECK_COUNT: Final = tuple(_DECK.count(c) for c in CARDS)  # copies of each card code in the deck


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
    # Counted by code in a list rather than with Counters: a search samples a state every iteration.
    left = list(_DECK_COUNT)
    for c in view.hand:
        left[c] -= 1
    for c in view.bottom:
        left[c] -= 1
    for t in view.tricks:
        for play in t.plays:
            for c in play:
                left[c] -= 1
    for play in view.trick:
        for c in play:
            left[c] -= 1
    if min(left) < 0:
        raise StateError("the view shows more copies of a card than the deck holds")
    return [CARDS[code] for code in range(len(left)) for _ in range(left[code])]


def _double_refusals(
    history: _History, others: list[int], order: tuple[tuple[int, int], ...]
) -> Callable[[int, Card, list[Card]], bool] | None:
    """``deal_hidden``'s refusals from the answers to doubles and sisters, or ``None`` if none.

    A seat that answered a double with no double of the led suit, or sisters with fewer than two
    (and so not with sisters), held no double of that suit then beyond the one it played (it would
    have had to play it): its hidden cards of that suit neither pair up nor repeat one it has
    played since. Dealing around these (rather than dealing blind and letting ``validate`` refuse
    the deal) keeps late positions from taking dozens of deals a sample. ``_validate`` still
    checks every deal (sisters answered with two doubles that are not sisters prove the seat held
    no sisters, which only it checks).
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
            # A double led asks for one double, sisters for two: one answered fewer held no more.
            answered = len(doubles_in([c for c in plays[i] if order[c][0] == suit]))
            if seat in index and answered < len(plays[0]) // 2:
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
    match = Match(config=view.config, levels=view.levels, round=view.round, winner=view.winner, rng=rng)
    table = Table(
        phase=view.phase,
        starter=view.starter,
        royal=view.royal,
        trump=view.trump,
        leader=view.leader,
        tricks=view.tricks,
        points=view.points,
        bottom=bottom,
        redeals=view.redeals,
        match=match,
    )
    return State(hands=hands, trick=view.trick, to_act=view.to_act, table=table)


def _sample(view: View, seed: int) -> State:
    """``sample_state`` of a view whose shape and a seed ``views`` has checked."""
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
            wrong = "a seat that answered a double or sisters with too few doubles would have held another"
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
