"""High Card's rules: the deal, legal moves, the one transition behind ``apply``, ``step`` and
``rollout``, and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules._reprs import short_repr, short_str
from cardrules._shared.checks import check_type, wrong_type
from cardrules._shared.completed_trick import CompletedTrick
from cardrules._shared.dealing import deal_round_robin
from cardrules._shared.tricks import card_reason, take_card, trick_winner
from cardrules.cards import Card, check_deck
from cardrules.errors import IllegalMoveError
from cardrules.events import Dealt, GameOver, TrickWon, _card_played
from cardrules.game import Outcome
from cardrules.rng import Rng
from high_card.state import _DECK, _PLAY, Config, Event, Play, State, _config

__all__ = ["apply", "game_deck", "is_legal", "legal_moves", "max_moves", "num_players"]
__all__ += ["opening_events", "outcome", "step"]


def game_deck(config: Config | None = None) -> tuple[Card, ...]:
    """The six cards of High Card: the 9 to the ace of spades."""
    _config(config)
    return _DECK


def num_players(config: Config | None = None) -> int:
    """Two seats."""
    _config(config)
    return 2


def max_moves(config: Config | None = None) -> int:
    """Six: every move plays one of the six cards."""
    _config(config)
    return len(_DECK)


def _new_game(rng: Rng, deck: Sequence[Card | str] | None) -> State:
    """``new_game`` past its checks of the seed and the config (in ``entry``): the deal."""
    if deck is None:
        cards, _ = rng.shuffle(_DECK)  # the one chance event: no later deal needs the generator
    else:
        cards = check_deck(deck, _DECK, "High Card")
    hands, _ = deal_round_robin(cards, 2, 3)
    return State(hands, (), 0, (), 0)


def _reason(state: State, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` when it is legal: any card a seat holds
    may be played (every card is a spade, so following suit never bars one)."""
    if type(state) is not State:
        raise wrong_type(state, State)
    if type(move) is not Play:
        return f"{short_repr(move)} is not a High Card move (a High Card move is Play(card))"
    if state.to_act is None:
        return "the game is over"
    return card_reason(state.hands[state.to_act], state.trick, move.card, state.to_act)


def is_legal(state: State, move: object) -> bool:
    """Whether ``move`` is legal for the seat to act (it holds the card)."""
    return _reason(state, move) is None


def legal_moves(state: State) -> tuple[Play, ...]:
    """The cards the seat to act holds, low to high; empty once the game is over."""
    if type(state) is not State:
        raise wrong_type(state, State)
    return () if state.to_act is None else tuple([_PLAY[c] for c in state.hands[state.to_act]])


def apply(state: State, move: object) -> State:
    """The state after the seat to act plays ``move``: the higher card of a trick wins it and its
    seat leads next; the third trick ends the game. Raises [`IllegalMoveError`][] (naming the
    seat and the reason) and changes nothing when the move is not legal."""
    return _transition(state, move, None)


def step(state: State, move: object) -> tuple[State, tuple[Event, ...]]:
    """``apply`` plus the public events: ``CardPlayed``; on a trick's second card ``TrickWon`` (one
    point, the trick); after the third trick ``GameOver``."""
    events: list[Event] = []
    return _transition(state, move, events), tuple(events)


def _transition(state: State, move: object, events: list[Event] | None, check: bool = True) -> State:
    """The one High Card move: ``apply`` (``events`` None), ``step`` (events appended to
    ``events``) and ``rollout`` (``check`` False: the move is known legal) all go through here."""
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
    if len(trick) < 2:
        return State(hands, trick, state.leader, state.tricks, 1 - seat)
    winner = (state.leader + trick_winner(trick)) % 2
    if events is not None:
        events.append(TrickWon(winner, trick, 1))
    tricks = (*state.tricks, CompletedTrick(state.leader, trick, winner))
    if hands[winner]:
        return State(hands, (), winner, tricks, winner)
    if events is not None:
        events.append(GameOver(_result(tricks)))
    return State(hands, (), winner, tricks, None)


def _result(tricks: Sequence[CompletedTrick]) -> Outcome:
    """Each seat's tricks; the seat with more of them (of three, so never a tie) wins."""
    won = [0, 0]
    for t in tricks:
        won[t.winner] += 1
    return Outcome((won[0], won[1]), (0,) if won[0] > won[1] else (1,))


def _playout(state: State, rnd: Callable[[], float]) -> tuple[float, ...]:
    """``rollout`` past its checks of the state and the seed (in ``entry``): the playout."""
    while state.to_act is not None:
        hand = state.hands[state.to_act]
        state = _transition(state, _PLAY[hand[int(rnd() * len(hand))]], None, False)
    return _result(state.tricks).rewards()


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a fresh game: ``Dealt(1, (3, 3))``."""
    check_type(state, State)
    return (Dealt(1, tuple(len(h) for h in state.hands)),)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then each seat's tricks, and the seat with more."""
    check_type(state, State)
    return None if state.to_act is not None else _result(state.tricks)
