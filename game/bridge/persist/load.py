"""Loading a saved town: validate the slot, copy its memories, build the town, restore it.

    opened = load_saved_town("Day 3", SaveSlots(), TownRecipe(embedder="minilm"))
    opened.living, opened.visitor, opened.warnings

Nothing is half-loaded: `SaveSlots.read` validates the whole slot first, and any problem
while building or restoring closes what was built and raises `SaveError`. Playing never
changes the save: its memory directory is copied into a fresh run directory first — and,
with a memory server (`recipe.chroma_url`), from there into a fresh database on it, so a
save made in process plays on a server and back.

Residents are put back on their tiles with their facing and activity, and, when the save
kept it, the rest of the path they were walking (else a path is planned again from their
tile to the activity's destination). The director's bookkeeping (decisions due, outcomes
not applied yet, conversations playing) comes back from `TownSave.runtime`, so a lockstep
run continues exactly as it would have (see tests/bridge/test_persistence.py).

Building is `game.bridge.build` (one way: it knows nothing of saves).
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from pydantic import ValidationError

from cognition import MemoryStore, MemoryStoreUnavailable
from game.bridge.build import (
    OpenedTown,
    Progress,
    TownRecipe,
    build_town,
    make_embedder,
    run_directory,
    server_database,
)
from game.bridge.director_state import DirectorState, SlotState, activity_of
from game.bridge.persist.runtime import ResidentRuntime, RuntimeState
from game.bridge.town_minds import LivingTown, TownFile
from game.saves import ResidentSave, SaveError, SaveSlots, TownSave, VisitorSave, map_warnings
from game.town.director import Pathfinder
from game.town.resident import Facing, Resident
from game.world.grid import Tile, WalkableGrid


def load_saved_town(
    slot: str,
    slots: SaveSlots,
    recipe: TownRecipe | None = None,
    *,
    previous: bool = False,
    progress: Progress | None = None,
) -> OpenedTown:
    """The town saved in `slot` (with `previous`, the save before it), built with `recipe`'s
    model, embedder and workers. The save's own town, seed and memories are used; the
    memories are copied into `recipe.memory_dir` (default: a fresh run directory)."""
    report = progress or (lambda what, share: None)
    wanted = recipe or TownRecipe()
    report("reading the save", 0.01)
    loaded = slots.read(slot, previous=previous)
    save = loaded.save
    label = f"The save {slot!r}"
    runtime = read_runtime(save, label)
    town_file = bundled_town(save.town, label)
    # the map the town is opened on now, against the one it was saved on (its own folder's
    # map for a town on a map outside the game's files: see save.map_ref)
    map_changes = map_warnings(save, town_file.map_path)
    build = saved_recipe(wanted, save, town_file, label)
    report("copying the memories", 0.04)
    memory_dir = copied_memories(loaded.memory_dir, wanted.memory_dir, label)
    build = replace(build, memory_dir=memory_dir)
    if wanted.chroma_url is not None:  # the slot's memories go into a fresh server database
        build = replace(build, chroma_database=import_to_server(memory_dir, wanted, label))

    def forget_copy() -> None:  # a run directory made here is removed; a given one is kept
        if wanted.memory_dir is None:
            shutil.rmtree(memory_dir.parent, ignore_errors=True)

    try:
        living = build_town(build, lambda what, share: report(what, 0.05 + 0.9 * share))
    except ValueError as exc:  # a memory stream refuses another embedder, say
        forget_copy()
        raise SaveError(f"{label} cannot be loaded: {exc}.") from exc
    report("restoring the town", 0.96)
    try:
        warnings = [*loaded.warnings, *map_changes, *restore_town(living, save, runtime)]
    except (KeyError, ValueError, TypeError) as exc:  # ValidationError is a ValueError
        living.close()
        forget_copy()
        raise SaveError(f"{label} cannot be restored: {exc}") from exc
    visitor = kept_visitor(save.visitor, living, warnings)
    report("ready", 1.0)
    return OpenedTown(
        living=living,
        town_id=save.town,
        seed=build.seed,
        memory_dir=memory_dir,
        slot=slot,
        visitor=visitor,
        warnings=tuple(warnings),
        pending_walk_minutes=runtime.pending_walk_minutes if runtime else 0.0,
        settings=dict(save.settings),
        record=loaded.record,
    )


def saved_recipe(wanted: TownRecipe, save: TownSave, town_file: TownFile, label: str) -> TownRecipe:
    """`wanted` for the save's own town and seed, its embedder made; `SaveError` when the
    save remembers with another embedder."""
    seed = save.settings.get("seed", wanted.seed)
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else wanted.seed
    embedder = wanted.embedder
    if isinstance(embedder, str):
        embedder = make_embedder(embedder)
    check_embedder(save, embedder.name, label)
    return replace(wanted, town=town_file.directory, seed=seed, embedder=embedder)


def copied_memories(source: Path, target: Path | None, label: str) -> Path:
    """`copy_memories`, checked (`check_memories`); a run directory made for a copy that
    cannot be opened is removed."""
    memory_dir = copy_memories(source, target, label)
    try:
        check_memories(memory_dir, label)
    except SaveError:
        if target is None:
            shutil.rmtree(memory_dir.parent, ignore_errors=True)
        raise
    return memory_dir


def kept_visitor(
    visitor: VisitorSave | None, living: LivingTown, warnings: list[str]
) -> VisitorSave | None:
    """The saved visitor; one who took over a resident this town lacks is the visitor again
    (said in `warnings`)."""
    if visitor is not None and visitor.controls not in ("visitor", *living.minds):
        warnings.append(f"The visitor took over {visitor.controls}, who is not in this town.")
        visitor = visitor.model_copy(update={"controls": "visitor"})
    return visitor


def read_runtime(save: TownSave, label: str) -> RuntimeState | None:
    if not save.runtime:
        return None
    try:
        return RuntimeState.model_validate(save.runtime)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SaveError(f"{label} is damaged: runtime.{where}: {first['msg']}") from None


def bundled_town(town: str, label: str) -> TownFile:
    try:
        return TownFile.load(town)
    except (OSError, KeyError, ValueError) as exc:
        raise SaveError(
            f"{label} was made in the town {town!r}, which this Smallville does not have ({exc})."
        ) from None


def check_embedder(save: TownSave, name: str, label: str) -> None:
    saved = save.settings.get("embedder")
    if isinstance(saved, str) and saved != name:
        raise SaveError(
            f"{label} remembers with the {saved!r} embedder, but this Smallville uses {name!r}; "
            "memories embedded by another model cannot be searched."
        )


def copy_memories(source: Path, target: Path | None, label: str) -> Path:
    """Copy the slot's memory directory to `target` (default: a fresh run directory)."""
    destination = target if target is not None else run_directory() / "memory"
    if destination.exists() and any(destination.iterdir()):
        raise SaveError(f"Cannot load {label}: {destination} already holds memories.")
    try:
        shutil.copytree(source, destination, dirs_exist_ok=True)
    except OSError as exc:
        raise SaveError(f"Cannot load {label}: copying its memories failed: {exc}") from exc
    return destination


def check_memories(memory_dir: Path, label: str) -> None:
    """`SaveError` unless the copied memory store opens and every resident's memories read."""
    try:
        with MemoryStore(memory_dir) as store:
            for agent in store.agents():
                store.collection(agent)
    except Exception as exc:  # Chroma raises its own error types for a bad database
        raise SaveError(
            f"{label}'s memories are damaged and cannot be opened ({type(exc).__name__})."
        ) from exc


def import_to_server(memory_dir: Path, recipe: TownRecipe, label: str) -> str:
    """Move the memories copied into `memory_dir` into a fresh database on the recipe's
    server (exactly: ids, texts, embeddings, access times); `memory_dir` is left empty
    (`build_town` notes the server there). Returns the database's name."""
    local = memory_dir.with_name(memory_dir.name + ".import")
    try:
        server = server_database(recipe, memory_dir)
        assert server is not None, "only a recipe with a chroma_url imports to a server"
        memory_dir.rename(local)
        memory_dir.mkdir()
        with MemoryStore(local) as source, MemoryStore.on_server(server) as target:
            source.copy_into(target)
    except (OSError, ValueError, MemoryStoreUnavailable) as exc:
        raise SaveError(
            f"Cannot load {label}: putting its memories on the memory server failed: {exc}"
        ) from exc
    finally:
        shutil.rmtree(local, ignore_errors=True)
    return server.database


# --- restoring ------------------------------------------------------------------------------------


def restore_town(living: LivingTown, save: TownSave, runtime: RuntimeState | None) -> list[str]:
    """Set every owner's state from `save`; returns warnings for what could not be kept."""
    warnings: list[str] = []
    living.clock.set_state(save.clock)
    living.objects.set_state(save.object_states)
    saved = {resident.name: resident for resident in save.residents}
    present = {name for name in living.minds if living.population.get(name) is not None}
    for name in saved.keys() - present:
        warnings.append(f"{name} is in the save but does not live in this town; left out.")
    slots: dict[str, SlotState] = {}
    for resident in living.population:
        name = resident.name
        if name not in living.minds:
            continue
        entry = saved.get(name)
        if entry is None:
            warnings.append(f"{name} lives in this town but not in the save; starts afresh.")
            continue
        state = runtime.residents.get(name) if runtime else None
        warnings += restore_resident(living, resident, entry, state)
        if state is not None:
            slots[name] = state
        elif entry.activity is not None:  # a save without runtime: due when it ends
            slots[name] = SlotState(due=entry.activity.ends_at)
    here = {r.name: r.tile for r in living.population if r.name in present}
    living.director.set_state(director_state(runtime, slots, save), here, living.objects)
    for name in runtime.rethink if runtime is not None else []:
        if name in present:  # their last thought was not kept: they think again
            living.minds[name].resume_plan()
    return warnings


def restore_resident(
    living: LivingTown, resident: Resident, entry: ResidentSave, state: ResidentRuntime | None
) -> list[str]:
    """The resident's mind, what it knows of the map, and its body where the save has it."""
    name = resident.name
    if entry.mind:
        living.minds[name].set_state(entry.mind)
    memory = living.spatial_memory(name)
    if memory is not None and entry.spatial_memory:
        memory.set_state(entry.spatial_memory)
    problem = place(resident, entry, state, living.town.grid, living.population.pathfinder)
    return [problem] if problem else []


def director_state(
    runtime: RuntimeState | None, slots: dict[str, SlotState], save: TownSave
) -> DirectorState:
    """The director's state as the save keeps it (without runtime: only the slots and the
    counters; the town keeps the meetings it called as it was built)."""
    minds_stats = save.stats.get("minds")
    stats = minds_stats if isinstance(minds_stats, dict) else {}
    if runtime is None:
        return DirectorState(slots=slots, stats=stats)
    return DirectorState(
        slots=slots,
        reserved=runtime.reserved,
        playing=runtime.playing,
        dialogue=runtime.dialogue,
        message=runtime.message,
        meetings=runtime.meetings,
        stats=stats,
    )


def place(
    resident: Resident,
    saved: ResidentSave,
    state: ResidentRuntime | None,
    grid: WalkableGrid,
    pathfinder: Pathfinder,
) -> str | None:
    """Put the resident's body where the save has it; a warning when the map forbids it."""
    tile = (saved.tile[0], saved.tile[1])
    if not (grid.in_bounds(tile) and grid.is_walkable(tile)):
        return (
            f"{resident.name} stood where this map has no floor {tile}; "
            f"starts at {resident.tile} instead."
        )
    resident.tile = tile
    resident.facing = Facing[saved.facing.upper()]
    resident.activity = activity_of(saved.activity, tile) if saved.activity else None
    resident.path, resident.step_progress = [], 0.0
    if state is not None:
        resident.distance_walked = state.distance_walked
        if state.path and is_walk(tile, state.path, grid):
            resident.path = list(state.path)
            resident.step_progress = state.step_progress
            return None
    if resident.activity is not None and resident.activity.destination != tile:
        found = pathfinder.find_path(tile, resident.activity.destination)
        resident.path = found[1:] if found else []
    return None


def is_walk(start: Tile, path: list[Tile], grid: WalkableGrid) -> bool:
    """True when `path` is a walk of single steps over floor, starting next to `start`."""
    here = start
    for tile in path:
        if abs(tile[0] - here[0]) + abs(tile[1] - here[1]) != 1:
            return False
        if not (grid.in_bounds(tile) and grid.is_walkable(tile)):
            return False
        here = tile
    return True
