"""One test per rule of Rugby League: the rule text and the "All games" and "Rugby League" rulings.

Each docstring quotes the sentence it tests (RULINGS.md unless it says "Rule text"). Expected scores,
places and cards are worked out by hand from the rules; places are 0 home T, 1-3 home 1-3, 4-6 away
3-1, 7 away T. Scenarios use stacked decks (``deck[0]`` home slot 0, ``deck[1]`` away slot 0, ...,
``deck[12:]`` the pile) or states built directly and checked with ``validate``.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cardrules import rugby_league as rl
from cardrules.cards import Card, parse_card, parse_cards, standard_deck
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.errors import IllegalMoveError, StateError
from cardrules.events import GameOver
from cardrules.game import Outcome
from cardrules.rng import Rng

TOUCH, GOAL, TAP, DROP = rl.KickForTouch(), rl.KickForGoal(), rl.TapAndRun(), rl.AttemptDropGoal()
SLOTS = tuple(rl.Choose(k) for k in range(6))
# Fresh rows dealt from a pile starting with FRESH: home 2H 3H 4H 5H 6H 7H, away 2S 3S 4S 5S 6S 7S.
FRESH = "2H 2S 3H 3S 4H 4S 5H 5S 6H 6S 7H 7S"
FRESH_ROWS = (parse_cards("2H 3H 4H 5H 6H 7H"), parse_cards("2S 3S 4S 5S 6S 7S"))
# Rows for a tackle the attacker loses (slot 0: 2C against AD) and its mirror.
LOSER = "2C 3C 4C 5C 6C 7C"
WINNER = "AD KD QD JD TD 9D"


def stacked(home: str, away: str, pile: str = "") -> list[Card]:
    """52 cards: the rows dealt alternately home first, then ``pile``, then the rest in code order."""
    h, a, p = cs(home), cs(away), cs(pile)
    assert len(h) == len(a) == 6
    top = [x for pair in zip(h, a) for x in pair] + list(p)
    assert len(set(top)) == len(top)
    return top + [x for x in standard_deck() if x not in top]


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
    tackles: int = 0,
    lost: int = 0,
    last: tuple[Card | None, Card | None] = (None, None),
    wins: int = 0,
    rounds: int = 0,
    needed: int = 0,
    pile: str = "",
    discards: str = "",
    rest_to_discards: bool = False,
    scores: tuple[int, int] = (0, 0),
    half: int = 1,
    sets: int = 0,
    seed: int = 0,
) -> rl.State:
    """A consistent state: the given rows, ``pile`` on top of the pile, ``discards``; every other
    card goes (in code order) under the pile, or to the discards with ``rest_to_discards``."""
    rows = (row(home), row(away))
    top, disc = cs(pile), cs(discards)
    named = [x for r in rows for x in r if x is not None] + list(top) + list(disc)
    assert len(set(named)) == len(named), "a card is named twice"
    used = set(named)
    rest = tuple(x for x in standard_deck() if x not in used)
    if rest_to_discards:
        disc += rest
    else:
        top += rest
    match = rl.Match(config=rl.Config(), scores=scores, half=half, sets=sets, rng=Rng.from_seed(seed))
    field = rl.Field(
        phase=phase,
        attacker=attacker,
        ball=ball,
        tackles=tackles,
        lost=lost,
        last=last,
        wins=wins,
        rounds=rounds,
        needed=needed,
        pile=top,
        discards=disc,
        match=match,
    )
    to_act = attacker if pending is None else 1 - attacker
    state = rl.State(rows, to_act, pending, field)
    rl.validate(state)
    return state


def tackle(state: rl.State, attacker_slot: int, defender_slot: int) -> tuple[rl.State, tuple[rl.Event, ...]]:
    """The first chooser (attacker or kicker) picks, then the other side; the reveal's events."""
    assert state.pending is None
    assert state.to_act == state.field.attacker
    picked, none = rl.step(state, rl.Choose(attacker_slot))
    assert none == ()
    return rl.step(picked, rl.Choose(defender_slot))


def field_of(state: rl.State) -> tuple[str, int, int | None, int, int, int]:
    """(phase, attacker, to_act, ball, tackles, lost)."""
    f = state.field
    return (f.phase, f.attacker, state.to_act, f.ball, f.tackles, f.lost)


# --- The pitch and the sides ------------------------------------------------------------------


def test_two_players_seat_0_home_seat_1_away() -> None:
    """ "Two players: seat 0 is the home team, seat 1 the away team." Rule text: "The home team
    attacks first"."""
    assert rl.num_players() == 2
    state = rl.new_game(3)
    assert (state.field.attacker, state.to_act) == (0, 0)


def test_pitch_of_eight_places() -> None:
    """ "The pitch, from the home try line: home T, home 1, home 2, home 3, away 3, away 2, away 1,
    away T." """
    names = [rl.place_name(k) for k in range(8)]
    assert names == ["home T", "home 1", "home 2", "home 3", "away 3", "away 2", "away 1", "away T"]
    with pytest.raises(StateError):
        rl.place_name(8)


def test_home_places_the_ball_on_its_1_and_attacks_towards_the_away_t() -> None:
    """Rule text: "The 'home team' places the coin on the 1 at their end of the paper." Ruling:
    "The home team attacks towards the away T." """
    state = rl.new_game(5, deck=stacked("AC 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"))
    assert field_of(state) == ("tackle", 0, 0, 1, 0, 0)
    assert (state.match.scores, state.match.half, state.match.sets) == ((0, 0), 1, 0)
    state, events = tackle(state, 0, 0)
    assert events[-1] == rl.BallMoved(1, 2)


def test_card_ranks_ace_high() -> None:
    """Rule text: "Cards rank from high to low A-K-Q-J-10-9-8-7-6-5-4-3-2." """
    for low, high in itertools.pairwise("23456789TJQKA"):
        for home, away, winner in ((high + "C", low + "D", 0), (low + "C", high + "D", 1)):
            state = build(f"{home} 2H 3H 4H 5H 6H", f"{away} 2S 3S 4S 5S 6S")
            _, events = tackle(state, 0, 0)
            assert events[1] == rl.TackleWon(winner), (home, away)


# --- Deals, rows and the pile -----------------------------------------------------------------


def test_rows_dealt_alternately_home_first_and_the_rest_is_the_pile() -> None:
    """ "Rows are dealt one card at a time, alternately, seat 0 first, into slots 0 to 5; ... the rest
    of the deck is the draw pile, top first." ("All games": a stacked deck is dealt exactly so.)"""
    deck = list(standard_deck())  # 2C 3C 4C ... AC 2D ...
    state = rl.new_game(0, deck=deck)
    assert state.rows == (cs("2C 4C 6C 8C TC QC"), cs("3C 5C 7C 9C JC KC"))
    assert state.field.pile == tuple(deck[12:])
    assert state.field.pile[0] == c("AC")
    assert state.field.discards == ()
    shuffled = rl.new_game(11)
    assert shuffled == rl.new_game(11)  # the seed's generator shuffles the same way every time
    cards = [x for r in shuffled.rows for x in r if x is not None] + list(shuffled.field.pile)
    assert sorted(cards) == list(standard_deck())


def test_kick_rows_three_each_kicking_side_first() -> None:
    """ "(kick rows: 3 each, the kicking side first)"; "Kicks ...: the rows are discarded and 3
    face-down cards dealt to each".

    Away tries a drop goal from Home 2: the pile's AS KS QS JS TS 9S go away, home, away, home, ...
    """
    state = build(LOSER, WINNER, attacker=1, ball=2, pile="AS KS QS JS TS 9S")
    state, events = rl.step(state, DROP)
    assert events == ()
    assert state.rows == (cs("KS JS 9S"), cs("AS QS TS"))
    assert (state.field.phase, state.field.attacker, state.to_act, state.field.needed) == (
        "drop_goal",
        1,
        1,
        2,
    )
    assert sorted(state.field.discards) == sorted(cs(LOSER + " " + WINNER))
    assert len(state.field.pile) == 52 - 12 - 6
    rl.validate(state)


def test_penalty_restart_refills_empty_slots_side_now_attacking_first() -> None:
    """ "A penalty restart refills the empty slots in slot order, alternately, the side now attacking
    first." Here Home concedes, Away takes possession and taps: Away's slot 0 gets AC, Home's slot 0
    AD, Away's slot 1 KC, Home's slot 1 KD; the unplayed slots keep their cards."""
    deck = stacked("2C 2D 9C 9D 9H 9S", "3C 5C TC TD TH TS", "AC AD KC KD QC QD")
    state = rl.new_game(0, deck=deck)
    state, _ = tackle(state, 0, 0)  # 3C beats 2C: ball to Home 2, one tackle lost
    state, events = tackle(state, 1, 1)  # Home's 2D repeats its 2C: penalty to Away
    assert events == (
        rl.CardsRevealed((c("2D"), c("5C"))),
        rl.PenaltyConceded(0, False),
        rl.PossessionChanged(1),
        rl.SetEnded(1, 1),
    )
    state, events = rl.step(state, TAP)
    assert events == (rl.PenaltyChoice(1, "tap"),)
    assert state.rows == (cs("AD KD 9C 9D 9H 9S"), cs("AC KC TC TD TH TS"))
    assert state.field.pile[0] == c("QC")
    assert field_of(state) == ("tackle", 1, 1, 2, 0, 0)


# --- Blind play and open hands (views are tested in test_rugby_league_views.py) ---------------


def test_blind_play_is_the_default() -> None:
    """ "Blind play is the default: a player chooses a slot of their face-down row, and neither
    player sees a card before it is revealed." """
    assert rl.Config().open_hands is False
    state = rl.new_game(2)
    assert rl.view(state, 0).own_row == ()
    assert rl.view(state, 1).own_row == ()


def test_open_hands_option_shows_each_player_their_own_row() -> None:
    """ "(option: open_hands=True lets each player see their own row.)" """
    state = rl.new_game(2, rl.Config(open_hands=True))
    assert rl.view(state, 0).own_row == state.rows[0]
    assert rl.view(state, 1).own_row == state.rows[1]


def test_second_chooser_never_learns_the_first_choice() -> None:
    """ "Whoever chooses second never learns which card the first chose before both are revealed." """
    for config in (rl.Config(), rl.Config(open_hands=True)):
        state = rl.new_game(4, config)
        seen = {rl.view(rl.apply(state, slot), 1) for slot in SLOTS}
        assert len(seen) == 1
        (defender_view,) = seen
        assert defender_view.pending_chosen
        assert defender_view.own_pending is None


# --- Tackles --------------------------------------------------------------------------------


def test_tackle_attacker_then_defender_revealed_together_higher_wins() -> None:
    """ "A tackle: the attacker chooses a slot, then the defender; both cards are revealed together;
    the higher rank wins" """
    deck = stacked("2H 3H KC 5H 6H 7H", "2S 3S 4S 5S QD 7S")
    state = rl.new_game(0, deck=deck)
    with pytest.raises(IllegalMoveError):
        rl.apply(rl.apply(state, rl.Choose(0)), TAP)  # the defender must pick a card
    picked, events = rl.step(state, rl.Choose(2))
    assert events == ()  # nothing is revealed when the attacker picks
    assert (picked.to_act, picked.pending, picked.rows) == (1, 2, state.rows)
    assert picked.field == state.field
    after, events = rl.step(picked, rl.Choose(4))
    assert events == (rl.CardsRevealed((c("KC"), c("QD"))), rl.TackleWon(0), rl.BallMoved(1, 2))
    assert after.rows == (row("2H 3H -- 5H 6H 7H"), row("2S 3S 4S 5S -- 7S"))


def test_tie_broken_by_draws_attacker_first_again_until_it_breaks() -> None:
    """ "on a tie each draws the top card of the pile, attacker first, again until the tie breaks."
    Rule text: "whoever draws the higher card wins. Further ties are dealt with in the same way." """
    deck = stacked("9C 2H 3H 5H 6H 7H", "9D 2S 3S 5S 6S 7S", "KH KS 3C 4C")
    state, events = tackle(rl.new_game(0, deck=deck), 0, 0)
    assert events == (
        rl.CardsRevealed((c("9C"), c("9D"))),
        rl.TieBreakDraw(0, c("KH")),
        rl.TieBreakDraw(1, c("KS")),
        rl.TieBreakDraw(0, c("3C")),
        rl.TieBreakDraw(1, c("4C")),
        rl.TackleWon(1),
        rl.BallMoved(1, 2),
    )
    assert field_of(state) == ("tackle", 0, 0, 2, 1, 1)
    assert state.field.pile[0] == c("2C")
    # Every revealed card, tie-break draws included, is discarded once the tackle is decided.
    assert sorted(state.field.discards) == sorted(cs("9C 9D KH KS 3C 4C"))
    # With Away attacking, Away draws first.
    away = build("8C 2H 3H 4H 5H 6H", "8D 2S 3S 4S 5S 6S", attacker=1, ball=6, pile="2C AH")
    away, events = tackle(away, 0, 0)
    assert events == (
        rl.CardsRevealed((c("8C"), c("8D"))),
        rl.TieBreakDraw(1, c("2C")),
        rl.TieBreakDraw(0, c("AH")),
        rl.TackleWon(0),
        rl.BallMoved(6, 5),
    )
    assert field_of(away) == ("tackle", 1, 1, 5, 1, 1)


def test_every_tackle_moves_the_ball_one_space_whoever_wins() -> None:
    """ "Every tackle moves the ball one space towards the defence's try line whoever wins it" """
    deck = stacked("AC 2C AH 3H 4H 5H", "KC QD KH 3S 4S 5S")
    state = rl.new_game(0, deck=deck)
    state, events = tackle(state, 0, 0)  # AC beats KC
    assert events[1:] == (rl.TackleWon(0), rl.BallMoved(1, 2))
    state, events = tackle(state, 1, 1)  # QD beats 2C
    assert events[1:] == (rl.TackleWon(1), rl.BallMoved(2, 3))
    state, events = tackle(state, 2, 2)  # AH beats KH
    assert events[1:] == (rl.TackleWon(0), rl.BallMoved(3, 4))
    assert field_of(state) == ("tackle", 0, 0, 4, 3, 1)
    away = build("AC 2C 4H 5H 6H 7H", "KC AD 4S 5S 6S 7S", attacker=1, ball=6)
    away, events = tackle(away, 1, 1)  # AD beats 2C
    assert events[1:] == (rl.TackleWon(1), rl.BallMoved(6, 5))
    away, events = tackle(away, 0, 0)  # AC beats KC
    assert events[1:] == (rl.TackleWon(0), rl.BallMoved(5, 4))
    assert field_of(away) == ("tackle", 1, 1, 4, 2, 1)


@pytest.mark.parametrize(
    ("attacker", "start", "end"),
    [
        (0, 2, 4),
        (0, 3, 5),
        (0, 4, 6),
        (0, 5, 6),
        (0, 6, 6),
        (1, 5, 3),
        (1, 4, 2),
        (1, 3, 1),
        (1, 2, 1),
        (1, 1, 1),
    ],
)
def test_second_lost_tackle_kicks_two_capped_at_the_defence_1_and_possession_passes(
    attacker: int, start: int, end: int
) -> None:
    """ "except the tackle that is the attackers' second loss of the set: then the attackers kick 2
    spaces forward, stopping at the defence's 1 space (never into the T), and possession passes to
    the other side, which starts a new set where the ball lies." Rule text: "If the ball is already
    on the defence's 1-space it does not move." """
    defender = 1 - attacker
    home, away = (LOSER, WINNER) if attacker == 0 else (WINNER, LOSER)
    state = build(home, away, attacker=attacker, ball=start, tackles=1, lost=1, pile=FRESH)
    state, events = tackle(state, 0, 0)
    moved: tuple[rl.Event, ...] = (rl.BallMoved(start, end),) if end != start else ()
    revealed = (c("2C"), c("AD")) if attacker == 0 else (c("AD"), c("2C"))
    assert events == (
        rl.CardsRevealed(revealed),
        rl.TackleWon(defender),
        *moved,
        rl.PossessionChanged(defender),
        rl.SetEnded(1, 1),
    )
    assert field_of(state) == ("tackle", defender, defender, end, 0, 0)
    assert state.match.sets == 1
    assert state.rows == FRESH_ROWS  # the new set's rows, dealt home first
    # "row cards still unplayed when fresh rows are dealt are discarded first"
    assert sorted(state.field.discards) == sorted(cs(LOSER + " " + WINNER))
    rl.validate(state)


def test_a_try_on_a_lost_tackle_then_a_conversion_needing_two_wins() -> None:
    """ "A move onto the T is a try (also on a lost tackle)." "Conversion: ... 2 wins after one (the
    tackle that scored counts)." Rule text: "A try is worth 4 points." "A conversion is worth 2
    points." "After the conversion attempt ... the scoring team restarts play as the attacker with
    the ball on their 1-space."

    Home on Away 1, no tackle lost, loses the tackle: the ball still moves onto the away T. The
    conversion rows are KC 8D AH (home) and QH 9H 8S (away): won, lost, won = 2 wins, in 3 rounds.
    """
    state = build(LOSER, WINNER, ball=6, tackles=1, lost=0, pile="KC QH 8D 9H AH 8S " + FRESH)
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("2C"), c("AD"))),
        rl.TackleWon(1),
        rl.BallMoved(6, 7),
        rl.TryScored(0, (4, 0)),
    )
    f = state.field
    assert (f.phase, f.attacker, state.to_act, f.ball, f.needed, f.wins, f.rounds) == (
        "conversion",
        0,
        0,
        7,
        2,
        0,
        0,
    )
    assert state.match.scores == (4, 0)
    assert state.match.sets == 0  # the try and its conversion end one set, at the conversion
    assert state.rows == (cs("KC 8D AH"), cs("QH 9H 8S"))
    rl.validate(state)
    state, events = tackle(state, 0, 0)
    assert events == (rl.CardsRevealed((c("KC"), c("QH"))), rl.TackleWon(0))
    assert (state.field.phase, state.field.wins, state.field.rounds, state.to_act) == ("conversion", 1, 1, 0)
    state, events = tackle(state, 1, 1)
    assert events == (rl.CardsRevealed((c("8D"), c("9H"))), rl.TackleWon(1))
    assert (state.field.phase, state.field.wins, state.field.rounds) == ("conversion", 1, 2)
    state, events = tackle(state, 2, 2)
    assert events == (
        rl.CardsRevealed((c("AH"), c("8S"))),
        rl.TackleWon(0),
        rl.KickResult(kind="conversion", seat=0, success=True, scores=(6, 0)),
        rl.SetEnded(1, 1),
        rl.BallMoved(7, 1),
    )
    assert field_of(state) == ("tackle", 0, 0, 1, 0, 0)
    assert (state.match.scores, state.match.sets) == ((6, 0), 1)
    assert state.rows == FRESH_ROWS


def test_conversion_needs_one_win_after_a_try_with_no_tackle_lost() -> None:
    """ "Conversion: 1 win needed after a try with no tackle lost since the set started or restarted"
    Rule text: "If the try was scored without losing a tackle, the attacking team must only win one
    of the three rounds". The kick ends after its first round, won."""
    state = build(WINNER, LOSER, ball=6, tackles=2, lost=0, pile="KC QH 8D 9H AH 8S " + FRESH)
    state, events = tackle(state, 0, 0)
    assert events[-1] == rl.TryScored(0, (4, 0))
    assert state.field.needed == 1
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("KC"), c("QH"))),
        rl.TackleWon(0),
        rl.KickResult(kind="conversion", seat=0, success=True, scores=(6, 0)),
        rl.SetEnded(1, 1),
        rl.BallMoved(7, 1),
    )
    assert state.rows == FRESH_ROWS  # 8D AH and 9H 8S were never played: discarded
    assert set(cs("8D AH 9H 8S")) <= set(state.field.discards)


def test_conversion_after_an_earlier_lost_tackle_needs_two_and_stops_when_certain() -> None:
    """ "2 wins after one" lost tackle; "end as soon as the result is certain". One tackle lost, then
    a won tackle scores from Away 1; Home loses the first two rounds (8H-KH, 9H-QH) and the kick
    fails without a third round; Home still restarts from Home 1."""
    state = build(WINNER, LOSER, ball=6, tackles=3, lost=1, pile="8H KH 9H QH AH JH " + FRESH)
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("AD"), c("2C"))),
        rl.TackleWon(0),
        rl.BallMoved(6, 7),
        rl.TryScored(0, (4, 0)),
    )
    assert state.field.needed == 2
    state, events = tackle(state, 0, 0)
    assert events == (rl.CardsRevealed((c("8H"), c("KH"))), rl.TackleWon(1))
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("9H"), c("QH"))),
        rl.TackleWon(1),
        rl.KickResult(kind="conversion", seat=0, success=False, scores=(4, 0)),
        rl.SetEnded(1, 1),
        rl.BallMoved(7, 1),
    )
    assert field_of(state) == ("tackle", 0, 0, 1, 0, 0)
    assert state.match.scores == (4, 0)
    assert state.rows == FRESH_ROWS
    assert c("AH") in state.field.discards and c("JH") in state.field.discards


def test_away_try_and_conversion_kicking_side_first() -> None:
    """Away scores on the home T (4) and converts (2), kicking first and dealt first (AS to Away,
    8H to Home); Away restarts from Away 1."""
    state = build(LOSER, WINNER, attacker=1, ball=1, tackles=1, pile="AS 8H KS 9H QS TH " + FRESH)
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("2C"), c("AD"))),
        rl.TackleWon(1),
        rl.BallMoved(1, 0),
        rl.TryScored(1, (0, 4)),
    )
    assert state.rows == (cs("8H 9H TH"), cs("AS KS QS"))
    assert (state.field.phase, state.to_act, state.field.needed) == ("conversion", 1, 1)
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("8H"), c("AS"))),
        rl.TackleWon(1),
        rl.KickResult(kind="conversion", seat=1, success=True, scores=(0, 6)),
        rl.SetEnded(1, 1),
        rl.BallMoved(0, 6),
    )
    assert field_of(state) == ("tackle", 1, 1, 6, 0, 0)
    assert state.rows == FRESH_ROWS


# --- The pile --------------------------------------------------------------------------------


def test_pile_reshuffled_from_the_discards_only_when_a_card_must_be_drawn_and_it_is_empty() -> None:
    """ "The pile is reshuffled from the discards (with the state's generator) only when a card must
    be drawn and the pile is empty".

    The pile holds only KH: Home draws it without a reshuffle; Away's draw finds the pile empty, so
    the discards are shuffled by the state's generator (seed 7) and Away draws the new top card. No
    king or ace is left in the discards, so Home's KH wins the tie.
    """
    home, away = "9C KC KD AC AD 2C", "9D KS AH AS 2D 2H"
    state = build(home, away, pile="KH", rest_to_discards=True, seed=7)
    shuffled, rng = Rng.from_seed(7).shuffle(state.field.discards)
    after, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("9C"), c("9D"))),
        rl.TieBreakDraw(0, c("KH")),
        rl.TieBreakDraw(1, shuffled[0]),
        rl.TackleWon(0),
        rl.BallMoved(1, 2),
    )
    assert after.field.pile == shuffled[1:]
    assert sorted(after.field.discards) == sorted((c("9C"), c("9D"), c("KH"), shuffled[0]))
    assert after.match.rng == rng
    # An empty pile is not reshuffled while no card must be drawn.
    empty = build(home, away, rest_to_discards=True, seed=7)
    after, events = tackle(empty, 3, 0)  # AC beats 9D, no draw
    assert events[1] == rl.TackleWon(0)
    assert after.field.pile == ()
    assert after.field.discards == (*empty.field.discards, c("AC"), c("9D"))
    assert after.match.rng == Rng.from_seed(7)


# The 48 cards left when 2C 3C (home) and 2D 3D (away) are in the rows, as 24 tied pairs.
ALL_TIES = "2H 2S 3H 3S " + " ".join(f"{r}C {r}D {r}H {r}S" for r in "456789TJQKA")


def test_tie_with_pile_and_discards_empty_goes_to_the_defending_side() -> None:
    """ "if both are empty during a tie-break, the defending side ... wins that tackle."

    Every card of the pile ties in pairs; when the 20 pairs are drawn, Home (attacking) cannot draw.
    (A first tackle, where no penalty can interrupt the tie-break.)
    """
    ties = "2H 2S 3H 3S 4H 4S 5H 5S 6H 6S 7H 7S " + " ".join(f"{r}C {r}D {r}H {r}S" for r in "89TJQKA")
    state = build("2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", pile=ties)
    after, events = tackle(state, 0, 0)
    pile = cs(ties)
    draws = tuple(rl.TieBreakDraw(k % 2, card) for k, card in enumerate(pile))
    assert events == (rl.CardsRevealed((c("2C"), c("2D"))), *draws, rl.TackleWon(1), rl.BallMoved(1, 2))
    assert field_of(after) == ("tackle", 0, 0, 2, 1, 1)
    assert after.field.pile == ()
    assert sorted(after.field.discards) == sorted(
        set(standard_deck()) - set(cs("3C 4C 5C 6C 7C 3D 4D 5D 6D 7D"))
    )


def test_tie_with_pile_and_discards_empty_in_a_kick_goes_to_the_side_not_kicking() -> None:
    """ "(in a kick, the side not kicking)" wins. Away's drop goal from Home 2 needs 2 wins and has
    none after a round; Away draws first, and when nothing is left Home wins the round, so the kick
    misses; Home restarts from its own 2 space."""
    state = build(
        "2C 3C --", "2D 3D --", phase="drop_goal", attacker=1, ball=2, rounds=1, needed=2, pile=ALL_TIES
    )
    after, events = tackle(state, 0, 0)
    pile = cs(ALL_TIES)
    draws = tuple(rl.TieBreakDraw(1 - k % 2, card) for k, card in enumerate(pile))
    assert events[: 1 + len(draws) + 2] == (
        rl.CardsRevealed((c("2C"), c("2D"))),
        *draws,
        rl.TackleWon(0),
        rl.KickResult(kind="drop_goal", seat=1, success=False, scores=(0, 0)),
    )
    assert rl.SetEnded(1, 1) in events
    assert field_of(after) == ("tackle", 0, 0, 2, 0, 0)
    rl.validate(after)


# --- Penalties -------------------------------------------------------------------------------


def test_repeated_rank_from_the_second_tackle_is_a_penalty_to_the_other_side() -> None:
    """ "in the second and later tackles since the set started or restarted, a player concedes a
    penalty by revealing a card of the same rank as the card they revealed just before". Rule text:
    "If either team plays the same rank card for two consecutive turns, a penalty is conceded".

    Away wins with 9C, then repeats a 9: a penalty to Home, which keeps possession; the set goes on
    (no set ends), and the penalty replaces what would have been Home's second lost tackle."""
    deck = stacked("5C 8C 2H 3H 4H 6H", "9C 9D 2S 3S 4S 6S", "8D 9H JC JD")
    state = rl.new_game(0, deck=deck)
    state, _ = tackle(state, 0, 0)
    assert field_of(state) == ("tackle", 0, 0, 2, 1, 1)
    state, events = tackle(state, 1, 1)
    assert events == (rl.CardsRevealed((c("8C"), c("9D"))), rl.PenaltyConceded(1, False))
    assert (state.field.phase, state.field.attacker, state.to_act, state.field.ball) == ("penalty", 0, 0, 2)
    assert state.match.sets == 0
    assert rl.legal_moves(state) == (TOUCH, TAP)


def test_penalty_restart_at_a_first_tackle_no_tackles_lost_rows_refilled() -> None:
    """ "Then play restarts at a first tackle with no tackles lost, each row refilled (not dealt
    fresh) to 6 cards." Rule text: "A penalty ... restarts the set from the first tackle and resets
    the number of tackles lost to zero." The restart's first tackle repeats both sides' ranks (8, 9)
    and is not a penalty: "No penalty in a first tackle"."""
    deck = stacked("5C 8C 2H 3H 4H 6H", "9C 9D 2S 3S 4S 6S", "8D 9H JC JD")
    state = rl.new_game(0, deck=deck)
    state, _ = tackle(state, 0, 0)
    state, _ = tackle(state, 1, 1)
    state, events = rl.step(state, TAP)
    assert events == (rl.PenaltyChoice(0, "tap"),)
    assert field_of(state) == ("tackle", 0, 0, 2, 0, 0)
    assert state.rows == (cs("8D JC 2H 3H 4H 6H"), cs("9H JD 2S 3S 4S 6S"))
    assert state.match.sets == 0  # "A penalty restart that keeps possession does not end a set."
    state, events = tackle(state, 0, 0)
    assert events == (rl.CardsRevealed((c("8D"), c("9H"))), rl.TackleWon(1), rl.BallMoved(2, 3))
    assert field_of(state) == ("tackle", 0, 0, 3, 1, 1)


def test_tie_break_draws_count_for_the_next_tackle() -> None:
    """ "(tie-break draws count, ...)": Away's tie-break draw 5C in the first tackle is the card it
    revealed just before its 5D in the second, so the 5D concedes a penalty."""
    deck = stacked("9C KC 2H 3H 4H 6H", "9D 5D 2S 3S 4S 6S", "4C 5C")
    state = rl.new_game(0, deck=deck)
    state, events = tackle(state, 0, 0)
    assert events[-2:] == (rl.TackleWon(1), rl.BallMoved(1, 2))
    assert state.field.last == (c("4C"), c("5C"))
    state, events = tackle(state, 1, 1)
    assert events == (rl.CardsRevealed((c("KC"), c("5D"))), rl.PenaltyConceded(1, False))
    assert (state.field.phase, state.to_act, state.field.ball) == ("penalty", 0, 2)


@pytest.mark.parametrize("where", ["within the first tackle", "first tackle of a set"])
def test_a_repeated_rank_in_a_first_tackle_is_not_a_penalty(where: str) -> None:
    """ "Penalties ("new rules come into play" from the second tackle)": "No penalty in a first
    tackle". A 6-6 tie redrawn 8-6 in a game's first tackle; and a new set's first tackle where both
    sides repeat the rank they revealed last in the previous set."""
    if where == "within the first tackle":
        deck = stacked("6C 2H 3H 4H 5H 7H", "6D 2S 3S 4S 5S 7S", "8C 6H")
        state, events = tackle(rl.new_game(0, deck=deck), 0, 0)
        assert events == (
            rl.CardsRevealed((c("6C"), c("6D"))),
            rl.TieBreakDraw(0, c("8C")),
            rl.TieBreakDraw(1, c("6H")),
            rl.TackleWon(0),
            rl.BallMoved(1, 2),
        )
        assert field_of(state) == ("tackle", 0, 0, 2, 1, 0)
    else:
        state = build("7H 2H 4H 5H 6H 8H", "3H 2S 4S 5S 6S 8S", attacker=1, ball=4, last=(c("7C"), c("3D")))
        state, events = tackle(state, 0, 0)
        assert events == (rl.CardsRevealed((c("7H"), c("3H"))), rl.TackleWon(0), rl.BallMoved(4, 3))
        assert field_of(state) == ("tackle", 1, 1, 3, 1, 1)


def test_one_penalty_per_player_per_tackle_against_the_attackers_changes_possession() -> None:
    """ "(one penalty per player per tackle)"; "the non-offending side takes possession (if it had
    not already; that ends the set, and the new set begins at a first tackle)".

    Home (attacking) reveals 6D after its 6C, ties with 6H and draws 6S: two repeats, one penalty.
    Away takes possession on Home 2 (a set ends), may kick for goal or tap, and taps: its new set
    starts at a first tackle with no tackle lost."""
    deck = stacked("6C 6D 2H 3H 4H 5H", "2C 6H 2S 3S 4S 5S", "6S 9C")
    state = rl.new_game(0, deck=deck)
    state, _ = tackle(state, 0, 0)  # 6C beats 2C: Home 2
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("6D"), c("6H"))),
        rl.TieBreakDraw(0, c("6S")),
        rl.TieBreakDraw(1, c("9C")),
        rl.PenaltyConceded(0, False),
        rl.PossessionChanged(1),
        rl.SetEnded(1, 1),
    )
    assert (state.field.phase, state.field.attacker, state.to_act, state.field.ball) == ("penalty", 1, 1, 2)
    assert state.match.sets == 1
    assert rl.legal_moves(state) == (GOAL, TAP)
    state, _ = rl.step(state, TAP)
    assert field_of(state) == ("tackle", 1, 1, 2, 0, 0)
    assert DROP in rl.legal_moves(state)


def test_a_concession_does_not_end_the_tackle_and_later_cards_count() -> None:
    """ "A concession does not end the tackle: ties are still broken, and every card revealed in it
    counts. If both concede in the same tackle, the penalties cancel and the tackle counts normally."

    Home's 6D repeats its 6C; the tie 6D-6H is broken, and Away's draw 6S repeats its 6H: both
    concede, the penalties cancel, and Home's 9C wins the tackle."""
    deck = stacked("6C 6D 2H 3H 4H 5H", "8C 6H 2S 3S 4S 5S", "9C 6S")
    state = rl.new_game(0, deck=deck)
    state, _ = tackle(state, 0, 0)  # 8C beats 6C: Home 2, one lost
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("6D"), c("6H"))),
        rl.TieBreakDraw(0, c("9C")),
        rl.TieBreakDraw(1, c("6S")),
        rl.PenaltyConceded(0, True),
        rl.PenaltyConceded(1, True),
        rl.TackleWon(0),
        rl.BallMoved(2, 3),
    )
    assert field_of(state) == ("tackle", 0, 0, 3, 2, 1)


def test_cancelled_penalties_count_the_tackle_normally_even_a_second_loss() -> None:
    """ "If both concede in the same tackle, the penalties cancel and the tackle counts normally."
    Both repeat (5C-5D, 9C-9D); Away's 9D wins, Home's second loss: kick from Home 2 to Away 3."""
    deck = stacked("5C 5D 2H 3H 4H 6H", "9C 9D 2S 3S 4S 6S")
    state = rl.new_game(0, deck=deck)
    state, _ = tackle(state, 0, 0)
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("5D"), c("9D"))),
        rl.PenaltyConceded(0, True),
        rl.PenaltyConceded(1, True),
        rl.TackleWon(1),
        rl.BallMoved(2, 4),
        rl.PossessionChanged(1),
        rl.SetEnded(1, 1),
    )
    assert field_of(state) == ("tackle", 1, 1, 4, 0, 0)


@pytest.mark.parametrize(
    ("side", "ball", "moves"),
    [
        (0, 1, (TOUCH, TAP)),
        (0, 2, (TOUCH, TAP)),
        (0, 3, (TOUCH, TAP)),
        (0, 4, (GOAL, TAP)),
        (0, 5, (GOAL, TAP)),
        (0, 6, (GOAL, TAP)),
        (1, 6, (TOUCH, TAP)),
        (1, 5, (TOUCH, TAP)),
        (1, 4, (TOUCH, TAP)),
        (1, 3, (GOAL, TAP)),
        (1, 2, (GOAL, TAP)),
        (1, 1, (GOAL, TAP)),
    ],
)
def test_penalty_choices_only_where_allowed(side: int, ball: int, moves: tuple[rl.Move, ...]) -> None:
    """ "kick for touch (only in its own half: 2 spaces forward), kick for goal (only in the
    opponent's half), or tap and run." """
    state = build(LOSER, WINNER, phase="penalty", attacker=side, ball=ball)
    assert rl.legal_moves(state) == moves
    for move in (TOUCH, GOAL, TAP):
        assert rl.is_legal(state, move) == (move in moves)


@pytest.mark.parametrize(
    ("side", "start", "end"), [(0, 1, 3), (0, 2, 4), (0, 3, 5), (1, 6, 4), (1, 5, 3), (1, 4, 2)]
)
def test_kick_for_touch_two_spaces_forward(side: int, start: int, end: int) -> None:
    """ "kick for touch (only in its own half: 2 spaces forward)" """
    state = build(
        "2C -- 4C 5C 6C 7C", "AD -- QD JD TD 9D", phase="penalty", attacker=side, ball=start, pile="KS KH"
    )
    state, events = rl.step(state, TOUCH)
    assert events == (rl.PenaltyChoice(side, "touch"), rl.BallMoved(start, end))
    assert field_of(state) == ("tackle", side, side, end, 0, 0)
    assert state.rows[side][1] == c("KS")  # the side now attacking is refilled first
    assert state.rows[1 - side][1] == c("KH")


def test_penalty_choice_judged_where_the_ball_lay_before_the_tackle_and_goal_kick_ends_a_second_set() -> None:
    """ "chooses, judged by where the ball lay before that tackle"; "After a penalty that changed
    possession, a goal kick, hit or miss, ends a second set."; "After a missed penalty goal the
    kicking side restarts as attacker from its own 2 space."

    Home on Home 3 would win the tackle (5D beats 2C) and reach Away 3, but its 5D repeats its 5C:
    Away takes the ball on Home 3, its opponent's 3 space, so it may kick for goal needing 3 wins.
    It loses the first round (8S against AS) and misses: the second set ends, Away restarts on Away 2.
    """
    state = build(
        "5D 3C 4C 6C 7C 8C",
        "2C 3D 4D 6D 7D 8D",
        ball=3,
        tackles=1,
        last=(c("5C"), None),
        pile="8S AS 9S KS TS QS " + FRESH,
        discards="5C",
    )
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("5D"), c("2C"))),
        rl.PenaltyConceded(0, False),
        rl.PossessionChanged(1),
        rl.SetEnded(1, 1),
    )
    assert (state.field.phase, state.to_act, state.field.ball) == ("penalty", 1, 3)
    assert rl.legal_moves(state) == (GOAL, TAP)
    state, events = rl.step(state, GOAL)
    assert events == (rl.PenaltyChoice(1, "goal"),)
    assert (state.field.phase, state.field.attacker, state.to_act, state.field.needed) == (
        "penalty_goal",
        1,
        1,
        3,
    )
    assert state.rows == (cs("AS KS QS"), cs("8S 9S TS"))
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("AS"), c("8S"))),
        rl.TackleWon(0),
        rl.KickResult(kind="penalty_goal", seat=1, success=False, scores=(0, 0)),
        rl.SetEnded(1, 2),
        rl.BallMoved(3, 5),
    )
    assert field_of(state) == ("tackle", 1, 1, 5, 0, 0)
    assert state.match.sets == 2
    assert state.rows == FRESH_ROWS


# --- Drop goals and kicks ----------------------------------------------------------------------


def test_drop_goal_offered_only_at_a_tackle_start_to_an_attacker_in_the_opponent_half() -> None:
    """ "Drop goal: at the start of any tackle in a set (not in kicks), an attacker with the ball in
    the opponent's half may attempt a drop goal instead of choosing a card." """
    for attacker, ball, offered in [
        (0, 1, False),
        (0, 3, False),
        (0, 4, True),
        (0, 6, True),
        (1, 6, False),
        (1, 4, False),
        (1, 3, True),
        (1, 1, True),
    ]:
        # a set's tackles each moved the ball a place on from the attacker's own 1 space at most
        tackles = min(2, abs(ball - (1 if attacker == 0 else 6)))
        state = build(LOSER, WINNER, attacker=attacker, ball=ball, tackles=tackles, lost=min(1, tackles))
        assert rl.legal_moves(state) == (SLOTS + (DROP,) if offered else SLOTS), (attacker, ball)
        # never to the defender, after the attacker has picked
        assert DROP not in rl.legal_moves(rl.apply(state, rl.Choose(0)))
    kick = build("AS KS QS", "2S 3S 4S", phase="drop_goal", attacker=0, ball=5, needed=2)
    assert rl.legal_moves(kick) == SLOTS[:3]
    penalty = build(LOSER, WINNER, phase="penalty", attacker=0, ball=5)
    assert DROP not in rl.legal_moves(penalty)


def test_kicks_are_played_like_tackles_without_penalties_and_end_when_certain() -> None:
    """ "they are played like tackles (the kicking side picks first and draws first on ties) without
    penalties, and end as soon as the result is certain." Home kicks a penalty goal from Away 2
    (2 wins): round 1 ties 8H-8S although both repeat their last rank (no penalty), Home draws 3D
    first and beats Away's 2D; round 2 KC beats 9H: the goal is certain, QC and TH are never played.
    """
    state = build(
        LOSER,
        WINNER,
        phase="penalty",
        ball=5,
        last=(c("8C"), c("8D")),
        discards="8C 8D",
        pile="8H 8S KC 9H QC TH 3D 2D " + FRESH,
    )
    state, _ = rl.step(state, GOAL)
    assert state.rows == (cs("8H KC QC"), cs("8S 9H TH"))
    assert (state.field.needed, state.to_act) == (2, 0)
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("8H"), c("8S"))),
        rl.TieBreakDraw(0, c("3D")),
        rl.TieBreakDraw(1, c("2D")),
        rl.TackleWon(0),
    )
    assert (state.field.phase, state.field.wins, state.field.rounds, state.to_act) == (
        "penalty_goal",
        1,
        1,
        0,
    )
    state, events = tackle(state, 1, 1)
    assert events == (
        rl.CardsRevealed((c("KC"), c("9H"))),
        rl.TackleWon(0),
        rl.KickResult(kind="penalty_goal", seat=0, success=True, scores=(2, 0)),
        rl.SetEnded(1, 1),
        rl.BallMoved(5, 1),
    )
    assert field_of(state) == ("tackle", 0, 0, 1, 0, 0)
    assert state.rows == FRESH_ROWS
    assert set(cs("QC TH")) <= set(state.field.discards)


@pytest.mark.parametrize(
    ("side", "ball", "needed"),
    [(0, 4, 3), (0, 5, 2), (0, 6, 1), (1, 3, 3), (1, 2, 2), (1, 1, 1)],
)
def test_goal_kicks_need_the_number_of_the_opponent_space(side: int, ball: int, needed: int) -> None:
    """ "Goal kicks: wins needed = the number of the opponent's space the ball is on (1, 2 or 3)."
    Rule text: "from the opponent's '1 space', 1 win is needed, from the '2 space' 2 wins and from
    the '3 space' 3 wins." """
    penalty = build(LOSER, WINNER, phase="penalty", attacker=side, ball=ball)
    kick = rl.apply(penalty, GOAL)
    assert (kick.field.phase, kick.field.needed) == ("penalty_goal", needed)
    drop = rl.apply(build(LOSER, WINNER, attacker=side, ball=ball), DROP)
    assert (drop.field.phase, drop.field.needed) == ("drop_goal", needed)


# (kind, kicker, ball, needed, kicker wins the last round, scores before, scores after, restart side, place)
KICK_ENDINGS = [
    ("conversion", 0, 7, 2, True, (4, 0), (6, 0), 0, 1),
    ("conversion", 0, 7, 1, False, (4, 0), (4, 0), 0, 1),
    ("conversion", 1, 0, 1, False, (0, 4), (0, 4), 1, 6),
    ("penalty_goal", 0, 6, 1, True, (0, 0), (2, 0), 0, 1),
    ("penalty_goal", 1, 2, 2, True, (0, 0), (0, 2), 1, 6),
    ("penalty_goal", 0, 4, 3, False, (0, 0), (0, 0), 0, 2),
    ("penalty_goal", 1, 3, 3, False, (0, 0), (0, 0), 1, 5),
    ("drop_goal", 0, 5, 2, True, (0, 0), (1, 0), 0, 1),
    ("drop_goal", 1, 1, 1, True, (0, 0), (0, 1), 1, 6),
    ("drop_goal", 0, 4, 3, False, (0, 0), (0, 0), 1, 5),
    ("drop_goal", 1, 3, 3, False, (0, 0), (0, 0), 0, 2),
]


@pytest.mark.parametrize(
    ("kind", "kicker", "ball", "needed", "hit", "before", "scores", "restart", "place"), KICK_ENDINGS
)
def test_kick_scores_and_restart_positions(
    kind: rl.Phase,
    kicker: int,
    ball: int,
    needed: int,
    hit: bool,
    before: tuple[int, int],
    scores: tuple[int, int],
    restart: int,
    place: int,
) -> None:
    """ "Scores: try 4, conversion 2, penalty goal 2, drop goal 1. After a conversion attempt or a
    successful goal the scoring side restarts as attacker from its own 1 space. After a missed
    penalty goal the kicking side restarts as attacker from its own 2 space; after a missed drop goal
    the other side restarts as attacker from its own 2 space. Every restart after a kick deals fresh
    rows." And a set ends "when points are scored ... or when a kick at goal misses".

    The kick's last round: the kicker holds AS (a hit) or 8S (a miss) in slot 2, the other side 8H
    (or AH); rounds=2 and wins=needed-1 make that round decide the kick."""
    mine, theirs = ("-- -- AS", "-- -- 8H") if hit else ("-- -- 8S", "-- -- AH")
    home, away = (mine, theirs) if kicker == 0 else (theirs, mine)
    state = build(
        home,
        away,
        phase=kind,
        attacker=kicker,
        ball=ball,
        wins=needed - 1,
        rounds=2,
        needed=needed,
        scores=before,
        pile=FRESH,
    )
    state, events = tackle(state, 2, 2)
    home_card, away_card = (c(home.split()[2]), c(away.split()[2]))
    changed: tuple[rl.Event, ...] = (rl.PossessionChanged(restart),) if restart != kicker else ()
    assert events == (
        rl.CardsRevealed((home_card, away_card)),
        rl.TackleWon(kicker if hit else 1 - kicker),
        rl.KickResult(kind=kind, seat=kicker, success=hit, scores=scores),
        rl.SetEnded(1, 1),
        *changed,
        rl.BallMoved(ball, place),
    )
    assert field_of(state) == ("tackle", restart, restart, place, 0, 0)
    assert (state.match.scores, state.match.sets) == (scores, 1)
    assert state.rows == FRESH_ROWS
    rl.validate(state)


# --- Sets, halves, extra time ----------------------------------------------------------------


def test_first_half_ends_after_10_sets_and_away_attacks_first_in_the_second_half() -> None:
    """ "The first half ends after 10 sets, the second after 10 more; the away team attacks first in
    the second half, from its 1 space with fresh rows."

    The 10th set ends when Away loses its second tackle on Away 3 and kicks to Home 2, which would
    give Home the ball there; instead the second half starts with Away on Away 1."""
    state = build(WINNER, LOSER, attacker=1, ball=4, tackles=2, lost=1, sets=9, scores=(2, 1), pile=FRESH)
    state, events = tackle(state, 0, 0)
    # The set's change of possession lapses with the half: only the new half's kick-off side shows.
    assert events == (
        rl.CardsRevealed((c("AD"), c("2C"))),
        rl.TackleWon(0),
        rl.BallMoved(4, 2),
        rl.SetEnded(1, 10),
        rl.HalfTime(1, (2, 1)),
        rl.PossessionChanged(1),
    )
    assert field_of(state) == ("tackle", 1, 1, 6, 0, 0)
    assert (state.match.half, state.match.sets, state.match.scores) == (2, 0, (2, 1))
    assert state.rows == FRESH_ROWS
    rl.validate(state)


def test_second_half_ends_after_10_more_sets_and_more_points_win() -> None:
    """ "The first half ends after 10 sets, the second after 10 more". Rule text: "The winner of the
    match is the team with the most points after 20 sets." """
    state = build(WINNER, LOSER, attacker=1, ball=3, tackles=1, lost=1, half=2, sets=9, scores=(4, 2))
    state, events = tackle(state, 0, 0)
    outcome = Outcome((4.0, 2.0), (0,))
    assert events[2:] == (
        rl.BallMoved(3, 1),
        rl.SetEnded(2, 10),
        rl.HalfTime(2, (4, 2)),
        GameOver(outcome),
    )
    assert state.to_act is None and state.field.phase == "over"
    assert rl.outcome(state) == outcome
    assert rl.legal_moves(state) == ()


def test_a_tie_after_20_sets_plays_extra_time_home_first_then_away_first() -> None:
    """ "A tie after 20 sets plays extra time: 5 sets with the home team attacking first, then 5 with
    the away team attacking first, each half from the attacker's 1 space with fresh rows" """
    state = build(
        LOSER, WINNER, attacker=0, ball=5, tackles=1, lost=1, half=2, sets=9, scores=(2, 2), pile=FRESH
    )
    state, events = tackle(state, 0, 0)
    assert rl.SetEnded(2, 10) in events and rl.HalfTime(2, (2, 2)) in events
    assert not any(isinstance(e, GameOver) for e in events)
    assert field_of(state) == ("tackle", 0, 0, 1, 0, 0)
    assert (state.match.half, state.match.sets) == (3, 0)
    assert state.rows == FRESH_ROWS
    third = build(
        LOSER, WINNER, attacker=0, ball=5, tackles=1, lost=1, half=3, sets=4, scores=(2, 2), pile=FRESH
    )
    third, events = tackle(third, 0, 0)
    assert events[-3:-1] == (rl.SetEnded(3, 5), rl.HalfTime(3, (2, 2)))
    assert field_of(third) == ("tackle", 1, 1, 6, 0, 0)
    assert (third.match.half, third.match.sets) == (4, 0)
    assert third.rows == FRESH_ROWS


def test_extra_time_ends_at_once_on_a_try_before_its_conversion() -> None:
    """ "ending at once when any points are scored (a try ends it before its conversion)" - a match
    decided in extra time: Home scores a try from Away 1 in the first half of extra time."""
    state = build(WINNER, LOSER, ball=6, tackles=2, half=3, sets=2, scores=(2, 2))
    state, events = tackle(state, 0, 0)
    outcome = Outcome((6.0, 2.0), (0,))
    assert events == (
        rl.CardsRevealed((c("AD"), c("2C"))),
        rl.TackleWon(0),
        rl.BallMoved(6, 7),
        rl.TryScored(0, (6, 2)),
        GameOver(outcome),
    )
    assert state.field.phase == "over" and state.to_act is None
    assert rl.outcome(state) == outcome


def test_extra_time_ends_at_once_on_a_goal_but_not_on_a_miss() -> None:
    """ "ending at once when any points are scored": Away's drop goal in the second half of extra time
    wins 3-2; a missed one only ends a set."""
    hit = build(
        "-- -- 3H",
        "-- -- AS",
        phase="drop_goal",
        attacker=1,
        ball=1,
        rounds=2,
        needed=1,
        half=4,
        sets=3,
        scores=(2, 2),
    )
    hit, events = tackle(hit, 2, 2)
    outcome = Outcome((2.0, 3.0), (1,))
    assert events[-2:] == (
        rl.KickResult(kind="drop_goal", seat=1, success=True, scores=(2, 3)),
        GameOver(outcome),
    )
    assert rl.outcome(hit) == outcome
    miss = build(
        "-- -- AH",
        "-- -- 2S",
        phase="drop_goal",
        attacker=1,
        ball=1,
        rounds=2,
        needed=1,
        half=4,
        sets=3,
        scores=(2, 2),
    )
    miss, events = tackle(miss, 2, 2)
    assert events[2:4] == (
        rl.KickResult(kind="drop_goal", seat=1, success=False, scores=(2, 2)),
        rl.SetEnded(4, 4),
    )
    assert field_of(miss) == ("tackle", 0, 0, 2, 0, 0)
    assert rl.outcome(miss) is None


def test_still_tied_after_extra_time_is_a_draw() -> None:
    """ "Still tied after extra time: a draw." ("All games": every seat wins a draw.)"""
    state = build(WINNER, LOSER, attacker=1, ball=5, tackles=1, lost=1, half=4, sets=4, scores=(3, 3))
    state, events = tackle(state, 0, 0)
    outcome = Outcome((3.0, 3.0), (0, 1))
    assert events[-3:] == (rl.SetEnded(4, 5), rl.HalfTime(4, (3, 3)), GameOver(outcome))
    assert rl.outcome(state) == outcome


def test_a_half_ends_at_once_and_a_pending_penalty_award_lapses() -> None:
    """ "Every half, extra-time halves included, ends at once when its set count is reached, and a
    pending penalty award lapses." Home's repeated 5 in the 20th set (tied 0-0) gives Away the ball,
    ending the set: extra time starts with Home attacking from Home 1, and Away gets no penalty."""
    state = build(
        "5D 3C 4C 6C 7C 8C",
        "2C 3D 4D 6D 7D 8D",
        ball=3,
        tackles=1,
        last=(c("5C"), None),
        half=2,
        sets=9,
        discards="5C",
        pile=FRESH,
    )
    state, events = tackle(state, 0, 0)
    assert events == (
        rl.CardsRevealed((c("5D"), c("2C"))),
        rl.PenaltyConceded(0, False),
        rl.SetEnded(2, 10),
        rl.HalfTime(2, (0, 0)),
        rl.PossessionChanged(0),
    )
    assert field_of(state) == ("tackle", 0, 0, 1, 0, 0)
    assert (state.match.half, state.match.sets) == (3, 0)
    assert state.rows == FRESH_ROWS


def _play_random(seed: int, open_hands: bool) -> tuple[int, list[rl.Event]]:
    state = rl.new_game(seed, rl.Config(open_hands=open_hands))
    chooser = random.Random(seed)
    moves = 0
    events: list[rl.Event] = []
    while state.to_act is not None:
        state, new = rl.step(state, chooser.choice(rl.legal_moves(state)))
        events.extend(new)
        moves += 1
    return moves, events


def test_set_counts_per_half_in_random_matches() -> None:
    """ "The first half ends after 10 sets, the second after 10 more" and extra time is "5 sets ...
    then 5": in random matches every SetEnded counts up by one within its half, and a half's
    HalfTime comes right after its 10th (5th in extra time) set."""
    limits = {1: 10, 2: 10, 3: 5, 4: 5}
    for seed in range(12):
        _, events = _play_random(seed, seed % 2 == 1)
        counts = {1: 0, 2: 0, 3: 0, 4: 0}
        previous: rl.Event | None = None
        for event in events:
            if isinstance(event, rl.SetEnded):
                counts[event.half] += 1
                assert event.sets == counts[event.half] <= limits[event.half]
            if isinstance(event, rl.HalfTime):
                assert previous == rl.SetEnded(event.half, limits[event.half])
            previous = event
        assert counts[1] == 10
        assert isinstance(events[-1], GameOver)


def test_every_match_ends_within_its_bound() -> None:
    """ "All games": "Every game ends: each game states a hard bound on its number of moves"; "a set
    has at most 6 penalty restarts and a match has under 1,200 moves." """
    for seed in range(30):
        moves, _ = _play_random(seed, seed % 2 == 0)
        assert moves < 1200
        assert moves <= rl.max_moves()


def test_every_change_of_possession_is_announced() -> None:
    """``step`` emits ``PossessionChanged(attacker)`` whenever the ball changes hands (a lost set, a
    penalty to the defence, a missed kick, a half's kick-off), and never otherwise: over whole
    random matches, a step that changes the attacker announces it, the last announcement of a step
    names the attacker it leaves, and one without a change comes only with ``HalfTime``."""
    rnd = random.Random(5)
    changes = 0
    for seed in range(6):
        state = rl.new_game(seed)
        while state.to_act is not None:
            before = state.field.attacker
            state, events = rl.step(state, rnd.choice(rl.legal_moves(state)))
            if state.to_act is None:
                break
            announced = [e.attacker for e in events if type(e) is rl.PossessionChanged]
            after = state.field.attacker
            if after != before:
                changes += 1
                assert announced and announced[-1] == after, events
            elif announced:
                assert announced[-1] == after and any(type(e) is rl.HalfTime for e in events), events
    assert changes >= 50
