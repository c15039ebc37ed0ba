"""The game contract, checked on random games of every registered game (``docs/contract.md``).

Hypothesis draws a seed and a stream of random choices; each test plays random legal moves to the
end and checks one part of the contract at every step. ``conftest.py`` parametrizes the tests by
registry name and config. A test whose ``name`` may be a game module also checks a game outside
the registry (tests/repo/test_adding_a_game.py); the others need the registry (``play``, ``loads``).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from contract_support import (
    MOVE_CHOICES,
    SEEDS,
    examples,
    foreign_moves,
    game_under_test,
    junk_moves,
    malformed_moves,
    random_playout,
    rng_playout,
    state_text,
    view_leaks,
    zone_cards,
)
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cardrules import GAMES, IllegalMoveError, Outcome, RandomBot, Transcript, dumps, loads, play, replay
from cardrules.registry import AnyGame
from cardrules.testing import moves, states, transcripts

# Every example is a whole game, checked at every step. The counts keep the clubs part of the
# contract suite (tests/contract) near 20 s and the whole suite near two and a half minutes on
# 2 cores. Shrinking is off: shrinking a whole game takes minutes, and the failing example's seed
# and Hypothesis's reproduction blob already pin the failure down.
FAST_FAIL = (Phase.explicit, Phase.reuse, Phase.generate)
PER_STEP = settings(max_examples=examples(30), deadline=None, phases=FAST_FAIL)
CHEAP = settings(max_examples=examples(50), deadline=None, phases=FAST_FAIL)


def _check_outcome(game: Any, config: Any, state: Any) -> None:
    result = game.outcome(state)
    if state.to_act is not None:
        assert result is None
        return
    players = game.num_players(config)
    assert type(result) is Outcome
    assert len(result.scores) == players
    assert type(result.winners) is tuple
    assert result.winners, "a finished game has at least one winner"
    assert list(result.winners) == sorted(set(result.winners)), "winners are sorted and distinct"
    assert all(type(w) is int and 0 <= w < players for w in result.winners)


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_deterministic(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """Same seed and moves: equal states, identical ``dumps`` (``state_text``) and the same
    ``legal_moves`` order."""
    game = game_under_test(name)
    first = random_playout(game, config, seed, rnd)
    state = game.new_game(seed, config)
    assert state == first.states[0]
    assert state_text(game, state) == state_text(game, first.states[0])
    for move, expected in zip(first.moves, first.states[1:]):
        legal = game.legal_moves(state)
        assert legal == game.legal_moves(state)
        assert legal == game.legal_moves(copy.deepcopy(state))
        after, events = game.step(state, move)
        assert (after, events) == game.step(copy.deepcopy(state), move)
        state = after
        assert state == expected
        assert hash(state) == hash(expected)
        assert state_text(game, state) == state_text(game, expected)
    assert state.to_act is None


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_terminates_within_bound(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """Every random game ends within ``max_moves(config)``; ``legal_moves`` is empty exactly at the end."""
    game = game_under_test(name)
    playout = random_playout(game, config, seed, rnd)
    assert len(playout.moves) <= game.max_moves(config)
    for state in playout.states:
        assert (game.legal_moves(state) == ()) == (state.to_act is None)
        _check_outcome(game, config, state)
    assert playout.final.to_act is None


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_every_legal_move_applies(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """Each legal move is legal, applies, ``step`` agrees with ``apply``, and emits the game's events."""
    game = game_under_test(name)
    playout = random_playout(game, config, seed, rnd)
    for event in game.opening_events(playout.states[0]):
        assert isinstance(event, game.EVENT_TYPES)
    for state in playout.states[:-1]:
        legal = game.legal_moves(state)
        assert type(legal) is tuple
        assert len(set(legal)) == len(legal), "legal_moves lists each move once"
        for move in legal:
            assert isinstance(move, game.MOVE_TYPES)
            assert game.is_legal(state, move)
            after = game.apply(state, move)
            stepped, events = game.step(state, move)
            assert stepped == after
            assert type(events) is tuple
            for event in events:
                assert isinstance(event, game.EVENT_TYPES), event
            assert game.parse_move(state, game.format_move(move)) == move


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_illegal_moves_rejected(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """Moves of other positions and seats, another game's moves and junk raise ``IllegalMoveError``
    from ``apply`` and ``step``, are not ``is_legal``, and leave the state as it was."""
    game = game_under_test(name)
    playout = random_playout(game, config, seed, rnd)
    other = rng_playout(game, config, seed ^ 0x5A5A, seed % 997)
    pool: list[Any] = []
    for state in playout.states + other.states:
        pool.extend(game.legal_moves(state))
    pool = list(dict.fromkeys(pool))
    candidates = [*pool, *foreign_moves(game.MOVE_TYPES), *junk_moves(game)]
    states = playout.states
    checked = [states[i] for i in sorted({rnd.randrange(len(states)) for _ in range(8)} | {len(states) - 1})]
    for state in checked:
        before = copy.deepcopy(state)
        text = state_text(game, state)
        legal = game.legal_moves(state)
        for move in candidates:
            if move in legal:
                assert game.is_legal(state, move)
                continue
            assert not game.is_legal(state, move), f"is_legal accepts {move!r}"
            with pytest.raises(IllegalMoveError):
                game.apply(state, move)
            with pytest.raises(IllegalMoveError):
                game.step(state, move)
        assert state == before
        assert state_text(game, state) == text


def test_other_games_moves_are_tried(name: str) -> None:
    """``test_illegal_moves_rejected`` tries the other games' moves (when there are other games)."""
    if len(GAMES) < 2:
        pytest.skip("only one game is registered")
    foreign = foreign_moves(GAMES[name].MOVE_TYPES)
    assert foreign
    assert not any(isinstance(m, GAMES[name].MOVE_TYPES) for m in foreign)


def test_malformed_moves_rejected(name: str | AnyGame, config: Any) -> None:
    """A move object of the game whose field holds junk (built without its converter, as the library
    itself builds moves) is not legal: ``IllegalMoveError``, never ``TypeError`` and the like."""
    game = game_under_test(name)
    playout = rng_playout(game, config, 3, 4)
    samples: dict[type, Any] = {}
    for state in playout.states:
        for move in game.legal_moves(state):
            samples.setdefault(type(move), move)
    escaped: list[str] = []
    for state in playout.states[:: max(1, len(playout.states) // 12)] + (playout.final,):
        legal = game.legal_moves(state)
        for move in malformed_moves(samples.values()):
            if move in legal:
                continue
            for function in (game.is_legal, game.apply, game.step):
                try:
                    result = function(state, move)
                except IllegalMoveError:
                    continue
                except Exception as exc:
                    escaped.append(f"{function.__name__}({move!r}): {type(exc).__name__}: {exc}")
                    continue
                if function is not game.is_legal or result:
                    escaped.append(f"{function.__name__}({move!r}) accepted it")
    assert escaped == [], "\n".join(sorted(set(escaped))[:20])


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_cards_conserved_and_states_valid(
    name: str | AnyGame, config: Any, seed: int, rnd: random.Random
) -> None:
    """The zones hold exactly ``game_deck(config)`` and ``validate`` passes at every step."""
    game = game_under_test(name)
    deck = Counter(game.game_deck(config))
    for state in random_playout(game, config, seed, rnd).states:
        assert zone_cards(game, state) == deck
        game.validate(state)


def test_reachable_states_validate(name: str, config: Any) -> None:
    """Every state of fixed random games passes ``validate`` and ``loads(dumps(s))`` (a regression
    test: Rugby League matches that ended during a kick once failed it)."""
    game = GAMES[name]
    for seed in range(8):
        for state in rng_playout(game, config, seed, seed + 1).states:
            game.validate(state)
            assert loads(dumps(state)) == state


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_views_hide_unseen_cards(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """``view(state, p)`` holds no card that lies only where ``p`` may not look, and its fields agree."""
    game = game_under_test(name)
    players = game.num_players(config)
    playout = random_playout(game, config, seed, rnd)
    for state in playout.states:
        legal = game.legal_moves(state)
        for player in range(players):
            view = game.view(state, player)
            assert view.player == player
            assert view.to_act == state.to_act
            assert view.legal_moves == (legal if state.to_act == player else ())
    for player in range(players):
        for index, field, cards in view_leaks(game, playout, player):
            raise AssertionError(f"step {index}: view.{field} of seat {player} shows hidden {sorted(cards)}")


def _seats_disagree(game: Any, state: Any, own: tuple[str, ...], players: int) -> list[str]:
    """The fields of ``View`` outside ``own`` in which some seat's view of ``state`` differs from
    seat 0's."""
    first = game.view(state, 0)
    shared = [f.name for f in attrs.fields(game.View) if f.name not in own]
    views = [game.view(state, p) for p in range(players)]
    return [f for f in shared if any(getattr(v, f) != getattr(first, f) for v in views)]


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_views_agree_outside_the_seats_own_fields(
    name: str | AnyGame, config: Any, seed: int, rnd: random.Random
) -> None:
    """Every field of a ``View`` but ``INFO.own_fields`` is the same in every seat's view of a
    state: what all seats know, which a spectator may be shown (the server's ``shared``)."""
    game = game_under_test(name)
    own = game.INFO.own_fields
    assert set(own) <= {f.name for f in attrs.fields(game.View)}, f"own_fields names no field of View: {own}"
    for index, state in enumerate(random_playout(game, config, seed, rnd).states):
        differ = _seats_disagree(game, state, own, game.num_players(config))
        assert differ == [], f"step {index}: seats see different {differ}: list them in INFO.own_fields"


def test_the_own_fields_check_finds_a_seats_own_field() -> None:
    """Clubs without ``hand`` in ``own_fields``: the check above names it."""
    game = GAMES["clubs"]
    state = game.new_game(1, game.Config())
    own = tuple(f for f in game.INFO.own_fields if f != "hand")
    assert _seats_disagree(game, state, own, 4) == ["hand"]
    assert _seats_disagree(game, state, game.INFO.own_fields, 4) == []


def test_view_cards_agree_with_zones(name: str | AnyGame, config: Any) -> None:
    """No view field of fixed random games shows a card that ``zones`` says the seat may not know (a
    regression test: Pub Derby's public kick-off card once lay in a private zone)."""
    game = game_under_test(name)
    for seed in range(3):
        playout = rng_playout(game, config, seed, seed + 7)
        for player in range(game.num_players(config)):
            for index, field, cards in view_leaks(game, playout, player):
                raise AssertionError(
                    f"seed {seed} step {index}: view.{field} of seat {player} shows hidden {sorted(cards)}"
                )


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_sample_state_consistent(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """``view(sample_state(v, s), v.player) == v``; the sampled state validates and holds the deck."""
    game = game_under_test(name)
    players = game.num_players(config)
    deck = Counter(game.game_deck(config))
    states = random_playout(game, config, seed, rnd).states
    points = [(rnd.randrange(len(states)), rnd.randrange(players)) for _ in range(6)]
    points += [(len(states) - 1, p) for p in range(players)]
    for index, player in points:
        view = game.view(states[index], player)
        sampled = game.sample_state(view, rnd.randrange(2**64))
        game.validate(sampled)
        assert zone_cards(game, sampled) == deck
        assert game.view(sampled, player) == view


@CHEAP
@given(seed=SEEDS)
def test_play_and_replay(name: str, config: Any, seed: int) -> None:
    """``play`` with random bots gives a transcript that replays to the state its moves reach."""
    game = GAMES[name]
    players = game.num_players(config)
    transcript = play(name, [RandomBot()] * players, seed, config)
    assert type(transcript) is Transcript
    assert (transcript.game, transcript.seed, transcript.config) == (name, seed, config)
    assert len(transcript.moves) <= game.max_moves(config)
    state = game.new_game(seed, config)
    for move in transcript.moves:
        state = game.apply(state, move)
    assert state.to_act is None
    assert replay(transcript) == state
    assert dumps(replay(transcript)) == dumps(state)
    assert loads(dumps(transcript)) == transcript
    _check_outcome(game, config, state)


@settings(max_examples=examples(5), deadline=None, phases=FAST_FAIL)
@given(seed=SEEDS, choice_seed=SEEDS)
def test_default_config_games(name: str, seed: int, choice_seed: int) -> None:
    """Whole games with the default config: bounded, deterministic, conserving cards, replayable."""
    game = GAMES[name]
    playout = rng_playout(game, None, seed, choice_seed)
    assert len(playout.moves) <= game.max_moves(None)
    assert playout.final.to_act is None
    deck = Counter(game.game_deck(None))
    for state in playout.states:
        assert (game.legal_moves(state) == ()) == (state.to_act is None)
        assert zone_cards(game, state) == deck
    game.validate(playout.final)
    _check_outcome(game, None, playout.final)
    again = rng_playout(game, None, seed, choice_seed)
    assert dumps(again.final) == dumps(playout.final)
    assert (
        replay(Transcript(game=name, seed=seed, config=None, deck=None, moves=playout.moves)) == playout.final
    )
    for move in junk_moves(game):
        with pytest.raises(IllegalMoveError):
            game.apply(playout.final, move)


@CHEAP
@given(data=st.data())
def test_strategies_draw_reachable_positions(name: str, config: Any, data: st.DataObject) -> None:
    """``cardrules.testing``'s strategies: a drawn transcript replays to a valid state; a drawn state
    is valid and any move drawn for it applies; complete transcripts end in an outcome."""
    game = GAMES[name]
    transcript = data.draw(transcripts(name, config, max_moves=60))
    game.validate(replay(transcript))
    state = data.draw(states(name, config, max_moves=60))
    game.validate(state)
    if state.to_act is not None:
        game.validate(game.apply(state, data.draw(moves(state))))
    whole = data.draw(transcripts(name, config, complete=True))
    _check_outcome(game, config, replay(whole))


@PER_STEP
@given(seed=SEEDS, rnd=MOVE_CHOICES)
def test_action_encoding_round_trips(name: str | AnyGame, config: Any, seed: int, rnd: random.Random) -> None:
    """``legal_actions`` numbers exactly the legal moves; ``decode_move(encode_move(m)) == m``; an
    illegal, out-of-range or non-int action is an ``IllegalMoveError`` that changes nothing."""
    game = game_under_test(name)
    count = game.action_count(config)
    assert count == game.action_count(config) and count > 0
    playout = random_playout(game, config, seed, rnd)
    for state in playout.states[:: max(1, len(playout.states) // 40)]:
        legal = game.legal_moves(state)
        actions = game.legal_actions(state)
        assert actions == tuple(sorted(game.encode_move(m) for m in legal))
        assert len(set(actions)) == len(actions) and all(0 <= a < count for a in actions)
        for move in legal:
            assert game.decode_move(state, game.encode_move(move)) == move
        before = state_text(game, state)
        unused = next((a for a in (0, 1, 2, count - 1, count // 2) if a not in actions), None)
        bad_actions: list[Any] = [-1, count, "0", 1.0, None, True]
        if unused is not None:
            bad_actions.append(unused)
        for bad in bad_actions:
            with pytest.raises(IllegalMoveError):
                game.decode_move(state, bad)
        assert state_text(game, state) == before
