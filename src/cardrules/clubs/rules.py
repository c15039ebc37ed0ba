"""Clubs' rules: the deal, legal moves, the one transition behind ``apply``, ``step`` and
``rollout``, and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules._reprs import short_repr, short_str
from cardrules._shared.checks import check_type, wrong_type
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.dealing import deal_round_robin
from cardrules._shared.tricks import card_reason, playable, take_card, trick_winner
from cardrules.cards import CARDS, Card, check_deck
from cardrules.clubs.policy import round_value
from cardrules.clubs.state import (
    _IS_CLUB,
    _PLAY,
    _TWO_OF_DIAMONDS,
    Config,
    Event,
    Match,
    Play,
    Progress,
    State,
    _config,
    _round_deck,
)
from cardrules.errors import IllegalMoveError
from cardrules.events import Dealt, GameOver, RoundScored, TrickWon, _card_played
from cardrules.game import Outcome
from cardrules.rng import Rng

__all__ = ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "num_players"]
__all__ += ["opening_events", "outcome", "step"]


def game_deck(config: Config | None = None) -> tuple[Card, ...]:
    """The 52 cards of Clubs (with three players the 2 of diamonds stays out of every deal)."""
    _config(config)
    return CARDS[:52]


def num_players(config: Config | None = None) -> int:
    """The number of seats: ``config.players``."""
    return _config(config).players


def max_moves(config: Config | None = None) -> int:
    """A hard bound on a game's moves.

    All 13 clubs are dealt every round, so the scores grow by 13 a round and some seat reaches the
    threshold after at most ``players * (threshold - 1) // 13 + 1`` rounds of ``cards dealt`` moves.
    """
    cfg = _config(config)
    rounds = cfg.players * (cfg.threshold - 1) // 13 + 1
    return rounds * len(_round_deck(cfg.players))


def _deal(deck: Sequence[Card], players: int) -> tuple[tuple[Card, ...], ...]:
    cards = [c for c in deck if c != _TWO_OF_DIAMONDS] if players == 3 else list(deck)
    hands, _ = deal_round_robin(cards, players, len(cards) // players)
    return hands


def _new_game(cfg: Config, rng: Rng, deck: Sequence[Card | str] | None) -> State:
    """``new_game`` past its checks of the seed and the config (in ``entry``): the first deal."""
    if deck is None:
        cards, rng = rng.shuffle(CARDS[:52])
    else:
        cards = check_deck(deck, CARDS[:52], "Clubs")
    hands = _deal(cards, cfg.players)
    return State(
        hands=hands,
        trick=(),
        to_act=0,
        progress=Progress(0, (), Match(config=cfg, scores=(0,) * cfg.players, round=1, rng=rng)),
    )


def _reason(state: State, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` when it is legal."""
    if type(state) is not State:
        raise wrong_type(state, State)
    if type(move) is not Play:
        return f"{short_repr(move)} is not a Clubs move (a Clubs move is Play(card))"
    seat = state.to_act
    if seat is None:
        return "the game is over"
    return card_reason(state.hands[seat], state.trick, move.card, seat)


def is_legal(state: State, move: object) -> bool:
    """Whether ``move`` is legal for the seat to act (it holds the card and follows suit if able)."""
    return _reason(state, move) is None


def legal_moves(state: State) -> tuple[Play, ...]:
    """The cards the seat to act may play, in hand order; empty once the game is over.

    A seat holding the led suit must play one of those; otherwise (or when leading) any card.
    """
    if type(state) is not State:
        raise wrong_type(state, State)
    seat = state.to_act
    if seat is None:
        return ()
    trick = state.trick
    return tuple([_PLAY[c] for c in playable(state.hands[seat], trick[0] if trick else None)])


def apply(state: State, move: object) -> State:
    """The state after the seat to act plays ``move``.

    Completing a trick gives it to the highest card of the led suit, whose seat leads next. After
    the round's last trick the clubs are scored; the game ends if a score reached the threshold,
    else the next round is dealt from a fresh shuffle and the last trick's winner leads it.
    Raises [`IllegalMoveError`][] (naming the seat and the reason) and changes nothing when the
    move is not legal.
    """
    return _transition(state, move, None)


def step(state: State, move: object) -> tuple[State, tuple[Event, ...]]:
    """``apply`` plus the public events: ``CardPlayed``; on a trick's last card ``TrickWon`` (points =
    clubs in it); after a round's last trick ``RoundScored``, then ``Dealt`` or ``GameOver``."""
    events: list[Event] = []
    return _transition(state, move, events), tuple(events)


def _transition(state: State, move: object, events: list[Event] | None, check: bool = True) -> State:
    """The one Clubs move: ``apply`` (``events`` None), ``step`` (events appended to ``events``)
    and ``rollout`` (``check`` False: the move is known legal) all go through here."""
    if check and (type(move) is not Play or type(state) is not State or state.to_act is None):
        raise IllegalMoveError(f"illegal move {short_repr(move)}: {_reason(state, move)}")
    seat: int = state.to_act  # type: ignore[assignment]  # checked above, or known by rollout
    card: Card = move.card  # type: ignore[attr-defined]
    taken = take_card(state.hands, state.trick, seat, card, check)
    if taken is None:
        raise IllegalMoveError(f"illegal move {short_str(card)}: {_reason(state, move)}")
    hands, trick = taken
    if events is not None:
        events.append(_card_played(seat, trick[-1]))
    players = len(hands)
    progress = state.progress
    # The records of a move are built from names spelled as their fields: named, at no cost.
    if len(trick) < players:
        to_act = (seat + 1) % players
        return State(hands, trick, to_act, progress)
    winner = _taker(progress.leader, trick, players)
    if events is not None:
        events.append(TrickWon(winner, trick, _clubs_in(trick)))
    tricks = (*progress.tricks, CompletedTrick(progress.leader, trick, winner))
    if hands[winner]:
        trick, to_act, progress = (), winner, Progress(winner, tricks, progress.match)
        return State(hands, trick, to_act, progress)
    return _end_round(hands, winner, tricks, progress.match, events)


def _taker(leader: int, trick: Sequence[Card], players: int) -> int:
    """The seat that takes a complete ``trick`` led by ``leader``: the highest card of the led suit."""
    return (leader + trick_winner(trick)) % players


def _clubs_in(cards: Sequence[Card]) -> int:
    """The points a trick's cards are worth: one a club."""
    return sum([_IS_CLUB[c] for c in cards])


def _round_points(tricks: Sequence[CompletedTrick], players: int) -> tuple[int, ...]:
    points = [0] * players
    for t in tricks:
        points[t.winner] += _clubs_in(t.cards)
    return tuple(points)


def _end_round(
    hands: tuple[tuple[Card, ...], ...],
    winner: int,
    tricks: tuple[CompletedTrick, ...],
    match: Match,
    events: list[Event] | None,
) -> State:
    """Score the round; the game ends if a score reached the threshold, else deal the next round."""
    cfg = match.config
    points = _round_points(tricks, cfg.players)
    scores = _scores_after(match, points)
    if events is not None:
        events.append(RoundScored(match.round, points, scores))
    if _match_over(cfg, scores):
        final = Match(config=cfg, scores=scores, round=match.round, rng=match.rng)
        if events is not None:
            events.append(GameOver(_result(scores)))
        return State(hands=hands, trick=(), to_act=None, progress=Progress(winner, tricks, final))
    cards, rng = match.rng.shuffle(CARDS[:52])
    dealt = _deal(cards, cfg.players)
    if events is not None:
        events.append(Dealt(match.round + 1, tuple(len(h) for h in dealt)))
    return State(
        hands=dealt,
        trick=(),
        to_act=winner,
        progress=Progress(winner, (), Match(config=cfg, scores=scores, round=match.round + 1, rng=rng)),
    )


def _scores_after(match: Match, points: Sequence[int]) -> tuple[int, ...]:
    """The match's scores with a round's ``points`` added."""
    return tuple([s + p for s, p in zip(match.scores, points)])


def _match_over(cfg: Config, scores: tuple[int, ...]) -> bool:
    """Whether ``scores`` end the match: a score reached the threshold."""
    return max(scores) >= cfg.threshold


def _result(scores: tuple[int, ...]) -> Outcome:
    """Each seat's score; every seat with the lowest score wins."""
    low = min(scores)
    return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == low))


def _playout(state: State, rnd: Callable[[], float]) -> tuple[float, ...]:
    """``rollout`` past its checks of the state and the seed (in ``entry``): the playout.

    It plays the transition's rules (``playable``, ``_taker``, ``_clubs_in``, ``_scores_after``,
    ``_match_over``) on mutable copies of the hands and the trick, and stops when the round is
    scored: building a ``State`` a card, a ``Progress`` and a ``CompletedTrick`` a trick, and the
    next round's shuffle cost more than the playout's own work (0.14 ms a playout against 0.05).
    A test replays playouts card for card through ``apply``.
    """
    progress = state.progress
    match = progress.match
    to_act = state.to_act
    if to_act is None:
        return _result(match.scores).rewards()
    seat: int = to_act
    leader = progress.leader
    hands = [list(h) for h in state.hands]
    players = len(hands)
    trick = list(state.trick)
    points = list(_round_points(progress.tricks, players))
    while True:
        hand = hands[seat]
        options = playable(hand, trick[0] if trick else None)
        card = options[int(rnd() * len(options))]
        hand.remove(card)
        trick.append(card)
        if len(trick) < players:
            seat = (seat + 1) % players
            continue
        leader = seat = _taker(leader, trick, players)
        points[seat] += _clubs_in(trick)
        trick = []
        if not hands[seat]:
            break
    scores = _scores_after(match, points)
    if _match_over(match.config, scores):
        return _result(scores).rewards()
    return round_value(points)


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a fresh game: ``Dealt(1, hand_sizes)``."""
    check_type(state, State)
    return (Dealt(state.match.round, tuple(len(h) for h in state.hands)),)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then each seat's score, and every seat with the lowest score."""
    check_type(state, State)
    return None if state.to_act is not None else _result(state.match.scores)
