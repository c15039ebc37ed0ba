"""What the terminal table shows of a position: one compact line a move, the full picture on demand.

``compact`` is the line printed before each of your moves: whose turn, the score in the game's own
terms and what matters now (the trick so far, where the ball is, the draft); the round, half, set
or season it leaves to the full picture, which the table shows again whenever that changes. Seats
are "you" and "S2" (Seat 2). ``picture`` is the
full block (``status`` at the prompt): the game's ``render``, except for Rugby League, whose pitch
diagram and counts are told here in the rule text's words ("Home 2", "tackle", "set"), slots
counted from 1 as a person counts them. ``swap_preview`` is Manager's: what your team would be
worth after each legal swap, by the game's own ``season_value``.

These are presentation only: the library's notation (Rugby League's slots 0-5) is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules import manager
from cardrules._shared import words as _words
from cardrules.cards import format_cards
from cardrules.registry import AnyGame

__all__ = ["beside_choices", "compact", "picture", "swap_preview", "swap_values"]

_TEAMS = "AB"
_SIDES = ("home", "away")
_PERIODS = ("first half", "second half", "extra time, first half", "extra time, second half")
_PLACES = (
    "the home try line",
    "Home 1",
    "Home 2",
    "Home 3",
    "Away 3",
    "Away 2",
    "Away 1",
    "the away try line",
)
_KICK_NAMES = {"conversion": "Conversion", "penalty_goal": "Penalty goal", "drop_goal": "Drop goal"}


def _short(seat: int, you: int) -> str:
    """A seat in a compact line: "you" or "S2" (Seat 2 in the full picture)."""
    return "you" if seat == you else f"S{seat}"


def _trick(plays: list[str], leader: int, you: int) -> str:
    """The trick so far, cards in the order played and who led: "trick 7♠ A♠ (S1 led)"."""
    if not plays:
        return "you lead" if leader == you else "trick empty"
    return f"trick {' '.join(plays)} ({_short(leader, you)} led)"


def _turn(view: Any) -> str:
    return "Your turn" if view.to_act == view.player else f"{_short(view.to_act, view.player)} to play"


def _clubs(view: Any) -> str:
    you = view.player
    scores = ", ".join(f"{_short(s, you)} {v}" for s, v in enumerate(view.scores))
    trick = _trick([c.pretty() for c in view.trick], view.leader, you)
    # No round: the full picture is shown again at each new round (its heading changes).
    return f"{_turn(view)} · scores {scores} · {trick}"


def _pub_derby(view: Any) -> str:
    goals = _words.versus(("A", "B"), view.goals)
    trump = _words.SUIT_SYMBOLS[int(view.trump)]
    trick = _trick([c.pretty() for c in view.trick], view.leader, view.player)
    return f"{_turn(view)} (team {_TEAMS[view.player % 2]}) · goals {goals} · trump {trump} · {trick}"


def _eighty_points(view: Any) -> str:
    trump = "no trump" if view.trump is None else f"trump {_words.SUIT_SYMBOLS[int(view.trump)]}"
    head = (
        f"{_turn(view)} (team {_TEAMS[view.player % 2]}) · levels A {view.levels[0]}, "
        f"B {view.levels[1]} · {_TEAMS[view.starter % 2]} defends, {trump}"
    )
    if view.phase != "play":
        return f"{head} · {view.phase}"
    plays = [format_cards(p, pretty=True).replace(" ", "") for p in view.trick]
    return f"{head} · attackers' points {view.points} · {_trick(plays, view.leader, view.player)}"


def _manager(view: Any) -> str:
    you, them = view.player, 1 - view.player
    worth = manager.season_value(view.teams[you], view.teams[them]).points
    theirs = manager.season_value(view.teams[them], view.teams[you]).points
    won = f"{view.halves[you] / 2:g}–{view.halves[them] / 2:g}"
    return (
        f"{_turn(view)} · season {view.season} · won {won} · worth {worth}–{theirs} (you–S{them}) · "
        f"exchanges {view.exchanges}/{view.config.max_exchanges}"
    )


def _rugby_league(view: Any) -> str:
    # No half or set here: the full picture is shown again at each new set (its heading changes).
    return f"{_turn(view)} · {_words.versus(_SIDES, view.scores)} · {_rugby_situation(view)}"


def _rugby_situation(view: Any) -> str:
    """What matters now in Rugby League, in the rule text's words, in a clause."""
    side = _SIDES[view.attacker].capitalize()
    where = _PLACES[view.ball]
    if view.phase == "tackle":
        lost = "none lost" if view.lost == 0 else f"{view.lost} lost"
        return f"{side}'s ball on {where} · tackle {view.tackles + 1}, {lost}"
    if view.phase == "penalty":
        return f"penalty to {side}, ball on {where}"
    if view.phase in _KICK_NAMES:
        kick = _KICK_NAMES[view.phase]
        return f"{kick} by {side}: {view.wins} of {view.needed} wins needed, round {view.rounds + 1}"
    return "full time"


_COMPACT: dict[str, Callable[[Any], str]] = {
    "clubs": _clubs,
    "pub_derby": _pub_derby,
    "eighty_points": _eighty_points,
    "manager": _manager,
    "rugby_league": _rugby_league,
}


def compact(game: AnyGame, view: Any) -> str:
    """One line on the position ``view`` shows: whose turn, the score in the game's terms, and the
    trick so far (or where the ball is, or the draft). A game without its own line: the first line
    of its ``render``."""
    line = _COMPACT.get(game.NAME)
    if line is None or view.to_act is None:
        return game.render(view).split("\n", 1)[0]
    return line(view)


def picture(game: AnyGame, view: Any) -> str:
    """The full picture of ``view``, its heading first: the game's ``render``, but Rugby League's
    situation in words."""
    return _PICTURES[game.NAME](game, view)


def beside_choices(game: AnyGame, view: Any) -> list[str]:
    """Lines shown just before the legal moves: Manager's swap preview (``swap_preview``) when
    ``view`` has a swap to make; nothing in the other games."""
    return _BESIDE_CHOICES[game.NAME](view)


def _rugby_picture(view: Any) -> str:
    you, them = view.player, 1 - view.player
    sets = 10 if view.half <= 2 else 5
    lines = [
        f"Rugby League, {_PERIODS[view.half - 1]}, set {view.sets + 1} of {sets}: "
        f"{_words.versus(_SIDES, view.scores)}. You are {_SIDES[you]}.",
        _rugby_ball(view),
    ]
    if view.phase == "tackle":
        lines.append(
            f"Tackle {view.tackles + 1} of the set; {_SIDES[view.attacker]} have lost {view.lost} "
            "(losing a second hands the ball over)."
        )
    elif view.phase in _KICK_NAMES:
        lines.append(
            f"{_KICK_NAMES[view.phase]} by {_SIDES[view.attacker]}: {view.needed} of the 3 rounds "
            f"to win, {view.wins} won so far; round {view.rounds + 1} now."
        )
    elif view.phase == "penalty":
        lines.append(f"Penalty to {_SIDES[view.attacker]}: kick for touch, kick for goal or tap and run.")
    lines.append("Your row: " + _row(view.filled[you], view.own_row))
    lines.append(f"{_SIDES[them].capitalize()}'s row: {sum(view.filled[them])} face-down cards left.")
    if view.discards:
        lines.append(f"Last revealed: {format_cards(view.discards[-4:], pretty=True)}")
    return "\n".join(lines)


def _rugby_ball(view: Any) -> str:
    """Where the ball is and who has it: "Home (you) have the ball on Home 1, 6 spaces from the
    away try line."."""
    if view.to_act is None:
        return "Full time."
    side = _SIDES[view.attacker]
    who = f"{side.capitalize()}{' (you)' if view.attacker == view.player else ''}"
    target = 7 if view.attacker == 0 else 0  # the try line the attackers run at (RULINGS: 0..7)
    gap = abs(target - view.ball)
    spaces = f"{gap} space{'s' if gap != 1 else ''}"
    if view.phase in _KICK_NAMES:
        return f"{who} kick from {_PLACES[view.ball]}."
    return f"{who} have the ball on {_PLACES[view.ball]}, {spaces} from {_PLACES[target]}."


def _row(filled: tuple[bool, ...], own: tuple[Any, ...]) -> str:
    """A row by slot, counted from 1: each card (open hands), "face down", or "played"."""
    if own:
        return "  ".join(f"{k}:{c.pretty() if c is not None else '--'}" for k, c in enumerate(own, 1))
    down = [str(k) for k, f in enumerate(filled, 1) if f]
    played = [str(k) for k, f in enumerate(filled, 1) if not f]
    text = f"slots {', '.join(down)} face down" if down else "no card left"
    return text + (f"; {', '.join(played)} played." if played else ".")


def _rendered(game: AnyGame, view: Any) -> str:
    return game.render(view)


def _rugby_rendered(game: AnyGame, view: Any) -> str:
    return _rugby_picture(view)


def _nothing(view: Any) -> list[str]:
    return []


def _swaps(view: Any) -> list[str]:
    has_swap = any(isinstance(m, manager.Exchange) for m in view.legal_moves)
    return swap_preview(view) if has_swap else []


# One entry a game (tests/repo/test_game_knowledge.py): what each shows beyond its own render.
_PICTURES: dict[str, Callable[[AnyGame, Any], str]] = {
    "clubs": _rendered,
    "pub_derby": _rendered,
    "rugby_league": _rugby_rendered,
    "eighty_points": _rendered,
    "manager": _rendered,
}
_BESIDE_CHOICES: dict[str, Callable[[Any], list[str]]] = {
    "clubs": _nothing,
    "pub_derby": _nothing,
    "rugby_league": _nothing,
    "eighty_points": _nothing,
    "manager": _swaps,
}


def swap_values(view: Any) -> dict[Any, tuple[int, int]]:
    """Manager: for each legal move of ``view`` (each swap, and a pass), the season points of your
    team and of the other team after it, by ``manager.season_value`` (the other team as it is)."""
    you, them = view.player, 1 - view.player
    values: dict[Any, tuple[int, int]] = {}
    for move in view.legal_moves:
        team = list(view.teams[you])
        if isinstance(move, manager.Exchange):
            team[team.index(move.team_card)] = move.pool_card
        other = view.teams[them]
        values[move] = (manager.season_value(team, other).points, manager.season_value(other, team).points)
    return values


def swap_preview(view: Any) -> list[str]:
    """Manager's preview lines: for each pool card, your points and the other's after taking it for
    each card of your team; then as the teams stand (a pass)."""
    them = 1 - view.player
    values = swap_values(view)
    lines = [f"Worth after a swap (your season points–Seat {them}'s):"]
    for card in view.pool:
        swaps = [
            f"{m.team_card.pretty()} {mine}–{theirs}"
            for m, (mine, theirs) in values.items()
            if isinstance(m, manager.Exchange) and m.pool_card == card
        ]
        if swaps:
            lines.append(f"  take {card.pretty()} for: {', '.join(swaps)}")
    stay = next((v for m, v in values.items() if isinstance(m, manager.Pass)), None)
    if stay is not None:
        lines.append(f"  pass (as it stands): {stay[0]}–{stay[1]}")
    return lines
