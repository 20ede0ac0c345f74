"""Headless runs: a town with minds lived in lockstep for some game hours, and its report.

    report, recorder = simulate(SimulationOptions(town="the_ville_n3", hours=2))

Runs in lockstep, so the same seed with the offline brain gives the same report (wall time
aside) — also when continued from a save (`load`). `smallville simulate`
(`game.commands.simulate`) prints it; benchmarks and tests call `simulate` directly.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from cognition import (
    ConfigError,
    LLMSettings,
    RetryPolicy,
    ServerProfile,
    UnknownProfile,
    server_profile,
)
from game.bridge.answers_from import RecordedAnswers
from game.bridge.brains import secrets_of, server_settings
from game.bridge.build import GROUP_STRATEGIES, VARIANTS, OpenedTown, TownRecipe, make_embedder
from game.bridge.director import THINK_AHEAD_MINUTES
from game.bridge.lockstep import LockstepRunner
from game.bridge.memory_health import MemoryServerGone, memory_server_problem
from game.bridge.opening import FromSave, open_town
from game.bridge.persist.save import embedder_name, save_town, town_settings
from game.bridge.recording import RunRecording, server_of
from game.bridge.report import TownRecorder, profiled_model, run_report, server_profile_figures
from game.bridge.routing import Routes
from game.bridge.town_minds import LivingTown
from game.bridge.towns.loading import town_directory
from game.bridge.towns.problems import TownFileError
from game.saves import SaveError, SaveSlots, check_slot_name

StepObserver = Callable[[LivingTown], None]

MAX_THINK_AHEAD = 60.0  # game minutes a next decision may be thought ahead


@dataclass
class SimulationOptions:
    town: str = "the_ville_n25"
    hours: float = 24.0
    seed: int = 0
    step_minutes: float = 1.0
    base_url: str | None = None  # an OpenAI-compatible server (None: the offline brain)
    model: str | None = None
    api_key: SecretStr | None = None  # captured once (brain_flags); prints as stars
    max_concurrency: int = 16
    timeout_s: float | None = None  # per model call (None: the default for the server's place)
    output_mode: str | None = None  # the output ladder's rung to start at (None: the top)
    workers: int = 16
    data_dir: Path | None = None  # keep the memory store here (None: a temporary folder)
    embedder: str = "minilm"  # "minilm" (the real local model) or "hashing" (instant, tests)
    save: str | None = None  # save the town in this slot at the end
    load: str | None = None  # start from this slot instead of the bundled town
    previous: bool = False  # with load: the save before the slot's last one
    saves_dir: Path | None = None  # where slots live (None: game.saves.default_saves_root())
    record_dir: Path | None = None  # write the run record into this folder (None: no record)
    group_strategy: str | None = None  # who speaks next in groups, or "off" (None: the town's)
    # a labor pool: each thinking step routed to its endpoints (game.bridge.routing); None:
    # every step on the one model above
    routes: Routes | None = None
    variant: str | None = None  # an architecture variant ("no reflection", …); None: full
    # a Chroma server holding the memories (`chroma run`), e.g. http://127.0.0.1:8000; None:
    # in process. If it goes away mid-run, the lockstep run waits (polling) this long for it
    chroma_url: str | None = None
    memory_wait_seconds: float = 300.0
    # a resident's next decision is thought this many game minutes before it is due
    think_ahead_minutes: float = THINK_AHEAD_MINUTES
    # a server profile's name (cognition.llm.profiles: "hosted", "local-gpu", "local-cpu"):
    # the offline brain answers behind that server's latency and slots, and the report says
    # how fast the town ran on it (`server_profile`); None: the offline brain at once
    profile: str | None = None
    profile_time_scale: float = 1.0  # the profile's times × this (tests: 0.05, faster)
    # a run record whose answers the minds get again, matched by prompt (no model is asked;
    # the record's town and seed are used): `game.bridge.answers_from`
    answers_from: Path | None = None

    def slots(self) -> SaveSlots:
        return SaveSlots(self.saves_dir)

    def server_profile(self) -> ServerProfile | None:
        """The named profile, scaled (None without one). Raises `UnknownProfile`."""
        if self.profile is None:
            return None
        profile = server_profile(self.profile)
        return profile if self.profile_time_scale == 1 else profile.scaled(self.profile_time_scale)


def settings_problem(options: SimulationOptions) -> str | None:
    """Why the options' model settings (and the environment's tunables) are invalid, on one
    line; None when they are fine. Check before a run: `simulate` raises on them."""
    try:
        model_settings(options)
    except ConfigError as error:
        return " ".join(str(error).split())
    if options.profile is not None:
        try:
            options.server_profile()
        except (UnknownProfile, ValueError) as error:
            return f"--profile: {error}"
        if options.base_url is not None or options.routes is not None:
            return "--profile runs the offline brain, not a model server: drop --base-url"
    if options.answers_from is not None and (options.base_url or options.profile):
        return "--answers-from answers from the record: not with --base-url or --profile"
    if not 0 <= options.think_ahead_minutes <= MAX_THINK_AHEAD:
        return f"--think-ahead must be 0 to {MAX_THINK_AHEAD:g} game minutes"
    if options.load is None and (town := town_problem(options.town)) is not None:
        return town
    if options.variant not in (None, *VARIANTS):
        return f"variant {options.variant!r} is none of: " + ", ".join(VARIANTS)
    if options.group_strategy not in (None, *GROUP_STRATEGIES):
        return f"--group-strategy {options.group_strategy!r} is none of: " + ", ".join(
            GROUP_STRATEGIES
        )
    return memory_server_problem(options.chroma_url, "--chroma-url")


def town_problem(town: str) -> str | None:
    """Why `--town` names no town (one line), None when it does."""
    try:
        town_directory(town)
    except TownFileError as error:
        return f"--town: {error.problems[0]}"
    return None


def model_settings(options: SimulationOptions) -> LLMSettings:
    return server_settings(
        options.base_url,
        options.model,
        options.api_key,
        max_concurrency=options.max_concurrency,
        timeout_s=options.timeout_s,
        output_mode=options.output_mode,
    )


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
    profile = options.server_profile()
    if profile is not None:
        options = with_room_for(options, profile)
    if options.save is not None:
        check_slot_name(options.save)  # before hours of simulation, not after
    slots = options.slots()
    if options.save is not None or options.load is not None:
        for done in slots.recover():
            tell(f"saves: {done}")
    answers = None
    if options.answers_from is not None:  # RecordError when it cannot be read
        answers = RecordedAnswers.read(options.answers_from)
        seed = options.seed if answers.seed is None else answers.seed
        options = replace(options, town=answers.town, seed=seed)
    settings = model_settings(options)
    save = None if options.load is None else FromSave(options.load, options.previous, slots)
    with tempfile.TemporaryDirectory(prefix="smallville-sim-") as scratch:
        recipe = TownRecipe(
            town=options.town,
            settings=settings,
            embedder=make_embedder(options.embedder),
            memory_dir=options.data_dir or Path(scratch) / "memory",
            seed=options.seed,
            workers=options.workers,
            retry=retry,
            group_strategy=options.group_strategy,
            routes=options.routes,
            variant=options.variant,
            chroma_url=options.chroma_url,
            profile=profile,
            think_ahead_minutes=options.think_ahead_minutes,
            answers=answers,
        )
        opened = open_town(recipe, save)
        living = opened.living
        for warning in opened.warnings:
            tell(f"warning: {warning}")
        pool = living.stack.pool
        for notice in pool.take_notices() if pool is not None else []:
            tell(f"routes: {notice}")
        recording = None
        interrupted = False
        try:
            if options.record_dir is not None:
                recording = RunRecording.start(
                    opened, options.record_dir, "simulate", secrets=secrets_of(settings)
                )
                recording.observe(living.clock.now)
            recorder = TownRecorder()
            runner = LockstepRunner(living, options.step_minutes, opened.pending_walk_minutes)
            start = living.clock.now
            profiled = profiled_model(living)
            if profiled is not None:
                profiled.restart_meter()  # the run's own wall time, not the town's set-up

            def after_step(town: LivingTown) -> None:
                wait_for_memories(town, options.memory_wait_seconds, tell)
                recorder(town)
                if recording is not None:
                    recording.observe(town.clock.now)
                if observe is not None:
                    observe(town)

            try:
                runner.run_until(start + timedelta(hours=options.hours), after_step)
            except KeyboardInterrupt:  # Ctrl-C: report what was played; abandon what thinks
                interrupted = True
            played = (living.clock.now - start).total_seconds() / 3600
            report = run_report(living, round(played, 3), time.perf_counter() - started, recorder)
            report["town"] = describe_town(opened)
            if profiled is not None:
                report["server_profile"] = server_profile_figures(profiled, played * 60)
            if living.director.memory is not None:
                health = living.director.memory
                report["memory_server"] = {
                    **json.loads(server_of(living) or "{}"),
                    "where": living.store.where,
                    "outages": health.outages,
                }
            if pool is not None:
                report["routes"] = living.stack.route_figures()
                report["breaker_trips"] = pool.trips
                report["steps_on_standby"] = pool.open_steps()
                for notice in pool.take_notices():
                    tell(f"routes: {notice}")
            if answers is not None:
                report["answers_from"] = answers.figures()
            if living.director.message:
                report["message"] = living.director.message
            if interrupted:
                report["interrupted"] = True  # a town cut off mid-step is not saved
            elif options.save is not None:
                try:
                    save_town(
                        living,
                        slots,
                        options.save,
                        town_id=opened.town_id,
                        visitor=opened.visitor,
                        settings=town_settings(
                            settings, seed=opened.seed, embedder=embedder_name(living)
                        ),
                        pending_walk_minutes=runner.pending_walk_minutes,
                        record=recording.copy_into if recording is not None else None,
                    )
                    report["saved"] = options.save
                except SaveError as error:  # the report still tells how the run went
                    report["save_problem"] = " ".join(str(error).split())
            if recording is not None:
                recording.close()
                report.update(record_outcome(recording))
        finally:
            if recording is not None:
                recording.close()
            if interrupted:
                abandon(living)
            else:
                living.close()
    return report, recorder


def with_room_for(options: SimulationOptions, profile: ServerProfile) -> SimulationOptions:
    """Enough thinking threads that the profile's slots are the limit, not the town's
    worker pool; as many calls at once as the profile has slots, so the calls waiting queue
    in the town, served by priority (decisions due now and lines before decisions thought
    ahead), not first-come at the server."""
    workers = max(options.workers, 2 * profile.slots)
    return replace(options, workers=workers, max_concurrency=profile.slots)


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
