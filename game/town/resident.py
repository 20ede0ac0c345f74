"""A resident of the town as the renderer and the directors see it: where, facing, doing what.

Pure Python (no pygame). Positions are tile coordinates; a walking resident is somewhere
between its current tile and the next tile of its path (`step_progress` from 0 to 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

Tile = tuple[int, int]


class Facing(Enum):
    """The direction a resident looks; the value is its row in a character sheet."""

    DOWN = 0
    LEFT = 1
    RIGHT = 2
    UP = 3


class Pose(Enum):
    """What the body does when the resident is not walking."""

    IDLE = "idle"
    WALK = "walk"
    SLEEP = "sleep"
    SIT = "sit"
    TALK = "talk"
    WORK = "work"


@dataclass(frozen=True)
class Activity:
    """Something to do somewhere: walk to `destination`, then hold `pose` showing `emoji`."""

    description: str
    emoji: str
    destination: Tile
    pose: Pose = Pose.IDLE
    started: datetime | None = None
    key: str = ""  # lets a director recognise its own activity ("work@bedroom, ...")
    rest_at: Tile | None = None  # where the body lies once arrived (on the bed, say)


def facing_towards(start: Tile, goal: Tile, default: Facing = Facing.DOWN) -> Facing:
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    if abs(dx) >= abs(dy) and dx != 0:
        return Facing.RIGHT if dx > 0 else Facing.LEFT
    if dy != 0:
        return Facing.DOWN if dy > 0 else Facing.UP
    return default


def slug_of(name: str) -> str:
    """The asset name of a resident: lowercase, spaces → underscores."""
    return name.strip().lower().replace(" ", "_")


@dataclass
class Resident:
    """One resident: position, path, facing, activity and whether its mind is thinking."""

    name: str
    tile: Tile
    facing: Facing = Facing.DOWN
    path: list[Tile] = field(default_factory=list)
    step_progress: float = 0.0
    activity: Activity | None = None
    thinking: bool = False
    distance_walked: float = 0.0  # in tiles; drives the walk-cycle frame
    look: str | None = None  # whose sprite to wear (default: the resident's own name)

    @property
    def slug(self) -> str:
        return slug_of(self.look or self.name)

    @property
    def is_walking(self) -> bool:
        return bool(self.path)

    @property
    def position(self) -> tuple[float, float]:
        """Interpolated tile coordinates (x, y) between the current and the next tile."""
        if not self.path:
            if self.activity is not None and self.activity.rest_at is not None:
                return float(self.activity.rest_at[0]), float(self.activity.rest_at[1])
            return float(self.tile[0]), float(self.tile[1])
        nx, ny = self.path[0]
        t = self.step_progress
        return self.tile[0] + (nx - self.tile[0]) * t, self.tile[1] + (ny - self.tile[1]) * t

    @property
    def pose(self) -> Pose:
        if self.path:
            return Pose.WALK
        return self.activity.pose if self.activity else Pose.IDLE

    @property
    def emoji(self) -> str:
        return self.activity.emoji if self.activity else ""

    def start(self, activity: Activity, path: list[Tile]) -> None:
        """Take up `activity`, walking `path` (tiles after the current one) to get there."""
        if path and path[0] == self.tile:
            path = path[1:]
        self.activity = activity
        self.path = list(path)
        self.step_progress = 0.0
        if self.path:
            self.facing = facing_towards(self.tile, self.path[0], self.facing)

    def advance(self, tiles: float) -> None:
        """Walk `tiles` tiles further along the path (fractions interpolate)."""
        while tiles > 0 and self.path:
            needed = 1.0 - self.step_progress
            step = min(needed, tiles)
            self.step_progress += step
            self.distance_walked += step
            tiles -= step
            if self.step_progress >= 1.0 - 1e-9:
                self.tile = self.path.pop(0)
                self.step_progress = 0.0
                if self.path:
                    self.facing = facing_towards(self.tile, self.path[0], self.facing)
        if not self.path and self.activity and self.activity.pose is Pose.SLEEP:
            self.facing = Facing.DOWN
