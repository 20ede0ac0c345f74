"""Headless simulation (composition root): the world, the population and the minds, no window.

    smallville simulate --town the_ville_n3 --hours 2 --json report.json

Runs in lockstep, so the same seed with the offline brain gives the same report (wall time
aside). A progress bar goes to stderr; the summary to stdout.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, TextIO

from cognition.config import LLMSettings
from cognition.llm.retry import RetryPolicy
from game.bridge.compose import MindsRecipe, compose_living_town, make_embedder
from game.bridge.lockstep import LockstepRunner
from game.bridge.report import TownRecorder, run_report
from game.bridge.town_minds import LivingTown


@dataclass
class SimulationOptions:
    town: str = "the_ville_n25"
    hours: float = 24.0
    seed: int = 0
    step_minutes: float = 1.0
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    max_concurrency: int = 16
    timeout_s: float = 60.0
    workers: int = 16
    data_dir: Path | None = None
    embedder: str = "minilm"  # "minilm" (the real local model) or "hashing" (instant, tests)
    progress: bool = True


def llm_settings(options: SimulationOptions) -> LLMSettings:
    if options.base_url is None:
        return LLMSettings(offline=True, max_concurrency=options.max_concurrency)
    return LLMSettings(
        base_url=options.base_url,
        api_key=options.api_key or "not-needed",
        model=options.model or "gpt-4o-mini",
        max_concurrency=options.max_concurrency,
        timeout_s=options.timeout_s,
    )


class ProgressBar:
    """One line on stderr: game time, calls, tokens, ETA."""

    def __init__(self, total_minutes: float, stream: TextIO = sys.stderr) -> None:
        self.total = total_minutes
        self.stream = stream
        self.started = time.perf_counter()
        self.last_drawn = 0.0

    def draw(self, living: LivingTown, done_minutes: float, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.last_drawn < 0.5:
            return
        self.last_drawn = now
        share = min(1.0, done_minutes / self.total) if self.total else 1.0
        elapsed = now - self.started
        eta = elapsed / share - elapsed if share > 0 else 0.0
        usage = living.stack.meter.snapshot().total
        bar = "#" * int(share * 30)
        self.stream.write(
            f"\r[{bar:<30}] {living.clock.now:%a %H:%M} {share:4.0%} "
            f"calls {usage.calls} tokens {usage.total_tokens} ETA {eta:4.0f}s "
        )
        self.stream.flush()


def simulate(
    options: SimulationOptions,
    retry: RetryPolicy | None = None,
    observe: Callable[[LivingTown], None] | None = None,
) -> tuple[dict[str, Any], TownRecorder]:
    """Run the town headless for `options.hours`; the report and where everyone went."""
    started = time.perf_counter()
    recipe = MindsRecipe(
        town=options.town,
        settings=llm_settings(options),
        embedder=make_embedder(options.embedder),
        seed=options.seed,
        workers=options.workers,
        retry=retry,
    )
    with tempfile.TemporaryDirectory(prefix="smallville-sim-") as scratch:
        recipe.memory_dir = options.data_dir or Path(scratch) / "memory"
        living = compose_living_town(recipe)
        try:
            recorder = TownRecorder()
            runner = LockstepRunner(living, options.step_minutes)
            bar = ProgressBar(options.hours * 60) if options.progress else None
            start = living.clock.now
            end = start + timedelta(hours=options.hours)

            def after_step(town: LivingTown) -> None:
                recorder(town)
                if observe is not None:
                    observe(town)
                if bar is not None:
                    bar.draw(town, (town.clock.now - start).total_seconds() / 60)

            runner.run_until(end, after_step)
            if bar is not None:
                bar.draw(living, options.hours * 60, force=True)
                sys.stderr.write("\n")
            played = (living.clock.now - start).total_seconds() / 3600
            report = run_report(living, round(played, 3), time.perf_counter() - started, recorder)
            if living.director.message:
                report["message"] = living.director.message
        finally:
            living.close()
    return report, recorder


def summary_text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['agents']} residents, {report['game_hours']} game hours in {report['wall_s']} s",
        f"model calls: {report['llm_calls']} "
        f"({report['llm_calls_per_agent_day']} per resident per game day, "
        f"{report['tokens_per_agent_day']} tokens)",
        f"fallbacks: {report['fallbacks']}, errors: {report['errors']}",
        f"memories: {report['memories']}, reflections: {report['reflections']}, "
        f"plans: {report['plans']}, conversations: {report['conversations']}",
        f"distinct places visited: {report['distinct_places_visited']}",
    ]
    if report.get("message"):
        lines.append(str(report["message"]))
    return "\n".join(lines)


def run_simulation_command(options: SimulationOptions, json_path: Path | None) -> int:
    report, _ = simulate(options)
    print(summary_text(report))
    if json_path is not None:
        json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0
