"""Composing a town with minds, shared by the game window and the headless simulation.

`MindsRecipe` says what to build (town, model settings, embedder, workers, memory folder,
or a save slot to load); `compose_town(recipe, progress)` builds it — the slow part (the
embedding model, chromadb, the agents) — reporting each stage to `progress(what, share)` so
a loading screen can show it, and returns a `LoadedTown` (the living town, plus the saved
visitor and any warnings when it came from a slot). `compose_living_town` returns just the
`LivingTown`. Safe to run on a worker thread: nothing here touches pygame.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from cognition.config import LLMSettings
from cognition.llm.retry import RetryPolicy
from cognition.memory.embeddings import Embedder
from game.bridge.town_minds import LivingTown, TownFile, build_living_town, model_stack

if TYPE_CHECKING:
    from game.bridge.persist.load import LoadedTown
    from game.saves import SaveSlots

Progress = Callable[[str, float], None]
DATA_DIR_VARIABLE = "SMALLVILLE_DATA_DIR"


def make_embedder(kind: str) -> Embedder:
    """ "minilm" (the real local model) or "hashing" (instant, for tests)."""
    if kind == "hashing":
        from cognition.memory.fakes import HashingEmbedder

        return HashingEmbedder()
    if kind == "minilm":
        from cognition.memory import CachedEmbedder, LocalMiniLM

        return CachedEmbedder(LocalMiniLM())
    raise ValueError(f"unknown embedder {kind!r} (minilm or hashing)")


def data_root() -> Path:
    """Where runs keep their memories: `$SMALLVILLE_DATA_DIR`, else the user data dir."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("smallville"))


def run_directory(root: Path | None = None, now: datetime | None = None) -> Path:
    """A fresh `runs/<timestamp>` folder under `root` (created; never an existing one)."""
    base = (root or data_root()) / "runs"
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate, number = base / stamp, 1
    while candidate.exists():
        number += 1
        candidate = base / f"{stamp}-{number}"
    candidate.mkdir(parents=True)
    return candidate


@dataclass
class MindsRecipe:
    """What a living town is built from."""

    town: str | Path = "the_ville_n25"
    settings: LLMSettings | None = None  # None: LLMSettings.load() (environment, else offline)
    embedder: str | Embedder = "minilm"
    memory_dir: Path | None = None  # None: a fresh run directory under data_root()
    seed: int = 0
    workers: int = 8
    retry: RetryPolicy | None = None
    path_budget_seconds: float | None = None
    line_minutes: float = 1.0
    from_slot: str | None = None  # load this save slot (its town, seed and memories)
    previous: bool = False  # with from_slot: the save before the slot's last one
    saves: SaveSlots | None = None  # where the slots are (None: SaveSlots(), the user's)

    def llm_settings(self) -> LLMSettings:
        return self.settings if self.settings is not None else LLMSettings.load()


def compose_town(recipe: MindsRecipe, progress: Progress | None = None) -> LoadedTown:
    """Build the town with minds — the bundled town, or `recipe.from_slot` loaded (raises
    `SaveError` for a slot that cannot be loaded)."""
    from game.bridge.persist.load import LoadedTown, load_town

    if recipe.from_slot is not None:
        from game.saves import SaveSlots

        slots = recipe.saves if recipe.saves is not None else SaveSlots()
        return load_town(
            recipe.from_slot, slots, recipe, previous=recipe.previous, progress=progress
        )
    memory_dir = recipe.memory_dir or run_directory() / "memory"
    living = compose_living_town(replace(recipe, memory_dir=memory_dir), progress)
    town_id = town_id_of(TownFile.load(recipe.town))
    return LoadedTown(living=living, town_id=town_id, seed=recipe.seed, memory_dir=memory_dir)


def town_id_of(town_file: TownFile) -> str:
    """What a save calls the town: the bundled town's folder name ("the_ville_n3"), or the
    folder's full path for a town from elsewhere."""
    from game.files.paths import bundle_root

    directory = town_file.directory.resolve()
    if directory.parent == (bundle_root() / "saves").resolve():
        return directory.name
    return str(directory)


def compose_living_town(recipe: MindsRecipe, progress: Progress | None = None) -> LivingTown:
    """Build the town with minds, stage by stage (see the module docstring)."""
    if recipe.from_slot is not None:
        return compose_town(recipe, progress).living
    report = progress or (lambda what, share: None)
    report("reading the town", 0.02)
    town_file = TownFile.load(recipe.town)
    report("starting the model", 0.08)
    stack = model_stack(recipe.llm_settings(), recipe.seed, recipe.retry)
    report("loading the embedding model", 0.15)
    embedder = recipe.embedder
    if isinstance(embedder, str):
        embedder = make_embedder(embedder)
    load = getattr(getattr(embedder, "inner", embedder), "load", None)
    if callable(load):
        load()
    report("opening the memory store", 0.45)
    memory_dir = recipe.memory_dir or run_directory() / "memory"
    try:
        living = build_living_town(
            town_file,
            stack,
            memory_dir,
            embedder,
            seed=recipe.seed,
            workers=recipe.workers,
            path_budget_seconds=recipe.path_budget_seconds,
            line_minutes=recipe.line_minutes,
            progress=lambda what, share: report(what, 0.5 + 0.5 * share),
        )
    except BaseException:
        stack.close()
        raise
    report("ready", 1.0)
    return living
