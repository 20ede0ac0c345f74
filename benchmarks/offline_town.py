"""The offline town, several seeds (JSON lines on stdout): `smallville evaluate`'s whole
evaluation (in process) on the offline brain, the 25-resident town, the scenario's default
hours (Feb 13, 7 am → Feb 15: two game days), seeds 0 … N−1, one after another, in this
process (timing each phase from the progress lines; `smallville evaluate --seeds N` runs
seeds side by side, benchmarks/towns_parallel.py times that).

    uv run python benchmarks/offline_town.py                   # seeds 0-4, 2-3 min a seed
    uv run python benchmarks/offline_town.py --seeds 1 --out eval-seeds
    uv run python benchmarks/offline_town.py --conditions full # one controlled condition
    uv run python benchmarks/offline_town.py --out runs --keep-runs  # re-measure kept runs

One line per seed: wall seconds (the whole evaluation: interviews, simulation, report),
seconds per phase, the share knowing each news item at the end, density at the start and
the end, the party's invited / guests there / invited-and-came, the talk (distinct share,
the most times a line was said in a day, lines over 3 times a day, nested lines),
simulation calls per resident-day, and the targets (`game/evaluation/targets.py`) passed or
failed. Then a summary line: the targets per seed, and the mean, min and max of each figure.
Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.evaluation import EvaluationOptions, Progress, evaluate  # noqa: E402
from game.evaluation.figures import result_figures  # noqa: E402
from game.evaluation.seeds import spread  # noqa: E402

PHASES = (  # the evaluation's progress lines that start a phase → the phase
    ("interviewing the residents as the town starts", "interviews at the start"),
    ("reusing the interviews at the start", "interviews at the start"),
    ("simulating ", "simulation"),
    ("reusing the finished run", "simulation"),
    ("interviewing the residents at the end", "interviews at the end"),
    ("reusing the interviews at the end", "interviews at the end"),
    ("the controlled interview", "controlled interviews"),
    ("the judge panel (", "judge panel (the offline brain's referees, both orders)"),
    ("reusing the panel's verdicts", "judge panel (the offline brain's referees, both orders)"),
    ("no judge panel", "judge panel (skipped) and closing the interviews"),
    ("the control: ", "control run"),  # its simulation and interview count as the control's
    ("measuring ", "measures and report"),
)


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


class PhaseClock:
    """Seconds per phase, from the evaluation's progress lines (shown on stderr)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.began = time.perf_counter()
        self.current = "plan"
        self.since = self.began
        self.seconds: dict[str, float] = {}

    def say(self, text: str) -> None:
        now = time.perf_counter()
        print(f"[seed {self.seed} {now - self.began:7.1f} s] {text}", file=sys.stderr, flush=True)
        phase = next((name for prefix, name in PHASES if text.startswith(prefix)), None)
        in_control = self.current == "control run" and phase != "measures and report"
        if phase is not None and phase != self.current and not in_control:
            self._close(now)
            self.current = phase

    def _close(self, now: float) -> None:
        spent = now - self.since
        self.seconds[self.current] = round(self.seconds.get(self.current, 0.0) + spent, 1)
        self.since = now

    def finish(self) -> dict[str, float]:
        self._close(time.perf_counter())
        return self.seconds


def run_seed(args: argparse.Namespace, seed: int, out: Path) -> dict[str, Any]:
    options = EvaluationOptions(
        town=args.town,
        seed=seed,
        out_dir=out / f"seed{seed}",
        embedder=args.embedder,
        workers=args.workers,
        fresh=not args.keep_runs,
        controls=not args.no_control,
    )
    if args.conditions:
        options.conditions = tuple(c.strip() for c in args.conditions.split("|") if c.strip())
    clock = PhaseClock(seed)
    began = time.perf_counter()
    result = evaluate(options, Progress(clock.say))
    wall = time.perf_counter() - began
    return {
        "benchmark": "offline_town",
        "town": args.town,
        "seed": seed,
        "simulated": result.run.simulated,
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "game_hours": result.run.hours,
        "wall_s": round(wall, 1),
        "phases_s": clock.finish(),
        **result_figures(result),
    }


def summary(lines: list[dict[str, Any]], conditions: str | None) -> dict[str, Any]:
    ids = list(lines[0]["targets"])
    return {
        "benchmark": "offline_town_summary",
        "town": lines[0]["town"],
        "seeds": [line["seed"] for line in lines],
        "conditions": conditions or "all four",
        "targets": {str(line["seed"]): line["targets"] for line in lines},
        "targets_passed_by_seeds": {
            target: sum(1 for line in lines if line["targets"].get(target)) for target in ids
        },
        "all_targets_passed": [line["seed"] for line in lines if all(line["targets"].values())],
        "figures": spread(lines),  # as `evaluate --seeds` reports them
    }


def in_folder(args: argparse.Namespace, work: Callable[[Path], None]) -> None:
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        work(args.out)
        return
    with tempfile.TemporaryDirectory(prefix="smallville-offline-town-") as scratch:
        work(Path(scratch))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeds 0 … N−1 (default 5)")
    parser.add_argument("--first-seed", type=int, default=0, help="start at this seed")
    parser.add_argument(
        "--keep-runs",
        action="store_true",
        help="reuse a finished simulation in --out (same settings): measure and interview again",
    )
    parser.add_argument(
        "--no-control", action="store_true", help="no control run (the same town, no news)"
    )
    parser.add_argument("--town", default="the_ville_n25")
    parser.add_argument(
        "--out", type=Path, metavar="DIR", help="keep the reports here (default: a temp dir)"
    )
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument(
        "--conditions",
        help="the controlled interview's conditions, separated by '|' (default: all four); "
        "none of the figures here needs them, so 'full' alone saves their time",
    )
    args = parser.parse_args()
    if args.seeds < 1:
        parser.error("--seeds must be 1 or more")

    def work(out: Path) -> None:
        lines = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            lines.append(run_seed(args, seed, out))
            emit(lines[-1])
        emit(summary(lines, args.conditions))

    in_folder(args, work)


if __name__ == "__main__":
    main()
