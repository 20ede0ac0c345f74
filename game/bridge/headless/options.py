"""What a headless run is asked to do: `SimulationOptions` (the town, hours, seed, brain,
threads, saves, record, profile, …) and the checks before it starts (`settings_problem`,
one line naming the flag); `model_settings` (the options' one model).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import SecretStr

from cognition import ConfigError, LLMSettings, ServerProfile, UnknownProfile, server_profile
from game.bridge.brains import server_settings
from game.bridge.build import GROUP_STRATEGIES, VARIANTS
from game.bridge.director import THINK_AHEAD_MINUTES
from game.bridge.memory_health import memory_server_problem
from game.bridge.routing import Routes
from game.saves import SaveSlots
from game.town_files import TownFileError, town_directory

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
    # … or up to this many, while the server has room (game/bridge/thinking_ahead.py)
    think_ahead_idle_minutes: float = 0.0
    # a server profile's name (cognition.llm.profiles: "hosted", "local-gpu", "local-cpu"):
    # the offline brain answers behind that server's latency and slots, and the report says
    # how fast the town ran on it (`server_profile`); None: the offline brain at once
    profile: str | None = None
    profile_time_scale: float = 1.0  # the profile's times × this (tests: 0.05, faster)
    # a run record whose answers the minds get again, matched by prompt (no model is asked;
    # the record's town and seed are used): `game.bridge.answers_from`
    answers_from: Path | None = None
    # lines of a pair talk per model call (`MindSettings.talk_lines_per_call`); None: the
    # town's setting (a record re-lived takes the record's)
    talk_lines_per_call: int | None = None
    # lines of a one-by-one group talk per model call (`MindSettings.group_lines_per_call`);
    # None: the town's setting (a record re-lived takes the record's)
    group_lines_per_call: int | None = None
    # the local embedding model's CPU threads (None: HEADLESS_EMBEDDING_THREADS, 2); 1 when
    # several towns run side by side on a few cores (benchmarks/towns_parallel.py)
    embedding_threads: int | None = None

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
    if not 0 <= options.think_ahead_idle_minutes <= MAX_THINK_AHEAD:
        return f"--think-ahead-idle must be 0 to {MAX_THINK_AHEAD:g} game minutes"
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


def with_room_for(options: SimulationOptions, profile: ServerProfile) -> SimulationOptions:
    """Enough thinking threads that the profile's slots are the limit, not the town's
    worker pool; as many calls at once as the profile has slots, so the calls waiting queue
    in the town, served by priority (decisions due now and lines before decisions thought
    ahead), not first-come at the server."""
    workers = max(options.workers, 2 * profile.slots)
    return replace(options, workers=workers, max_concurrency=profile.slots)
