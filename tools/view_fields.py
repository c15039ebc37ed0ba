"""Each game page's table of its ``View`` fields, generated from the fields' docstrings.

Every field of a game's ``View`` (``src/cardrules/<game>/state.py``) has an attribute docstring, the
string on the line under it, which the API reference shows too. This tool reads the fields, their
annotations as written and their docstrings from the source (with ``ast``: nothing is imported) and
writes a "field | type | meaning" table between the markers ``<!-- view-fields:start -->`` and
``<!-- view-fields:end -->`` of ``docs/rules/<game>.md``, in plain Markdown that reads on GitHub too.
The bot guide, ``docs/bots.md``, gets one table of every game's field names, each game linked to its
page's table, between ``<!-- view-field-names:start -->`` and ``<!-- view-field-names:end -->``.

    python tools/view_fields.py          # rewrite the tables
    python tools/view_fields.py --check  # change nothing; exit 1 naming stale pages and undocumented fields

``tests/repo/test_view_fields.py`` runs the check, so a field added without a docstring, or a docstring
changed without rewriting the page, fails the suite.

The same fields and docstrings, with the types of every class a game's views and events hold, also
make the JavaScript client's TypeScript declarations ``clients/js/types/games.d.ts``: each game's
``View`` and events as the JSON format writes them (docs/serialization.md), a namespace a game. That
part imports the package, to follow each annotation to its class. Both commands above rewrite or
check it too; ``--typescript`` does only that:

    python tools/view_fields.py --typescript [--out FILE]   # write games.d.ts (FILE: elsewhere)
"""

from __future__ import annotations

import argparse
import ast
import enum
import inspect
import json
import re
import sys
import typing
from pathlib import Path
from types import UnionType
from typing import Literal, NamedTuple, Union

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("clubs", "pub_derby", "rugby_league", "eighty_points", "manager")
START = "<!-- view-fields:start -->"
END = "<!-- view-fields:end -->"
GUIDE_START = "<!-- view-field-names:start -->"
GUIDE_END = "<!-- view-field-names:end -->"
VIEW_ANCHOR = "what-a-seat-sees-the-view"
"""The anchor of the section "What a seat sees: the `View`" that every game page has."""
TYPESCRIPT = Path("clients") / "js" / "types" / "games.d.ts"
"""Where the TypeScript declarations of the games' views and events go, from the root."""


class ViewField(NamedTuple):
    """One field of a ``View``: its name, its annotation as written, its docstring (``None``: none)
    and the line it is declared on."""

    name: str
    annotation: str
    doc: str | None
    line: int


def source_path(game: str, root: Path = ROOT) -> Path:
    """The module that defines ``game``'s ``View``."""
    return root / "src" / "cardrules" / game / "state.py"


def page_path(game: str, root: Path = ROOT) -> Path:
    """``game``'s rules page."""
    return root / "docs" / "rules" / f"{game}.md"


def guide_path(root: Path = ROOT) -> Path:
    """The bot guide, which lists every game's field names."""
    return root / "docs" / "bots.md"


def view_fields(source: str, class_name: str = "View") -> list[ViewField]:
    """The annotated fields of class ``class_name`` in ``source``, in order, each with the string
    statement that follows it, if any (its attribute docstring)."""
    tree = ast.parse(source)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name]
    if len(classes) != 1:
        raise ValueError(f"expected one class {class_name}, found {len(classes)}")
    body = classes[0].body
    fields = []
    for k, node in enumerate(body):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        annotation = ast.get_source_segment(source, node.annotation) or ast.unparse(node.annotation)
        following = body[k + 1] if k + 1 < len(body) else None
        doc = None
        if (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            doc = inspect.cleandoc(following.value.value)
        fields.append(ViewField(node.target.id, annotation, doc, node.lineno))
    return fields


def _code(text: str) -> str:
    """``text`` as inline code in a table cell. A ``|`` would end the cell on GitHub, and inside
    backticks no escape of it reads right both there and on the docs site: such text goes in an
    HTML ``<code>`` element with the bar as an entity."""
    if "|" in text:
        return "<code>" + text.replace("|", "&#124;") + "</code>"
    return f"`{text}`"


def _meaning(doc: str) -> str:
    """A docstring as one table cell: its lines joined, code in double backticks in single ones."""
    return re.sub(r"``(.+?)``", r"`\1`", " ".join(doc.split()))


def table(game: str, fields: list[ViewField]) -> str:
    """The generated block for ``game``'s page, markers included."""
    where = source_path(game, Path(".")).as_posix()
    lines = [
        START,
        f"<!-- Generated by tools/view_fields.py from the View docstrings in {where}: edit those. -->",
        "",
        "| field | type | meaning |",
        "| --- | --- | --- |",
    ]
    lines += [f"| `{f.name}` | {_code(f.annotation)} | {_meaning(f.doc or '')} |" for f in fields]
    lines += ["", END]
    return "\n".join(lines)


def with_table(page: str, block: str, start: str = START, end: str = END) -> str:
    """``page`` with the text from its start marker to its end marker replaced by ``block``."""
    if page.count(start) != 1 or page.count(end) != 1 or page.index(start) > page.index(end):
        raise ValueError(f"the page needs one {start} line and, after it, one {end} line")
    head, rest = page.split(start, 1)
    return head + block + rest.split(end, 1)[1]


def title(game: str, root: Path = ROOT) -> str:
    """The game's name as its page's title gives it: ``# 80 Points (`cardrules.eighty_points`)``."""
    first = page_path(game, root).read_text(encoding="utf-8").split("\n", 1)[0]
    return first.removeprefix("# ").split(" (", 1)[0]


def names_table(found: dict[str, list[ViewField]], root: Path = ROOT) -> str:
    """The guide's block, markers included: a row a game, its name linked to its page's table, then
    its field names in order."""
    lines = [
        GUIDE_START,
        "<!-- Generated by tools/view_fields.py from each game's View: edit those. -->",
        "",
        "| game | the fields of its `View` (each explained on the game's page) |",
        "| --- | --- |",
    ]
    for game, fields in found.items():
        link = f"[{title(game, root)}](rules/{game}.md#{VIEW_ANCHOR})"
        lines.append(f"| {link} | {', '.join(f'`{f.name}`' for f in fields)} |")
    lines += ["", GUIDE_END]
    return "\n".join(lines)


def _guide(found: dict[str, list[ViewField]], root: Path) -> tuple[Path, str] | None:
    """The guide and its text with a fresh block; ``None`` where the root has no guide (a toy
    game's scratch tree). Raises ``ValueError`` if the guide lacks the markers."""
    path = guide_path(root)
    if not path.exists():
        return None
    try:
        return path, with_table(
            path.read_text(encoding="utf-8"), names_table(found, root), GUIDE_START, GUIDE_END
        )
    except ValueError as exc:
        raise ValueError(f"{path.relative_to(root).as_posix()}: {exc}") from None


def undocumented(game: str, fields: list[ViewField], root: Path = ROOT) -> list[str]:
    """A line for each field without a docstring, and each docstring a table cell cannot hold."""
    where = source_path(game, root).relative_to(root).as_posix()
    found = []
    for f in fields:
        if not f.doc:
            found.append(f"{where}:{f.line}: View.{f.name} has no docstring")
        elif "|" in f.doc:
            found.append(f"{where}:{f.line}: View.{f.name}'s docstring has a '|', which ends a table cell")
    return found


def check(root: Path = ROOT, games: tuple[str, ...] = GAMES) -> list[str]:
    """Every problem, one line each: fields without docstrings, pages without the markers, and
    pages whose table differs from the one the docstrings give (the bot guide's list of field names
    too, where the root has the guide). Empty when all is well."""
    problems = []
    found = {}
    for game in games:
        fields = found[game] = view_fields(source_path(game, root).read_text(encoding="utf-8"))
        problems += undocumented(game, fields, root)
        path = page_path(game, root)
        page = path.read_text(encoding="utf-8")
        name = path.relative_to(root).as_posix()
        try:
            fresh = with_table(page, table(game, fields))
        except ValueError as exc:
            problems.append(f"{name}: {exc}")
            continue
        if fresh != page:
            problems.append(f"{name}: the View table is stale (run python tools/view_fields.py)")
    try:
        guide = _guide(found, root)
    except ValueError as exc:
        problems.append(str(exc))
    else:
        if guide is not None and guide[1] != guide[0].read_text(encoding="utf-8"):
            name = guide[0].relative_to(root).as_posix()
            problems.append(f"{name}: the View field names are stale (run python tools/view_fields.py)")
    return problems


def write(root: Path = ROOT, games: tuple[str, ...] = GAMES) -> list[str]:
    """Rewrite each page's table; the pages changed. Raises ``ValueError``, writing nothing, naming
    every field without a usable docstring, or a page without the markers."""
    found = {game: view_fields(source_path(game, root).read_text(encoding="utf-8")) for game in games}
    missing = [line for game, fields in found.items() for line in undocumented(game, fields, root)]
    if missing:
        raise ValueError("\n".join(missing))
    fresh = {}
    for game, fields in found.items():
        path = page_path(game, root)
        try:
            fresh[path] = with_table(path.read_text(encoding="utf-8"), table(game, fields))
        except ValueError as exc:
            raise ValueError(f"{path.relative_to(root).as_posix()}: {exc}") from None
    guide = _guide(found, root)
    if guide is not None:
        fresh[guide[0]] = guide[1]
    changed = []
    for path, text in fresh.items():
        if text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            changed.append(path.relative_to(root).as_posix())
    return changed


# ---------------------------------------------------------------- TypeScript declarations


def _namespace(game: str) -> str:
    """``pub_derby`` -> ``PubDerby``: the game's namespace in the declarations."""
    return "".join(part.capitalize() for part in game.split("_"))


def _home(cls: type) -> str | None:
    """The game whose module defines ``cls``, or ``None`` for a class the games share."""
    parts = cls.__module__.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "cardrules" and parts[1] in GAMES else None


def _doc_comment(text: str | None, indent: str) -> list[str]:
    """A JSDoc comment of ``text`` (code in double backticks in single ones), or none."""
    if not text:
        return []
    body = re.sub(r"``(.+?)``", r"`\1`", inspect.cleandoc(text)).replace("*/", "*\\/")
    return [f"{indent}/**", *[f"{indent} * {line}".rstrip() for line in body.splitlines()], f"{indent} */"]


_SCALARS: dict[type, str] = {
    type(None): "null",
    bool: "boolean",
    int: "number",
    float: "number",
    str: "string",
}
"""The TypeScript type of each scalar annotation (every integer a view or event holds is well
within 2**53 - 1, which a JavaScript number holds exactly)."""


class _Declarations:
    """Every class and enum reachable from the games' views and events, each in its namespace (a
    game's own, or ``Shared``; an enum of ``cardrules.cards`` at the top), in the order found."""

    def __init__(self) -> None:
        import attrs

        from cardrules.cards import Card

        self.attrs_has = attrs.has
        self.attrs_fields = attrs.fields
        self.card = Card
        self.classes: dict[str | None, list[type]] = {}
        self.enums: list[type[enum.Enum]] = []

    def name(self, cls: type, where: str | None) -> str:
        """How ``cls`` is written inside the namespace of game ``where`` (``None``: Shared)."""
        if issubclass(cls, enum.Enum):
            return cls.__name__
        home = _home(cls)
        return cls.__name__ if home == where else f"{_namespace(home) if home else 'Shared'}.{cls.__name__}"

    def type_of(self, tp: object, where: str | None) -> str:
        """The TypeScript type of a value of annotation ``tp`` as ``dumps`` writes it."""
        scalar = _SCALARS.get(tp) if isinstance(tp, type) else None
        if scalar is not None:
            return scalar
        if tp is self.card:
            return "Card"
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is Literal:
            return " | ".join(json.dumps(a) for a in args)
        if origin in (Union, UnionType):
            return " | ".join(self.type_of(a, where) for a in args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.type_of(args[0], where)
                return f"({item})[]" if " " in item else f"{item}[]"
            return "[" + ", ".join(self.type_of(a, where) for a in args) + "]"
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            if tp not in self.enums:
                self.enums.append(tp)
            return tp.__name__
        if isinstance(tp, type) and self.attrs_has(tp):
            self.add(tp)
            return self.name(tp, where)
        if tp is typing.Any or tp is object:
            return "unknown"
        raise ValueError(f"no TypeScript type for the annotation {tp!r}")

    def add(self, cls: type) -> None:
        """Declare ``cls`` (and, through its fields, every class it holds) once."""
        found = self.classes.setdefault(_home(cls), [])
        if cls not in found:
            found.append(cls)
            for hint in typing.get_type_hints(cls).values():
                self.type_of(hint, _home(cls))

    def interface(self, cls: type, docs: dict[str, str | None], indent: str) -> list[str]:
        """``cls`` as an interface: its ``type`` and each field, with its docstring if ``docs`` has it."""
        where = _home(cls)
        hints = typing.get_type_hints(cls)
        lines = [*_doc_comment(cls.__doc__, indent), f"{indent}export interface {cls.__name__} {{"]
        lines.append(f'{indent}  type: "{cls.__name__}";')
        for field in self.attrs_fields(cls):
            lines += _doc_comment(docs.get(field.name), indent + "  ")
            lines.append(f"{indent}  {field.name}: {self.type_of(hints[field.name], where)};")
        return [*lines, f"{indent}}}"]


def typescript(root: Path = ROOT, games: tuple[str, ...] = GAMES) -> str:
    """The text of ``clients/js/types/games.d.ts``: for each game a namespace with its ``View``
    (each field with its docstring, read from ``root``'s sources as the pages' tables are), its
    events and the classes they hold, and the documents that carry them; ``Shared`` the classes
    several games use. Raises ``ValueError`` if the source's fields are not the class's."""
    import importlib

    declared = _Declarations()
    events: dict[str, tuple[type, ...]] = {}
    docs: dict[str, dict[str, str | None]] = {}
    for game in games:
        module = importlib.import_module(f"cardrules.{game}")
        fields = view_fields(source_path(game, root).read_text(encoding="utf-8"))
        if [f.name for f in fields] != [f.name for f in declared.attrs_fields(module.View)]:
            raise ValueError(
                f"{game}: the View's fields in the source are not the class's: reinstall or reload"
            )
        docs[game] = {f.name: f.doc for f in fields}
        declared.add(module.View)
        events[game] = tuple(module.EVENT_TYPES)
        for event in events[game]:
            declared.add(event)
    lines = [
        "// Generated by tools/view_fields.py from each game's View and events",
        "// (src/cardrules/<game>/state.py, the View fields' docstrings as the rules pages' tables show",
        "// them): do not edit; run npm run types --prefix clients/js, or python tools/view_fields.py.",
        "//",
        "// Each value as cardrules.dumps writes it (docs/serialization.md): an object with its class's",
        '// name as "type", a card in its notation, an enum member by its name, a tuple as an array.',
        "",
        '/** A card in its notation: `"QS"`, `"10H"`. */',
        "export type Card = string;",
    ]
    for kind in declared.enums:
        lines += [
            "",
            *_doc_comment(kind.__doc__, ""),
            f"export type {kind.__name__} = " + " | ".join(json.dumps(m) for m in kind.__members__) + ";",
        ]
    lines += [
        "",
        "/** A JSON format document: its version, its game (`null`: a class the games share), the object. */",
        "export interface Document<Game extends string | null, Data> {",
        "  format: number;",
        "  game: Game;",
        "  data: Data;",
        "}",
        "",
        "/** The classes several games use. */",
        "export namespace Shared {",
    ]
    for cls in declared.classes.get(None, []):
        lines += declared.interface(cls, {}, "  ")
    lines.append("}")
    for game in games:
        space = _namespace(game)
        own = [e.__name__ for e in events[game] if _home(e) == game]
        shared = [f"Shared.{e.__name__}" for e in events[game] if _home(e) != game]
        lines += [
            "",
            f"/** {game}: its view, its events and what they hold. */",
            f"export namespace {space} {{",
        ]
        for cls in declared.classes.get(game, []):
            lines += declared.interface(cls, docs[game] if cls.__name__ == "View" else {}, "  ")
        lines += [
            "  /** Every event of the game. */",
            "  export type Event = " + " | ".join(own + shared) + ";",
        ]
        own_fields = " | ".join(
            f'"{name}"' for name in importlib.import_module(f"cardrules.{game}").INFO.own_fields
        )
        lines += [
            "  /** A view document, as a seat's state reply carries it. */",
            f'  export type ViewDocument = Document<"{game}", View>;',
            "  /** What every seat's view has alike (a spectator's `shared`): all but the seat's own. */",
            f"  export type SharedView = Omit<View, {own_fields}>;",
        ]
        documents = ([f'Document<"{game}", ' + " | ".join(own) + ">"] if own else []) + (
            ["Document<null, " + " | ".join(shared) + ">"] if shared else []
        )
        lines += [
            "  /** An event document, as a state reply's events carry it. */",
            "  export type EventDocument = " + " | ".join(documents) + ";",
            "}",
        ]
    lines += ["", "/** Each game's view, by the game's name. */", "export interface Views {"]
    lines += [f"  {game}: {_namespace(game)}.View;" for game in games]
    lines += [
        "}",
        "",
        "/** What every seat sees alike in each game (a spectator's `shared`), by the game's name. */",
    ]
    lines += ["export interface SharedViews {"]
    lines += [f"  {game}: {_namespace(game)}.SharedView;" for game in games]
    lines += ["}", "", "/** Each game's events, by the game's name. */", "export interface Events {"]
    lines += [f"  {game}: {_namespace(game)}.Event;" for game in games]
    lines += ["}", "", "/** The games' names. */", "export type GameName = keyof Views;", ""]
    return "\n".join(lines)


def check_typescript(root: Path = ROOT) -> list[str]:
    """A line if ``clients/js/types/games.d.ts`` is not what the sources give; empty if it is."""
    path = root / TYPESCRIPT
    if not path.exists() or path.read_text(encoding="utf-8") != typescript(root):
        return [f"{TYPESCRIPT.as_posix()}: stale (run python tools/view_fields.py)"]
    return []


def write_typescript(root: Path = ROOT, out: Path | None = None) -> bool:
    """Write the declarations to ``out`` (by default the package's file); whether it changed."""
    path = out if out is not None else root / TYPESCRIPT
    text = typescript(root)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    """The command line: rewrite (exit 0), or ``--check`` (exit 1 if anything is wrong); with
    ``--typescript``, only the TypeScript declarations (to ``--out`` if given)."""
    parser = argparse.ArgumentParser(description="Write each game page's table of its View fields.")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 on any problem")
    parser.add_argument("--typescript", action="store_true", help=f"only write {TYPESCRIPT.as_posix()}")
    parser.add_argument("--out", type=Path, help="with --typescript: write the declarations here instead")
    args = parser.parse_args(argv)
    if args.check:
        problems = check() + check_typescript()
        for line in problems:
            print(line)
        return 1 if problems else 0
    try:
        changed = [] if args.typescript else write()
        if write_typescript(out=args.out):
            changed.append((args.out or TYPESCRIPT).as_posix())
    except ValueError as exc:
        print(exc)
        return 1
    for name in changed:
        print(f"rewrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
