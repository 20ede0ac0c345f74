"""Simulation benchmarks (JSON lines on stdout).

    uv run python benchmarks/simulation.py                 # all three
    uv run python benchmarks/simulation.py --only offline --hours 24
    uv run python benchmarks/simulation.py --only fake --fake-hours 1
    uv run python benchmarks/simulation.py --only frame
    uv run python benchmarks/simulation.py --only faults --fault-hours 6

- offline: 25 residents, the offline brain, lockstep: wall seconds and model calls (goal ≤ 120 s
  for one game day).
- fake: the fake OpenAI server at 300 ms a call, 16 requests at once: game minutes per real
  second (goal ≥ 10) and model calls per resident per game day (goal ≤ 150).
- frame: play mode at ×60 with every mind on a 300 ms-per-call model: the longest
  `Population.update` (goal < 33 ms). Only `Population.update` is timed: no drawing, no
  window (the "timed" field says so).
- faults: the fake server failing 20% of calls (every kind), lockstep, 25 residents.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.config import LLMSettings  # noqa: E402
from cognition.llm.brain import BrainSpec  # noqa: E402
from cognition.llm.retry import RetryPolicy, no_sleep  # noqa: E402
from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Task  # noqa: E402
from cognition.testing.fake_openai_server import FakeOpenAIServer  # noqa: E402
from game.bridge import (  # noqa: E402
    SimulationOptions,
    TownFile,
    build_living_town,
    make_embedder,
    model_stack,
    simulate,
)


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def offline_day(hours: float, embedder: str) -> None:
    options = SimulationOptions(hours=hours, embedder=embedder)
    report, _ = simulate(options)
    emit({"benchmark": "offline", "embedder": embedder, **report})


def fake_server(hours: float, embedder: str) -> None:
    with FakeOpenAIServer(latency_s=0.3) as server:
        options = SimulationOptions(
            hours=hours,
            base_url=server.base_url,
            model="fake-model",
            max_concurrency=16,
            workers=25,
            embedder=embedder,
        )
        report, _ = simulate(options)
        in_flight = server.max_in_flight
    emit(
        {
            "benchmark": "fake_server_300ms",
            "embedder": embedder,
            "game_minutes_per_real_second": round(hours * 60 / report["wall_s"], 2),
            "max_requests_in_flight": in_flight,
            **report,
        }
    )


def faults(hours: float, embedder: str) -> None:
    with FakeOpenAIServer(fault_rate=0.2, seed=1, timeout_sleep_s=0.5) as server:
        options = SimulationOptions(
            hours=hours,
            base_url=server.base_url,
            model="fake-model",
            timeout_s=0.3,
            embedder=embedder,
        )
        report, _ = simulate(options, retry=RetryPolicy(max_retries=2, sleep=no_sleep))
        kinds: dict[str, int] = {}
        for request in server.chat_requests:
            if request.fault is not None:
                kinds[str(request.fault)] = kinds.get(str(request.fault), 0) + 1
    emit({"benchmark": "faults_20_percent", "faults_injected": kinds, **report})


class SlowModel:
    """Any model, but every call takes `seconds` longer (a remote model's latency)."""

    def __init__(self, inner: LanguageModel, seconds: float) -> None:
        self.inner, self.seconds = inner, seconds

    @property
    def label(self) -> str:
        return f"slow {self.inner.label}"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        time.sleep(self.seconds)
        return self.inner.complete(task, inputs, agent=agent)


def frame(seconds: float, embedder: str) -> None:
    stack = model_stack(BrainSpec.one_model(LLMSettings(offline=True, max_concurrency=25)), 0)
    stack.model = SlowModel(stack.model, 0.3)
    with tempfile.TemporaryDirectory() as scratch:
        living = build_living_town(
            TownFile.load("the_ville_n25"),
            stack,
            Path(scratch),
            make_embedder(embedder),
            workers=25,
            path_budget_seconds=0.003,
        )
        try:
            updates: list[float] = []
            busiest = 0
            last = time.perf_counter()
            end = last + seconds
            while time.perf_counter() < end:
                now = time.perf_counter()
                minutes = (now - last) * 60  # ×60: a game minute per real second
                last = now
                living.clock.advance(minutes)
                started = time.perf_counter()
                living.population.update(living.clock.now, minutes)
                updates.append((time.perf_counter() - started) * 1000)
                busiest = max(busiest, living.director.in_flight)
                time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
            ordered = sorted(updates)
            emit(
                {
                    "benchmark": "frame_with_slow_minds",
                    "timed": "Population.update only: no drawing, no window",
                    "model_latency_s": 0.3,
                    "frames": len(updates),
                    "update_ms_median": round(statistics.median(ordered), 3),
                    "update_ms_p99": round(ordered[int(len(ordered) * 0.99)], 3),
                    "update_ms_max": round(ordered[-1], 3),
                    "most_minds_thinking": busiest,
                    "decisions": living.director.stats.decisions,
                }
            )
        finally:
            living.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["offline", "fake", "frame", "faults"])
    parser.add_argument("--hours", type=float, default=24.0, help="offline game hours")
    parser.add_argument("--fake-hours", type=float, default=1.0, help="fake-server game hours")
    parser.add_argument("--fault-hours", type=float, default=6.0)
    parser.add_argument("--frame-seconds", type=float, default=20.0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    args = parser.parse_args()
    if args.only in (None, "frame"):
        frame(args.frame_seconds, args.embedder)
    if args.only in (None, "offline"):
        offline_day(args.hours, args.embedder)
    if args.only in (None, "fake"):
        fake_server(args.fake_hours, args.embedder)
    if args.only == "faults":
        faults(args.fault_hours, args.embedder)


if __name__ == "__main__":
    main()
