"""Rugby League: a position read back from JSON plays on exactly as the original (its phase strings
are not the interned ones the code writes), the action numbers of the slots, and the tackle count
and score as the text shows them."""

from __future__ import annotations

import random

import pytest

from cardrules import StateError, dumps, loads
from cardrules import rugby_league as rl


def test_a_loaded_position_plays_on_exactly_as_the_original() -> None:
    checked = 0
    for seed in range(1):
        rnd = random.Random(seed)
        state = rl.new_game(seed)
        while state.to_act is not None:
            move = rnd.choice(rl.legal_moves(state))
            loaded = loads(dumps(state))
            assert loaded == state
            assert rl.step(loaded, move) == rl.step(state, move)
            checked += 1
            state = rl.apply(state, move)
    assert checked > 100


def test_every_slot_has_its_action_number() -> None:
    state = rl.new_game(3)
    assert rl.legal_actions(state) == (0, 1, 2, 3, 4, 5)
    for slot in range(6):
        assert rl.decode_move(state, slot) == rl.Choose(slot=slot)
        assert rl.encode_move(rl.Choose(slot=slot)) == slot
        assert rl.parse_move(state, str(slot)) == rl.Choose(slot=slot)


def test_the_text_counts_the_tackle_under_way_and_shows_home_first() -> None:
    """Seed 3, open hands: home TS beats away 4D (tackle 1), then home 8S beats away 2H (tackle 2):
    tackle 3 is under way."""
    state = rl.new_game(3, rl.Config(open_hands=True))
    for home, away in ((2, 0), (1, 3)):
        state = rl.apply(rl.apply(state, rl.Choose(slot=home)), rl.Choose(slot=away))
    lines = rl.render(rl.view(state, 0)).splitlines()
    assert lines[2] == "Tackle 3, tackles lost 0."
    assert state.field.tackles == 2


def test_halves_last_ten_sets_and_extra_time_halves_five() -> None:
    """The first half ends after a total of 10 sets ... the second half ends after a further 10";
    extra time is "5 sets each way" (the rules and the rulings)."""
    assert [rl.sets_in_half(h) for h in (1, 2, 3, 4)] == [10, 10, 5, 5]
    assert [rl.in_extra_time(h) for h in (1, 2, 3, 4)] == [False, False, True, True]
    with pytest.raises(StateError, match="a half is 1 to 4, got 5"):
        rl.sets_in_half(5)
