"""Helpers shared by the contract test modules: random playouts, card walks and junk moves."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
from hypothesis import settings
from hypothesis import strategies as st

from cardrules import (
    GAMES,
    AnyGame,
    Card,
    Rng,
    clubs,
    dumps,
    eighty_points,
    manager,
    parse_card,
    pub_derby,
    rugby_league,
)
from cardrules.testing import seeds

__all__ = [
    "CONFIGS",
    "MOVE_CHOICES",
    "SEEDS",
    "Playout",
    "cards_in",
    "configs_for",
    "examples",
    "foreign_moves",
    "game_under_test",
    "hidden_from",
    "junk_moves",
    "malformed_moves",
    "random_playout",
    "registered",
    "rng_playout",
    "state_text",
    "view_leaks",
    "zone_cards",
]


def examples(full: int) -> int:
    """How many examples a test that takes ``full`` of them in the full run takes now: as many
    under Hypothesis's "full" profile (.ci/run), a third (at least 3) under the default "fast"
    one (the README's test command, tests/conftest.py)."""
    return max(3, full * settings().max_examples // 100)  # settings(): the loaded profile's


CONFIGS: dict[str, list[Any]] = {
    # Small thresholds: one or two rounds a game.
    "clubs": [
        clubs.Config(players=4, threshold=8),
        clubs.Config(players=3, threshold=5),
        clubs.Config(players=2, threshold=5),
    ],
    "pub_derby": [
        pub_derby.Config(),
        pub_derby.Config(format="pub"),
        pub_derby.Config(format="big_squad"),
    ],
    "rugby_league": [rugby_league.Config(), rugby_league.Config(open_hands=True)],
    # The default match lasts thousands of moves: one round, and two short rounds with one redeal.
    "eighty_points": [
        eighty_points.Config(rounds=1),
        eighty_points.Config(max_rounds=2, max_redeals=1),
    ],
    "manager": [manager.Config(), manager.Config(max_exchanges=3)],
}
"""Registry name -> the configs the per-step contract tests use."""


def configs_for(name: str) -> list[Any]:
    """The configs the contract suite plays ``name`` with (the default config when none is listed)."""
    return CONFIGS.get(name, [None])


def game_under_test(name: str | AnyGame) -> AnyGame:
    """The game a contract test checks: the registered game ``name`` (the suite's parameter), or a
    game module given itself (one outside the registry: tests/repo/test_adding_a_game.py's toy game)."""
    return GAMES[name] if isinstance(name, str) else name


def registered(game: AnyGame) -> bool:
    """Whether ``game`` is in the registry, and so has JSON documents (``dumps`` and ``loads`` find
    a game by its registry name)."""
    return GAMES.get(game.NAME) is game


def state_text(game: AnyGame, state: Any) -> str:
    """The canonical text the suite compares states by: ``dumps(state)``. A game outside the
    registry has no JSON documents, so its one-line position (``to_text``) stands in."""
    return dumps(state) if registered(game) else game.to_text(state)


SEEDS = seeds()
"""Game seeds: any unsigned 64-bit value (``cardrules.testing.seeds``)."""

MOVE_CHOICES = st.randoms(use_true_random=False)
"""A Hypothesis-controlled ``random.Random`` that picks the moves of a playout."""


@attrs.frozen
class Playout:
    """A game from its first state to its last: ``states[k + 1] == apply(states[k], moves[k])``."""

    seed: int
    config: Any
    states: tuple[Any, ...]
    moves: tuple[Any, ...]

    @property
    def final(self) -> Any:
        """The last state (finished unless the playout was cut short)."""
        return self.states[-1]


def random_playout(game: AnyGame, config: Any, seed: int, rnd: random.Random) -> Playout:
    """Play ``game`` from ``seed`` to its end, each move drawn by ``rnd`` from ``legal_moves``.

    Fails as soon as the game passes ``max_moves(config)`` without ending.
    """
    bound = game.max_moves(config)
    state = game.new_game(seed, config)
    states = [state]
    moves: list[Any] = []
    while state.to_act is not None:
        assert len(moves) < bound, f"{game.NAME} did not end within max_moves={bound}"
        legal = game.legal_moves(state)
        assert legal, f"{game.NAME}: seat {state.to_act} is to act but has no legal move"
        move = rnd.choice(legal)
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return Playout(seed, config, tuple(states), tuple(moves))


def rng_playout(game: AnyGame, config: Any, seed: int, choice_seed: int, limit: int | None = None) -> Playout:
    """Like :func:`random_playout`, moves chosen by index with a ``cardrules.Rng``; at most ``limit``."""
    rng = Rng.from_seed(choice_seed)
    state = game.new_game(seed, config)
    states = [state]
    moves: list[Any] = []
    while state.to_act is not None and (limit is None or len(moves) < limit):
        legal = game.legal_moves(state)
        index, rng = rng.below(len(legal))
        state = game.apply(state, legal[index])
        states.append(state)
        moves.append(legal[index])
    return Playout(seed, config, tuple(states), tuple(moves))


def cards_in(value: object) -> list[Card]:
    """Every ``Card`` anywhere inside ``value``: through attrs fields, tuples, lists, sets and dicts."""
    found: list[Card] = []
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.append(item)
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            kind: Any = type(item)
            if attrs.has(kind):
                stack.extend(getattr(item, f.name) for f in attrs.fields(kind))
    return found


def zone_cards(game: AnyGame, state: Any) -> Counter[Card]:
    """The multiset of the cards over all of ``game.zones(state)``."""
    counts: Counter[Card] = Counter()
    for zone in game.zones(state):
        counts.update(zone.cards)
    return counts


def hidden_from(game: AnyGame, state: Any, player: int) -> set[Card]:
    """Cards that lie only in zones ``player`` may not see (a card with a visible copy is known)."""
    seen: set[Card] = set()
    unseen: set[Card] = set()
    for zone in game.zones(state):
        (seen if player in zone.seen_by else unseen).update(zone.cards)
    return unseen - seen


def view_leaks(game: AnyGame, playout: Playout, player: int) -> Iterator[tuple[int, str, set[Card]]]:
    """``(step, field, cards)`` for each field of ``player``'s views along ``playout`` that shows
    cards hidden from ``player`` (see :func:`hidden_from`).

    Public history is no leak: a field may show a card it has shown continuously since a step where
    ``player`` could see the card, or since a public event (of ``opening_events`` or ``step``)
    showed it, e.g. a revealed card remembered after it was shuffled back into a hidden pile.
    """
    remembered: dict[str, set[Card]] = {}
    revealed = set(cards_in(game.opening_events(playout.states[0])))
    for index, state in enumerate(playout.states):
        view = game.view(state, player)
        hidden = hidden_from(game, state, player)
        now: dict[str, set[Card]] = {}
        for field in attrs.fields(type(view)):
            cards = set(cards_in(getattr(view, field.name)))
            allowed = (cards - hidden) | (cards & (remembered.get(field.name, set()) | revealed))
            now[field.name] = allowed
            if cards - allowed:
                yield index, field.name, cards - allowed
        remembered = now
        if index < len(playout.moves):
            revealed = set(cards_in(game.step(state, playout.moves[index])[1]))


@functools.cache
def foreign_moves(own: tuple[type, ...]) -> tuple[Any, ...]:
    """Moves of the other registered games (legal there at some point), none of a class in ``own``
    (a game's ``MOVE_TYPES``, registered or not)."""
    found: list[Any] = []
    for other in GAMES.values():
        if own == other.MOVE_TYPES:
            continue
        playout = rng_playout(other, None, 11, 12, limit=40)
        for state in playout.states[::4]:
            found.extend(m for m in other.legal_moves(state)[:6] if type(m) not in own)
    return tuple(dict.fromkeys(found))


def junk_moves(game: AnyGame) -> tuple[object, ...]:
    """Objects that are no move of any game, including cards, notation text and the move classes."""
    return (
        None,
        "",
        "QS",
        "10h",
        "pass",
        0,
        1,
        -1,
        52,
        10**30,
        1.5,
        True,
        object(),
        (),
        ("QS",),
        [0],
        {"card": "QS"},
        b"QS",
        parse_card("QS"),
        parse_card("2C"),
        parse_card("BJ"),
        *game.MOVE_TYPES,
    )


_BAD_FIELD_VALUES: tuple[object, ...] = (None, "x", "QS", -1, 10**6, 1.5, object())


def malformed_moves(moves: Iterable[Any]) -> list[Any]:
    """Instances of the moves' classes with one field set to junk, bypassing converters and validators."""
    out: list[Any] = []
    for move in moves:
        cls = type(move)
        fields = attrs.fields(cls)
        for field in fields:
            for bad in _BAD_FIELD_VALUES:
                broken = object.__new__(cls)
                for f in fields:
                    object.__setattr__(broken, f.name, bad if f is field else getattr(move, f.name))
                out.append(broken)
    return out
