"""Regenerate the README's measured figures: run the benchmarks, keep the results, write the table.

    uv run python benchmarks/figures.py                   # every benchmark (~5 min), then README
    uv run python benchmarks/figures.py --only frame retrieval
    uv run python benchmarks/figures.py --readme-only     # the table from stored results only
    uv run python benchmarks/figures.py --quick           # short runs to try the tool itself

Each benchmark script runs as a subprocess (`sys.executable benchmarks/<script>.py <args>`,
SDL's dummy drivers); its JSON lines are appended, as one record, to
`benchmarks/results/<name>.jsonl` with the UTC date, the git commit (and whether the tree had
uncommitted changes), the machine and the command. Then the README's table between
`<!-- figures:begin -->` and `<!-- figures:end -->` is rewritten from the latest record of
each benchmark: what was timed, the figure, the goal, and the date and commit it was measured
at. A benchmark that fails is reported on stderr (exit status 1) and keeps its old row.

`--quick` runs shorter versions into `benchmarks/results/quick/` and leaves the README alone
(the table it would write is printed on stdout).

This module runs the benchmarks and keeps their results; `figures_table.py` (next to it) turns
the results into the README's table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # there when run as a script, not when loaded by path (tests);
    sys.path.append(str(HERE))  # last, so the other scripts here shadow no installed module

from figures_table import JsonLine, Record, block_of, build_table, replace_block  # noqa: E402

ROOT = HERE.parent
RESULTS = ROOT / "benchmarks" / "results"
QUICK_RESULTS = RESULTS / "quick"
README = ROOT / "README.md"
TIMEOUT_S = 1800.0  # one benchmark run; far above any of them (the offline day: ~70 s)
STDERR_TAIL = 12  # lines of a failed benchmark's stderr shown


@dataclass(frozen=True)
class Benchmark:
    """One run of one benchmark script: the README rows come from its JSON lines."""

    name: str
    script: str  # a file in benchmarks/
    args: tuple[str, ...]
    quick_args: tuple[str, ...]

    def command(self, quick: bool, folder: Path = ROOT / "benchmarks") -> list[str]:
        return [
            sys.executable,
            str(folder / self.script),
            *(self.quick_args if quick else self.args),
        ]


BENCHMARKS = (
    Benchmark(
        "pathfinding", "pathfinding.py", ("--pairs", "500", "--seed", "7"), ("--pairs", "50")
    ),
    Benchmark(
        "frame", "frame.py", ("--frames", "600", "--agents", "25", "200"), ("--frames", "60")
    ),
    Benchmark(
        "retrieval",
        "retrieval.py",
        ("--sizes", "10000", "--queries", "300"),
        ("--sizes", "1000", "--queries", "30"),
    ),
    Benchmark(
        "simulation-offline",
        "simulation.py",
        ("--only", "offline", "--hours", "24"),
        ("--only", "offline", "--hours", "1"),
    ),
    Benchmark(
        "simulation-fake",
        "simulation.py",
        ("--only", "fake", "--fake-hours", "1"),
        ("--only", "fake", "--fake-hours", "0.25"),
    ),
    Benchmark(
        "simulation-frame",
        "simulation.py",
        ("--only", "frame", "--frame-seconds", "20"),
        ("--only", "frame", "--frame-seconds", "3"),
    ),
    Benchmark("replay", "replay.py", ("--hours", "48"), ("--hours", "2", "--frames", "60")),
    Benchmark(
        "records",
        "records.py",
        ("--hours", "24"),
        ("--hours", "0.5", "--embedder", "hashing", "--town", "the_ville_n3"),
    ),
)
GROUPS = {"simulation": ("simulation-offline", "simulation-fake", "simulation-frame")}


class BenchmarkFailed(Exception):
    """A benchmark run that gave no usable figures (the message says why)."""


# --- running ----------------------------------------------------------------------------------


def git(*args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "--no-optional-locks", *args],  # read only: never refresh the index
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip()


# what this command writes itself: a change there is not a change to what was measured
OWN_OUTPUTS = (":!benchmarks/results", ":!README.md")


def provenance() -> dict[str, Any]:
    """The commit the figures were measured at, and whether the tree had local changes
    (besides the results and the README table this command writes)."""
    status = git("status", "--porcelain", "--untracked-files=no", "--", ".", *OWN_OUTPUTS)
    return {"commit": git("rev-parse", "HEAD") or "unknown", "dirty": bool(status)}


def machine() -> dict[str, Any]:
    usable: int | None
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count()
    return {
        "cpu_count": os.cpu_count(),
        "usable_cpus": usable,
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
    }


def print_line(line: str, out: Path | None) -> None:
    """A benchmark's JSON line: printed, and appended to `out` too when given."""
    print(line, flush=True)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("a", encoding="utf-8") as file:
            file.write(line + "\n")


def child_environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def run_command(
    command: Sequence[str], label: str, progress: TextIO, timeout_s: float = TIMEOUT_S
) -> list[JsonLine]:
    """Run one benchmark; its JSON lines (stdout), each told on `progress` as it arrives."""
    lines: list[JsonLine] = []
    timed_out = threading.Event()
    with (
        tempfile.TemporaryFile("w+") as errors,
        subprocess.Popen(
            list(command),
            cwd=ROOT,
            env=child_environment(),
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        ) as process,
    ):

        def kill() -> None:
            timed_out.set()
            process.kill()

        timer = threading.Timer(timeout_s, kill)
        timer.start()
        try:
            assert process.stdout is not None
            for raw in process.stdout:
                line = json_line(raw, label, progress)
                if line is not None:
                    lines.append(line)
                    progress.write(f"  {label}: {describe_line(line)}\n")
                    progress.flush()
            status = process.wait()
        finally:
            timer.cancel()
            if process.poll() is None:
                process.kill()
        if status != 0:
            errors.seek(0)
            tail = errors.read().strip().splitlines()[-STDERR_TAIL:]
            why = f"killed after {timeout_s:.0f} s" if timed_out.is_set() else f"exited {status}"
            details = "\n".join(f"    {line}" for line in tail) or "    (nothing on stderr)"
            raise BenchmarkFailed(f"{label}: {why}; its stderr ends:\n{details}")
    if not lines:
        raise BenchmarkFailed(f"{label}: printed no JSON line")
    return lines


def json_line(raw: str, label: str, progress: TextIO) -> JsonLine | None:
    """One stdout line as a JSON object; anything else is told on `progress` and skipped."""
    text = raw.strip()
    if not text:
        return None
    try:
        line = json.loads(text)
    except json.JSONDecodeError:
        line = None
    if not isinstance(line, dict):
        progress.write(f"  {label}: not a JSON object, ignored: {text[:120]}\n")
        return None
    return line


def describe_line(line: JsonLine) -> str:
    name = line.get("benchmark") or line.get("scenario") or "?"
    return str(name)


def record_run(benchmark: Benchmark, quick: bool, progress: TextIO) -> Record:
    """Run `benchmark` and return its record (not yet stored)."""
    command = benchmark.command(quick)
    script = Path(command[1])
    where = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    shown = " ".join(["python", str(where), *command[2:]])
    progress.write(f"{benchmark.name}: {shown}\n")
    progress.flush()
    facts = {"machine": machine(), **provenance()}
    started = time.monotonic()
    lines = run_command(command, benchmark.name, progress)
    seconds = round(time.monotonic() - started, 1)
    progress.write(f"{benchmark.name}: done in {seconds} s\n")
    return {
        "benchmark": benchmark.name,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        **facts,
        "command": shown,
        "quick": quick,
        "run_s": seconds,
        "lines": lines,
    }


def store(record: Record, folder: Path) -> Path:
    """Append `record` to `<folder>/<benchmark>.jsonl` (the history of that benchmark)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{record['benchmark']}.jsonl"
    with path.open("a", encoding="utf-8") as history:
        history.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def latest_records(folder: Path) -> dict[str, Record]:
    """The newest stored record of every benchmark in `folder` (unreadable lines skipped)."""
    latest: dict[str, Record] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for text in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(text)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and isinstance(record.get("lines"), list):
                latest[str(record.get("benchmark", path.stem))] = record
    return latest


# --- the command ------------------------------------------------------------------------------


def selected(names: Sequence[str] | None) -> list[Benchmark]:
    if not names:
        return list(BENCHMARKS)
    wanted = {n for name in names for n in GROUPS.get(name, (name,))}
    return [benchmark for benchmark in BENCHMARKS if benchmark.name in wanted]


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    choices = [benchmark.name for benchmark in BENCHMARKS] + list(GROUPS)
    parser.add_argument(
        "--only", nargs="+", choices=choices, metavar="NAME", help=", ".join(choices)
    )
    parser.add_argument("--readme-only", action="store_true", help="run nothing; rewrite the table")
    parser.add_argument("--quick", action="store_true", help="short runs into results/quick/")
    parser.add_argument("--results", type=Path, help="results folder (default benchmarks/results)")
    parser.add_argument("--readme", type=Path, help="the README to rewrite (default README.md)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None, progress: TextIO = sys.stderr) -> int:
    args = parse_arguments(argv)
    if args.quick and args.readme_only:
        progress.write("--quick runs benchmarks; --readme-only runs none: choose one\n")
        return 2
    results = args.results or (QUICK_RESULTS if args.quick else RESULTS)
    readme = args.readme or (None if args.quick else README)
    failed: list[str] = []
    if not args.readme_only:
        for benchmark in selected(args.only):
            try:
                record = record_run(benchmark, args.quick, progress)
            except BenchmarkFailed as error:
                progress.write(f"FAILED {error}\n")
                failed.append(benchmark.name)
                continue
            progress.write(f"{benchmark.name}: stored in {store(record, results)}\n")
    records = latest_records(results)
    try:
        old = readme.read_text(encoding="utf-8") if readme is not None else None
        table = build_table(records, block_of(old) if old is not None else "", failed)
        if readme is not None and old is not None:
            readme.write_text(replace_block(old, table.text), encoding="utf-8")
            progress.write(f"rewrote the figures table in {readme}\n")
        else:
            print(table.text)
    except (OSError, ValueError) as error:
        progress.write(f"README not rewritten: {error}\n")
        return 1
    for note in table.notes:
        progress.write(f"note: {note}\n")
    for problem in table.problems:
        progress.write(f"FAILED {problem} (its old row is kept)\n")
    if failed:
        progress.write(f"failed: {', '.join(failed)} (their old rows are kept)\n")
    return 1 if failed or table.problems else 0


if __name__ == "__main__":
    sys.exit(main())
