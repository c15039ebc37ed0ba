"""A seeded fuzzer for every game: mutated documents, junk moves and forged states.

Each input is one of:

- ``document``: a ``dumps`` document of a state, view, move, config or transcript reached by random
  play, mutated one to three times (a value replaced by a neighbour or by a value of another JSON
  type, two values swapped, an array cut or grown, a key dropped, added or written twice, the text
  cut or given a non-finite number, a deep nest). ``loads`` must raise ``StateError`` or give an
  object; a state it gives must play to its end with ``validate`` passing after every move; a view
  must give ``sample_state`` a valid state (or ``StateError``); a move must be legal or raise
  ``IllegalMoveError``.
- ``move``: a junk or foreign object, or a mangled move text, given to ``apply``, ``parse_move``,
  ``encode_move`` and ``decode_action``; each must raise its documented error (or accept a legal
  move), never anything else.

A failure is anything else escaping, or a state that ``validate`` accepted but could not be played
on. ``tools/fuzz.py`` runs this for as long as asked; ``test_fuzz.py`` runs a bounded budget.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
from contract_support import configs_for

from cardrules import GAMES, CardRulesError, IllegalMoveError, RandomBot, StateError, dumps, loads, play
from cardrules._reprs import short_repr
from cardrules._shared.checks import check_fields
from cardrules.transcript import Transcript

__all__ = ["Failure", "Fuzzer", "Report", "mutate_data"]

MAX_PLAYOUT_MOVES = 20_000
"""Play-outs stop here (a forged config may allow a game far longer); a game that has not ended
within its ``max_moves`` is a failure."""

VALIDATE_EVERY_MOVE_FOR = 60
"""How many moves of a play-out are each followed by ``validate``; later moves are checked every
``VALIDATE_STRIDE``-th (and at the end), keeping the cost of a long 80 Points play-out down."""

VALIDATE_STRIDE = 37


@attrs.frozen
class Failure:
    """One input that broke a promise: which game and kind, what went wrong and where, and the
    input (bounded) to reproduce it."""

    game: str
    kind: str
    error: str
    where: str
    reproducer: str

    @property
    def signature(self) -> tuple[str, str, str]:
        """What makes two failures the same bug: game, exception type and the line it came from."""
        return self.game, self.error.split(":", 1)[0], self.where


@attrs.define
class Report:
    """What a run tried (per game and kind) and the failures it found (one per signature)."""

    tried: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    played: Counter[str] = attrs.field(factory=Counter)
    """Per game: forged or sampled states that loaded and were played to their end."""
    failures: dict[tuple[str, str, str], Failure] = attrs.field(factory=dict)

    @property
    def total(self) -> int:
        """Inputs tried in all."""
        return sum(self.tried.values())

    def merge(self, other: Report) -> None:
        """Add ``other``'s counts and failures to this report."""
        self.tried.update(other.tried)
        self.played.update(other.played)
        for key, failure in other.failures.items():
            self.failures.setdefault(key, failure)

    def summary(self) -> str:
        """A few lines: inputs per game and kind, then each distinct failure."""
        lines = [f"{self.total:,} inputs, {len(self.failures)} distinct failures"]
        for (game, kind), n in sorted(self.tried.items()):
            played = f"  ({self.played[game]:,} states loaded and played out)" if kind == "document" else ""
            lines.append(f"  {game:14} {kind:9} {n:>12,}{played}")
        for failure in self.failures.values():
            lines.append(f"FAIL {failure.game} {failure.kind}: {failure.error} at {failure.where}")
            lines.append(f"     input: {failure.reproducer[:300]}")
        return "\n".join(lines)


class _BrokenPromiseError(Exception):
    """A promise was broken (raised inside the fuzzer, caught by ``Fuzzer.one``)."""


class Fuzzer:
    """Seeded inputs for the games named; ``run`` tries them until a budget is spent."""

    def __init__(self, seed: int, games: tuple[str, ...] = tuple(GAMES), corpus_size: int = 6) -> None:
        self.rng = random.Random(seed)
        self.games = games
        self.corpus = {name: _corpus(name, self.rng, corpus_size) for name in games}
        self.played: Counter[str] = Counter()

    def run(self, inputs: int | None = None, seconds: float | None = None) -> Report:
        """Try inputs, round-robin over the games, until ``inputs`` are tried or ``seconds`` pass."""
        report = Report()
        self.played = report.played
        deadline = None if seconds is None else time.monotonic() + seconds
        while (inputs is None or report.total < inputs) and (deadline is None or time.monotonic() < deadline):
            for name in self.games:
                self.one(name, report)
        return report

    def one(self, name: str, report: Report) -> None:
        """Try one input for ``name`` (a mutated document two times in three, else a junk move)."""
        kind = "document" if self.rng.random() < 2 / 3 else "move"
        reproducer = ""
        try:
            if kind == "document":
                reproducer = self._mutated_document(name)
                self._try_document(name, reproducer)
            else:
                reproducer = self._try_junk_move(name)
        except Exception as exc:  # every escape is what the fuzzer reports
            report.failures.setdefault(*_failure(name, kind, exc, reproducer))
        report.tried[name, kind] += 1

    # -- documents -------------------------------------------------------------------------------

    def _mutated_document(self, name: str) -> str:
        text = self.rng.choice(self.corpus[name].documents)
        for _ in range(self.rng.choice((1, 1, 1, 2, 3))):
            text = mutate_data(text, self.rng)
        return _mutate_text(text, self.rng) if self.rng.random() < 0.1 else text

    def _try_document(self, name: str, text: str) -> None:
        try:
            obj = loads(text)
        except StateError:
            return
        game: Any = GAMES[name]
        if type(obj) is game.State:
            self._play_out(game, obj)
        elif type(obj) is game.View:
            try:
                sampled = game.sample_state(obj, self.rng.randrange(1 << 32))
            except StateError:
                return
            game.validate(sampled)
            self._play_out(game, sampled)
        elif isinstance(obj, Transcript):
            self._play_out(game, game.new_game(obj.seed, obj.config, deck=obj.deck))
        elif type(obj) in _move_types(game):
            self._apply_any(game, self.rng.choice(self.corpus[name].states), obj)

    def _play_out(self, game: Any, state: Any) -> None:
        """Random legal moves to the end (or ``MAX_PLAYOUT_MOVES``), with ``validate`` after each
        (see the constants above); a game must end within its ``max_moves``."""
        game.validate(state)
        self.played[game.NAME] += 1
        bound = game.max_moves(game.view(state, 0).config)
        for n in range(min(bound, MAX_PLAYOUT_MOVES) + 1):
            if state.to_act is None:
                if game.outcome(state) is None:
                    raise _BrokenPromiseError("a state with nobody to act has no outcome")
                return
            legal = game.legal_moves(state)
            if not legal:
                raise _BrokenPromiseError(f"seat {state.to_act} is to act but has no legal move")
            game.view(state, state.to_act)
            state = game.apply(state, self.rng.choice(legal))
            if n < VALIDATE_EVERY_MOVE_FOR or n % VALIDATE_STRIDE == 0 or state.to_act is None:
                game.validate(state)
        if bound <= MAX_PLAYOUT_MOVES:
            raise _BrokenPromiseError(f"no end within max_moves ({bound})")

    # -- moves -----------------------------------------------------------------------------------

    def _try_junk_move(self, name: str) -> str:
        game: Any = GAMES[name]
        corpus = self.corpus[name]
        state = self.rng.choice(corpus.states)
        junk = self.rng.choice(corpus.junk)
        text = _mangled(self.rng.choice(corpus.move_texts), self.rng)
        self._apply_any(game, state, junk)
        _expect(lambda: game.parse_move(state, text), IllegalMoveError)
        _expect(lambda: game.encode_move(junk), IllegalMoveError)
        _expect(lambda: game.decode_move(state, self.rng.choice(_ACTION_JUNK)), IllegalMoveError)
        return f"state {dumps(state)[:200]}... move {short_repr(junk)} text {short_repr(text)}"

    def _apply_any(self, game: Any, state: Any, move: object) -> None:
        """``apply`` of any object: a legal move plays (and the result is valid), anything else is
        ``IllegalMoveError``."""
        try:
            after = game.apply(state, move)
        except IllegalMoveError:
            if state.to_act is not None and move in game.legal_moves(state) and _well_formed(move):
                raise _BrokenPromiseError(f"the legal move {move!r} was refused") from None
            return
        game.validate(after)


def _well_formed(move: object) -> bool:
    try:
        check_fields(move)
    except StateError:
        return False
    return True


@attrs.frozen
class _Corpus:
    states: tuple[Any, ...]
    documents: tuple[str, ...]
    move_texts: tuple[str, ...]
    junk: tuple[object, ...]


def _corpus(name: str, rng: random.Random, size: int) -> _Corpus:
    """States part-way through random games of ``name`` (with short configs where the contract
    suite lists them), and the documents, moves and junk built from them."""
    game: Any = GAMES[name]
    states: list[Any] = []
    documents: list[str] = []
    texts: list[str] = []
    for i in range(size):
        config = rng.choice(configs_for(name))
        players = game.num_players(config)
        transcript = play(name, [RandomBot()] * players, rng.randrange(1 << 32), config)
        cut = rng.randrange(len(transcript.moves))
        state = game.new_game(transcript.seed, config)
        for move in transcript.moves[:cut]:
            state = game.apply(state, move)
        states.append(state)
        seat = state.to_act if state.to_act is not None else i % players
        legal = game.legal_moves(state)
        texts.extend(game.format_move(m) for m in legal[:8])
        documents += [dumps(state), dumps(game.view(state, seat)), dumps(transcript), dumps(config)]
        documents += [dumps(m) for m in legal[:2]]
    return _Corpus(tuple(states), tuple(documents), tuple(texts), _junk(name, states))


def _junk(name: str, states: list[Any]) -> tuple[object, ...]:
    """Objects that are not legal moves here: other games' moves, wrong types, deep nests, huge
    strings, moves of this game built around junk fields."""
    foreign = [GAMES[other].legal_moves(GAMES[other].new_game(1))[0] for other in GAMES if other != name]
    own = [m for s in states[:2] for m in GAMES[name].legal_moves(s)[:1]]
    deep: object = 1
    for _ in range(50_000):
        deep = [deep]
    odd = [_with_junk_field(m, value) for m in own for value in (None, -1, 10**30, "x", 1.5, True)]
    plain: list[object] = [None, 0, -1, 10**100, 1.5, float("nan"), "", "x" * 1_000_000, b"AS", (), [], {}]
    return tuple(foreign + own + odd + plain + [deep, object(), Transcript])


def _with_junk_field(move: object, value: object) -> object:
    """``move`` with its first field set to ``value``, bypassing converters and validators."""
    cls: Any = type(move)
    fields = attrs.fields(cls)
    if not fields:
        return move
    clone = copy.copy(move)
    object.__setattr__(clone, fields[0].name, value)
    return clone


_ACTION_JUNK: tuple[object, ...] = (-1, 10**6, 10**100, None, 1.0, True, "3", (1,))


def _move_types(game: Any) -> tuple[type, ...]:
    return tuple({type(m) for m in game.legal_moves(game.new_game(1))})


def _mangled(text: str, rng: random.Random) -> str:
    """A move text with one change: a character dropped, doubled, swapped or replaced."""
    choices: list[Callable[[str], str]] = [
        lambda t: t[:-1],
        lambda t: t + t[-1:],
        lambda t: t[::-1],
        lambda t: t.lower(),
        lambda t: t + " " + t,
        lambda t: "".join(rng.choice("0123456789TJQKASHDCX♠ _-") for _ in t),
        lambda t: "",
    ]
    return rng.choice(choices)(text)


# -- value and text mutations ----------------------------------------------------------------------

_NEIGHBOURS = (-(2**64), -1000, -2, -1, 1, 2, 13, 52, 1000, 2**64)
_REPLACEMENTS: tuple[object, ...] = (None, True, False, 0, -1, 1.5, "", "AS", "XX", [], {}, 10**30)


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nodes(item, (*path, i))


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return root


def mutate_data(text: str, rng: random.Random) -> str:
    """A ``dumps`` document with one value of its data changed (see ``_mutate_value``)."""
    document = json.loads(text)
    document["data"] = _mutate_value(document["data"], rng)
    return json.dumps(document)


def _mutate_value(root: Any, rng: random.Random) -> Any:
    """``root`` (a JSON value, copied) with one node changed: half the time in a way that keeps
    every type (a number moved by one or two, two values swapped, an array reordered), which is
    what gets past the type checks to the rules; otherwise in any way."""
    root = json.loads(json.dumps(root))  # unlike deepcopy, shares nothing: no cycles after swaps
    nodes = list(_nodes(root))
    path, node = rng.choice(nodes)
    if rng.random() < 0.5:
        _keep_types(root, nodes, rng)
        return root
    if rng.random() < 0.3:
        return _set(root, path, rng.choice(_REPLACEMENTS))
    if isinstance(node, bool):
        return _set(root, path, not node)
    if isinstance(node, int):
        return _set(root, path, node + rng.choice(_NEIGHBOURS) if rng.random() < 0.8 else -node)
    if isinstance(node, list):
        return _set(root, path, _mutate_list(node, rng))
    if isinstance(node, dict):
        return _set(root, path, _mutate_dict(node, rng, nodes))
    if isinstance(node, str):
        return _set(root, path, rng.choice([s for _, s in nodes if isinstance(s, str)] + ["", "10S", "?"]))
    return _set(root, path, rng.choice(_REPLACEMENTS))


def _keep_types(root: Any, nodes: list[tuple[tuple[Any, ...], Any]], rng: random.Random) -> None:
    """Change one node of ``root`` (a JSON object) in place without changing any value's type."""
    path, node = rng.choice(nodes)
    if not path:
        return
    if type(node) is int:
        _set(root, path, node + rng.choice((-2, -1, 1, 2)))
    elif type(node) is bool:
        _set(root, path, not node)
    elif type(node) is list and len(node) > 1:
        i, j = rng.sample(range(len(node)), 2)
        node[i], node[j] = node[j], node[i]
    else:  # two values of one type trade places: cards between zones, seats, counters
        apart = [p for p, n in nodes if p and type(n) is type(node) and not _nested(p, path)]
        if apart:
            other = rng.choice(apart)
            elsewhere = _get(root, other)
            _set(root, other, node)
            _set(root, path, elsewhere)


def _nested(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether one path lies inside (or is) the other."""
    return a[: len(b)] == b or b[: len(a)] == a


def _get(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def _mutate_list(items: list[Any], rng: random.Random) -> list[Any]:
    if not items:
        return [rng.choice(_REPLACEMENTS)]
    i, j = rng.randrange(len(items)), rng.randrange(len(items))
    choices: list[Callable[[], list[Any]]] = [
        lambda: items[:i] + items[i + 1 :],
        lambda: [*items[:i], items[i], *items[i:]],
        lambda: _swapped(items, i, j),
        lambda: items[::-1],
        list,
        lambda: items + items,
    ]
    return rng.choice(choices)()


def _swapped(items: list[Any], i: int, j: int) -> list[Any]:
    items = list(items)
    items[i], items[j] = items[j], items[i]
    return items


def _mutate_dict(node: dict[str, Any], rng: random.Random, nodes: list[Any]) -> dict[str, Any]:
    node = dict(node)
    keys = [k for k in node if k != "type"] or list(node)
    roll = rng.random()
    if roll < 0.3 and keys:
        del node[rng.choice(keys)]
    elif roll < 0.5:
        node["unexpected"] = 1
    elif roll < 0.8:
        types = sorted(
            {n["type"] for _, n in nodes if isinstance(n, dict) and isinstance(n.get("type"), str)}
        )
        node["type"] = rng.choice(types or ["State"])
    else:
        nest: Any = node
        for _ in range(100):
            nest = [nest]
        return {"type": node.get("type"), "nest": nest}
    return node


def _mutate_text(text: str, rng: random.Random) -> str:
    """The document text with one change JSON values cannot express."""
    at = rng.randrange(len(text))
    choices: list[Callable[[], str]] = [
        lambda: text[:at],
        lambda: text.replace('{"', '{"to_act":0,"', 1),  # a key written twice
        lambda: text.replace("0", "1e400", 1),
        lambda: text.replace("0", "NaN", 1),
        lambda: text[:at] + rng.choice('{}[]",:0-') + text[at:],
        lambda: text.encode("utf-8")[:at].decode("latin-1"),
        lambda: text.replace('"data":', '"data":' + "[" * 100_000, 1),
    ]
    return rng.choice(choices)()


def _expect(call: Callable[[], object], error: type[CardRulesError]) -> None:
    """``call()`` returns or raises ``error``; anything else escapes to the fuzzer's report."""
    with contextlib.suppress(error):
        call()


def _failure(
    name: str, kind: str, exc: BaseException, reproducer: str
) -> tuple[tuple[str, str, str], Failure]:
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if "cardrules" in f.filename and "fuzz" not in f.filename] or frames[-1:]
    where = f"{inside[-1].filename.rsplit('/', 1)[-1]}:{inside[-1].lineno}" if inside else "?"
    error = f"{type(exc).__name__}: {str(exc)[:300]}"
    failure = Failure(name, kind, error, where, reproducer[:20_000])
    return failure.signature, failure
