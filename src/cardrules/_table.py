"""``cardrules play``: a person at the terminal against bots, one screen a decision.

The screen is the game's ``render`` of your view; every move is told in words (``describe``, you
as "you"); a move that is your only legal one is made for you, shown, after a short pause. Card
games take cards as you write them (``QS``, ``10h``), whole plays at once or card by card: each
card you give narrows the legal moves holding it, and only cards that still complete one are
offered. Games with a few choices that are not cards (Rugby League's slots and penalty options, 80
Points' questions) show a menu numbered by their action numbers, one line on what each does.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from cardrules import _words
from cardrules._reprs import short_repr
from cardrules._words import cards_of
from cardrules.bots import Bot
from cardrules.cards import Card, parse_cards
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError
from cardrules.registry import AnyGame
from cardrules.rng import derive_seed
from cardrules.serialization import dumps
from cardrules.transcript import Transcript

__all__ = ["Leave", "Table"]

_SHOWN = 12  # moves listed in full on the screen; more are summarised


class Leave(Exception):  # noqa: N818 (a way out of the loop, not an error)
    """The player left (end of input, or ``quit``): the game stops where it is."""


_EXPLAIN: dict[str, str] = {
    "AttemptDropGoal": "attempt a drop goal: 1 point if you win the kick's rounds",
    "KickForTouch": "kick for touch: the ball goes 2 places forward, a new set",
    "KickForGoal": "kick for goal: 2 points if you win the kick's rounds",
    "TapAndRun": "tap and run: play on from here with a fresh set of tackles",
    "AskRedeal": "ask for a redeal: every card is dealt again",
    "KeepHand": "keep your hand",
    "DeclareNoTrump": "declare no trump with your two identical jokers",
    "NoDeclare": "do not declare no trump",
}


def explain(move: object, view: Any) -> str:
    """One line on what a menu choice does."""
    name = type(move).__name__
    if name == "Choose":
        slot = getattr(move, "slot")  # noqa: B009 (Rugby League's Choose)
        own = getattr(view, "own_row", ())
        card = own[slot] if own else None
        shown = f"the {card.pretty()}" if card is not None else "your face-down card"
        return f"play {shown} in slot {slot}"
    return _EXPLAIN.get(name, "")


class Table:
    """One game at the terminal: ``play()`` runs it to its end and returns its transcript."""

    def __init__(
        self,
        game: AnyGame,
        config: Any,
        seed: int,
        seat: int,
        bots: Sequence[Bot],
        io: tuple[Callable[[], str], TextIO],
        pause: float = 0.6,
    ) -> None:
        self.game, self.config, self.seed, self.seat = game, config, seed, seat
        self.bots = bots
        self.read_line, self.out = io
        self.pause = pause
        self.state: Any = game.new_game(seed, config)
        self.moves: list[Any] = []
        players = game.num_players(config)
        self._others = [s for s in range(players) if s != seat]
        self._two_sides = players == 2 or game.NAME in ("pub_derby", "eighty_points")

    def transcript(self) -> Transcript:
        """The game so far, as ``cardrules replay`` reads it."""
        return Transcript(self.game.NAME, self.seed, self.config, None, tuple(self.moves))

    def save(self, path: str) -> None:
        """Write the transcript so far to ``path`` (``dumps``' JSON)."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(dumps(self.transcript()))

    def play(self) -> Transcript:
        """Play to the end; ``Leave`` if the player leaves first."""
        self._say(*self.game.opening_events(self.state))
        while self.state.to_act is not None:
            seat = self.state.to_act
            if seat == self.seat:
                move = self._your_move()
            else:
                bot = self.bots[self._others.index(seat) % len(self.bots)]
                seed = derive_seed(self.seed, 1, len(self.moves))
                move = bot.choose(self.game.view(self.state, seat), seed)
            self._apply(move, seat)
        self._finish()
        return self.transcript()

    def _apply(self, move: Any, seat: int) -> None:
        self.state, events = self.game.step(self.state, move)
        self.moves.append(move)
        # A move without public events (Rugby League's blind choice) is announced, never shown.
        self._say(*events) if events else self._line(f"  {_words.acts(seat, self.seat, 'has')} moved.")

    def _say(self, *events: object) -> None:
        for event in events:
            self._line(f"  {self.game.describe(event, self.seat)}")

    def _line(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def _your_move(self) -> Any:
        legal = self.game.legal_moves(self.state)
        view = self.game.view(self.state, self.seat)
        if len(legal) == 1:
            self._line(f"  Your only move: {self.game.format_move(legal[0])}.")
            self.out.flush()
            time.sleep(self.pause)
            return legal[0]
        self._line("\n" + self.game.render(view))
        menu = self._menu(legal, view)
        while True:
            self.out.write("Your move: ")
            self.out.flush()
            line = self.read_line()
            if not line or line.strip().lower() in ("quit", "q"):
                raise Leave
            if not line.strip():
                continue
            try:
                return self._resolve(line.strip(), legal, menu)
            except IllegalMoveError as exc:
                self._line(f"Not a legal move: {exc}")

    def _menu(self, legal: Sequence[Any], view: Any) -> dict[str, Any]:
        """Show the choices; the menu (action number -> move) when no legal move is a card."""
        if all(not cards_of(m) for m in legal):
            menu = {str(self.game.encode_move(m)): m for m in legal}
            for key, move in menu.items():
                self._line(f"  {key:>3}  {explain(move, view)}")
            self._line("Type a number (or the move's notation).")
            return menu
        words = [self.game.format_move(m) for m in legal if not cards_of(m)]
        plays = [m for m in legal if cards_of(m)]
        shown = " | ".join(self.game.format_move(m) for m in plays[:_SHOWN])
        more = f" | ... {len(plays) - _SHOWN} more" if len(plays) > _SHOWN else ""
        extra = f"; or: {', '.join(words)}" if words else ""
        self._line(f"Legal: {shown}{more}{extra}")
        self._line("Type the cards to play (all at once, or one at a time).")
        return {}

    def _resolve(self, text: str, legal: Sequence[Any], menu: dict[str, Any]) -> Any:
        if text in menu:
            return menu[text]
        typed = _typed_cards(text)
        if typed and any(len(cards_of(m)) > len(typed) and _holds(m, typed) for m in legal):
            return self._by_cards(typed, legal, "")  # the start of a larger play: build it
        try:
            return self.game.parse_move(self.state, text)
        except MoveParseError as exc:
            if not typed:
                raise
            return self._by_cards(typed, legal, str(exc))

    def _by_cards(self, typed: list[Card], legal: Sequence[Any], reason: str) -> Any:
        """The legal move holding ``typed``; asks for more cards while several do."""
        while True:
            fits = [m for m in legal if _holds(m, typed)]
            if not fits:
                nearest = self._nearest(typed, legal)
                raise IllegalMoveError(f"{reason or f'no legal move holds {_words.cards(typed)}'}; {nearest}")
            exact = [m for m in fits if Counter(cards_of(m)) == Counter(typed)]
            if len(fits) == 1 or (exact and len(fits) == len(exact)):
                return fits[0]
            want = Counter(typed)
            more = sorted({c for m in fits for c in (Counter(cards_of(m)) - want).elements()})
            enter = "Enter plays it, or add" if exact else "Add"
            self.out.write(f"Chosen {_words.cards(typed)}. {enter} a card ({_words.cards(more)}): ")
            self.out.flush()
            line = self.read_line()
            if not line:
                raise Leave
            if not line.strip() and exact:
                return exact[0]
            added = _typed_cards(line)
            if not added:
                raise IllegalMoveError(f"{short_repr(line.strip())} is not a card")
            typed, reason = typed + added, ""

    def _nearest(self, typed: list[Card], legal: Sequence[Any]) -> str:
        want = Counter(typed)

        def distance(move: Any) -> tuple[int, int]:
            have = Counter(cards_of(move))
            return (-sum((have & want).values()), abs(len(cards_of(move)) - len(typed)))

        plays = sorted((m for m in legal if cards_of(m)), key=distance)[:3]
        return "the nearest legal plays: " + ", ".join(self.game.format_move(m) for m in plays)

    def _finish(self) -> None:
        outcome = self.game.outcome(self.state)
        if outcome is None:
            return
        names = [_words.seat(s, self.seat) for s in range(len(outcome.scores))]
        width = max(len(n) for n in names)
        self._line("\nFinal scores:")
        for name, score in zip(names, outcome.scores):
            self._line(f"  {name:<{width}}  {_words.number(score)}")
        self._line(_verdict(outcome, self.seat, self._two_sides))


def _typed_cards(text: str) -> list[Card]:
    """The cards written in ``text`` ("AC AC", "4c-7c", "10h,qs"), or [] if it is not only cards."""
    try:
        return list(parse_cards(text.replace(",", " ").replace("-", " ")))
    except CardParseError:
        return []


def _holds(move: object, typed: list[Card]) -> bool:
    """Whether a card move names every card of ``typed`` (as many times as typed)."""
    have = cards_of(move)
    return bool(have) and not Counter(typed) - Counter(have)


def _verdict(outcome: Any, seat: int, two_sides: bool) -> str:
    """ "You win 2–1." where two sides play (two seats, or two teams); "You win with 21." with more
    (Clubs)."""
    scores, winners = outcome.scores, outcome.winners
    mine = scores[seat]
    if len(winners) == len(scores):
        return f"A draw, {_words.number(mine)} each."
    if two_sides:
        other = scores[(seat + 1) % len(scores)]
        if seat in winners:
            return f"You win {_words.number(mine)}–{_words.number(other)}."
        return f"You lose {_words.number(mine)}–{_words.number(other)}."
    if seat in winners:
        shared = " (a shared win)" if len(winners) > 1 else ""
        return f"You win with {_words.number(mine)}{shared}."
    best = scores[winners[0]]
    return f"You lose with {_words.number(mine)}; the winning score is {_words.number(best)}."
