"""Building a town with minds from a recipe — the slow part of opening a town.

    living = build_town(TownRecipe(town="the_ville_n3", embedder="hashing"), progress)

`TownRecipe` says what to build (the town, the model settings, the embedder, thinking
threads, the memory folder — or a Chroma server, `chroma_url`); `build_town` builds it stage
by stage — the embedding model, chromadb, the agents — telling `progress(what, share)` each
stage, so a loading screen can show it. It knows nothing of saves: loading a save
(`game.bridge.persist.load`) builds with this module and then restores, and
`game.bridge.opening.open_town` chooses between the two.
Safe to run on a worker thread: nothing here touches pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from cognition import (
    BrainSpec,
    CachedEmbedder,
    CoalescingEmbedder,
    Embedder,
    GroupStrategy,
    HashingEmbedder,
    LLMSettings,
    LocalMiniLM,
    MemoryServer,
    MindSettings,
    RetryPolicy,
    ServerProfile,
    Variant,
)
from game.bridge.answers_from import RecordedAnswers, answers_stack
from game.bridge.director import THINK_AHEAD_MINUTES
from game.bridge.memory_health import MemoryHealth, database_name, note_server, town_database
from game.bridge.routing import Routes
from game.bridge.town_minds import LivingTown, TownFile, build_living_town, model_stack
from game.files.paths import bundle_root, user_data_dir
from game.saves import VisitorSave
from game.saves.files import PRIVATE_DIRECTORY_MODE, private_directory

Progress = Callable[[str, float], None]
EMBEDDERS = ("minilm", "hashing")
# A run without a window (simulate, evaluate, the benchmarks) has no frame loop to leave a core
# to: its local model runs on two threads (same vectors bit for bit; the offline day's wall
# 1.58x shorter on the shared 2-core machine, CPU +6 %, measured 2026-11-27).
HEADLESS_EMBEDDING_THREADS = 2
# ... and two of its passes run at once (each on those two threads): a pass of one or a few
# texts keeps a thread of the model busy at best, and the residents' thinking threads ask for
# many. The offline day 34.4 → 32.3 s in 4 alternating pairs at load 1.2-2.2 (two on one
# thread each: 36.2 s; three at once: 32.3 s), 34.3 → 33.0 s in 6 more at load 1.1-2.8 (4
# faster): the same run (measured 2026-11-29, benchmarks/results/issue30_session16.jsonl).
HEADLESS_EMBEDDING_PASSES = 2


def make_embedder(kind: str, threads: int = 1) -> Embedder:
    """ "minilm" (the real local model, cached by text, every resident's texts embedded in
    shared batches, on `threads` CPU threads: 1 leaves a core to the window's frame loop;
    with more, `HEADLESS_EMBEDDING_PASSES` passes at once) or "hashing" (instant, for
    tests)."""
    if kind == "hashing":
        return HashingEmbedder()
    if kind == "minilm":
        passes = HEADLESS_EMBEDDING_PASSES if threads > 1 else 1
        model = LocalMiniLM(threads=threads, runs_at_once=passes)
        return CachedEmbedder(CoalescingEmbedder(model, passes_at_once=passes))
    raise ValueError(f"unknown embedder {kind!r} ({' or '.join(EMBEDDERS)})")


def warm_up(embedder: Embedder) -> None:
    """Load the local embedding model now — a loading-screen stage — rather than at the
    first memory a resident writes."""
    inner = embedder
    while isinstance(inner, CachedEmbedder | CoalescingEmbedder):
        inner = inner.inner
    if isinstance(inner, LocalMiniLM):
        inner.load()


def run_directory(root: Path | None = None, now: datetime | None = None) -> Path:
    """A fresh `runs/<timestamp>` folder under `root` (default: the user data folder),
    created, the player's alone (0700: it holds the minds' memories); never an existing one."""
    base = private_directory((root or user_data_dir()) / "runs")
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate, number = base / stamp, 1
    while candidate.exists():
        number += 1
        candidate = base / f"{stamp}-{number}"
    candidate.mkdir(mode=PRIVATE_DIRECTORY_MODE)
    return candidate


@dataclass(frozen=True)
class TownRecipe:
    """What a living town is built from."""

    town: str | Path = "the_ville_n25"  # a bundled town's name, or a town folder
    settings: LLMSettings | None = None  # None: LLMSettings.load() (environment, else offline)
    embedder: str | Embedder = "minilm"
    memory_dir: Path | None = None  # None: a fresh run directory in the user data folder
    seed: int = 0
    workers: int = 8
    retry: RetryPolicy | None = None
    path_budget_seconds: float | None = None  # None: lockstep (no wall-clock budget)
    line_minutes: float = 1.0  # game minutes each spoken line stays in its bubble
    think_ahead_minutes: float = THINK_AHEAD_MINUTES  # a next decision is thought this early
    think_ahead_idle_minutes: float = 0.0  # … or this early, while the server has room
    # who speaks next in groups (cognition.group's strategies), or "off" for pairs only;
    # None: the town's own setting (town.json's "mind"), else the default
    group_strategy: str | None = None
    # a labor pool: each thinking step routed to its endpoints (None: one model, `settings`)
    routes: Routes | None = None
    # an architecture variant (cognition.variants: "no reflection", …); None: the full mind
    variant: str | None = None
    # a Chroma server (`chroma run`) holding the memories, e.g. "http://127.0.0.1:8000";
    # None: in this process, in `memory_dir`. Each town gets a database of its own there
    # (`chroma_database`, default a fresh one); `memory_dir` then only notes where it is.
    chroma_url: str | None = None
    chroma_database: str | None = None
    # a model server's latency and slots (cognition.llm.profiles) to put the offline brain
    # behind: the same answers, as slowly as that server would give them; None: at once
    profile: ServerProfile | None = None
    # lines of a pair talk per model call, instead of the town's setting (None: the town's)
    talk_lines_per_call: int | None = None
    # lines of a one-by-one group talk per model call, instead of the town's (None: the town's)
    group_lines_per_call: int | None = None
    # a run record's answers to give again (`simulate --answers-from`): no model is asked,
    # and a call the record lacks goes to the offline brain, counted
    answers: RecordedAnswers | None = None

    def llm_settings(self) -> LLMSettings:
        return self.settings if self.settings is not None else LLMSettings.load()

    def brain_spec(self) -> BrainSpec:
        """What crosses to `cognition` to build the minds' brain: the settings as the
        tunables, and one model (a pool of one lane) or the labor pool."""
        if self.routes is None:
            return BrainSpec.one_model(self.llm_settings())
        return BrainSpec.labor_pool(self.llm_settings(), self.routes.settings)


def recipe_for(
    town: str | Path,
    *,
    settings: LLMSettings | None = None,
    routes: Routes | None = None,
    group_strategy: str | None = None,
    variant: str | None = None,
    embedder: str | Embedder = "minilm",
    memory_dir: Path | None = None,
    chroma_url: str | None = None,
    seed: int = 0,
    workers: int = 8,
    retry: RetryPolicy | None = None,
    path_budget_seconds: float | None = None,
    line_minutes: float = 1.0,
    think_ahead_minutes: float = THINK_AHEAD_MINUTES,
    think_ahead_idle_minutes: float = 0.0,
    profile: ServerProfile | None = None,
    answers: RecordedAnswers | None = None,
) -> TownRecipe:
    """The one place the program assembles a `TownRecipe`: the window (`game.play.entry`,
    from its options and the player's settings) and the headless runs
    (`headless.simulation_recipe`, from `SimulationOptions`) each pass the knobs they have —
    the town; the brain (model settings, routes, group strategy, variant); the embedder and
    where memories go; seed, thinking threads and retry timeouts; the window's path budget
    and line minutes; a server profile or recorded answers to stand in for the model."""
    return TownRecipe(
        town=town,
        settings=settings,
        embedder=embedder,
        memory_dir=memory_dir,
        seed=seed,
        workers=workers,
        retry=retry,
        path_budget_seconds=path_budget_seconds,
        line_minutes=line_minutes,
        think_ahead_minutes=think_ahead_minutes,
        think_ahead_idle_minutes=think_ahead_idle_minutes,
        group_strategy=group_strategy,
        routes=routes,
        variant=variant,
        chroma_url=chroma_url,
        profile=profile,
        answers=answers,
    )


@dataclass(frozen=True)
class OpenedTown:
    """A town ready to play: built fresh (`slot` None) or loaded from a save slot."""

    living: LivingTown
    town_id: str  # what a save calls the town (`town_id_of`)
    seed: int
    memory_dir: Path
    slot: str | None = None  # the save slot it came from
    visitor: VisitorSave | None = None  # the saved visitor (the game places them)
    warnings: tuple[str, ...] = ()  # what a loaded save could not keep, in words
    pending_walk_minutes: float = 0.0  # give it to the LockstepRunner
    settings: dict[str, Any] | None = None  # the saved public settings
    record: Path | None = None  # the save's run record: the history a new record continues


VARIANTS = tuple(v.value for v in Variant)
GROUP_STRATEGIES = (*(strategy.value for strategy in GroupStrategy), "off")  # off: pairs only


def mind_settings_for(
    town_file: TownFile, group_strategy: str | None, variant: str | None = None
) -> MindSettings:
    """The town's mind settings, with the group strategy and the architecture variant
    chosen for this run if any."""
    if variant is not None:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}: one of {', '.join(VARIANTS)}")
        town_file = replace(town_file, mind=Variant(variant).settings(town_file.mind))
    if group_strategy is None:
        return town_file.mind
    if group_strategy not in GROUP_STRATEGIES:
        raise ValueError(
            f"unknown group strategy {group_strategy!r}: one of {', '.join(GROUP_STRATEGIES)}"
        )
    values = town_file.mind.model_dump()
    if group_strategy == "off":
        values["group_conversations"] = False
    else:
        values |= {"group_conversations": True, "group_strategy": group_strategy}
    return MindSettings.model_validate(values)


def recipe_mind_settings(recipe: TownRecipe, town_file: TownFile) -> MindSettings:
    """The minds' settings of `recipe`'s town; re-living a record, its talks (pairs' and
    groups') say as many lines per call as the record's did (so they ask the record's
    questions)."""
    settings = mind_settings_for(town_file, recipe.group_strategy, recipe.variant)
    lines, group_lines = recipe.talk_lines_per_call, recipe.group_lines_per_call
    if recipe.answers is not None:
        lines = recipe.answers.talk_lines_per_call
        group_lines = recipe.answers.group_lines_per_call
    update = {
        key: max(1, value)
        for key, value in (
            ("talk_lines_per_call", lines),
            ("group_lines_per_call", group_lines),
        )
        if value is not None
    }
    return settings.model_copy(update=update) if update else settings


def build_town(recipe: TownRecipe, progress: Progress | None = None) -> LivingTown:
    """Build the town with minds, stage by stage (see the module docstring)."""
    report = progress or (lambda what, share: None)
    report("reading the town", 0.02)
    town_file = TownFile.load(recipe.town)
    report("starting the model", 0.08)
    if recipe.answers is not None:
        stack = answers_stack(recipe.answers, recipe.llm_settings(), recipe.seed)
    else:
        stack = model_stack(recipe.brain_spec(), recipe.seed, recipe.retry, recipe.profile)
    report("loading the embedding model", 0.15)
    embedder = recipe.embedder
    if isinstance(embedder, str):
        embedder = make_embedder(embedder)
    warm_up(embedder)
    report("opening the memory store", 0.45)
    memory_dir = recipe.memory_dir or run_directory() / "memory"
    server = memory_server_of(recipe, memory_dir)
    try:
        living = build_living_town(
            town_file,
            stack,
            memory_dir,
            embedder,
            seed=recipe.seed,
            workers=recipe.workers,
            mind_settings=recipe_mind_settings(recipe, town_file),
            path_budget_seconds=recipe.path_budget_seconds,
            line_minutes=recipe.line_minutes,
            think_ahead_minutes=recipe.think_ahead_minutes,
            think_ahead_idle_minutes=recipe.think_ahead_idle_minutes,
            progress=lambda what, share: report(what, 0.5 + 0.5 * share),
            memory_server=server,
        )
    except BaseException:
        stack.close()
        raise
    if server is not None:
        living.director.memory = MemoryHealth(living.store)
    report("ready", 1.0)
    return living


def server_database(recipe: TownRecipe, memory_dir: Path) -> MemoryServer | None:
    """The server database the recipe's memories go to: `chroma_database`, or a fresh one
    named after the run folder (None: in process, `memory_dir`)."""
    if recipe.chroma_url is None:
        return None
    database = recipe.chroma_database or database_name(memory_dir.parent)
    return town_database(recipe.chroma_url, database)


def memory_server_of(recipe: TownRecipe, memory_dir: Path) -> MemoryServer | None:
    """`server_database`, noted in `memory_dir` (`server.json`)."""
    server = server_database(recipe, memory_dir)
    if server is not None:
        note_server(memory_dir, server)
    return server


def new_town(recipe: TownRecipe, progress: Progress | None = None) -> OpenedTown:
    """The bundled town `recipe.town`, built fresh into `recipe.memory_dir` (default: a new
    run directory)."""
    memory_dir = recipe.memory_dir or run_directory() / "memory"
    living = build_town(replace(recipe, memory_dir=memory_dir), progress)
    town_id = town_id_of(TownFile.load(recipe.town))
    return OpenedTown(living=living, town_id=town_id, seed=recipe.seed, memory_dir=memory_dir)


def town_id_of(town_file: TownFile) -> str:
    """What a save calls the town: the bundled town's folder name ("the_ville_n3"), or the
    folder's full path for a town from elsewhere."""
    directory = town_file.directory.resolve()
    if directory.parent == (bundle_root() / "saves").resolve():
        return directory.name
    return str(directory)
