"""Pictures of a seat's table as SVG (``cardrules.svg``), and the notebook hooks of states and views."""

from __future__ import annotations

import runpy
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardrules import GAMES, clubs, eighty_points, manager, rugby_league, svg
from cardrules.cards import parse_card
from cardrules.errors import StateError

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent.parent


def _cards(document: str) -> list[tuple[str | None, bool]]:
    """Each drawn card of the picture: its notation (None face down) and whether it is marked legal."""
    root = ET.fromstring(document)
    assert root.tag == f"{SVG}svg"
    return [
        (g.get("data-card"), "legal" in g.get("class", "").split())
        for g in root.iter(f"{SVG}g")
        if "card" in g.get("class", "").split()
    ]


def test_a_clubs_view_draws_the_trick_and_the_hand_with_the_legal_cards_marked() -> None:
    """Seed 3, after A led 2C and B followed 3C: C (seat 2) sees the trick 2C 3C, then its 13
    cards; it holds clubs, so only its clubs are legal (follow suit), and only they are marked."""
    state = clubs.new_game(3)
    for card in ("2C", "3C"):
        state = clubs.apply(state, clubs.Play(parse_card(card)))
    view = clubs.view(state, 2)
    drawn = _cards(svg.draw(view))
    hand = [str(c) for c in view.hand]
    assert [c for c, _ in drawn] == ["2C", "3C", *hand]
    assert [c for c, legal in drawn if legal] == [c for c in hand if c.endswith("C")]
    assert not drawn[0][1] and not drawn[1][1]


def test_a_state_is_drawn_as_its_acting_seat_sees_it() -> None:
    """A picture never shows a hidden card: a state is its acting seat's view."""
    for game in GAMES.values():
        state = game.new_game(5)
        seat = state.to_act
        assert seat is not None
        assert svg.draw(state) == svg.draw(game.view(state, seat))
        assert state._repr_svg_() == svg.draw(state)
        assert game.view(state, seat)._repr_html_() == f'<div class="cardrules-table">{svg.draw(state)}</div>'


def test_rugby_league_blind_rows_are_face_down() -> None:
    """In blind play (the default) nobody sees their own row: six face-down cards a row, and the
    opponent's six as well."""
    state = rugby_league.new_game(1)
    drawn = _cards(svg.draw(rugby_league.view(state, 0)))
    assert drawn == [(None, False)] * 12


def test_eighty_points_hand_wraps_and_marks_only_cards_of_legal_plays() -> None:
    """The starter's 33 cards (its 25 and the bottom's 8) during the discard: discards are cards
    of its hand, so every card is legal; a 33-card hand wraps over three lines of 14."""
    state = eighty_points.new_game(2)
    seat = state.to_act
    assert seat is not None
    view = eighty_points.view(state, seat)
    drawn = _cards(svg.draw(view))
    assert [c for c, legal in drawn if legal] == [str(c) for c in view.hand]
    assert len(view.hand) == 33
    root = ET.fromstring(svg.draw(view))
    rows = {
        g.get("transform", "").split(",")[1] for g in root.iter(f"{SVG}g") if g.get("class") == "card legal"
    }
    assert len(rows) == 3


def test_manager_marks_team_and_pool_cards_that_an_exchange_may_use() -> None:
    """The seat to move may swap any of its five cards for any pool card: those eight are
    legal; the opponent's team is not."""
    state = manager.new_game(4)
    seat = state.to_act
    assert seat is not None
    view = manager.view(state, seat)
    drawn = _cards(svg.draw(view))
    mine, theirs = view.teams[seat], view.teams[1 - seat]
    assert [c for c, _ in drawn] == [str(c) for c in (*mine, *theirs, *view.pool)]
    assert [c for c, legal in drawn if legal] == [str(c) for c in (*mine, *view.pool)]


def test_the_example_writes_one_svg_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(ROOT / "examples" / "draw_tables.py"), run_name="not_main")["main"](str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{name}.svg" for name in GAMES)
    for path in tmp_path.iterdir():
        drawn = _cards(path.read_text(encoding="utf-8"))
        assert drawn, path.name
    assert capsys.readouterr().out.count("Outcome(") == len(GAMES)


@pytest.mark.parametrize("junk", [None, 3, "clubs", clubs.Config()])
def test_what_is_no_state_or_view_is_a_state_error(junk: object) -> None:
    with pytest.raises(StateError, match="expected a game's State or View"):
        svg.draw(junk)
