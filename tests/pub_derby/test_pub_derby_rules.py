"""Pub Derby: one or more hand-built tests per rule, every expected value worked out by hand from
shared/rules/pub_derby.md, the Pub Derby section of RULINGS.md and docs/rules/pub_derby.md.

Stacked decks: card ``k`` goes to seat ``k % players`` while ``k < players * hand_size``; in pub and
big squad the last four cards are the bench, top first. In classic the trump card is
``deck[Rng.from_seed(seed).below(52)[0]]``; the helpers below pick a seed and put the wanted card
there, computing the index independently with :class:`cardrules.rng.Rng`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import pytest

from cardrules import pub_derby
from cardrules._shared.completed_trick import CompletedTrick
from cardrules.cards import Card, parse_cards, standard_deck
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.errors import ConfigError, IllegalMoveError, StateError
from cardrules.events import CardPlayed, Dealt, GameOver, TrickWon
from cardrules.game import Outcome
from cardrules.rng import Rng

from cardrules.pub_derby import (  # isort: skip
    Config,
    GoalScored,
    HalfTime,
    Intercepted,
    PenaltyAwarded,
    PenaltyDrawn,
    PenaltySaved,
    PenaltyScored,
    Play,
    State,
    TrumpChosen,
    WaveExtended,
    YellowCard,
)


def plays(text: str) -> tuple[Play, ...]:
    return tuple(Play(x) for x in parse_cards(text))


def trump_index(seed: int) -> int:
    """The index of the classic trump card in a stacked deck (docs: ``deck[below(52)]``)."""
    return Rng.from_seed(seed).below(52)[0]


def classic_deck(
    hands: Sequence[str], trump: str, accept: Callable[[int], bool] = lambda seed: True
) -> tuple[int, list[str]]:
    """A seed and a stacked classic deck giving seat ``s`` the cards of ``hands[s]``, such that the
    card drawn for trump (``deck[trump_index(seed)]``) is ``trump``; the seed also satisfies
    ``accept``."""
    rows = [h.split() for h in hands]
    assert sorted(parse_cards(" ".join(hands))) == list(standard_deck())
    assert all(len(r) == 13 for r in rows)
    holder = next(s for s, r in enumerate(rows) if trump in r)
    seed = next(s for s in range(10_000) if trump_index(s) % 4 == holder and accept(s))
    index = trump_index(seed)
    row = rows[holder]
    row.remove(trump)
    row.insert(index // 4, trump)
    deck = [rows[s][i] for i in range(13) for s in range(4)]
    assert deck[index] == trump
    return seed, deck


def pub_deck(hands: Sequence[str], bench: str, players: int = 6) -> list[str]:
    """Seat s receives deck[players * i + s]; the last four cards are the bench, top first."""
    rows = [h.split() for h in hands]
    size = 48 // players
    assert all(len(r) == size for r in rows)
    deck = [rows[s][i] for i in range(size) for s in range(players)] + bench.split()
    assert sorted(parse_cards(" ".join(deck))) == list(standard_deck())
    return deck


def play(state: State, *cards: str) -> State:
    for card in cards:
        state = pub_derby.apply(state, Play(card))
    return state


def play_step(state: State, *cards: str) -> tuple[State, tuple[object, ...]]:
    """Play ``cards``; return the state and the events of the last card (checking step == apply)."""
    events: tuple[object, ...] = ()
    for card in cards:
        after, events = pub_derby.step(state, Play(card))
        assert after == pub_derby.apply(state, Play(card))
        state = after
    return state, events


def shootout(cards: Sequence[Card], rng: Rng) -> tuple[tuple[tuple[Card, Card], ...], bool, Rng]:
    """The penalty as the rulings and docs state it, written independently: the trick's cards (in
    play order) are shuffled with the generator; striker then goalkeeper draw a card each; equal
    ranks draw again from the cards left; fewer than two left is a save."""
    left, rng = rng.shuffle(list(cards))
    draws: list[tuple[Card, Card]] = []
    pile = list(left)
    while len(pile) >= 2:
        striker, keeper = pile.pop(0), pile.pop(0)
        draws.append((striker, keeper))
        if striker.rank != keeper.rank:
            return tuple(draws), striker.rank > keeper.rank, rng
    return tuple(draws), False, rng


def shootout_events(team: int, cards: Sequence[Card], rng: Rng, goals: tuple[int, int]) -> tuple[object, ...]:
    """The events of a penalty to ``team`` taken with ``goals`` on the board before it."""
    draws, scored, _ = shootout(cards, rng)
    out: list[object] = [PenaltyAwarded(team)]
    out.extend(PenaltyDrawn(s, k) for s, k in draws)
    if scored:
        after = (goals[0] + 1, goals[1]) if team == 0 else (goals[0], goals[1] + 1)
        out.append(PenaltyScored(team, after))
    else:
        out.append(PenaltySaved(team))
    return tuple(out)


# --- 1. Formats ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "players", "hand", "bench", "goal", "moves"),
    [("classic", 4, 13, 0, 3, 104), ("pub", 6, 8, 4, 2, 96), ("big_squad", 8, 6, 4, 2, 96)],
)
def test_formats(fmt: str, players: int, hand: int, bench: int, goal: int, moves: int) -> None:
    """ "The Pub Match (6 players / 3 vs 3) Deal 8 cards ... The 4 remaining cards (The Bench) ...
    Win 2 consecutive tricks"; "The Classic (4 players / 2 vs 2) Deal all 13 cards ... Win 3
    consecutive tricks"; "The Big Squad (8 players / 4 vs 4) Deal 6 cards ... The 4 remaining
    cards ... 2 consecutive tricks". A match is two halves of players * hand cards."""
    cfg = Config(fmt)  # type: ignore[arg-type]
    assert (cfg.players, cfg.hand_size, cfg.goal_length) == (players, hand, goal)
    assert pub_derby.num_players(cfg) == players
    assert pub_derby.max_moves(cfg) == moves
    state = pub_derby.new_game(7, cfg)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.match.bench) == bench
    assert pub_derby.opening_events(state)[0] == Dealt(1, (hand,) * players)


def test_classic_is_the_default_format() -> None:
    """Formats are a Config field; classic is the default (docs)."""
    assert Config().format == "classic"
    assert pub_derby.num_players() == 4
    assert len(pub_derby.new_game(0).hands) == 4


@pytest.mark.parametrize(
    "bad",
    ["", "Classic", "pubs", "league", 3, None, b"pub", [], {}],
    ids=lambda x: f"{type(x).__name__}:{x!r}",
)
def test_a_bad_format_is_a_config_error(bad: object) -> None:
    """Only the three formats of the text exist: anything else is a ConfigError (docs/contract.md:
    "Invalid values raise ConfigError at construction"), unhashable junk included."""
    with pytest.raises(ConfigError):
        Config(bad)  # type: ignore[arg-type]


def test_big_squad_stacked_deal_and_bench_trump() -> None:
    """ "Deal 6 cards to each player. The 4 remaining cards are not used in play, but reveal the top
    card to determine the Trump suit." Seat s receives deck[8 * i + s]."""
    deck = [str(x) for x in standard_deck()]  # 2C 3C ... AS, top first
    state = pub_derby.new_game(0, Config("big_squad"), deck=deck)
    # Seat 0: deck[0, 8, 16, 24, 32, 40] = 2C TC 5D KD 8H 3S;
    # seat 7: deck[7, 15, ..., 47] = 9C 4D QD 7H 2S TS.
    assert state.hands[0] == cs("2C TC 5D KD 8H 3S")
    assert state.hands[7] == cs("9C 4D QD 7H 2S TS")
    assert state.match.bench == cs("JS QS KS AS")
    assert state.match.trump == 3
    assert pub_derby.opening_events(state) == (Dealt(1, (6,) * 8), TrumpChosen(1, c("JS"), 3))
    assert state.to_act == 0  # 2C with seat 0
    # "the bench ... not used in play": no bench card is in any hand.
    assert not set(state.match.bench) & {x for h in state.hands for x in h}


@pytest.mark.parametrize(("fmt", "players"), [("classic", 4), ("pub", 6), ("big_squad", 8)])
def test_teams_alternate_and_each_seat_scores_its_teams_goals(fmt: str, players: int) -> None:
    """ "Players must sit alternating around the table (A, B, A, B...)": even seats are team A,
    odd seats team B; at full time each seat carries its team's goals, "the team with the most
    goals at full-time wins". (The goals are set by hand on a finished match; ``validate`` would
    refuse most of them for this match's tricks, but ``outcome`` reads only the goals.)"""
    cfg = Config(fmt)  # type: ignore[arg-type]
    state = pub_derby.new_game(3, cfg)
    while state.to_act is not None:  # any legal play to full time
        state = pub_derby.apply(state, pub_derby.legal_moves(state)[0])
    for goals, winners in [((2, 1), tuple(range(0, players, 2))), ((0, 3), tuple(range(1, players, 2)))]:
        final = attrs.evolve(
            state, progress=attrs.evolve(state.progress, match=attrs.evolve(state.match, goals=goals))
        )
        result = pub_derby.outcome(final)
        assert result == Outcome(tuple(float(goals[s % 2]) for s in range(players)), winners)
    final = attrs.evolve(
        state, progress=attrs.evolve(state.progress, match=attrs.evolve(state.match, goals=(2, 2)))
    )
    assert pub_derby.outcome(final) == Outcome((2.0,) * players, tuple(range(players)))


# --- 2. The classic trump ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2024])
def test_classic_trump_is_a_random_card_drawn_after_the_shuffle(seed: int) -> None:
    """ "Draw one card randomly before starting (and shuffle it back in) to determine the Trump
    suit." Docs: new_game shuffles the 52 cards with Rng.from_seed(seed), then the trump card is
    deck[below(52)]; it stays where it was, so the deal is unchanged."""
    rng = Rng.from_seed(seed)
    cards, rng = rng.shuffle(list(standard_deck()))
    index, rng = rng.below(52)
    state = pub_derby.new_game(seed, Config())
    assert state.hands == tuple(tuple(sorted(cards[s::4])) for s in range(4))
    assert state.match.trump_card == cards[index]
    assert state.match.trump == cards[index] // 13
    assert state.match.bench == ()
    assert state.match.rng == rng
    assert pub_derby.opening_events(state) == (
        Dealt(1, (13, 13, 13, 13)),
        TrumpChosen(1, cards[index], cards[index] // 13),
    )
    assert pub_derby.view(state, 1).trump == cards[index] // 13
    assert pub_derby.view(state, 1).bench_top is None


def test_classic_trump_with_a_stacked_deck_leaves_the_deal_alone() -> None:
    """With a stacked deck the trump card is deck[Rng.from_seed(seed).below(52)[0]] and the hands are
    exactly the stacked deal ("shuffle it back in")."""
    deck = [str(x) for x in standard_deck()]
    for seed in (0, 3, 5):
        index = trump_index(seed)  # 35, 9, 10: JH, JC, QC
        state = pub_derby.new_game(seed, Config(), deck=deck)
        assert state.hands == tuple(tuple(standard_deck()[s::4]) for s in range(4))
        assert state.match.trump_card == standard_deck()[index]
    assert pub_derby.new_game(0, Config(), deck=deck).match.trump_card == c("JH")
    assert pub_derby.new_game(3, Config(), deck=deck).match.trump_card == c("JC")
    assert pub_derby.new_game(5, Config(), deck=deck).match.trump == 0  # QC: clubs


def test_classic_trump_varies_with_the_seed() -> None:
    """The draw is random: over a few seeds every suit comes up as trump."""
    suits = {pub_derby.new_game(seed, Config()).match.trump for seed in range(40)}
    assert suits == {0, 1, 2, 3}


# --- 3 and 5. Classic: follow suit, trumps, discards, a goal from three in a row --------------

CLASSIC = [
    "2C 2H AD 5D 6D 7D 8D 9D TD QD KD 4S 5S",  # seat 0, team A: void in clubs after 2C
    "3C 6C 7C 8C 9C TC 2D 4D JD 4H 5H 6H 7H",  # seat 1, team B
    "AC KC QC 3H 8H TH QH 2S 3S 6S 7S 8S 9S",  # seat 2, team A: no diamonds
    "4C 5C JC 3D 9H JH KH AH TS JS QS KS AS",  # seat 3, team B: one diamond
]


def classic_game() -> State:
    """The CLASSIC deal with hearts trumps (the card drawn is KH, in seat 3's hand)."""
    seed, deck = classic_deck(CLASSIC, "KH")
    state = pub_derby.new_game(seed, Config(), deck=deck)
    assert state.match.trump_card == c("KH")
    return state


def test_classic_stacked_deal_and_kick_off() -> None:
    """ "Deal all 13 cards to each player"; "The player holding the 2 of Clubs starts the match by
    leading it": seat 0 must lead 2C, nothing else."""
    state = classic_game()
    assert state.hands == tuple(tuple(sorted(cs(h))) for h in CLASSIC)
    assert state.match.trump == 2
    assert (state.to_act, state.leader, state.match.kickoff) == (0, 0, c("2C"))
    assert pub_derby.legal_moves(state) == (Play("2C"),)
    for card in ("AD", "2H", "4S"):
        assert not pub_derby.is_legal(state, Play(card))
        with pytest.raises(IllegalMoveError):
            pub_derby.apply(state, Play(card))


def test_must_follow_suit_and_an_illegal_play_changes_nothing() -> None:
    """ "Follow Suit: You must play a card of the same suit as the led card if you are able to." """
    state = play(classic_game(), "2C")
    before = attrs.evolve(state)
    assert pub_derby.legal_moves(state) == plays("3C 6C 7C 8C 9C TC")
    for card in ("2D", "JD", "4H", "7H"):  # seat 1 holds clubs: a diamond or a trump is illegal
        assert not pub_derby.is_legal(state, Play(card))
        with pytest.raises(IllegalMoveError):
            pub_derby.apply(state, Play(card))
        with pytest.raises(IllegalMoveError):
            pub_derby.step(state, Play(card))
    with pytest.raises(IllegalMoveError):
        pub_derby.apply(state, Play("AC"))  # a card seat 1 does not hold
    assert state == before
    assert state.hands[1] == tuple(sorted(cs(CLASSIC[1])))
    assert (state.trick, state.to_act) == (cs("2C"), 1)


def test_classic_goal_on_the_third_trick_in_a_row_not_the_second() -> None:
    """ "If your team (you or your teammate) wins the required amount of tricks in a row, you score a
    GOAL! (... 3 in a row for 2v2)." Also: the highest card of the led suit wins without trumps;
    "If you cannot follow suit, you may play a Trump card. Trump cards beat all regular suits";
    a player void in the led suit may discard instead of trumping; "The player to the left of the
    goalscorer ... takes the kick-off by leading any card"."""
    state = classic_game()
    # Trick 1: 2C 3C AC 4C, no trump: the highest club, seat 2's AC, wins. Team A: 1 in a row.
    state, events = play_step(state, "2C", "3C", "AC", "4C")
    assert events == (CardPlayed(3, c("4C")), TrickWon(2, cs("2C 3C AC 4C"), 0), WaveExtended(0, 1))
    assert (state.to_act, state.progress.waves, state.match.goals) == (2, (1, 0), (0, 0))
    # Trick 2, led by seat 2: KC 5C, then seat 0 (void in clubs: every card is legal) trumps with 2H.
    state = play(state, "KC", "5C")
    assert pub_derby.legal_moves(state) == plays("5D 6D 7D 8D 9D TD QD KD AD 2H 4S 5S")
    state, events = play_step(state, "2H", "6C")
    # The lowest trump beats the king and the ace... of clubs: seat 0 wins; team A 2 in a row, no goal.
    assert events == (CardPlayed(1, c("6C")), TrickWon(0, cs("KC 5C 2H 6C"), 0), WaveExtended(0, 2))
    assert (state.to_act, state.progress.waves, state.match.goals) == (0, (2, 0), (0, 0))
    # Trick 3, led by seat 0: AD 2D, seat 2 (void in diamonds, holding trumps) discards 2S; 3D.
    state = play(state, "AD", "2D")
    assert len(pub_derby.legal_moves(state)) == 11  # seat 2 may trump or discard anything
    state, events = play_step(state, "2S", "3D")
    assert events == (
        CardPlayed(3, c("3D")),
        TrickWon(0, cs("AD 2D 2S 3D"), 0),
        WaveExtended(0, 3),
        GoalScored(0, 0, (1, 0)),
    )
    assert state.match.goals == (1, 0)
    assert state.progress.waves == (0, 0)
    assert (state.leader, state.to_act) == (1, 1)  # left of seat 0, the goalscorer
    assert len(pub_derby.legal_moves(state)) == 10  # any of the 10 cards seat 1 holds


def test_classic_highest_trump_wins_and_an_interception_by_a_jack_trick() -> None:
    """ "The highest Trump wins. If no Trump is played, the highest card of the led suit wins";
    "If the opposing team wins a trick during your attacking wave, the attack is broken, the count
    resets"; "If a team wins a trick containing one or more Jacks, the winning team receives a
    Yellow Card" (whoever played the jack)."""
    state = play(classic_game(), "2C", "3C", "AC", "4C", "KC", "5C", "2H", "6C", "AD", "2D", "2S", "3D")
    # Trick 4, led by seat 1 after the goal: 4D, 3H (seat 2 trumps), 9H (seat 3 overtrumps), 5D.
    state, events = play_step(state, "4D", "3H", "9H", "5D")
    # After a goal both counts are 0: team B's first trick is no interception.
    assert events == (CardPlayed(0, c("5D")), TrickWon(3, cs("4D 3H 9H 5D"), 0), WaveExtended(1, 1))
    assert (state.to_act, state.progress.waves) == (3, (0, 1))
    # Trick 5, led by seat 3 with JC: seat 0 (no clubs, no trumps left) discards 6D; 7C; seat 2's QC
    # wins: team A breaks B's wave and takes a yellow card for B's jack.
    state, events = play_step(state, "JC", "6D", "7C", "QC")
    assert events == (
        CardPlayed(2, c("QC")),
        TrickWon(2, cs("JC 6D 7C QC"), 0),
        Intercepted(0),
        WaveExtended(0, 1),
        YellowCard(0, 1),
    )
    assert (state.to_act, state.progress.waves, state.match.yellows, state.match.goals) == (
        2,
        (1, 0),
        (1, 0),
        (1, 0),
    )
    assert state.progress.tricks[-1] == CompletedTrick(3, cs("JC 6D 7C QC"), 2)


# --- 4. The kick-off fallback -----------------------------------------------------------------


def bench_deck(bench: str) -> list[str]:
    """The 48 other cards in standard order (2C 3C ... AS), then ``bench`` (top first)."""
    on_bench = cs(bench)
    return [str(x) for x in standard_deck() if x not in on_bench] + bench.split()


@pytest.mark.parametrize(
    ("fmt", "bench", "kickoff", "holder", "trump"),
    [
        # 2S is card 39 of the standard order; 2C and 2D, before it, are on the bench: position 37, seat 1.
        ("pub", "2C 2D 7S 8S", "2S", 1, 0),
        # 2H is card 26; 2C, 3C and 2D are on the bench: position 23, seat 5.
        ("pub", "2C 2D 2S 3C", "2H", 5, 0),
        # 2D is card 13; 2C is on the bench: position 12, seat 12 % 8 = 4.
        ("big_squad", "2C 7S 8S 9S", "2D", 4, 0),
        # 2S is card 39; 2C and 2D on the bench: position 37, seat 37 % 8 = 5. Trump: top card 2D.
        ("big_squad", "2D 2C AS KS", "2S", 5, 1),
        # 2C is on the bench but 2D, 2S and 2H are all dealt: 2D (position 12) wins over 2S.
        ("pub", "5H 2C 9S TS", "2D", 0, 2),
    ],
)
def test_kick_off_falls_back_from_the_two_of_clubs(
    fmt: str, bench: str, kickoff: str, holder: int, trump: int
) -> None:
    """ "If the 2 of Clubs is on the bench, the turn passes to the 2 of Diamonds, then Spades, then
    Hearts." The holder must lead that 2."""
    state = pub_derby.new_game(0, Config(fmt), deck=bench_deck(bench))  # type: ignore[arg-type]
    assert state.match.kickoff == c(kickoff)
    assert c(kickoff) in state.hands[holder]
    assert (state.to_act, state.leader) == (holder, holder)
    assert state.match.trump == trump
    assert pub_derby.legal_moves(state) == (Play(kickoff),)
    other = next(x for x in state.hands[holder] if x != c(kickoff))
    with pytest.raises(IllegalMoveError):
        pub_derby.apply(state, Play(other))
    after = pub_derby.apply(state, Play(kickoff))
    assert after.trick == (c(kickoff),)
    assert after.to_act == (holder + 1) % Config(fmt).players  # type: ignore[arg-type]


def test_kick_off_with_all_four_twos_on_the_bench_is_seat_0_with_any_card() -> None:
    """The text gives no holder when all four 2s are on the bench; the ruling: seat 0 leads any card."""
    state = pub_derby.new_game(0, Config("pub"), deck=bench_deck("2H 2C 2D 2S"))
    assert state.match.kickoff is None
    assert state.match.trump == 2  # top card 2H
    assert (state.to_act, state.leader) == (0, 0)
    # Seat 0 holds positions 0, 6, 12, ..., 42 of 3C..AC 3D..AD 3H..AH 3S..AS.
    assert state.hands[0] == cs("3C 9C 3D 9D 3H 9H 3S 9S")
    assert pub_derby.legal_moves(state) == tuple(Play(x) for x in state.hands[0])
    assert pub_derby.view(state, 3).kickoff is None
    after = pub_derby.apply(state, Play("9H"))
    assert after.trick == cs("9H")


# --- 6. Yellow cards and penalties --------------------------------------------------------------

PUB_JACKS = [
    "2C 7C 8C 9C JH 2S 3S JS",  # seat 0, team A: no diamonds, one heart
    "JC TC QC KC AC 2D 4H 4S",  # seat 1, team B
    "3C JD 5H 6D 7D 8D 9D 5S",  # seat 2, team A
    "4C 3D 6H TD QD KD 7H 8H",  # seat 3, team B
    "5C AD 2H 9H TH QH KH AH",  # seat 4, team A
    "6C 4D 3H 5D 6S 7S 8S 9S",  # seat 5, team B
]
PUB_JACKS_BENCH = "TS QS KS AS"  # spades are trumps
PUB_T3 = cs("2H 3H JS 4H 5H 6H")  # the third trick of the script below, in play order


def pub_jacks_game(seed: int) -> State:
    state = pub_derby.new_game(seed, Config("pub"), deck=pub_deck(PUB_JACKS, PUB_JACKS_BENCH))
    assert state.match.trump == 3
    assert state.match.rng == Rng.from_seed(seed)  # a stacked pub deal draws nothing
    return state


def test_one_yellow_card_per_trick_even_with_two_jacks() -> None:
    """ "If a team wins a trick containing one or more Jacks, the winning team receives a Yellow
    Card" (one card, however many jacks: RULINGS)."""
    state = pub_jacks_game(0)
    # Trick 1: 2C JC 3C 4C 5C 6C: seat 1's JC is the highest club; team B's first yellow.
    state, events = play_step(state, "2C", "JC", "3C", "4C", "5C", "6C")
    assert events == (
        CardPlayed(5, c("6C")),
        TrickWon(1, cs("2C JC 3C 4C 5C 6C"), 0),
        WaveExtended(1, 1),
        YellowCard(1, 1),
    )
    # Trick 2, led by seat 1: 2D JD 3D AD 4D, seat 0 void in diamonds discards JH (keeping its
    # trumps): two jacks in a trick won by seat 4's AD: team A gets ONE yellow card, no penalty.
    state, events = play_step(state, "2D", "JD", "3D", "AD", "4D", "JH")
    assert events == (
        CardPlayed(0, c("JH")),
        TrickWon(4, cs("2D JD 3D AD 4D JH"), 0),
        Intercepted(0),
        WaveExtended(0, 1),
        YellowCard(0, 1),
    )
    assert (state.match.yellows, state.progress.waves, state.match.goals, state.to_act) == (
        (1, 1),
        (1, 0),
        (0, 0),
        4,
    )
    v = pub_derby.view(state, 3)
    assert (v.yellows, v.waves, v.goals) == ((1, 1), (1, 0), (0, 0))


def pub_seed(scored: bool) -> int:
    """The first seed whose penalty on PUB_T3 (taken with Rng.from_seed(seed)) is scored/saved."""
    return next(s for s in range(1000) if shootout(PUB_T3, Rng.from_seed(s))[1] == scored)


@pytest.mark.parametrize("scored", [True, False])
def test_second_yellow_on_a_goal_trick_penalty_after_the_goal(scored: bool) -> None:
    """ "If a team receives their second Yellow Card (at any point during the match), the referee
    points to the spot!"; the penalty is resolved at once, after the goal the same trick scored;
    "Take the cards from the trick where the penalty was caused and shuffle them"; the striker (team
    fouled) draws, then the goalkeeper; higher value scores; "After the penalty, the Jacks/Yellow
    Cards are discarded (reset)" - both teams' (RULINGS)."""
    seed = pub_seed(scored)
    state = play(pub_jacks_game(seed), "2C", "JC", "3C", "4C", "5C", "6C", "2D", "JD", "3D", "AD", "4D", "JH")
    assert state.match.yellows == (1, 1)
    # Trick 3, led by seat 4: 2H 3H, seat 0 (void in hearts) trumps with JS, 4H 5H 6H: seat 0 wins;
    # team A's second trick in a row is a goal, and its second yellow gives team B a penalty.
    state, events = play_step(state, "2H", "3H", "JS", "4H", "5H", "6H")
    draws, hit, rng = shootout(PUB_T3, Rng.from_seed(seed))
    assert hit == scored
    assert len(draws) == 1  # all six ranks differ: one draw decides
    assert events == (
        CardPlayed(3, c("6H")),
        TrickWon(0, PUB_T3, 0),
        WaveExtended(0, 2),
        GoalScored(0, 0, (1, 0)),
        YellowCard(0, 2),
        PenaltyAwarded(1),
        PenaltyDrawn(*draws[0]),
        PenaltyScored(1, (1, 1)) if scored else PenaltySaved(1),
    )
    assert (draws[0][0].rank > draws[0][1].rank) == scored
    assert state.match.goals == ((1, 1) if scored else (1, 0))
    assert state.match.yellows == (0, 0)  # team B's first yellow is discarded too
    assert state.progress.waves == (0, 0)  # the goal's reset; the penalty adds nothing
    assert (state.leader, state.to_act) == (1, 1)  # left of the goalscorer, seat 0
    assert state.match.rng == rng  # the generator moved on by the shuffle
    pub_derby.validate(state)


ALL_SUITS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",  # seat 0, team A
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",  # seat 1, team B
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",  # seat 2, team A
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",  # seat 3, team B: every trump
]
"""Each seat holds one suit, so every seat is void in the led suit but its own and may play any
card (but the kick-off 2C); with spades trumps seat 3 wins every trick."""
T2_TIE = cs("5S 5C 3D JH")


def tie_seed(result: tuple[int, bool]) -> tuple[int, list[str]]:
    """An ALL_SUITS deck with spades trumps and a seed whose penalty on T2_TIE (taken with the
    generator after the trump draw) has ``result`` = (number of draws, scored)."""

    def accept(seed: int) -> bool:
        draws, scored, _ = shootout(T2_TIE, Rng.from_seed(seed).below(52)[1])
        return (len(draws), scored) == result

    return classic_deck(ALL_SUITS, "AS", accept)


@pytest.mark.parametrize(("draws", "scored"), [(2, True), (2, False), (1, True), (1, False)])
def test_penalty_tie_is_redrawn_and_a_penalty_goal_changes_no_wave_or_leader(
    draws: int, scored: bool
) -> None:
    """ "In case of a tie, draw new cards" (RULINGS: again, without replacement, from the cards left).
    "Trumps do not apply during penalties, strictly card value." A penalty goal is worth one goal and
    changes neither the attacking counts nor who leads next (RULINGS)."""
    seed, deck = tie_seed((draws, scored))
    state = pub_derby.new_game(seed, Config(), deck=deck)
    assert state.match.trump == 3
    # Trick 1: 2C JD 2H 2S: seat 3 trumps; team B: wave 1, first yellow.
    state = play(state, "2C", "JD", "2H", "2S")
    assert (state.match.yellows, state.progress.waves, state.to_act) == ((0, 1), (0, 1), 3)
    # Trick 2: 5S 5C 3D JH, led by seat 3: seat 3 wins again (2 in a row: no goal in classic) and its
    # second yellow gives team A a penalty from 5S 5C 3D JH.
    rng = state.match.rng
    assert rng == Rng.from_seed(seed).below(52)[1]
    state, events = play_step(state, "5S", "5C", "3D", "JH")
    expected_draws, hit, rng_after = shootout(T2_TIE, rng)
    assert (len(expected_draws), hit) == (draws, scored)
    if draws == 2:  # the two fives tie: the next two cards decide, trumps or not
        assert {expected_draws[0][0], expected_draws[0][1]} == set(cs("5S 5C"))
        assert expected_draws[1][0] == (c("JH") if scored else c("3D"))
    assert events == (
        CardPlayed(2, c("JH")),
        TrickWon(3, T2_TIE, 0),
        WaveExtended(1, 2),
        YellowCard(1, 2),
        *shootout_events(0, T2_TIE, rng, (0, 0)),
    )
    assert events[-1] == (PenaltyScored(0, (1, 0)) if scored else PenaltySaved(0))
    assert state.match.goals == ((1, 0) if scored else (0, 0))
    assert state.match.yellows == (0, 0)
    assert state.progress.waves == (0, 2)  # B's wave goes on
    assert (state.leader, state.to_act) == (3, 3)  # the trick's winner leads
    assert state.match.rng == rng_after
    # Trick 3: 6S 6C 4D 3H: B's third trick in a row is a goal; seat 0, left of seat 3, leads.
    state, events = play_step(state, "6S", "6C", "4D", "3H")
    goals = (1, 1) if scored else (0, 1)
    assert events == (
        CardPlayed(2, c("3H")),
        TrickWon(3, cs("6S 6C 4D 3H"), 0),
        WaveExtended(1, 3),
        GoalScored(1, 3, goals),
    )
    assert (state.match.goals, state.progress.waves, state.to_act) == (goals, (0, 0), 0)


def test_found_penalty_seeds_are_as_worked_out() -> None:
    """The seeds the penalty tests search for, and their draws, pinned (from the generator's
    documented Fisher-Yates shuffle): a check on the helper itself."""
    assert pub_seed(True) == 2
    assert shootout(PUB_T3, Rng.from_seed(2))[0] == ((c("JS"), c("6H")),)  # J beats 6: scored
    assert pub_seed(False) == 0
    assert shootout(PUB_T3, Rng.from_seed(0))[0] == ((c("5H"), c("JS")),)  # 5 under J: saved
    seed, _ = tie_seed((2, True))
    assert shootout(T2_TIE, Rng.from_seed(seed).below(52)[1])[0] == ((c("5S"), c("5C")), (c("JH"), c("3D")))


# --- 7 and 8. Half time and full time ----------------------------------------------------------


def play_ranks(state: State, orders: Sequence[Sequence[int]]) -> tuple[State, list[tuple[object, ...]]]:
    """Play an ALL_SUITS half: seat s plays its cards (suit s) in the rank order ``orders[s]``.
    Returns the state and the events of each trick's last card."""
    taken = [0, 0, 0, 0]
    per_trick: list[tuple[object, ...]] = []
    for _ in range(52):
        seat = state.to_act
        assert seat is not None
        card = Card(orders[seat][taken[seat]], seat)
        taken[seat] += 1
        state, events = play_step(state, str(card))
        if not state.trick:
            per_trick.append(events)
    return state, per_trick


ASC = list(range(2, 15))


def all_suits_half_two(goals: tuple[int, int], yellows: tuple[int, int], rng: Rng) -> State:
    """A second half dealt as ALL_SUITS, spades trumps (the card shown: AS), at its kick-off."""
    hands = tuple(tuple(sorted(cs(h))) for h in ALL_SUITS)
    match = pub_derby.Match(
        config=Config(),
        half=2,
        goals=goals,
        yellows=yellows,
        bench=(),
        trump_card=c("AS"),
        kickoff=c("2C"),
        rng=rng,
    )
    state = State(
        hands=hands,
        trick=(),
        to_act=0,
        progress=pub_derby.Progress(leader=0, tricks=(), waves=(0, 0), match=match),
    )
    pub_derby.validate(state)
    return state


def test_classic_half_time_new_deal_yellows_carry_waves_reset() -> None:
    """ "When all cards in hand have been played, it is halftime. Reshuffle the entire deck and deal
    again (Yellow cards carry over to the second half)." RULINGS: trump chosen again, the attacking
    counts reset, kick-off as at the start. Docs: at half time the generator shuffles the 52 cards,
    then (classic) draws the trump card."""
    seed, deck = classic_deck(ALL_SUITS, "AS")
    state = pub_derby.new_game(seed, Config(), deck=deck)
    state, tricks = play_ranks(state, [ASC] * 4)
    # Trick k is the four cards of rank k + 1; seat 3's spade wins each. Goals after tricks 3, 6, 9
    # and 12; the jack trick (10) is the first of a wave: one yellow for B; trick 13 leaves B at 1.
    for k in (2, 5, 8, 11):
        assert tricks[k][-1] == GoalScored(1, 3, (0, (k + 1) // 3))
    assert tricks[9] == (
        CardPlayed(3, c("JS")),
        TrickWon(3, cs("JC JD JH JS"), 0),  # after the goal of trick 9 seat 0 leads
        WaveExtended(1, 1),
        YellowCard(1, 1),
    )
    rng = Rng.from_seed(seed).below(52)[1]  # after the first half's trump draw
    cards, rng = rng.shuffle(list(standard_deck()))
    index, rng = rng.below(52)
    trump = cards[index]
    assert tricks[12] == (
        CardPlayed(3, c("AS")),
        TrickWon(3, cs("AC AD AH AS"), 0),
        WaveExtended(1, 1),
        HalfTime(1, (0, 4)),
        Dealt(2, (13, 13, 13, 13)),
        TrumpChosen(2, trump, trump // 13),
    )
    hands = tuple(tuple(sorted(cards[s::4])) for s in range(4))
    assert state.hands == hands
    holder = next(s for s in range(4) if c("2C") in hands[s])
    assert state.match.half == 2
    assert state.match.goals == (0, 4)
    assert state.match.yellows == (0, 1)  # carried over
    assert state.progress.waves == (0, 0)  # B's wave of 1 is reset
    assert state.progress.tricks == ()
    assert (state.match.trump_card, state.match.trump) == (trump, trump // 13)
    assert (state.to_act, state.leader, state.match.kickoff) == (holder, holder, c("2C"))
    assert pub_derby.legal_moves(state) == (Play("2C"),)
    assert state.match.rng == rng
    assert pub_derby.opening_events(state) == (Dealt(2, (13, 13, 13, 13)), TrumpChosen(2, trump, trump // 13))
    v = pub_derby.view(state, 2)
    assert (v.half, v.goals, v.yellows, v.waves, v.tricks, v.trump) == (
        2,
        (0, 4),
        (0, 1),
        (0, 0),
        (),
        trump // 13,
    )


def test_carried_yellow_and_a_second_in_half_two_give_a_penalty_then_full_time() -> None:
    """A team's yellow card from the first half and a second in the second half: "If a team receives
    their second Yellow Card (at any point during the match), the referee points to the spot!" A
    tie with fewer than two cards left is saved (RULINGS). "A match consists of 2 halves ... The
    team with the most goals at full-time wins!" """
    seed, deck = classic_deck(ALL_SUITS, "AS")
    half_time, _ = play_ranks(pub_derby.new_game(seed, Config(), deck=deck), [ASC] * 4)
    assert (half_time.match.goals, half_time.match.yellows) == ((0, 4), (0, 1))
    # The second half's deal is random; replay it as ALL_SUITS, keeping goals, yellows, generator.
    state = all_suits_half_two(half_time.match.goals, half_time.match.yellows, half_time.match.rng)
    state, tricks = play_ranks(state, [ASC] * 4)
    # Trick 10, the four jacks, won by seat 3: B's second yellow, a penalty to A from JC JD JH JS.
    # Every draw is a tie (J against J) and after two draws no card is left: saved.
    draws, scored, _ = shootout(cs("JC JD JH JS"), half_time.match.rng)
    assert (len(draws), scored) == (2, False)
    assert tricks[9] == (
        CardPlayed(3, c("JS")),
        TrickWon(3, cs("JC JD JH JS"), 0),
        WaveExtended(1, 1),
        YellowCard(1, 2),
        PenaltyAwarded(0),
        PenaltyDrawn(*draws[0]),
        PenaltyDrawn(*draws[1]),
        PenaltySaved(0),
    )
    final = Outcome((0.0, 8.0, 0.0, 8.0), (1, 3))
    assert tricks[12] == (
        CardPlayed(3, c("AS")),
        TrickWon(3, cs("AC AD AH AS"), 0),
        WaveExtended(1, 1),
        GameOver(final),
    )
    assert state.to_act is None
    assert state.match.goals == (0, 8)
    assert state.match.yellows == (0, 0)
    assert pub_derby.legal_moves(state) == ()
    assert pub_derby.outcome(state) == final
    pub_derby.validate(state)
    with pytest.raises(IllegalMoveError):
        pub_derby.apply(state, Play("2C"))


@pytest.mark.parametrize(
    ("start", "end", "winners"),
    [((3, 0), (3, 4), (1, 3)), ((4, 0), (4, 4), (0, 1, 2, 3)), ((5, 0), (5, 4), (0, 2))],
)
def test_full_time_more_goals_wins_else_a_draw(
    start: tuple[int, int], end: tuple[int, int], winners: tuple[int, ...]
) -> None:
    """ "The team with the most goals at full-time wins!"; equal goals is a draw (every seat wins)."""
    state = all_suits_half_two(start, (0, 0), Rng.from_seed(1))
    assert pub_derby.outcome(state) is None
    state, tricks = play_ranks(state, [ASC] * 4)
    assert tricks[9][-1] == YellowCard(1, 1)  # the first yellow: no penalty
    result = Outcome(tuple(float(end[s % 2]) for s in range(4)), winners)
    assert tricks[12][-1] == GameOver(result)
    assert state.match.goals == end
    assert pub_derby.outcome(state) == result


LAST_J = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 11]  # the jack last
LAST_J_D = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 11, 14]  # seat 1: the jack of diamonds 12th


def test_a_penalty_on_the_last_trick_is_taken_before_full_time() -> None:
    """RULINGS: "a penalty from a half's last trick is taken before half or full time". Trick 12 is
    AS AC JD AH (B's first yellow, and its fourth goal); trick 13, JC AD JH JS, gives B its second
    yellow: A's penalty, if scored, makes the match 4-4, a draw."""
    t13 = cs("JC AD JH JS")
    rng_seed = next(s for s in range(1000) if shootout(t13, Rng.from_seed(s))[1])
    rng = Rng.from_seed(rng_seed)
    state = all_suits_half_two((3, 0), (0, 0), rng)
    state, tricks = play_ranks(state, [LAST_J, LAST_J_D, LAST_J, LAST_J])
    assert tricks[11] == (
        CardPlayed(2, c("AH")),
        TrickWon(3, cs("AS AC JD AH"), 0),  # led by seat 3, the winner of trick 11
        WaveExtended(1, 3),
        GoalScored(1, 3, (3, 4)),
        YellowCard(1, 1),
    )
    draws, scored, _ = shootout(t13, rng)
    assert scored
    result = Outcome((4.0, 4.0, 4.0, 4.0), (0, 1, 2, 3))
    assert tricks[12] == (
        CardPlayed(3, c("JS")),
        TrickWon(3, t13, 0),
        WaveExtended(1, 1),
        YellowCard(1, 2),
        PenaltyAwarded(0),
        *(PenaltyDrawn(s, k) for s, k in draws),
        PenaltyScored(0, (4, 4)),
        GameOver(result),
    )
    assert pub_derby.outcome(state) == result


PUB_B_TRUMPS = [
    "2C 3C 4C 5C 6C 7C 8C 9C",  # seat 0, team A
    "2S 3S 4S 5S 6S 7S 8S 9S",  # seat 1, team B: only trumps
    "TC QC KC AC 2D 3D 4D 5D",  # seat 2, team A
    "2H 3H 4H 5H 6H 7H TS QS",  # seat 3, team B
    "6D 7D 8D 9D TD QD KD AD",  # seat 4, team A
    "8H 9H TH QH KH AH KS AS",  # seat 5, team B
]
"""With the jacks on the bench (top JS: spades trumps) team A holds no trump and seat 1 nothing
else, so every trick holds a trump and team B wins all eight."""


def test_pub_a_goal_on_the_halfs_last_trick_counts_then_half_time() -> None:
    """ "Win 2 consecutive tricks" scores also on a half's last trick (RULINGS: it does not choose the
    next leader; the second half kicks off by the 2s rule). "Reshuffle the entire deck and deal
    again"; the trump is the new bench's top card."""
    seed = 11
    state = pub_derby.new_game(seed, Config("pub"), deck=pub_deck(PUB_B_TRUMPS, "JS JC JD JH"))
    played: list[Card] = []
    while state.match.half == 1:
        move = pub_derby.legal_moves(state)[0]  # the first legal card in hand order
        played.append(move.card)
        state, events = pub_derby.step(state, move)
    # Worked out by hand: 2C 2S TC 2H 6D 8H (seat 1), 3S QC TS 7D KS 3C (seat 5: goal, seat 0 leads),
    # 4C 4S KC 3H 8D 9H (seat 1), 5S AC QS 9D AS 5C (seat 5: goal), 6C 6S 2D 4H TD TH (seat 1),
    # 7S 3D 5H QD QH 7C (seat 1: goal, seat 2 leads), 4D 6H KD KH 8C 8S (seat 1), 9S 5D 7H AD AH 9C
    # (seat 1: goal, on the last trick).
    assert tuple(played) == cs(
        "2C 2S TC 2H 6D 8H 3S QC TS 7D KS 3C 4C 4S KC 3H 8D 9H 5S AC QS 9D AS 5C "
        "6C 6S 2D 4H TD TH 7S 3D 5H QD QH 7C 4D 6H KD KH 8C 8S 9S 5D 7H AD AH 9C"
    )
    cards, rng = Rng.from_seed(seed).shuffle(list(standard_deck()))
    bench = tuple(cards[48:])
    kickoff = next(x for x in cs("2C 2D 2S 2H") if x not in bench)
    hands = tuple(tuple(sorted(cards[s:48:6])) for s in range(6))
    assert events == (
        CardPlayed(0, c("9C")),
        TrickWon(1, cs("9S 5D 7H AD AH 9C"), 0),
        WaveExtended(1, 2),
        GoalScored(1, 1, (0, 4)),
        HalfTime(1, (0, 4)),
        Dealt(2, (8,) * 6),
        TrumpChosen(2, bench[0], bench[0] // 13),
    )
    assert state.hands == hands
    assert state.match.bench == bench
    assert (state.match.goals, state.match.yellows, state.progress.waves) == ((0, 4), (0, 0), (0, 0))
    holder = next(s for s in range(6) if kickoff in hands[s])
    assert (state.to_act, state.match.kickoff) == (holder, kickoff)
    assert pub_derby.legal_moves(state) == (Play(kickoff),)
    assert state.match.rng == rng


# --- 9. What a seat sees ----------------------------------------------------------------------


def cards_in_view(v: pub_derby.View) -> set[Card]:
    seen = set(v.hand) | set(v.trick) | {x for t in v.tricks for x in t.cards}
    seen |= {m.card for m in v.legal_moves}
    seen |= {x for x in (v.bench_top, v.kickoff) if x is not None}
    return seen


def test_view_shows_own_hand_and_public_facts_only() -> None:
    """A player sees their own hand, the trump, the bench's top card ("reveal the top card") but not
    the rest of the bench ("not used in play"), the cards played this half, waves, yellow cards,
    goals and hand sizes; never another hand."""
    state = play(pub_jacks_game(0), "2C", "JC", "3C", "4C", "5C", "6C", "2D", "JD")
    v = pub_derby.view(state, 3)
    assert v == pub_derby.View(
        player=3,
        hand=cs("4C 3D TD QD KD 6H 7H 8H")[1:],  # 4C was played to trick 1
        trick=cs("2D JD"),
        leader=1,
        to_act=3,
        tricks=(CompletedTrick(0, cs("2C JC 3C 4C 5C 6C"), 1),),
        hand_sizes=(7, 6, 6, 7, 7, 7),
        trump=3,
        bench_top=c("TS"),
        kickoff=c("2C"),
        waves=(0, 1),
        goals=(0, 0),
        yellows=(0, 1),
        half=1,
        config=Config("pub"),
        legal_moves=plays("3D TD QD KD"),  # must follow diamonds
    )
    assert pub_derby.view(state, 0).legal_moves == ()  # not seat 0's turn
    hidden_bench = set(cs("QS KS AS"))
    for seat in range(6):
        w = pub_derby.view(state, seat)
        assert w.hand == state.hands[seat]
        assert w.bench_top == c("TS")
        played = set(cs("2C JC 3C 4C 5C 6C 2D JD"))
        assert cards_in_view(w) <= set(state.hands[seat]) | played | {c("TS")}
        assert not cards_in_view(w) & hidden_bench
    # Swap cards between seats 4 and 5 (neither has shown a void): seat 3's view is unchanged.
    hands = list(state.hands)
    hands[4] = tuple(sorted(set(hands[4]) - {c("KH")} | {c("7S")}))
    hands[5] = tuple(sorted(set(hands[5]) - {c("7S")} | {c("KH")}))
    other = attrs.evolve(state, hands=tuple(hands))
    pub_derby.validate(other)
    for seat in (0, 1, 2, 3):
        assert pub_derby.view(other, seat) == pub_derby.view(state, seat)
    assert pub_derby.view(other, 4) != pub_derby.view(state, 4)
    # Another bench order below the top card: nobody sees the difference.
    bench = attrs.evolve(state.match, bench=cs("TS AS KS QS"))
    shuffled = attrs.evolve(state, progress=attrs.evolve(state.progress, match=bench))
    pub_derby.validate(shuffled)
    assert all(pub_derby.view(shuffled, s) == pub_derby.view(state, s) for s in range(6))


def test_classic_view_shows_the_trump_suit_not_a_bench() -> None:
    """Classic has no bench; the trump suit is shown (docs: the view keeps the suit)."""
    state = play(classic_game(), "2C", "3C")
    v = pub_derby.view(state, 0)
    assert (v.trump, v.bench_top, v.kickoff, v.hand_sizes) == (2, None, c("2C"), (12, 12, 13, 13))
    assert v.hand == tuple(sorted(cs(CLASSIC[0])))[1:]
    assert v.trick == cs("2C 3C")


@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4, 5])
def test_sample_state_is_consistent_with_the_view(seat: int) -> None:
    """sample_state(view, seed) deals the unseen cards so that the state's view is the given view,
    and respects the voids the play has shown (seat 0 discarded JH to a diamond lead, so it holds no
    diamond; it trumped a heart lead, so it holds no heart)."""
    state = play(pub_jacks_game(0), "2C", "JC", "3C", "4C", "5C", "6C", "2D", "JD", "3D", "AD", "4D", "JH")
    state = play(state, "2H", "3H", "JS")
    v = pub_derby.view(state, seat)
    for seed in range(5):
        sampled = pub_derby.sample_state(v, seed)
        pub_derby.validate(sampled)
        assert pub_derby.view(sampled, seat) == v
        assert sampled.match.bench[0] == c("TS")
        assert not [x for x in sampled.hands[0] if x // 13 in (1, 2)]  # voids in diamonds and hearts
        assert c("2C") not in sampled.match.bench  # 2C kicked off: it was dealt


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_sample_state_is_consistent_with_the_view(seat: int) -> None:
    """The same in classic, mid-trick, after a goal."""
    state = play(classic_game(), "2C", "3C", "AC", "4C", "KC", "5C", "2H", "6C", "AD", "2D", "2S", "3D", "4D")
    v = pub_derby.view(state, seat)
    for seed in range(5):
        sampled = pub_derby.sample_state(v, seed)
        assert pub_derby.view(sampled, seat) == v
        assert not [x for x in sampled.hands[0] if x // 13 == 0]  # seat 0 showed no club
        assert not [x for x in sampled.hands[2] if x // 13 == 1]  # seat 2 showed no diamond


def test_a_penalty_on_the_first_halfs_last_trick_comes_before_half_time() -> None:
    """RULINGS: "a penalty from a half's last trick is taken before half or full time"; its goal is
    in the half-time score, and the second half's shuffle uses the generator after the penalty's
    (docs: generator order)."""
    t13 = cs("JC AD JH JS")

    def accept(seed: int) -> bool:
        return shootout(t13, Rng.from_seed(seed).below(52)[1])[1]

    seed, deck = classic_deck(ALL_SUITS, "AS", accept)
    state = pub_derby.new_game(seed, Config(), deck=deck)
    state, tricks = play_ranks(state, [LAST_J, LAST_J_D, LAST_J, LAST_J])
    assert tricks[11][-2:] == (GoalScored(1, 3, (0, 4)), YellowCard(1, 1))
    rng = Rng.from_seed(seed).below(52)[1]
    draws, scored, rng = shootout(t13, rng)
    assert scored
    cards, rng = rng.shuffle(list(standard_deck()))
    index, rng = rng.below(52)
    assert tricks[12] == (
        CardPlayed(3, c("JS")),
        TrickWon(3, t13, 0),
        WaveExtended(1, 1),
        YellowCard(1, 2),
        PenaltyAwarded(0),
        *(PenaltyDrawn(s, k) for s, k in draws),
        PenaltyScored(0, (1, 4)),
        HalfTime(1, (1, 4)),
        Dealt(2, (13, 13, 13, 13)),
        TrumpChosen(2, cards[index], cards[index] // 13),
    )
    assert state.hands == tuple(tuple(sorted(cards[s::4])) for s in range(4))
    assert (state.match.half, state.match.goals, state.match.yellows) == (2, (1, 4), (0, 0))
    assert state.match.rng == rng


# --- validate: built states must be reachable ------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_validate_rejects_a_leader_other_than_the_tricks_winner(seat: int) -> None:
    """ "The winner collects the cards and leads the next trick": after trick 1 (2C 3C AC 4C, won by
    seat 2, no goal) only seat 2 can lead. validate's docstring: it checks "trick winners and
    leaders"."""
    state = play(classic_game(), "2C", "3C", "AC", "4C")
    assert (state.leader, state.to_act) == (2, 2)
    pub_derby.validate(state)
    bad = attrs.evolve(state, to_act=seat, progress=attrs.evolve(state.progress, leader=seat))
    with pytest.raises(StateError):
        pub_derby.validate(bad)


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_validate_rejects_a_leader_other_than_the_seat_left_of_the_goalscorer(seat: int) -> None:
    """ "The player to the left of the goalscorer ... takes the kick-off": after team A's goal on
    trick 3 (won by seat 0) only seat 1 can lead (validate: "after a goal the seat left of the
    winner leads")."""
    state = play(classic_game(), "2C", "3C", "AC", "4C", "KC", "5C", "2H", "6C", "AD", "2D", "2S", "3D")
    assert (state.leader, state.match.goals) == (1, (1, 0))
    pub_derby.validate(state)
    bad = attrs.evolve(state, to_act=seat, progress=attrs.evolve(state.progress, leader=seat))
    with pytest.raises(StateError):
        pub_derby.validate(bad)


def test_validate_rejects_waves_that_the_tricks_contradict() -> None:
    """Waves reset at each half's start and follow from the half's tricks: after one trick won by
    team A the waves can only be (1, 0), never (0, 1) ("a position Pub Derby can reach")."""
    state = play(classic_game(), "2C", "3C", "AC", "4C")
    bad = attrs.evolve(state, progress=attrs.evolve(state.progress, waves=(0, 1)))
    with pytest.raises(StateError):
        pub_derby.validate(bad)
