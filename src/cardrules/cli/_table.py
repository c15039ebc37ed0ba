"""``cardrules play``: a person at the terminal against bots, one line a decision.

The game starts with its rules (``HOW_TO_PLAY``) and how to type a move, once; ``help`` at any
prompt prints them again with the commands, ``status`` the whole table, ``quit`` leaves. Before
each of your moves comes one compact line (whose turn, the score, the trick so far: see
``cardrules.cli._status``), and the whole table (the game's ``render``, Rugby League's in words) at
your first decision and at each new round, half, set or season; every move is told in words
(``describe``, you as "you"); a move that is your only legal one is made for you, shown, after a
short pause; the game's end is told once. Card games list every legal move (grouped by suit) and
take cards as you write them (``QS``, ``10h``, ``q♠``), whole plays at once or card by card: each
card you give narrows the legal moves holding it, and only cards that still complete one are
offered. Games with a few choices that are not cards (Rugby League's slots and penalty options,
80 Points' questions) show a menu numbered from 1, one line on what each does; a Rugby League slot
is its number counted from 1. Manager's swaps come with what each would make the teams worth.
Your mistakes are told to you as "you", then the legal choices again. Every line fits 80 columns,
coloured on a terminal (see [`Console`][cardrules.cli._console.Console]).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from cardrules._reprs import short_repr
from cardrules._shared import words as _words
from cardrules._shared.words import cards_of
from cardrules.bots import Bot
from cardrules.cards import Card, parse_cards
from cardrules.cli._console import WIDTH, Console
from cardrules.cli._status import beside_choices, compact, picture
from cardrules.errors import CardParseError, IllegalMoveError, MoveParseError
from cardrules.events import GameOver
from cardrules.registry import AnyGame
from cardrules.rng import derive_seed
from cardrules.serialization import dumps
from cardrules.transcript import Transcript

__all__ = ["Leave", "TerminalTable"]


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
        return f"play {shown} in slot {slot + 1}"  # counted from 1, as a person counts
    return _EXPLAIN.get(name, "")


class _Back(Exception):  # noqa: N818 (back to the move's prompt, not an error)
    """A play chosen card by card was given up: its cards go back, the move is asked again."""


class TerminalTable:
    """One game at the terminal: ``play()`` runs it to its end and returns its transcript.

    ``colour`` colours the lines through rich (default: when ``out`` is a terminal and
    ``NO_COLOR`` is not set; see [`wants_colour`][cardrules.cli._console.wants_colour])."""

    def __init__(
        self,
        game: AnyGame,
        config: Any,
        seed: int,
        seat: int,
        bots: Sequence[Bot],
        io: tuple[Callable[[], str], TextIO],
        pause: float = 0.6,
        *,
        colour: bool | None = None,
    ) -> None:
        self.game, self.config, self.seed, self.seat = game, config, seed, seat
        self.bots = bots
        self.read_line, self.out = io
        self.console = Console(self.out, colour=colour)
        self.pause = pause
        self.state: Any = game.new_game(seed, config)
        self.moves: list[Any] = []
        self._others = [s for s in range(game.num_players(config)) if s != seat]
        self._told_menu = False
        self._heading = ""  # the full picture's first line when last shown: a new one shows it all
        self._view: Any = None  # the view at the prompt, which ``status`` shows in full

    def transcript(self) -> Transcript:
        """The game so far, as ``cardrules replay`` reads it."""
        return Transcript(
            game=self.game.NAME, seed=self.seed, config=self.config, deck=None, moves=tuple(self.moves)
        )

    def save(self, path: str) -> None:
        """Write the transcript so far to ``path`` (``dumps``' JSON)."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(dumps(self.transcript()))

    def play(self) -> Transcript:
        """Play to the end; ``Leave`` if the player leaves first."""
        self._introduce()
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
        return self.transcript()

    def _introduce(self) -> None:
        """How to play the game and how to type moves: once, at the start."""
        self._rules()
        self.console.line("Type help to read this again, status to see the whole table, quit to leave.")
        self.console.gap()

    def _help(self) -> None:
        self.console.gap()
        self._rules()
        self.console.line(
            "Commands: help shows this; status shows the whole table (each move shows one line of it); "
            "quit (or q) leaves the game. Your only legal move is made for you.",
            prose=True,
        )

    def _rules(self) -> None:
        self.console.line(self.game.DESCRIPTION, "title", prose=True)
        self.console.line(self.game.HOW_TO_PLAY, prose=True)
        self.console.line(typing_help(self.game.NAME), prose=True)

    def _apply(self, move: Any, seat: int) -> None:
        yours = explain(move, self.game.view(self.state, seat)) if seat == self.seat else ""
        self.state, events = self.game.step(self.state, move)
        self.moves.append(move)
        if events:
            self._say(*events)
        else:  # a move without public events (Rugby League's blind choice): yours told, theirs announced
            self._line(f"  You {yours}." if yours else f"  {_words.acts(seat, self.seat, 'has')} moved.")

    def _say(self, *events: object) -> None:
        for event in events:
            text = self.game.describe(event, self.seat)
            if isinstance(event, GameOver):  # the game's own last word: its result, once
                self.console.gap()
                self.console.line(text, "end" if self.seat in event.outcome.winners else "end_lost")
            else:
                self.console.line(f"  {text}", "won" if _WON.search(text) else "event")

    def _line(self, text: str, kind: str = "") -> None:
        self.console.line(text, kind)

    def _read(self, prompt: str, again: Callable[[], None]) -> str:
        """The next answer to ``prompt``, stripped: ``help`` prints the rules, ``status`` the whole
        table, each then ``again`` (the choices); ``quit`` (or the end of the input) leaves the game."""
        while True:
            self.console.prompt(prompt)
            line = self.read_line()
            text = line.strip()
            if not line or text.lower() in _QUIT:
                raise Leave
            if text.lower() in _HELP:
                self._help()
                again()
                continue
            if text.lower() in _STATUS and self._view is not None:
                self.console.gap()
                self._full(self._view)
                again()
                continue
            return text

    def _your_move(self) -> Any:
        legal = self.game.legal_moves(self.state)
        view = self.game.view(self.state, self.seat)
        menu = _menu(self.game, legal, view)
        if len(legal) == 1:
            self._line(f"  Your only move: {explain(legal[0], view) or self.game.format_move(legal[0])}.")
            time.sleep(self.pause)
            return legal[0]
        self._view = view

        def show() -> None:
            self._choices(legal, view, menu)

        self.console.gap()
        self._position(view)
        show()
        while True:
            text = self._read("Your choice: " if menu else "Your move: ", show)
            if not text:
                continue
            try:
                return self._resolve(text, legal, menu)
            except _Back as back:
                self._line(str(back))
                continue
            except MoveParseError as exc:
                self._line(in_your_words(str(exc), self.seat), "error")
            except IllegalMoveError as exc:
                self._line(f"Not a legal move: {in_your_words(_reason(str(exc)), self.seat)}", "error")
            show()  # whatever was wrong, the legal choices follow it

    def _position(self, view: Any) -> None:
        """Where the game stands: the full picture when its heading is new (a new round, half, set
        or season), else one compact line; ``status`` shows the full picture at any prompt."""
        heading = picture(self.game, view).split("\n", 1)[0]
        if heading != self._heading:
            self._full(view)
        else:
            self._line(compact(self.game, view), "heading")

    def _full(self, view: Any) -> None:
        screen = picture(self.game, view).split("\n")
        self._heading = screen[0]
        self._line(screen[0], "heading")
        self._line("\n".join(screen[1:]))

    def _choices(self, legal: Sequence[Any], view: Any, menu: dict[str, Any]) -> None:
        """Show the choices: a numbered menu when no legal move is a card, else the legal moves
        (Manager's with what each swap would make the teams worth)."""
        if menu:
            for key, move in menu.items():
                self._line(f"  {key:>3}  {explain(move, view) or self.game.format_move(move)}", "legal")
            if not self._told_menu:
                # Where the rules write a move as a number too (Rugby League's slots count from
                # 0), mentioning it would invite typing the other count.
                numbered = any(self.game.format_move(m).isdigit() for m in legal)
                written = "" if numbered else " (or the move as the rules write it)"
                self._line(f"Type a number{written}.")
                self._told_menu = True
            return
        beside = beside_choices(self.game, view)
        if beside:
            self._line("\n".join(beside), "legal")
        plays = [m for m in legal if cards_of(m)]
        words = [self.game.format_move(m) for m in legal if not cards_of(m)]
        self._line(legal_text(self.game, plays), "legal")
        if words:
            self._line(f"Or: {', '.join(words)}", "legal")

    def _resolve(self, text: str, legal: Sequence[Any], menu: dict[str, Any]) -> Any:
        if text in menu:
            return menu[text]
        if menu:
            return self._by_words(text)
        typed = _typed_cards(text)
        if typed and any(_holds(m, typed) for m in legal):
            return self._by_cards(typed, legal)
        try:
            return self.game.parse_move(self.state, text)
        except IllegalMoveError as exc:
            if typed and (len(typed) > 1 or any(len(cards_of(m)) > 1 for m in legal)):
                raise type(exc)(f"{exc}; {self._nearest(typed, legal)}") from None
            raise

    def _by_words(self, text: str) -> Any:
        """A menu's move written as the rules write it ("tap"); a number not in the menu, or any
        other text, is not one of the choices (the menu's numbers are not the rules' notation:
        Rugby League's slot 1 is the rules' slot 0)."""
        wrong = MoveParseError(f"{short_repr(text)} is not one of your choices: type one of these numbers.")
        if text.isdigit():
            raise wrong
        try:
            return self.game.parse_move(self.state, text)
        except MoveParseError:
            raise wrong from None

    def _by_cards(self, typed: list[Card], legal: Sequence[Any]) -> Any:
        """The legal move holding ``typed``; asks for more cards while several do."""
        while True:
            fits = [m for m in legal if _holds(m, typed)]
            exact = [m for m in fits if Counter(cards_of(m)) == Counter(typed)]
            if len(fits) == 1 or (exact and len(fits) == len(exact)):
                return fits[0]
            added = self._add_card(typed, fits, bool(exact))
            if not added:
                return exact[0]
            typed = typed + added

    def _add_card(self, typed: list[Card], fits: Sequence[Any], complete: bool) -> list[Card]:
        """The cards the player adds to ``typed`` ([] for Enter, which plays ``typed`` as it is)."""
        want = Counter(typed)
        more = sorted({c for m in fits for c in (Counter(cards_of(m)) - want).elements()})
        chosen = _words.cards(typed)
        offered = " ".join(map(str, more))
        enter = f"; Enter plays {chosen} alone" if complete else "; Enter chooses again"

        def show() -> None:
            self._line(f"Chosen {chosen}. Add one of: {offered}{enter}.", "legal")

        show()
        while True:
            text = self._read("Add a card: ", show)
            if not text:
                if complete:
                    return []
                raise _Back(f"{chosen} put back: type the play again.")
            added = _typed_cards(text)
            if not added:
                self._line(f"{short_repr(text)} is not a card: add one of {offered}.", "error")
            elif not any(_holds(m, typed + added) for m in fits):
                both = _words.cards(typed + added)
                self._line(f"No legal play holds {both}: add one of {offered}.", "error")
            else:
                return added

    def _nearest(self, typed: list[Card], legal: Sequence[Any]) -> str:
        want = Counter(typed)

        def distance(move: Any) -> tuple[int, int]:
            have = Counter(cards_of(move))
            return (-sum((have & want).values()), abs(len(cards_of(move)) - len(typed)))

        plays = sorted((m for m in legal if cards_of(m)), key=distance)[:3]
        return "the nearest legal plays: " + ", ".join(self.game.format_move(m) for m in plays)


_QUIT = ("quit", "q", "exit")
_HELP = ("help", "h", "?")
_STATUS = ("status", "s")
_WON = re.compile(r"\bwins?\b|GOAL!|TRY!")
_MODALS = ("must", "may", "can", "cannot", "did", "will")

_TYPING = {
    "clubs": "Type the card to play, rank then suit: QS, 10h or q\u2660.",
    "pub_derby": "Type the card to play, rank then suit: QS, 10h or q\u2660.",
    "rugby_league": "Each choice is a numbered menu: type the number of the one you want.",
    "eighty_points": "Type a play's cards (QS, or QS QS for a double) all at once or one at a "
    "time, each card narrowing the choice; a discard is its card (2C). Questions are menus: "
    "type a number.",
    "manager": "Type a swap as your card then the pool's (4C-AC), or your card alone and then "
    "the pool's; or pass.",
}


def typing_help(name: str) -> str:
    """How to type a move of the game ``name``, in a line."""
    return _TYPING.get(name, "Type a move as the legal moves are written; cards as QS, 10h or q\u2660.")


def in_your_words(message: str, seat: int) -> str:
    """An engine's reason about ``seat``, told to that seat's player: "seat 0 does not hold AS (it may
    play 4C)" is "you do not hold AS (you may play 4C)"."""
    if not re.search(rf"\bseat {seat}\b", message):
        return message

    def you(match: re.Match[str]) -> str:
        verb = match.group(1)
        return "you " + (verb if verb in _MODALS else _words._second_person_verb(verb))

    text = re.sub(rf"\bseat {seat}'s\b", "your", message)
    text = re.sub(rf"\bseat {seat} ([a-z]+)\b", you, text)
    text = re.sub(rf"\bseat {seat}\b", "you", text)
    text = text.replace("(it may play", "(you may play").replace("(holds ", "(you hold ")
    return re.sub(r"\bits\b", "your", text)


def _reason(message: str) -> str:
    """An illegal move's reason without the engine's "cannot play X: " (the player just typed X)."""
    head, colon, rest = message.partition(": ")
    return rest if colon and head.startswith("cannot play ") else message


def _menu(game: AnyGame, legal: Sequence[Any], view: Any) -> dict[str, Any]:
    """The menu (number typed -> move) when no legal move is a card; else {}.

    Numbered as a person counts, from 1: a slot's move by its slot (Rugby League's slot 0 is 1), so
    a number keeps its slot as the row empties; the other choices, in action order, after the
    row's last slot (a drop goal beside slots 1-6 is 7; a penalty's options alone are 1, 2, 3)."""
    if any(cards_of(m) for m in legal):
        return {}
    ordered = sorted(legal, key=game.encode_move)
    slots = [m for m in ordered if isinstance(getattr(m, "slot", None), int)]
    rows = getattr(view, "filled", None)
    row = len(rows[view.player]) if slots and rows else 0
    menu = {str(m.slot + 1): m for m in slots}
    others = [m for m in ordered if m not in slots]
    menu.update({str(row + k): m for k, m in enumerate(others, 1)})
    return menu


_LISTED = 40  # legal plays listed one by one; more are summarised by their cards


def legal_text(game: AnyGame, plays: Sequence[Any]) -> str:
    """The legal card plays to type, grouped by the suit of their first card: "Legal: 2C 7C | 2D 8D".

    A word every play starts with is the label ("Discard: 2C 3C"); plays written with spaces say how
    many cards in the label and are separated by commas ("Legal (1 or 2 cards): 7D, 7D 7D | 9H"); past 40
    plays, the cards they are made of are listed instead. Too long for a line, a suit a line."""
    shown = [game.format_move(m) for m in plays]
    first = {s.split(" ", 1)[0] for s in shown}
    prefix = f"{first.pop()} " if len(first) == 1 and next(iter(first)).isalpha() else ""
    label = prefix.strip().capitalize() or "Legal"
    sizes = sorted({len(cards_of(m)) for m in plays})
    counts = " or ".join(", ".join(map(str, sizes)).rsplit(", ", 1))
    groups: dict[str, list[str]] = {}
    if len(plays) > _LISTED:
        for card in sorted({c for m in plays for c in cards_of(m)}):
            groups.setdefault(_suit_key(card), []).append(str(card))
        cards = [" ".join(g) for g in groups.values()]
        return f"{label}: {len(plays)} plays of {counts} cards, made from:\n       " + _by_suit(cards, 7)
    for move, text in zip(plays, shown):
        groups.setdefault(_suit_key(cards_of(move)[0]), []).append(text[len(prefix) :])
    spaced = any(" " in t for g in groups.values() for t in g)  # "7D 7D": a play is several words
    if spaced:
        label += f" ({counts} cards)"
    lines = [(", " if spaced else " ").join(g) for g in groups.values()]
    return f"{label}: " + _by_suit(lines, len(label) + 2)


def _by_suit(groups: list[str], indent: int) -> str:
    """Groups on one line, "|" between them, if they fit after ``indent``; else one a line."""
    if indent + sum(len(g) + 3 for g in groups) <= WIDTH + 3:
        return " | ".join(groups)
    return "\n".join([groups[0], *(" " * indent + g for g in groups[1:])])


def _suit_key(card: Card) -> str:
    return "jokers" if card >= 52 else card.pretty()[-1]


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
