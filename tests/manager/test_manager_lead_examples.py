"""Manager: the rule text's scoring examples as golden tests, and the draft order after halved
seasons, worked out by hand from shared/rules/manager.md and RULINGS.md."""

from __future__ import annotations

from cardrules import manager
from cardrules.cards import CARDS, Suit, parse_cards


def value(team: str, other: str) -> manager.SeasonValue:
    return manager.season_value(parse_cards(team), parse_cards(other))


def test_rule_text_example_surplus_defender_against_surplus_striker() -> None:
    """ "if North has four defenders, South three, North scores one point ... if South has two
    strikers, North one, South scores two points ... South would win one season (with a majority
    of two to one)." North: four defenders in no run and one striker; South: three and two."""
    north, south = "2H 5H 8C TD KC", "3C 6D 9H QH AD"
    n, s = value(north, south), value(south, north)
    assert (n.defenders, n.strikers, n.surplus_defenders, n.surplus_strikers, n.points) == (4, 1, 1, 0, 1)
    assert (s.defenders, s.strikers, s.surplus_defenders, s.surplus_strikers, s.points) == (3, 2, 0, 1, 2)


def test_rule_text_example_three_defenders_in_sequence_triple_the_point() -> None:
    """ "if three of North's defenders were in sequence in the same suit, and one out of sequence,
    North would score three points instead of one and duly win the season with a majority of three
    to two." North: 2H 3H 4H in sequence, 9C out of it, and a striker."""
    north, south = "2H 3H 4H 9C KC", "3C 6D 9H QH AD"
    n, s = value(north, south), value(south, north)
    assert (n.defender_run, n.defender_multiplier, n.points) == (3, 3, 3)
    assert s.points == 2


def test_run_of_four_multiplies_by_six() -> None:
    """ "Length of meld 3 4 5 / Multiplier 3 x 6 x 9 x": 5D 6D 7D 8D is a run of four, so the one
    surplus defender (four against three) scores 1 x 6 = 6; the other side's surplus striker scores
    2 (JH and KD are no run)."""
    a, b = "5D 6D 7D 8D QC", "2C 9H TH JH KD"
    assert (value(a, b).surplus_defenders, value(a, b).defender_multiplier, value(a, b).points) == (1, 6, 6)
    assert (value(b, a).surplus_strikers, value(b, a).points) == (1, 2)


def test_run_of_five_multiplies_by_nine() -> None:
    """A run of five defenders in clubs: two surplus defenders (five against three) score 2 x 9 = 18;
    the other side's two surplus strikers score 2 x 2 = 4."""
    a, b = "4C 5C 6C 7C 8C", "2D 9H TH JH KD"
    assert (value(a, b).defender_run, value(a, b).points) == (5, 18)
    assert value(b, a).points == 4


def test_striker_run_jqka_multiplies_the_striker_surplus() -> None:
    """RULINGS: "J-Q-K-A is a run": four strikers in sequence against one striker score 3 surplus
    strikers x 2 x 6 = 36."""
    a, b = "JC QC KC AC 2D", "3D 4H 6H 8H AD"
    assert (value(a, b).striker_run, value(a, b).striker_multiplier, value(a, b).points) == (4, 6, 36)


def test_runs_do_not_cross_from_ten_to_jack_nor_wrap() -> None:
    """RULINGS: "a run does not cross from 10 to J"; "runs do not wrap from A to 2". 9H TH JH is two
    defenders and a striker (no run of three); AH 2H 3H has a defender run of two only."""
    crossing = value("9H TH JH 2C 3D", "5C QD KD AD AC")
    assert (crossing.defender_run, crossing.striker_run) == (2, 1)
    wrapping = value("AH 2H 3H 7C 9D", "5C QD KD AD JC")
    assert (wrapping.defender_run, wrapping.striker_run, wrapping.defender_multiplier) == (2, 1, 1)


def test_run_in_the_category_without_surplus_does_not_count() -> None:
    """ "then if he has a surplus, the points are multiplied": a run of three strikers (J Q K of
    clubs) with no striker surplus (three strikers each) multiplies nothing."""
    a, b = "JC QC KC 2D 3H", "AD QH KD 5C 7H"
    assert value(a, b).surplus_strikers == 0
    assert (value(a, b).striker_run, value(a, b).striker_multiplier, value(a, b).points) == (3, 1, 0)


def _halved_deck() -> list[str]:
    """Spades stripped. Both teams: three defenders and two strikers, no run: every season 0 - 0."""
    seat0 = ["2C", "5D", "9H", "JC", "QD"]
    seat1 = ["3C", "6D", "TH", "KC", "AD"]
    dealt = [card for pair in zip(seat0, seat1) for card in pair]
    rest = [str(c) for c in CARDS[:52] if c // 13 != Suit.SPADES and str(c) not in dealt]
    return dealt + rest


def test_halved_first_season_gives_seat_one_the_first_turn_then_alternates() -> None:
    """RULINGS: "after a halved season, the player who did not move first in the previous draft
    moves first (seat 1 after a halved first season)"."""
    state = manager.new_game(0, deck=_halved_deck())
    assert state.match.stripped_suit == Suit.SPADES
    assert state.match.results[0].winner is None and state.match.halves == (1, 1)
    assert state.to_act == 1
    state = manager.apply(manager.apply(state, manager.Pass()), manager.Pass())
    assert state.match.season == 2 and state.match.results[1].winner is None
    assert state.to_act == 0
    state = manager.apply(manager.apply(state, manager.Pass()), manager.Pass())
    assert state.to_act == 1


def test_an_exchange_puts_the_team_card_into_the_pool_and_can_be_taken_back() -> None:
    """RULINGS: "the team card goes into the pool, so it can be taken back later"."""
    state = manager.new_game(0, deck=_halved_deck())
    pool = state.pool
    state = manager.apply(state, manager.Exchange("3C", pool[0]))
    assert "3C" in [str(c) for c in state.pool] and pool[0] in state.teams[1]
    state = manager.apply(state, manager.Pass())
    state = manager.apply(state, manager.Exchange(pool[0], "3C"))
    assert parse_cards("3C")[0] in state.teams[1] and pool[0] in state.pool
