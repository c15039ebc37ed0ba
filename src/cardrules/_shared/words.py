"""Events told in words: the naming every game's ``describe`` shares.

One way everywhere: seat ``k`` is "Seat k" (the number the API, the command line and the server
use), the seat ``describe`` is told to is "you", and a team game adds the seat's team in brackets
("Seat 2 (team A)", "You (home)"). Sentences end with a full stop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from cardrules._reprs import short_repr
from cardrules.cards import Card
from cardrules.errors import StateError
from cardrules.game import Outcome, Zone

_State = TypeVar("_State")
_View = TypeVar("_View")

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def check_viewer(viewer: object, players: int) -> int | None:
    """``viewer`` as ``describe`` takes it: a seat, or ``None`` for nobody in particular."""
    if viewer is None or (type(viewer) is int and 0 <= viewer < players):
        return viewer
    raise StateError(f"the viewer is a seat from 0 to {players - 1} or None, got {short_repr(viewer)}")


def seat(s: int, viewer: int | None, label: str = "", *, start: bool = True) -> str:
    """ "Seat 2", "You", or with a team label "Seat 2 (team A)"; "you" inside a sentence."""
    name = ("You" if start else "you") if s == viewer else f"Seat {s}"
    return f"{name} ({label})" if label else name


def seat_names(players: int, viewer: int | None) -> list[str]:
    """Every seat as a sentence names it after its start, ``viewer`` as "you": ["Seat 0", "you", ...]."""
    return [seat(s, viewer, start=False) for s in range(players)]


def acts(s: int, viewer: int | None, verb: str, label: str = "", *, start: bool = True) -> str:
    """Subject and verb agreeing: ``acts(2, 0, "wins")`` is "Seat 2 wins", for the viewer "You win"
    (the first word of a phrase: "taps and runs" is "tap and runs", so give one verb or a verb and
    its object)."""
    if s == viewer:
        return f"{seat(s, viewer, label, start=start)} {_second_person(verb)}"
    return f"{seat(s, viewer, label)} {verb}"


def _second_person(phrase: str) -> str:
    verb, space, rest = phrase.partition(" ")
    return _second_person_verb(verb) + space + rest


def _second_person_verb(verb: str) -> str:
    irregular = {"has": "have", "is": "are", "does": "do", "goes": "go"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("ches", "shes", "sses", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def possessive(s: int, viewer: int | None) -> str:
    """ "Seat 2's" or "your" (for inside a sentence)."""
    return "your" if s == viewer else f"Seat {s}'s"


def played(s: int, card: Card, viewer: int | None, label: str = "") -> str:
    """A card played: "Seat 2 plays the Q♠.", "You play the 10♥."."""
    return f"{acts(s, viewer, 'plays', label)} the {card.pretty()}."


def cards_of(move: object) -> tuple[Card, ...]:
    """The cards a move names (a play, a discard, both cards of a Manager exchange); () for none."""
    found: list[Card] = []
    for name in ("card", "cards", "team_card", "pool_card"):
        value = getattr(move, name, None)
        if isinstance(value, tuple):
            found.extend(value)
        elif isinstance(value, Card):
            found.append(value)
    return tuple(found)


def cards(hand: Iterable[Card]) -> str:
    """Cards as people write them: "Q♠ 10♥ BJ"."""
    return " ".join(c.pretty() for c in hand)


def hand(held: Sequence[Card], legal: Iterable[Card] = ()) -> str:
    """A hand grouped by suit, each card that may be played now starred (the jokers last):
    "♣ 7* 9* 10*  ♦ 2 3 8  ♠ Q", with "   (* may be played)" when any card is starred."""
    playable = set(legal)
    groups: dict[str, list[str]] = {}
    for c in held:
        text = c.pretty()
        key, face = ("jokers", text) if c >= 52 else (text[-1], text[:-1])
        groups.setdefault(key, []).append(face + ("*" if c in playable else ""))
    order = [*SUIT_SYMBOLS, "jokers"]
    body = "  ".join(f"{k} {' '.join(groups[k])}" for k in order if k in groups)
    return (body or "(empty)") + ("   (* may be played)" if playable & set(held) else "")


def trick_lines(view: Any, names: Sequence[str], over: str) -> list[str]:
    """The end of the picture of a game of one card a seat a trick (Clubs, Pub Derby): ``over``
    once nobody is to act, else the trick so far seat by seat and who plays next; then the hand."""
    if view.to_act is None:
        lines = [over]
    else:
        table = ", ".join(
            f"{names[(view.leader + k) % len(names)]} {c.pretty()}" for k, c in enumerate(view.trick)
        )
        lines = [f"Trick: {table or '(empty)'}.   To play: {names[view.to_act]}."]
    lines.append("Hand: " + hand(view.hand, (m.card for m in view.legal_moves)))
    return lines


def suit(code: int) -> str:
    """A suit with its symbol: "♥ hearts"."""
    return f"{SUIT_SYMBOLS[code]} {SUIT_NAMES[code]}"


def rank(value: int) -> str:
    """A rank 2-14 as a player says it: "9", "J", "A"."""
    return _RANK_NAMES.get(value, str(value))


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..."""
    return _ORDINALS.get(n, f"{n}th")


def count(n: int, thing: str) -> str:
    """ "1 club", "3 clubs", "no clubs"."""
    if n == 0:
        return f"no {thing}s"
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def number(x: float) -> str:
    """A score as a player writes it: 3, 5½."""
    whole = int(x)
    return f"{whole}½" if x - whole == 0.5 else str(whole)


def versus(names: Sequence[str], scores: Sequence[float]) -> str:
    """Two sides' scores as a scoreboard has them: "A 2–1 B"."""
    return f"{names[0]} {number(scores[0])}–{number(scores[1])} {names[1]}"


def listed(names: Sequence[str], values: Sequence[float]) -> str:
    """Each seat's figure: "Seat 0 3, you 10, Seat 2 0"."""
    return ", ".join(f"{n} {number(v)}" for n, v in zip(names, values))


def winners(outcome: Outcome, viewer: int | None) -> str:
    """Who won, as a sentence: "You win.", "Seat 1 wins.", "Seats 0 and 2 share the win.", "You
    share the win with seat 3.", or "It is a draw." when every seat won."""
    won = outcome.winners
    if len(won) == len(outcome.scores):
        return "It is a draw."
    if len(won) == 1:
        return f"{acts(won[0], viewer, 'wins')}."
    if viewer in won:
        others = [s for s in won if s != viewer]
        return f"You share the win with {_seats(others)}."
    return f"{_seats(won).capitalize()} share the win."


def _seats(listed: Sequence[int]) -> str:
    if len(listed) == 1:
        return f"seat {listed[0]}"
    return "seats " + ", ".join(map(str, listed[:-1])) + f" and {listed[-1]}"


def render(
    state_or_view: object,
    types: tuple[type[_State], type[_View]],
    view: Callable[[_State, int], _View],
    zones: Callable[[_State], tuple[Zone, ...]],
    render_view: Callable[[_View], str],
) -> str:
    """A game's ``render``: of a view, ``render_view``; of a state, ``render_state``."""
    state_type, view_type = types
    if type(state_or_view) is state_type:
        state: Any = state_or_view
        return render_state(state, state.to_act, view, zones, render_view)
    if type(state_or_view) is not view_type:
        name = state_type.__module__.rsplit(".", 2)[-2]  # the package: see checks.wrong_type
        article = "an" if name[0] in "aeiou" else "a"
        raise StateError(f"expected {article} {name}.State or View, got {type(state_or_view).__name__}")
    shown: Any = state_or_view
    return render_view(shown)


def render_state(
    state: _State,
    to_act: int | None,
    view: Callable[[_State, int], _View],
    zones: Callable[[_State], tuple[Zone, ...]],
    render_view: Callable[[_View], str],
) -> str:
    """A whole state as text: the picture of the acting seat's view (seat 0's once the game is
    over), then every card that seat cannot see, place by place, so that nothing is left out."""
    seat_ = 0 if to_act is None else to_act
    lines = [render_view(view(state, seat_)), f"Not seen by Seat {seat_}:"]
    hidden = [z for z in zones(state) if seat_ not in z.seen_by and z.cards]
    lines.extend(f"  {z.name}: {cards(z.cards)}" for z in hidden)
    if not hidden:
        lines[-1] += " nothing."
    return "\n".join(lines)
