"""The interface between the population and whatever decides what residents do.

A `ResidentDirector` is asked, every update, what each resident should do next. The schedule
director answers from a timetable at once; the bridge to the minds will answer when a model
has decided, and report the residents still waiting as pending (shown as "thinking…").
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from game.town.resident import Activity, Resident, Tile


class ResidentDirector(Protocol):
    """Decides residents' activities. Called on the main thread only."""

    @property
    def label(self) -> str:
        """Which brain drives the town, for the HUD ("schedule (no minds)", a model name)."""
        ...

    def pending_decisions(self) -> frozenset[str]:
        """Names of residents whose next decision is being thought about right now."""
        ...

    def next_activity(self, resident: Resident, now: datetime) -> Activity | None:
        """A new activity for `resident` at `now`, or None to carry on as before."""
        ...


class Pathfinder(Protocol):
    """Finds a walkable 4-neighbour path; the result starts at `start` and ends at `goal`."""

    def find_path(self, start: Tile, goal: Tile) -> list[Tile] | None: ...
