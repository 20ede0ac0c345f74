"""The bridge's in-flight bookkeeping as JSON: what a save needs beyond the owners' states
so that a loaded town continues exactly as the saved one would have.

`TownSave.runtime` holds a `RuntimeState`: per resident the rest of the path being walked and
the director's slot (`director_state.SlotState`: next decision due, outcomes not yet applied,
object in use, a conversation asked for), the conversations playing back, the dialogue log,
the director's message, the lockstep runner's pending walk, and who thinks again on loading.
The director's part is `MindDirector.get_state()` (`game.bridge.director_state`); this module
adds the population's walks and lays them out as the save keeps them. Main thread only (a
save taken while minds think: `capture.py`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from game.bridge.director import MindDirector
from game.bridge.director_state import (
    LineState,
    MeetingState,
    PlaybackState,
    SaveModel,
    SlotState,
    Tile,
    activity_save,
)
from game.town.population import Population
from game.town.resident import Activity, Resident

RUNTIME_VERSION: Literal[1] = 1


class ResidentRuntime(SlotState):
    """One resident's walk in progress and the director's slot for it."""

    path: list[Tile] = Field(default_factory=list)
    step_progress: float = 0.0
    distance_walked: float = 0.0


class RuntimeState(SaveModel):
    """Everything in `TownSave.runtime`."""

    version: Literal[1] = RUNTIME_VERSION
    residents: dict[str, ResidentRuntime] = Field(default_factory=dict)
    reserved: list[str] = Field(default_factory=list)
    playing: list[PlaybackState] = Field(default_factory=list)
    dialogue: list[LineState] = Field(default_factory=list)
    message: str = ""
    pending_walk_minutes: float = 0.0
    meetings: list[MeetingState] = Field(default_factory=list)
    # residents whose thinking at the save was done but not kept (`capture.py`): on loading
    # they resume their plan and decide again at once
    rethink: list[str] = Field(default_factory=list)


def resident_runtime(
    resident: Resident, slot: SlotState | None, deferred: Activity | None
) -> ResidentRuntime:
    """The resident's walk and its slot; an activity the population deferred is the queued
    one when the slot queues none."""
    walk = {
        "path": [tuple(tile) for tile in resident.path],
        "step_progress": resident.step_progress,
        "distance_walked": resident.distance_walked,
    }
    if slot is None:
        return ResidentRuntime(**walk)
    queued = slot.queued
    if queued is None and deferred is not None:
        queued = activity_save(deferred)
    return ResidentRuntime(**{**dict(slot), "queued": queued}, **walk)


def gather_runtime(
    population: Population, director: MindDirector, pending_walk_minutes: float = 0.0
) -> RuntimeState:
    """The bridge's bookkeeping now (main thread)."""
    deferred: dict[str, Activity] = getattr(population, "_deferred", {})
    state = director.get_state()
    residents = {
        resident.name: resident_runtime(
            resident, state.slots.get(resident.name), deferred.get(resident.name)
        )
        for resident in population
    }
    return RuntimeState(
        residents=residents,
        reserved=state.reserved,
        playing=state.playing,
        dialogue=state.dialogue,
        message=state.message,
        pending_walk_minutes=pending_walk_minutes,
        meetings=state.meetings or [],
    )
