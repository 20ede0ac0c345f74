"""Play at ×1 on a server profile: how long residents wait for their decisions (JSON lines).

    uv run python benchmarks/play_wait.py --embedder hashing
    uv run python benchmarks/play_wait.py --profile local-gpu --seconds 120 --think-ahead 0

The town (default the_ville_n25, from 7 am) is played as the window plays it, without a
window: every frame (30 a second) the clock moves on by the real time passed × the speed
(×1: one game minute a real second) and the population is updated — nothing ever waits for a
mind. The minds are the offline brain behind the profile's latency and slots
(`smallville simulate --profile`), with as many calls at once as the server has slots, so
calls wait in the client's queue, by priority (decisions before talk). After `--seconds` of
real time it prints the decision wait — game minutes from the moment a decision was due to
the moment it applied, over every decision of every resident (p50, p95, max), and again over
the decisions after `--warmup` real seconds (the morning, when all 25 plan their day at once,
is a burst a small server takes minutes to serve) — the largest lag seen on the HUD, the
residents left with no activity at the end, the server's calls in flight and the calls by
step. Play depends on real time: the figures depend on the machine's load (its load average
is in the line).

As the window does, the clock is held at the town's first moment until every resident
deciding for it has planned its day (`game/bridge/waking.py`, at most `--wake-up-max` real
seconds; `--wake-up-max 0`: no hold, the clock runs from the first frame as before session
5): `wake_up_s` is how long the player looked at "The town is waking up: …" before the
clock ran, and `wake_up_total` how many residents it waited for.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition import BrainSpec, LLMSettings, ProfiledModel, server_profile  # noqa: E402
from game.bridge import TownFile, make_embedder  # noqa: E402
from game.bridge.town_minds import build_living_town, model_stack  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from figures import machine, print_line  # noqa: E402

FPS = 30


def play(args: argparse.Namespace) -> dict[str, Any]:
    profile = server_profile(args.profile)
    # as many calls at once as the server has slots: the waiting happens in the client's
    # queue, which serves the player, then decisions, then talk (cognition.llm.priority)
    settings = LLMSettings(offline=True, max_concurrency=profile.slots)
    stack = model_stack(BrainSpec.one_model(settings), args.seed, profile=profile)
    backend = stack.backend
    with tempfile.TemporaryDirectory() as scratch:
        living = build_living_town(
            TownFile.load(args.town),
            stack,
            Path(scratch),
            make_embedder(args.embedder),
            seed=args.seed,
            workers=32,
            path_budget_seconds=0.003,
            think_ahead_minutes=args.think_ahead,
            think_ahead_idle_minutes=args.think_ahead_idle,
        )
        if isinstance(backend, ProfiledModel):
            backend.restart_meter()
        clock, population, director = living.clock, living.population, living.director
        director.waking.max_seconds = args.wake_up_max
        director.waking.over = args.wake_up_max <= 0
        started = last = time.perf_counter()
        game_start, worst_lag, frames = clock.now, 0.0, 0
        counted_from: dict[str, int] | None = None  # each resident's waits at the warm-up's end
        try:
            while (now := time.perf_counter()) - started < args.seconds:
                held = director.waking_up(clock.now) is not None  # the town wakes up
                minutes = 0.0 if held else (now - last) * args.speed  # ×1: a minute a second
                last = now
                clock.advance(minutes)
                population.update(clock.now, minutes)
                worst_lag = max(worst_lag, director.minds_lag(clock.now))
                frames += 1
                if counted_from is None and now - started >= args.warmup:
                    waits_now = director.stats.decision_waits
                    counted_from = {name: len(each) for name, each in waits_now.items()}
                time.sleep(max(0.0, 1 / FPS - (time.perf_counter() - now)))
            idle = sum(1 for resident in population if resident.activity is None)
            wake_up_s, wake_up_total = director.waking.held_s, director.waking.total
            game_minutes = (clock.now - game_start).total_seconds() / 60
            served = backend.figures() if isinstance(backend, ProfiledModel) else None
            waits = director.stats.wait_quantiles()
            ahead = director.ahead.figures()  # decisions and calls thought ahead, dropped
            after = quantiles(
                [
                    wait
                    for name, each in director.stats.decision_waits.items()
                    for wait in each[(counted_from or {}).get(name, len(each)) :]
                ]
            )
            by_step = living.stack.meter.snapshot().by_task
            calls_by_step = {
                t: c.calls for t, c in sorted(by_step.items(), key=lambda i: -i[1].calls)
            }
        finally:
            living.close()
    return {
        "benchmark": "play_wait",
        "label": args.label,
        "town": args.town,
        "profile": args.profile,
        "speed": args.speed,
        "think_ahead_minutes": args.think_ahead,
        "think_ahead_idle_minutes": args.think_ahead_idle,
        "real_seconds": args.seconds,
        "game_minutes": round(game_minutes, 1),
        "frames": frames,
        "decision_wait_p50_min": waits["p50"],
        "decision_wait_p95_min": waits["p95"],
        "decision_wait_max_min": waits["max"],
        "decisions": waits["decisions"],
        "warmup_s": args.warmup,
        "after_warmup_wait_p50_min": after["p50"],
        "after_warmup_wait_p95_min": after["p95"],
        "after_warmup_decisions": after["decisions"],
        "wake_up_max_s": args.wake_up_max,
        "wake_up_s": round(wake_up_s, 1),
        "wake_up_total": wake_up_total,
        "worst_lag_min": round(worst_lag, 1),
        "residents_idle_at_end": idle,
        "calls_in_flight_mean": round(served.mean_in_flight, 2) if served else None,
        "calls_in_flight_max": served.max_in_flight if served else None,
        "slots": profile.slots,
        "calls_by_step": calls_by_step,
        "thinking_ahead": ahead,
        "embedder": args.embedder,
        "machine": machine(),
    }


def quantiles(waits: list[float]) -> dict[str, float]:
    ordered = sorted(waits)
    if not ordered:
        return {"p50": 0.0, "p95": 0.0, "decisions": 0}

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)

    return {"p50": at(0.5), "p95": at(0.95), "decisions": len(ordered)}


def arguments() -> argparse.ArgumentParser:
    """The command line (its defaults are the window's)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="local-gpu")
    parser.add_argument("--town", default="the_ville_n25")
    parser.add_argument("--seconds", type=float, default=120.0, help="real seconds of play")
    parser.add_argument("--speed", type=float, default=1.0, help="game minutes a real second")
    parser.add_argument(
        "--warmup",
        type=float,
        default=120.0,
        help="real seconds before the second set of waits counts (the town's first hour, "
        "when every resident plans its day at once)",
    )
    parser.add_argument(
        "--wake-up-max",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="hold the clock at the first moment until the residents have planned, at most "
        "this long (the window's default; 0: no hold)",
    )
    # the window's own defaults (`game.play.app.AppOptions`), so the figure is what a player gets
    parser.add_argument(
        "--think-ahead", type=float, default=10.0, metavar="MINUTES", help="default: 10"
    )
    parser.add_argument(
        "--think-ahead-idle", type=float, default=30.0, metavar="MINUTES", help="default: 30"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the line here too")
    return parser


def main() -> None:
    args = arguments().parse_args()
    print_line(json.dumps(play(args)), args.out)


if __name__ == "__main__":
    main()
