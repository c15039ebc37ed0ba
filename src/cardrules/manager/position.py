"""A Manager position in one line of text, for tests, bug reports and puzzles (like chess's FEN).

``manager -/10 H 2D5D9DJSAC/3C7CQDKSAS,... 2D5D9DJSAC/3C7CQDKSAS 4C8DTS 6C... - 0 no 0``: the
game's name, then ten fields separated by spaces:

1. the config, ``stripped_suit/max_exchanges`` (``-`` when the seed picked the suit);
2. the suit left out of the deck: ``C``, ``D``, ``H`` or ``S``;
3. the teams of every season scored so far, in order, each ``team0/team1``, separated by commas;
4. the teams now, ``team0/team1``;
5. the open draft's pool (``-`` for none);
6. the stock, top first (``-`` once empty);
7. the retired pools, in the order they were retired (``-`` for none);
8. the exchanges made in the open draft;
9. whether the last turn was a pass: ``yes`` or ``no``;
10. the seat to act, ``-`` once season 11 is scored.

Cards are written back to back in their two-character notation, in any order and case. What the
rules decide is not written: each season's values and winner, the seasons won, and who opened the
draft. ``from_text`` reads a line back and checks the position with ``validate``; a malformed or
impossible one is a ``StateError`` naming what is wrong.
"""

from __future__ import annotations

from cardrules._shared import text as _text
from cardrules._shared.checks import check_type
from cardrules.cards import Card
from cardrules.errors import StateError
from cardrules.manager.rules import _after_season
from cardrules.manager.scoring import _score
from cardrules.manager.state import NAME, Config, Match, SeasonResult, State
from cardrules.manager.validate import validate

__all__ = ["from_text", "to_text"]

_FIELDS = "config suit seasons teams pool stock retired exchanges passed to_act"


def to_text(state: State) -> str:
    """``state`` as one line (see the module's documentation); ``from_text`` reads it back."""
    check_type(state, State)
    m = state.match
    stripped = m.config.stripped_suit
    return " ".join(
        [
            NAME,
            f"{_text.suit_text(stripped)}/{m.config.max_exchanges}",
            _text.suit_text(m.stripped_suit),
            ",".join(_teams_text(r.teams) for r in m.results) or "-",
            _teams_text(state.teams),
            _text.cards_text(state.pool),
            _text.cards_text(m.stock),
            _text.cards_text(m.retired),
            str(state.exchanges),
            "yes" if state.passed else "no",
            _text.seat_text(state.to_act),
        ]
    )


def from_text(text: str) -> State:
    """The position written as ``text`` by ``to_text`` (or by hand), checked by ``validate``."""
    f = _text.text_fields(text, NAME, _FIELDS)
    suit_text, cap = _text.read_split(f["config"], "the config (stripped_suit/max_exchanges)", "/", 2)
    config = _text.read_config(
        Config,
        "the config",
        stripped_suit=None if suit_text == "-" else _text.read_suit(suit_text, "a suit"),
        max_exchanges=_text.read_int(cap, "max_exchanges"),
    )
    results: list[SeasonResult] = []
    halves: tuple[int, ...] = (0, 0)
    first: int | None = None
    for season, written in enumerate(_text.read_split(f["seasons"], "the seasons", ","), start=1):
        teams = _read_teams(written, f"season {season}'s teams")
        if any(c.is_joker for team in teams for c in team):
            raise StateError(f"season {season}'s teams: Manager uses no jokers")
        results.append(_score(season=season, teams=teams))
        halves, first = _after_season(halves, first, results[-1])
    if f["passed"] not in ("yes", "no"):
        raise StateError(f"whether the last turn was a pass is 'yes' or 'no', got {f['passed']!r}")
    match = Match(
        config=config,
        stripped_suit=_text.read_suit(f["suit"], "a suit"),
        season=len(results),
        first=0 if first is None else first,
        stock=_text.read_cards(f["stock"], "the stock"),
        retired=_text.read_cards(f["retired"], "the retired pools"),
        halves=halves,
        results=tuple(results),
    )
    teams = _read_teams(f["teams"], "the teams")
    pool = tuple(sorted(_text.read_cards(f["pool"], "the pool")))
    exchanges = _text.read_int(f["exchanges"], "the exchanges")
    state = State(
        teams=teams,
        pool=pool,
        to_act=_text.read_seat(f["to_act"], "the seat to act"),
        exchanges=exchanges,
        passed=f["passed"] == "yes",
        match=match,
    )
    validate(state)
    return state


def _teams_text(teams: tuple[tuple[Card, ...], ...]) -> str:
    return "/".join(_text.cards_text(t) for t in teams)


def _read_teams(text: str, what: str) -> tuple[tuple[Card, ...], ...]:
    """Two teams, ``team0/team1``, each sorted."""
    return tuple(
        tuple(sorted(_text.read_cards(t, f"{what}, seat {s}")))
        for s, t in enumerate(_text.read_split(text, what, "/", 2))
    )
