"""Rugby League's views and checks: what each side sees, sampling, zones, validation, notation."""

from __future__ import annotations

from cardrules._actions import check_index, decode_checked
from cardrules._checks import check_fields, check_per_seat, check_seat, check_view_seats
from cardrules._options import config_of
from cardrules._reprs import short_repr
from cardrules.cards import CARDS, Card, format_cards
from cardrules.errors import IllegalMoveError, MoveParseError, StateError
from cardrules.game import Zone
from cardrules.rng import Rng
from cardrules.rugby_league.rules import _reason, legal_moves
from cardrules.rugby_league.rules import is_legal as _is_legal
from cardrules.rugby_league.state import (
    DROP,
    GOAL,
    KICK_ROW,
    KICKS,
    ROW,
    SETS_PER_HALF,
    TAP,
    TOUCH,
    AttemptDropGoal,
    Choose,
    Config,
    Event,
    Field,
    KickForGoal,
    KickForTouch,
    Match,
    Move,
    State,
    TapAndRun,
    View,
)


def view(state: State, player: int) -> View:
    """What side ``player`` sees. No face-down card is visible (with ``open_hands``, only its own row,
    to itself), and the other side's pending pick is never shown."""
    if type(state) is not State:
        raise StateError(f"expected a rugby_league.State, got {type(state).__name__}")
    if type(player) is not int or player not in (0, 1):
        raise StateError(f"player must be side 0 or 1, got {short_repr(player)}")
    f = state.field
    m = f.match
    first = f.attacker
    return View(
        player,
        state.to_act,
        f.phase,
        f.attacker,
        f.ball,
        f.tackles,
        f.lost,
        f.last,
        f.wins,
        f.rounds,
        f.needed,
        tuple(tuple(c is not None for c in row) for row in state.rows),
        state.rows[player] if m.config.open_hands else (),
        state.pending is not None,
        state.pending if player == first else None,
        len(f.pile),
        f.discards,
        m.scores,
        m.half,
        m.sets,
        m.config,
        legal_moves(state) if state.to_act == player else (),
    )


def _check_view_shape(view: View) -> None:
    """Sides and rows that fit, before ``sample_state`` indexes them; whether a state can show the
    view is ``validate``'s to say, on the state sampled from it."""
    if type(view) is not View:
        raise StateError(f"expected a rugby_league.View, got {type(view).__name__}")
    check_fields(view)
    check_view_seats(view, 2)
    check_seat("a view's attacker", view.attacker, 2)
    check_per_seat("a view's filled rows", view.filled, 2)


def sample_state(view: View, seed: int) -> State:
    """A state consistent with ``view``: every card it does not show (face-down row cards, and the
    pile) dealt at random, and the other side's pending pick chosen at random among its cards."""
    _check_view_shape(view)
    open_hands = view.config.open_hands
    known = list(view.discards) + ([c for c in view.own_row if c is not None] if open_hands else [])
    counts = [0] * 54
    for c in known:
        counts[c] += 1
    if any(n > 1 for n in counts):
        raise StateError("the view shows a card twice")
    unseen = [c for c in CARDS[:52] if not counts[c]]
    shuffled, rng = Rng.from_seed(seed).shuffle(unseen)
    cards = list(shuffled)
    hidden = [side for side in (0, 1) if not (open_hands and side == view.player)]
    if sum(sum(view.filled[side]) for side in hidden) > len(cards):
        raise StateError("the view has more face-down cards in the rows than cards it does not show")
    rows: list[list[Card | None]] = []
    for side in (0, 1):
        if open_hands and side == view.player:
            rows.append(list(view.own_row))
            continue
        row: list[Card | None] = []
        for filled in view.filled[side]:
            row.append(cards.pop() if filled else None)
        rows.append(row)
    if len(cards) != view.pile_size:
        raise StateError("the view's pile size does not match the cards it shows")
    pending = view.own_pending
    if view.pending_chosen and pending is None:
        other = view.attacker
        options = [k for k, filled in enumerate(view.filled[other]) if filled]
        if not options:
            raise StateError("a pending pick needs a card in the chooser's row")
        pending, rng = rng.choice(options)
    match = Match(view.config, view.scores, view.half, view.sets, rng)
    field = Field(
        view.phase,
        view.attacker,
        view.ball,
        view.tackles,
        view.lost,
        view.last,
        view.wins,
        view.rounds,
        view.needed,
        tuple(cards),
        view.discards,
        match,
    )
    state = State((tuple(rows[0]), tuple(rows[1])), view.to_act, pending, field)
    validate(state)
    return state


def opening_events(state: State) -> tuple[Event, ...]:
    """A fresh match has no events before its first move: the rows are face down."""
    if type(state) is not State:
        raise StateError(f"expected a rugby_league.State, got {type(state).__name__}")
    return ()


def zones(state: State) -> tuple[Zone, ...]:
    """Each row (seen by nobody in blind play, by its owner with open hands), the pile (nobody) and
    the discards (public)."""
    if type(state) is not State:
        raise StateError(f"expected a rugby_league.State, got {type(state).__name__}")
    open_hands = state.field.match.config.open_hands
    return (
        Zone("row 0", tuple(c for c in state.rows[0] if c is not None), (0,) if open_hands else ()),
        Zone("row 1", tuple(c for c in state.rows[1] if c is not None), (1,) if open_hands else ()),
        Zone("pile", state.field.pile, ()),
        Zone("discards", state.field.discards, (0, 1)),
    )


def validate(state: State) -> None:
    """Raise [`StateError`][] unless ``state`` is a consistent Rugby League position.

    Checks types, that rows, pile and discards hold the 52 cards once, row lengths for the phase,
    the ball on the pitch (never on a try line while play goes on), counts within their bounds,
    the score, half and set counts, the pending pick and whose turn it is.
    """
    if type(state) is not State:
        raise StateError(f"expected a rugby_league.State, got {type(state).__name__}")
    check_fields(state)
    f = state.field
    m = f.match
    if f.phase not in ("tackle", "penalty", "conversion", "penalty_goal", "drop_goal", "over"):
        raise StateError(f"unknown phase {short_repr(f.phase)}")
    cards = [c for row in state.rows for c in row if c is not None] + [*f.pile, *f.discards]
    if sorted(cards) != list(CARDS[:52]):
        raise StateError("rows, pile and discards must hold the 52 cards exactly once")
    size = KICK_ROW if f.phase in KICKS else ROW
    # A match can end during a kick, whose three-slot rows then stay on the table.
    sizes = (KICK_ROW, ROW) if f.phase == "over" else (size,)
    if len(state.rows) != 2 or any(
        len(row) != len(state.rows[0]) or len(row) not in sizes for row in state.rows
    ):
        raise StateError(f"in phase {f.phase} each row has {size} slots")
    if f.attacker not in (0, 1) or type(f.ball) is not int or not 0 <= f.ball <= 7:
        raise StateError("the attacker is a side and the ball a place from 0 to 7")
    limit = SETS_PER_HALF[m.half - 1] if m.half in (1, 2, 3, 4) else 0
    if not 0 <= m.sets < limit + (1 if f.phase == "over" else 0):
        raise StateError("half is 1-4 and sets below the half's limit")
    if any(type(x) is not int or x < 0 for x in (*m.scores, f.tackles, f.lost, f.wins, f.rounds, f.needed)):
        raise StateError("scores and counts are ints >= 0")
    if f.phase == "over":
        if state.to_act is not None or state.pending is not None:
            raise StateError("nobody acts once the match is over")
        return
    if state.to_act not in (0, 1):
        raise StateError("to_act must be a side while the match goes on")
    if f.phase in ("tackle", "penalty") and f.ball in (0, 7):
        raise StateError("the ball is on a try line only for a conversion")
    _check_played_slots(state)
    first = f.attacker
    if f.phase == "penalty":
        if state.pending is not None or state.to_act != first:
            raise StateError("the awarded side chooses its penalty option")
        return
    if state.pending is None:
        if state.to_act != first:
            raise StateError("the attacker (or kicker) picks first")
    elif (
        state.to_act != 1 - first or not 0 <= state.pending < size or state.rows[first][state.pending] is None
    ):
        raise StateError("a pending pick is a filled slot of the first chooser, and the other side acts")
    if not any(c is not None for c in state.rows[state.to_act]):
        raise StateError("the side to act has a card to pick")


def _check_played_slots(state: State) -> None:
    """The played (empty) slots against the tackles or rounds played: the same number in both rows
    (each tackle and each round of a kick takes a card from each side); in a tackle, no more than
    the set's tackles so far (``tackles=0`` with played slots would switch the penalty rule off),
    which are five at most (the sixth ends the set), with at most one lost, and only after a
    tackle; at a penalty, the count restarted; in a kick, no more than its rounds, with the kick
    still open (1-3 wins needed, fewer won, enough rounds left to win them)."""
    f = state.field
    played = [sum(1 for c in row if c is None) for row in state.rows]
    if played[0] != played[1]:
        raise StateError(f"each tackle takes a card from each side: played slots {played[0]} and {played[1]}")
    if f.phase == "tackle":
        if played[0] > f.tackles or f.tackles >= ROW or f.lost > min(1, f.tackles):
            raise StateError(
                f"{f.tackles} tackles (and {f.lost} lost) this set, with {played[0]} slots played:"
                " a set's tackles are its played slots, five at most, one lost at most"
            )
    elif f.phase == "penalty":
        if f.tackles or f.lost:
            raise StateError("a penalty restarts the set: no tackles counted while it is taken")
    elif f.phase in KICKS:
        open_kick = 1 <= f.needed <= KICK_ROW and f.wins < f.needed <= f.wins + KICK_ROW - f.rounds
        if not open_kick or played[0] > f.rounds:
            raise StateError("a kick needs 1-3 wins, is still open, and has played one slot a round")


def format_move(move: Move) -> str:
    """``"0"``..``"5"`` for a slot, ``"drop"``, ``"touch"``, ``"goal"``, ``"tap"``."""
    if type(move) is Choose:
        return str(move.slot)
    names = {AttemptDropGoal: "drop", KickForTouch: "touch", KickForGoal: "goal", TapAndRun: "tap"}
    name = names.get(type(move))
    if name is None:
        raise IllegalMoveError(f"{short_repr(move)} is not a Rugby League move")
    return name


def parse_move(state: State, text: str) -> Move:
    """Read a slot number (``"3"``), ``"drop"``, ``"touch"``, ``"goal"`` or ``"tap"`` (any case)."""
    if not isinstance(text, str):
        raise MoveParseError(f"a Rugby League move is text such as '3' or 'tap', got {short_repr(text)}")
    word = text.strip().lower()
    words: dict[str, Move] = {
        "drop": DROP,
        "drop goal": DROP,
        "touch": TOUCH,
        "kick for touch": TOUCH,
        "goal": GOAL,
        "kick for goal": GOAL,
        "tap": TAP,
        "tap and run": TAP,
    }
    move: Move
    if len(word) == 1 and word in "012345":
        move = Choose(int(word))
    elif word in words:
        move = words[word]
    else:
        raise MoveParseError(
            f"{short_repr(text)} is not a Rugby League move: write a slot (0-5), drop, touch, goal or tap"
        )
    reason = _reason(state, move)
    if reason is not None:
        raise IllegalMoveError(f"cannot play {format_move(move)}: {reason}")
    return move


def render(view: View) -> str:
    """A few lines for a terminal: the score, the pitch with the ball, the counts and the rows."""
    if type(view) is not View:
        raise StateError(f"expected a rugby_league.View, got {type(view).__name__}")
    pitch = ["T", "1", "2", "3", "3", "2", "1", "T"]
    pitch[view.ball] = "O"
    sides = ("home", "away")
    period = f"half {view.half}" if view.half <= 2 else f"extra time {view.half - 2}"
    lines = [
        f"Rugby League, {period}, set {view.sets + 1}. You are {sides[view.player]}. "
        f"Score home {view.scores[0]} - {view.scores[1]} away.",
        f"{pitch[0]} | {' '.join(pitch[1:4])} | {' '.join(pitch[4:7])} | {pitch[7]}   "
        f"{sides[view.attacker]} {'kicking' if view.phase in KICKS else 'attacking'}",
    ]
    if view.phase == "tackle":
        lines.append(f"Tackle {view.tackles + 1}, tackles lost {view.lost}.")
    elif view.phase in KICKS:
        lines.append(
            f"{view.phase.replace('_', ' ')}: {view.wins} of {view.needed} wins, round {view.rounds + 1}."
        )
    elif view.phase == "penalty":
        lines.append(f"Penalty to {sides[view.attacker]}.")
    else:
        lines.append("Full time.")
    own = view.filled[view.player]
    if view.own_row:
        row = " ".join(
            f"{k}:{c.pretty()}" if c is not None else f"{k}:--" for k, c in enumerate(view.own_row)
        )
    else:
        row = " ".join(f"{k}:[]" if filled else f"{k}:--" for k, filled in enumerate(own))
    lines.append(f"Your row: {row}")
    if view.discards:
        lines.append(f"Last revealed: {format_cards(view.discards[-4:], pretty=True)}")
    return "\n".join(lines)


_ACTION_MOVES: tuple[Move, ...] = (
    *(Choose(slot) for slot in range(6)),
    AttemptDropGoal(),
    KickForTouch(),
    KickForGoal(),
    TapAndRun(),
)
_ACTION_OF: dict[Move, int] = {move: index for index, move in enumerate(_ACTION_MOVES)}


def action_count(config: Config | None = None) -> int:
    """10 actions, whatever the config: 0-5 ``Choose(slot)``, 6 ``AttemptDropGoal``, 7
    ``KickForTouch``, 8 ``KickForGoal``, 9 ``TapAndRun``."""
    config_of(config, Config, "rugby_league")
    return len(_ACTION_MOVES)


def encode_move(move: Move) -> int:
    """The action number of ``move`` (see [`action_count`][])."""
    try:
        return _ACTION_OF[move]
    except (KeyError, TypeError):
        raise IllegalMoveError(
            f"{short_repr(move)} is not a Rugby League move (Choose(0..5), AttemptDropGoal(), KickForTouch(),"
            " KickForGoal(), TapAndRun())"
        ) from None


def decode_move(state: State, index: int) -> Move:
    """The move numbered ``index`` if it is legal in ``state``; ``IllegalMoveError`` (naming the
    legal action numbers) otherwise."""
    check_index("Rugby League", index, len(_ACTION_MOVES))
    return decode_checked("Rugby League", state, index, _ACTION_MOVES[index], _is_legal, legal_actions)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of ``legal_moves(state)``, ascending."""
    return tuple(sorted(_ACTION_OF[m] for m in legal_moves(state)))
