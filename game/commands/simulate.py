"""Headless simulation (composition root): the world, the population and the minds, no window.

    smallville simulate --town the_ville_n3 --hours 2 --json report.json
    smallville simulate --town the_ville_n3 --hours 2 --save smoke   # save at the end
    smallville simulate --load smoke --hours 0                       # describe the save

Runs in lockstep, so the same seed with the offline brain gives the same report (wall time
aside) — also when continued from a save. A progress bar goes to stderr; the summary to
stdout. A slot that cannot be loaded or written is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

from cognition.config import LLMSettings
from cognition.llm.retry import RetryPolicy
from game.bridge.build import MindsRecipe, compose_town, make_embedder
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist.load import LoadedTown
from game.bridge.persist.save import embedder_name, save_town, town_settings
from game.bridge.report import TownRecorder, run_report
from game.bridge.town_minds import LivingTown
from game.saves import SaveError, SaveSlots, check_slot_name
from game.world.clock import format_moment


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
    save: str | None = None  # save the town in this slot at the end
    load: str | None = None  # start from this slot instead of the bundled town
    previous: bool = False  # with load: the save before the slot's last one
    saves_dir: Path | None = None  # where slots live (None: game.saves.default_saves_root())

    def slots(self) -> SaveSlots:
        return SaveSlots(self.saves_dir)


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
    """Run the town headless for `options.hours`; the report and where everyone went.
    With `options.load` the town starts from that slot; with `options.save` it is saved at
    the end. Raises `SaveError` when a slot cannot be loaded or written."""
    started = time.perf_counter()
    if options.save is not None:
        check_slot_name(options.save)  # before hours of simulation, not after
    slots = options.slots()
    if options.save is not None or options.load is not None:
        for done in slots.recover():
            sys.stderr.write(f"saves: {done}\n")
    settings = llm_settings(options)
    recipe = MindsRecipe(
        town=options.town,
        settings=settings,
        embedder=make_embedder(options.embedder),
        seed=options.seed,
        workers=options.workers,
        retry=retry,
        from_slot=options.load,
        previous=options.previous,
        saves=slots,
    )
    with tempfile.TemporaryDirectory(prefix="smallville-sim-") as scratch:
        recipe.memory_dir = options.data_dir or Path(scratch) / "memory"
        loaded = compose_town(recipe)
        living = loaded.living
        for warning in loaded.warnings:
            sys.stderr.write(f"warning: {warning}\n")
        try:
            recorder = TownRecorder()
            runner = LockstepRunner(living, options.step_minutes, loaded.pending_walk_minutes)
            bar = ProgressBar(options.hours * 60) if options.progress and options.hours else None
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
            report["town"] = describe_town(loaded)
            if living.director.message:
                report["message"] = living.director.message
            if options.save is not None:
                embedder = embedder_name(living)
                save_town(
                    living,
                    slots,
                    options.save,
                    town_id=loaded.town_id,
                    visitor=loaded.visitor,
                    settings=town_settings(settings, seed=loaded.seed, embedder=embedder),
                    pending_walk_minutes=runner.pending_walk_minutes,
                )
                report["saved"] = options.save
        finally:
            living.close()
    return report, recorder


def describe_town(loaded: LoadedTown) -> dict[str, Any]:
    """Which town, when, who and how much each remembers (the report's "town" part)."""
    living = loaded.living
    return {
        "town": loaded.town_id,
        "loaded_from": loaded.slot,
        "game_time": living.clock.now.isoformat(),
        "residents": {name: mind.memory.count() for name, mind in living.minds.items()},
    }


def town_text(town: dict[str, Any]) -> str:
    source = f" (loaded from {town['loaded_from']!r})" if town.get("loaded_from") else ""
    when = datetime.fromisoformat(town["game_time"])
    lines = [f"{town['town']}{source}: {format_moment(when)}, {len(town['residents'])} residents"]
    lines += [f"  {name}: {count} memories" for name, count in town["residents"].items()]
    return "\n".join(lines)


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


def one_line(error: SaveError) -> str:
    """A save error on one line (schema problems are listed on lines of their own)."""
    first, *rest = [line.strip() for line in str(error).splitlines() if line.strip()]
    return " ".join([first, "; ".join(rest)]) if rest else first


def run_simulation_command(options: SimulationOptions, json_path: Path | None) -> int:
    """`smallville simulate`: the summary on stdout; exit 2 when a save cannot be used."""
    try:
        report, _ = simulate(options)
    except SaveError as error:
        print(f"smallville: {one_line(error)}", file=sys.stderr)
        return 2
    if options.load is not None and options.hours == 0:
        print(town_text(report["town"]))
    else:
        print(summary_text(report))
    if report.get("saved"):
        print(f"saved as {report['saved']!r} in {options.slots().root}")
    if json_path is not None:
        json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0
