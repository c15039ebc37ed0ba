"""80 Points round flow: the deal, redeals, no-trump, the bottom, scoring, levels and the match.

Each docstring quotes the sentence it tests (RULINGS.md, "80 Points", unless it says "Rule text").
Expected values are worked out by hand from the rules.

Stacked decks start from the *base layout*: seat ``s`` is dealt the 25 cards of suit ``s`` (0 clubs,
1 diamonds, 2 hearts, 3 spades) in the order 2 2 3 3 ... K K A, so each holds 5 5 10 10 K K = 50
points; the bottom is ``AC AD AH AS SJ SJ BJ BJ`` (0 points). Card ``i`` of a hand's deal order is
``deck[4 * i + seat]``. Tests change it by reversing a hand's deal order or exchanging cards.

The end of a round is tested on states built directly (``endgame``): each seat holds the cards of
the last trick; the 96 (or fewer) other cards lie in earlier tricks of singles, all led and won by
the seat that leads the last trick, so the attackers have the points of those tricks exactly when
that seat is an attacker. With starter 0 and royal 2 / trump hearts, clubs are a plain suit.
Later deals are shuffles by the state's generator, reproduced here with the documented ``Rng``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from cardrules import eighty_points as ep
from cardrules.cards import BIG_JOKER, SMALL_JOKER, Card, double_deck
from cardrules.cards import parse_card as c
from cardrules.cards import parse_cards as cs
from cardrules.eighty_points import rules
from cardrules.errors import ConfigError, IllegalMoveError, MoveParseError
from cardrules.events import CardPlayed, Dealt, GameOver, RoundScored, TrickWon
from cardrules.game import Outcome
from cardrules.rng import Rng

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
ASK, KEEP, DECLARE, NO_DECLARE = ep.AskRedeal(), ep.KeepHand(), ep.DeclareNoTrump(), ep.NoDeclare()
BOTTOM = 4  # the index of the bottom in a layout
Layout = list[list[Card]]


def pts(cards: Sequence[Card]) -> int:
    """5s are 5, 10s and kings 10, the rest 0 (the rule, counted independently of the library)."""
    return sum({5: 5, 10: 10, 13: 10}.get(int(card.rank), 0) for card in cards)


# --- Stacked decks -------------------------------------------------------------------------------


def base_layout() -> Layout:
    hands = [
        [Card(rank, suit) for rank in range(2, 14) for _ in range(2)] + [Card(14, suit)] for suit in range(4)
    ]
    return [*hands, list(cs("AC AD AH AS SJ SJ BJ BJ"))]


def exchange(layout: Layout, p1: int, cards1: str, p2: int, cards2: str) -> None:
    """Place ``p1`` gives ``cards1`` to place ``p2`` for ``cards2``, card for card, each card taking
    the other's place in the deal order."""
    for a, b in zip(cs(cards1), cs(cards2), strict=True):
        i, j = layout[p1].index(a), layout[p2].index(b)
        layout[p1][i], layout[p2][j] = b, a


def reverse(layout: Layout, *seats: int) -> None:
    """Deal these hands in reverse order: their 2s come last."""
    for s in seats:
        layout[s].reverse()


def move_to(layout: Layout, seat: int, card: str, index: int) -> None:
    """Move one copy of ``card`` to position ``index`` of the seat's deal order."""
    layout[seat].remove(c(card))
    layout[seat].insert(index, c(card))


def deck_of(layout: Layout) -> list[Card]:
    assert all(len(h) == 25 for h in layout[:4]) and len(layout[BOTTOM]) == 8
    deck = [layout[i % 4][i // 4] for i in range(100)] + layout[BOTTOM]
    assert sorted(deck) == list(double_deck())
    return deck


def poor_layout() -> Layout:
    """Seats 0 and 1 reversed, so the first 2 dealt is deck[2] = 2H: seat 2 starts, hearts are trump.
    Seat 1 gives KD KD TD to the bottom for AC AD AH; seat 3 gives KS KS TS to seat 0 for 3C 3C 4C.
    Points: seat 0 80, seat 1 20, seat 2 50, seat 3 20; bottom KD KD TD AS SJ SJ BJ BJ (30)."""
    layout = base_layout()
    reverse(layout, 0, 1)
    exchange(layout, 1, "KD KD TD", BOTTOM, "AC AD AH")
    exchange(layout, 3, "KS KS TS", 0, "3C 3C 4C")
    return layout


def sorted_hands(layout: Layout) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(h)) for h in layout[:4])


def deal_from(
    cards: Sequence[Card], first: int, rank: int
) -> tuple[list[list[Card]], tuple[Card, ...], int, int]:
    """The rule's deal: one card at a time from seat ``first``; the last 8 are the bottom; the first
    card of ``rank`` dealt gives its receiver and suit (asserted to exist)."""
    hands: list[list[Card]] = [[], [], [], []]
    found: tuple[int, int] | None = None
    for i in range(100):
        seat = (first + i) % 4
        hands[seat].append(cards[i])
        if found is None and not cards[i].is_joker and cards[i].rank == rank:
            suit = cards[i].suit
            assert suit is not None
            found = (seat, int(suit))
    assert found is not None
    return hands, tuple(cards[100:]), found[0], found[1]


def first_question(
    hands: Sequence[Sequence[Card]], starter: int, redeals: int, max_redeals: int
) -> tuple[str, int]:
    """The phase and seat the rules ask first after a deal: under 25 points for a redeal (while
    redeals remain), then two identical jokers, in turn from the starter; else the discards."""
    order = [(starter + k) % 4 for k in range(4)]
    if redeals < max_redeals:
        for s in order:
            if pts(hands[s]) < 25:
                return "redeal", s
    for s in order:
        if list(hands[s]).count(BIG_JOKER) >= 2 or list(hands[s]).count(SMALL_JOKER) >= 2:
            return "declare", s
    return "discard", starter


def assert_dealt(
    state: ep.State, hands: Sequence[Sequence[Card]], bottom: Sequence[Card], starter: int
) -> None:
    """``state`` holds this deal (the starter holding the bottom too once it has taken it)."""
    t = state.table
    assert t.starter == starter
    for s in range(4):
        if t.phase == "discard" and s == starter:
            assert Counter(state.hands[s]) == Counter(hands[s]) + Counter(bottom)
        else:
            assert state.hands[s] == tuple(sorted(hands[s]))
    if t.phase != "discard":
        assert t.bottom == tuple(bottom)


# --- Endgames ------------------------------------------------------------------------------------


def filler_tricks(
    filler: list[Card],
    last: Sequence[Sequence[Card]],
    leader: int,
    starter: int,
    order: Sequence[tuple[int, int]],
) -> list[ep.CompletedTrick]:
    """Single-card tricks of the ``filler`` cards (sorted strongest first) that ``leader`` wins
    every one of: it plays the strongest card left, each other seat a card of that effective suit
    while any is left (a seat whose last card is of that suit first, so that nobody fails to follow
    a suit it still holds), else the weakest card left. Trumps go first, so a seat out of a plain
    suit never has a trump to beat the leader with. The starter leads the first trick."""
    left = list(filler)
    tricks: list[ep.CompletedTrick] = []
    while left:
        first = starter if not tricks else leader
        seats = [(first + k) % 4 for k in range(4)]
        top = left.pop(0)
        suit = order[top][0]
        plays: dict[int, Card] = {leader: top}
        followers = sorted((x for x in seats if x != leader), key=lambda x: order[last[x][0]][0] != suit)
        for seat in followers:
            before = seats.index(seat) < seats.index(leader)  # a copy of top played first would win
            same = [card for card in left if order[card][0] == suit and not (before and card == top)]
            card = same[0] if same else left[-1]
            left.remove(card)
            plays[seat] = card
        group = [plays[x] for x in seats]
        tricks.append(
            ep.CompletedTrick(
                leader=first, plays=tuple((card,) for card in group), winner=leader, points=pts(group)
            )
        )
    return tricks


def endgame(
    last: tuple[str, str, str, str],
    bottom: str,
    *,
    leader: int = 0,
    starter: int = 0,
    trump: int | None = HEARTS,
    levels: tuple[int, int] = (2, 2),
    round_: int = 1,
    config: ep.Config | None = None,
    seed: int = 0,
) -> ep.State:
    """A play-phase state before the last trick: seat ``s`` holds ``last[s]``, ``leader`` won every
    earlier trick and led every one after the first (the starter leads the first). The history is
    one the rules allow (see ``filler_tricks``)."""
    cfg = config if config is not None else ep.Config()
    royal = levels[starter % 2]
    order = ep.order_table(royal, trump)
    hands = tuple(tuple(sorted(cs(h))) for h in last)
    rest = Counter(double_deck()) - Counter(cs(bottom)) - Counter(card for h in hands for card in h)
    filler = sorted(rest.elements(), key=lambda card: order[card], reverse=True)
    tricks = filler_tricks(filler, hands, leader, starter, order)
    attackers_points = pts(filler) if leader % 2 != starter % 2 else 0
    match = ep.Match(config=cfg, levels=levels, round=round_, winner=None, rng=Rng.from_seed(seed))
    table = ep.Table(
        phase="play",
        starter=starter,
        royal=match.levels[starter % 2],
        trump=trump,
        leader=leader,
        tricks=tuple(tricks),
        points=attackers_points,
        bottom=cs(bottom),
        redeals=0,
        match=match,
    )
    state = ep.State(hands=hands, trick=(), to_act=leader, table=table)
    ep.validate(state)
    return state


def finish(state: ep.State) -> tuple[ep.State, tuple[ep.Event, ...]]:
    """Play the last trick: each seat plays its whole hand, from the leader round."""
    events: list[ep.Event] = []
    for _ in range(4):
        seat = state.to_act
        assert seat is not None
        state, evs = ep.step(state, ep.Play(state.hands[seat]))
        events.extend(evs)
    return state, tuple(events)


def event(events: Sequence[ep.Event], kind: type[ep.Event]) -> ep.Event:
    found = [e for e in events if type(e) is kind]
    assert len(found) == 1, (kind, events)
    return found[0]


# Last tricks (seat 0's card first) led by seat 0 and won by seat 1 (an attacker), and bottoms.
L0 = ("3C", "AC", "4C", "6C")  # 0 points
L5 = ("3C", "AC", "5C", "4C")  # 5
L15 = ("3C", "AC", "5C", "TC")  # 15
L20 = ("3C", "AC", "TC", "KC")  # 20: AC > KC > TC
L35 = ("5C", "KC", "TC", "TC")  # 35: KC > TC
L40 = ("TC", "KC", "TC", "KC")  # 40: the two KCs are equal, seat 1's is first
B0 = "3D 4D 6D 7D 8D 9D JD QD"
B10 = "TD 4D 6D 7D 8D 9D JD QD"
B20 = "TD TD 6D 7D 8D 9D JD QD"
B30 = "TD TD TS 7D 8D 9D JD QD"
B50 = "KD KD TD TD TS 9D JD QD"
B60 = "KD KD TD TD TS TS JD QD"
B80 = "KD KD TD TD KS KS TS TS"


# --- The deal ------------------------------------------------------------------------------------


def test_stacked_deal_one_card_at_a_time_first_two_starts() -> None:
    """ "The deal is one card at a time, seat 0 first in the first round ...; the last 8 cards of the
    deck (deck[100:108] when stacked) are the bottom. First round: the first 2 dealt makes its
    receiver the starting player, and its suit the trump suit; the starting player's team defends."
    poor_layout: seats 0 and 1 are dealt A first, seat 2's first card 2H is deck[2]."""
    layout = poor_layout()
    deck = deck_of(layout)
    state = ep.new_game(4, deck=deck)
    t = state.table
    assert (t.phase, t.starter, t.trump, t.royal, t.redeals, t.match.round) == ("redeal", 2, HEARTS, 2, 0, 1)
    assert state.hands == sorted_hands(layout)
    assert t.bottom == tuple(deck[100:])
    assert ep.opening_events(state) == (
        Dealt(1, (25, 25, 25, 25)),
        ep.TrumpSet(round=1, starter=2, royal=2, suit=HEARTS),
    )


def test_first_two_dealt_not_first_two_of_a_seat() -> None:
    """ "the first 2 dealt makes its receiver the starting player, and its suit the trump suit" :
    seat 0's 2C is its third card (deck[8]), seat 1's 2D its second (deck[5]): seat 1 starts, diamonds
    are trump, and team 1 (seats 1 and 3) defends at its level 2."""
    layout = base_layout()
    reverse(layout, 0, 1, 2, 3)  # A K K Q Q ... 2 2
    move_to(layout, 0, "2C", 2)  # AC KC 2C KC ...
    move_to(layout, 1, "2D", 1)  # AD 2D KD KD ...
    deck = deck_of(layout)
    assert deck[5] == c("2D") and deck[8] == c("2C")
    assert all(card.rank != 2 for card in deck[:5] if not card.is_joker)
    state = ep.new_game(0, deck=deck)
    t = state.table
    assert (t.starter, t.trump, t.royal) == (1, DIAMONDS, 2)
    assert t.starter % 2 == 1


def test_starter_seat_3_makes_team_1_defend() -> None:
    """ "the starting player's team defends"; "the royal number (trump number) is the defending team's
    level." Seats 0-2 dealt A first: seat 3's 2S (deck[3]) is the first 2."""
    layout = base_layout()
    reverse(layout, 0, 1, 2)
    state = ep.new_game(0, deck=deck_of(layout))
    t = state.table
    assert (t.starter, t.trump, t.royal, t.phase, state.to_act) == (3, SPADES, 2, "discard", 3)
    assert ep.opening_events(state) == (
        Dealt(1, (25,) * 4),
        ep.TrumpSet(round=1, starter=3, royal=2, suit=SPADES),
        ep.BottomTaken(3),
    )


def test_no_two_dealt_redeals_at_once_not_counted() -> None:
    """ "(cards of the bottom are not dealt to anyone and do not count). In any round, if no card of
    the needed rank (2 in the first round) is dealt, the deal is redone at once (not a move, and not
    counted as a redeal)." All eight 2s are in the bottom: the deal is redone from the seed's shuffle,
    dealt seat 0 first."""
    layout: Layout = [
        [Card(rank, suit) for rank in range(3, 15) for _ in range(2)] + [c("SJ") if suit < 2 else c("BJ")]
        for suit in range(4)
    ]
    layout.append(list(cs("2C 2C 2D 2D 2H 2H 2S 2S")))
    seed = 6
    state = ep.new_game(seed, deck=deck_of(layout))
    cards, _ = Rng.from_seed(seed).shuffle(double_deck())
    hands, bottom, starter, trump = deal_from(cards, 0, 2)
    assert state.table.redeals == 0
    assert state.table.trump == trump
    assert_dealt(state, hands, bottom, starter)


def test_later_rounds_trump_from_first_royal_card_dealt_from_the_starter() -> None:
    """ "The deal is one card at a time, ... the starting player first after that"; "Later rounds: the
    starting player is set by the previous round (below), and the first card of the royal number dealt
    sets the trump suit." Round 1 ends with P = 0: team 0 goes to 5 and seat 2 starts round 2, royal 5."""
    differs = 0
    for seed in range(6):
        state, _ = finish(endgame(L0, B0, seed=seed))
        cards, _ = Rng.from_seed(seed).shuffle(double_deck())
        hands, bottom, _, trump = deal_from(cards, 2, 5)
        _, _, _, first_two_suit = deal_from(cards, 2, 2)
        differs += trump != first_two_suit
        t = state.table
        assert (t.match.round, t.match.levels, t.royal, t.trump) == (2, (5, 2), 5, trump)
        assert_dealt(state, hands, bottom, 2)
    assert differs > 0  # the first 2 dealt would have named another suit


def test_later_rounds_trump_from_the_royal_number_of_team_b() -> None:
    """ "the royal number is the defending team's level"; "Later rounds: ... the first card of the
    royal number dealt sets the trump suit." Seat 1 starts round 1 and its team (B, seats 1 and 3)
    holds the attackers to P = 0: B goes to 5 while A stays at 2, seat 3 (seat 1's partner) starts
    round 2, and the first 5 dealt (from seat 3) names the trump suit, not the first 2."""
    differs = 0
    for seed in range(6):
        state, _ = finish(endgame(("4C", "3C", "AC", "6C"), B0, leader=1, starter=1, seed=seed))
        cards, _ = Rng.from_seed(seed).shuffle(double_deck())
        hands, bottom, _, trump = deal_from(cards, 3, 5)
        _, _, _, first_two_suit = deal_from(cards, 3, 2)
        differs += trump != first_two_suit
        t = state.table
        assert (t.match.round, t.match.levels, t.royal, t.trump) == (2, (2, 5), 5, trump)
        assert_dealt(state, hands, bottom, 3)
    assert differs > 0  # the first 2 dealt would have named another suit


def test_the_trump_card_may_be_the_last_card_dealt_or_a_royal_ace_of_spades() -> None:
    """ "the first 2 dealt ... sets the trump suit" and, later, "the first card of the royal number
    dealt sets the trump suit", at the edges of the deal, worked by hand. Round 1: the only 2 among
    the 100 cards dealt is the 100th, a 2S, which seat 3 receives (dealt from seat 0): seat 3
    starts and spades are trumps. A later round at royal ace, dealt from seat 2, whose first card is
    AS (code 51, the last card of the 52 before the jokers): spades are trumps, seat 2 starts."""
    twos = [card for card in double_deck() if not card.is_joker and card.rank == 2]
    others = [card for card in double_deck() if card.is_joker or card.rank != 2]
    twos.remove(c("2S"))
    deck = [*others[:99], c("2S"), *twos, others[99]]
    state = ep.new_game(0, deck=deck)
    assert (state.table.starter, state.table.trump, state.table.redeals) == (3, 3, 0)
    assert_dealt(state, *deal_from(deck, 0, 2)[:3])

    aces = [card for card in double_deck() if not card.is_joker and card.rank == 14]
    rest = [card for card in double_deck() if card.is_joker or card.rank != 14]
    aces.remove(c("AS"))
    deck = [c("AS"), *rest, *aces]
    hands, bottom, _, _ = deal_from(deck, 2, 14)
    assert rules._deal(deck, 2, 14) == (tuple(tuple(sorted(h)) for h in hands), bottom, 2, 3)


def test_config_options() -> None:
    """ "(option: at most max_redeals = 3 a round)"; "(option: max_rounds = 50)"; "(option: rounds = N
    plays exactly N rounds ... and overrides max_rounds.)" Invalid values raise ConfigError."""
    config = ep.Config()
    assert (config.max_redeals, config.max_rounds, config.rounds) == (3, 50, None)
    assert ep.Config(max_rounds=7, rounds=3).round_limit == 3
    assert ep.Config(max_rounds=7).round_limit == 7
    for bad in ({"max_redeals": -1}, {"max_rounds": 0}, {"rounds": 0}):
        with pytest.raises(ConfigError):
            ep.Config(**bad)
    assert ep.num_players() == 4
    assert ep.game_deck() == double_deck()
    assert len(double_deck()) == 108


def test_max_moves_bound() -> None:
    """ "Every game ends: each game states a hard bound on its number of moves" (All games)."""
    assert ep.max_moves(ep.Config()) == 50 * (4 * 4 + 4 + 8 + 100)
    assert ep.max_moves(ep.Config(rounds=2, max_redeals=0)) == 2 * (4 + 4 + 8 + 100)
    rng = random.Random(2)
    for seed in range(3):
        config = ep.Config(rounds=2)
        state = ep.new_game(seed, config)
        moves = 0
        while state.to_act is not None:
            state = ep.apply(state, rng.choice(ep.legal_moves(state)))
            moves += 1
        assert moves <= ep.max_moves(config)
        assert state.table.match.round == 2


# --- Redeals -------------------------------------------------------------------------------------


def test_redeal_asks_only_players_under_25_in_turn_from_the_starter() -> None:
    """ "After the deal, in turn from the starting player, each player whose hand holds fewer than 25
    points (and only such a player) chooses to ask for a redeal or keep." Starter 2; seats 1 and 3
    hold 20 points, seats 0 and 2 more: seat 3 is asked, then seat 1; then the bottom is taken."""
    state = ep.new_game(4, deck=deck_of(poor_layout()))
    assert (state.table.phase, state.to_act) == ("redeal", 3)
    assert ep.legal_moves(state) == (ASK, KEEP)
    state = ep.apply(state, KEEP)
    assert (state.table.phase, state.to_act) == ("redeal", 1)
    state, events = ep.step(state, KEEP)
    assert (state.table.phase, state.to_act, state.table.redeals) == ("discard", 2, 0)
    assert events == (ep.BottomTaken(2),)


def test_exactly_25_points_is_not_asked() -> None:
    """ "each player whose hand holds fewer than 25 points (and only such a player)" : seat 1 gives
    KD KD 5D to the bottom and keeps 5D TD TD = 25 points: it is not asked; seat 3 (20 points) is."""
    layout = base_layout()
    reverse(layout, 0, 1)
    exchange(layout, 1, "KD KD 5D", BOTTOM, "AC AD AH")  # seat 1: 5 + 10 + 10 = 25
    exchange(layout, 3, "KS KS TS", 0, "3C 3C 4C")  # seat 3: 20
    assert [pts(h) for h in layout[:4]] == [80, 25, 50, 20]
    state = ep.new_game(0, deck=deck_of(layout))
    assert (state.table.phase, state.to_act) == ("redeal", 3)
    state = ep.apply(state, KEEP)
    assert (state.table.phase, state.to_act) == ("discard", 2)


def test_redeal_reshuffles_repeats_the_starter_choice_and_asks_again() -> None:
    """ "A redeal shuffles everything and deals again, repeats the choice of starting player (first
    round) and trump suit, and starts the asking again." In the first round the new deal goes seat 0
    first, the first 2 dealt choosing the starter again; the redeals are counted."""
    asked_again = 0
    for seed in range(12):
        state = ep.new_game(seed, deck=deck_of(poor_layout()))
        state, events = ep.step(state, ASK)
        cards, _ = Rng.from_seed(seed).shuffle(double_deck())
        hands, bottom, starter, trump = deal_from(cards, 0, 2)
        phase, to_act = first_question(hands, starter, 1, 3)
        asked_again += phase == "redeal"
        t = state.table
        assert (t.redeals, t.trump, t.phase, state.to_act) == (1, trump, phase, to_act)
        assert_dealt(state, hands, bottom, starter)
        assert events[:3] == (
            ep.RedealAsked(3, 1),
            Dealt(1, (25,) * 4),
            ep.TrumpSet(round=1, starter=starter, royal=2, suit=trump),
        )
    assert asked_again > 0


def find_seed_with_two_poor_deals() -> int:
    """A seed whose first two shuffles each leave a hand under 25 points."""
    for seed in range(500):
        rng = Rng.from_seed(seed)
        poor = True
        for _ in range(2):
            cards, rng = rng.shuffle(double_deck())
            hands, _, _, _ = deal_from(cards, 0, 2)
            poor = poor and any(pts(h) < 25 for h in hands)
        if poor:
            return seed
    raise AssertionError("no such seed")


def test_redeals_capped_at_max_redeals() -> None:
    """ "(option: at most max_redeals = 3 a round)"; "Once max_redeals redeals have been made in a
    round, nobody is asked." With max_redeals = 2 the third deal asks nobody although a seat is under
    25 points; with 1, the second; with 0, the stacked deal asks nobody."""
    seed = find_seed_with_two_poor_deals()
    state = ep.new_game(seed, ep.Config(max_redeals=2), deck=deck_of(poor_layout()))
    state = ep.apply(state, ASK)
    assert (state.table.phase, state.table.redeals) == ("redeal", 1)
    state = ep.apply(state, ASK)
    rng = Rng.from_seed(seed)
    _, rng = rng.shuffle(double_deck())
    cards, _ = rng.shuffle(double_deck())
    hands, _, starter, _ = deal_from(cards, 0, 2)
    assert any(pts(h) < 25 for h in hands)
    assert state.table.redeals == 2
    assert (state.table.phase, state.to_act) == first_question(hands, starter, 2, 2)
    assert state.table.phase != "redeal"

    state = ep.new_game(seed, ep.Config(max_redeals=1), deck=deck_of(poor_layout()))
    state = ep.apply(state, ASK)
    assert state.table.redeals == 1
    assert state.table.phase != "redeal"

    state = ep.new_game(seed, ep.Config(max_redeals=0), deck=deck_of(poor_layout()))
    assert (state.table.phase, state.to_act, state.table.redeals) == ("discard", 2, 0)


def test_redeal_in_a_later_round_keeps_the_starter_and_deals_from_it() -> None:
    """ "A redeal shuffles everything and deals again, repeats the choice of starting player (first
    round) and trump suit" : in round 2 the starter stays (seat 2), the deal goes from it, and the
    first royal card (5) dealt sets the trump suit."""
    for seed in range(300):
        state, _ = finish(endgame(L0, B0, seed=seed))
        if state.table.phase == "redeal":
            break
    else:
        raise AssertionError("no round 2 with a redeal question")
    rng = state.table.match.rng
    asked = state.to_act
    assert asked is not None
    state, events = ep.step(state, ASK)
    assert events[0] == ep.RedealAsked(asked, 1)
    cards, _ = rng.shuffle(double_deck())
    hands, bottom, _, trump = deal_from(cards, 2, 5)
    t = state.table
    assert (t.match.round, t.starter, t.royal, t.trump, t.redeals) == (2, 2, 5, trump, 1)
    assert_dealt(state, hands, bottom, 2)
    assert (t.phase, state.to_act) == first_question(hands, 2, 1, 3)


# --- No trump ------------------------------------------------------------------------------------


def joker_layout() -> Layout:
    """Starter 2 (seats 0 and 1 reversed), trump hearts; seat 1 holds SJ SJ (for 3D 3D), seat 3
    BJ BJ (for 3S 3S); everyone has 50 points."""
    layout = base_layout()
    reverse(layout, 0, 1)
    exchange(layout, 1, "3D 3D", BOTTOM, "SJ SJ")
    exchange(layout, 3, "3S 3S", BOTTOM, "BJ BJ")
    return layout


def test_no_trump_asked_in_turn_from_the_starter() -> None:
    """ "Then, in turn from the starting player, each player holding two identical jokers (two big or
    two small) chooses to show them or not" : seat 3 (BJ BJ), then seat 1 (SJ SJ)."""
    state = ep.new_game(0, deck=deck_of(joker_layout()))
    assert (state.table.phase, state.to_act) == ("declare", 3)
    assert ep.legal_moves(state) == (DECLARE, NO_DECLARE)
    state = ep.apply(state, NO_DECLARE)
    assert (state.table.phase, state.to_act) == ("declare", 1)
    state = ep.apply(state, NO_DECLARE)
    assert (state.table.phase, state.to_act, state.table.trump) == ("discard", 2, HEARTS)


def test_declaring_no_trump_ends_the_phase_roles_unchanged() -> None:
    """ "the first to show ends this phase, and the round then has no trump suit (...; roles do not
    change)." Seat 3 shows: seat 1 is not asked; starter 2 and royal 2 stay."""
    state = ep.new_game(0, deck=deck_of(joker_layout()))
    state, events = ep.step(state, DECLARE)
    t = state.table
    assert (t.phase, state.to_act, t.starter, t.trump, t.royal) == ("discard", 2, 2, None, 2)
    assert events == (
        ep.NoTrumpDeclared(3),
        ep.TrumpSet(round=1, starter=2, royal=2, suit=None),
        ep.BottomTaken(2),
    )


def test_a_big_and_a_small_joker_are_not_asked() -> None:
    """ "each player holding two identical jokers (two big or two small)" : seat 2 holding one big
    and one small joker is not asked."""
    layout = base_layout()
    reverse(layout, 0, 1)
    exchange(layout, 2, "3H 4H", BOTTOM, "SJ BJ")
    state = ep.new_game(0, deck=deck_of(layout))
    assert (state.table.phase, state.to_act) == ("discard", 2)


def test_redeal_phase_comes_before_the_no_trump_phase() -> None:
    """ "After the deal, ... ask for a redeal or keep ... Then, in turn from the starting player, each
    player holding two identical jokers chooses to show them or not" : seat 0 (SJ SJ for 6C 6C) is
    asked to declare only after seats 3 and 1 keep."""
    layout = poor_layout()
    exchange(layout, 0, "6C 6C", BOTTOM, "SJ SJ")
    state = ep.new_game(0, deck=deck_of(layout))
    assert (state.table.phase, state.to_act) == ("redeal", 3)
    state = ep.apply(ep.apply(state, KEEP), KEEP)
    assert (state.table.phase, state.to_act) == ("declare", 0)


# --- The bottom and the discards -----------------------------------------------------------------


def test_starter_takes_the_bottom_and_discards_8_one_per_move() -> None:
    """Rule text: "The starting player then picks up the bottom 8 and discards any 8 cards back to the
    table." Ruling: "Then the starting player takes the bottom 8 and discards any 8 cards, one move per
    card; those 8 are the bottom." Base layout: seat 0 starts with clubs trump and holds 33 cards."""
    layout = base_layout()
    state = ep.new_game(0, deck=deck_of(layout))
    assert (state.table.phase, state.to_act, state.table.bottom) == ("discard", 0, ())
    assert Counter(state.hands[0]) == Counter(layout[0]) + Counter(layout[BOTTOM])
    assert [len(h) for h in state.hands] == [33, 25, 25, 25]
    assert ep.legal_moves(state) == tuple(ep.Discard(x) for x in sorted(set(state.hands[0])))
    discards = cs("BJ 3C BJ SJ KC AD AH AS")  # any 8, from the hand or the bottom
    for k, card in enumerate(discards, start=1):
        assert state.table.phase == "discard"
        state, events = ep.step(state, ep.Discard(card))
        assert events == (ep.Discarded(0, k),)
        assert len(state.hands[0]) == 33 - k
    t = state.table
    assert (t.phase, state.to_act, t.leader) == ("play", 0, 0)
    assert sorted(t.bottom) == sorted(discards)
    assert Counter(state.hands[0]) == Counter(layout[0]) + Counter(layout[BOTTOM]) - Counter(discards)
    ep.validate(state)


def test_discarding_a_card_not_held_is_illegal() -> None:
    """ "discards any 8 cards" of its hand: a card it does not hold is no discard; a play is no move
    in this phase."""
    state = ep.new_game(0, deck=deck_of(base_layout()))
    for move in (ep.Discard("3D"), ep.Play("3C"), KEEP):
        assert not ep.is_legal(state, move)
        with pytest.raises(IllegalMoveError):
            ep.apply(state, move)
    state = ep.apply(state, ep.Discard("AD"))
    assert not ep.is_legal(state, ep.Discard("AD"))  # its only AD is in the bottom now


def discarded_state() -> ep.State:
    """Base layout after seat 0 discards AD AH AS SJ SJ BJ BJ AC: hands are suits again."""
    state = ep.new_game(0, deck=deck_of(base_layout()))
    for card in cs("AD AH AS SJ SJ BJ BJ AC"):
        state = ep.apply(state, ep.Discard(card))
    return state


def test_first_trick_led_by_the_starter_trumps_follow_and_points() -> None:
    """ "The starting player leads the first trick."; "When trumps are led, the trump suit includes
    the jokers and every royal-number card."; "Equal plays: the earlier wins. The winner leads next.";
    "Only the attackers' tricks count." Clubs are trump, royal 2: on KC each other seat must play its
    royal 2, and seat 1's 2D (first of the equal off-suit royals) wins 10 points for the attackers."""
    state = discarded_state()
    assert state.to_act == 0
    state = ep.apply(state, ep.Play("KC"))
    for seat, royal in ((1, "2D"), (2, "2H"), (3, "2S")):
        assert state.to_act == seat
        assert ep.legal_moves(state) == (ep.Play(royal),)
        assert not ep.is_legal(state, ep.Play(royal.replace("2", "3")))
        if seat < 3:
            state = ep.apply(state, ep.Play(royal))
    state, events = ep.step(state, ep.Play("2S"))
    assert events == (CardPlayed(3, c("2S")), TrickWon(1, cs("KC 2D 2H 2S"), 10))
    t = state.table
    assert (state.to_act, t.leader, t.points, len(t.tricks)) == (1, 1, 10, 1)
    assert t.tricks[0] == ep.CompletedTrick(
        leader=0, plays=((c("KC"),), (c("2D"),), (c("2H"),), (c("2S"),)), winner=1, points=10
    )
    for seat in range(4):  # "every played card; levels, trump, points won so far" (issue 6)
        v = ep.view(state, seat)
        assert (v.tricks, v.trick, v.points, v.levels, v.trump) == (t.tricks, (), 10, (2, 2), CLUBS)


def test_defenders_tricks_do_not_count() -> None:
    """Rule text: "Do not count point cards won by the Defenders." Ruling: "Only the attackers' tricks
    count." Seat 0 (defender) wins the last trick KC 3C TC 5C, worth 25, after winning every other
    trick: the attackers end with 0 points (defenders +3)."""
    state, events = finish(endgame(("KC", "3C", "TC", "5C"), B0))
    assert event(events, TrickWon) == TrickWon(0, cs("KC 3C TC 5C"), 25)
    scored = event(events, RoundScored)
    assert isinstance(scored, RoundScored)
    assert scored.points[1] == scored.points[3] == 0
    assert state.table.match.levels == (5, 2)


# --- The end of a round: the bottom, the level table, the next starter ---------------------------

LEVEL_ROWS = [
    # (P, last trick, bottom, levels after, next starter): starter 0, team 0 at 2 defends
    (0, L0, B0, (5, 2), 2),
    (5, L5, B0, (4, 2), 2),
    (35, L15, B10, (4, 2), 2),
    (40, L0, B20, (3, 2), 2),
    (75, L15, B30, (3, 2), 2),
    (80, L20, B30, (2, 2), 1),
    (115, L15, B50, (2, 2), 1),
    (120, L20, B50, (2, 3), 1),
    (155, L35, B60, (2, 3), 1),
    (160, L40, B60, (2, 4), 1),
    (195, L35, B80, (2, 4), 1),
    (200, L40, B80, (2, 5), 1),
]


@pytest.mark.parametrize(("p", "last", "bottom", "levels", "starter"), LEVEL_ROWS)
def test_level_table_rows_from_a_finished_round(
    p: int, last: tuple[str, str, str, str], bottom: str, levels: tuple[int, int], starter: int
) -> None:
    """ "The round's result, by the attackers' points (P): P = 0: defenders +3 levels; 1-39: +2;
    40-79: +1; 80-119: the attackers defend next round at their own level; 120-159: they defend next
    at level +1; 160-199: +2; 200 or more: +3."; "If the attackers win the last trick, the points in
    the bottom count twice". Every earlier trick went to the defenders, so P = the last trick's points
    + twice the bottom's (P written in the first column)."""
    state, events = finish(endgame(last, bottom))
    bottom_cards = cs(bottom)
    revealed = event(events, ep.BottomRevealed)
    assert revealed == ep.BottomRevealed(bottom_cards, pts(bottom_cards), 2 * pts(bottom_cards))
    scored = event(events, RoundScored)
    assert isinstance(scored, RoundScored)
    assert scored.points[1] == scored.points[3] == p
    defenders = 0 if starter == 2 else 1
    assert event(events, ep.LevelsChanged) == ep.LevelsChanged(levels, defenders, starter)
    t = state.table
    assert (t.match.round, t.match.levels, t.starter, t.royal) == (2, levels, starter, levels[defenders])


@pytest.mark.parametrize(
    ("p", "take_over", "gain"),
    [
        (0, False, 3),
        (1, False, 2),
        (5, False, 2),
        (39, False, 2),
        (40, False, 1),
        (79, False, 1),
        (80, True, 0),
        (119, True, 0),
        (120, True, 1),
        (159, True, 1),
        (160, True, 2),
        (199, True, 2),
        (200, True, 3),
        (280, True, 3),
    ],
)
def test_level_change_every_row_and_boundary(p: int, take_over: bool, gain: int) -> None:
    """ "P = 0: defenders +3 levels; 1-39: +2; 40-79: +1; 80-119: the attackers defend next round at
    their own level; 120-159: they defend next at level +1; 160-199: +2; 200 or more: +3." """
    assert ep.level_change(p) == (take_over, gain)


def test_level_change_takes_points_as_an_int() -> None:
    for junk in ("80", 80.0, None, True):
        with pytest.raises(ConfigError, match="as an int"):
            ep.level_change(junk)  # type: ignore[arg-type]


def test_level_change_refuses_negative_points() -> None:
    """A round's points are the 5s, 10s and kings the attackers take (and the bottom): never below
    0, so a negative count is refused rather than scored as P = 0."""
    for points in (-1, -5, -200):
        with pytest.raises(ConfigError, match="0 or more"):
            ep.level_change(points)


def test_bottom_not_counted_when_defenders_win_the_last_trick() -> None:
    """ "If the attackers win the last trick, the points in the bottom count twice" (and otherwise not
    at all: they are not in anyone's tricks). Seat 0 (defender) wins the last trick with AC: P = 0
    with 80 points in the bottom, defenders +3."""
    state, events = finish(endgame(("AC", "3C", "4C", "6C"), B80))
    assert event(events, ep.BottomRevealed) == ep.BottomRevealed(cs(B80), 80, 0)
    assert state.table.match.levels == (5, 2) and state.table.starter == 2


def test_bottom_doubled_whatever_the_shape_of_the_last_trick() -> None:
    """ "If the attackers win the last trick, the points in the bottom count twice (whatever the shape
    of that trick)". A last trick of doubles won by seat 1's AC AC: P = 2 * 30 = 60, defenders +1; a
    last trick of sisters won by seat 1's KC KC AC AC: P = 20 + 2 * 30 = 80, the attackers take over."""
    state, events = finish(endgame(("3C 3C", "AC AC", "4C 4C", "6C 6C"), B30))
    assert event(events, ep.BottomRevealed) == ep.BottomRevealed(cs(B30), 30, 60)
    assert event(events, TrickWon) == TrickWon(1, cs("3C 3C AC AC 4C 4C 6C 6C"), 0)
    assert (state.table.match.levels, state.table.starter) == ((3, 2), 2)
    last = ("3C 3C 4C 4C", "KC KC AC AC", "6C 6C 7C 7C", "8C 8C 9C 9C")
    state, events = finish(endgame(last, B30))
    scored = event(events, RoundScored)
    assert isinstance(scored, RoundScored)
    assert scored.points[1] == 80
    assert (state.table.match.levels, state.table.starter) == ((2, 2), 1)


def test_a_round_can_exceed_200() -> None:
    """ "If the attackers win the last trick, the points in the bottom count twice ..., so a round can
    exceed 200." Seat 1 (attacker) won every earlier trick (180 points) and the last: 180 + 2 * 20 =
    220, +3; had seat 2 won the last trick, 180, +2."""
    state, events = finish(endgame(("6C", "AC", "3C", "4C"), B20, leader=1))
    scored = event(events, RoundScored)
    assert isinstance(scored, RoundScored)
    assert scored.points[1] == scored.points[3] == 220
    assert (state.table.match.levels, state.table.starter) == ((2, 5), 1)
    state, events = finish(endgame(("6C", "3C", "AC", "4C"), B20, leader=1))
    scored = event(events, RoundScored)
    assert isinstance(scored, RoundScored)
    assert scored.points[1] == 180
    assert (state.table.match.levels, state.table.starter) == ((2, 4), 1)


@pytest.mark.parametrize(
    ("starter", "last", "bottom", "next_starter", "levels"),
    [
        (0, L20, B30, 1, (2, 2)),  # P = 80: left of seat 0
        (0, L0, B0, 2, (5, 2)),  # P = 0: partner of seat 0
        (3, ("AC", "TC", "KC", "3C"), B30, 0, (2, 2)),  # P = 80: left of seat 3 wraps to 0
        (3, ("AC", "4C", "6C", "3C"), B0, 1, (2, 5)),  # P = 0: partner of seat 3
        (1, ("4C", "3C", "AC", "6C"), B0, 3, (2, 5)),
        (1, ("KC", "3C", "AC", "TC"), B30, 2, (2, 2)),  # P = 80: left of seat 1
        (2, ("6C", "4C", "3C", "AC"), B30, 0, (3, 2)),  # P = 60: partner of seat 2
        (2, ("TC", "KC", "3C", "AC"), B30, 3, (2, 2)),  # P = 80: left of seat 2
    ],
)
def test_next_starting_player(
    starter: int, last: tuple[str, str, str, str], bottom: str, next_starter: int, levels: tuple[int, int]
) -> None:
    """ "The next starting player: the player to the left of the last one if the attackers reached 80;
    otherwise the partner of the last one." The starter leads the last trick (and won all before)."""
    state, events = finish(endgame(last, bottom, leader=starter, starter=starter))
    changed = event(events, ep.LevelsChanged)
    assert changed == ep.LevelsChanged(levels, next_starter % 2, next_starter)
    assert (state.table.starter, state.table.match.levels) == (next_starter, levels)


def test_round_scored_for_team_a_attacking() -> None:
    """ "Only the attackers' tricks count." Seat 1 starts (team B defends) and won every trick but
    the last; seat 2 (team A) wins the last, KC 3C AC TC led by seat 1: 20 points, and the 30 of
    the bottom twice: P = 80, told for seats 0 and 2 only; team A takes over at its level 2."""
    _, events = finish(endgame(("KC", "3C", "AC", "TC"), B30, leader=1, starter=1))
    assert event(events, RoundScored) == RoundScored(1, (80, 0, 80, 0), (2, 2, 2, 2))


@pytest.mark.parametrize(
    ("last", "bottom", "leader", "value"),
    [
        (L0, B0, 0, (1.0, 0.0, 1.0, 0.0)),  # P = 0: A +3 and defends next (4 - 0) / 8; A all points
        (L20, B30, 0, (0.4375, 0.5625, 0.4375, 0.5625)),  # P = 80: B defends next, 1 / 8; share 1/2
        (("6C", "AC", "3C", "4C"), B20, 1, (0.0, 1.0, 0.0, 1.0)),  # P = 220: B +3, defends; share 1
    ],
)
def test_rollout_of_the_last_trick_is_valued_as_documented(
    last: tuple[str, str, str, str], bottom: str, leader: int, value: tuple[float, ...]
) -> None:
    """``rollout``'s documented value, worked out by hand for a last trick (seat 0 starts, team B
    attacks): the mean of a value by levels, ``0.5 + (own - other) / 8`` a seat with each team's
    levels gained plus one for defending next, and a value by points, the attackers' total clamped
    to [0, 160] over 160 (the defenders the rest)."""
    assert ep.rollout(endgame(last, bottom, leader=leader), 0) == pytest.approx(value)


# --- The match -----------------------------------------------------------------------------------


def test_successful_defence_at_ace_wins_the_match() -> None:
    """ "The match is won by the team that defends successfully (attackers under 80) in a round whose
    royal number is A"; "Outcome.scores has one entry per seat (in team games each seat carries its
    team's score; in 80 Points, its team's level)". Team 0 defends at A, P = 0."""
    state, events = finish(endgame(L0, B0, levels=(14, 9)))
    assert state.to_act is None and state.table.phase == "over"
    expected = Outcome((14.0, 9.0, 14.0, 9.0), (0, 2))
    assert ep.outcome(state) == expected
    assert events[-1] == GameOver(expected)
    assert ep.legal_moves(state) == ()
    ep.validate(state)
    with pytest.raises(IllegalMoveError):
        ep.apply(state, ep.Play("3C"))


def test_failed_defence_at_ace_goes_on() -> None:
    """ "The match is won by the team that defends successfully (attackers under 80) in a round whose
    royal number is A" : at A with P = 80 the attackers (level 9) defend next, royal 9."""
    state, _ = finish(endgame(L20, B30, levels=(14, 9)))
    t = state.table
    assert ep.outcome(state) is None
    assert (t.match.round, t.match.levels, t.starter, t.royal) == (2, (14, 9), 1, 9)


def test_reaching_ace_by_a_gain_is_not_enough_and_levels_stop_at_ace() -> None:
    """ "reaching A by a level gain is not enough."; "Levels stop at A." Team 0 defends at Q with
    P = 0: Q + 3 stops at A, and the match goes on with royal A."""
    state, _ = finish(endgame(L0, B0, levels=(12, 2)))
    t = state.table
    assert ep.outcome(state) is None
    assert (t.match.round, t.match.levels, t.starter, t.royal) == (2, (14, 2), 2, 14)


def test_attackers_gain_stops_at_ace() -> None:
    """ "200 or more: +3. Levels stop at A." Team 1 at K takes over with P = 200: K + 3 stops at A."""
    state, _ = finish(endgame(L40, B80, levels=(2, 13)))
    assert (state.table.match.levels, state.table.starter, state.table.royal) == ((2, 14), 1, 14)
    assert ep.outcome(state) is None


@pytest.mark.parametrize(
    ("levels", "last", "bottom", "winners", "final_levels"),
    [
        ((5, 4), L0, B0, (0, 2), (8, 4)),  # P = 0: team 0 higher
        ((5, 4), L20, B30, (0, 2), (5, 4)),  # P = 80: team 1 defends next but team 0 is higher
        ((4, 4), L20, B30, (1, 3), (4, 4)),  # equal levels: team 1 would defend next
        ((4, 6), L0, B0, (0, 2), (7, 6)),
    ],
)
def test_max_rounds_bound_and_tie_break(
    levels: tuple[int, int],
    last: tuple[str, str, str, str],
    bottom: str,
    winners: tuple[int, int],
    final_levels: tuple[int, int],
) -> None:
    """ "It is bounded (option: max_rounds = 50)."; "When a match stops on either bound, the higher
    level wins, and on equal levels the team that would defend the next round wins." max_rounds = 3,
    round 3 ends."""
    config = ep.Config(max_rounds=3)
    state, events = finish(endgame(last, bottom, levels=levels, round_=3, config=config))
    result = ep.outcome(state)
    assert result == Outcome(tuple(float(final_levels[s % 2]) for s in range(4)), winners)
    assert events[-1] == GameOver(Outcome(tuple(float(final_levels[s % 2]) for s in range(4)), winners))
    before, _ = finish(endgame(last, bottom, levels=levels, round_=2, config=config))
    assert ep.outcome(before) is None and before.table.match.round == 3


def test_rounds_plays_exactly_n_rounds_whatever_happens_at_ace() -> None:
    """ "(option: rounds = N plays exactly N rounds, whatever happens at A, and overrides
    max_rounds.)" With rounds = 2 (and max_rounds = 1), a successful defence at A in round 1 does not
    end the match; round 2 ends it, by the higher level (team 0 at A), even with P = 80."""
    config = ep.Config(max_rounds=1, rounds=2)
    state, _ = finish(endgame(L0, B0, levels=(14, 2), config=config))
    assert ep.outcome(state) is None
    assert (state.table.match.round, state.table.starter, state.table.royal) == (2, 2, 14)
    state, _ = finish(endgame(L20, B30, levels=(14, 2), round_=2, config=config))
    assert ep.outcome(state) == Outcome((14.0, 2.0, 14.0, 2.0), (0, 2))


@pytest.mark.parametrize(
    ("last", "bottom", "outcome"),
    [
        (L20, B30, Outcome((2.0, 2.0, 2.0, 2.0), (1, 3))),  # P = 80: the attackers win
        (L15, B30, Outcome((3.0, 2.0, 3.0, 2.0), (0, 2))),  # P = 75: the defenders win
    ],
)
def test_rounds_1_is_a_single_round(last: tuple[str, str, str, str], bottom: str, outcome: Outcome) -> None:
    """ "so rounds=1 is a single round won by the attackers at 80 or more." """
    state, _ = finish(endgame(last, bottom, config=ep.Config(rounds=1)))
    assert ep.outcome(state) == outcome
    assert state.to_act is None


def test_finished_match_state_validates_after_the_defenders_gain() -> None:
    """Contract: "`validate(state)`: Raises StateError unless the state is a consistent position" and
    apply's states are consistent. rounds = 1, P = 0: team 0 goes from 2 to 5; the tricks were played
    with royal 2, but the final state judges them with royal 5 (2C, 2D ... are no trumps then)."""
    state, _ = finish(endgame(L0, B0, config=ep.Config(rounds=1)))
    assert ep.outcome(state) is not None
    ep.validate(state)


def test_sample_state_of_a_finished_match() -> None:
    """Contract: "`sample_state(view, seed)`: A complete state consistent with the view ...:
    `view(sample_state(v, s), v.player) == v`." A match won by the attackers at 80 in one round (the
    royal number is unchanged, so only the winner is missing)."""
    state, _ = finish(endgame(L20, B30, config=ep.Config(rounds=1)))
    ep.validate(state)
    v = ep.view(state, 1)
    assert ep.view(ep.sample_state(v, 0), 1) == v


def test_bottom_public_once_revealed_at_the_end() -> None:
    """Issue 6: "view: own hand; the bottom only for the starting player who took it (until it is
    revealed at the end)"; docs: "Who sees the bottom. ... everyone when the round ends
    (BottomRevealed)." """
    state, events = finish(endgame(L20, B30, config=ep.Config(rounds=1)))
    assert event(events, ep.BottomRevealed) == ep.BottomRevealed(cs(B30), 30, 60)
    for seat in range(4):
        assert ep.view(state, seat).bottom == cs(B30)


# --- Views ---------------------------------------------------------------------------------------


def test_view_shows_own_hand_only_and_no_bottom_before_it_is_taken() -> None:
    """Issue 6: "view: own hand; the bottom only for the starting player who took it". In the redeal
    phase nobody sees the bottom; changing other hands or the bottom changes nobody else's view."""
    layout = poor_layout()
    state = ep.new_game(4, deck=deck_of(layout))
    for seat in range(4):
        v = ep.view(state, seat)
        assert v.hand == state.hands[seat]
        assert (v.bottom, v.bottom_size, v.hand_sizes) == ((), 8, (25, 25, 25, 25))
        assert v.legal_moves == ((ASK, KEEP) if seat == 3 else ())
        assert (v.phase, v.starter, v.trump, v.royal, v.levels, v.round) == (
            "redeal",
            2,
            HEARTS,
            2,
            (2, 2),
            1,
        )
    # seat 0 swaps a card with seat 2, seat 2 one with the bottom: seats 1 and 3 see the same
    hands = [list(h) for h in state.hands]
    hands[0][hands[0].index(c("6C"))], hands[2][hands[2].index(c("6H"))] = c("6H"), c("6C")
    bottom = list(state.table.bottom)
    hands[2][hands[2].index(c("7H"))], bottom[bottom.index(c("AS"))] = c("AS"), c("7H")
    t = state.table
    other = ep.State(
        hands=tuple(tuple(sorted(h)) for h in hands),
        trick=(),
        to_act=state.to_act,
        table=ep.Table(
            phase=t.phase,
            starter=t.starter,
            royal=t.royal,
            trump=t.trump,
            leader=t.leader,
            tricks=t.tricks,
            points=t.points,
            bottom=tuple(bottom),
            redeals=t.redeals,
            match=t.match,
        ),
    )
    ep.validate(other)
    for seat in (1, 3):
        assert ep.view(other, seat) == ep.view(state, seat)
    assert ep.view(other, 0) != ep.view(state, 0)


def test_view_bottom_only_for_the_starter_after_taking_it() -> None:
    """ "the bottom only for the starting player who took it" : during the discards the starter
    sees its discards so far (the bottom), the others only their number; in play likewise."""
    state = ep.new_game(0, deck=deck_of(base_layout()))
    for card in cs("AD AH AS"):
        state = ep.apply(state, ep.Discard(card))
    assert ep.view(state, 0).bottom == cs("AD AH AS")
    assert len(ep.view(state, 0).hand) == 30
    for seat in (1, 2, 3):
        v = ep.view(state, seat)
        assert (v.bottom, v.bottom_size, v.hand_sizes) == ((), 3, (30, 25, 25, 25))
    state = discarded_state()
    assert sorted(ep.view(state, 0).bottom) == sorted(cs("AD AH AS SJ SJ BJ BJ AC"))
    assert all(ep.view(state, seat).bottom == () for seat in (1, 2, 3))
    state = ep.apply(state, ep.Play("KC"))
    for seat in range(4):
        v = ep.view(state, seat)
        assert v.trick == ((c("KC"),),)
        assert v.to_act == 1 and v.leader == 0


def void_suits(state: ep.State) -> list[set[int]]:
    """Effective suits each seat has shown it lacks this round: it answered a lead with fewer cards
    of the led suit than were led."""
    order = ep.order_table(state.table.royal, state.table.trump)
    voids: list[set[int]] = [set(), set(), set(), set()]
    tricks = [(t.leader, t.plays) for t in state.table.tricks]
    if state.trick:
        tricks.append((state.table.leader, state.trick))
    for leader, plays in tricks:
        led = order[plays[0][0]][0]
        for k in range(1, len(plays)):
            if sum(1 for card in plays[k] if order[card][0] == led) < len(plays[0]):
                voids[(leader + k) % 4].add(led)
    return voids


def test_sample_state_round_trips_views_and_respects_voids() -> None:
    """Contract: "`sample_state(view, seed)`: A complete state consistent with the view, hidden cards
    dealt at random (respecting what the public history proves, e.g. a seat that failed to follow a
    suit holds none of it): `view(sample_state(v, s), v.player) == v`." Also the seat being asked
    holds what it must (docs: under 25 points, or two identical jokers). Random matches of one round."""
    rng = random.Random(8)
    checked = 0
    for seed, deck in ((1, None), (2, None), (3, deck_of(poor_layout())), (4, deck_of(joker_layout()))):
        state = ep.new_game(seed, ep.Config(rounds=1), deck=deck)
        moves = 0
        while state.to_act is not None:
            if moves % 6 == 0 or state.table.phase in ("redeal", "declare"):
                order = ep.order_table(state.table.royal, state.table.trump)
                for seat in range(4):
                    v = ep.view(state, seat)
                    sampled = ep.sample_state(v, moves)
                    assert ep.view(sampled, seat) == v
                    voids = void_suits(sampled)
                    for s in range(4):
                        assert not any(order[card][0] in voids[s] for card in sampled.hands[s])
                    actor = sampled.to_act
                    assert actor is not None
                    if sampled.table.phase == "redeal":
                        assert pts(sampled.hands[actor]) < 25
                    if sampled.table.phase == "declare":
                        h = sampled.hands[actor]
                        assert h.count(BIG_JOKER) >= 2 or h.count(SMALL_JOKER) >= 2
                    checked += 1
            state = ep.apply(state, rng.choice(ep.legal_moves(state)))
            moves += 1
    assert checked > 100


# --- Notation and illegal moves ------------------------------------------------------------------


def test_format_and_parse_moves() -> None:
    """Docs: "Notation. Plays are their cards (7C 7C 8C 8C, any order and case); ask, keep, declare,
    pass (no declaration), discard QS." """
    assert ep.format_move(ep.Play("8c 7C 8C 7c")) == "7C 7C 8C 8C"
    assert ep.Play("8c 7C 8C 7c") == ep.Play(cs("7C 7C 8C 8C"))
    assert [ep.format_move(m) for m in (ASK, KEEP, DECLARE, NO_DECLARE, ep.Discard("QS"))] == [
        "ask",
        "keep",
        "declare",
        "pass",
        "discard QS",
    ]
    state = ep.new_game(4, deck=deck_of(poor_layout()))
    assert ep.parse_move(state, "ask") == ASK
    assert ep.parse_move(state, " KEEP ") == KEEP
    state = ep.new_game(0, deck=deck_of(joker_layout()))
    assert ep.parse_move(state, "declare") == DECLARE
    assert ep.parse_move(state, "pass") == NO_DECLARE
    state = ep.new_game(0, deck=deck_of(base_layout()))
    assert ep.parse_move(state, "discard kc") == ep.Discard("KC")
    assert ep.parse_move(state, "discard bj") == ep.Discard("BJ")
    state = discarded_state()
    for move in ep.legal_moves(state):
        assert ep.parse_move(state, ep.format_move(move)) == move
    assert ep.parse_move(state, "3c 3c 4c 4c") == ep.Play("3C 3C 4C 4C")
    assert ep.parse_move(state, "10c") == ep.Play("TC")


@pytest.mark.parametrize("text", ["hello", "3C 4C 5C", "discard", "discard XX", "7Z", "", "3C 3C 4C 4C 5C"])
def test_parse_move_rejects_text_that_is_no_move(text: str) -> None:
    """ "Move notation and errors: parse_move raises IllegalMoveError for a legal-looking move that is
    not legal now, and a subclass of it for text that is no move at all." (All games)"""
    state = discarded_state()
    with pytest.raises(MoveParseError):
        ep.parse_move(state, text)


@pytest.mark.parametrize("text", ["ask", "declare", "discard 3C", "3C 4C", "3D", "3C 3C 5C 5C"])
def test_parse_move_rejects_a_move_not_legal_now(text: str) -> None:
    """ "parse_move raises IllegalMoveError for a legal-looking move that is not legal now" (and not
    the subclass for text that is no move). Seat 0 leads in the base layout after its discards."""
    state = discarded_state()
    with pytest.raises(IllegalMoveError) as info:
        ep.parse_move(state, text)
    assert not isinstance(info.value, MoveParseError)


def test_illegal_moves_raise_and_change_nothing() -> None:
    """Contract: "Anything not legal, including objects that are no move of the game, raises
    IllegalMoveError naming the move, the seat and the reason; nothing is half-applied." Leads: "a
    single card, a double (two identical cards), or sisters ... No other multi-card leads." """
    redeal = ep.new_game(4, deck=deck_of(poor_layout()))
    play = discarded_state()
    cases: list[tuple[ep.State, object]] = [
        (redeal, ep.Play("3H")),
        (redeal, DECLARE),
        (redeal, ep.Discard("3H")),
        (redeal, "ask"),
        (redeal, None),
        (play, ASK),
        (play, ep.Discard("3C")),
        (play, ep.Play("3C 4C")),  # two singles
        (play, ep.Play("3C 3C 5C 5C")),  # doubles not consecutive
        (play, ep.Play("3C 3C 4C")),
        (play, ep.Play("3D")),  # not held
        (play, ep.Play("3C 3C 3C")),
        (play, 42),
    ]
    for state, move in cases:
        before = ep.view(state, 0), state
        assert not ep.is_legal(state, move)
        with pytest.raises(IllegalMoveError):
            ep.apply(state, move)
        with pytest.raises(IllegalMoveError):
            ep.step(state, move)
        assert (ep.view(state, 0), state) == before
    # following: on the trump sisters 3C3C-4C4C seat 1's only trumps are 2D 2D (the off-suit royal
    # number): it must play that double, then any two of its other cards
    state = ep.apply(play, ep.Play("3C 3C 4C 4C"))
    rest = sorted(set(state.hands[1]) - {c("2D")})
    pairs = [(x, x) for x in rest if state.hands[1].count(x) == 2]
    pairs += [(x, y) for i, x in enumerate(rest) for y in rest[i + 1 :]]
    assert set(ep.legal_moves(state)) == {ep.Play((c("2D"), c("2D"), x, y)) for x, y in pairs}
    assert len(pairs) == 11 + 66  # 3D..KD doubled and AD: 11 doubles, 66 pairs of distinct cards
    assert ep.is_legal(state, ep.Play("2D 2D 3D 4D"))
    for move in (ep.Play("3D 3D 4D 4D"), ep.Play("2D 3D 4D 5D"), ep.Play("2D 2D 3D")):
        assert not ep.is_legal(state, move)
        with pytest.raises(IllegalMoveError):
            ep.apply(state, move)
