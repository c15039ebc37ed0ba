"""No code outside the registry and the games themselves knows a game by name: what it needs to
know of a game it reads from the game (``INFO``, its functions and constants). A table keyed by
game name is allowed only when it is complete, one entry per registered game (a layer's per-game
part, such as the SVG pictures or the tensors), so that no such table can restate a fact of some
games only ("the team games are pub_derby and eighty_points"). The web table's JavaScript keeps
the same rule: its per-game table, ``GAMES``, is a folder, static/js/games/, one module per game
(and games/index.js gathering them); no other module of the page names a game."""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import attrs
import pytest

import cardrules
from cardrules import GAMES
from cardrules.bots._plans import _PLANS
from cardrules.bots.heuristic import POLICIES
from cardrules.bots.pimc import _Horizon

SOURCE = Path(cardrules.__file__).parent
NAMES = set(GAMES)
PAGE_JS = SOURCE / "serve" / "static" / "js"
GAMES_JS = PAGE_JS / "games"


def _modules(games: bool) -> list[Path]:
    """The web table's modules (static/js/*.js), with its games folder's or without."""
    return sorted(PAGE_JS.rglob("*.js") if games else PAGE_JS.glob("*.js"))


def _page(games: bool = False) -> str:
    """The web table's modules, one after another, read as one text."""
    return "".join(p.read_text(encoding="utf-8") for p in _modules(games))


def _where(line: int) -> str:
    """``file:line`` of a line of ``_page()``."""
    for path in _modules(False):
        count = path.read_text(encoding="utf-8").count("\n")
        if line <= count:
            return f"{path.name}:{line}"
        line -= count
    return f"?:{line}"


def _outside_the_games() -> list[Path]:
    return [
        path
        for path in sorted(SOURCE.rglob("*.py"))
        if path.relative_to(SOURCE).parts[0] not in NAMES and path.name != "registry.py"
    ]


def _names_a_game(node: ast.expr) -> bool:
    """A game's registry name written as a string, or its module by name (``is clubs``)."""
    if isinstance(node, ast.Constant):
        return node.value in NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_game(e) for e in node.elts)
    if isinstance(node, ast.Name):
        return node.id in NAMES
    return isinstance(node, ast.Attribute) and node.attr in NAMES and isinstance(node.value, ast.Name)


def _offences(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(map(_names_a_game, [node.left, *node.comparators])):
            found.append((node.lineno, "compares with a game"))
        elif isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None and _names_a_game(k)]
            named = {k.value if isinstance(k, ast.Constant) else ast.unparse(k) for k in keys}
            if keys and {str(n).rpartition(".")[2] for n in named} != NAMES:
                found.append((node.lineno, f"a table of some games only: {sorted(map(str, named))}"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and any(_names_a_game(a) for a in node.args)
        ):
            found.append((node.lineno, "looks a game up by name"))
    return found


def test_no_code_outside_the_registry_and_the_games_knows_a_game_by_name() -> None:
    offences = [
        f"{path.relative_to(SOURCE)}:{line} {what}"
        for path in _outside_the_games()
        for line, what in _offences(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert offences == []


def test_the_check_finds_what_it_looks_for() -> None:
    code = (
        "a = module is eighty_points\n"
        "b = name in ('pub_derby', 'eighty_points')\n"
        "c = {'pub_derby': 1}\n"
        "d = {name: 1 for name in ()}\n"
        "e = TEAMS.get('rugby_league')\n"
        "f = {'clubs': 1, 'pub_derby': 2, 'rugby_league': 3, 'eighty_points': 4, 'manager': 5}\n"
    )
    assert [line for line, _ in _offences(ast.parse(code))] == [1, 2, 3, 5]


# The web table's JavaScript keeps the same rule: its per-game table is static/js/games/, one
# module per registered game, each ``export default {...};`` with the same keys, gathered by
# games/index.js into ``GAMES``; the page's other modules read an entry (or a fact the server sends)
# and never compare with a game's name, and a game's module never names another game.
_ENTRY = re.compile(r"^export default \{\n(?P<body>.*?)^\};\n", re.MULTILINE | re.DOTALL)
_GATHERED = re.compile(r"^export const GAMES = \{(?P<names>[\w\s,]*)\};$", re.MULTILINE)
_NAME = "|".join(sorted(NAMES))
_QUOTED = rf"""["'`](?:{_NAME})["'`]"""
_JS_OFFENCES = {
    "compares with a game": re.compile(rf"[!=]==?\s*{_QUOTED}|{_QUOTED}\s*[!=]==?|case\s+{_QUOTED}"),
    "compares a game with a string": re.compile(
        r"""\.game\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*[\w.]*\.game\b|switch\s*\([\w.]*\.game\)"""
    ),
    # "clubs" is a suit's name too (SUITS): a game named in a string is found by the checks above
    "names a game": re.compile(rf"""["'`](?:{"|".join(sorted(NAMES - {"clubs"}))})["'`]|\.(?:{_NAME})\b"""),
}


def _skipped_end(code: str, i: int, prev: str) -> int:
    """Where a comment or a regular expression that starts at ``i`` ends (``i``: none starts):
    a ``/`` after an operator or an opening bracket opens a regular expression, else divides."""
    if code.startswith("//", i) or code.startswith("/*", i):
        end = code.find("\n" if code[i + 1] == "/" else "*/", i)
        return len(code) if end < 0 else end + (2 if code[i + 1] == "*" else 0)
    if code[i] != "/" or (prev and prev not in "(,=:[!&|?{};>"):
        return i
    end, in_class = i + 1, False
    while code[end] != "/" or in_class:
        if code[end] == "\\":
            end += 1
        elif code[end] in "[]":
            in_class = code[end] == "["
        end += 1
    end += 1
    while end < len(code) and code[end].isalpha():
        end += 1
    return end


def _js_scan(code: str) -> tuple[str, str]:
    """The page read once, as two copies that keep its lines: with its comments and regular
    expressions blanked (strings and templates kept: the page shows their words), and with the
    words of its strings and templates blanked too (their quotes and the code in ``${}`` kept)."""
    out, prev, i = list(code), "", 0
    bare = list(code)
    stack: list[str] = []  # the strings, templates, ${} and brackets in them open here
    while i < len(code):
        c, inside = code[i], stack[-1] if stack else ""
        if inside in ("'", '"', "`"):
            if c == "\\":
                bare[i : i + 2] = " " * len(bare[i : i + 2])
                i += 1
            elif c == inside:
                stack.pop()
            elif inside == "`" and code.startswith("${", i):
                stack.append("${")
                i, prev = i + 1, "{"
            elif c != "\n":
                bare[i] = " "
        elif (end := _skipped_end(code, i, prev)) > i:
            out[i:end] = bare[i:end] = ["\n" if k == "\n" else " " for k in code[i:end]]
            i, prev = end, prev if code[i + 1] in "/*" else "x"  # a comment leaves what came before
            continue
        elif c in "'\"`{" and (c != "{" or inside):
            stack.append(c)  # a string, a template, or a bracket inside a template's ${}
        elif c == "}" and inside in ("${", "{"):
            stack.pop()  # back in the template's words after a ${}
        if not c.isspace() and inside not in ("'", '"', "`"):
            prev = c
        i += 1
    return "".join(out), "".join(bare)


def _game_module(name: str) -> str:
    """games/NAME.js, the web table's entry for one game."""
    path = GAMES_JS / f"{name}.js"
    assert path.is_file(), f"the page has no {path.relative_to(PAGE_JS)} for the registered game {name}"
    return path.read_text(encoding="utf-8")


def _entry_keys(module: str) -> set[str]:
    """The keys of a game module's ``export default {...};`` entry."""
    found = _ENTRY.search(module)
    assert found is not None, "a game's module has no `export default {` entry ending in `};`"
    return _js_entries("  entry: {\n" + found["body"] + "  },\n")["entry"]


def _js_entries(body: str) -> dict[str, set[str]]:
    """Each entry of the per-game table and its keys: the names before a ``:`` one and two
    brackets deep, outside strings, templates' words and comments (code in a ``${}`` counts)."""
    entries: dict[str, set[str]] = {}
    depth, last = 0, ","
    for token in re.finditer(r"(\w+)(?=\s*:)|\w+|\S", _js_scan(body)[1]):
        if token[1] and last in "{," and depth <= 1:
            if depth == 0:
                entries[token[1]] = set()
            else:
                entries[list(entries)[-1]].add(token[1])
        elif token[0] in "{[(" or token[0] in "}])":
            depth += 1 if token[0] in "{[(" else -1
        last = "w" if token[0][0].isalnum() or token[0][0] == "_" else token[0]
    return entries


def _js_offences(code: str) -> list[tuple[int, str]]:
    return [
        (number, what)
        for number, line in enumerate(_js_scan(code)[0].splitlines(), 1)
        for what, pattern in _JS_OFFENCES.items()
        if pattern.search(line)
    ]


def test_the_web_table_knows_a_game_by_name_only_in_its_games_folder() -> None:
    offences = [f"{_where(line)} {what}" for line, what in _js_offences(_page())]
    assert offences == []


def test_the_web_tables_games_folder_has_a_module_for_every_game_with_the_same_keys() -> None:
    assert {p.stem for p in GAMES_JS.glob("*.js")} == NAMES | {"index"}
    gathered = _GATHERED.search((GAMES_JS / "index.js").read_text(encoding="utf-8"))
    assert gathered is not None, "games/index.js has no `export const GAMES = { ... };`"
    assert set(re.findall(r"\w+", gathered["names"])) == NAMES
    entries = {name: _entry_keys(_game_module(name)) for name in NAMES}
    keys = entries["clubs"]
    assert {"title", "center", "hand", "board", "final", "buttons", "words"} <= keys
    assert {name: sorted(k ^ keys) for name, k in entries.items() if k != keys} == {}


def _others_named(name: str, module: str) -> list[int]:
    """The lines of game NAME's module that name another game."""
    others = "|".join(sorted(NAMES - {name, "clubs"}))
    pattern = re.compile(rf"""["'`](?:{others})["'`]|\.(?:{others})\b""")
    return [k for k, line in enumerate(_js_scan(module)[0].splitlines(), 1) if pattern.search(line)]


def test_a_games_module_names_no_other_game() -> None:
    assert {name: _others_named(name, _game_module(name)) for name in NAMES} == {name: [] for name in NAMES}
    planted = 'const a = 1;\nconst b = teamOf("manager", 0);\n// "manager"\nconst c = GAMES.manager;\n'
    assert _others_named("pub_derby", planted) == [2, 4]
    assert _others_named("manager", planted) == []


def test_the_web_table_check_finds_what_it_looks_for() -> None:
    code = (
        "const a = reply.game === 'clubs';\n"  # 1
        'if (game !== "manager") go();\n'  # 2
        "const t = gameInfo('rugby_league');\n"  # 3
        "switch (reply.game) {\n"  # 4
        'case "pub_derby": break;\n'  # 5
        'const c = "eighty_points" == x;\n'  # 6
        "const d = GAMES.manager.title;\n"  # 7
        "const e = app.table.shown.game === `clubs`;\n"  # 8
        "const f = details.dataset.game === game.name;\n"  # 9: two names compared, no game named
        'const g = { name: "clubs" };\n'  # 10: the suit
        '// a comment may say "manager"\n'  # 11
        "const h = GAMES[reply.game].title; // the entry\n"  # 12
        'go("https://x", "manager"); // "clubs"\n'  # 13: named after an address, not a comment
    )
    found = _js_offences(code)
    assert sorted({line for line, _ in found}) == [1, 2, 3, 4, 5, 6, 7, 8, 13]
    entry = "// x\nexport default {\n  title: 1,\n  f: (d) => ({ no: 1 }),\n};\n"
    assert _entry_keys(entry) == {"title", "f"}
    several = (
        "  a: {\n    t: `x ${f({ no: 1 }, `y${ {no: 2} }`)}`, // no: 3\n"
        '    s: "{ no: 4", n: 1 ? 2 : 3, o: { no: 5 }, f: (d) => [d, { no: 6 }],\n  },\n'
        "  b: { t: 'a\\' no: 7' },\n"
    )
    assert _js_entries(several) == {"a": {"t", "s", "n", "o", "f"}, "b": {"t"}}


def test_the_web_table_check_catches_a_comparison_planted_in_a_module() -> None:
    code = _page()
    planted = code.replace(
        "function seatCount(reply) {\n",
        'function seatCount(reply) {\n  if (reply.game === "manager") return 2;\n',
    )
    assert planted != code
    assert {what for _, what in _js_offences(planted)} == {
        "compares with a game",
        "compares a game with a string",
        "names a game",
    }
    manager = _game_module("manager")
    assert _entry_keys(manager.replace('  title: "Manager",\n', "")) == _entry_keys(manager) - {"title"}


# Nor does the page restate a rule's number ("Set 3 of 10", "80 takes over"): each is a fact the
# server sends for the table's config (``facts`` of the state reply, the int properties of the
# game's Config), read with ``fact(name)``. Every number of 2 or more that the page writes outside
# comments and regular expressions and that is some game's fact is one of the page's own numbers
# below, each found where it is listed. (0 and 1 are everywhere, so a rule's 1 is not caught.)
_PAGE_NUMBERS = {
    'T: "10"': "the rank ten written out",
    '"T" ? "10"': "the rank ten on a card's face",
    '11: "J", 12: "Q", 13: "K", 14: "A"': "a level's rank, as the cards write it",
    "key.slice(2)": 'an event handler\'s name after "on"',
    'cards.length === 2 ? "a double" : cards.length > 2': "a double is two cards, sisters more",
    "n % 2 ? `${(n - 1) / 2}½` : String(n / 2)": "seasons won counted in halves",
    "k < count / 2": "the pitch's two halves",
    '"80 Points"': "the game's title",
    "others <= 6 ? 1 : 2": "seats along each side of the felt",
    "others - 2 * side": "seats along the top of the felt",
    "Math.min(count, 5)": "card backs drawn beside a seat",
    "tokens.length === 2": "a discard's two words",
    "field.max - field.min <= 4": "a range short enough for a select",
    "SeasonRevealed: 2": "a step's pause",
    'padStart(2, "0")': "two hex digits a byte",
    "JSON.stringify(data, null, 2)": "a download's indent",
    "value.toPrecision(2)": "a review's worth in two figures",
    "Math.floor((lo + hi) / 2)": "the middle step of a review's search for a decision",
}
_INDEX = re.compile(r"\[\d+\]")  # an index: a part of a move or of the address
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def _rule_numbers() -> set[int]:
    """Every number 2 or more that some game's config has as a fact: its default config and each
    choice of a choice field, as the server sends them."""
    from cardrules.serve.protocol import _config, _facts

    configs = [game.Config() for game in GAMES.values()]
    for game in GAMES.values():
        for field in attrs.fields(game.Config):
            configs += [_config(game, {field.name: value}) for value in field.metadata.get("choices", {})]
    return {n for config in configs for n in _facts(config).values() if n >= 2}


def _restated(code: str, rule_numbers: set[int]) -> list[tuple[int, str]]:
    """Each number the page writes that is a rule's, by line, past the page's own numbers."""
    found = []
    for number, line in enumerate(_js_scan(code)[0].splitlines(), 1):
        rest = _INDEX.sub("", line)
        for fragment in _PAGE_NUMBERS:
            rest = rest.replace(fragment, "")
        for match in _NUMBER.finditer(rest):
            if float(match[0]) in rule_numbers:
                found.append((number, match[0]))
    return found


def test_the_web_table_restates_no_rule_number() -> None:
    code = _page(games=True)
    assert _restated(code, _rule_numbers()) == []
    blanked = _js_scan(code)[0]
    assert [f for f in _PAGE_NUMBERS if f not in blanked] == []  # each still where it is listed


def test_the_rule_numbers_are_the_games_facts() -> None:
    # By hand from the rule texts: Pub Derby's 2 halves, 4/6/8 seats, 13/8/6 cards and goal
    # lengths 3/2; Rugby League's 2 halves of 10 sets, 5 in extra time, 8 places, 2 lost tackles,
    # 2 places for touch, 4/2/2/1 points; 80 Points' bottom 8 and 80 to take over (and its 50
    # rounds at most by default); Manager's 11 seasons.
    assert _rule_numbers() == {2, 3, 4, 5, 6, 8, 10, 11, 13, 50, 80}


def test_the_restatement_check_catches_a_rule_number_planted_in_a_module() -> None:
    code = _page(games=True)
    numbers = _rule_numbers()
    plants = {
        '["Set", `${Math.min(d.sets + 1, sets)} of ${sets}`]': '["Set", `${d.sets + 1} of 10`]',
        '(${fact("take_over_points")} takes over)': "(80 takes over)",
        '${Math.min(d.season + 1, fact("seasons"))}': "${Math.min(d.season + 1, 11)}",
        'fact("bottom_cards");\n': "table.shown.view.data.bottom_size || 8;\n",
        "  return reply.seats.length;\n": "  return reply.view.data.teams ? 2 : 4;\n",
    }
    for old, new in plants.items():
        assert old in code, old
        planted = code.replace(old, new)
        line = planted[: planted.index(new)].count("\n") + 1
        assert {n for n, _ in _restated(planted, numbers)} == {line}, new
    quiet = code.replace(
        "function seatCount(reply) {\n", "function seatCount(reply) {\n  // of 10 /* 80 */\n"
    )
    quiet = quiet.replace("const CARD = /^(?:[2-9TJQKA]", "const CARD = /^(?:[2-9TJQKA]{1,8}")
    assert quiet.count("{1,8}") == 1 and _restated(quiet, numbers) == []
    assert _restated("const a = b / 2 / 10;\nconst c = `x${d / 10}`;\n", numbers) == [
        (1, "2"),
        (1, "10"),
        (2, "10"),
    ]
    assert _restated('const re = /a\\/10[/8]/g; const x = "/8";\n', numbers) == [(1, "8")]
    assert _restated("const y = `${/4/.test(z)} of 4`;\n", numbers) == [(1, "4")]
    assert _restated("f(a, // 8\n/8/.test(b)) / 8;\n", numbers) == [(2, "8")]


# --- Each game owns its search knowledge (#58) ------------------------------------------------------
# A game's rule of thumb and what a deal is worth are written once, in the game's policy.py; the
# heuristic bot, PIMC's plans and the game's own rollout all call those functions. A formula
# restated anywhere (in a bot, a plan or a rollout) would not follow the game's function when that
# is replaced, which the tests below do, one function at a time.

_POLICY = {name: importlib.import_module(f"cardrules.{name}.policy") for name in GAMES}

_USES: dict[str, dict[str, list[tuple[str, str]]]] = {
    # consumer -> the (module, name) it must call: the rollout through rules, PIMC's plan's value of
    # a deal's end and heuristic_move through policy (80 Points' plan values a round by the game's
    # own rollout, which plays out its last trick).
    "clubs": {"rollout": [("rules", "round_value")], "plan": [("policy", "round_value")]},
    "pub_derby": {"plan": [("policy", "half_time_value")]},  # its rollout plays to full time
    "rugby_league": {
        "rollout": [("rules", "half_time_value")],
        "plan": [("policy", "half_time_value")],
    },
    "eighty_points": {
        "rollout": [("rules", "rule_of_thumb")],
        "heuristic_move": [("policy", "rule_of_thumb")],
        "plan": [("entry", "_playout")],
    },
    "manager": {
        "rollout": [("rules", "best_exchange"), ("rules", "season_reward")],
        "heuristic_move": [("policy", "best_exchange")],
        "plan": [("policy", "season_reward")],
    },
}
"""Where each game's rollout, PIMC plan's value and ``heuristic_move`` must reach a shared function."""


class _CalledError(Exception):
    """Raised by a replaced function: the code under test reached it."""


def _raise(*args: object, **kwargs: object) -> NoReturn:
    raise _CalledError


@functools.cache
def _deal_ends(name: str) -> tuple[tuple[Any, Any], ...]:
    """``(before, after)`` pairs from games the heuristic bot plays: where ``after`` is another
    state than ``before``, it is the first state of a running game whose plan puts it in another
    deal than ``before``, itself the first of its deal (the states PIMC's plans score with
    ``deal_value``); else a position along the way, for the rollout and the rule of thumb."""
    game, plan, policy = GAMES[name], _PLANS[name], _POLICY[name]
    pairs: list[tuple[Any, Any]] = []
    for seed in range(3):
        state = start = game.new_game(seed)
        ends = positions = 0
        while state.to_act is not None and (ends < 3 or positions < 40):
            if plan.deal(state) != plan.deal(start):
                pairs.append((start, state))
                start, ends = state, ends + 1
            elif positions < 40:
                pairs.append((state, state))
                positions += 1
            state = game.apply(state, policy.heuristic_move(game.view(state, state.to_act)))
    return tuple(pairs)


def test_each_game_keeps_its_search_knowledge_in_its_policy_module() -> None:
    """One convention: ``heuristic_move`` in every game's ``policy.__all__``, and ``deal_value``
    where the game's own rollout is not what a deal's end is worth (all but 80 Points); the heuristic
    bot's policies and PIMC's plans' values are those very functions (``None``: the rollout)."""
    assert all("heuristic_move" in module.__all__ for module in _POLICY.values())
    assert [name for name, module in _POLICY.items() if "deal_value" not in module.__all__] == [
        "eighty_points"
    ]
    assert dict(POLICIES) == {name: module.heuristic_move for name, module in _POLICY.items()}
    assert {name: plan.value for name, plan in _PLANS.items()} == {
        name: getattr(module, "deal_value", None) for name, module in _POLICY.items()
    }


def _reaches(call: Callable[[Any, Any], object], pairs: tuple[tuple[Any, Any], ...]) -> bool:
    """Whether ``call(before, after)`` reaches the replaced function (raising ``_CalledError``) on
    one of ``pairs``."""
    try:
        for before, after in pairs:
            call(before, after)
    except _CalledError:
        return True
    return False


def _consumer(name: str, consumer: str) -> Callable[[Any, Any], object]:
    """The game's rollout, PIMC's plan's value of a deal's end (as its horizon asks it) or
    ``heuristic_move``, called on a pair of ``_deal_ends`` (the plan on the pairs that end a deal,
    the others on positions)."""
    game, plan, policy = GAMES[name], _PLANS[name], _POLICY[name]
    calls: dict[str, Callable[[Any, Any], object]] = {
        "rollout": lambda before, after: after is before and game.rollout(before, 7),
        "plan": lambda before, after: after is not before and _Horizon(game, plan, before).value(after),
        "heuristic_move": lambda before, after: (
            after is before and policy.heuristic_move(game.view(before, before.to_act))
        ),
    }
    return calls[consumer]


_COMPILED = "replaces module globals, which a compiled module's calls do not look up"


@pytest.mark.skipif(cardrules.COMPILED, reason=_COMPILED)
@pytest.mark.parametrize(
    ("name", "consumer", "module", "function"),
    [(n, c, m, f) for n, uses in _USES.items() for c, pairs in uses.items() for m, f in pairs],
)
def test_the_rollouts_deal_values_and_rules_of_thumb_call_the_games_functions(
    name: str, consumer: str, module: str, function: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = importlib.import_module(f"cardrules.{name}.{module}")
    if module != "policy" and not function.startswith("_"):  # the name is the policy's function
        assert getattr(where, function) is getattr(_POLICY[name], function)
    pairs = _deal_ends(name)
    call = _consumer(name, consumer)
    assert not _reaches(call, pairs)  # the pairs run through before the function is replaced
    monkeypatch.setattr(where, function, _raise)
    assert _reaches(call, pairs)


@pytest.mark.skipif(cardrules.COMPILED, reason=_COMPILED)
def test_the_check_of_the_shared_functions_finds_a_restated_formula(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clubs' deal value written out again, ``1 - clubs / 13`` as ``bots/pimc.py`` had it, does
    not follow ``round_value`` when it is replaced; PIMC's plan does."""
    monkeypatch.setattr(_POLICY["clubs"], "round_value", _raise)

    def restated(before: Any, after: Any) -> object:
        return after is not before and tuple(
            1 - (a - b) / 13 for a, b in zip(after.match.scores, before.match.scores)
        )

    assert not _reaches(restated, _deal_ends("clubs"))
    assert _reaches(_consumer("clubs", "plan"), _deal_ends("clubs"))


def test_each_plans_value_is_the_games_on_the_deals_it_ends() -> None:
    """On the deal ends of real games, PIMC's horizon values a deal as the game's ``deal_value``
    (80 Points': its rollout), and each is a reward a seat (between 0 and 1)."""
    for name, game in GAMES.items():
        ends = [(b, a) for b, a in _deal_ends(name) if a is not b]
        assert ends, name
        for before, after in ends:
            value = _Horizon(game, _PLANS[name], before).value(after)
            deal_value = getattr(_POLICY[name], "deal_value", None)
            assert value == (game.rollout(after, 0) if deal_value is None else deal_value(before, after))
            assert len(value) in game.INFO.seats
            assert all(0.0 <= v <= 1.0 for v in value), (name, value)
