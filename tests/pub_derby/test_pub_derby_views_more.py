"""Pub Derby's views beyond the text: ``sample_state`` deals every card a view hides so that the
view is the sampled state's own (respecting shown voids, the kick-off 2 and the hidden bench), and
``view`` and ``sample_state`` refuse what is not a seat's view."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import StateError, pub_derby

FORMATS: tuple[pub_derby.Config, ...] = (
    pub_derby.Config(format="classic"),
    pub_derby.Config(format="pub"),
    pub_derby.Config(format="big_squad"),
)


def _positions(config: pub_derby.Config, seed: int) -> list[pub_derby.State]:
    """Every seventh position of a random match, the kick-offs of both halves among them."""
    rnd = random.Random(seed)
    state = pub_derby.new_game(seed, config)
    out = [state]
    moves = 0
    while state.to_act is not None:
        state = pub_derby.apply(state, rnd.choice(pub_derby.legal_moves(state)))
        moves += 1
        if moves % 7 == 0 or (not state.progress.tricks and not state.trick):
            out.append(state)
    return out


@pytest.mark.parametrize("config", FORMATS, ids=lambda c: c.format)
def test_a_sampled_state_shows_the_same_view_and_varies_the_hidden_cards(config: pub_derby.Config) -> None:
    varied = 0
    positions = _positions(config, 3)
    for state in positions:
        for seat in range(config.players):
            view = pub_derby.view(state, seat)
            samples = [pub_derby.sample_state(view, s) for s in range(4)]
            for sample in samples:
                assert pub_derby.view(sample, seat) == view
            varied += len({sample.hands for sample in samples}) > 1
    assert varied > 10


def test_a_view_and_its_sample_refuse_what_is_no_seats_view() -> None:
    state = pub_derby.new_game(3)
    with pytest.raises(StateError, match="player must be a seat from 0 to 3, got 4"):
        pub_derby.view(state, 4)
    view = pub_derby.view(state, 0)
    with pytest.raises(StateError, match="trump suit"):
        pub_derby.sample_state(attrs.evolve(view, trump=-1), 1)


def test_render_names_the_seats_team_and_the_trick_in_play_order() -> None:
    """Seed 3: seat 0 kicks off with 2C, seat 1 follows 3C; seat 1 (team B) sees "Seat 0 2♣,
    you 3♣", and seat 2 is to play."""
    state = pub_derby.new_game(3)
    for card in ("2C", "3C"):
        state = pub_derby.apply(state, pub_derby.parse_move(state, card))
    lines = pub_derby.render(pub_derby.view(state, 1)).splitlines()
    assert lines[0] == "Pub Derby (classic), half 1. You are Seat 1 (team B). Goals A 0–0 B."
    assert lines[2] == "Trick: Seat 0 2♣, you 3♣.   To play: Seat 2."
    teams = [pub_derby.render(pub_derby.view(state, s)).split("\n")[0].split(" (")[2] for s in range(4)]
    assert teams == ["team A). Goals A 0–0 B.", "team B). Goals A 0–0 B."] * 2


def test_a_two_hidden_on_the_bench_stays_on_the_sampled_bench() -> None:
    """Pub format, seed 13: the bench is JH (shown) 8C 2C QD, so 2D kicks off. Every seat's view
    shows the bench top and the kick-off 2D only: a sampled state must put 2C on the bench (the 2s
    before the kick-off lie there) beside two other hidden cards, and the 2D with its holder."""
    state = pub_derby.new_game(13, pub_derby.Config(format="pub"))
    assert [str(c) for c in state.match.bench] == ["JH", "8C", "2C", "QD"]
    two_of_clubs = state.match.bench[2]
    for seat in range(6):
        view = pub_derby.view(state, seat)
        for seed in range(3):
            sample = pub_derby.sample_state(view, seed)
            assert sample.match.bench[0] == state.match.bench[0] and len(sample.match.bench) == 4
            assert two_of_clubs in sample.match.bench
            assert pub_derby.view(sample, seat) == view


def test_render_names_the_cards_of_a_trick_led_by_an_odd_seat_in_play_order() -> None:
    """Play proceeds clockwise from the leader: in a trick led by seat 1 or 3 the table lists the
    leader's card, then the next seat's, then the next."""
    state = pub_derby.new_game(3)
    while not (state.progress.leader % 2 == 1 and len(state.trick) == 3):
        state = pub_derby.apply(state, pub_derby.legal_moves(state)[-1])
        assert state.to_act is not None
    lead = state.progress.leader
    cards = [card.pretty() for card in state.trick]
    seats = [(lead + k) % 4 for k in range(3)]
    viewer = next(s for s in range(4) if s not in seats)
    trick = pub_derby.render(pub_derby.view(state, viewer)).splitlines()[3]
    listed = ", ".join(f"Seat {s} {card}" for s, card in zip(seats, cards))
    assert trick == f"Trick: {listed}.   To play: you."
