"""80 Points' views and checks: what each seat sees, sampling, zones, validation, notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardrules._checks import check_fields, check_in_range, check_per_seat, check_seat, check_view_seats
from cardrules._dealing import deal_hidden
from cardrules._reprs import short_repr
from cardrules.cards import Card, Suit, format_cards, parse_card
from cardrules.eighty_points.order import follow_reason, points, shape_of, table_for, trick_winner
from cardrules.eighty_points.rules import (
    _DECK,
    _holds_joker_pair,
    _reason,
    legal_moves,
    table_order,
)
from cardrules.eighty_points.state import (
    ACE,
    BOTTOM,
    HAND,
    AskRedeal,
    BottomTaken,
    DeclareNoTrump,
    Discard,
    Event,
    KeepHand,
    Match,
    Move,
    NoDeclare,
    Play,
    State,
    Table,
    Trick,
    TrumpSet,
    View,
)
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError, StateError
from cardrules.events import Dealt
from cardrules.game import Zone
from cardrules.rng import Rng, derive_seed

_BOTTOM_SEEN = ("discard", "play")
_SAMPLE_TRIES = 2000


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its own hand, the bottom once it took it as starter, every card
    played this round, and all public counts."""
    if type(state) is not State:
        raise StateError(f"expected an eighty_points.State, got {type(state).__name__}")
    if type(player) is not int or not 0 <= player < 4:
        raise StateError(f"player must be a seat from 0 to 3, got {short_repr(player)}")
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
    if type(view) is not View:
        raise StateError(f"expected an eighty_points.View, got {type(view).__name__}")
    check_fields(view)
    check_view_seats(view, 4)
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


def _voids(view: View, order: tuple[tuple[int, int], ...]) -> list[set[int]]:
    """Effective suits each seat has shown it lacks: it answered a lead with fewer cards of the led
    suit than were led."""
    voids: list[set[int]] = [set(), set(), set(), set()]
    tricks = [(t.leader, t.plays) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, plays in tricks:
        led = order[plays[0][0]][0]
        for k in range(1, len(plays)):
            if sum(1 for c in plays[k] if order[c][0] == led) < len(plays[0]):
                voids[(leader + k) % 4].add(led)
    return voids


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: the cards it does not show dealt at random to the other
    hands and the hidden bottom, no seat getting an effective suit it has shown it lacks, and the
    seat being asked holding what it must (under 25 points to be asked for a redeal, two identical
    jokers to be asked to declare no-trump)."""
    _check_view_shape(view)
    order = table_for(view.royal, view.trump)
    seen = Counter(view.hand) + Counter(view.bottom)
    for t in view.tricks:
        for play in t.plays:
            seen.update(play)
    for play in view.trick:
        seen.update(play)
    unseen_counter = Counter(_DECK) - seen
    if sum(seen.values()) + sum(unseen_counter.values()) != len(_DECK):
        raise StateError("the view shows more copies of a card than the deck holds")
    unseen = sorted(unseen_counter.elements())
    others = [s for s in range(4) if s != view.player]
    hidden_bottom = 0 if view.bottom else view.bottom_size
    sizes = [*(view.hand_sizes[s] for s in others), hidden_bottom]
    voids = _voids(view, order)
    allowed = [*(frozenset(range(5)) - voids[s] for s in others), frozenset(range(5))]
    actor = view.to_act
    known = [view.hand if s == view.player else () for s in range(4)]
    try:
        _replay_answers(known, _round_history(view.tricks, view.trick, view.leader), order)
    except _HeldCardsError as exc:
        raise StateError(str(exc)) from None
    wrong = "a seat asked to redeal or declare could not be given what it must hold"
    for attempt in range(_SAMPLE_TRIES):
        rng = Rng.from_seed(derive_seed(seed, attempt))
        dealt, rng = deal_hidden(unseen, sizes, allowed, lambda c: order[c][0], rng)
        hands: list[tuple[Card, ...]] = [(), (), (), ()]
        hands[view.player] = view.hand
        for s, h in zip(others, dealt):
            hands[s] = h
        if actor is not None and actor != view.player:
            if view.phase == "redeal" and points(hands[actor]) >= HAND:
                continue
            if view.phase == "declare" and not _holds_joker_pair(hands[actor]):
                continue
        bottom = view.bottom if view.bottom else dealt[-1]
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
        state = State(tuple(hands), view.trick, view.to_act, table)
        try:  # the deal respects voids; a double or sisters left unanswered is caught here
            _validate(state)
        except _HeldCardsError as exc:
            if exc.seat == view.player:
                raise StateError(str(exc)) from None
            wrong = str(exc)
            continue
        return state
    raise StateError(f"no deal of the hidden cards fitting the view was found ({wrong})")


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a fresh match: ``Dealt``, ``TrumpSet``, and ``BottomTaken`` when nobody had to
    be asked about redeals or no-trump."""
    if type(state) is not State:
        raise StateError(f"expected an eighty_points.State, got {type(state).__name__}")
    t = state.table
    events: list[Event] = [
        Dealt(t.match.round, (HAND,) * 4),
        TrumpSet(t.match.round, t.starter, t.royal, t.trump),
    ]
    if t.phase == "discard" and not t.bottom:
        events.append(BottomTaken(t.starter))
    return tuple(events)


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (its owner), the bottom (nobody before the starter takes it, then the starter),
    the current trick and this round's tricks (public)."""
    if type(state) is not State:
        raise StateError(f"expected a eighty_points.State, got {type(state).__name__}")
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


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a consistent 80 Points position: types, the 108
    cards each in one place, levels, rounds and redeals in bounds, every trick of the round played
    by the rules (a legal lead, legal answers from the hands the seats then held, led by the
    previous winner, the right winner and points), the attackers' points, the hand and bottom sizes
    for the phase, and whose turn it is."""
    try:
        _validate(state)
    except _HeldCardsError as exc:
        raise StateError(str(exc)) from None


def _validate(state: State) -> None:
    """``validate``, raising ``_HeldCardsError`` for a play the seat's cards did not allow."""
    if type(state) is not State:
        raise StateError(f"expected an eighty_points.State, got {type(state).__name__}")
    check_fields(state)
    _check_cards_and_bounds(state)
    _check_tricks(state)
    t = state.table
    if t.phase == "over":
        if state.to_act is not None or t.match.winner not in (0, 1):
            raise StateError("a finished match has a winner and nobody to act")
        return
    if t.match.winner is not None or state.to_act is None:
        raise StateError("a match in progress has a seat to act and no winner")
    if t.phase in ("redeal", "declare"):
        _check_before_the_bottom(state)
    elif t.phase == "discard":
        _check_discarding(state)
    else:
        _check_playing(state)


def _check_cards_and_bounds(state: State) -> None:
    """The 108 cards once each, sorted hands, levels 2-A, round and redeals within the config,
    the royal number, the trump suit and the seats."""
    t = state.table
    m = t.match
    cfg = m.config
    check_per_seat("hands", state.hands, 4)
    if any(list(h) != sorted(h) for h in state.hands):
        raise StateError("hands are kept sorted")
    cards = [c for h in state.hands for c in h] + list(t.bottom)
    cards += [c for play in state.trick for c in play]
    cards += [c for tr in t.tricks for play in tr.plays for c in play]
    if sorted(cards) != list(_DECK):
        raise StateError("hands, bottom and tricks must hold the 108 cards exactly once each")
    check_per_seat("levels", m.levels, 2)
    for level in m.levels:
        check_in_range("a team's level", level, 2, ACE)
    if not 1 <= m.round <= cfg.round_limit or not 0 <= t.redeals <= cfg.max_redeals:
        raise StateError("round and redeals within the config's bounds")
    if t.trump is not None:
        check_in_range("the trump suit", t.trump, 0, 3)
    check_seat("the starter", t.starter, 4)
    check_seat("the leader", t.leader, 4)
    check_seat("the seat to act", state.to_act, 4, optional=True)
    if t.phase != "over" and t.royal != m.levels[t.starter % 2]:
        raise StateError("the royal number is the defending team's level")


def _check_tricks(state: State) -> None:
    """Every trick of the round, the one in progress included, was played by the rules: the
    starter led the first, each winner the next; each lead is a single, a double or sisters; each
    answer has as many cards and is legal from the hand its seat then held (its hand now plus what
    it played since); and each completed trick has its winner and points."""
    t = state.table
    order = table_order(t)
    history = _round_history(t.tricks, state.trick, t.leader)
    _replay_answers(state.hands, history, order)
    leaders = [leader for leader, _ in history] or [t.leader]
    if leaders[0] != t.starter and t.phase not in ("over", "redeal", "declare"):
        raise StateError(f"the starter (seat {t.starter}) leads the round's first trick")
    won = 0
    for n, tr in enumerate(t.tricks):
        nxt = t.tricks[n + 1].leader if n + 1 < len(t.tricks) else t.leader
        if len(tr.plays) != 4 or tr.winner != (tr.leader + trick_winner(tr.plays, order)) % 4:
            raise StateError(f"trick {n + 1} must have four plays and the right winner")
        if nxt != tr.winner and (n + 1 < len(t.tricks) or t.phase == "play"):
            raise StateError(f"the winner of trick {n + 1} (seat {tr.winner}) leads the next")
        if tr.points != points([c for play in tr.plays for c in play]):
            raise StateError("a trick's points are its 5s, 10s and kings")
        won += tr.points if tr.winner % 2 != t.starter % 2 else 0
    if t.phase != "over" and won != t.points:
        raise StateError("the attackers' points must be the points of the tricks they won")


def _round_history(
    tricks: Sequence[Trick], trick: tuple[tuple[Card, ...], ...], leader: int
) -> list[tuple[int, tuple[tuple[Card, ...], ...]]]:
    """The round's tricks as (leader, plays), the one in progress last."""
    history = [(tr.leader, tr.plays) for tr in tricks]
    if trick:
        history.append((leader, trick))
    return history


def _replay_answers(
    hands: Sequence[Sequence[Card]],
    history: list[tuple[int, tuple[tuple[Card, ...], ...]]],
    order: Sequence[tuple[int, int]],
) -> None:
    """Each trick's lead and answers legal from the hands then held: ``hands`` plus what each
    seat played since, rebuilt back to front. More cards held never makes an answer legal that
    fewer cards did not, so ``sample_state`` replays the viewer's hand alone first: a failure then
    is one no deal of the hidden cards can mend."""
    held = [list(h) for h in hands]
    for leader, plays in reversed(history):
        for i, play in enumerate(plays):
            held[(leader + i) % 4].extend(play)
        _check_trick_plays(leader, plays, held, order)


def _check_trick_plays(
    leader: int, plays: tuple[tuple[Card, ...], ...], held: list[list[Card]], order: Sequence[tuple[int, int]]
) -> None:
    """One trick: a legal lead, then answers of as many cards, each legal from the hand held."""
    if not plays or not plays[0] or shape_of(plays[0], order) is None:
        where = format_cards(plays[0]) if plays and plays[0] else "no cards"
        raise StateError(f"seat {leader} led {where}: a lead is a single, a double or sisters")
    for i, play in enumerate(plays[1:], start=1):
        seat = (leader + i) % 4
        if len(play) != len(plays[0]):
            raise StateError(f"seat {seat} answered {len(plays[0])} cards with {len(play)}")
        hand = sorted(held[seat])
        reason = follow_reason(hand, play, plays[0], order)
        if reason is not None:
            raise _HeldCardsError(
                seat, f"impossible history: seat {seat} played {format_cards(play)}: {reason}"
            )


class _HeldCardsError(StateError):
    """A play the cards its seat then held did not allow: ``sample_state`` deals that seat's hidden
    cards again, while any other inconsistency of a view is final."""

    def __init__(self, seat: int, message: str) -> None:
        super().__init__(message)
        self.seat = seat


def _check_before_the_bottom(state: State) -> None:
    """Redeal and declare phases: 25 cards each, the bottom of 8, no trick, the right seat asked."""
    t = state.table
    to_act = state.to_act
    if [len(h) for h in state.hands] != [HAND] * 4 or len(t.bottom) != BOTTOM or t.tricks or state.trick:
        raise StateError("before the bottom is taken: 25 cards each and a bottom of 8")
    if to_act is None:
        return
    if t.phase == "redeal" and points(state.hands[to_act]) >= HAND:
        raise StateError("only a player under 25 points is asked for a redeal")
    if t.phase == "declare" and not _holds_joker_pair(state.hands[to_act]):
        raise StateError("only a player with two identical jokers is asked to declare")
    if t.phase == "redeal" and t.redeals >= t.match.config.max_redeals:
        raise StateError("nobody is asked once the redeals are used up")


def _check_discarding(state: State) -> None:
    """The starter holds 33 cards less its discards so far, and is to act."""
    t = state.table
    expected = [HAND] * 4
    expected[t.starter] = HAND + BOTTOM - len(t.bottom)
    sizes = [len(h) for h in state.hands]
    if sizes != expected or state.to_act != t.starter or t.tricks or state.trick or len(t.bottom) >= BOTTOM:
        raise StateError("the starter holds 33 cards less its discards, and discards")


def _check_playing(state: State) -> None:
    """A bottom of 8, cards left to play, play going round from the leader, hand sizes."""
    t = state.table
    played_before = sum(len(tr.plays[0]) for tr in t.tricks)
    if len(t.bottom) != BOTTOM or played_before >= HAND or len(state.trick) >= 4:
        raise StateError("a bottom of 8 and cards left to play")
    if state.to_act != (t.leader + len(state.trick)) % 4:
        raise StateError("play goes round from the trick's leader")
    lead = len(state.trick[0]) if state.trick else 0
    for s in range(4):
        played = lead if (s - t.leader) % 4 < len(state.trick) else 0
        if len(state.hands[s]) != HAND - played_before - played:
            raise StateError(f"seat {s} holds {len(state.hands[s])} cards, which the tricks do not allow")


def format_move(move: Move) -> str:
    """``ask``, ``keep``, ``declare``, ``pass``, ``discard QS`` and plays as cards: ``7C 7C 8C 8C``."""
    kind = type(move)
    if kind is Play:
        return " ".join(str(c) for c in move.cards)  # type: ignore[union-attr]
    if kind is Discard:
        return f"discard {move.card}"  # type: ignore[union-attr]
    names = {AskRedeal: "ask", KeepHand: "keep", DeclareNoTrump: "declare", NoDeclare: "pass"}
    name = names.get(kind)
    if name is None:
        raise IllegalMoveError(f"{short_repr(move)} is not an 80 Points move")
    return name


def parse_move(state: State, text: str) -> Move:
    """Read ``ask``, ``keep``, ``declare``, ``pass``, ``discard QS`` or cards (``7c 7c``)."""
    if not isinstance(text, str):
        raise MoveParseError(f"an 80 Points move is text such as '7C 7C' or 'keep', got {short_repr(text)}")
    words = text.replace(",", " ").lower().split()
    move: Move
    named: dict[str, Move] = {
        "ask": AskRedeal(),
        "keep": KeepHand(),
        "declare": DeclareNoTrump(),
        "pass": NoDeclare(),
    }
    try:
        if len(words) == 1 and words[0] in named:
            move = named[words[0]]
        elif len(words) == 2 and words[0] == "discard":
            move = Discard(parse_card(words[1]))
        elif words and len(words) in (1, 2, 4):
            move = Play(tuple(parse_card(w) for w in words))
        else:
            raise MoveParseError(f"{short_repr(text)} is not an 80 Points move")
    except CardParseError as exc:
        raise MoveParseError(f"{short_repr(text)} is not an 80 Points move: {exc}") from None
    except IllegalMoveError as exc:
        raise MoveParseError(str(exc)) from None
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {format_move(move)}: {reason}")
    return move


def render(view: View) -> str:
    """A few lines for a terminal: levels, trump and royal number, points, the trick and the hand."""
    if type(view) is not View:
        raise StateError(f"expected an eighty_points.View, got {type(view).__name__}")
    trump = "no trump" if view.trump is None else f"trump {Suit(view.trump).symbol}"
    defenders = view.starter % 2
    lines = [
        f"80 Points, round {view.round}. You are seat {view.player} (team {view.player % 2}). "
        f"Levels {view.levels[0]} / {view.levels[1]}; team {defenders} defends, royal {view.royal}, {trump}.",
        f"Phase {view.phase}; attackers' points {view.points}; to act: {view.to_act}.",
    ]
    if view.trick:
        lines.append(
            "Trick: "
            + "  ".join(
                f"{(view.leader + k) % 4}:{format_cards(p, pretty=True)}" for k, p in enumerate(view.trick)
            )
        )
    if view.bottom:
        lines.append("Bottom: " + format_cards(view.bottom, pretty=True))
    lines.append("Hand: " + format_cards(view.hand, pretty=True))
    return "\n".join(lines)
