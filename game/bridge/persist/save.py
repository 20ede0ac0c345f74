"""Saving a living town: gather every owner's state into a `TownSave` and write a slot.

    save_town(living, SaveSlots(), "Day 3", town_id="the_ville_n25", visitor=None,
              settings=town_settings(llm, seed=0))

A save must see the town at rest: no thinking job may be changing a mind or its memories
while they are copied. `MemoryStore.copy_to` holds one agent's lock while it copies that
agent, so each agent's memories are consistent in themselves — but agents are copied one
after another, a conversation job writes to two agents, and `Agent.get_state()` is read at
another moment than the memories. So `save_town` first waits until no job is in flight
(`director.wait_for_all`; finished outcomes not yet applied are saved and applied after
loading). In lockstep (`smallville simulate`) the town is at rest between steps anyway; in
the window, `TownAutosaver` (`autosave.py`) pauses the clock and waits frame by frame.
Main thread only. Loading is in `load.py`, autosaves in `autosave.py`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cognition import ChromaChildGone, LLMSettings
from game.bridge.director_state import SlotState, activity_save, address_of
from game.bridge.persist.runtime import RuntimeState, gather_runtime
from game.bridge.town_minds import LivingTown
from game.files.paths import bundle_root
from game.saves import (
    MapRef,
    SaveError,
    SaveSlots,
    TownSave,
    VisitorSave,
)
from game.saves.slots import check_slot_name
from game.town.resident import Resident
from game.world.address import Address
from game.world.areas import AreaTree

DEFAULT_WAIT_SECONDS = 600.0
RecordCopier = Callable[[Path], None]  # writes the run record to a path (`RecordWriter.copy_to`)


def town_settings(llm: LLMSettings, *, seed: int, embedder: str | None = None) -> dict[str, Any]:
    """The public settings a save keeps: the model settings without the key, the seed (the
    offline brain's; a loaded town keeps it) and the embedder's name."""
    settings = {**llm.to_public_dict(), "seed": seed}
    if embedder is not None:
        settings["embedder"] = embedder
    return settings


def embedder_name(living: LivingTown) -> str | None:
    """The name of the embedder the minds' memories use (None when unknown)."""
    for mind in living.minds.values():
        embedder = getattr(mind.memory, "embedder", None)
        name = getattr(embedder, "name", None)
        if isinstance(name, str):
            return name
    return None


def thinking(living: LivingTown) -> int:
    """How many residents have a job in flight (collects finished ones first)."""
    living.director.collect()
    return len(living.director.pending_decisions())


def settle(living: LivingTown, wait_seconds: float = DEFAULT_WAIT_SECONDS) -> None:
    """Wait until no job is in flight; `SaveError` if minds still think after `wait_seconds`."""
    if not thinking(living):
        return
    if wait_seconds <= 0:
        raise SaveError(f"{thinking(living)} minds are still thinking; try again in a moment.")
    try:
        living.director.wait_for_all(timeout=wait_seconds)
    except TimeoutError as exc:
        raise SaveError(f"Could not save: {exc}.") from exc


def activity_address(resident: Resident, slot: SlotState | None, tree: AreaTree) -> Address | None:
    """Where the resident's activity happens: the object it uses, else the arena (sector)."""
    activity = resident.activity
    if activity is None:
        return None
    if slot is not None:
        if slot.object_target is not None and activity.key == slot.object_key:
            return address_of(slot.object_target)
        if slot.in_use is not None and activity.key == slot.in_use_key:
            return address_of(slot.in_use)
    return tree.arena_at(activity.destination) or tree.sector_at(activity.destination)


def resident_fields(
    living: LivingTown,
    resident: Resident,
    slot: SlotState | None,
    mind: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The fields of the resident's `ResidentSave`, read now (main thread): `slot` is its
    part of the director's `get_state()`, `mind` its `Agent.get_state()` (read now if None).
    Fresh data, shared with nothing."""
    name = resident.name
    activity = None
    if resident.activity is not None:
        place = activity_address(resident, slot, living.town.tree)
        ends_at = slot.due if slot is not None else None
        activity = activity_save(resident.activity, place, ends_at)
    memory = living.spatial_memory(name)
    return {
        "name": name,
        "tile": resident.tile,
        "facing": resident.facing.name.lower(),
        "activity": activity,
        "mind": living.minds[name].get_state() if mind is None else mind,
        "spatial_memory": memory.get_state() if memory is not None else {},
        # Relationships are the mind's own bookkeeping and ride along in `mind`.
        "relationships": {},
    }


def snapshot(
    living: LivingTown,
    *,
    town_id: str,
    visitor: VisitorSave | None = None,
    settings: dict[str, Any] | None = None,
    saved_at: datetime | None = None,
    pending_walk_minutes: float = 0.0,
) -> TownSave:
    """The whole town as a `TownSave` (main thread, no job in flight: see `settle`).
    `settings`: public settings only (`town_settings`); the embedder's name is added.
    `pending_walk_minutes`: the lockstep runner's, so a loaded run walks on exactly.
    (While minds think, `capture.TownCapture` takes a save without waiting.)"""
    if living.director.in_flight:
        raise SaveError("Could not save: minds are still thinking (settle the town first).")
    runtime = gather_runtime(living.population, living.director, pending_walk_minutes)
    minds = {name: mind.get_state() for name, mind in living.minds.items()}
    return town_save(
        town_fields(
            living, minds, runtime, town_id=town_id, visitor=visitor, settings=settings,
            saved_at=saved_at,
        )
    )  # fmt: skip


def map_ref_of(path: Path) -> MapRef:
    """The save's note of its map: the path within the game's files for a bundled map; for a
    map of the player's own, elsewhere, its file name (a save names no absolute path) — a
    loaded save is compared with the map its town is opened on either way."""
    map_file = Path(path).resolve()
    root = bundle_root().resolve()
    return MapRef.for_file(map_file, root if map_file.is_relative_to(root) else map_file.parent)


def town_fields(
    living: LivingTown,
    minds: Mapping[str, dict[str, Any]],
    runtime: RuntimeState,
    *,
    town_id: str,
    visitor: VisitorSave | None = None,
    settings: dict[str, Any] | None = None,
    saved_at: datetime | None = None,
) -> dict[str, Any]:
    """The fields of the town's `TownSave` as it is now (main thread): each mind's state
    from `minds` (a name missing there: read now), the director's bookkeeping `runtime`
    (kept as a `RuntimeState`). Fresh data: `town_save` can validate it on any thread."""
    public = dict(settings or {})
    name = embedder_name(living)
    if name is not None:
        public.setdefault("embedder", name)
    map_ref = map_ref_of(living.town.path)
    residents = [r for r in living.population if r.name in living.minds]
    state = living.director.get_state()
    return {
        "town": town_id,
        "saved_at": saved_at or datetime.now(UTC),
        "game_time": living.clock.now,
        "map": map_ref,
        "clock": living.clock.get_state(),
        "residents": [
            resident_fields(living, r, state.slots.get(r.name), minds.get(r.name))
            for r in residents
        ],
        "object_states": living.objects.get_state(),
        "visitor": visitor,
        "settings": public,
        "stats": {"minds": state.stats},
        "runtime": runtime,
    }


def town_save(fields: dict[str, Any]) -> TownSave:
    """The `TownSave` of `town_fields` (validated here: any thread)."""
    runtime: RuntimeState = fields["runtime"]
    return TownSave(**{**fields, "runtime": runtime.model_dump(mode="json")})


def save_town(
    living: LivingTown,
    slots: SaveSlots,
    slot: str,
    *,
    town_id: str,
    visitor: VisitorSave | None = None,
    settings: dict[str, Any] | None = None,
    saved_at: datetime | None = None,
    pending_walk_minutes: float = 0.0,
    wait_seconds: float = DEFAULT_WAIT_SECONDS,
    record: RecordCopier | None = None,
) -> Path:
    """Save the town as `slot` (the slot's last save is kept as its previous); returns the
    slot's directory. Waits up to `wait_seconds` for thinking minds (0: refuse at once).
    `record(path)` copies the town's run record into the slot (its history so far).
    Raises `SaveError` — the old slot untouched — when anything fails."""
    check_slot_name(slot)
    settle(living, wait_seconds)
    save = snapshot(
        living,
        town_id=town_id,
        visitor=visitor,
        settings=settings,
        saved_at=saved_at,
        pending_walk_minutes=pending_walk_minutes,
    )
    # a dead memory child leaves the run's folder behind; the copy comes from the mirrors
    with contextlib.suppress(ChromaChildGone):
        living.store.flush()
    return slots.write(slot, save, living.store.copy_to, record)
