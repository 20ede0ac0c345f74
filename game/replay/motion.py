"""Walking between two position rows: the path a resident took and where on it they are.

A record writes a row when a resident's tile changes; in a lockstep record that happens once
a game minute, up to six tiles at a time. Between two rows of one resident the replay walks
the A* path from the first row's tile to the next one's (`game.world.pathfinding`), at the
town's walking pace — faster only when the path would not fit in the time between the rows.
A resident walking at the first row sets off at once; one standing there sets off just in
time to arrive at the second row's time. Everything here is a pure function of the two rows
and the moment, so seeking anywhere and playing there give the same picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from game.records import PositionRow
from game.town.director import Pathfinder
from game.town.population import WALK_TILES_PER_GAME_MINUTE
from game.town.resident import Tile

ONE_MINUTE = timedelta(minutes=1)

__all__ = ["Leg", "leg_between", "straight_path"]


@dataclass(frozen=True)
class Leg:
    """One walk from a row's tile to the next row's: `path` holds both ends; the walk starts
    at `start` and takes `minutes_per_tile` game minutes a tile."""

    path: tuple[Tile, ...]
    start: datetime
    minutes_per_tile: float

    @property
    def tiles(self) -> int:
        """Steps along the path."""
        return len(self.path) - 1

    def walked(self, moment: datetime) -> float | None:
        """Tiles walked at `moment` (0 … `tiles`), or None before the walk starts."""
        if moment < self.start:
            return None
        minutes = (moment - self.start) / ONE_MINUTE
        return min(float(self.tiles), minutes / self.minutes_per_tile)


def leg_between(row: PositionRow, following: PositionRow, pathfinder: Pathfinder) -> Leg | None:
    """The walk from `row` to `following` (the same resident's next row); None when the tile
    does not change or no time passes between them."""
    start, goal = (row.x, row.y), (following.x, following.y)
    interval = (following.time - row.time) / ONE_MINUTE
    if start == goal or interval <= 0:
        return None
    path = pathfinder.find_path(start, goal) or straight_path(start, goal)
    steps = len(path) - 1
    pace = max(WALK_TILES_PER_GAME_MINUTE, steps / interval)  # tiles a game minute
    setting_off = row.time
    if not row.walking:  # standing at the first row: leave in time to arrive at the second
        setting_off = max(row.time, following.time - steps / pace * ONE_MINUTE)
    return Leg(tuple(path), setting_off, 1.0 / pace)


def straight_path(start: Tile, goal: Tile) -> list[Tile]:
    """Across, then down: the way to slide when the map has no walkable path (a map changed
    since the run, a resident lying on a bed)."""
    (x, y), (gx, gy) = start, goal
    path = [start]
    while x != gx:
        x += 1 if gx > x else -1
        path.append((x, y))
    while y != gy:
        y += 1 if gy > y else -1
        path.append((x, y))
    return path
