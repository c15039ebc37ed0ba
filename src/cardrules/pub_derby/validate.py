"""Which Pub Derby states the rules can reach: ``validate`` and its named checks."""

from __future__ import annotations

import attrs

from cardrules._shared.checks import check_fields, check_type
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.tricks import check_no_revoke, trick_winner
from cardrules.cards import CARDS, Card, format_cards
from cardrules.errors import StateError
from cardrules.pub_derby.rules import _kickoff_card, _trick_won
from cardrules.pub_derby.state import HALVES, Config, State

__all__ = ["validate"]


@attrs.frozen
class _HalfReplay:
    """What a half's tricks give, replayed from its start: the next leader and the waves, each
    team's goals from waves and penalties awarded, and the yellow cards at the end."""

    leader: int
    waves: tuple[int, int]
    goals: tuple[int, int]
    penalties: tuple[int, int]
    yellows: tuple[int, int]


def _replay_half(
    tricks: tuple[CompletedTrick, ...], leader: int, cfg: Config, yellows: tuple[int, int] = (0, 0)
) -> _HalfReplay:
    """Replay the half's tricks (checking each leader against the one before) from ``yellows``."""
    waves, goals, penalties = (0, 0), [0, 0], [0, 0]
    for n, t in enumerate(tricks):
        if n and t.leader != leader:
            raise StateError(
                f"trick {n + 1} is led by seat {t.leader}, but seat {leader} leads it"
                " (the previous trick's winner, or the seat left of a goalscorer)"
            )
        won = _trick_won(waves, yellows, t.winner, t.cards, cfg)
        waves, leader, yellows = won.waves, won.leader, won.yellows
        goals[t.winner % 2] += won.goal
        if won.penalty:
            penalties[1 - t.winner % 2] += 1
            yellows = (0, 0)
    return _HalfReplay(
        leader=leader,
        waves=waves,
        goals=(goals[0], goals[1]),
        penalties=(penalties[0], penalties[1]),
        yellows=yellows,
    )


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position Pub Derby can reach.

    Checks types, that hands, trick, played tricks and bench hold the 52 cards once, hand sizes
    against the tricks played, nobody failing to follow a suit it held, trick winners and leaders
    (after a goal the seat left of the winner leads), the trump card, the kick-off card, its holder
    and the half's first card (of a trick in progress too), waves, yellow cards and goals against
    the half's tricks (see docs/rules/pub_derby.md for what the first half's tricks, not kept,
    still bound in the second), and whose turn it is.
    """
    check_type(state, State)
    check_fields(state)
    _check_cards(state)
    _check_tricks(state)
    _check_kickoff(state)
    _check_score(state)
    p = state.progress
    cfg = p.match.config
    done = len(p.tricks)
    if state.to_act is None:
        if p.match.half != HALVES or done != cfg.hand_size:
            raise StateError("the match ends after the second half's last trick")
    elif state.to_act != (p.leader + len(state.trick)) % cfg.players or done == cfg.hand_size:
        raise StateError("to_act must be the seat after the last one to play")


def _check_cards(state: State) -> None:
    """The half, the bench and its top card (the trump card), sorted hands of the right sizes, and
    the 52 cards once each."""
    p = state.progress
    m = p.match
    cfg = m.config
    players = cfg.players
    if len(state.hands) != players:
        raise StateError(f"{cfg.format} has {players} hands")
    if m.half not in range(1, HALVES + 1):
        raise StateError(f"the half is 1 or {HALVES}")
    bench_size = 52 - players * cfg.hand_size
    if len(m.bench) != bench_size:
        raise StateError(f"{cfg.format} has a bench of {bench_size}")
    if m.bench and m.trump_card != m.bench[0]:
        raise StateError("the trump card is the bench's top card")
    cards: list[Card] = [*m.bench, *state.trick, *(c for t in p.tricks for c in t.cards)]
    for h in state.hands:
        if list(h) != sorted(h):
            raise StateError("hands must be sorted")
        cards.extend(h)
    if sorted(cards) != list(CARDS[:52]):
        raise StateError("hands, trick, tricks and bench must hold the 52 cards exactly once")
    if len(state.trick) >= players or not 0 <= p.leader < players:
        raise StateError("a trick in progress has fewer cards than players, and a seat leads it")
    for s in range(players):
        played = 1 if (s - p.leader) % players < len(state.trick) else 0
        if len(state.hands[s]) != cfg.hand_size - len(p.tricks) - played:
            raise StateError(f"seat {s} holds {len(state.hands[s])} cards, which the tricks do not allow")


def _check_tricks(state: State) -> None:
    """Each completed trick has a card a seat, a seat as leader and its winner; nobody failed to
    follow a suit it held; each trick is led by the seat the one before says."""
    p = state.progress
    m = p.match
    players = m.config.players
    for t in p.tricks:
        if len(t.cards) != players or not 0 <= t.leader < players:
            raise StateError(f"a completed trick has {players} cards and a seat as leader")
        if t.winner != (t.leader + trick_winner(t.cards, m.trump)) % players:
            raise StateError(f"trick {format_cards(t.cards)} has the wrong winner")
    check_no_revoke(state.hands, p.tricks, p.leader, state.trick, players)
    replay = _replay_half(p.tricks, p.leader, m.config)
    if p.leader != replay.leader:
        raise StateError(
            f"seat {replay.leader} leads: the last trick's winner, or the seat left of a goalscorer"
        )
    if p.waves != replay.waves:
        raise StateError(f"the half's tricks give waves {replay.waves}, not {p.waves}")


def _check_kickoff(state: State) -> None:
    """The kick-off card is the first 2 not on the bench; the half's first trick (completed or in
    progress) starts with it; before it is played, its holder is to lead."""
    p = state.progress
    m = p.match
    kickoff = _kickoff_card(m.bench)
    if m.kickoff != kickoff:
        raise StateError(
            "the kick-off card is the first 2 (clubs, diamonds, spades, hearts) not on the bench"
        )
    if kickoff is None:
        return
    first = p.tricks[0].cards if p.tricks else state.trick
    if first and first[0] != kickoff:
        raise StateError(f"the half kicks off with {kickoff}")
    if not first and state.to_act is not None and kickoff not in state.hands[p.leader]:
        raise StateError("the holder of the kick-off card leads the half")


def _check_score(state: State) -> None:
    """Yellow cards and goals the half's tricks can give: replayed from the half's start (no
    yellows in the first half; any in the second, whose first half is not kept), each team's
    goals at least its goals from waves this half and at most those plus its penalties, plus
    (second half) what one half can give: a goal per ``goal_length`` tricks and two penalties."""
    p = state.progress
    m = p.match
    cfg = m.config
    starts = [(0, 0)] if m.half == 1 else [(a, b) for a in (0, 1) for b in (0, 1)]
    earlier = 0 if m.half == 1 else cfg.hand_size // cfg.goal_length + 2
    for start in starts:
        replay = _replay_half(p.tricks, p.leader, cfg, start)
        least, most = replay.goals, [g + pen + earlier for g, pen in zip(replay.goals, replay.penalties)]
        in_reach = all(least[t] <= m.goals[t] <= most[t] for t in (0, 1))
        in_total = m.half == 1 or sum(m.goals) <= sum(replay.goals) + sum(replay.penalties) + earlier
        if replay.yellows == m.yellows and in_reach and in_total:
            return
    raise StateError(
        f"goals {m.goals} and yellow cards {m.yellows} are not what half {m.half}'s tricks can give"
    )
