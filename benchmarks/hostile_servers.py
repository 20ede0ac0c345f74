"""A headless run against hostile model servers (JSON lines on stdout).

    uv run python benchmarks/hostile_servers.py                 # a game hour, 180 s timeout
    uv run python benchmarks/hostile_servers.py --hours 0.5 --timeout 2

The three-resident town lives `--hours` in lockstep against three fake servers in turn: one
that accepts every request and never answers, one that closes every connection without a
word, and the hostile one (half the requests fail, every fault kind). One line per server:
wall seconds, model calls, fallbacks, breaker trips, errors (should be 0), and the machine's
load average (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition import RetryPolicy  # noqa: E402
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault  # noqa: E402
from game.bridge import SimulationOptions, simulate  # noqa: E402

SERVERS: dict[str, dict[str, Any]] = {
    "never answers": {"fault_rate": 1.0, "fault_kinds": (Fault.HANG,)},
    "closes": {"fault_rate": 1.0, "fault_kinds": (Fault.CLOSE,)},
    "hostile": {"fault_rate": 0.5, "fault_kinds": tuple(Fault), "timeout_sleep_s": 5.0},
}


def run(kind: str, hours: float, timeout_s: float) -> dict[str, Any]:
    with FakeOpenAIServer(seed=3, **SERVERS[kind]) as server, tempfile.TemporaryDirectory() as d:
        options = SimulationOptions(
            town="the_ville_n3", hours=hours, base_url=server.base_url, timeout_s=timeout_s,
            embedder="hashing", data_dir=Path(d) / "memory",
        )  # fmt: skip
        started = time.perf_counter()
        report, _ = simulate(options, retry=RetryPolicy(rng=random.Random(0)), warn=print)
        wall = time.perf_counter() - started
    keys = ("llm_calls", "fallbacks", "failed_attempts", "breaker_trips", "errors")
    return {
        "benchmark": "hostile_servers",
        "server": kind,
        "game_hours": hours,
        "timeout_s": timeout_s,
        "wall_s": round(wall, 1),
        **{key: report[key] for key in keys},
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=1.0)
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args()
    for kind in SERVERS:
        print(json.dumps(run(kind, args.hours, args.timeout)), flush=True)


if __name__ == "__main__":
    main()
