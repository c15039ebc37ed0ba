"""Rugby League's Config, views (blind and open hands), sample_state, legal_moves, errors and notation."""

from __future__ import annotations

import copy
import json
import random

import attrs
import pytest

from cardrules import dumps, loads
from cardrules import rugby_league as rl
from cardrules.cards import Card, parse_card, parse_cards, standard_deck
from cardrules.cards import parse_card as c
from cardrules.errors import ConfigError, IllegalMoveError, MoveParseError, StateError
from cardrules.rng import Rng

TOUCH, GOAL, TAP, DROP = rl.KickForTouch(), rl.KickForGoal(), rl.TapAndRun(), rl.AttemptDropGoal()
SLOTS = tuple(rl.Choose(k) for k in range(6))
HOME = "2C 3C 4C 5C 6C 7C"
AWAY = "AD KD QD JD TD 9D"


def stacked(home: str, away: str, pile: str = "") -> list[Card]:
    """52 cards: the rows dealt alternately home first, then ``pile``, then the rest in code order."""
    h, a, p = parse_cards(home), parse_cards(away), parse_cards(pile)
    top = [x for pair in zip(h, a) for x in pair] + list(p)
    assert len(set(top)) == len(top)
    return top + [x for x in standard_deck() if x not in top]


def build(
    home: str,
    away: str,
    *,
    phase: rl.Phase = "tackle",
    attacker: int = 0,
    ball: int = 1,
    rounds: int = 0,
    needed: int = 0,
    open_hands: bool = False,
) -> rl.State:
    rows = tuple(tuple(None if t == "--" else parse_card(t) for t in r.split()) for r in (home, away))
    used = {x for r in rows for x in r if x is not None}
    pile = tuple(x for x in standard_deck() if x not in used)
    match = rl.Match(
        config=rl.Config(open_hands=open_hands), scores=(0, 0), half=1, sets=0, rng=Rng.from_seed(0)
    )
    field = rl.Field(
        phase=phase,
        attacker=attacker,
        ball=ball,
        tackles=0,
        lost=0,
        last=(None, None),
        wins=0,
        rounds=rounds,
        needed=needed,
        pile=pile,
        discards=(),
        match=match,
    )
    state = rl.State(rows=rows, to_act=attacker, pending=None, field=field)
    rl.validate(state)
    return state


def visible_cards(view: rl.View) -> set[Card]:
    """Every card a view names."""
    named = [x for x in view.own_row if x is not None] + [x for x in view.last if x is not None]
    return set(named) | set(view.discards)


def random_states(seed: int, open_hands: bool, count: int) -> list[rl.State]:
    """States met in a random match (its first ``count`` moves at most)."""
    state = rl.new_game(seed, rl.Config(open_hands=open_hands))
    chooser = random.Random(seed)
    states = [state]
    while state.to_act is not None and len(states) < count:
        state = rl.apply(state, chooser.choice(rl.legal_moves(state)))
        states.append(state)
    return states


# --- Config ----------------------------------------------------------------------------------


def test_config_default_and_option() -> None:
    assert rl.Config() == rl.Config(open_hands=False)
    assert rl.Config(open_hands=True).open_hands is True
    assert rl.new_game(0).match.config == rl.Config()


@pytest.mark.parametrize("value", [1, 0, "yes", None, 1.0])
def test_config_rejects_non_bool_open_hands(value: object) -> None:
    with pytest.raises(ConfigError, match="open_hands"):
        rl.Config(open_hands=value)  # type: ignore[arg-type]


def test_new_game_rejects_bad_config_seed_and_deck() -> None:
    with pytest.raises(ConfigError):
        rl.new_game(0, object())  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        rl.new_game("seed")  # type: ignore[arg-type]
    deck = list(standard_deck())
    with pytest.raises(ConfigError, match="missing AS"):
        rl.new_game(0, deck=deck[:-1])
    with pytest.raises(ConfigError, match="surplus"):
        rl.new_game(0, deck=[*deck[:-1], deck[0]])
    with pytest.raises(ConfigError):
        rl.new_game(0, deck=["XX", *deck[1:]])
    assert issubclass(ConfigError, ValueError)
    with pytest.raises(ConfigError):
        rl.num_players("config")  # type: ignore[arg-type]
    # Card text is accepted in a stacked deck.
    assert rl.new_game(0, deck=[str(x) for x in deck]) == rl.new_game(0, deck=deck)


# --- Views -----------------------------------------------------------------------------------


def test_blind_view_shows_no_row_card_to_anyone_not_even_its_owner() -> None:
    """Blind play: "neither player sees a card before it is revealed"."""
    deck = stacked(HOME, AWAY)
    swapped = stacked("AD 3C QD 5C 6C 7C", "2C KD 4C JD TD 9D")  # cards moved between the rows
    a, b = rl.new_game(0, deck=deck), rl.new_game(0, deck=swapped)
    assert a.rows != b.rows
    for player in (0, 1):
        va, vb = rl.view(a, player), rl.view(b, player)
        assert va == vb
        assert va.own_row == ()
        assert va.filled == ((True,) * 6, (True,) * 6)
        assert visible_cards(va) == set()
    assert rl.zones(a)[0].seen_by == () and rl.zones(a)[1].seen_by == ()


def test_open_hands_view_shows_own_row_only() -> None:
    cfg = rl.Config(open_hands=True)
    a = rl.new_game(0, cfg, deck=stacked(HOME, AWAY))
    b = rl.new_game(0, cfg, deck=stacked(HOME, "KD AD JD QD 9D TD"))  # Away's row reordered
    assert rl.view(a, 0).own_row == parse_cards(HOME)
    assert rl.view(a, 1).own_row == parse_cards(AWAY)
    assert rl.view(a, 0) == rl.view(b, 0)  # Home cannot tell how Away's row lies
    assert rl.view(a, 1) != rl.view(b, 1)
    assert visible_cards(rl.view(a, 0)) == set(parse_cards(HOME))
    assert rl.zones(a)[0].seen_by == (0,) and rl.zones(a)[1].seen_by == (1,)


@pytest.mark.parametrize("open_hands", [False, True])
def test_defender_never_sees_the_attacker_pending_slot(open_hands: bool) -> None:
    """ "Whoever chooses second never learns which card the first chose before both are revealed." """
    state = rl.new_game(8, rl.Config(open_hands=open_hands))
    picked = [rl.apply(state, slot) for slot in SLOTS]
    defender_views = {rl.view(s, 1) for s in picked}
    assert len(defender_views) == 1
    (seen,) = defender_views
    assert seen.pending_chosen and seen.own_pending is None
    assert seen.filled == ((True,) * 6, (True,) * 6)
    assert seen.legal_moves == SLOTS
    assert [rl.view(s, 0).own_pending for s in picked] == list(range(6))
    # In a kick the kicker picks first and its pick is hidden the same way.
    kick = build(
        "AS KS QS", "2S 3S 4S", phase="drop_goal", attacker=1, ball=2, needed=2, open_hands=open_hands
    )
    kick_views = {rl.view(rl.apply(kick, rl.Choose(k)), 0) for k in range(3)}
    assert len(kick_views) == 1


def test_revealed_cards_are_public() -> None:
    deck = stacked(HOME, AWAY, "8H 8S")
    state = rl.new_game(0, deck=deck)
    state = rl.apply(rl.apply(state, rl.Choose(0)), rl.Choose(0))
    for player in (0, 1):
        view = rl.view(state, player)
        assert sorted(view.discards) == sorted((c("2C"), c("AD")))
        assert view.last == (c("2C"), c("AD"))
        assert view.filled == ((False,) + (True,) * 5, (False,) + (True,) * 5)
        assert view.pile_size == 40
        assert (view.ball, view.lost, view.tackles, view.attacker) == (2, 1, 1, 0)
    assert rl.view(state, 0).legal_moves == SLOTS[1:]
    assert rl.view(state, 1).legal_moves == ()


def test_view_rejects_bad_player() -> None:
    state = rl.new_game(0)
    for player in (2, -1, True):
        with pytest.raises(StateError):
            rl.view(state, player)


@pytest.mark.parametrize("open_hands", [False, True])
def test_sample_state_is_consistent_with_the_view(open_hands: bool) -> None:
    """``view(sample_state(v, s), v.player) == v`` for states met in play, both players."""
    checked = 0
    for seed in range(3):
        for state in random_states(seed, open_hands, 120):
            for player in (0, 1):
                view = rl.view(state, player)
                sampled = rl.sample_state(view, seed + checked)
                assert rl.view(sampled, player) == view
                rl.validate(sampled)
                checked += 1
    assert checked > 300


def test_blind_sample_state_redeals_every_unrevealed_card() -> None:
    state = rl.new_game(0, deck=stacked(HOME, AWAY))
    state = rl.apply(rl.apply(state, rl.Choose(0)), rl.Choose(0))
    view = rl.view(state, 0)
    samples = [rl.sample_state(view, seed) for seed in range(8)]
    assert len({s.rows[0] for s in samples}) > 1  # even the viewer's own row is re-dealt
    assert len({s.rows[1] for s in samples}) > 1
    for s in samples:
        assert s.rows[0][0] is None and s.rows[1][0] is None
        assert s.field.discards == state.field.discards
        assert c("2C") not in s.rows[0] and c("AD") not in s.rows[1]


def test_open_hands_sample_state_keeps_own_row_and_hides_pending() -> None:
    cfg = rl.Config(open_hands=True)
    state = rl.apply(rl.new_game(0, cfg, deck=stacked(HOME, AWAY)), rl.Choose(4))
    view = rl.view(state, 1)
    samples = [rl.sample_state(view, seed) for seed in range(10)]
    for s in samples:
        assert s.rows[1] == parse_cards(AWAY)
        assert s.pending is not None and s.rows[0][s.pending] is not None
        assert s.to_act == 1
    assert len({s.pending for s in samples}) > 1  # the attacker's pick is guessed, not known
    own = rl.view(state, 0)
    assert all(rl.sample_state(own, seed).pending == 4 for seed in range(5))


def test_sample_state_rejects_inconsistent_views() -> None:
    view = rl.view(rl.new_game(0), 0)
    with pytest.raises(StateError):
        rl.sample_state(attrs_evolve(view, pile_size=3), 0)
    with pytest.raises(StateError):
        rl.sample_state("view", 0)  # type: ignore[arg-type]


def attrs_evolve(view: rl.View, **changes: object) -> rl.View:
    return attrs.evolve(view, **changes)  # type: ignore[arg-type]


# --- legal_moves -----------------------------------------------------------------------------


def test_legal_moves_contents() -> None:
    state = rl.new_game(0, deck=stacked(HOME, AWAY))
    assert rl.legal_moves(state) == SLOTS  # Home 1: no drop goal
    picked = rl.apply(state, rl.Choose(3))
    assert rl.legal_moves(picked) == SLOTS  # the defender: any filled slot, no drop goal
    after = rl.apply(picked, rl.Choose(5))
    assert rl.legal_moves(after) == (SLOTS[0], SLOTS[1], SLOTS[2], SLOTS[4], SLOTS[5])
    assert rl.legal_moves(rl.apply(after, rl.Choose(0))) == SLOTS[:5]
    assert rl.legal_moves(build(HOME, AWAY, ball=4)) == SLOTS + (DROP,)
    assert rl.legal_moves(build(HOME, AWAY, attacker=1, ball=3)) == SLOTS + (DROP,)
    assert rl.legal_moves(build(HOME, AWAY, attacker=1, ball=4)) == SLOTS
    assert rl.legal_moves(build(HOME, AWAY, phase="penalty", ball=2)) == (TOUCH, TAP)
    assert rl.legal_moves(build(HOME, AWAY, phase="penalty", ball=6)) == (GOAL, TAP)
    assert rl.legal_moves(build("AS -- QS", "2S -- 4S", phase="conversion", ball=7, rounds=1, needed=1)) == (
        SLOTS[0],
        SLOTS[2],
    )


def test_legal_moves_empty_when_over() -> None:
    state = rl.new_game(0)
    chooser = random.Random(0)
    while state.to_act is not None:
        state = rl.apply(state, chooser.choice(rl.legal_moves(state)))
    assert rl.legal_moves(state) == ()
    assert rl.outcome(state) is not None
    with pytest.raises(IllegalMoveError, match="the match is over"):
        rl.apply(state, rl.Choose(0))


# --- Illegal moves ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "move", "message"),
    [
        ("start", rl.Choose(6), "slot 6 of seat 0's row holds no card"),
        ("start", DROP, "drop goal only as attacker, at a tackle's start, in the opponent's half"),
        ("start", TOUCH, "seat 0 has no penalty to take"),
        ("start", GOAL, "seat 0 has no penalty to take"),
        ("start", TAP, "seat 0 has no penalty to take"),
        ("start", "3", "is not a Rugby League move"),
        ("after", rl.Choose(0), "slot 0 of seat 0's row holds no card"),
        ("picked", DROP, "seat 1 may try a drop goal only as attacker"),
        ("own half", GOAL, "kick for goal only in the opponent's half (ball on home 2)"),
        ("own half", rl.Choose(0), "must choose its penalty option"),
        ("their half", TOUCH, "kick for touch only in its own half (ball on away 2)"),
    ],
)
def test_illegal_moves_raise_with_a_reason_and_change_nothing(where: str, move: object, message: str) -> None:
    def make() -> rl.State:
        if where == "own half":
            return build(HOME, AWAY, phase="penalty", ball=2)
        if where == "their half":
            return build(HOME, AWAY, phase="penalty", ball=5)
        state = rl.new_game(0, deck=stacked(HOME, AWAY))
        if where == "picked":
            return rl.apply(state, rl.Choose(0))
        if where == "after":
            return rl.apply(rl.apply(state, rl.Choose(0)), rl.Choose(0))
        return state

    state = make()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as info:
        rl.apply(state, move)
    assert message in str(info.value)
    assert not isinstance(info.value, MoveParseError)
    with pytest.raises(IllegalMoveError):
        rl.step(state, move)
    assert not rl.is_legal(state, move)
    assert state == before == make()


def test_rules_functions_reject_non_states() -> None:
    with pytest.raises(StateError):
        rl.outcome("state")  # type: ignore[arg-type]
    with pytest.raises(StateError):
        rl.validate("state")  # type: ignore[arg-type]
    with pytest.raises(StateError):
        rl.apply("state", rl.Choose(0))  # type: ignore[arg-type]
    with pytest.raises(StateError):
        rl.is_legal("state", rl.Choose(0))  # type: ignore[arg-type]


# --- Notation --------------------------------------------------------------------------------


def test_format_move() -> None:
    assert [rl.format_move(m) for m in SLOTS] == ["0", "1", "2", "3", "4", "5"]
    assert [rl.format_move(m) for m in (DROP, TOUCH, GOAL, TAP)] == ["drop", "touch", "goal", "tap"]
    with pytest.raises(IllegalMoveError):
        rl.format_move("tap")  # type: ignore[arg-type]


def test_parse_move_reads_the_notation() -> None:
    start = rl.new_game(0, deck=stacked(HOME, AWAY))
    assert rl.parse_move(start, "3") == rl.Choose(3)
    assert rl.parse_move(start, " 0 ") == rl.Choose(0)
    assert rl.parse_move(build(HOME, AWAY, ball=5), "drop") == DROP
    assert rl.parse_move(build(HOME, AWAY, ball=5), "DROP") == DROP
    own = build(HOME, AWAY, phase="penalty", ball=2)
    theirs = build(HOME, AWAY, phase="penalty", ball=5)
    assert rl.parse_move(own, "touch") == TOUCH
    assert rl.parse_move(own, "Tap") == TAP
    assert rl.parse_move(theirs, "goal") == GOAL
    assert rl.parse_move(theirs, "tap") == TAP


def test_parse_move_round_trips_every_legal_move_in_play() -> None:
    for state in random_states(5, False, 200) + random_states(6, True, 200):
        for move in rl.legal_moves(state):
            assert rl.parse_move(state, rl.format_move(move)) == move


@pytest.mark.parametrize("text", ["", "x", "10", "-1", "3.0", "drop now", "kick", "Choose(3)", "t a p"])
def test_parse_move_junk_is_a_move_parse_error(text: str) -> None:
    """ "All games": parse_move raises "a subclass of it [IllegalMoveError] for text that is no move
    at all"."""
    with pytest.raises(MoveParseError):
        rl.parse_move(rl.new_game(0), text)
    assert issubclass(MoveParseError, IllegalMoveError)


@pytest.mark.parametrize(
    ("where", "text"),
    [("start", "tap"), ("start", "touch"), ("start", "goal"), ("start", "drop"), ("own", "goal")],
)
def test_parse_move_legal_looking_but_illegal_now(where: str, text: str) -> None:
    """ "parse_move raises IllegalMoveError for a legal-looking move that is not legal now" (not the
    parse error subclass)."""
    state = rl.new_game(0) if where == "start" else build(HOME, AWAY, phase="penalty", ball=2)
    with pytest.raises(IllegalMoveError) as info:
        rl.parse_move(state, text)
    assert not isinstance(info.value, MoveParseError)


def test_parse_move_slot_of_a_played_card_is_illegal_not_junk() -> None:
    state = rl.new_game(0, deck=stacked(HOME, AWAY))
    state = rl.apply(rl.apply(state, rl.Choose(2)), rl.Choose(2))
    with pytest.raises(IllegalMoveError, match="slot 2") as info:
        rl.parse_move(state, "2")
    assert not isinstance(info.value, MoveParseError)
    kick = build("AS KS QS", "2S 3S 4S", phase="drop_goal", ball=5, needed=2)
    with pytest.raises(IllegalMoveError) as info:
        rl.parse_move(kick, "4")  # a set's slot, not a kick's: legal-looking, illegal now
    assert not isinstance(info.value, MoveParseError)


@pytest.mark.parametrize("text", ["6", "9"])
def test_parse_move_digit_beyond_the_notation_is_a_move_parse_error(text: str) -> None:
    """The notation is "`0`..`5` pick a slot; `drop`, `touch`, `goal`, `tap`" (docs) and the parse
    error's own message says "write a slot (0-5)": "6" or "9" is no move at all."""
    with pytest.raises(MoveParseError):
        rl.parse_move(rl.new_game(0), text)


def test_opening_events_are_empty_because_the_rows_are_face_down() -> None:
    assert rl.opening_events(rl.new_game(0)) == ()
    assert rl.opening_events(rl.new_game(0, rl.Config(open_hands=True))) == ()
    with pytest.raises(StateError):
        rl.opening_events("state")  # type: ignore[arg-type]


@pytest.mark.parametrize("slot", [-1, -6, True, False, 1.0, "1", None])
def test_a_slot_is_a_whole_number_from_zero(slot: object) -> None:
    """``Choose(True)`` used to equal ``Choose(1)`` and be legal (and ``dumps`` wrote ``true``, which
    ``loads`` refused); ``Choose(-1)`` loaded from a document."""
    with pytest.raises(IllegalMoveError, match="a slot is a whole number from 0"):
        rl.Choose(slot)  # type: ignore[arg-type]
    document = dumps(rl.Choose(2)).replace('"slot":2', f'"slot":{json.dumps(slot)}')
    with pytest.raises(StateError, match="slot"):
        loads(document)


def test_a_slot_past_the_row_is_refused_when_played() -> None:
    state = rl.new_game(1)
    assert rl.Choose(6).slot == 6
    assert not rl.is_legal(state, rl.Choose(6))


def test_render_after_a_tackle_in_open_hands_play() -> None:
    """Seed 3, open hands: home's row is 2D 8S TS 6S 4H AS, away's 4D KS 3C 2H QC KH; home attacks
    from its 1 space. Home reveals slot 2 (TS), away slot 0 (4D): the ten wins, home keeps the ball,
    which moves one place on to home's 2 space; tackle 2 of the set, none lost."""
    state = rl.new_game(3, rl.Config(open_hands=True))
    assert rl.render(rl.view(state, 0)).splitlines()[-1] == "Your row: 0:2♦ 1:8♠ 2:10♠ 3:6♠ 4:4♥ 5:A♠"
    state = rl.apply(rl.apply(state, rl.Choose(slot=2)), rl.Choose(slot=0))
    assert rl.render(rl.view(state, 1)).splitlines() == [
        "Rugby League, half 1, set 1. You are Seat 1 (away). Score home 0–0 away.",
        "T | 1 O 3 | 3 2 1 | T   home attacking",
        "Tackle 2, tackles lost 0.",
        "Your row: 0:-- 1:K♠ 2:3♣ 3:2♥ 4:Q♣ 5:K♥",
        "Last revealed: 10♠ 4♦",
    ]


def test_render_of_a_blind_row_shows_no_card() -> None:
    text = rl.render(rl.view(rl.new_game(3), 0))
    assert text.splitlines()[-1] == "Your row: 0:[] 1:[] 2:[] 3:[] 4:[] 5:[]"
