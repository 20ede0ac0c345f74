"""Time `.ci/run` on a clean clone of this checkout's HEAD and print one JSON line.

    uv run python benchmarks/ci_run.py                    # clone HEAD into a temporary folder
    uv run python benchmarks/ci_run.py --label before --rev <commit>

The clone is a fresh `git clone` (no .venv, no build/): `.ci/run` syncs its environments from
uv's cache, checks the bundle and the wheel and runs the whole test suite, as CI does. The
line holds the wall seconds, the CPU seconds of everything it ran (user + system, children
included), the tests' summary line, the exit status and the load average at the start and the
end: on a shared machine the wall time says little without them.

    {"label": "after", "rev": "2c89105", "ci_run_s": 301.4, "cpu_s": 612.0, "exit": 0,
     "summary": "1797 passed in 280.13s", "load_average_start": [0.4, 0.6, 0.9],
     "load_average_end": [2.1, 1.9, 1.4], "cpus": 2}

It runs the whole suite: minutes of both cores. The output of `.ci/run` is kept in
`--log` (default: the clone's `ci-run.log`, removed with the clone unless `--keep`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed).* in [\d.]+s.*?)\s*=*$")


def load_average() -> list[float]:
    return [round(value, 2) for value in os.getloadavg()]


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def summary_of(output: str) -> str:
    """pytest's last summary line ("1794 passed in 374.2s"), or "" when there is none."""
    found = [m.group(1) for line in output.splitlines() if (m := SUMMARY.match(line.strip()))]
    return found[-1] if found else ""


def time_ci_run(clone: Path, log: Path) -> dict[str, object]:
    start_load, start_cpu, started = load_average(), children_cpu_s(), time.monotonic()
    with log.open("wb") as out:
        status = subprocess.run([str(clone / ".ci" / "run")], cwd=clone, stdout=out,
                                stderr=subprocess.STDOUT).returncode  # fmt: skip
    return {
        "ci_run_s": round(time.monotonic() - started, 1),
        "cpu_s": round(children_cpu_s() - start_cpu, 1),
        "exit": status,
        "summary": summary_of(log.read_text(encoding="utf-8", errors="replace")),
        "load_average_start": start_load,
        "load_average_end": load_average(),
        "cpus": os.cpu_count(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="the commit to clone (default HEAD)")
    parser.add_argument("--label", default="", help="a label for the line (before/after)")
    parser.add_argument("--log", type=Path, help="where .ci/run's output goes")
    parser.add_argument("--keep", action="store_true", help="keep the clone (path printed)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="smallville-ci-"))
    clone = folder / "clone"
    figures: dict[str, object] = {}
    try:
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "checkout", "--quiet", args.rev], cwd=clone, check=True)
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=clone, check=True,
                             capture_output=True, text=True).stdout.strip()  # fmt: skip
        figures = {"label": args.label, "rev": rev}
        figures |= time_ci_run(clone, args.log or clone / "ci-run.log")
        print(json.dumps(figures), flush=True)
    finally:
        if args.keep:
            print(f"kept: {clone}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    return 0 if figures.get("exit") == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
