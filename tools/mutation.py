"""Mutation testing: how many deliberately broken rules do a game's own tests catch? (cosmic-ray)

    python tools/mutation.py clubs --sample 100 --seed 11           # a game's package, its tests
    python tools/mutation.py src/cardrules/_shared/tricks.py --tests tests/clubs --sample 30 --seed 1

Needs the ``mutation`` extra (``python -m pip install -e ".[mutation]"``). The project is copied
to a scratch directory for each worker, so the working tree is never touched. cosmic-ray lists every
mutant of the modules (comparisons flipped, operators swapped, numbers moved by one, ``and``/``or``
swapped, ``not`` dropped, ``break``/``continue`` swapped, ...; settings in ``[tool.cosmic-ray]`` of
pyproject.toml), a sample is drawn with ``--seed`` (the same seed and source give the same
sample), and each mutant runs the tests (``tests/<game>`` for a game) until one fails.

Prints the kill rate (killed / (killed + survived); a test run over the time limit counts as
killed, a mutant that does not even import as neither) and every survivor with its diff. Mutants
inside annotations are left out (never evaluated, so equivalent by construction); others judged
equivalent (no behaviour can tell them apart) are listed in ``tools/mutation_equivalents.toml``
with a reason each; they are shown apart and left out of the rate. With ``--fail-under 95`` the exit
status is 1 when the rate is under 95%.
"""

from __future__ import annotations

import argparse
import ast
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest brings tomli on Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = Path(__file__).resolve().parent / "mutation_equivalents.toml"
GAMES = ("clubs", "pub_derby", "rugby_league", "eighty_points", "manager")

Key = tuple[str, str, int, str]  # module, operator, occurrence, operator arguments


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help="a game (its package) or a module path under src/")
    parser.add_argument("--tests", nargs="+", help="test paths (default: tests/<game>)")
    parser.add_argument("--sample", type=int, default=100, help="mutants to run (default 100; 0: all)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="copies run at once")
    parser.add_argument("--fail-under", type=float, help="exit 1 if the kill rate (%%) is under this")
    args = parser.parse_args(argv)
    if args.target in GAMES:
        args.modules, args.tests = [f"src/cardrules/{args.target}"], args.tests or [f"tests/{args.target}"]
    elif (ROOT / args.target).exists() and args.tests:
        args.modules = [args.target]
    else:
        parser.error(f"{args.target!r} is neither a game ({', '.join(GAMES)}) nor a path given with --tests")
    return args


def _copy(scratch: Path) -> Path:
    """The files git tracks (and the untracked ones it does not ignore), as they are now."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            target = scratch / os.fsdecode(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return scratch


def _config(copy: Path, modules: list[str], tests: list[str]) -> Path:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cosmic-ray"]
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    lines = [
        "[cosmic-ray]",
        f"module-path = {modules!r}",
        f"timeout = {float(settings['timeout'])}",
        f"excluded-modules = {settings.get('excluded-modules', [])!r}",
        f"test-command = {' '.join(command)!r}",
        "[cosmic-ray.distributor]",
        'name = "local"',
    ]
    path = copy / "cosmic-ray.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _cosmic_ray(copy: Path, *args: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(copy / "src")}  # the copy's package, not the installed one
    subprocess.run(["cosmic-ray", *args], cwd=copy, env=env, check=True, capture_output=True)


def _key(mutation: Any) -> Key:
    return (
        str(mutation.module_path),
        mutation.operator_name,
        mutation.occurrence,
        repr(mutation.operator_args),
    )


_PARSING = threading.Lock()  # CPython 3.11's ast.parse is not safe in two threads at once


@functools.cache
def _annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the module's annotations are: every module here has ``from __future__ import
    annotations``, so they are never evaluated, and a mutant inside one is equivalent by
    construction."""
    spans = []
    with _PARSING:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        found: list[ast.expr | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            found += [node.returns, *(x.annotation for x in [*a.posonlyargs, *a.args, *a.kwonlyargs])]
            found += [x.annotation for x in (a.vararg, a.kwarg) if x is not None]
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
        spans += [
            ((n.lineno, n.col_offset), (n.end_lineno or n.lineno, n.end_col_offset or 0))
            for n in found
            if n is not None
        ]
    return spans


def _in_annotation(copy: Path, mutation: Any) -> bool:
    start, end = tuple(mutation.start_pos), tuple(mutation.end_pos)
    return any(low <= start and end <= high for low, high in _annotation_spans(copy / mutation.module_path))


def _init(copy: Path, modules: list[str], tests: list[str]) -> tuple[Path, dict[Key, str]]:
    """The copy's session database and its mutants, each by its key and job id (mutants inside
    annotations left out)."""
    from cosmic_ray.work_db import WorkDB, use_db

    config = _config(copy, modules, tests)
    _cosmic_ray(copy, "init", str(config), "session.sqlite")
    with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
        items = list(db.pending_work_items)
    jobs = {_key(i.mutations[0]): i.job_id for i in items if not _in_annotation(copy, i.mutations[0])}
    return config, jobs


def _run_shard(copy: Path, modules: list[str], tests: list[str], keep: set[Key]) -> list[dict[str, Any]]:
    """Run the mutants ``keep`` in ``copy``; each one's key, outcome and diff."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    config, jobs = _init(copy, modules, tests)
    with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
        skipped = [item.job_id for item in db.pending_work_items if _key(item.mutations[0]) not in keep]
        db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
    _cosmic_ray(copy, "exec", str(config), "session.sqlite")
    by_job = {job: key for key, job in jobs.items()}
    with use_db(str(copy / "session.sqlite"), WorkDB.Mode.open) as db:
        return [
            {
                "key": by_job[job],
                "worker": result.worker_outcome.value,
                "test": None if result.test_outcome is None else result.test_outcome.value,
                "diff": result.diff or "",
            }
            for job, result in db.results
            if job in by_job and by_job[job] in keep
        ]


def _changed_lines(diff: str) -> tuple[str, str]:
    removed = [
        line[1:].strip() for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")
    ]
    added = [
        line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")
    ]
    return "\n".join(removed), "\n".join(added)


def _equivalents() -> list[dict[str, str]]:
    if not EQUIVALENTS.exists():
        return []
    return list(tomllib.loads(EQUIVALENTS.read_text(encoding="utf-8")).get("equivalent", []))


def _is_equivalent(result: dict[str, Any], judged: list[dict[str, str]]) -> str | None:
    """The reason given for a survivor judged equivalent (matched by module and changed lines)."""
    removed, added = _changed_lines(result["diff"])
    for entry in judged:
        if entry["module"] == result["key"][0] and entry["removed"] == removed and entry["added"] == added:
            return entry["why"]
    return None


def _report(results: list[dict[str, Any]], population: int) -> float:
    judged = _equivalents()
    ran = [r for r in results if r["worker"] == "normal" and r["test"] in ("killed", "survived")]
    survivors = [r for r in ran if r["test"] == "survived"]
    reasons = [(r, _is_equivalent(r, judged)) for r in survivors]
    equivalent = [(r, why) for r, why in reasons if why is not None]
    live = [r for r, why in reasons if why is None]
    killed = len(ran) - len(survivors)
    counted = killed + len(live)
    rate = 100.0 * killed / counted if counted else 100.0
    print(
        f"{len(results)} of {population} mutants run: {killed} killed, {len(live)} survived, "
        f"{len(equivalent)} judged equivalent, {len(results) - len(ran)} not competent (no import) or failed"
    )
    print(f"kill rate: {rate:.1f}% of the non-equivalent mutants")
    for r, why in equivalent:
        print(f"\nequivalent ({why}): {r['key'][0]} {r['key'][1]}\n{r['diff']}")
    for r in live:
        print(f"\nSURVIVED: {r['key'][0]} {r['key'][1]} #{r['key'][2]}\n{r['diff']}")
    return rate


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    with tempfile.TemporaryDirectory(prefix="cardrules-mutation-") as scratch:
        base = Path(scratch)
        _, jobs = _init(_copy(base / "list"), args.modules, args.tests)
        keys = sorted(jobs)
        chosen = (
            keys if args.sample <= 0 else random.Random(args.seed).sample(keys, min(args.sample, len(keys)))
        )
        shards = [set(chosen[i :: args.workers]) for i in range(args.workers) if chosen[i :: args.workers]]
        print(
            f"{len(keys)} mutants of {', '.join(args.modules)}; running {len(chosen)} (seed {args.seed}) "
            f"against {' '.join(args.tests)} on {len(shards)} copies",
            flush=True,
        )
        with ThreadPoolExecutor(len(shards)) as pool:
            runs = [
                pool.submit(_run_shard, _copy(base / f"copy{i}"), args.modules, args.tests, shard)
                for i, shard in enumerate(shards)
            ]
            results = [r for run in runs for r in run.result()]
    rate = _report(results, len(keys))
    return 1 if args.fail_under is not None and rate < args.fail_under else 0


if __name__ == "__main__":
    sys.exit(main())
