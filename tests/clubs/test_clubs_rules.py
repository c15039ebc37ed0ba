"""One test (or more) per rule sentence of Clubs: the rule text and the "All games" and "Clubs" rulings.

Each docstring quotes the sentence it tests: "Rule text" for ``shared/rules/clubs.md``, "Ruling" for
``shared/rules/RULINGS.md``, "Issue 3 (contract)" for the game contract every game implements, and
``docs/rules/clubs.md`` for the project's documented decisions. Expected hands, winners and scores
are worked out by hand from the rules. Scenarios are stacked decks (``deck[players * k + i]`` is card
``k`` of seat ``i``'s hand) or states built directly and checked with ``validate``. Seats 0..3 are
the text's A..D.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import clubs
from cardrules.cards import Card, standard_deck
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.errors import ConfigError, IllegalMoveError, MoveParseError, StateError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome
from cardrules.rng import Rng

A, B, C, D = 0, 1, 2, 3


def stack(*hands: str) -> list[Card]:
    """The 52-card deck that deals ``hands[i]`` to seat ``i``: ``deck[n * k + i] = hands[i][k]``.

    With three hands (17 cards each) the 2 of diamonds goes to the bottom, where the deal skips it.
    """
    parsed = [cs(h) for h in hands]
    n = len(parsed)
    size = len(parsed[0])
    assert all(len(h) == size for h in parsed)
    deck = [parsed[k % n][k // n] for k in range(n * size)]
    if n == 3:
        deck.append(c("2D"))
    assert sorted(deck) == sorted(standard_deck())
    return deck


def deal2(hand0: Sequence[Card]) -> list[Card]:
    """A two-player deck dealing ``hand0`` (26 cards) to seat 0 and the other 26 cards, in code order,
    to seat 1."""
    assert len(hand0) == 26
    hand1 = [x for x in standard_deck() if x not in hand0]
    return [x for pair in zip(hand0, hand1) for x in pair]


def play(state: clubs.State, cards: str) -> clubs.State:
    """Play the cards in ``cards`` one after another, whoever is to act."""
    for text in cards.split():
        state = clubs.apply(state, clubs.Play(c(text)))
    return state


def plays(cards: str) -> tuple[clubs.Play, ...]:
    return tuple(clubs.Play(x) for x in cs(cards))


def round_robin(cards: Sequence[Card], players: int) -> tuple[tuple[Card, ...], ...]:
    """The rule's deal, written out independently: card k to seat k % players, hands sorted."""
    return tuple(tuple(sorted(cards[s::players])) for s in range(players))


def first_legal_round(state: clubs.State) -> tuple[clubs.State, clubs.State, int]:
    """Play the first legal move until the round number changes or the game ends.

    Returns the state before the round's last move, the state after it, and the number of moves.
    """
    start = state.match.round
    moves = 0
    while True:
        before = state
        state = clubs.apply(state, clubs.legal_moves(state)[0])
        moves += 1
        if state.to_act is None or state.match.round != start:
            return before, state, moves


def random_states(seed: int, config: clubs.Config) -> Iterator[clubs.State]:
    """Every state of one game played with random legal moves (``random.Random(seed)``)."""
    pick = random.Random(seed)
    state = clubs.new_game(seed, config)
    yield state
    while state.to_act is not None:
        state = clubs.apply(state, pick.choice(clubs.legal_moves(state)))
        yield state


# The rule text's Example Round hands (A..D), used as a rich 4-player deal.
EXAMPLE_HANDS = (
    "7H TH 2C 7C 2D 3D 4D 8D 2S 6S 8S QS AS",
    "2H 3H 6H JH 3C 4C 6C TC QC 5D 9D 3S 9S",
    "4H 5H 8H KH 4S TS 6D TD JD KD 9C JC AC",
    "7D QD AD 5S 7S JS KS 9H QH AH 5C 8C KC",
)
# Its 13 tricks in play order, as corrected by RULINGS.md (see test_clubs_example_round.py). A leads
# trick 1; the winners are C, A, D, C, B, D, D, D, C, D, D, D, D.
EXAMPLE_TRICKS = (
    "2C 6C AC KC",
    "4S 5S AS 9S",
    "2S 3S TS KS",
    "5C 7C 3C JC",
    "4H 9H 7H JH",
    "2H 5H AH TH",
    "AD 2D 5D 6D",
    "7S 6S QC 9C",
    "7D 3D 9D KD",
    "8H QH QS 6H",
    "QD 8D TC TD",
    "JS 8S 4C JD",
    "8C 4D 3H KH",
)


def example_tricks(start: int, stop: int) -> str:
    """The cards of tricks ``start + 1`` to ``stop`` of the example, in play order."""
    return " ".join(EXAMPLE_TRICKS[start:stop])


def example_game(threshold: int = 50) -> clubs.State:
    return clubs.new_game(7, clubs.Config(threshold=threshold), deck=stack(*EXAMPLE_HANDS))


# The trick of the rule text's first example: A leads TS, B plays KD, C 2S, D QS. B holds no
# spade, C's only spade is 2S, D chooses QS among its spades.
TS_EXAMPLE_HANDS = (
    "TS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    "KD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "2S AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "QS AH AD 3S 4S 5S 6S 7S 8S 9S JS KS AS",
)


def scoring_state(threshold: int = 50) -> clubs.State:
    """A 4-player round at its last trick: A holds 6H, B 8H, C 2C and D AC, A to lead.

    The twelve tricks before were all led and won by A: the other 48 cards from the highest code
    down, four at a time (AS KS QS JS, ..., 2S AH KH QH, ..., 2D KC QC JC, TC 9C 8C 7C, 6C 5C 4C
    3C), a legal history in which A took 11 clubs (KC QC JC and 3C-TC).
    """
    last = cs("6H 8H 2C AC")
    rest = [x for x in reversed(standard_deck()) if x not in last]
    tricks = tuple(clubs.CompletedTrick(A, tuple(rest[4 * k : 4 * k + 4]), A) for k in range(12))
    match = clubs.Match(
        config=clubs.Config(threshold=threshold), scores=(0, 0, 0, 0), round=1, rng=Rng.from_seed(5)
    )
    return clubs.State(
        hands=tuple((x,) for x in last), trick=(), to_act=A, progress=clubs.Progress(A, tricks, match)
    )


# A two-player round worked out by hand: seat 0 holds every diamond, 2S and the hearts 2H-KH; seat 1
# every club, AH and the spades 3S-AS. Cards in play order, the leader's first:
TWO_PLAYER_HAND0 = cs("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
TWO_PLAYER_TRICKS = (
    # Tricks 1-7: seat 0 leads diamonds; seat 1 has none and throws a club each time: seat 0
    # wins them all, 7 clubs.
    *("2D 2C", "3D 3C", "4D 4C", "5D 5C", "6D 6C", "7D 7C", "8D 8C"),
    # Trick 8: seat 0 leads 2S, seat 1 must follow with a spade: 3S wins, seat 1 leads next.
    "2S 3S",
    # Tricks 9-14: seat 1 leads its other clubs; seat 0 has none and throws diamonds (AD on AC
    # too): seat 1 wins them all, 6 clubs.
    *("9C 9D", "TC TD", "JC JD", "QC QD", "KC KD", "AC AD"),
    # Trick 15: seat 1 leads AH, seat 0 follows 2H. Tricks 16-26: seat 1 leads 4S-AS; seat 0 has
    # no spade left and throws 3H-KH.
    "AH 2H",
    *("4S 3H", "5S 4H", "6S 5H", "7S 6H", "8S 7H", "9S 8H", "TS 9H", "JS TH", "QS JH", "KS QH", "AS KH"),
)
TWO_PLAYER_ROUND = " ".join(TWO_PLAYER_TRICKS)


def two_player_game(threshold: int) -> clubs.State:
    return clubs.new_game(3, clubs.Config(players=2, threshold=threshold), deck=deal2(TWO_PLAYER_HAND0))


# ---------------------------------------------------------------------------------------------
# Players, deck, threshold, config
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_two_to_four(players: int) -> None:
    """Rule text: "The game requires between 2 and 4 players, a standard 52 card deck (no jokers) and
    a point threshold." Ruling: "Players 2 to 4"."""
    config = clubs.Config(players=players, threshold=10)
    state = clubs.new_game(1, config)
    assert clubs.num_players(config) == players
    assert len(state.hands) == players
    assert state.match.scores == (0,) * players
    assert state.match.config == config
    assert clubs.game_deck(config) == standard_deck()


@pytest.mark.parametrize("players", [1, 5, 0, -1])
def test_players_outside_two_to_four_are_config_errors(players: int) -> None:
    """Rule text: "The game requires between 2 and 4 players"."""
    with pytest.raises(ConfigError, match="players"):
        clubs.Config(players=players)


def test_threshold_is_a_config_field_default_50_at_least_1() -> None:
    """Ruling: "the threshold is a `Config` field (default 50, at least 1)"."""
    assert clubs.Config() == clubs.Config(players=4, threshold=50)
    assert clubs.Config(threshold=1).threshold == 1
    assert clubs.Config(threshold=1000).threshold == 1000
    for bad in (0, -5):
        with pytest.raises(ConfigError, match="threshold"):
            clubs.Config(threshold=bad)


@pytest.mark.parametrize(
    "fields",
    [
        {"players": True},
        {"players": "4"},
        {"players": 4.0},
        {"players": None},
        {"threshold": True},
        {"threshold": "50"},
        {"threshold": 5.0},
        {"threshold": None},
    ],
)
def test_config_rejects_non_int_values(fields: dict[str, object]) -> None:
    """Ruling: "Players 2 to 4; the threshold is a `Config` field (default 50, at least 1)": both are
    ints, so bools, text and floats are ConfigErrors."""
    with pytest.raises(ConfigError):
        clubs.Config(**fields)  # type: ignore[arg-type]


def test_new_game_rejects_a_config_of_another_type() -> None:
    """Ruling: the game's options are its `Config`; anything else is a ConfigError."""
    with pytest.raises(ConfigError):
        clubs.new_game(1, {"players": 4})  # type: ignore[arg-type]


def test_config_is_frozen() -> None:
    """Issue 3 (contract): `Config` is a frozen class of the game's options."""
    config = clubs.Config()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.players = 3  # type: ignore[misc]


def test_registry_name_is_clubs() -> None:
    """Ruling: "Registry names are the module names: `clubs`, ..."."""
    assert cardrules.GAMES["clubs"] is clubs
    assert cardrules.get_game("clubs") is clubs
    assert clubs.NAME == "clubs"


@pytest.mark.parametrize("rank", range(2, 14))
def test_ranks_run_from_two_lowest_to_ace_highest(rank: int) -> None:
    """Rule text: "each card has a rank in {2,3,4,5,6,7,8,9,T,J,Q,K,A}. The lowset rank is 2 and the
    highest rank is A." Two players: seat 0 leads the spade of ``rank``; seat 1's only spade is the
    next rank up, which it must play, and wins."""
    low = c("23456789TJQKA"[rank - 2] + "S")
    high = c("23456789TJQKA"[rank - 1] + "S")
    other_spades = [x for x in standard_deck() if x.suit == 3 and x not in (low, high)]
    non_spades = [x for x in standard_deck() if x.suit != 3]
    hand0 = [low, *other_spades, *non_spades[:14]]
    state = clubs.new_game(1, clubs.Config(players=2), deck=deal2(hand0))
    state = clubs.apply(state, clubs.Play(low))
    assert clubs.legal_moves(state) == (clubs.Play(high),)
    state, events = clubs.step(state, clubs.Play(high))
    assert events == (CardPlayed(B, high), TrickWon(B, (low, high), 0))
    assert state.to_act == B


# ---------------------------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------------------------


def test_deal_four_players_one_card_at_a_time_in_seat_order() -> None:
    """Rule text: "At the start of each round, cards are dealt to the players (one at a time, in
    order)." Ruling: "A deck is a sequence whose first element is its top card. Dealing takes cards
    from the top, one at a time, to seat 0 first and then in seat order"; "A stacked deck ... is
    dealt exactly like this, with no shuffle." The deck in code order (2C..AC, 2D..AD, 2H..AH,
    2S..AS) gives seat 0 cards 1, 5, 9, ..."""
    state = clubs.new_game(1, clubs.Config(), deck=standard_deck())
    assert state.hands == (
        cs("2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS"),
        cs("3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS"),
        cs("4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS"),
        cs("5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS"),
    )


def test_deal_four_players_top_card_goes_to_seat_zero() -> None:
    """Ruling: "Dealing takes cards from the top, one at a time, to seat 0 first". The deck in
    reverse code order (AS on top) gives seat 0 AS, 9S, 5S, ..."""
    state = clubs.new_game(1, clubs.Config(), deck=list(reversed(standard_deck())))
    assert state.hands == (
        cs("5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS"),
        cs("4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS"),
        cs("3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS"),
        cs("2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS"),
    )


def test_deal_two_players_26_cards_each() -> None:
    """Rule text: "cards are dealt to the players (one at a time, in order)"; with two players each
    gets 52/2 = 26 cards: seat 0 the 1st, 3rd, 5th ... card of the deck."""
    state = clubs.new_game(1, clubs.Config(players=2), deck=standard_deck())
    assert state.hands == (
        cs("2C 4C 6C 8C TC QC AC 3D 5D 7D 9D JD KD 2H 4H 6H 8H TH QH AH 3S 5S 7S 9S JS KS"),
        cs("3C 5C 7C 9C JC KC 2D 4D 6D 8D TD QD AD 3H 5H 7H 9H JH KH 2S 4S 6S 8S TS QS AS"),
    )


def test_deal_three_players_skips_two_of_diamonds_where_it_lies() -> None:
    """Rule text, note 3: "If there are exactly three players in the game, then do not deal the 2 of
    diamonds. This ensures that each player will get the same number of cards." Ruling: "With three
    players the 2 of diamonds is skipped where it lies and the deal goes on round-robin (17 cards
    each)". In code order 2D is the 14th card: the 13 cards before it go to seats 0,1,2,0,...,0
    (AC to seat 0), 2D is skipped, and the next card, 3D, goes to seat 1."""
    state = clubs.new_game(1, clubs.Config(players=3), deck=standard_deck())
    assert state.hands == (
        cs("2C 5C 8C JC AC 5D 8D JD AD 4H 7H TH KH 3S 6S 9S QS"),
        cs("3C 6C 9C QC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S TS KS"),
        cs("4C 7C TC KC 4D 7D TD KD 3H 6H 9H QH 2S 5S 8S JS AS"),
    )
    assert [len(h) for h in state.hands] == [17, 17, 17]
    assert all(c("2D") not in h for h in state.hands)


def test_deal_three_players_two_of_diamonds_on_top_is_skipped() -> None:
    """Ruling: "the 2 of diamonds is skipped where it lies": on top of the deck, the second card goes
    to seat 0."""
    rest = [x for x in standard_deck() if x != c("2D")]
    state = clubs.new_game(1, clubs.Config(players=3), deck=[c("2D"), *rest])
    assert state.hands == round_robin(rest, 3)
    assert state.hands[0][0] == c("2C")


def test_stacked_deck_is_the_full_52_cards() -> None:
    """Ruling: "a stacked deck is the full 52" (also for three players); anything else is a
    ConfigError."""
    rest = [x for x in standard_deck() if x != c("2D")]
    for players in (2, 3, 4):
        with pytest.raises(ConfigError):
            clubs.new_game(1, clubs.Config(players=players), deck=rest)
        with pytest.raises(ConfigError):
            clubs.new_game(1, clubs.Config(players=players), deck=[*rest, c("3D")])
        with pytest.raises(ConfigError):
            clubs.new_game(1, clubs.Config(players=players), deck=[*standard_deck(), c("2C")])


def test_unstacked_deal_is_a_shuffle_by_the_seed_generator() -> None:
    """Ruling: "The deal: one card at a time, seat 0 first, from the top of the (shuffled or stacked)
    deck." Without a stacked deck the deck is shuffled by the seed's generator."""
    for players in (2, 3, 4):
        for seed in (0, 1, 99):
            shuffled, _ = Rng.from_seed(seed).shuffle(standard_deck())
            cards = [x for x in shuffled if players != 3 or x != c("2D")]
            state = clubs.new_game(seed, clubs.Config(players=players))
            assert state.hands == round_robin(cards, players)


# ---------------------------------------------------------------------------------------------
# Tricks
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "tricks"), [(2, 26), (3, 17), (4, 13)])
def test_round_has_decksize_over_players_tricks(players: int, tricks: int) -> None:
    """Rule text: "Each round consists of decksize/players "tricks", where each player contributes
    one card from their hand beginning with the "lead" player." 52/2 = 26, 51/3 = 17, 52/4 = 13."""
    state = clubs.new_game(11, clubs.Config(players=players, threshold=1000))
    assert [len(h) for h in state.hands] == [tricks] * players
    won = 0
    moves = 0
    while state.match.round == 1:
        state, events = clubs.step(state, clubs.legal_moves(state)[0])
        moves += 1
        won += sum(1 for e in events if isinstance(e, TrickWon))
    assert won == tricks
    assert moves == tricks * players


def test_each_trick_one_card_per_player_from_the_leader_in_seat_order() -> None:
    """Rule text: "each player contributes one card from their hand beginning with the "lead"
    player." After the leader, play passes to the next seat, (seat + 1) % players."""
    state = example_game()
    state = play(state, "2C 6C AC KC")  # C (seat 2) wins and leads
    assert state.to_act == C
    order: list[int | None] = []
    for _ in range(4):
        order.append(state.to_act)
        state = clubs.apply(state, clubs.legal_moves(state)[0])
    assert order == [C, D, A, B]
    assert len(state.tricks) == 2
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]


def test_leader_may_play_any_card() -> None:
    """Rule text: "While the lead player can choose any card to play, the rest of the players are
    more restricted." A's first lead may be any of its 13 cards (no card is forced, not even 2C)."""
    state = example_game()
    assert clubs.legal_moves(state) == plays("2C 7C 2D 3D 4D 8D 7H TH 2S 6S 8S QS AS")
    for move in clubs.legal_moves(state):
        after = clubs.apply(state, move)
        assert after.trick == (move.card,)
        assert after.to_act == B


def test_winner_leads_next_trick_with_any_card() -> None:
    """Rule text: "The player who played the highest card of the led suit ... leads the next trick."
    After trick 1 of the example (AC wins), C leads and may play any card of its hand."""
    state = play(example_game(), "2C 6C AC KC")
    assert (state.to_act, state.leader, state.trick) == (C, C, ())
    assert clubs.legal_moves(state) == plays("9C JC 6D TD JD KD 4H 5H 8H KH 4S TS")


def test_must_follow_suit_when_able() -> None:
    """Rule text: "If they have any cards of the same suit as the led card, they must play one of
    those." A leads 2C; B holds 3C 4C 6C TC QC and may play only those."""
    state = play(example_game(), "2C")
    assert state.to_act == B
    assert clubs.legal_moves(state) == plays("3C 4C 6C TC QC")
    for card in cs("5D 9D 2H 3H 6H JH 3S 9S"):
        assert not clubs.is_legal(state, clubs.Play(card))
    with pytest.raises(IllegalMoveError, match=r"seat 1 must follow clubs") as info:
        clubs.apply(state, clubs.Play("2H"))
    assert "2H" in str(info.value)


def test_must_follow_suit_for_every_follower() -> None:
    """Rule text: "If they have any cards of the same suit as the led card, they must play one of
    those." C leads 4S at trick 2: D must play a spade, then A, then B."""
    state = play(example_game(), "2C 6C AC KC 4S")
    assert clubs.legal_moves(state) == plays("5S 7S JS KS")
    with pytest.raises(IllegalMoveError, match=r"seat 3 must follow spades"):
        clubs.apply(state, clubs.Play("5C"))
    state = play(state, "5S")
    assert clubs.legal_moves(state) == plays("2S 6S 8S QS AS")
    with pytest.raises(IllegalMoveError, match=r"seat 0 must follow spades"):
        clubs.apply(state, clubs.Play("7H"))
    state = play(state, "AS")
    assert clubs.legal_moves(state) == plays("3S 9S")
    with pytest.raises(IllegalMoveError, match=r"seat 1 must follow spades"):
        clubs.apply(state, clubs.Play("QC"))


def test_void_player_may_play_any_card() -> None:
    """Rule text: "If they do not have any cards of the led suit, they may play any card in their
    hand." At trick 8 of the example D leads 7S and A follows 6S; B has no spade left and may play
    any of its six cards, and so may C after it."""
    state = play(example_game(), example_tricks(0, 7) + " 7S 6S")
    assert state.to_act == B
    assert state.hands[B] == cs("4C TC QC 9D 3H 6H")
    assert clubs.legal_moves(state) == plays("4C TC QC 9D 3H 6H")
    for move in clubs.legal_moves(state):
        assert clubs.apply(state, move).trick == (c("7S"), c("6S"), move.card)
    state = play(state, "QC")
    assert clubs.legal_moves(state) == plays("9C TD JD KD 8H KH")


def test_highest_card_of_led_suit_wins_rule_text_example() -> None:
    """Rule text: "For example: Player A leads: TS, Player B plays KD, Player C plays 2S and Player D
    plays QS. Player D would win the trick because they played the highest spade." B holds no spade,
    C's only spade is 2S."""
    state = clubs.new_game(1, clubs.Config(), deck=stack(*TS_EXAMPLE_HANDS))
    state = play(state, "TS")
    assert clubs.legal_moves(state) == tuple(clubs.Play(x) for x in state.hands[B])  # B is void
    state = play(state, "KD")
    assert clubs.legal_moves(state) == plays("2S")
    state = play(state, "2S")
    state, events = clubs.step(state, clubs.Play("QS"))
    assert events == (CardPlayed(D, c("QS")), TrickWon(D, cs("TS KD 2S QS"), 0))
    assert state.tricks == (clubs.CompletedTrick(A, cs("TS KD 2S QS"), D),)
    assert (state.to_act, state.leader) == (D, D)


def test_higher_card_of_another_suit_does_not_win() -> None:
    """Rule text: "Player B's card did have a higher rank (K>T) but it was the wrong suit." B's KD
    loses to D's QS on A's TS lead; in the two-player round seat 0's AD loses to seat 1's AC."""
    state = clubs.new_game(1, clubs.Config(), deck=stack(*TS_EXAMPLE_HANDS))
    state = play(state, "TS KD 2S QS")
    assert state.tricks[0].winner == D  # not B, whose KD outranks TS
    # Two players: seat 1 leads AC late in the round and seat 0, out of clubs, throws AD.
    two = play(two_player_game(50), " ".join(TWO_PLAYER_TRICKS[:13]))
    assert (two.to_act, two.hands[A][-14:]) == (B, cs("AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"))
    two, events = clubs.step(two, clubs.Play("AC"))
    two, events = clubs.step(two, clubs.Play("AD"))
    assert events[1] == TrickWon(B, cs("AC AD"), 1)
    assert two.to_act == B


def test_winner_is_the_highest_led_suit_card_whatever_its_position() -> None:
    """Rule text: "The player who played the highest card of the led suit has won the trick": the
    leader (trick 7 of the example, AD), the third player (trick 1, C's AC) and the second (trick 10,
    D's QH after C's 8H, with A throwing QS) all win."""
    state = example_game()
    state = play(state, "2C 6C AC KC")
    assert state.tricks[-1].winner == C
    state = play(state, example_tricks(1, 7))
    assert state.tricks[-1] == clubs.CompletedTrick(D, cs("AD 2D 5D 6D"), D)
    state = play(state, example_tricks(7, 10))
    assert state.tricks[-1] == clubs.CompletedTrick(C, cs("8H QH QS 6H"), D)


def test_player_a_leads_first_trick_of_first_round() -> None:
    """Rule text: "For the first trick of the first round, Player A will lead." Seat 0 leads,
    whatever it holds, for every number of players."""
    for players in (2, 3, 4):
        for seed in range(10):
            state = clubs.new_game(seed, clubs.Config(players=players))
            assert (state.to_act, state.leader, state.match.round) == (A, A, 1)
            assert clubs.legal_moves(state) == tuple(clubs.Play(x) for x in state.hands[A])


def test_last_trick_winner_leads_next_round() -> None:
    """Rule text: "For successive rounds, the player who won the last trick in the previous round will
    lead." In the scoring scenario B wins the last trick (8H) and leads round 2; in the two-player
    round seat 1 wins it (AS) and leads round 2."""
    state = play(scoring_state(), "6H 8H 2C AC")
    assert (state.match.round, state.to_act, state.leader, state.trick, state.tricks) == (2, B, B, (), ())
    two = play(two_player_game(50), TWO_PLAYER_ROUND)
    assert (two.match.round, two.to_act, two.leader) == (2, B, B)


def test_last_trick_winner_leads_next_round_in_random_games() -> None:
    """Rule text: "For successive rounds, the player who won the last trick in the previous round will
    lead." Checked at every round change of random games, the winner worked out from the cards."""
    for players in (2, 3, 4):
        pick = random.Random(players)
        state = clubs.new_game(players, clubs.Config(players=players, threshold=30))
        changes = 0
        while state.to_act is not None:
            move = pick.choice(clubs.legal_moves(state))
            cards = (*state.trick, move.card)
            after = clubs.apply(state, move)
            if after.to_act is not None and after.match.round != state.match.round:
                led = [x for x in cards if x.suit == cards[0].suit]
                winner = (state.leader + cards.index(max(led))) % players
                assert (after.to_act, after.leader) == (winner, winner)
                changes += 1
            state = after
        assert changes >= 1


# ---------------------------------------------------------------------------------------------
# Rounds and the deck
# ---------------------------------------------------------------------------------------------


def test_entire_deck_dealt_again_each_new_round_from_state_generator() -> None:
    """Rule text: "The entire deck is taken back and used in each new round." Issue 3: "Each
    round after the first is dealt from a fresh shuffle of the whole deck by the state's generator."
    A stacked first deal does not use the generator, so round 2 is the seed's first shuffle."""
    state = play(scoring_state(), "6H 8H 2C AC")
    shuffled, after = Rng.from_seed(5).shuffle(standard_deck())
    assert state.hands == round_robin(shuffled, 4)
    assert state.match.rng == after
    stacked = clubs.new_game(7, clubs.Config(threshold=9), deck=stack(*EXAMPLE_HANDS))
    assert stacked.match.rng == Rng.from_seed(7)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_round_deals_whole_deck_in_random_games(players: int) -> None:
    """Rule text: "The entire deck is taken back and used in each new round." Round 2 holds every card
    (51 without the 2 of diamonds for three players), dealt round-robin from a shuffle by the state's
    generator."""
    state = clubs.new_game(21, clubs.Config(players=players, threshold=1000))
    before, after, moves = first_legal_round(state)
    assert moves == (51 if players == 3 else 52)
    shuffled, rng = before.match.rng.shuffle(standard_deck())
    cards = [x for x in shuffled if players != 3 or x != c("2D")]
    assert after.match.round == 2
    assert after.hands == round_robin(cards, players)
    assert after.match.rng == rng
    assert sorted(x for h in after.hands for x in h) == sorted(cards)


def test_new_rounds_are_deterministic_from_the_seed() -> None:
    """Ruling: "the seed drives every chance event after" the stacked deal: the same seed and moves
    give equal states; another seed gives another second deal."""
    deck = stack(*EXAMPLE_HANDS)
    rounds = []
    for seed in (1, 1, 2):
        state = clubs.new_game(seed, clubs.Config(threshold=1000), deck=deck)
        _, state, _ = first_legal_round(state)
        rounds.append(state)
    assert rounds[0] == rounds[1]
    assert rounds[0].hands != rounds[2].hands


# ---------------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------------


def test_scoring_example_b_gains_two_points() -> None:
    """Rule text: "Each player gains a point for each club card in tricks they won. For example:
    Player A -> 6H, Player B -> 8H, Player C -> 2C, Player D -> AC. This trick would result in Player
    B gaining 2 points at the end of the round." (A also gains the 11 clubs of its earlier tricks.)"""
    state = scoring_state()
    clubs.validate(state)
    state = play(state, "6H 8H 2C")
    assert state.match.scores == (0, 0, 0, 0)
    state, events = clubs.step(state, clubs.Play("AC"))
    assert events == (
        CardPlayed(D, c("AC")),
        TrickWon(B, cs("6H 8H 2C AC"), 2),
        RoundScored(1, (11, 2, 0, 0), (11, 2, 0, 0)),
        Dealt(2, (13, 13, 13, 13)),
    )
    assert state.match.scores == (11, 2, 0, 0)


def test_scores_change_only_at_the_end_of_the_round() -> None:
    """Rule text: "At the end of each round, the scores are updated." C takes 4 clubs at trick 1 and 4
    more at trick 4 of the example, and the scores stay 0 until the round ends."""
    state = example_game()
    for text in example_tricks(0, 8).split():
        state, events = clubs.step(state, clubs.Play(c(text)))
        assert state.match.scores == (0, 0, 0, 0)
        assert not any(isinstance(e, RoundScored) for e in events)
    assert [t.winner for t in state.tricks] == [C, A, D, C, B, D, D, D]


def test_two_player_round_scores_each_players_clubs() -> None:
    """Rule text: "Each player gains a point for each club card in tricks they won." Seat 0 takes the
    7 clubs seat 1 throws on its diamond leads; seat 1 takes its own 6 led clubs: 7 and 6."""
    state = two_player_game(50)
    cards = TWO_PLAYER_ROUND.split()
    assert len(cards) == 52
    for text in cards[:-1]:
        state = play(state, text)
        assert state.match.scores == (0, 0)
    state, events = clubs.step(state, clubs.Play(c(cards[-1])))
    assert events[1:] == (
        TrickWon(B, cs("AS KH"), 0),
        RoundScored(1, (7, 6), (7, 6)),
        Dealt(2, (26, 26)),
    )
    assert state.match.scores == (7, 6)


def test_scores_accumulate_over_rounds() -> None:
    """Rule text: "At the end of each round, the scores are updated": each round adds the clubs won to
    the running scores; all 13 clubs are scored every round."""
    for players in (2, 3, 4):
        state = clubs.new_game(5, clubs.Config(players=players, threshold=1000))
        for number in range(1, 4):
            before, after, _ = first_legal_round(state)
            _, events = clubs.step(before, clubs.legal_moves(before)[0])
            scored = events[2]
            assert isinstance(scored, RoundScored)
            assert scored.round == number
            assert sum(scored.points) == 13
            assert scored.scores == tuple(a + b for a, b in zip(before.match.scores, scored.points))
            assert after.match.scores == scored.scores
            state = after


def test_clubs_only_score() -> None:
    """Rule text, note 1: "the rules in this document are definitive": only clubs score (no hearts or
    queen of spades penalty as in Hearts). Trick 10 of the example (8H QH QS 6H) is worth 0."""
    state = example_game()
    state = play(state, example_tricks(0, 9) + " 8H QH QS")
    _, events = clubs.step(state, clubs.Play("6H"))
    assert events[1] == TrickWon(D, cs("8H QH QS 6H"), 0)


# ---------------------------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------------------------


def test_game_over_when_a_score_reaches_threshold_exactly() -> None:
    """Rule text: "If at the end of the round, one or more players have a score >= the point
    threshold, the game is over." A reaches 11 with threshold 11: the game ends; C and D (0) share
    the win."""
    state = play(scoring_state(threshold=11), "6H 8H 2C")
    state, events = clubs.step(state, clubs.Play("AC"))
    outcome = Outcome((11, 2, 0, 0), (C, D))
    assert events[2:] == (RoundScored(1, (11, 2, 0, 0), (11, 2, 0, 0)), GameOver(outcome))
    assert state.to_act is None
    assert clubs.outcome(state) == outcome
    assert clubs.legal_moves(state) == ()
    assert state.match.round == 1


def test_no_game_over_below_threshold_new_round_begins() -> None:
    """Rule text: "If not, the cards are dealt out again and a new round begins." With threshold 12
    nobody reaches it (A has 11): round 2 is dealt, 13 cards each."""
    state = play(scoring_state(threshold=12), "6H 8H 2C AC")
    assert state.to_act == B
    assert clubs.outcome(state) is None
    assert state.match.round == 2
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]


def test_game_ends_only_at_round_end() -> None:
    """Ruling: "the game ends after a round in which any score is at or over the threshold". With
    threshold 1 the example's first trick gives C 4 clubs, but the game goes on until the 13th."""
    state = example_game(threshold=1)
    for k, text in enumerate(example_tricks(0, 8).split()):
        state = play(state, text)
        assert state.to_act is not None, k
        assert clubs.outcome(state) is None


def test_lowest_score_wins_single_winner() -> None:
    """Rule text, note 2: "At the end of the game, the winner is the player with the lowest score."
    Two players with threshold 7: 7 and 6 ends the game and seat 1 (6) wins alone."""
    state = play(two_player_game(7), TWO_PLAYER_ROUND)
    assert state.to_act is None
    assert clubs.outcome(state) == Outcome((7, 6), (B,))


def test_two_player_threshold_8_plays_a_second_round() -> None:
    """Rule text: "If not, the cards are dealt out again": 7 and 6 are both under 8."""
    state = play(two_player_game(8), TWO_PLAYER_ROUND)
    assert (state.to_act, state.match.round, state.match.scores) == (B, 2, (7, 6))


def test_tied_lowest_scores_share_the_win() -> None:
    """Ruling: "Winners: every seat with the lowest score." Rule text: "A and B sharing the win"."""
    state = play(scoring_state(threshold=2), "6H 8H 2C AC")
    result = clubs.outcome(state)
    assert result == Outcome((11, 2, 0, 0), (C, D))


def test_outcome_scores_one_per_seat_and_winners_in_random_games() -> None:
    """Ruling: "`Outcome.scores` has one entry per seat ... and `Outcome.winners` the winning seats".
    Checked on random games: winners are exactly the seats with the minimal score, some score is
    at or over the threshold, and outcome is None before the end."""
    for players in (2, 3, 4):
        for seed in range(3):
            state = clubs.new_game(seed, clubs.Config(players=players, threshold=20))
            while state.to_act is not None:
                assert clubs.outcome(state) is None
                state = clubs.apply(state, clubs.legal_moves(state)[seed % len(clubs.legal_moves(state))])
            result = clubs.outcome(state)
            assert result is not None
            scores = state.match.scores
            assert result.scores == scores
            assert len(result.scores) == players
            assert max(scores) >= 20
            assert result.winners == tuple(s for s in range(players) if scores[s] == min(scores))


def test_game_over_state_has_no_legal_moves_and_rejects_moves() -> None:
    """Issue 3 (contract): `legal_moves` is "empty exactly when over"; `apply` on a finished game
    raises IllegalMoveError, and so does `parse_move`."""
    state = play(scoring_state(threshold=1), "6H 8H 2C AC")
    assert state.to_act is None
    assert clubs.legal_moves(state) == ()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError, match="game is over"):
        clubs.apply(state, clubs.Play("AC"))
    with pytest.raises(IllegalMoveError, match="game is over"):
        clubs.step(state, clubs.Play("2S"))
    with pytest.raises(IllegalMoveError):
        clubs.parse_move(state, "2S")
    assert not clubs.is_legal(state, clubs.Play("2S"))
    assert state == before


def test_legal_moves_empty_exactly_when_over() -> None:
    """Issue 3 (contract): "`legal_moves` ... empty exactly when over"."""
    for players in (2, 3, 4):
        for state in random_states(players + 10, clubs.Config(players=players, threshold=15)):
            assert (clubs.legal_moves(state) == ()) == (state.to_act is None)
            assert (clubs.outcome(state) is None) == (state.to_act is not None)


@pytest.mark.parametrize(
    ("players", "threshold", "bound"),
    [
        (4, 50, 16 * 52),
        (3, 5, 51),
        (2, 50, 8 * 52),
        (4, 1, 52),
        (4, 14, 5 * 52),
        (3, 50, 12 * 51),
        (2, 8, 104),
    ],
)
def test_max_moves_formula(players: int, threshold: int, bound: int) -> None:
    """Ruling: "Every game ends: each game states a hard bound on its number of moves." All 13 clubs
    are scored every round, so after r unfinished rounds 13 r <= players (threshold - 1): at most
    players (threshold - 1) // 13 + 1 rounds of 52 (51 for three players) moves."""
    assert clubs.max_moves(clubs.Config(players=players, threshold=threshold)) == bound


def test_max_moves_default_config() -> None:
    """Ruling: the bound of the standard game (4 players, threshold 50): 4 * 49 // 13 + 1 = 16 rounds."""
    assert clubs.max_moves() == 832


def test_max_moves_is_reached_by_a_real_game() -> None:
    """Ruling: "each game states a hard bound on its number of moves": with two players and threshold
    8 the bound is two rounds, and the hand-built round (7 and 6) followed by any second round
    takes exactly 104 moves."""
    state = play(two_player_game(8), TWO_PLAYER_ROUND)
    moves = 52
    while state.to_act is not None:
        state = clubs.apply(state, clubs.legal_moves(state)[-1])
        moves += 1
    assert moves == clubs.max_moves(clubs.Config(players=2, threshold=8)) == 104


def test_random_games_end_within_max_moves() -> None:
    """Ruling: "Every game ends": random games never exceed ``max_moves``."""
    for players in (2, 3, 4):
        for threshold in (1, 13, 26):
            config = clubs.Config(players=players, threshold=threshold)
            moves = sum(1 for _ in random_states(threshold * players, config)) - 1
            assert moves <= clubs.max_moves(config)
            assert moves % (51 if players == 3 else 52) == 0


# ---------------------------------------------------------------------------------------------
# Moves: order, errors, notation
# ---------------------------------------------------------------------------------------------


def test_legal_moves_in_hand_order() -> None:
    """docs/rules/clubs.md: "`legal_moves` lists plays in that order": clubs, diamonds, hearts, spades,
    each rank low to high (T between 9 and J)."""
    state = clubs.new_game(1, clubs.Config(players=2), deck=standard_deck())
    assert clubs.legal_moves(state) == plays(
        "2C 4C 6C 8C TC QC AC 3D 5D 7D 9D JD KD 2H 4H 6H 8H TH QH AH 3S 5S 7S 9S JS KS"
    )
    for state in random_states(3, clubs.Config(threshold=10)):
        moves = clubs.legal_moves(state)
        assert [m.card for m in moves] == sorted(m.card for m in moves)
        assert [(m.card.suit, m.card.rank) for m in moves] == sorted(
            (m.card.suit, m.card.rank) for m in moves
        )


def test_failed_apply_leaves_state_unchanged() -> None:
    """Issue 3 (contract): `apply` "raises IllegalMoveError" and "changes nothing" for anything not
    legal: a card not held, a card not following suit, and objects that are no Clubs move."""
    state = play(example_game(), "2C")
    before = copy.deepcopy(state)
    bad: list[object] = [clubs.Play("2H"), clubs.Play("AC"), clubs.Play("BJ"), "3C", None, 3, clubs.Config()]
    for move in bad:
        with pytest.raises(IllegalMoveError):
            clubs.apply(state, move)
        with pytest.raises(IllegalMoveError):
            clubs.step(state, move)
        assert not clubs.is_legal(state, move)
    assert state == before
    assert hash(state) == hash(before)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.to_act = 2  # type: ignore[misc]


def test_card_not_held_names_seat() -> None:
    """Issue 3 (contract): the IllegalMoveError "names the move, the seat and why it is illegal"."""
    state = example_game()
    with pytest.raises(IllegalMoveError, match=r"seat 0 does not hold 3C"):
        clubs.apply(state, clubs.Play("3C"))


def test_parse_move_accepts_case_and_ten_notations() -> None:
    """Ruling: "Move notation": `parse_move` reads the card notation, case and 10/T tolerant: "QS",
    "qs", "10h", "Th"."""
    state = example_game()  # A to lead; A holds QS and TH
    for text in ("QS", "qs", "Qs", " qs "):
        assert clubs.parse_move(state, text) == clubs.Play(c("QS"))
    for text in ("10h", "10H", "Th", "TH", "th"):
        assert clubs.parse_move(state, text) == clubs.Play(c("TH"))


def test_parse_move_junk_text_is_move_parse_error() -> None:
    """Ruling: "`parse_move` raises `IllegalMoveError` for a legal-looking move that is not legal now,
    and a subclass of it for text that is no move at all."""
    assert issubclass(MoveParseError, IllegalMoveError)
    state = example_game()
    for text in ("zz", "", "QX", "11S", "Q", "play QS"):
        with pytest.raises(MoveParseError):
            clubs.parse_move(state, text)


def test_parse_move_illegal_card_is_illegal_move_not_parse_error() -> None:
    """Ruling: "`parse_move` raises `IllegalMoveError` for a legal-looking move that is not legal
    now": a card not held, and a card that does not follow suit, are not MoveParseErrors."""
    state = example_game()
    with pytest.raises(IllegalMoveError, match="seat 0 does not hold 3C") as info:
        clubs.parse_move(state, "3C")
    assert not isinstance(info.value, MoveParseError)
    state = play(state, "2C")
    with pytest.raises(IllegalMoveError, match="seat 1 must follow clubs") as info:
        clubs.parse_move(state, "2h")
    assert not isinstance(info.value, MoveParseError)
    assert clubs.parse_move(state, "tc") == clubs.Play(c("TC"))


def test_parse_move_joker_is_no_clubs_move() -> None:
    """Ruling: "a subclass of it for text that is no move at all": the Clubs deck has no jokers
    (Rule text: "a standard 52 card deck (no jokers)"), so "BJ" is no Clubs move."""
    state = example_game()
    for text in ("BJ", "sj"):
        with pytest.raises(MoveParseError):
            clubs.parse_move(state, text)


def test_format_move_round_trips() -> None:
    """Issue 3 (contract): `format_move` gives the short notation that `parse_move` reads back."""
    assert clubs.format_move(clubs.Play("qs")) == "QS"
    assert clubs.format_move(clubs.Play("10h")) == "TH"
    assert clubs.format_move(clubs.Play("2C")) == "2C"
    for state in (example_game(), play(example_game(), "2C"), play(example_game(), "QS")):
        for move in clubs.legal_moves(state):
            assert clubs.parse_move(state, clubs.format_move(move)) == move
            assert clubs.parse_move(state, clubs.format_move(move).lower()) == move


def test_is_legal_agrees_with_legal_moves() -> None:
    """Issue 3 (contract): `is_legal(state, move)` checks one move without listing the others; it
    agrees with `legal_moves` for every card and every state of random games."""
    all_plays = [clubs.Play(x) for x in standard_deck()]
    for players in (2, 3, 4):
        for state in random_states(players + 40, clubs.Config(players=players, threshold=8)):
            legal = set(clubs.legal_moves(state))
            for move in all_plays:
                assert clubs.is_legal(state, move) == (move in legal)
            assert not clubs.is_legal(state, None)
            assert not clubs.is_legal(state, "2C")


def test_step_agrees_with_apply_and_events_are_in_table_order() -> None:
    """Issue 3 (contract): `step(s, m)[0] == apply(s, m)`; events: `CardPlayed`, on a trick's last
    card `TrickWon` (points = clubs in it), after a round's last trick `RoundScored` then `Dealt`
    or `GameOver`."""
    for players in (2, 3, 4):
        config = clubs.Config(players=players, threshold=15)
        states = list(random_states(players + 50, config))
        for before, after in itertools.pairwise(states):
            move = next(m for m in clubs.legal_moves(before) if clubs.apply(before, m) == after)
            stepped, events = clubs.step(before, move)
            assert stepped == clubs.apply(before, move) == after
            assert events[0] == CardPlayed(before.to_act or 0, move.card)
            trick_done = len(before.trick) == players - 1
            round_done = trick_done and len(before.hands[before.to_act or 0]) == 1
            assert len(events) == (1 if not trick_done else 2 if not round_done else 4)
            if trick_done:
                cards = (*before.trick, move.card)
                won = events[1]
                assert isinstance(won, TrickWon)
                assert won.cards == cards
                assert won.points == sum(1 for x in cards if x.suit == 0)
                led = [x for x in cards if x.suit == cards[0].suit]
                assert won.seat == (before.leader + cards.index(max(led))) % players
            if round_done:
                assert events[2] == RoundScored(
                    before.match.round,
                    tuple(a - b for a, b in zip(after.match.scores, before.match.scores)),
                    after.match.scores,
                )
                if after.to_act is None:
                    result = clubs.outcome(after)
                    assert result is not None
                    assert events[3] == GameOver(result)
                else:
                    size = 17 if players == 3 else 52 // players
                    assert events[3] == Dealt(after.match.round, (size,) * players)


def test_opening_events_report_the_first_deal() -> None:
    """Issue 3 (contract): the public events of a fresh game: the deal of round 1."""
    assert clubs.opening_events(clubs.new_game(1)) == (Dealt(1, (13, 13, 13, 13)),)
    assert clubs.opening_events(clubs.new_game(1, clubs.Config(players=3))) == (Dealt(1, (17, 17, 17)),)


# ---------------------------------------------------------------------------------------------
# Views and sampling
# ---------------------------------------------------------------------------------------------


def test_view_shows_own_hand_and_public_information() -> None:
    """Issue 3 (contract): `view(state, player)` is "everything that seat may know (its own cards, all
    public cards and the public history needed to play well, scores, whose turn, its legal moves
    when it is to act) and nothing else"."""
    state = play(example_game(), "2C 6C AC KC 4S 5S")
    for seat in range(4):
        v = clubs.view(state, seat)
        assert v.player == seat
        assert v.hand == state.hands[seat]
        assert v.trick == cs("4S 5S")
        assert (v.leader, v.to_act, v.round) == (C, A, 1)
        assert v.tricks == (clubs.CompletedTrick(A, cs("2C 6C AC KC"), C),)
        assert v.hand_sizes == (12, 12, 11, 11)
        assert v.scores == (0, 0, 0, 0)
        assert v.config == clubs.Config()
        assert v.legal_moves == (plays("2S 6S 8S QS AS") if seat == A else ())


def test_view_hides_other_hands() -> None:
    """Issue 3 (contract): a view holds "nothing else": two states that differ only in B's and C's
    hidden cards look the same to A and D."""
    state = play(example_game(), "2C 6C AC")
    hands = list(state.hands)
    # Swap B's 2H with C's 4H and B's 9S with C's TS: same sizes, different hidden cards.
    hands[B] = tuple(sorted([x for x in hands[B] if x not in cs("2H 9S")] + list(cs("4H TS"))))
    hands[C] = tuple(sorted([x for x in hands[C] if x not in cs("4H TS")] + list(cs("2H 9S"))))
    other = attrs.evolve(state, hands=tuple(hands))
    clubs.validate(other)
    assert other != state
    for seat in (A, D):
        assert clubs.view(other, seat) == clubs.view(state, seat)
    for seat in (B, C):
        assert clubs.view(other, seat) != clubs.view(state, seat)


def test_view_rejects_bad_seat() -> None:
    """Issue 3 (contract): views are for a seat of the game."""
    state = clubs.new_game(1, clubs.Config(players=3))
    for bad in (-1, 3, True):
        with pytest.raises(StateError):
            clubs.view(state, bad)


def test_sample_state_respects_shown_voids() -> None:
    """docs/rules/clubs.md: "`sample_state` deals the cards a seat cannot see to the other seats at random,
    giving no seat a suit it has shown it lacks this round". After trick 8 of the example and D's
    7D lead, A sees that B and C threw clubs on D's 7S: the only unseen spade, JS, is always D's."""
    state = play(example_game(), example_tricks(0, 8) + " 7D")
    v = clubs.view(state, A)
    holders: set[int] = set()
    for seed in range(60):
        sampled = clubs.sample_state(v, seed)
        assert clubs.view(sampled, A) == v
        assert not any(x.suit == 3 for x in sampled.hands[B] + sampled.hands[C])
        holders.update(s for s in range(4) if c("9D") in sampled.hands[s])
        assert c("JS") in sampled.hands[D]
    assert holders == {B, C, D}  # the unconstrained cards do move around


def _shown_voids(state: clubs.State) -> list[set[int]]:
    """Suits each seat failed to follow this round, computed from the public tricks."""
    players = len(state.hands)
    voids: list[set[int]] = [set() for _ in range(players)]
    tricks = [(t.leader, t.cards) for t in state.tricks] + (
        [(state.leader, state.trick)] if state.trick else []
    )
    for leader, cards in tricks:
        for k, x in enumerate(cards):
            if x // 13 != cards[0] // 13:
                voids[(leader + k) % players].add(cards[0] // 13)
    return voids


def test_sample_state_consistent_with_view_over_many_seeds() -> None:
    """Issue 3 (contract): "`view(sample_state(v, s), v.player) == v` must hold", and the sample never
    gives a seat a suit it has failed to follow this round."""
    for players in (2, 3, 4):
        states = list(random_states(players + 70, clubs.Config(players=players, threshold=13)))
        for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
            voids = _shown_voids(state)
            for seat in range(players):
                v = clubs.view(state, seat)
                for seed in range(4):
                    sampled = clubs.sample_state(v, seed * 1000 + seat)
                    clubs.validate(sampled)
                    assert clubs.view(sampled, seat) == v
                    for other in range(players):
                        assert not any(x // 13 in voids[other] for x in sampled.hands[other])


# ---------------------------------------------------------------------------------------------
# validate
# ---------------------------------------------------------------------------------------------


def test_validate_accepts_reachable_states() -> None:
    """Issue 3 (contract): every state the game reaches is consistent."""
    clubs.validate(scoring_state())
    for players in (2, 3, 4):
        for state in random_states(players + 80, clubs.Config(players=players, threshold=6)):
            clubs.validate(state)


def test_validate_rejects_duplicate_card() -> None:
    """Issue 3 (contract): a state holds every card of the round exactly once; C holding 6H (A's card)
    instead of 2C is a StateError."""
    state = scoring_state()
    hands = list(state.hands)
    hands[C] = cs("6H")
    with pytest.raises(StateError, match="exactly once"):
        clubs.validate(attrs.evolve(state, hands=tuple(hands)))


def test_validate_rejects_two_of_diamonds_in_three_player_hand() -> None:
    """Rule text, note 3: "do not deal the 2 of diamonds" with three players: a hand holding it is
    inconsistent."""
    state = clubs.new_game(1, clubs.Config(players=3))
    hands = list(state.hands)
    hands[A] = tuple(sorted((*hands[A][1:], c("2D"))))
    with pytest.raises(StateError):
        clubs.validate(attrs.evolve(state, hands=tuple(hands)))


def test_validate_rejects_wrong_hand_size() -> None:
    """Issue 3 (contract): hand sizes must match the tricks played: seat 0 with 14 cards and seat 1
    with 12 at the start of a round is a StateError."""
    state = clubs.new_game(1)
    hands = list(state.hands)
    hands[A] = tuple(sorted((*hands[A], hands[B][0])))
    hands[B] = hands[B][1:]
    with pytest.raises(StateError, match="holds"):
        clubs.validate(attrs.evolve(state, hands=tuple(hands)))


def test_validate_rejects_wrong_trick_winner() -> None:
    """Rule text: "The player who played the highest card of the led suit has won the trick": a
    recorded trick AS KS QS JS led by A but credited to B is a StateError."""
    state = scoring_state()
    tricks = list(state.tricks)
    tricks[0] = clubs.CompletedTrick(A, tricks[0].cards, B)
    bad = attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=tuple(tricks)))
    with pytest.raises(StateError, match="wrong winner"):
        clubs.validate(bad)


def test_validate_rejects_wrong_to_act() -> None:
    """Rule text: play passes from the leader in order: at a fresh game seat 0 is to act, and after
    A's lead seat 1; anything else is a StateError."""
    state = clubs.new_game(1)
    for seat in (1, 2, 3, None):
        with pytest.raises(StateError):
            clubs.validate(attrs.evolve(state, to_act=seat))
    led = play(example_game(), "2C")
    for seat in (0, 2, 3):
        with pytest.raises(StateError, match="to_act"):
            clubs.validate(attrs.evolve(led, to_act=seat))


def test_validate_rejects_wrong_leader_after_a_trick() -> None:
    """Rule text: "[the winner] leads the next trick": after C won trick 1, a state with A leading is
    a StateError."""
    state = play(example_game(), "2C 6C AC KC")
    bad = attrs.evolve(state, to_act=A, progress=attrs.evolve(state.progress, leader=A))
    with pytest.raises(StateError):
        clubs.validate(bad)


def test_validate_rejects_a_trick_credited_to_an_earlier_seat_than_its_winner() -> None:
    """The same rule the other way round: A leads 2C, B 6C, C AC, D KC; C's ace of clubs wins.
    Credited to A, a seat before C, the trick is refused all the same."""
    state = play(example_game(), "2C 6C AC KC")
    (won,) = state.tricks
    assert won.winner == C
    forged = attrs.evolve(won, winner=A)
    bad = attrs.evolve(state, to_act=A, progress=attrs.evolve(state.progress, tricks=(forged,), leader=A))
    with pytest.raises(StateError, match="wrong winner"):
        clubs.validate(bad)


def test_validate_rejects_a_leader_after_the_winner_in_seat_order() -> None:
    """The same rule with the forged leader a later seat than the winner (D after C won): the check
    is "not the winner", not "before the winner"."""
    state = play(example_game(), "2C 6C AC KC")
    bad = attrs.evolve(state, to_act=D, progress=attrs.evolve(state.progress, leader=D))
    with pytest.raises(StateError, match="the current trick is led by the last trick's winner"):
        clubs.validate(bad)


def test_validate_rejects_a_hand_out_of_order() -> None:
    """The state format keeps every hand sorted (lowest card code first), so that equal positions
    are equal states: a fresh game whose seat 0 holds its cards highest first is a StateError."""
    state = clubs.new_game(1)
    hands = (tuple(reversed(state.hands[0])), *state.hands[1:])
    with pytest.raises(StateError, match="hands must be sorted"):
        clubs.validate(attrs.evolve(state, hands=hands))


def test_validate_rejects_a_completed_trick_not_led_by_the_previous_winner() -> None:
    """C won trick 1 and led trick 2; forging D as trick 2's leader (its winner moved along with it,
    and D leading trick 3) is refused because trick 2 was not led by trick 1's winner."""
    state = play(example_game(), "2C 6C AC KC")
    for _ in range(4):
        state = clubs.apply(state, clubs.legal_moves(state)[0])
    first, second = state.tricks
    assert (first.winner, second.leader) == (C, C)
    shift = (D - C) % 4
    forged = attrs.evolve(second, leader=D, winner=(second.winner + shift) % 4)
    progress = attrs.evolve(state.progress, tricks=(first, forged), leader=forged.winner)
    bad = attrs.evolve(state, to_act=forged.winner, progress=progress)
    with pytest.raises(StateError, match="each trick is led by the winner of the one before"):
        clubs.validate(bad)


def test_validate_rejects_a_score_at_threshold_mid_game() -> None:
    """Rule text: a score >= threshold at the end of a round ends the game: a running game with a
    score at the threshold is a StateError."""
    state = scoring_state(threshold=3)
    bad = attrs.evolve(
        state,
        progress=attrs.evolve(state.progress, match=attrs.evolve(state.match, scores=(3, 0, 0, 0))),
    )
    with pytest.raises(StateError):
        clubs.validate(bad)
    # In round 2 (13 clubs scored in round 1), with threshold 13, a score of exactly 13 (not only
    # one above it) would have ended the game; 12 does not.
    round_two = scoring_state(threshold=13)
    with pytest.raises(StateError, match="a score at the threshold ends the game"):
        clubs.validate(_with_match(round_two, scores=(13, 0, 0, 0), round=2))
    clubs.validate(_with_match(round_two, scores=(12, 1, 0, 0), round=2))


def _with_match(state: clubs.State, **changes: Any) -> clubs.State:
    match = attrs.evolve(state.match, **changes)
    return attrs.evolve(state, progress=attrs.evolve(state.progress, match=match))


def test_validate_rejects_a_game_that_should_have_ended_a_round_earlier() -> None:
    """Rule text: "If at the end of the round, one or more players have a score >= the point
    threshold, the game is over." A finished round-2 game with scores 14 and 12 at threshold 7, whose
    last round gave 7 and 6, had 7 and 6 after round 1: it ended then. At threshold 8 the same
    scores are a game that really went to round 2."""
    finished = play(two_player_game(7), TWO_PLAYER_ROUND)
    clubs.validate(finished)
    late = _with_match(finished, round=2, scores=(14, 12))
    with pytest.raises(StateError, match=r"before the last round had reached the threshold"):
        clubs.validate(late)
    clubs.validate(_with_match(late, config=clubs.Config(players=2, threshold=8)))


def test_validate_rejects_a_trick_led_by_a_seat_outside_the_game() -> None:
    """Rule text: "The game requires between 2 and 4 players": in a 4-player game a completed trick
    led by seat 4 (or -1) is a StateError naming the trick."""
    state = scoring_state()
    for seat in (4, -1):
        tricks = list(state.tricks)
        tricks[0] = clubs.CompletedTrick(seat, tricks[0].cards, A)
        bad = attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=tuple(tricks)))
        with pytest.raises(StateError, match="trick 1's leader"):
            clubs.validate(bad)


def test_validate_rejects_a_trick_not_led_by_the_last_winner() -> None:
    """Rule text: "The player who played the highest card of the led suit has won the trick and
    leads the next trick." In the example C wins trick 1 (2C 6C AC KC); a history whose trick 2 is
    recorded as led by A is a StateError. Led by A, 4S 5S AS 9S is won by the third seat, C, so the
    trick's own winner is right and only its leader is wrong."""
    state = play(example_game(), example_tricks(0, 2))
    first, second = state.tricks
    assert (first.winner, second.leader, second.winner) == (C, C, A)
    moved = clubs.CompletedTrick(A, second.cards, C)
    bad = attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=(first, moved)))
    with pytest.raises(StateError, match="led by the winner of the one before"):
        clubs.validate(bad)


def _revoke_state() -> clubs.State:
    """The scoring scenario with B's TH (trick JH TH 9H 7H) and 9D (trick TD 9D 8D 7D) swapped: both
    tricks are still won by A, but B threw 9D on a heart lead while it still held 8H (it holds it
    now), breaking "they must play one of those"."""
    state = scoring_state()
    tricks = list(state.tricks)
    hearts = next(k for k, t in enumerate(tricks) if t.cards[0] == c("JH"))
    diamonds = next(k for k, t in enumerate(tricks) if t.cards[0] == c("TD"))
    tricks[hearts] = clubs.CompletedTrick(A, cs("JH 9D 9H 7H"), A)
    tricks[diamonds] = clubs.CompletedTrick(A, cs("TD TH 8D 7D"), A)
    return attrs.evolve(state, progress=attrs.evolve(state.progress, tricks=tuple(tricks)))


def test_validate_rejects_a_revoke_in_the_history() -> None:
    """Rule text: "If they have any cards of the same suit as the led card, they must play one of
    those." validate's own promise: "Raise StateError unless state is a position Clubs can reach"."""
    with pytest.raises(StateError):
        clubs.validate(_revoke_state())


def test_validate_rejects_first_round_not_led_by_a() -> None:
    """Rule text: "For the first trick of the first round, Player A will lead." A round-1 state with
    no trick played and C to lead cannot be reached."""
    state = clubs.new_game(1)
    bad = attrs.evolve(state, to_act=C, progress=attrs.evolve(state.progress, leader=C))
    with pytest.raises(StateError):
        clubs.validate(bad)


def test_validate_rejects_scores_not_from_whole_rounds() -> None:
    """Rule text: "Each player gains a point for each club card in tricks they won", at the end of
    the round: all 13 clubs score every round, so in round 1 every score is 0. A round-1 state with
    scores (5, 0, 0, 0) cannot be reached."""
    state = clubs.new_game(1)
    bad = attrs.evolve(
        state,
        progress=attrs.evolve(state.progress, match=attrs.evolve(state.match, scores=(5, 0, 0, 0))),
    )
    with pytest.raises(StateError):
        clubs.validate(bad)
