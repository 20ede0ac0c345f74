"""The population layer: residents, their movement, and the directors that steer them."""

from __future__ import annotations

from game.town.director import Pathfinder, ResidentDirector
from game.town.population import WALK_TILES_PER_GAME_MINUTE, Population
from game.town.resident import Activity, Facing, Pose, Resident, Tile, slug_of
from game.town.schedule import DEFAULT_TIMETABLE, Routine, ScheduleDirector, TimetableEntry
from game.town.speed import SPEEDS, SimulationSpeed

__all__ = [
    "DEFAULT_TIMETABLE",
    "SPEEDS",
    "WALK_TILES_PER_GAME_MINUTE",
    "Activity",
    "Facing",
    "Pathfinder",
    "Population",
    "Pose",
    "Resident",
    "ResidentDirector",
    "Routine",
    "ScheduleDirector",
    "SimulationSpeed",
    "Tile",
    "TimetableEntry",
    "slug_of",
]
