"""When the town plans its days: day plans by game hour over a night (JSON lines on stdout).

    uv run python benchmarks/day_plans.py --embedder hashing
    uv run python benchmarks/day_plans.py --label after --out benchmarks/results/day_plans.jsonl

The town (default the_ville_n25, from 7 am) lives `--hours` game hours in lockstep on the
offline brain (deterministic for a seed: the game moments are the same on any machine) and
each `day_plan` model call is counted by the game moment of the decision that made it. The
line gives the day plans by day and hour ("2023-02-14 06": 6), the most in one game hour
after the first day's start, and the `day_plan` + `hourly_schedule` calls — the longest
calls of a day, which a burst makes a small server serve at once (on `local-gpu` ~10.7 s a
resident; 25 at once ~67 s of its 4 slots). Before session 5 every resident asleep at
midnight planned its new day at 00:00; now each plans at its wake-up hour
(`cognition/wake_time.py`), thought ahead (`game/bridge/waking.py`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition import BrainSpec, LLMSettings  # noqa: E402
from cognition.llm.task import Completion, LanguageModel, Task  # noqa: E402
from game.bridge import TownFile, make_embedder  # noqa: E402
from game.bridge.jobs import job_moment  # noqa: E402
from game.bridge.lockstep import LockstepRunner  # noqa: E402
from game.bridge.town_minds import build_living_town, model_stack  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from figures import machine, print_line  # noqa: E402

COUNTED = ("day_plan", "hourly_schedule")


class PlanMoments:
    """`inner`'s answers, each day plan counted by the game hour of its decision."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.by_hour: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self.lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        if task.name in COUNTED:
            moment = job_moment()
            with self.lock:
                self.calls[task.name] += 1
                if task.name == "day_plan" and moment is not None:
                    self.by_hour[f"{moment:%Y-%m-%d %H}"] += 1
        return self.inner.complete(task, inputs, agent=agent)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    settings = LLMSettings(offline=True, max_concurrency=8)
    stack = model_stack(BrainSpec.one_model(settings), args.seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        living = build_living_town(
            TownFile.load(args.town),
            stack,
            Path(scratch),
            make_embedder(args.embedder),
            seed=args.seed,
            workers=8,
        )
        counted = PlanMoments(living.minds[next(iter(living.minds))].model)
        for mind in living.minds.values():  # every mind calls the same model: count it once
            mind.model = counted
        start = living.clock.now
        try:
            LockstepRunner(living).run_until(start + timedelta(hours=args.hours))
        finally:
            living.close()
    later = {hour: n for hour, n in counted.by_hour.items() if hour > f"{start:%Y-%m-%d %H}"}
    return {
        "benchmark": "day_plans",
        "label": args.label,
        "town": args.town,
        "hours": args.hours,
        "seed": args.seed,
        "day_plans_by_hour": dict(sorted(counted.by_hour.items())),
        "most_day_plans_in_one_hour_after_the_start": max(later.values(), default=0),
        "calls": dict(counted.calls),
        "wall_s": round(time.perf_counter() - started, 1),
        "embedder": args.embedder,
        "machine": machine(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--town", default="the_ville_n25")
    parser.add_argument("--hours", type=float, default=26.0, help="game hours (default 26)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="hashing")
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the line here too")
    args = parser.parse_args()
    print_line(json.dumps(measure(args)), args.out)


if __name__ == "__main__":
    main()
