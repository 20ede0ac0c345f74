"""Where a server profile's slots sit idle in lockstep, by what the town waited for and by
the steps in flight then (one JSON line on stdout).

    uv run python benchmarks/idle_slots.py --hours 2 --embedder hashing

The town (default the_ville_n25, 7 am on) lives in lockstep behind `--profile` (default
local-gpu) as `benchmarks/profiles.py` runs it, while every model call the profile serves
(start, end, step) and every slice of lockstep's waiting (`LockstepWaits.tick`: the kinds of
the jobs holding the moment) are logged. Each slice's slot-seconds are then shared among
the kinds that held it: the steps whose calls were in flight then, and the slots left idle.
A diagnostic of one run (it wraps two methods while it runs); the share of the profile's
limit rises only by giving work to the slots idle in the kinds that leave most idle.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.llm.profiled_model import ProfiledModel  # noqa: E402
from game.bridge import SimulationOptions, simulate  # noqa: E402
from game.bridge.lockstep_waits import LockstepWaits  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from figures import machine, print_line  # noqa: E402

Call = tuple[float, float, str]  # start, end, step
Slice = tuple[float, tuple[str, ...]]  # when a slice of waiting began, the kinds holding it


def logged_run(options: SimulationOptions) -> tuple[dict[str, Any], list[Call], list[Slice]]:
    """The run's report, the calls the profile served and the slices of lockstep's waits."""
    calls: list[Call] = []
    slices: list[Slice] = []
    lock = threading.Lock()
    complete, tick = ProfiledModel.complete, LockstepWaits.tick

    def logged_complete(self: ProfiledModel, task: Any, inputs: Any, *, agent: str) -> Any:
        began = time.monotonic()
        try:
            return complete(self, task, inputs, agent=agent)
        finally:
            with lock:
                calls.append((began, time.monotonic(), task.name))

    def logged_tick(self: LockstepWaits, holding: Iterable[str]) -> None:
        kinds = tuple(sorted(holding))
        slices.append((time.monotonic(), kinds))
        tick(self, kinds)

    setattr(ProfiledModel, "complete", logged_complete)  # noqa: B010
    setattr(LockstepWaits, "tick", logged_tick)  # noqa: B010
    try:
        report, _ = simulate(options)
    finally:
        setattr(ProfiledModel, "complete", complete)  # noqa: B010
        setattr(LockstepWaits, "tick", tick)  # noqa: B010
    return report, calls, slices


def by_kind(calls: list[Call], slices: list[Slice], slots: int) -> dict[str, dict[str, Any]]:
    """Per kind of wait: its seconds, the slot-seconds of each step in flight meanwhile and
    the idle slot-seconds (a slice held by several kinds is shared evenly)."""
    seconds: defaultdict[str, float] = defaultdict(float)
    busy: defaultdict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
    ordered = sorted(calls)
    for (began, kinds), (ended, _) in pairwise(slices):
        if not kinds or ended <= began:
            continue
        for kind in kinds:
            seconds[kind] += (ended - began) / len(kinds)
        for start, end, step in ordered:
            if start >= ended:
                break
            overlap = min(end, ended) - max(start, began)
            for kind in kinds if overlap > 0 else ():
                busy[kind][step] += overlap / len(kinds)
    figures = {}
    for kind in sorted(seconds, key=lambda k: -seconds[k]):
        used = sum(busy[kind].values())
        figures[kind] = {
            "seconds": round(seconds[kind], 2),
            "calls_in_flight_mean": round(used / seconds[kind], 2) if seconds[kind] else 0.0,
            "idle_slot_s": round(max(0.0, slots * seconds[kind] - used), 1),
            "busy_slot_s_by_step": {
                step: round(value, 1)
                for step, value in sorted(busy[kind].items(), key=lambda item: -item[1])
            },
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="local-gpu")
    parser.add_argument("--town", default="the_ville_n25")
    parser.add_argument("--hours", type=float, default=2.0, help="game hours (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="hashing")
    parser.add_argument("--think-ahead", type=float, default=15.0, metavar="MINUTES")
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the line here too")
    args = parser.parse_args()
    at_start = machine()
    options = SimulationOptions(
        town=args.town,
        hours=args.hours,
        seed=args.seed,
        embedder=args.embedder,
        profile=args.profile,
        record_dir=None,
        think_ahead_minutes=args.think_ahead,
    )
    report, calls, slices = logged_run(options)
    server = report["server_profile"]
    line = {
        "benchmark": "idle_slots",
        "label": args.label,
        "town": args.town,
        "profile": args.profile,
        "game_hours": report["game_hours"],
        "think_ahead_minutes": args.think_ahead,
        "wall_s": server["wall_s"],
        "share_of_limit": server["share_of_limit"],
        "calls_in_flight_mean": server["calls_in_flight_mean"],
        "slots": server["slots"],
        "calls_by_step": dict(Counter(step for _, _, step in calls).most_common()),
        "waits": by_kind(calls, slices, server["slots"]),
        "embedder": args.embedder,
        "seed": args.seed,
        "machine": at_start,
        "load_average_end": machine()["load_average"],
    }
    print_line(json.dumps(line), args.out)


if __name__ == "__main__":
    main()
