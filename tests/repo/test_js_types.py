"""The JavaScript client's generated TypeScript declarations are what their sources give now:
``clients/js/types/games.d.ts`` from the games' views and events (tools/view_fields.py), and
``clients/js/types/protocol.d.ts`` from the protocol's JSON Schema (json-schema-to-typescript, run
by ``clients/js/scripts/generate_types.mjs``). A View, an event or the schema changed without
``npm run types --prefix clients/js`` fails here.

The protocol's declarations need ``node`` and ``npm ci --prefix clients/js``; without them that
test skips, unless ``CARDRULES_REQUIRE_NODE=1`` is set (as ``.ci/run`` does), when it fails."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardrules import GAMES

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "js"
TOOL = SimpleNamespace(**runpy.run_path(str(ROOT / "tools" / "view_fields.py"), run_name="view_fields"))


def test_the_games_declarations_are_fresh() -> None:
    assert TOOL.check_typescript() == []


def test_the_games_declarations_hold_every_view_field_and_event() -> None:
    text = (CLIENT / "types" / "games.d.ts").read_text(encoding="utf-8")
    for name, game in GAMES.items():
        space = text.split(f"export namespace {TOOL._namespace(name)} {{", 1)[1].split("\n}\n", 1)[0]
        view = space.split("  export interface View {", 1)[1].split("\n  }\n", 1)[0]
        for field in game.View.__attrs_attrs__:
            assert f"\n    {field.name}: " in view, (name, field.name)
        for event in game.EVENT_TYPES:
            assert f"{event.__name__}" in space.split("export type Event = ", 1)[1].split(";", 1)[0]


def _copy_sources(root: Path) -> None:
    """The five games' state modules and the declarations, as the tool reads them from ``root``."""
    for game in GAMES:
        source = TOOL.source_path(game, root)
        source.parent.mkdir(parents=True)
        shutil.copy(TOOL.source_path(game), source)
    (root / TOOL.TYPESCRIPT).parent.mkdir(parents=True)
    shutil.copy(ROOT / TOOL.TYPESCRIPT, root / TOOL.TYPESCRIPT)


def test_a_view_docstring_changed_without_regenerating_is_stale(tmp_path: Path) -> None:
    """The check can fail: a field's docstring edited, the declarations not regenerated."""
    _copy_sources(tmp_path)
    assert TOOL.check_typescript(tmp_path) == []
    source = TOOL.source_path("clubs", tmp_path)
    text = source.read_text(encoding="utf-8")
    old = '"""The seat to play now; ``None`` once the game is over."""'
    assert old in text
    source.write_text(text.replace(old, '"""The seat to play now, or ``None``."""'), encoding="utf-8")
    assert TOOL.check_typescript(tmp_path) == [
        "clients/js/types/games.d.ts: stale (run python tools/view_fields.py)"
    ]
    assert TOOL.write_typescript(tmp_path)
    assert "The seat to play now, or `None`." in (tmp_path / TOOL.TYPESCRIPT).read_text(encoding="utf-8")
    assert TOOL.check_typescript(tmp_path) == []


def _generator() -> list[str]:
    """The command that writes the protocol's declarations."""
    node = shutil.which("node")
    required = os.environ.get("CARDRULES_REQUIRE_NODE") == "1"
    if node is None or not (CLIENT / "node_modules" / "json-schema-to-typescript").is_dir():
        if required:
            pytest.fail("CARDRULES_REQUIRE_NODE=1, but there is no node, or no npm ci --prefix clients/js")
        pytest.skip("needs node and npm ci --prefix clients/js")
    return [node, str(CLIENT / "scripts" / "generate_types.mjs")]


def _generate(command: list[str], out: Path, *options: str) -> str:
    done = subprocess.run(
        [*command, "--out", str(out), *options], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return out.read_text(encoding="utf-8")


def test_the_protocol_declarations_are_what_the_schema_gives(tmp_path: Path) -> None:
    fresh = _generate(_generator(), tmp_path / "protocol.d.ts")
    assert fresh == (CLIENT / "types" / "protocol.d.ts").read_text(encoding="utf-8")
    assert "export interface StateReply {" in fresh and "export type Seed = string;" in fresh


def test_a_schema_changed_without_regenerating_gives_other_declarations(tmp_path: Path) -> None:
    """The comparison above can fail: a field added to a reply in the schema shows in the output."""
    command = _generator()
    schema = json.loads((ROOT / "src/cardrules/serve/protocol.schema.json").read_text(encoding="utf-8"))
    schema["$defs"]["state_reply"]["properties"]["mood"] = {"type": "string", "description": "A new field."}
    changed = tmp_path / "schema.json"
    changed.write_text(json.dumps(schema), encoding="utf-8")
    text = _generate(command, tmp_path / "protocol.d.ts", "--schema", str(changed))
    committed = (CLIENT / "types" / "protocol.d.ts").read_text(encoding="utf-8")
    # Past the banner (which names the schema's file): the declarations themselves differ.
    assert text.split("\n\n", 1)[1] != committed.split("\n\n", 1)[1]
    assert "mood?: string;" in text and "mood" not in committed
