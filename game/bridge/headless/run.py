"""Headless runs: a town with minds lived in lockstep for some game hours, and its report.

    report, recorder = simulate(SimulationOptions(town="the_ville_n3", hours=2))

Runs in lockstep, so the same seed with the offline brain gives the same report (wall time
aside) — also when continued from a save (`load`). `smallville simulate`
(`game.commands.simulate`) prints it; benchmarks and tests call `simulate` directly.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from cognition import LLMSettings, RetryPolicy, ServerProfile
from game.bridge.answers_from import RecordedAnswers
from game.bridge.brains import secrets_of
from game.bridge.build import (
    HEADLESS_EMBEDDING_THREADS,
    OpenedTown,
    TownRecipe,
    make_embedder,
    recipe_for,
)
from game.bridge.headless.options import SimulationOptions, model_settings, with_room_for
from game.bridge.headless.report import (
    TownRecorder,
    profiled_model,
    run_report,
    server_profile_figures,
)
from game.bridge.lockstep import LockstepRunner
from game.bridge.memory_health import MemoryServerGone
from game.bridge.opening import FromSave, open_town
from game.bridge.persist.save import embedder_name, save_town, town_settings
from game.bridge.recording import RunRecording, server_of
from game.bridge.town_minds import LivingTown
from game.files.scratch import scratch_dir
from game.saves import SaveError, SaveSlots, check_slot_name

StepObserver = Callable[[LivingTown], None]


def simulate(
    options: SimulationOptions,
    retry: RetryPolicy | None = None,
    observe: StepObserver | None = None,
    warn: Callable[[str], None] | None = None,
) -> tuple[dict[str, Any], TownRecorder]:
    """Run the town headless for `options.hours`; the report and where everyone went.
    With `options.load` the town starts from that slot; with `options.save` it is saved at
    the end. `observe(town)` runs after every step; `warn(line)` hears what a loaded save
    could not keep (default: stderr). Raises `SaveError` when a slot cannot be loaded or
    written, `ConfigError` when the model settings are invalid (see `settings_problem`)."""
    started = time.perf_counter()
    tell = warn or (lambda line: sys.stderr.write(f"{line}\n"))
    options, profile, slots, answers = prepared(options, tell)
    settings = model_settings(options)
    save = None if options.load is None else FromSave(options.load, options.previous, slots)
    with scratch_dir("smallville-sim-") as scratch:
        memory_dir = options.data_dir or Path(scratch) / "memory"
        recipe = simulation_recipe(options, memory_dir, settings, retry, profile, answers)
        run = HeadlessRun(options, settings, open_town(recipe, save), slots, tell)
        try:
            run.tell_opened()
            report, recorder = run.live(started, observe)
            run.finish(report, answers)
        finally:
            run.end()
    return report, recorder


def prepared(
    options: SimulationOptions, tell: Callable[[str], object]
) -> tuple[SimulationOptions, ServerProfile | None, SaveSlots, RecordedAnswers | None]:
    """The options as the run takes them (room for a profile's slots, a record's town and
    seed), the profile, the save slots (interrupted saves recovered) and a record's answers.
    Raises `SaveError` on a bad `--save` slot name before hours of simulation, not after."""
    profile = options.server_profile()
    if profile is not None:
        options = with_room_for(options, profile)
    if options.save is not None:
        check_slot_name(options.save)
    slots = options.slots()
    if options.save is not None or options.load is not None:
        for done in slots.recover():
            tell(f"saves: {done}")
    answers = None
    if options.answers_from is not None:  # RecordError when it cannot be read
        answers = RecordedAnswers.read(options.answers_from)
        seed = options.seed if answers.seed is None else answers.seed
        options = replace(options, town=answers.town, seed=seed)
    return options, profile, slots, answers


def simulation_recipe(
    options: SimulationOptions,
    memory_dir: Path,
    settings: LLMSettings | None = None,
    retry: RetryPolicy | None = None,
    profile: ServerProfile | None = None,
    answers: RecordedAnswers | None = None,
) -> TownRecipe:
    """What a headless run builds — `simulate`'s town, and the evaluation's towns opened for
    interviews: the options' town, seed, threads and minds (`settings` None: the options'
    one model, `model_settings`), assembled by `build.recipe_for`."""
    recipe = recipe_for(
        options.town,
        settings=settings if settings is not None else model_settings(options),
        routes=options.routes,
        group_strategy=options.group_strategy,
        variant=options.variant,
        embedder=make_embedder(
            options.embedder, threads=options.embedding_threads or HEADLESS_EMBEDDING_THREADS
        ),
        memory_dir=memory_dir,
        chroma_url=options.chroma_url,
        seed=options.seed,
        workers=options.workers,
        retry=retry,
        think_ahead_minutes=options.think_ahead_minutes,
        think_ahead_idle_minutes=options.think_ahead_idle_minutes,
        profile=profile,
        answers=answers,
    )
    return replace(
        recipe,
        talk_lines_per_call=options.talk_lines_per_call,
        group_lines_per_call=options.group_lines_per_call,
    )


class HeadlessRun:
    """One opened town lived in lockstep: recorded, reported, saved at the end, closed."""

    def __init__(
        self,
        options: SimulationOptions,
        settings: LLMSettings,
        opened: OpenedTown,
        slots: SaveSlots,
        tell: Callable[[str], object],
    ) -> None:
        self.options, self.settings, self.opened = options, settings, opened
        self.slots, self.tell = slots, tell
        self.living = opened.living
        self.recording: RunRecording | None = None
        self.interrupted = False
        self.pending_walk_minutes = opened.pending_walk_minutes

    def tell_opened(self) -> None:
        """What a loaded save could not keep, and what the labor pool said as it started."""
        for warning in self.opened.warnings:
            self.tell(f"warning: {warning}")
        pool = self.living.stack.pool
        for notice in pool.take_notices() if pool is not None else []:
            self.tell(f"routes: {notice}")

    def live(
        self, started: float, observe: StepObserver | None
    ) -> tuple[dict[str, Any], TownRecorder]:
        """Step the town for the options' hours (Ctrl-C: up to where it was); the report of
        what was played and where everyone went."""
        options, living = self.options, self.living
        if options.record_dir is not None:
            self.recording = RunRecording.start(
                self.opened, options.record_dir, "simulate", secrets=secrets_of(self.settings)
            )
            self.recording.observe(living.clock.now)
        recorder = TownRecorder()
        runner = LockstepRunner(living, options.step_minutes, self.pending_walk_minutes)
        start = living.clock.now
        profiled = profiled_model(living)
        if profiled is not None:
            profiled.restart_meter()  # the run's own wall time, not the town's set-up
            living.director.lockstep_waits.watch_server(
                lambda: profiled.figures().busy_slot_s, profiled.profile.slots
            )

        def after_step(town: LivingTown) -> None:
            wait_for_memories(town, options.memory_wait_seconds, self.tell)
            recorder(town)
            if self.recording is not None:
                self.recording.observe(town.clock.now)
            if observe is not None:
                observe(town)

        try:
            runner.run_until(start + timedelta(hours=options.hours), after_step)
        except KeyboardInterrupt:  # Ctrl-C: report what was played; abandon what thinks
            self.interrupted = True
        self.pending_walk_minutes = runner.pending_walk_minutes
        played = (living.clock.now - start).total_seconds() / 3600
        report = run_report(living, round(played, 3), time.perf_counter() - started, recorder)
        report["town"] = describe_town(self.opened)
        if profiled is not None:
            report["server_profile"] = server_profile_figures(profiled, played * 60)
            waits = living.director.lockstep_waits
            report["server_profile"]["lockstep_waits"] = waits.figures()
            report["server_profile"]["idle_slot_s"] = waits.idle_figures()
        return report, recorder

    def finish(self, report: dict[str, Any], answers: RecordedAnswers | None) -> None:
        """The report's figures of the memory server, the labor pool and a record's
        answers; then the save (unless interrupted) and the record's outcome."""
        living = self.living
        if living.director.memory is not None:
            health = living.director.memory
            report["memory_server"] = {
                **json.loads(server_of(living) or "{}"),
                "where": living.store.where,
                "outages": health.outages,
            }
        pool = living.stack.pool
        if pool is not None:
            report["routes"] = living.stack.route_figures()
            report["breaker_trips"] = pool.trips
            report["steps_on_standby"] = pool.open_steps()
            for notice in pool.take_notices():
                self.tell(f"routes: {notice}")
        if answers is not None:
            report["answers_from"] = answers.figures()
        if living.director.message:
            report["message"] = living.director.message
        if living.director.memory_lost is not None:  # paused there; a save keeps all
            report["memory_lost"] = living.director.memory_lost  # (from the minds' mirrors)
        if self.interrupted:
            report["interrupted"] = True  # a town cut off mid-step is not saved
        elif self.options.save is not None:
            self.save(report, self.options.save)
        if self.recording is not None:
            self.recording.close()
            report.update(record_outcome(self.recording))

    def save(self, report: dict[str, Any], slot: str) -> None:
        """Save the town in `slot`; a failure is the report's `save_problem`."""
        living, opened = self.living, self.opened
        try:
            save_town(
                living,
                self.slots,
                slot,
                town_id=opened.town_id,
                visitor=opened.visitor,
                settings=town_settings(
                    self.settings, seed=opened.seed, embedder=embedder_name(living)
                ),
                pending_walk_minutes=self.pending_walk_minutes,
                record=self.recording.copy_into if self.recording is not None else None,
            )
            report["saved"] = slot
        except SaveError as error:  # the report still tells how the run went
            report["save_problem"] = " ".join(str(error).split())

    def end(self) -> None:
        """Close the record and the town (after Ctrl-C: abandon what still thinks)."""
        if self.recording is not None:
            self.recording.close()
        if self.interrupted:
            abandon(self.living)
        else:
            self.living.close()


def record_outcome(recording: RunRecording) -> dict[str, str]:
    """Where the run was recorded, or why it was not (never both "recorded" and "not")."""
    writer = recording.writer
    outcome = {"record": str(recording.path)} if writer.usable else {}
    if writer.last_error:
        outcome["record_problem"] = writer.last_error
    return outcome


def abandon(living: LivingTown) -> None:
    """After Ctrl-C: queued thinking is cancelled and calls in flight are not waited for
    (a silent server would hold them for minutes); the process is about to end."""
    living.director.jobs.executor.shutdown(wait=False, cancel_futures=True)


def wait_for_memories(town: LivingTown, timeout_s: float, tell: Callable[[str], object]) -> None:
    """Lockstep and a memory server that went away: the run waits for it (polling), so the
    town is not lived on without minds; thinking that failed meanwhile is retried. Raises
    `MemoryServerGone` when it has not come back within `timeout_s` (every memory
    written before is on the server)."""
    health = town.director.memory
    if health is None:
        return
    health.check()
    for notice in health.take_notices():
        tell(f"memory: {notice}")
    if not health.down:
        return
    tell(f"memory: waiting up to {timeout_s:.0f} s for it (lockstep runs wait; see --help)")
    back = health.wait_until_back(timeout_s)
    for notice in health.take_notices():
        tell(f"memory: {notice}")
    if not back:
        raise MemoryServerGone(
            f"the memory server at {health.url} did not come back within {timeout_s:.0f} s; "
            "the run stops here (every memory written before is on the server)"
        )


def describe_town(opened: OpenedTown) -> dict[str, Any]:
    """Which town, when, who and how much each remembers (the report's "town" part)."""
    living = opened.living
    return {
        "town": opened.town_id,
        "loaded_from": opened.slot,
        "game_time": living.clock.now.isoformat(),
        "residents": {name: mind.memory.count() for name, mind in living.minds.items()},
    }
