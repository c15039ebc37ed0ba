"""``cardrules play`` as a person comes back to it (#57): a new deal each game with its seed told,
one compact line a move with the whole table on ``status``, Rugby League in the rule text's words
with slots counted from 1, a choice not offered answered with the choices, and Manager's swaps
with what each would make the teams worth. The real command in a pseudo-terminal, as in
``test_cli_table.py``; Manager's values on a stacked deck, worked out by hand from the rule text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules import GAMES, loads, manager, rugby_league
from cardrules.cards import Suit as CardSuit
from cardrules.cards import parse_cards, stripped_deck
from cardrules.cli._status import swap_preview, swap_values

pytest.importorskip("pexpect")
import pexpect
from test_cli_table import ANSI, Child, _play_until, _spawn


def _screen(child: Child) -> str:
    """The text before the last match, without colour codes or carriage returns."""
    return ANSI.sub("", str(child.before)).replace("\r\n", "\n")


def _quit(child: Child) -> None:
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def _first_deal(*args: str) -> tuple[str | None, str]:
    """The seed a game of Clubs says it was dealt from (None if it says none) and your hand."""
    child = _spawn("clubs", *args, "--bots", "random", colour=False)
    child.expect("Your move: ")
    screen = _screen(child)
    _quit(child)
    told = re.search(r"^Seed (\d+): replay this deal with --seed (\d+)\.$", screen, re.M)
    hand = re.search(r"^Hand: (.*)$", screen, re.M)
    assert hand is not None, screen
    if told is None:
        return None, hand.group(1)
    assert told.group(1) == told.group(2)
    return told.group(1), hand.group(1)


def test_without_seed_each_game_is_a_new_deal_and_its_seed_deals_it_again() -> None:
    """Two games in a row without ``--seed``: two seeds told, two different hands; ``--seed`` with
    the first seed deals the first hand again, and says no seed of its own (as before)."""
    first_seed, first_hand = _first_deal()
    second_seed, second_hand = _first_deal()
    assert first_seed is not None and second_seed is not None
    assert first_seed != second_seed
    assert first_hand != second_hand
    again_seed, again_hand = _first_deal("--seed", first_seed)
    assert again_seed is None
    assert again_hand == first_hand


def test_each_move_shows_one_compact_line_and_status_shows_the_whole_table() -> None:
    """Clubs from seat 2: the first decision shows the whole table; the next, in the same round,
    one line: your turn, each seat's score (0 in the first round: no trick has been scored), and
    the trick so far, the cards the others played since the last trick was won, led by its
    winner. ``status`` shows the whole table again, then the choices."""
    child = _spawn("clubs", "--seed", "1", "--seat", "2", "--bots", "random", colour=False)
    child.expect("Your move: ")
    first = _screen(child)
    assert "Cards left:" in first and "Hand:" in first
    legal = re.search(r"^Legal: (\S+)", first, re.M)
    assert legal is not None
    child.sendline(legal.group(1))
    child.expect("Your move: ")
    second = _screen(child)
    assert "Cards left:" not in second and "Hand:" not in second
    won = list(re.finditer(r"^  (Seat \d|You) wins? the trick", second, re.M))
    assert won, second
    leader = won[-1].group(1)
    after = second[won[-1].end() :]
    played = re.findall(r"^  Seat \d plays the (\S+)\.$", after, re.M)
    status = [line for line in after.split("\n")[1:] if line and not line.startswith("  ")]
    assert status[-1].startswith("Legal: ")
    assert len(status) == 2, status  # one line of the table, then the choices
    led = "you" if leader == "You" else "S" + leader[-1]
    trick = f"trick {' '.join(played)} ({led} led)" if played else ("you lead" if led == "you" else "")
    assert status[0] == f"Your turn · scores S0 0, S1 0, you 0, S3 0 · {trick}"
    assert len(status[0]) <= 80
    child.sendline("status")
    child.expect("Your move: ")
    shown = _screen(child)
    assert re.search(r"^Clubs, round 1, threshold 50\. You are Seat 2\.$", shown, re.M)
    assert "Cards left:" in shown and re.search(r"^Hand: .*\n^Legal: ", shown, re.M)
    child.sendline("help")
    child.expect("status shows the whole table")
    child.expect("Your move: ")
    _quit(child)


def test_rugby_league_in_words_with_slots_counted_from_one(tmp_path: Path) -> None:
    """The kick-off in the rule text's words: "The 'home team' places the coin on the 1 at their
    end" and "attacks first": Home 1, six spaces (Home 2, Home 3, Away 3, Away 2, Away 1, T) from
    the away try line, the first tackle. The six slots are 1 to 6; 0 and 7 are not among them
    and are answered with the choices; 6 plays the last slot, the rules' (and the saved
    transcript's) slot 5."""
    saved = tmp_path / "rl.json"
    child = _spawn("rugby_league", "--seed", "2", "--bots", "random", "--save", str(saved), colour=False)
    child.expect("Your choice: ")
    screen = _screen(child)
    assert "Home (you) have the ball on Home 1, 6 spaces from the away try line." in screen
    assert "Tackle 1 of the set; home have lost 0" in screen
    assert "Your row: slots 1, 2, 3, 4, 5, 6 face down." in screen
    menu = re.findall(r"^ +(\d+)  play your face-down card in slot (\d+)$", screen, re.M)
    assert menu == [(str(k), str(k)) for k in range(1, 7)]
    assert "slot 0" not in screen and "T | " not in screen
    for wrong in ("0", "7", "x"):
        child.sendline(wrong)
        child.expect(f"'{wrong}' is not one of your choices: type one of these numbers.")
        child.expect("Your choice: ")
        assert re.findall(r"^ +(\d+)  play", _screen(child), re.M) == [str(k) for k in range(1, 7)]
    child.sendline("6")
    child.expect(r"You play your face-down card in slot 6\.")
    child.expect("Your choice: ")
    _quit(child)
    transcript = loads(saved.read_text(encoding="utf-8"))
    assert transcript.moves[0] == rugby_league.Choose(5)


def test_a_number_not_in_a_menu_lists_the_choices_in_80_points() -> None:
    """80 Points' redeal question, a menu of two numbered from 1: 9 is answered with both."""

    def asked(kind: int, block: str) -> bool:
        return re.search(r"(?m)^ +\d+  ask for a redeal", block) is not None

    child = _spawn("eighty_points", "--seed", "7", "--bots", "random", "--rounds", "1", colour=False)
    _, _, block = _play_until(child, asked)
    assert re.findall(r"(?m)^ +(\d+)  ", ANSI.sub("", block)) == ["1", "2"]
    child.sendline("9")
    child.expect("'9' is not one of your choices: type one of these numbers.")
    child.expect("Your choice: ")
    assert re.search(r"(?m)^ +1  ask for a redeal", _screen(child))
    _quit(child)


def test_a_card_not_held_is_answered_with_the_legal_cards() -> None:
    child = _spawn("clubs", "--seed", "1", "--bots", "random", colour=False)
    child.expect("Your move: ")
    legal = re.search(r"^Legal: .*$", _screen(child), re.M)
    assert legal is not None
    held = legal.group(0)[len("Legal: ") :].replace("|", " ").split()
    missing = next(f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA" if f"{r}{s}" not in held)
    child.sendline(missing)
    child.expect("Your move: ")
    answer = _screen(child)
    reason = answer.index(f"Not a legal move: you do not hold {missing}")
    assert answer[reason:].endswith("\n" + legal.group(0) + "\n"), answer  # then the legal cards again
    _quit(child)


# Manager, stacked (diamonds stripped; the first ten cards dealt one at a time, seat 0 first; the
# next three the pool): seat 0 2♣ 7♥ 9♠ J♣ Q♣, seat 1 5♣ 6♣ 7♣ 8♠ K♠, pool K♣ 3♥ 10♠.
_TOP = parse_cards("2C 5C 7H 6C 9S 7C JC 8S QC KS KC 3H TS")


def _stacked() -> manager.View:
    deck = list(_TOP) + [c for c in stripped_deck(CardSuit.DIAMONDS) if c not in _TOP]
    state = manager.new_game(0, deck=deck)
    return manager.view(state, 0)


def test_manager_swap_values_by_hand_from_the_rule_text() -> None:
    """Season 1, by "The Season": seat 0 has 3 defenders and 2 strikers (J♣ Q♣, a sequence of 2:
    no multiplier), seat 1 has 4 defenders (5♣ 6♣ 7♣ in sequence: x3) and 1 striker. Seat 0: 1
    surplus striker, 2 points; seat 1: 1 surplus defender x3, 3 points. Seat 0 lost, so moves
    first in the draft ("The losing player ... picks"). After each swap, against seat 1's team:
    - K♣ for a defender: 2 defenders, 3 strikers J♣ Q♣ K♣ in sequence: 2 surplus strikers x 2
      points x 3 = 12; seat 1 has 2 surplus defenders x3 = 6.
    - K♣ for J♣ or Q♣: strikers Q♣ K♣ or J♣ K♣, no sequence of 3: as now, 2 to 3.
    - 3♥ or 10♠ for a defender: 3 and 2 again, 2 to 3 (10♠ beside 9♠ is a sequence of 2).
    - 3♥ or 10♠ for a striker: 4 defenders and 1 striker each, no surplus either way: 0 to 0.
    - A pass: 2 to 3."""
    view = _stacked()
    assert view.to_act == 0 and view.results[-1].values[0].points == 2
    assert view.results[-1].values[1].points == 3
    values = {manager.format_move(m): v for m, v in swap_values(view).items()}
    expected = {"pass": (2, 3)}
    for out in ("2C", "7H", "9S"):
        expected |= {f"{out}-KC": (12, 6), f"{out}-3H": (2, 3), f"{out}-TS": (2, 3)}
    for out in ("JC", "QC"):
        expected |= {f"{out}-KC": (2, 3), f"{out}-3H": (0, 0), f"{out}-TS": (0, 0)}
    assert values == expected
    assert swap_preview(view) == [
        "Worth after a swap (your season points–Seat 1's):",
        "  take K♣ for: 2♣ 12–6, J♣ 2–3, Q♣ 2–3, 7♥ 12–6, 9♠ 12–6",
        "  take 3♥ for: 2♣ 2–3, J♣ 0–0, Q♣ 0–0, 7♥ 2–3, 9♠ 2–3",
        "  take 10♠ for: 2♣ 2–3, J♣ 0–0, Q♣ 0–0, 7♥ 2–3, 9♠ 2–3",
        "  pass (as it stands): 2–3",
    ]


def test_manager_shows_the_swaps_worth_beside_them_at_the_terminal() -> None:
    """At the terminal the preview comes just before the legal swaps: a line per pool card, each
    with one value per card of your team, and the pass."""
    child = _spawn("manager", "--seed", "4", "--bots", "random", colour=False)
    child.expect("Your move: ")
    screen = _screen(child)
    block = re.search(
        r"^Worth after a swap \(your season points–Seat 1's\):\n((?:  .*\n)+)Legal: ", screen, re.M
    )
    assert block is not None, screen
    lines = block.group(1).rstrip("\n").split("\n")
    pool = re.search(r"pool: (.*?)\s{3}", screen)
    assert pool is not None
    assert [line.split(" for:")[0] for line in lines[:-1]] == [f"  take {c}" for c in pool.group(1).split()]
    assert all(len(re.findall(r"\d+–\d+", line)) == 5 for line in lines[:-1])
    assert re.fullmatch(r"  pass \(as it stands\): \d+–\d+", lines[-1])
    _quit(child)


def test_the_games_each_have_a_compact_line() -> None:
    """Every game's first compact line says whose turn it is, within 80 columns."""
    from cardrules.cli._status import compact

    for name, game in GAMES.items():
        state = game.new_game(5)
        line = compact(game, game.view(state, state.to_act))
        assert line.startswith("Your turn"), (name, line)
        assert len(line) <= 80, (name, line)
