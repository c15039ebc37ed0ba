"""Code the docs show in full is the code that runs: each block marked as the whole of an example
is that example, character for character (read on GitHub, a snippet include shows only its
directive, so the docs carry the code itself)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_MARKED = re.compile(r"<!-- the whole of (\S+) [^\n]*-->\n```(?:python|javascript)\n(.*?)```", re.S)


def test_docs_blocks_marked_as_an_example_equal_it() -> None:
    found = 0
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for path, code in _MARKED.findall(page.read_text(encoding="utf-8")):
            found += 1
            assert code == (ROOT / path).read_text(encoding="utf-8"), f"{page.name} shows an old {path}"
    assert found >= 4  # writing_a_bot.py, the toy game's rules, and the two JavaScript examples


def test_no_page_relies_on_a_snippet_include() -> None:
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if page.name == "changelog.md":
            continue  # the site's copy of CHANGELOG.md, which GitHub shows at the top of the repository
        assert "--8<--" not in page.read_text(encoding="utf-8"), page.name


def _readme_bot_section() -> tuple[str, list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Write a bot and play against it") :]
    section = section[: section.index("\n## ", 1)]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    commands = re.findall(r"```bash\n(.*?)```", section, re.S)[0]
    return code, [line.split("  #")[0].strip() for line in commands.splitlines()]


def _class_name(code: str) -> str:
    names: list[str] = re.findall(r"^class (\w+)", code, re.M)
    assert len(names) == 1, names
    return names[0]


def test_the_readmes_bot_beats_the_random_bot_clearly() -> None:
    """The README says its bot won 0.973 of 10,000 games against the random bot; over 100 games it
    must win at least 75. The games are seeded, so the run is the same every time, but a change of
    the engine's deals cannot fail it by chance either: a bot that truly wins 0.969 of its games
    (the 95% interval's lower end) wins fewer than 75 of 100 with probability below 1e-17 (a bot
    that wins 0.9, with probability 4e-6). About a second."""
    from cardrules import RandomBot
    from cardrules.arena import run_matches

    code, _commands = _readme_bot_section()
    namespace: dict[str, object] = {"__name__": "my_bot"}
    exec(compile(code, "my_bot.py", "exec"), namespace)
    bot = namespace[_class_name(code)]
    assert isinstance(bot, type)
    result = run_matches("clubs", [bot(), RandomBot()], 100, seed=2026, workers=1)
    mine, random = result.records
    assert mine.forfeits == 0 and result.failures == ()
    assert mine.win_rate >= 0.75, result.table()
    assert mine.win_rate > random.win_rate + 0.5, result.table()


def test_the_readmes_bot_plays_in_the_arena_and_at_the_terminal_as_written(tmp_path: Path) -> None:
    """A newcomer pastes the README's bot into my_bot.py and types its commands."""
    import shlex
    import shutil
    import subprocess

    code, commands = _readme_bot_section()
    assert code.startswith("# my_bot.py\n")
    (tmp_path / "my_bot.py").write_text(code, encoding="utf-8")
    # The command of the Python running the tests (its environment may not be the PATH's).
    cardrules = shutil.which("cardrules", path=os.path.dirname(sys.executable)) or shutil.which("cardrules")
    assert cardrules is not None
    arena, play, serve = commands
    assert arena.startswith("cardrules arena ") and play.startswith("cardrules play ")
    assert serve.startswith("cardrules serve --bot ")
    result = subprocess.run(
        [cardrules, *shlex.split(arena)[1:]],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines() if line.strip()}
    assert rows[_class_name(code)][1] == "200" and rows["HeuristicBot"][1] == "200"
    result = subprocess.run(
        [cardrules, *shlex.split(play)[1:], "--pause", "0"],
        cwd=tmp_path,
        check=False,
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "You left the game." in result.stdout
