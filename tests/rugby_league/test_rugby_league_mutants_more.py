"""Rugby League, rules the other test files left loose (found by mutation testing): the bounds
``validate`` draws (pending picks, row sizes, open kicks, sets per half, counts, the ball), the
tackle count after a try, a try ending extra time's second half, ``render``'s lines, ``zones``,
multi-digit text and unhashable moves in the notation, and the rollout's seeded random moves.

Each test pins one documented rule or behaviour with positions worked out by hand; places are 0 home
T, 1-3 home 1-3, 4-6 away 3-1, 7 away T. ``build`` makes a state from its rows (``--`` a played
slot) and puts every other card on the pile (or in the discards), in code order, after ``pile``.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import rugby_league as rl
from cardrules.cards import Card, parse_card, standard_deck
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.errors import IllegalMoveError, MoveParseError, StateError
from cardrules.events import GameOver
from cardrules.game import Outcome
from cardrules.rng import Rng

LOSER = "2C 3C 4C 5C 6C 7C"
WINNER = "AD KD QD JD TD 9D"


def row(text: str) -> tuple[Card | None, ...]:
    return tuple(None if t == "--" else parse_card(t) for t in text.split())


def build(
    home: str,
    away: str,
    *,
    phase: rl.Phase = "tackle",
    attacker: int = 0,
    ball: int = 1,
    pending: int | None = None,
    to_act: int | None = -1,
    tackles: int = 0,
    lost: int = 0,
    wins: int = 0,
    rounds: int = 0,
    needed: int = 0,
    pile: str = "",
    played: str = "",
    scores: tuple[int, int] = (0, 0),
    half: int = 1,
    sets: int = 0,
    open_hands: bool = False,
) -> rl.State:
    """A state, not validated: the rows, ``pile`` on top of the pile, ``played`` in the discards,
    the rest under the pile; ``to_act`` defaults to the seat the rules would ask."""
    rows = (row(home), row(away))
    top, discards = cs(pile), cs(played)
    named = [x for r in rows for x in r if x is not None] + list(top) + list(discards)
    assert len(set(named)) == len(named), "a card is named twice"
    rest = tuple(x for x in standard_deck() if x not in set(named))
    match = rl.Match(
        config=rl.Config(open_hands=open_hands), scores=scores, half=half, sets=sets, rng=Rng.from_seed(0)
    )
    field = rl.Field(
        phase=phase,
        attacker=attacker,
        ball=ball,
        tackles=tackles,
        lost=lost,
        last=(None, None),
        wins=wins,
        rounds=rounds,
        needed=needed,
        pile=top + rest,
        discards=discards,
        match=match,
    )
    if to_act == -1:
        to_act = None if phase == "over" else attacker if pending is None else 1 - attacker
    return rl.State(rows, to_act, pending, field)


def refused(state: rl.State, message: str) -> None:
    with pytest.raises(StateError, match=message):
        rl.validate(state)


# --- validate: the pending pick -----------------------------------------------------------------


def test_a_pending_pick_leaves_the_turn_to_the_other_seat() -> None:
    """ "A tackle: the attacker chooses a slot, then the defender" (RULINGS): once the attacker has
    picked (a pending slot), the defender acts; the attacker acting again is refused, whoever
    attacks."""
    for attacker in (0, 1):
        rl.validate(build(LOSER, WINNER, attacker=attacker, ball=3, pending=0))
        with pytest.raises(StateError, match="a pending pick is a filled slot"):
            rl.validate(build(LOSER, WINNER, attacker=attacker, ball=3, pending=0, to_act=attacker))


@pytest.mark.parametrize("slot", [6, 7, 40])
def test_a_pending_pick_past_the_row_is_a_state_error(slot: int) -> None:
    """``validate`` names a forged position's fault with a ``StateError`` ("a pending pick is a
    filled slot of the first chooser"): a pending slot past the six of a row is refused as such,
    never by an ``IndexError``."""
    refused(build(LOSER, WINNER, pending=slot), "a pending pick is a filled slot")


def test_a_pending_pick_of_a_played_slot_is_refused() -> None:
    """ "a pending pick is a filled slot of the first chooser": after one tackle of the set (slot 0
    played by both), a pending pick of slot 0 names no card; slot 1 does."""
    home, away = "-- 3C 4C 5C 6C 7C", "-- KD QD JD TD 9D"
    played = "2C AD"
    rl.validate(build(home, away, ball=2, tackles=1, lost=1, pending=1, played=played))
    refused(build(home, away, ball=2, tackles=1, lost=1, pending=0, played=played), "filled slot")


def test_in_a_kick_the_pending_pick_is_the_kicker_and_the_other_seat_acts() -> None:
    """Kicks "are played like tackles (the kicking side picks first ...)": with the away side kicking,
    a pending pick is an away slot, and home acts; away acting again, or a pending slot past the
    three of a kick row, is refused."""

    def kick(pending: int, to_act: int = -1) -> rl.State:
        return build(
            "2H 3H 4H",
            "AS KS QS",
            phase="drop_goal",
            attacker=1,
            ball=2,
            needed=2,
            pending=pending,
            to_act=to_act,
        )

    rl.validate(kick(2))
    refused(kick(2, to_act=1), "a pending pick is a filled slot")
    refused(kick(3), "a pending pick is a filled slot")


# --- validate: the rows' sizes ------------------------------------------------------------------


def test_rows_of_six_in_a_set_and_of_three_in_a_kick() -> None:
    """ "Kicks ...: the rows are discarded and 3 face-down cards dealt to each"; sets play rows of 6.
    A tackle or penalty with rows of three, or a kick with rows of six, is refused."""
    refused(build("2H 3H 4H", "AS KS QS"), "each row has 6 slots")
    refused(build("2H 3H 4H", "AS KS QS", phase="penalty", ball=5), "each row has 6 slots")
    refused(build(LOSER, WINNER, phase="conversion", ball=7, needed=1), "each row has 3 slots")
    refused(build(LOSER, WINNER, phase="penalty_goal", ball=5, needed=2), "each row has 3 slots")
    rl.validate(build("2H 3H 4H", "AS KS QS", phase="penalty_goal", ball=5, needed=2))


def test_the_two_rows_have_the_same_size_even_when_the_match_is_over() -> None:
    """A match ends after a tackle (rows of six) or during a kick (rows of three, "a match that ended
    during a kick keeps its three-slot rows"), but the two rows are always dealt alike: an ended
    match with one row of three and one of six, or rows of four, is refused."""

    def over(home: str, away: str) -> rl.State:
        return build(home, away, phase="over", half=2, sets=10, scores=(4, 0))

    rl.validate(over(LOSER, WINNER))
    rl.validate(over("2H 3H 4H", "AS KS QS"))
    refused(over("2H 3H 4H", WINNER), "each row has")
    refused(over(LOSER, "AS KS QS"), "each row has")
    refused(over("2H 3H 4H 5H", "AS KS QS JS"), "each row has")


def test_a_match_has_exactly_two_rows() -> None:
    """ "Two players" (RULINGS): a state with one row, or three, is refused."""
    state = build(LOSER, WINNER)
    rl.validate(state)
    third = row("2H 3H 4H 5H 6H 7H")
    pile = tuple(x for x in state.field.pile if x not in third)
    three = attrs.evolve(state, rows=(*state.rows, third), field=attrs.evolve(state.field, pile=pile))
    refused(three, "each row has 6 slots")
    discards = state.field.discards + tuple(x for x in state.rows[1] if x is not None)
    one = attrs.evolve(state, rows=state.rows[:1], field=attrs.evolve(state.field, discards=discards))
    refused(one, "each row has 6 slots")


# --- validate: kicks, counts and the ball -------------------------------------------------------


def kick(wins: int, rounds: int, needed: int, played: int | None = None) -> rl.State:
    """Home's drop goal from Away 2, ``rounds`` rounds in, with ``played`` (default: ``rounds``)
    slots of each row played: home's 2H 3H 4H and away's AS KS QS, played from slot 0."""
    done = rounds if played is None else played
    home, away = ["2H", "3H", "4H"], ["AS", "KS", "QS"]
    return build(
        " ".join(["--"] * done + home[done:]),
        " ".join(["--"] * done + away[done:]),
        phase="drop_goal",
        ball=5,
        wins=wins,
        rounds=rounds,
        needed=needed,
        played=" ".join(home[:done] + away[:done]),
    )


@pytest.mark.parametrize(
    ("wins", "rounds", "needed"),
    [(0, 0, 1), (0, 0, 2), (0, 0, 3), (0, 1, 2), (1, 1, 2), (0, 1, 1), (1, 2, 2), (2, 2, 3), (0, 2, 1)],
)
def test_an_open_kick_is_valid(wins: int, rounds: int, needed: int) -> None:
    """Kicks need 1, 2 or 3 wins of three rounds and "end as soon as the result is certain": a kick
    still under way has fewer wins than needed and enough rounds left to win the rest (3 - rounds
    rounds left), e.g. 2 of 3 needed after 2 rounds with 1 won (the last round decides), or 3 needed
    with none played."""
    rl.validate(kick(wins, rounds, needed))


@pytest.mark.parametrize(
    ("wins", "rounds", "needed"),
    [
        (1, 1, 1),  # won: the kick ended after its first round
        (2, 2, 2),  # won in two rounds
        (0, 1, 3),  # 3 needed, 1 round lost: only 2 rounds left, a miss already
        (0, 2, 2),  # 2 needed, both rounds lost: a miss already
        (1, 2, 3),  # 3 needed, one lost
        (0, 0, 0),  # no kick needs no wins
        (2, 1, 4),  # no kick needs 4 wins (three rounds are played at most)
        (1, 0, 4),
    ],
)
def test_a_decided_or_impossible_kick_is_refused(wins: int, rounds: int, needed: int) -> None:
    """Kicks "end as soon as the result is certain", and goal kicks need "the number of the
    opponent's space the ball is on (1, 2 or 3)" (a conversion 1 or 2): a kick with its wins
    reached, with too few rounds left to reach them, or needing 0 or 4 wins is no position."""
    refused(kick(wins, rounds, needed), "a kick needs 1-3 wins, is still open")


def test_a_kick_plays_one_slot_of_each_row_a_round() -> None:
    """Kicks "are played like tackles": each round takes one card of each row, so a kick has played
    no more slots than rounds: one slot played before any round is refused; one after one round is
    not."""
    rl.validate(kick(0, 1, 2, played=1))
    refused(kick(0, 0, 2, played=1), "played one slot a round")
    refused(kick(0, 1, 2, played=2), "played one slot a round")


@pytest.mark.parametrize(
    ("half", "sets", "phase", "valid"),
    [
        (1, 9, "tackle", True),
        (1, 10, "tackle", False),
        (2, 9, "tackle", True),
        (2, 10, "tackle", False),
        (3, 4, "tackle", True),
        (3, 5, "tackle", False),
        (4, 4, "tackle", True),
        (4, 5, "tackle", False),
        (0, 0, "tackle", False),
        (5, 0, "tackle", False),
        (2, 10, "over", True),
        (2, 11, "over", False),
        (4, 5, "over", True),
        (4, 6, "over", False),
    ],
)
def test_the_sets_of_each_half(half: int, sets: int, phase: rl.Phase, valid: bool) -> None:
    """ "The first half ends after 10 sets, the second after 10 more"; extra time plays "5 sets" each
    way; "Every half ... ends at once when its set count is reached": a half in play has completed
    fewer sets than its count (the match over: its count at most); halves are 1 to 4."""
    state = build(LOSER, WINNER, phase=phase, half=half, sets=sets, scores=(4, 0))
    if valid:
        rl.validate(state)
    else:
        refused(state, "sets below the half's limit")


def test_the_attacker_is_a_seat_and_the_ball_on_the_pitch() -> None:
    """ "Two players"; the pitch has eight places, home T (0) to away T (7): attacker 2, or a ball
    at -1 or 8, is refused; a ball on a try line is refused for a tackle or penalty (a try ends the
    set), but is where a conversion is kicked from."""
    refused(build(LOSER, WINNER, attacker=2, to_act=0), "the attacker is a seat")
    refused(build(LOSER, WINNER, phase="over", ball=8, half=2, sets=10), "the ball a place")
    refused(build(LOSER, WINNER, phase="over", ball=-1, half=2, sets=10), "the ball a place")
    rl.validate(build(LOSER, WINNER, phase="over", ball=7, half=3, sets=2, scores=(4, 0)))
    rl.validate(build(LOSER, WINNER, phase="over", ball=0, half=3, sets=2, scores=(0, 4)))
    for ball in (0, 7):
        for phase in ("tackle", "penalty"):
            refused(build(LOSER, WINNER, phase=phase, ball=ball, attacker=ball // 7), "try line")
    rl.validate(build("2H 3H 4H", "AS KS QS", phase="conversion", ball=7, needed=1))
    rl.validate(build("2H 3H 4H", "AS KS QS", phase="conversion", attacker=1, ball=0, needed=2))


@pytest.mark.parametrize("field", ["home", "away", "tackles", "lost", "wins", "rounds", "needed"])
def test_scores_and_counts_are_not_negative(field: str) -> None:
    """Scores only grow ("A try is worth 4 points" ...), and tackles, tackles lost and a kick's wins,
    rounds and needed wins are counts: -1 of any is refused."""
    counts = {"home": 0, "away": 0, "tackles": 0, "lost": 0, "wins": 0, "rounds": 0, "needed": 0}
    counts[field] = -1
    state = build(
        LOSER,
        WINNER,
        scores=(counts["home"], counts["away"]),
        tackles=counts["tackles"],
        lost=counts["lost"],
        wins=counts["wins"],
        rounds=counts["rounds"],
        needed=counts["needed"],
    )
    refused(state, "scores and counts are ints >= 0")


def test_nobody_acts_once_the_match_is_over() -> None:
    """``State.to_act`` is "the seat to move (``None`` when over)": an ended match (here a draw after
    extra time) with a seat to act or a pending pick is refused; a match going on needs a seat, 0 or
    1, to act."""
    rl.validate(build(LOSER, WINNER, phase="over", half=4, sets=5))
    refused(build(LOSER, WINNER, phase="over", half=4, sets=5, to_act=0), "nobody acts")
    refused(build(LOSER, WINNER, phase="over", half=4, sets=5, to_act=None, pending=0), "nobody acts")
    refused(build(LOSER, WINNER, to_act=None), "to_act must be a seat")
    refused(build(LOSER, WINNER, to_act=2), "to_act must be a seat")


def test_tackles_lost_at_most_one_and_only_after_a_tackle() -> None:
    """ "except the tackle that is the attackers' second loss of the set" ends it: a set in play has
    lost one tackle at most, and none before its first tackle."""
    rl.validate(build(LOSER, WINNER, ball=2, tackles=1, lost=1))
    refused(build(LOSER, WINNER, ball=3, tackles=2, lost=2), "one lost at most")
    refused(build(LOSER, WINNER, ball=2, tackles=0, lost=1), "one lost at most")
    rl.validate(build(LOSER, WINNER, ball=6, tackles=5, lost=1))


def test_a_set_gains_a_place_a_tackle_towards_the_defence_try_line() -> None:
    """ "Every tackle moves the ball one space towards the defence's try line"; a set starts no
    further back than the attacker's own 1 space (home: place 1, away: place 6): home on Away 3
    (place 4) has had 3 tackles at most, away on Home 3 (place 3) too."""
    rl.validate(build(LOSER, WINNER, ball=4, tackles=3))
    refused(build(LOSER, WINNER, ball=4, tackles=4), "each tackle of a set or restart moves it")
    rl.validate(build(WINNER, LOSER, attacker=1, ball=3, tackles=3))
    refused(build(WINNER, LOSER, attacker=1, ball=3, tackles=4), "each tackle of a set or restart moves it")
    rl.validate(build(WINNER, LOSER, attacker=1, ball=6, tackles=0))
    refused(build(WINNER, LOSER, attacker=1, ball=6, tackles=1), "each tackle of a set or restart moves it")


def test_a_penalty_is_taken_by_the_awarded_seat_with_the_count_restarted() -> None:
    """ "the non-offending side takes possession ... and chooses"; "Then play restarts at a first
    tackle with no tackles lost": at a penalty the awarded side (the attacker field) acts, with no
    pick pending and no tackle counted."""
    rl.validate(build(LOSER, WINNER, phase="penalty", attacker=1, ball=3))
    refused(build(LOSER, WINNER, phase="penalty", attacker=1, ball=3, to_act=0), "the awarded seat")
    refused(
        build(LOSER, WINNER, phase="penalty", attacker=1, ball=3, pending=0, to_act=1), "the awarded seat"
    )
    refused(build(LOSER, WINNER, phase="penalty", ball=3, tackles=1), "a penalty restarts the set")
    refused(build(LOSER, WINNER, phase="penalty", ball=3, lost=1), "a penalty restarts the set")


# --- The tackle count after a try ---------------------------------------------------------------


def test_the_tackle_that_scores_a_try_is_counted_in_the_conversion() -> None:
    """``Field.tackles`` counts the tackles "completed since the set started or restarted"; the tackle
    that moves the ball onto the T is one of them ("the tackle that scored counts" for the
    conversion). Home on Away 1 after 4 tackles (one lost) wins its fifth onto the away T: the
    conversion shows 5 tackles, 1 lost, and needs 2 wins. Away from Home 1 after 3 tackles, none
    lost: 4 tackles, 1 win needed."""
    home = build(WINNER, LOSER, ball=6, tackles=4, lost=1, pile="KC QH 8D 9H AH 8S")
    rl.validate(home)
    home = rl.apply(rl.apply(home, rl.Choose(0)), rl.Choose(0))
    f = home.field
    assert (f.phase, f.ball, f.tackles, f.lost, f.needed) == ("conversion", 7, 5, 1, 2)
    away = build(LOSER, WINNER, attacker=1, ball=1, tackles=3, pile="KC QH 8D 9H AH 8S")
    away = rl.apply(rl.apply(away, rl.Choose(0)), rl.Choose(0))
    f = away.field
    assert (f.phase, f.ball, f.tackles, f.lost, f.needed) == ("conversion", 0, 4, 0, 1)
    assert rl.view(away, 0).tackles == 4


# --- render -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("half", "sets", "period"),
    [
        (1, 0, "half 1"),
        (2, 9, "half 2"),
        (3, 0, "extra time 1"),
        (3, 4, "extra time 1"),
        (4, 2, "extra time 2"),
    ],
)
def test_render_names_the_half_or_the_half_of_extra_time(half: int, sets: int, period: str) -> None:
    """``render``'s first line names the period: halves 1 and 2, then "extra time (5 sets each way)"
    as halves 3 and 4 of the match, shown as extra time 1 and 2, with the set under way (sets
    completed + 1)."""
    state = build(LOSER, WINNER, half=half, sets=sets, scores=(6, 6))
    first = rl.render(rl.view(state, 1)).splitlines()[0]
    assert first == f"Rugby League, {period}, set {sets + 1}. You are Seat 1 (away). Score home 6–6 away."


def test_render_shows_the_home_score_first() -> None:
    """``render`` shows "the score" home first, as the pitch is drawn home on the left: home 3 (a
    penalty goal and a drop goal), away 7 (a converted try and a drop goal), seen by either seat."""
    state = build(WINNER, LOSER, attacker=1, ball=6, scores=(3, 7), half=2, sets=4)
    for seat, name in ((0, "home"), (1, "away")):
        lines = rl.render(rl.view(state, seat)).splitlines()
        assert lines[0] == f"Rugby League, half 2, set 5. You are Seat {seat} ({name}). Score home 3–7 away."
        assert lines[1] == "T | 1 2 3 | 3 2 O | T   away attacking"


@pytest.mark.parametrize(
    ("phase", "wins", "rounds", "needed", "line"),
    [
        ("drop_goal", 0, 0, 2, "drop goal: 0 of 2 wins, round 1."),
        ("penalty_goal", 1, 1, 3, "penalty goal: 1 of 3 wins, round 2."),
        ("conversion", 1, 2, 2, "conversion: 1 of 2 wins, round 3."),
    ],
)
def test_render_of_a_kick_counts_its_wins_and_the_round_under_way(
    phase: rl.Phase, wins: int, rounds: int, needed: int, line: str
) -> None:
    """``render`` shows "the counts": in a kick, the kicking side, the wins so far of those needed,
    and the round under way (rounds played + 1) of the three."""
    home = " ".join(["--"] * rounds + ["2H", "3H", "4H"][rounds:])
    away = " ".join(["--"] * rounds + ["AS", "KS", "QS"][rounds:])
    played = " ".join(["2H", "3H", "4H"][:rounds] + ["AS", "KS", "QS"][:rounds])
    ball = 7 if phase == "conversion" else 5
    state = build(home, away, phase=phase, ball=ball, wins=wins, rounds=rounds, needed=needed, played=played)
    rl.validate(state)
    lines = rl.render(rl.view(state, 0)).splitlines()
    assert lines[1].endswith("   home kicking")
    assert lines[2] == line


def test_render_of_a_penalty_and_of_the_end() -> None:
    """``render``'s third line: "Penalty to away." while the awarded side chooses, "Full time." once
    the match is over."""
    penalty = build(LOSER, WINNER, phase="penalty", attacker=1, ball=3)
    rl.validate(penalty)
    assert rl.render(rl.view(penalty, 0)).splitlines()[2] == "Penalty to away."
    over = build(LOSER, WINNER, phase="over", half=2, sets=10, scores=(4, 2))
    rl.validate(over)
    assert rl.render(rl.view(over, 1)).splitlines()[2] == "Full time."


def test_a_position_read_from_text_renders_as_the_original() -> None:
    """``from_text`` reads back the position ``to_text`` wrote, and it shows the same picture: a
    first tackle of the match, "Tackle 1, tackles lost 0." (the phase read from text is an equal
    string, not the very object the rules wrote)."""
    state = rl.new_game(5)
    again = rl.from_text(rl.to_text(state))
    assert again == state
    lines = rl.render(rl.view(again, 0)).splitlines()
    assert lines == rl.render(rl.view(state, 0)).splitlines()
    assert lines[2] == "Tackle 1, tackles lost 0."


def test_zones_hold_each_row_the_pile_and_the_discards() -> None:
    """``zones``: "Each row (seen by nobody in blind play, by its owner with open hands), the pile
    (nobody) and the discards (public)", each holding its own cards: row 1 is away's row."""
    home, away = "-- 3C 4C 5C 6C 7C", "-- KD QD JD TD 9D"
    state = build(home, away, ball=2, tackles=1, lost=1, played="2C AD", open_hands=True)
    rl.validate(state)
    names = [(z.name, z.cards, z.seen_by) for z in rl.zones(state)]
    assert names == [
        ("row 0", cs("3C 4C 5C 6C 7C"), (0,)),
        ("row 1", cs("KD QD JD TD 9D"), (1,)),
        ("pile", state.field.pile, ()),
        ("discards", cs("2C AD"), (0, 1)),
    ]


def test_a_try_in_the_second_half_of_extra_time_ends_the_match_at_once() -> None:
    """Extra time ends "at once when any points are scored (a try ends it before its conversion)",
    in either half of it: Away, on Home 1 in half 4 at 3-3, wins a tackle onto the home T and wins
    7-3 with no conversion."""
    state = build(LOSER, WINNER, attacker=1, ball=1, tackles=2, half=4, sets=2, scores=(3, 3))
    rl.validate(state)
    state = rl.apply(state, rl.Choose(0))
    state, events = rl.step(state, rl.Choose(0))
    assert events[-2:] == (rl.TryScored(1, (3, 7)), GameOver(Outcome((3.0, 7.0), (1,))))
    assert (state.field.phase, state.to_act) == ("over", None)


@pytest.mark.parametrize("text", ["12", "45", "345", "012345"])
def test_parse_move_several_digits_are_no_move(text: str) -> None:
    """The notation is one digit "``0``..``5``" for a slot (``format_move``), and the parse error says
    "write a slot (0-5)": "12" or "345" is no move at all (a ``MoveParseError``), not slot 12."""
    with pytest.raises(MoveParseError):
        rl.parse_move(rl.new_game(0), text)


@pytest.mark.parametrize("junk", [[0], {"slot": 0}, {0}])
def test_encode_move_of_an_unhashable_object_is_an_illegal_move(junk: object) -> None:
    """``encode_move`` numbers Rugby League moves and raises ``IllegalMoveError`` for anything else,
    an unhashable list, dict or set included."""
    with pytest.raises(IllegalMoveError, match="is not a Rugby League move"):
        rl.encode_move(junk)  # type: ignore[arg-type]


def test_a_rollout_plays_random_moves_seeded_by_its_seed() -> None:
    """``rollout`` plays "uniformly random legal moves" drawn from ``seed``: from one position,
    different seeds play different first halves, and so value the lead differently (the same seed
    the same way)."""
    state = rl.new_game(1)
    values = {rl.rollout(state, seed) for seed in range(6)}
    assert len(values) > 1
    assert rl.rollout(state, 3) == rl.rollout(state, 3)


@pytest.mark.parametrize(
    ("scores", "value"),
    [
        ((3, 0), (0.5 + 3 / 32, 0.5 - 3 / 32)),
        ((0, 5), (0.5 - 5 / 32, 0.5 + 5 / 32)),
        ((16, 0), (1.0, 0.0)),
        ((17, 0), (1.0, 0.0)),
        ((30, 0), (1.0, 0.0)),
        ((0, 16), (0.0, 1.0)),
        ((0, 17), (0.0, 1.0)),
    ],
)
def test_a_first_half_rollout_values_the_lead_clamped_to_16(
    scores: tuple[int, int], value: tuple[float, float]
) -> None:
    """``rollout`` in the first half "gives the seat ahead by ``d`` points ``0.5 + d / 32`` (within
    [0, 1]; 16 points is about two converted tries), the other seat the rest". The 10th set: home,
    one tackle lost on Home 2, holds 2C-7C against away's AD-9D, so it loses the next tackle
    whatever is picked, the set and the half end, and the score stands: 3-0 is worth 0.59375, a
    lead of 16 or more 1 (and 0 to the other side)."""
    state = build(LOSER, WINNER, ball=2, tackles=1, lost=1, sets=9, scores=scores)
    rl.validate(state)
    assert rl.rollout(state, 0) == value
    assert rl.rollout(state, 1) == value


def test_the_bound_on_a_match_moves() -> None:
    """``max_moves``: "30 sets of at most 37 moves, 1,110" - 10 + 10 sets and 5 + 5 of extra time,
    whatever the config."""
    assert rl.max_moves() == 1110
    assert rl.max_moves(rl.Config(open_hands=True)) == 1110


# --- More bounds and events (seed 4402's survivors) ---------------------------------------------


def test_a_pending_pick_before_slot_0_is_refused() -> None:
    """A pending pick is "a filled slot of the first chooser", numbered from 0 (``Choose(-1)`` is no
    move: it would name a slot from the end): pending -1 is refused even though the row's last slot
    holds a card."""
    refused(build(LOSER, WINNER, pending=-1), "a pending pick is a filled slot")


def test_open_hands_sample_state_refuses_a_view_with_too_few_unseen_cards() -> None:
    """``sample_state`` deals "every card it does not show" to the face-down slots of the other
    seat: an away open-hands view that shows its own 6 cards and 41 discards (the 40 of the pile and
    home's 2C) leaves 5 unseen cards for home's 6 filled slots, a ``StateError`` (not a failure
    while dealing)."""
    state = build(LOSER, WINNER, open_hands=True)
    view = rl.view(state, 1)
    forged = attrs.evolve(view, discards=(*state.field.pile, c("2C")), pile_size=0)
    with pytest.raises(StateError, match="more face-down cards in the rows than cards it does not show"):
        rl.sample_state(forged, 0)


def test_the_first_half_of_extra_time_ends_without_a_lapsed_possession_change() -> None:
    """ "Every half, extra-time halves included, ends at once when its set count is reached": Home
    loses its second tackle on Away 3 in the 5th set of extra time's first half (2-2) and kicks to
    Away 1; the half ends there, so the set's change of possession is never announced, only the
    next half's kick-off side, Away ("then 5 with the away team attacking first")."""
    state = build(LOSER, WINNER, ball=4, tackles=1, lost=1, half=3, sets=4, scores=(2, 2))
    rl.validate(state)
    state = rl.apply(state, rl.Choose(0))
    state, events = rl.step(state, rl.Choose(0))
    assert events == (
        rl.CardsRevealed((c("2C"), c("AD"))),
        rl.TackleWon(1),
        rl.BallMoved(4, 6),
        rl.SetEnded(3, 5),
        rl.HalfTime(3, (2, 2)),
        rl.PossessionChanged(1),
    )
    assert (state.match.half, state.field.attacker, state.field.ball) == (4, 1, 6)


def test_the_away_side_ahead_after_20_sets_wins() -> None:
    """Rule text: "The winner of the match is the team with the most points after 20 sets"; only a
    tie plays extra time. Away leads 4-2 when Home loses its second tackle of the 20th set."""
    state = build(LOSER, WINNER, ball=3, tackles=1, lost=1, half=2, sets=9, scores=(2, 4))
    rl.validate(state)
    state = rl.apply(state, rl.Choose(0))
    state, events = rl.step(state, rl.Choose(0))
    outcome = Outcome((2.0, 4.0), (1,))
    assert events[-3:] == (rl.SetEnded(2, 10), rl.HalfTime(2, (2, 4)), GameOver(outcome))
    assert (state.field.phase, state.to_act, rl.outcome(state)) == ("over", None, outcome)


def test_outside_kicks_the_kick_counts_are_zero() -> None:
    """The position's ninth field: "the kick's wins, rounds and wins needed ... (``0,0,0`` outside
    kicks)": after a tackle, at a penalty, after a kick's restart and once the match is over."""
    tackle = rl.apply(rl.apply(build(WINNER, LOSER), rl.Choose(0)), rl.Choose(0))
    assert rl.to_text(tackle).split(" ")[9] == "0,0,0"
    # Home repeats its 5: a penalty to Away.
    penalty = build("5D 3C 4C 6C 7C 8C", "2C 3D 4D 6D 7D 8D", ball=3, tackles=1, played="5C")
    penalty = attrs.evolve(penalty, field=attrs.evolve(penalty.field, last=(c("5C"), None)))
    rl.validate(penalty)
    penalty = rl.apply(rl.apply(penalty, rl.Choose(0)), rl.Choose(0))
    assert penalty.field.phase == "penalty"
    assert rl.to_text(penalty).split(" ")[9] == "0,0,0"
    # Home's drop goal from Away 2, 1 of 2 wins after 2 rounds, loses its last round: a miss.
    missed = rl.apply(rl.apply(kick(1, 2, 2), rl.Choose(2)), rl.Choose(2))
    assert (missed.field.phase, missed.field.attacker) == ("tackle", 1)
    assert rl.to_text(missed).split(" ")[9] == "0,0,0"
    over = build(LOSER, WINNER, ball=3, tackles=1, lost=1, half=2, sets=9, scores=(2, 4))
    over = rl.apply(rl.apply(over, rl.Choose(0)), rl.Choose(0))
    assert over.field.phase == "over"
    assert rl.to_text(over).split(" ")[9] == "0,0,0"


@pytest.mark.parametrize("half", [0, 5])
def test_an_ended_match_is_in_one_of_the_four_halves(half: int) -> None:
    """``validate`` checks "the half 1-4" ("halves 1, 2; 3 and 4 are extra time"), also once the
    match is over: a match that ended in half 0 or 5 is no position (it used to pass: the limit
    of an unknown half was 0, and an ended match may have ``sets < limit + 1``)."""
    refused(build(LOSER, WINNER, phase="over", half=half, sets=0), "half is 1-4")


def test_render_shows_the_last_four_revealed_cards() -> None:
    """``render``'s last line shows the latest revealed cards, the last four discards (the two
    latest tackles' pairs without tie-breaks), oldest first. Home's AH KH QH beat away's 2S 3S 4S
    in three tackles: the discards are AH 2S KH 3S QH 4S, and the last four K♥ 3♠ Q♥ 4♠."""
    state = build("AH KH QH JH TH 9H", "2S 3S 4S 5S 6S 7S")
    for slot in range(3):
        state = rl.apply(rl.apply(state, rl.Choose(slot)), rl.Choose(slot))
    assert state.field.discards == cs("AH 2S KH 3S QH 4S")
    assert rl.render(rl.view(state, 0)).splitlines()[-1] == "Last revealed: K♥ 3♠ Q♥ 4♠"


def test_a_penalty_goal_kick_is_checked_as_a_kick() -> None:
    """A penalty goal is a kick (three rounds, 1-3 wins needed by field position), not a penalty
    awaiting its choice: a penalty-goal kick needing no win is refused as a kick that is not open,
    though no tackle is counted."""
    rl.validate(build("2H 3H 4H", "AS KS QS", phase="penalty_goal", ball=5, needed=2))
    refused(build("2H 3H 4H", "AS KS QS", phase="penalty_goal", ball=5, needed=0), "a kick needs 1-3 wins")


def test_rows_played_unevenly_are_named_with_both_counts() -> None:
    """Each tackle takes a card from each seat: home with two slots played and away with one is
    refused, naming both counts, home's first."""
    refused(build("-- -- 4C 5C 6C 7C", "-- KD QD JD TD 9D"), "played slots 2 and 1")


@pytest.mark.parametrize("place", [-1, 8])
def test_a_place_off_the_pitch_has_no_name(place: int) -> None:
    """The pitch has eight places, home T (0) to away T (7): -1 and 8 are none of them."""
    with pytest.raises(StateError, match="a place is 0 to 7"):
        rl.place_name(place)


def test_a_kick_scored_in_extra_time_ends_the_match() -> None:
    """Extra time is played "5 sets each way, or until any points are scored": level at 6-6 in
    extra time's first half, home's drop goal from Away 1 (1 round win needed) is won with AH
    against 2C, scores its 1 point, and the match is over, home winning 7-6."""
    state = build("AH KH QH", "2C 3C 4C", phase="drop_goal", ball=6, needed=1, half=3, sets=1, scores=(6, 6))
    rl.validate(state)
    state = rl.apply(rl.apply(state, rl.Choose(0)), rl.Choose(0))
    assert state.to_act is None
    assert state.field.phase == "over"
    assert state.match.scores == (7, 6)
    assert rl.outcome(state) == Outcome((7, 6), (0,))


def test_at_a_penalty_only_the_awarded_seat_chooses() -> None:
    """At a penalty "the non-offending team chooses" its option: awarded to home (the attacker
    field of a penalty), away to act is refused, as is home with a pending pick."""
    rl.validate(build(LOSER, WINNER, phase="penalty", attacker=0, ball=3, to_act=0))
    refused(build(LOSER, WINNER, phase="penalty", attacker=0, ball=3, to_act=1), "the awarded seat chooses")
    refused(build(LOSER, WINNER, phase="penalty", attacker=1, ball=3, to_act=0), "the awarded seat chooses")
