"""Which Clubs states the rules can reach: ``validate`` and its named checks."""

from __future__ import annotations

from cardrules._shared.checks import (
    check_fields,
    check_per_seat,
    check_seat,
    check_trick_in_progress,
    check_tricks,
    check_type,
)
from cardrules._shared.tricks import check_no_revoke, trick_winner
from cardrules.cards import Card, format_cards
from cardrules.clubs.rules import _round_points
from cardrules.clubs.state import State, _round_deck
from cardrules.errors import StateError

__all__ = ["validate"]


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position Clubs can reach.

    Checks the types, that the hands, trick and won tricks hold the round's cards exactly once,
    that hand sizes match the tricks played, that nobody failed to follow suit, whose turn it is,
    every recorded trick winner and leader, that seat 0 led the game's first trick, that the scores
    are 13 a finished round, and that the game is over exactly when a score reached the threshold
    after a whole round (and not already the round before).
    """
    check_type(state, State)
    check_fields(state)
    _check_cards(state)
    _check_tricks(state)
    _check_scores(state)


def _check_cards(state: State) -> None:
    """Scores and hands one a seat, sorted hands; the round's cards once each; hand sizes."""
    players = state.match.config.players
    check_per_seat("hands", state.hands, players)
    check_per_seat("scores", state.match.scores, players)
    if state.match.round < 1:
        raise StateError("the round number starts at 1")
    check_seat("the leader", state.leader, players)
    check_trick_in_progress("a trick", state.trick, players)
    cards: list[Card] = [*state.trick, *(c for t in state.tricks for c in t.cards)]
    for h in state.hands:
        if list(h) != sorted(h):
            raise StateError("hands must be sorted")
        cards.extend(h)
    check_tricks("trick", state.tricks, players, players)
    if sorted(cards) != sorted(_round_deck(players)):
        raise StateError("the hands, trick and won tricks must hold the round's cards exactly once")
    per_seat = len(_round_deck(players)) // players
    for s in range(players):
        played = 1 if (s - state.leader) % players < len(state.trick) else 0
        if len(state.hands[s]) != per_seat - len(state.tricks) - played:
            raise StateError(f"seat {s} holds {len(state.hands[s])} cards, which the tricks do not allow")


def _check_tricks(state: State) -> None:
    """Every trick's winner; each led by the winner of the one before, the game's first by seat 0;
    nobody failed to follow a suit it held."""
    players = len(state.hands)
    for t in state.tricks:
        if t.winner != (t.leader + trick_winner(t.cards)) % players:
            raise StateError(f"trick {format_cards(t.cards)} led by seat {t.leader} has the wrong winner")
    for prev, t in zip(state.tricks, state.tricks[1:]):
        if t.leader != prev.winner:
            raise StateError("each trick is led by the winner of the one before")
    if state.tricks and state.leader != state.tricks[-1].winner:
        raise StateError("the current trick is led by the last trick's winner")
    check_no_revoke(state.hands, state.tricks, state.leader, state.trick, players)
    if state.match.round == 1 and (state.tricks[0].leader if state.tricks else state.leader) != 0:
        raise StateError("seat 0 leads the first trick of the game")


def _check_scores(state: State) -> None:
    """13 points a finished round; the game goes on while every score is below the threshold, and
    ends after the first round that takes one there; whose turn it is."""
    cfg = state.match.config
    scores = state.match.scores
    done = len(state.tricks)
    per_seat = len(_round_deck(cfg.players)) // cfg.players
    scored_rounds = state.match.round if state.to_act is None else state.match.round - 1
    if sum(scores) != 13 * scored_rounds:
        raise StateError("all 13 clubs score in every finished round")
    if state.to_act is None:
        before = [s - p for s, p in zip(scores, _round_points(state.tricks, cfg.players))]
        if max(scores) < cfg.threshold or done != per_seat:
            raise StateError("the game ends only after a round in which a score reached the threshold")
        if max(before) >= cfg.threshold:
            raise StateError(
                f"scores {before} before the last round had reached the threshold: the game ended then"
            )
        return
    if max(scores) >= cfg.threshold:
        raise StateError("a score at the threshold ends the game")
    if state.to_act != (state.leader + len(state.trick)) % cfg.players:
        raise StateError("to_act must be the seat after the last one to play")
    if done == per_seat:
        raise StateError("a finished round must be scored")
