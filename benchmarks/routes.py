"""The labor pool's figures (issue 19), JSON lines on stdout.

    uv run python benchmarks/routes.py                      # all three, 4 game hours each
    uv run python benchmarks/routes.py --only speed --hours 8

- speed: 25 residents in lockstep, every mind on a 300 ms model with 16 calls at once (one
  model), then with importance and react routed to a 50 ms endpoint (16 at once) and the
  rest on the 300 ms one (small + large): game minutes per real second and the speed-up.
  The models are the offline brain slowed to the latency (`SlowModel`), so the town is as
  lively as it is offline (talk, reflections, the party) — the fake HTTP server's minimal
  answers leave a town where nobody talks, which costs fewer calls than a real model would.
- fake: the same two configurations through real HTTP: two fake OpenAI servers (300 ms and
  50 ms), built by `build_pool` exactly as `smallville simulate --preset small-large` does.
- balance: one step list on two fake servers of the same speed (300 ms, 8 at once each):
  calls, p50/p95 per endpoint — how evenly the least-loaded choice shares the town.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition import OfflineBrain  # noqa: E402
from cognition.llm.concurrency import ConcurrencyLimit  # noqa: E402
from cognition.llm.pool import LaborPool, Lane  # noqa: E402
from cognition.llm.routes import OFFLINE, EndpointSettings, PoolSettings  # noqa: E402
from cognition.llm.stack import ModelStack  # noqa: E402
from cognition.llm.tracing import Tracer  # noqa: E402
from cognition.llm.usage_meter import UsageMeter  # noqa: E402
from cognition.testing.fake_openai_server import FakeOpenAIServer  # noqa: E402
from game.bridge import (  # noqa: E402
    LockstepRunner,
    Routes,
    SimulationOptions,
    TownFile,
    build_living_town,
    make_embedder,
    simulate,
)

sys.path.insert(0, str(ROOT / "benchmarks"))
from simulation import SlowModel  # noqa: E402

LARGE_S, SMALL_S = 0.3, 0.05
FAST_STEPS = ("importance", "react")


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def slow_pool(routes: dict[str, Any], latencies: dict[str, float], seed: int) -> ModelStack:
    """A pool whose endpoints are the offline brain slowed to each latency, 16 at once."""
    endpoints = {
        name: EndpointSettings(
            base_url=f"http://{name}.bench/v1", model=f"{name} {s * 1000:.0f} ms"
        )
        for name, s in latencies.items()
    }
    settings = PoolSettings.read(
        {"endpoints": {n: e.model_dump() for n, e in endpoints.items()}, "routes": routes}, env={}
    )
    lanes = {}
    for name, seconds in latencies.items():
        limit = ConcurrencyLimit(SlowModel(OfflineBrain(seed), seconds), 16)
        lanes[name] = Lane(name, settings.endpoints[name], limit, limit)
    brain = OfflineBrain(seed)
    lanes["offline"] = Lane("offline", OFFLINE, brain, ConcurrencyLimit(brain, 64))
    pool = LaborPool(settings, lanes)
    tracer = Tracer(pool)
    meter = UsageMeter(tracer)
    return ModelStack(meter, meter, pool, pool, offline=False, tracer=tracer, pool=pool)


def lockstep(stack: ModelStack, hours: float, embedder: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        living = build_living_town(
            TownFile.load("the_ville_n25"),
            stack,
            Path(scratch),
            make_embedder(embedder),
            workers=25,
        )
        try:
            started = time.perf_counter()
            runner = LockstepRunner(living)
            end = living.clock.now + timedelta(hours=hours)
            runner.run_until(end)
            wall = time.perf_counter() - started
            usage = stack.meter.snapshot().total
            figures = stack.route_figures() or {}
            return {
                "game_hours": hours,
                "wall_s": round(wall, 2),
                "game_minutes_per_real_second": round(hours * 60 / wall, 2),
                "calls_per_resident_day": round(usage.calls / (25 * hours / 24), 1),
                "conversations": living.director.stats.conversations,
                "by_endpoint": {
                    n: {k: f[k] for k in ("calls", "p50_ms", "p95_ms")}
                    for n, f in figures.get("by_endpoint", {}).items()
                },
            }
        finally:
            living.close()


def speed(hours: float, embedder: str, seed: int) -> None:
    one = lockstep(slow_pool({"default": "large"}, {"large": LARGE_S}, seed), hours, embedder)
    emit({"benchmark": "routes_speed", "config": "one model (300 ms, 16 at once)", **one})
    routes: dict[str, Any] = {step: "small" for step in FAST_STEPS} | {"default": "large"}
    both = lockstep(slow_pool(routes, {"large": LARGE_S, "small": SMALL_S}, seed), hours, embedder)
    emit(
        {
            "benchmark": "routes_speed",
            "config": "small + large (importance, react at 50 ms; the rest at 300 ms)",
            **both,
            "speed_up": round(
                both["game_minutes_per_real_second"] / one["game_minutes_per_real_second"], 2
            ),
        }
    )


def fake(hours: float, embedder: str) -> None:
    with (
        FakeOpenAIServer(latency_s=LARGE_S) as large,
        FakeOpenAIServer(latency_s=SMALL_S) as small,
    ):
        for config, routes in (
            ("one model", {"default": "large"}),
            ("small + large", {step: "small" for step in FAST_STEPS} | {"default": "large"}),
        ):
            pool = PoolSettings.read(
                {
                    "endpoints": {
                        "large": {
                            "base_url": large.base_url,
                            "model": "fake-model",
                            "max_concurrent": 16,
                        },
                        "small": {
                            "base_url": small.base_url,
                            "model": "fake-model",
                            "max_concurrent": 16,
                        },
                    },
                    "routes": routes,
                },
                env={},
            )
            report, _ = simulate(
                SimulationOptions(hours=hours, workers=25, embedder=embedder, routes=Routes(pool))
            )
            emit(
                {
                    "benchmark": "routes_fake_server",
                    "config": config,
                    "game_minutes_per_real_second": round(hours * 60 / report["wall_s"], 2),
                    "wall_s": report["wall_s"],
                    "llm_calls_per_agent_day": report["llm_calls_per_agent_day"],
                    "by_endpoint": {
                        n: {k: f[k] for k in ("calls", "p50_ms", "p95_ms")}
                        for n, f in report["routes"]["by_endpoint"].items()
                    },
                }
            )


def balance(hours: float, embedder: str) -> None:
    with (
        FakeOpenAIServer(latency_s=LARGE_S) as first,
        FakeOpenAIServer(latency_s=LARGE_S) as second,
    ):
        pool = PoolSettings.read(
            {
                "endpoints": {
                    "a": {"base_url": first.base_url, "model": "fake-model", "max_concurrent": 8},
                    "b": {"base_url": second.base_url, "model": "fake-model", "max_concurrent": 8},
                },
                "routes": {"default": ["a", "b"]},
            },
            env={},
        )
        report, _ = simulate(
            SimulationOptions(hours=hours, workers=25, embedder=embedder, routes=Routes(pool))
        )
        served = {"a": len(first.chat_requests), "b": len(second.chat_requests)}
    by_endpoint = report["routes"]["by_endpoint"]
    calls = [by_endpoint[n]["calls"] for n in ("a", "b")]
    emit(
        {
            "benchmark": "routes_balance",
            "config": "two fake servers, 300 ms, 8 at once each",
            "game_minutes_per_real_second": round(hours * 60 / report["wall_s"], 2),
            "requests_served": served,
            "share_a": round(calls[0] / max(1, sum(calls)), 3),
            "by_endpoint": {
                n: {k: f[k] for k in ("calls", "p50_ms", "p95_ms")} for n, f in by_endpoint.items()
            },
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["speed", "fake", "balance"])
    parser.add_argument("--hours", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    args = parser.parse_args()
    if args.only in (None, "speed"):
        speed(args.hours, args.embedder, args.seed)
    if args.only in (None, "fake"):
        fake(args.hours, args.embedder)
    if args.only in (None, "balance"):
        balance(args.hours, args.embedder)


if __name__ == "__main__":
    main()
