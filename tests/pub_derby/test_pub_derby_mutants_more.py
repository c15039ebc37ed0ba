"""Pub Derby: more hand-worked tests of rules and checks the other files leave loose (the penalty
pile of a tied shootout, the second half's goal bound, ``validate``'s shape checks, ``sample_state``
around the kick-off 2, ``zones`` and ``render``). Every expected value is worked out by hand from
shared/rules/pub_derby.md, RULINGS.md and docs/rules/pub_derby.md.

Positions are written in the one-line notation of ``pub_derby.position`` (``to_text`` /
``from_text``); forged states are made with ``attrs.evolve`` from real ones.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import pub_derby
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.cards import standard_deck
from cardrules.errors import StateError
from cardrules.events import CardPlayed, TrickWon
from cardrules.game import Zone
from cardrules.pub_derby.state import Format
from cardrules.rng import Rng

FORMATS: tuple[Format, ...] = ("classic", "pub", "big_squad")


def fresh(fmt: Format = "classic") -> pub_derby.State:
    """The 52 cards in code order dealt one at a time, seat 0 first (seat s gets deck[players*i + s]);
    in pub and big squad the bench is JS QS KS AS (JS on top). Seat 0 holds 2C and kicks off."""
    return pub_derby.new_game(0, pub_derby.Config(fmt), deck=standard_deck())


def second_half(fmt: Format, goals: tuple[int, int], yellows: tuple[int, int] = (0, 0)) -> str:
    """The line of ``fresh(fmt)`` as the second half's kick-off with ``goals`` and ``yellows``."""
    fields = pub_derby.to_text(fresh(fmt)).split(" ")
    fields[2] = "2"
    fields[3] = f"{goals[0]},{goals[1]}"
    fields[4] = f"{yellows[0]},{yellows[1]}"
    return " ".join(fields)


def with_match(state: pub_derby.State, **changes: Any) -> pub_derby.State:
    match = attrs.evolve(state.progress.match, **changes)
    return attrs.evolve(state, progress=attrs.evolve(state.progress, match=match))


# --- The penalty: ties all the way down ---------------------------------------------------------

# Classic, second half, spades trumps (the card shown: AS). Seat 3 holds every spade; seats 0-2 none.
# Trick 1 (kick-off): 2C 3C 4C 2S - seat 3 trumps and wins (team B: wave 1).
# Trick 2, led by seat 3: JS JC JD, and seat 2 is to play JH: all four jacks in one trick.
FOUR_JACKS_HANDS = "/".join(
    [
        "5C6C7C8C9CTCQCKCAC2D3D",  # seat 0 (played 2C, JC)
        "4D5D6D7D8D9DTDQDKDAD2H",  # seat 1 (played 3C, JD)
        "3H4H5H6H7H8H9HTHJHQHKHAH",  # seat 2 (played 4C; JH to play)
        "3S4S5S6S7S8S9STSQSKSAS",  # seat 3 (played 2S, JS)
    ]
)


def four_jacks(rng: Rng) -> pub_derby.State:
    """Team B carries a yellow card from the first half (yellows carry over at half time)."""
    text = f"pub_derby classic 2 0,0 0,1 - AS {FOUR_JACKS_HANDS} 3:JSJCJD 0:2C3C4C2S 2 {rng.state}"
    return pub_derby.from_text(text)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_shootout_of_four_jacks_ties_twice_and_is_saved(seed: int) -> None:
    """RULINGS: "A tie draws again, without replacement, from the cards left; if fewer than two are
    left, the kick is saved." Team B wins a trick holding all four jacks (one yellow card: its
    second, with the one carried over), so team A takes a penalty from JS JC JD JH: whatever the
    shuffle, both draws are jack against jack, a tie; no card is left, so the kick is saved. The
    penalty changes no wave or leader; both teams' yellow cards are discarded."""
    rng = Rng.from_seed(seed)
    state = four_jacks(rng)
    assert (state.progress.waves, state.match.yellows, state.to_act) == ((0, 1), (0, 1), 2)
    trick = cs("JS JC JD JH")
    pile, rng_after = rng.shuffle(trick)  # docs: the trick's cards shuffled in play order
    after, events = pub_derby.step(state, pub_derby.Play("JH"))
    assert events == (
        CardPlayed(2, c("JH")),
        TrickWon(3, trick, 0),  # JS, the only trump, wins
        pub_derby.WaveExtended(1, 2),  # two in a row: no goal in classic
        pub_derby.YellowCard(1, 2),
        pub_derby.PenaltyAwarded(0),
        pub_derby.PenaltyDrawn(pile[0], pile[1]),
        pub_derby.PenaltyDrawn(pile[2], pile[3]),
        pub_derby.PenaltySaved(0),
    )
    assert (after.match.goals, after.match.yellows, after.progress.waves) == ((0, 0), (0, 0), (0, 2))
    assert (after.leader, after.to_act, after.match.rng) == (3, 3, rng_after)
    pub_derby.validate(after)


# --- The second half's goal bound ---------------------------------------------------------------

# docs/rules/pub_derby.md: in the second half each team has at most its goals from waves this half,
# plus this half's penalties, plus "what one half can give it: a goal per goal_length tricks of a
# hand and two penalties". At the second half's kick-off (no tricks yet) that is
# hand_size // goal_length + 2: classic 13 // 3 + 2 = 6, pub 8 // 2 + 2 = 6, big squad 6 // 2 + 2 = 5,
# and the first half gave at most that many goals to both teams together.
FIRST_HALF_MOST = {"classic": 6, "pub": 6, "big_squad": 5}


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_second_half_kick_off_allows_what_one_half_can_give_one_team(fmt: Format) -> None:
    """One team may bring up to hand_size // goal_length + 2 goals into the second half (docs), not
    one more."""
    most = FIRST_HALF_MOST[fmt]
    for goals in [(most, 0), (0, most)]:
        state = pub_derby.from_text(second_half(fmt, goals))
        assert (state.match.half, state.match.goals) == (2, goals)
    for goals in [(most + 1, 0), (0, most + 1)]:
        with pytest.raises(StateError, match="are not what half 2's tricks can give"):
            pub_derby.from_text(second_half(fmt, goals))


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_second_half_kick_off_bounds_both_teams_goals_together(fmt: Format) -> None:
    """The first half's goals, both teams' together, are at most what one half can give (a goal
    per goal_length tricks and two penalties): 3-3 (classic, pub) or 2-3 (big squad) may open the
    second half, one goal more may not, even when each team alone is within the bound."""
    most = FIRST_HALF_MOST[fmt]
    a = most // 2
    fine = (a, most - a)
    assert pub_derby.from_text(second_half(fmt, fine)).match.goals == fine
    for goals in [(a + 1, most - a), (a, most - a + 1)]:
        assert max(goals) <= most  # each team alone is within its own bound
        with pytest.raises(StateError, match="are not what half 2's tricks can give"):
            pub_derby.from_text(second_half(fmt, goals))


def test_the_second_half_accepts_each_carried_yellow_card() -> None:
    """ "Yellow cards carry over" to the second half: at its kick-off either team may hold one
    (a second would have been a penalty, and reset both), so 1-1 is fine and 2-0 is not."""
    for yellows in [(0, 0), (1, 0), (0, 1), (1, 1)]:
        assert pub_derby.from_text(second_half("classic", (0, 0), yellows)).match.yellows == yellows
    with pytest.raises(StateError, match=r"yellow cards \(2, 0\)"):
        pub_derby.from_text(second_half("classic", (0, 0), (2, 0)))


# --- validate: the shape of the position --------------------------------------------------------


@pytest.mark.parametrize("leader", [5, 6, 100])
def test_validate_refuses_a_leader_that_is_no_seat(leader: int) -> None:
    """A trick is led by one of the table's seats (0 to 3 in classic): a leader beyond them is
    refused with the documented message, not an IndexError deeper in."""
    state = fresh()
    forged = attrs.evolve(state, progress=attrs.evolve(state.progress, leader=leader))
    with pytest.raises(
        StateError, match="a trick in progress has fewer cards than players, and a seat leads it"
    ):
        pub_derby.validate(forged)


def test_validate_names_the_seat_holding_too_many_cards() -> None:
    """Hand sizes follow from the tricks played ("Deal all 13 cards to each player"): with seat 1's
    2D moved to seat 0, seat 0 holds 14 cards and is the seat named."""
    state = fresh()
    hands = list(state.hands)
    assert c("2D") in hands[1]
    hands[0] = tuple(sorted([*hands[0], c("2D")]))
    hands[1] = tuple(x for x in hands[1] if x != c("2D"))
    with pytest.raises(StateError, match="seat 0 holds 14 cards"):
        pub_derby.validate(attrs.evolve(state, hands=tuple(hands)))


def test_validate_refuses_an_unsorted_hand() -> None:
    """``State.hands`` are sorted (documented on State); a hand out of order is refused."""
    state = fresh()
    hands = list(state.hands)
    hands[2] = tuple(reversed(hands[2]))
    with pytest.raises(StateError, match="hands must be sorted"):
        pub_derby.validate(attrs.evolve(state, hands=tuple(hands)))


# --- sample_state around the kick-off 2 ---------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_sample_state_refuses_a_kick_off_seat_without_its_two(seat: int) -> None:
    """The kick-off 2 lies with the seat that must lead the half (docs: sample_state "keeps it with
    the seat that kicks off"): a view in which the viewer must kick off with 2C but does not hold
    it contradicts itself."""
    v = pub_derby.view(fresh(), seat)
    hand = tuple(x for x in v.hand if x != c("2C"))
    forged = attrs.evolve(v, hand=hand, leader=seat, to_act=seat, legal_moves=(pub_derby.Play("2C"),))
    with pytest.raises(StateError, match="the view's kick-off contradicts the hands"):
        pub_derby.sample_state(forged, 1)


def test_sample_state_with_the_two_of_clubs_shown_on_top_of_the_bench() -> None:
    """ "If the 2 of Clubs is on the bench, the turn passes to the 2 of Diamonds": with 2C the
    bench's shown top card, the 2D holder kicks off, and a sampled state keeps 2C on top of the
    bench (once) with three hidden cards under it, showing each seat the same view."""
    bench = cs("2C 5S 6S 7S")
    deck = [x for x in standard_deck() if x not in bench] + list(bench)
    state = pub_derby.new_game(0, pub_derby.Config("pub"), deck=deck)
    # The 48 others in code order 3C..AC 2D...: 2D is the 13th (index 12), dealt to seat 12 % 6 = 0.
    assert (state.match.kickoff, state.to_act, state.match.trump) == (c("2D"), 0, 0)
    positions = [state, pub_derby.apply(state, pub_derby.Play("2D"))]
    for position in positions:
        for seat in range(6):
            v = pub_derby.view(position, seat)
            assert v.bench_top == c("2C")
            for seed in range(3):
                sample = pub_derby.sample_state(v, seed)
                assert pub_derby.view(sample, seat) == v
                assert sample.match.bench[0] == c("2C")
                assert len(set(sample.match.bench)) == 4


# --- zones and render ---------------------------------------------------------------------------


def test_zones_show_the_bench_top_to_everyone_and_hide_the_three_under_it() -> None:
    """ "The 4 remaining cards ('The Bench') are not used in play, but reveal the top card": the top
    card is public, the other three are seen by nobody."""
    zones = pub_derby.zones(fresh("pub"))
    everyone = tuple(range(6))
    assert Zone("bench top", cs("JS"), everyone) in zones
    assert Zone("bench", cs("QS KS AS"), ()) in zones
    assert sorted(x for z in zones for x in z.cards) == list(standard_deck())  # each card in one zone


def test_render_writes_team_a_goals_first() -> None:
    """The score line reads "Goals A <team A's goals>–<team B's goals> B": at 2-1 to team A."""
    state = pub_derby.from_text(second_half("classic", (2, 1)))
    for seat, team in [(0, "A"), (1, "B")]:
        first = pub_derby.render(pub_derby.view(state, seat)).splitlines()[0]
        assert first == f"Pub Derby (classic), half 2. You are Seat {seat} (team {team}). Goals A 2–1 B."


# --- validate: seats, bench, trick, kick-off and turn --------------------------------------------


def test_validate_refuses_a_wrong_number_of_hands() -> None:
    """Classic is played by 4 players (RULINGS: formats), so a state has 4 hands: a fifth, empty
    hand, or seat 3's cards merged into seat 2's (3 hands), is refused as such."""
    state = fresh()
    five = attrs.evolve(state, hands=(*state.hands, ()))
    with pytest.raises(StateError, match="classic has 4 hands"):
        pub_derby.validate(five)
    three = attrs.evolve(state, hands=(*state.hands[:2], tuple(sorted(state.hands[2] + state.hands[3]))))
    with pytest.raises(StateError, match="classic has 4 hands"):
        pub_derby.validate(three)


@pytest.mark.parametrize("fmt", ["pub", "big_squad"])
def test_validate_refuses_a_bench_of_other_than_four_cards(fmt: Format) -> None:
    """ "The 4 remaining cards ('The Bench')": a bench of 3 (its last card moved to seat 0) or of 5
    (seat 0's 2C moved under it) is refused, naming the bench."""
    state = fresh(fmt)
    bench = state.match.bench
    assert bench == cs("JS QS KS AS")
    hands = list(state.hands)
    hands[0] = tuple(sorted([*hands[0], bench[-1]]))
    short = attrs.evolve(with_match(state, bench=bench[:-1]), hands=tuple(hands))
    with pytest.raises(StateError, match=f"{fmt} has a bench of 4"):
        pub_derby.validate(short)
    hands[0] = tuple(x for x in state.hands[0] if x != c("2C"))
    long = attrs.evolve(with_match(state, bench=(*bench, c("2C"))), hands=tuple(hands))
    with pytest.raises(StateError, match=f"{fmt} has a bench of 4"):
        pub_derby.validate(long)


def test_validate_refuses_a_trick_in_progress_holding_a_card_from_every_seat() -> None:
    """A trick's last card completes it ("The winner collects the cards"): a trick in progress
    holding four cards in classic is refused. Here seat 0 kicks off 2C, seats 1 and 2 follow 3C 4C,
    and seat 3's 5C is forged into the trick as well."""
    state = play_cards(fresh(), "2C", "3C", "4C")
    assert state.to_act == 3 and c("5C") in state.hands[3]
    hands = list(state.hands)
    hands[3] = tuple(x for x in hands[3] if x != c("5C"))
    forged = attrs.evolve(state, hands=tuple(hands), trick=cs("2C 3C 4C 5C"))
    with pytest.raises(StateError, match="a trick in progress has fewer cards than players"):
        pub_derby.validate(forged)


def play_cards(state: pub_derby.State, *cards: str) -> pub_derby.State:
    for card in cards:
        state = pub_derby.apply(state, pub_derby.Play(card))
    return state


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_validate_refuses_a_kick_off_by_a_seat_without_the_two_of_clubs(seat: int) -> None:
    """ "The player holding the 2 of Clubs starts the match by leading it": at the kick-off the seat
    to lead (and act) must hold 2C; seat 0 holds it here, so no other seat may be the leader."""
    state = fresh()
    forged = attrs.evolve(state, to_act=seat, progress=attrs.evolve(state.progress, leader=seat))
    with pytest.raises(StateError, match="the holder of the kick-off card leads the half"):
        pub_derby.validate(forged)


@pytest.mark.parametrize("half", [1, 2])
def test_validate_refuses_full_time_before_the_second_halfs_last_trick(half: int) -> None:
    """ "A match consists of 2 halves ... Play until the cards are gone again": nobody is to act
    (``to_act`` None) only after the second half's last trick, not at a half's kick-off."""
    text = pub_derby.to_text(fresh()) if half == 1 else second_half("classic", (0, 0))
    fields = text.split(" ")
    fields[10] = "-"
    with pytest.raises(StateError, match="the match ends after the second half's last trick"):
        pub_derby.from_text(" ".join(fields))


@pytest.mark.parametrize("to_act", [0, 2, 3])
def test_validate_refuses_a_turn_out_of_clockwise_order(to_act: int) -> None:
    """ "Play proceeds clockwise around the table": after seat 0 leads 2C, seat 1 is to play."""
    state = play_cards(fresh(), "2C")
    assert state.to_act == 1
    with pytest.raises(StateError, match="to_act must be the seat after the last one to play"):
        pub_derby.validate(attrs.evolve(state, to_act=to_act))


# --- sample_state's classic trump card, zones at and after the kick-off, render at full time ------


@pytest.mark.parametrize("trump", [0, 1, 2, 3])
def test_classic_sample_state_takes_the_two_of_trumps_as_the_trump_card(trump: int) -> None:
    """Classic's view keeps only the trump suit (the drawn card went back into the deck); documented
    on ``sample_state``: "In classic the shown trump card is taken to be the 2 of trumps"."""
    twos = cs("2C 2D 2H 2S")
    v = attrs.evolve(pub_derby.view(fresh(), 1), trump=trump)
    sample = pub_derby.sample_state(v, 0)
    assert (sample.match.trump_card, sample.match.trump) == (twos[trump], trump)


def test_zones_show_the_kick_off_two_only_until_it_is_led() -> None:
    """Before the half's first card the kick-off 2 is known to lie with the seat that must lead it
    (a public zone, docs); once led it lies in the trick, and no seat's kick-off zone is left. Each
    of the 52 cards lies in exactly one zone throughout."""
    state = fresh()
    zones = pub_derby.zones(state)
    assert Zone("kick-off card of seat 0", cs("2C"), (0, 1, 2, 3)) in zones
    assert c("2C") not in next(z for z in zones if z.name == "hand 0").cards
    for after in [play_cards(state, "2C"), play_cards(state, "2C", "3C", "4C", "5C")]:
        zones = pub_derby.zones(after)
        assert not [z for z in zones if z.name.startswith("kick-off")]
        assert sorted(x for z in zones for x in z.cards) == list(standard_deck())


def test_render_at_full_time_says_so_instead_of_a_turn() -> None:
    """ "The team with the most goals at full-time wins!": after the second half's last trick
    nobody is to play, and the picture says "Full time." where a turn would be."""
    state = fresh()
    while state.to_act is not None:
        state = pub_derby.apply(state, pub_derby.legal_moves(state)[0])
    lines = pub_derby.render(pub_derby.view(state, 0)).splitlines()
    assert "Full time." in lines
    assert not [line for line in lines if line.startswith("Trick:")]


@pytest.mark.parametrize("moved", ["last of trick 2 to trick 1", "last of trick 1 to trick 2"])
def test_validate_refuses_completed_tricks_of_other_than_one_card_a_seat(moved: str) -> None:
    """Each trick holds one card from each of the 4 seats ("Play proceeds clockwise around the
    table"). Trick 1: 2C 3C 4C 5C (seat 3's 5C wins), trick 2 led by seat 3: 9C 6C 7C 8C (9C wins).
    Moving one card between them (5 and 3 cards, or 3 and 5) is refused as a wrong trick size,
    whichever trick comes first."""
    state = play_cards(fresh(), "2C", "3C", "4C", "5C", "9C", "6C", "7C", "8C")
    first, second = state.progress.tricks
    assert (first.winner, second.leader, second.winner) == (3, 3, 3)
    if moved == "last of trick 2 to trick 1":
        first, second = (
            attrs.evolve(first, cards=(*first.cards, second.cards[-1])),
            attrs.evolve(second, cards=second.cards[:-1]),
        )
    else:
        first, second = (
            attrs.evolve(first, cards=first.cards[:-1]),
            attrs.evolve(second, cards=(first.cards[-1], *second.cards)),
        )
    forged = attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=(first, second)))
    with pytest.raises(StateError, match="a completed trick has 4 cards and a seat as leader"):
        pub_derby.validate(forged)


def test_validate_refuses_a_completed_trick_led_by_seat_minus_one() -> None:
    """A trick is led by one of the table's seats, 0 to 3 in classic: a completed trick whose
    leader is -1 is refused as such."""
    state = play_cards(fresh(), "2C", "3C", "4C", "5C", "9C", "6C", "7C", "8C")
    first, second = state.progress.tricks
    tricks = (attrs.evolve(first, leader=-1), second)
    forged = attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=tricks))
    with pytest.raises(StateError, match="a completed trick has 4 cards and a seat as leader"):
        pub_derby.validate(forged)


def test_sample_state_refuses_a_kick_off_card_that_is_no_two() -> None:
    """A half kicks off with a 2 ("the 2 of Clubs ... then Diamonds, then Spades, then Hearts"): a
    view naming 3C as its kick-off card is no seat's view."""
    v = attrs.evolve(pub_derby.view(fresh(), 0), kickoff=c("3C"))
    with pytest.raises(StateError, match="a view's kick-off card is a 2"):
        pub_derby.sample_state(v, 0)


def test_render_writes_team_a_waves_first() -> None:
    """The wave line reads "Waves A <team A's count> B <team B's count>": after trick 1 (2C 3C 4C
    5C), won by seat 3 (team B), the counts are A 0, B 1."""
    state = play_cards(fresh(), "2C", "3C", "4C", "5C")
    assert state.progress.waves == (0, 1)
    second = pub_derby.render(pub_derby.view(state, 0)).splitlines()[1]
    assert ". Waves A 0 B 1. Yellows A 0 B 0." in second


def test_sample_state_refuses_a_kick_off_two_with_a_seat_shown_void_in_its_suit() -> None:
    """ "You must play a card of the same suit as the led card if you are able to": a seat that did
    not follow diamonds holds none, so it cannot be the seat that held the kick-off 2D (docs:
    sample_state keeps the kick-off 2 with the seat that kicked off). A forged pub view: kick-off
    2D, the half's first trick led by seat 1 (without the 2D), and seat 1 discarding 9C on a diamond
    lead in trick 2; it contradicts itself."""
    v = pub_derby.view(fresh("pub"), 0)
    assert c("2D") not in v.hand
    tricks = (
        pub_derby.CompletedTrick(1, cs("3C 4C 5C 6C 7C TC"), 0),  # TC (seat 0) wins, leads next
        pub_derby.CompletedTrick(0, cs("3D 9C 4D 5D 6D 7D"), 5),  # seat 1 void in diamonds
    )
    forged = attrs.evolve(v, kickoff=c("2D"), tricks=tricks, leader=5, to_act=5, legal_moves=())
    with pytest.raises(StateError, match="the view's kick-off contradicts the hands"):
        pub_derby.sample_state(forged, 0)
