"""Which 80 Points states the rules can reach: ``validate`` and its named checks."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules._shared.checks import check_fields, check_in_range, check_per_seat, check_seat, check_type
from cardrules.cards import Card, format_cards
from cardrules.eighty_points.rules import _DECK, _holds_joker_pair
from cardrules.eighty_points.state import ACE, BOTTOM, HAND, CompletedTrick, State
from cardrules.eighty_points.tricks import follow_reason, points, shape_of, table_for, trick_winner
from cardrules.errors import StateError

__all__ = ["validate"]


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
    check_type(state, State)
    check_fields(state)
    _check_cards_and_bounds(state)
    _check_tricks(state)
    t = state.table
    if t.phase == "over":
        _check_finished(state)
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
    order = table_for(t.royal, t.trump)
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
    tricks: Sequence[CompletedTrick], trick: tuple[tuple[Card, ...], ...], leader: int
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


def _check_finished(state: State) -> None:
    """A match ends only when a round's last trick is taken: a winner, nobody to act, every hand
    played out in 25 cards a seat, no trick in progress, and the bottom of 8."""
    t = state.table
    if state.to_act is not None or t.match.winner not in (0, 1):
        raise StateError("a finished match has a winner and nobody to act")
    played = sum(len(tr.plays[0]) for tr in t.tricks)
    if any(state.hands) or state.trick or len(t.bottom) != BOTTOM or played != HAND:
        raise StateError(
            "a finished match ends its last round: empty hands, 25 cards played each, a bottom of 8"
        )


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
