"""Clubs: a trick-taking game for 2 to 4 players where every club you take counts against you.

Rule text: "Rules for Clubs" v1.1 (The University of Queensland, School of ITEE, 2015); the rulings
and decisions are on the Clubs page of the documentation.

* Seats 0..3 are the text's players A..D. Each round deals the whole deck (with three players,
  without the 2 of diamonds) one card at a time, seat 0 first.
* Players must follow the led suit when able; the highest card of the led suit wins the trick and
  its winner leads the next. Seat 0 leads the first trick of the game; the winner of a round's last
  trick leads the next round, which is dealt from a fresh shuffle of the whole deck.
* Each club in the tricks a seat won is one point, added when the round ends. The game ends after a
  round in which any score reaches the threshold; the lowest score wins, ties share the win.

Moves are [`Play`][] (one card). ``legal_moves`` lists them in hand order: by suit (clubs,
diamonds, hearts, spades), then rank, low to high.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, cast

import attrs

from cardrules._actions import check_index, check_move_fields, decode_checked
from cardrules._checks import (
    check_fields,
    check_per_seat,
    check_seat,
    check_trick_in_progress,
    check_trick_view,
    check_tricks,
)
from cardrules._dealing import deal_hidden, deal_round_robin
from cardrules._options import config_of, int_option
from cardrules._reprs import short_repr
from cardrules._tricks import (
    SUIT_OF,
    CompletedTrick,
    card_reason,
    parse_suited_card,
    playable,
    revoke,
    take_card,
    trick_winner,
    void_suits,
)
from cardrules.cards import CARDS, Card, Rank, Suit, check_deck, format_cards, to_card
from cardrules.errors import (
    IllegalMoveError,
    StateError,
)
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome, Zone
from cardrules.rng import Rng, playout_random

__all__ = [
    "DESCRIPTION",
    "EVENT_TYPES",
    "MOVE_TYPES",
    "NAME",
    "CompletedTrick",
    "Config",
    "Event",
    "Match",
    "Move",
    "Play",
    "Progress",
    "State",
    "View",
    "action_count",
    "apply",
    "decode_move",
    "encode_move",
    "format_move",
    "game_deck",
    "is_legal",
    "legal_actions",
    "legal_moves",
    "max_moves",
    "new_game",
    "num_players",
    "opening_events",
    "outcome",
    "parse_move",
    "render",
    "rollout",
    "sample_state",
    "step",
    "validate",
    "view",
    "zones",
]

NAME = "clubs"
DESCRIPTION = "Clubs: 2-4 players follow suit; every club taken is a point; lowest score wins."

_TWO_OF_DIAMONDS = CARDS[Suit.DIAMONDS * 13 + Rank.TWO - 2]
_CLUB = int(Suit.CLUBS)
_SEATS = "ABCD"


@attrs.frozen
class Config:
    """Clubs options: ``players`` (2-4, default 4) and the point ``threshold`` (>= 1, default 50)."""

    players: int = attrs.field(default=4, validator=int_option("Clubs players", 2, 4))
    threshold: int = attrs.field(default=50, validator=int_option("Clubs threshold", 1))


@attrs.frozen
class Play:
    """Play ``card`` to the current trick. Text is accepted: ``Play("QS")``."""

    card: Card = attrs.field(converter=to_card)


Move: TypeAlias = Play
"""Clubs has one kind of move."""
MOVE_TYPES: tuple[type, ...] = (Play,)


@attrs.frozen
class Match:
    """What changes once a round: the config, running scores, the round number and the generator."""

    config: Config
    scores: tuple[int, ...]
    round: int
    rng: Rng


@attrs.frozen
class Progress:
    """What changes once a trick: the current trick's ``leader``, this round's completed ``tricks``
    (the last round's once the game is over) and the ``match``."""

    leader: int
    tricks: tuple[CompletedTrick, ...]
    match: Match


@attrs.frozen
class State:
    """A whole Clubs game at one moment, hidden hands and the random stream included.

    ``hands[s]`` is seat ``s``'s hand, sorted; ``trick`` the cards of the current trick in play
    order; ``to_act`` the seat to play, ``None`` once the game is over; ``progress`` what changes
    once a trick (read through the ``leader``, ``tricks`` and ``match`` properties).
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    to_act: int | None
    progress: Progress

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self.progress.leader

    @property
    def tricks(self) -> tuple[CompletedTrick, ...]:
        """This round's completed tricks (the last round's once the game is over)."""
        return self.progress.tricks

    @property
    def match(self) -> Match:
        """Config, scores, round number and generator."""
        return self.progress.match


@attrs.frozen
class View:
    """What seat ``player`` knows: its hand, the table, this round's tricks, sizes and scores."""

    player: int
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    to_act: int | None
    tricks: tuple[CompletedTrick, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    round: int
    config: Config
    legal_moves: tuple[Play, ...]


Event: TypeAlias = CardPlayed | TrickWon | RoundScored | Dealt | GameOver
"""Events of Clubs, all shared with other games."""
EVENT_TYPES: tuple[type, ...] = (CardPlayed, TrickWon, RoundScored, Dealt, GameOver)

_PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS[:52])
_IS_CLUB: tuple[int, ...] = tuple(1 if c // 13 == _CLUB else 0 for c in range(52))


def _round_deck(players: int) -> tuple[Card, ...]:
    deck = CARDS[:52]
    return tuple(c for c in deck if c is not _TWO_OF_DIAMONDS) if players == 3 else deck


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


def _config(config: object) -> Config:
    return config_of(config, Config, "clubs")


def _deal(deck: Sequence[Card], players: int) -> tuple[tuple[Card, ...], ...]:
    cards = [c for c in deck if c is not _TWO_OF_DIAMONDS] if players == 3 else list(deck)
    hands, _ = deal_round_robin(cards, players, len(cards) // players)
    return hands


def new_game(seed: int, config: Config | None = None, *, deck: Sequence[Card | str] | None = None) -> State:
    """A new game: seat 0 leads the first trick.

    Without ``deck`` the first round is dealt from a shuffle of the 52 cards by the seed's generator.
    A stacked ``deck`` (all 52 cards, top first) is dealt one card at a time, seat 0 first, with
    three players skipping the 2 of diamonds where it lies; every later round is shuffled.
    """
    cfg = _config(config)
    rng = Rng.from_seed(seed)
    if deck is None:
        cards, rng = rng.shuffle(CARDS[:52])
    else:
        cards = check_deck(deck, CARDS[:52], "Clubs")
    hands = _deal(cards, cfg.players)
    return State(hands, (), 0, Progress(0, (), Match(cfg, (0,) * cfg.players, 1, rng)))


def _reason(state: State, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` when it is legal."""
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
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
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
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
    seat = cast(int, state.to_act)
    card = cast(Play, move).card
    hands, trick = take_card(state.hands, state.trick, seat, card, check, lambda: _reason(state, move))
    if events is not None:
        events.append(CardPlayed(seat, trick[-1]))
    players = len(hands)
    if len(trick) < players:
        return State(hands, trick, (seat + 1) % players, state.progress)
    progress = state.progress
    winner = (progress.leader + trick_winner(trick)) % players
    if events is not None:
        events.append(TrickWon(winner, trick, sum([_IS_CLUB[c] for c in trick])))
    tricks = (*progress.tricks, CompletedTrick(progress.leader, trick, winner))
    if hands[winner]:
        return State(hands, (), winner, Progress(winner, tricks, progress.match))
    return _end_round(hands, winner, tricks, progress.match, events)


def _round_points(tricks: Sequence[CompletedTrick], players: int) -> tuple[int, ...]:
    points = [0] * players
    for t in tricks:
        points[t.winner] += sum([_IS_CLUB[c] for c in t.cards])
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
    scores = tuple(s + p for s, p in zip(match.scores, points))
    if events is not None:
        events.append(RoundScored(match.round, points, scores))
    if max(scores) >= cfg.threshold:
        final = Match(cfg, scores, match.round, match.rng)
        if events is not None:
            events.append(GameOver(_result(scores)))
        return State(hands, (), None, Progress(winner, tricks, final))
    cards, rng = match.rng.shuffle(CARDS[:52])
    dealt = _deal(cards, cfg.players)
    if events is not None:
        events.append(Dealt(match.round + 1, tuple(len(h) for h in dealt)))
    return State(dealt, (), winner, Progress(winner, (), Match(cfg, scores, match.round + 1, rng)))


def _result(scores: tuple[int, ...]) -> Outcome:
    """Each seat's score; every seat with the lowest score wins."""
    low = min(scores)
    return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == low))


def rollout(state: State, seed: int) -> tuple[float, ...]:
    """A fast random playout for search bots, to the end of the current round only (a match can
    last many rounds): uniformly random legal cards, played by the one transition without events
    or move checks.

    If the round ends the match (a score reaches the threshold), each seat's ``Outcome.rewards`` for
    the final scores; otherwise ``1 - clubs taken this round / 13`` per seat, since the match goes to
    the lowest score. A finished game gives its ``Outcome.rewards``.
    """
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
    rnd = playout_random(seed)
    start = state.match
    while state.to_act is not None and state.match is start:
        hand = state.hands[state.to_act]
        options = playable(hand, state.trick[0] if state.trick else None)
        state = _transition(state, _PLAY[options[int(rnd() * len(options))]], None, False)
    if state.to_act is None:
        return _result(state.match.scores).rewards()
    return tuple(1 - (a - b) / 13 for a, b in zip(state.match.scores, start.scores))


def opening_events(state: State) -> tuple[Event, ...]:
    """The events of a fresh game: ``Dealt(1, hand_sizes)``."""
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
    return (Dealt(state.match.round, tuple(len(h) for h in state.hands)),)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then each seat's score, and every seat with the lowest score."""
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
    return None if state.to_act is not None else _result(state.match.scores)


def view(state: State, player: int) -> View:
    """What seat ``player`` sees: its own hand and everything public (no other hand)."""
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
    players = len(state.hands)
    if type(player) is not int or not 0 <= player < players:
        raise StateError(f"player must be a seat from 0 to {players - 1}, got {short_repr(player)}")
    match = state.match
    return View(
        player,
        state.hands[player],
        state.trick,
        state.leader,
        state.to_act,
        state.tricks,
        tuple(len(h) for h in state.hands),
        match.scores,
        match.round,
        match.config,
        legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Seats and per-seat fields that fit the view's config, before ``sample_state`` indexes them;
    whether a state can show the view is ``validate``'s to say, on the state sampled from it."""
    if type(view) is not View:
        raise StateError(f"expected a clubs.View, got {type(view).__name__}")
    check_fields(view)
    check_trick_view(view, view.config.players)
    check_per_seat("a view's scores", view.scores, view.config.players)


def sample_state(view: View, seed: int) -> State:
    """A full state consistent with ``view``: the unseen cards dealt at random to the other seats.

    A seat that failed to follow a suit this round gets none of it. The generator for later rounds
    comes from ``seed``, since the real one is hidden.
    """
    _check_view_shape(view)
    cfg = view.config
    players = cfg.players
    seen = set(view.hand) | set(view.trick)
    for t in view.tricks:
        seen.update(t.cards)
    unseen = [c for c in _round_deck(players) if c not in seen]
    others = [s for s in range(players) if s != view.player]
    voids = void_suits(
        [t.cards for t in view.tricks] + ([view.trick] if view.trick else []),
        [t.leader for t in view.tricks] + ([view.leader] if view.trick else []),
        players,
    )
    rng = Rng.from_seed(seed)
    if view.to_act is None:
        dealt: tuple[tuple[Card, ...], ...] = ()
    else:
        dealt, rng = deal_hidden(
            unseen,
            [view.hand_sizes[s] for s in others],
            [frozenset(range(4)) - voids[s] for s in others],
            SUIT_OF.__getitem__,
            rng,
        )
    hands: list[tuple[Card, ...]] = [()] * players
    hands[view.player] = view.hand
    for s, h in zip(others, dealt):
        hands[s] = h
    state = State(
        tuple(hands),
        view.trick,
        view.to_act,
        Progress(view.leader, view.tricks, Match(cfg, view.scores, view.round, rng)),
    )
    validate(state)
    return state


def zones(state: State) -> tuple[Zone, ...]:
    """Each hand (seen by its owner), the current trick, each seat's won tricks (public), and the
    2 of diamonds set aside in a three-player game (public)."""
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
    players = len(state.hands)
    everyone = tuple(range(players))
    out = [Zone(f"hand {s}", state.hands[s], (s,)) for s in range(players)]
    out.append(Zone("trick", state.trick, everyone))
    won: list[list[Card]] = [[] for _ in range(players)]
    for t in state.tricks:
        won[t.winner].extend(t.cards)
    out.extend(Zone(f"won {s}", tuple(won[s]), everyone) for s in range(players))
    if players == 3:
        out.append(Zone("set aside", (_TWO_OF_DIAMONDS,), everyone))
    return tuple(out)


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a position Clubs can reach.

    Checks the types, that the hands, trick and won tricks hold the round's cards exactly once,
    that hand sizes match the tricks played, that nobody failed to follow suit, whose turn it is,
    every recorded trick winner and leader, that seat 0 led the game's first trick, that the scores
    are 13 a finished round, and that the game is over exactly when a score reached the threshold
    after a whole round (and not already the round before).
    """
    if type(state) is not State:
        raise StateError(f"expected a clubs.State, got {type(state).__name__}")
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
    history = [(t.leader, t.cards) for t in state.tricks]
    if state.trick:
        history.append((state.leader, state.trick))
    reason = revoke(state.hands, history, players)
    if reason is not None:
        raise StateError(f"impossible history: {reason}")
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


def action_count(config: Config | None = None) -> int:
    """52 actions: action ``k`` plays the card with code ``k`` (2C 0 .. AC 12, 2D 13 .. AD 25,
    2H 26 .. AH 38, 2S 39 .. AS 51), whatever the config."""
    _config(config)
    return 52


def encode_move(move: Play) -> int:
    """The action number of ``move``: its card's code (see [`action_count`][])."""
    if type(move) is not Play:
        raise IllegalMoveError(f"{short_repr(move)} is not a Clubs move (a Clubs move is Play(card))")
    check_move_fields("Clubs", move)
    return int(move.card)


def decode_move(state: State, index: int) -> Play:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Clubs", index, 52)
    return decode_checked("Clubs", state, index, _PLAY[index], is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return tuple([int(m.card) for m in legal_moves(state)])


def format_move(move: Play) -> str:
    """The card's notation: ``"QS"``."""
    if type(move) is not Play:
        raise IllegalMoveError(f"{short_repr(move)} is not a Clubs move")
    return str(move.card)


def parse_move(state: State, text: str) -> Play:
    """The legal play written as a card (``"QS"``, ``"10h"``, ``"th"``).

    Raises [`MoveParseError`][] for text that is no card, [`IllegalMoveError`][] for a card
    that may not be played now.
    """
    card = parse_suited_card(text, "Clubs")
    move = _PLAY[card]
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {card}: {reason}")
    return move


def render(view: View) -> str:
    """A few lines for a terminal: scores, this round's tricks so far, the table and the hand."""
    if type(view) is not View:
        raise StateError(f"expected a clubs.View, got {type(view).__name__}")
    players = view.config.players
    lines = [
        f"Clubs, round {view.round}, threshold {view.config.threshold}. You are {_SEATS[view.player]}.",
        "Scores: "
        + "  ".join(f"{_SEATS[s]}={view.scores[s]}" for s in range(players))
        + "   Cards: "
        + "  ".join(f"{_SEATS[s]}:{view.hand_sizes[s]}" for s in range(players)),
    ]
    if view.tricks:
        last = view.tricks[-1]
        lines.append(
            f"Last trick (led by {_SEATS[last.leader]}): {format_cards(last.cards, pretty=True)}"
            f" -> {_SEATS[last.winner]}"
        )
    if view.to_act is None:
        lines.append("The game is over.")
    else:
        table = "  ".join(
            f"{_SEATS[(view.leader + k) % players]}:{c.pretty()}" for k, c in enumerate(view.trick)
        )
        lines.append(f"Trick: {table or '(empty)'}   To play: {_SEATS[view.to_act]}")
    lines.append("Hand: " + format_cards(view.hand, pretty=True))
    return "\n".join(lines)
