"""Pictures of a seat's table as SVG, for notebooks and web pages (as python-chess draws boards).

``draw(view)`` returns a self-contained SVG document: a title and status lines (scores and the
game's own state, in the words of ``describe``), then rows of cards drawn as cards (the trick, your
hand, ...). The cards the seat may play now are raised and outlined (class ``legal``); a face-down
card is drawn as a back. Views and states show this picture in Jupyter by themselves
(``_repr_svg_``); a state is drawn as its acting seat sees it, so that a picture never shows a
hidden card.

Every card is a ``<g class="card" data-card="QS">`` group, so tests and front ends can find them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import attrs

from cardrules._shared import words as _words
from cardrules.cards import Card
from cardrules.errors import StateError
from cardrules.game import game_of

__all__ = ["draw"]

_CARD_W, _CARD_H, _GAP, _MARGIN, _LINE = 46, 66, 6, 16, 22
_PER_LINE = 14  # cards a line; longer rows (an 80 Points hand of 33) wrap
_RED = {1, 2}  # diamonds, hearts


@attrs.frozen
class _Row:
    label: str
    cards: tuple[Card | None, ...]  # None: a face-down card
    legal: frozenset[Card] = frozenset()


@attrs.frozen
class _Picture:
    title: str
    lines: tuple[str, ...]
    rows: tuple[_Row, ...]


def draw(state_or_view: object) -> str:
    """An SVG document of a seat's table: the view's own seat, or a state's acting seat (seat 0's
    once the game is over). ``StateError`` for anything else."""
    game = _game_of(state_or_view)
    view: Any = state_or_view
    if type(state_or_view) is game.State:
        to_act = getattr(state_or_view, "to_act")  # noqa: B009 (every State has it)
        view = game.view(state_or_view, 0 if to_act is None else to_act)
    picture = _PICTURES[game.NAME](game, view)
    return _svg(picture)


def _game_of(obj: object) -> Any:
    game = game_of(obj)
    if game is None or game.NAME not in _PICTURES:
        raise StateError(f"expected a game's State or View, got {type(obj).__name__}")
    return game


def _svg(picture: _Picture) -> str:
    widest = max((min(len(r.cards), _PER_LINE) for r in picture.rows), default=0)
    width = max(2 * _MARGIN + widest * (_CARD_W + _GAP), 640)
    y = _MARGIN + 18
    out = [f'<text x="{_MARGIN}" y="{y}" class="title">{escape(picture.title)}</text>']
    for line in picture.lines:
        y += _LINE
        out.append(f'<text x="{_MARGIN}" y="{y}">{escape(line)}</text>')
    for row in picture.rows:
        y += _LINE + 6
        out.append(f'<text x="{_MARGIN}" y="{y}" class="label">{escape(row.label)}</text>')
        y += 12
        if not row.cards:
            out.append(f'<text x="{_MARGIN}" y="{y + 20}" class="empty">(none)</text>')
            y += _CARD_H
        for start in range(0, len(row.cards), _PER_LINE):
            chunk = row.cards[start : start + _PER_LINE]
            step = _CARD_W + _GAP
            out.extend(_card(_MARGIN + k * step, y, c, c in row.legal) for k, c in enumerate(chunk))
            y += _CARD_H + _GAP
    height = y + _MARGIN
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">'
    )
    style = (
        "<style>.title{font-weight:bold;font-size:16px}.label{fill:#355}.empty{fill:#777}"
        ".red{fill:#c00}.black{fill:#111}</style>"
        f'<rect width="{width}" height="{height}" fill="#f4f1e8"/>'
    )
    return "\n".join([head, style, *out, "</svg>"]) + "\n"


def _card(x: int, y: int, card: Card | None, legal: bool) -> str:
    if card is None:
        return (
            f'<g class="card back" transform="translate({x},{y})">'
            f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="5" fill="#2d4f8a" stroke="#123"/></g>'
        )
    lift = -6 if legal else 0
    colour = "red" if card == 53 or (card < 52 and card // 13 in _RED) else "black"
    text = card.pretty()
    rank, symbol = (text[:-1], text[-1]) if card < 52 else (text, "★")
    stroke = 'stroke="#d4a017" stroke-width="3"' if legal else 'stroke="#333"'
    kind = "card legal" if legal else "card"
    return (
        f'<g class="{kind}" data-card={quoteattr(str(card))} transform="translate({x},{y + lift})">'
        f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="5" fill="white" {stroke}/>'
        f'<text x="5" y="17" class="{colour}">{escape(rank)}</text>'
        f'<text x="{_CARD_W // 2}" y="{_CARD_H - 16}" text-anchor="middle" font-size="22" '
        f'class="{colour}">{escape(symbol)}</text></g>'
    )


def _names(players: int, viewer: int) -> list[str]:
    return [_words.seat(s, viewer, start=False) for s in range(players)]


def _to_act(view: Any) -> str:
    if view.to_act is None:
        return "The game is over."
    return f"{_words.acts(view.to_act, view.player, 'is')} to play."


def _cards_of_moves(moves: Sequence[Any]) -> frozenset[Card]:
    return frozenset(c for move in moves for c in _words.cards_of(move))


def _clubs(game: Any, view: Any) -> _Picture:
    names = _names(len(view.scores), view.player)
    return _Picture(
        f"Clubs, round {view.round} (threshold {view.config.threshold})",
        (f"Scores: {_words.listed(names, view.scores)}", _to_act(view)),
        (_Row("Trick", view.trick), _Row("Your hand", view.hand, _cards_of_moves(view.legal_moves))),
    )


def _pub_derby(game: Any, view: Any) -> _Picture:
    info = game.INFO
    a, b = info.teams
    return _Picture(
        f"Pub Derby ({view.config.format}), half {view.half}: {a} {view.goals[0]}–{view.goals[1]} {b}",
        (
            f"You are Seat {view.player} ({info.team_name(view.player)}). Trump {_words.suit(view.trump)}.",
            f"Waves {a} {view.waves[0]}, {b} {view.waves[1]}; "
            f"yellow cards {a} {view.yellows[0]}, {b} {view.yellows[1]}.",
            _to_act(view),
        ),
        (_Row("Trick", view.trick), _Row("Your hand", view.hand, _cards_of_moves(view.legal_moves))),
    )


def _rugby_league(game: Any, view: Any) -> _Picture:
    info = game.INFO
    home, away = info.teams
    # Blind play shows nobody their own row (own_row is empty): those cards are drawn face down.
    if view.own_row:
        own = tuple(c for c in view.own_row if c is not None)
    else:
        own = tuple(None for filled in view.filled[view.player] if filled)
    other = tuple(None for filled in view.filled[1 - view.player] if filled)
    return _Picture(
        f"Rugby League, half {view.half}: {home} {view.scores[0]}–{view.scores[1]} {away}",
        (
            f"You are Seat {view.player} ({info.team_name(view.player)}). "
            f"Ball on {game.place_name(view.ball)}, {info.team_name(view.attacker)} attacking; "
            f"tackle {view.tackles}.",
            _to_act(view),
        ),
        (
            _Row("Last revealed", tuple(c for c in view.last if c is not None)),
            _Row("Your row", own),
            _Row("Opponent's row", other),
        ),
    )


def _eighty_points(game: Any, view: Any) -> _Picture:
    info = game.INFO
    a, b = info.teams
    trump = "no trump" if view.trump is None else f"trump {_words.suit(view.trump)}"
    rows = [_Row("Trick", tuple(c for play in view.trick for c in play))]
    if view.bottom:
        rows.append(_Row("Bottom", view.bottom))
    rows.append(_Row("Your hand", view.hand, _cards_of_moves(view.legal_moves)))
    return _Picture(
        f"80 Points, round {view.round}: levels {a} {_words.rank(view.levels[0])}, "
        f"{b} {_words.rank(view.levels[1])}",
        (
            f"You are Seat {view.player} ({info.team_name(view.player)}). "
            f"Royal {_words.rank(view.royal)}, {trump}; "
            f"{info.team_name(view.starter)} defends; attackers' points {view.points}.",
            _to_act(view),
        ),
        tuple(rows),
    )


def _manager(game: Any, view: Any) -> _Picture:
    won = [view.halves[s] / 2 for s in (0, 1)]
    names = _names(2, view.player)
    legal = _cards_of_moves(view.legal_moves)
    return _Picture(
        f"Manager, season {view.season} of 11",
        (f"Seasons won: {_words.versus(names, won)}.", _to_act(view)),
        (
            _Row("Your team", view.teams[view.player], legal),
            _Row("Opponent's team", view.teams[1 - view.player]),
            _Row("Pool", view.pool, legal),
        ),
    )


_PICTURES = {
    "clubs": _clubs,
    "pub_derby": _pub_derby,
    "rugby_league": _rugby_league,
    "eighty_points": _eighty_points,
    "manager": _manager,
}
