"""The player's body in the town: a new visitor, or a resident the player took over.

The player's character is a `Resident` in the population (so it is drawn, sorted and perceived
like anyone), but the population never asks the director about it: the player steers it with
keys (one tile per press, held keys keep walking) or a click (an A* path), and it walks in
real time — the same pace at every game speed, even while the town is paused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.town.director import Pathfinder
from game.town.resident import Activity, Facing, Resident, Tile

PLAYER_TILES_PER_SECOND = 6.0
VISITOR_LOOK = "visitor"
DEFAULT_VISITOR_NAME = "Visitor"
DEFAULT_VISITOR_DESCRIPTION = "a traveller passing through town"

STEPS: dict[Facing, tuple[int, int]] = {
    Facing.LEFT: (-1, 0),
    Facing.RIGHT: (1, 0),
    Facing.UP: (0, -1),
    Facing.DOWN: (0, 1),
}


class Walkable(Protocol):
    """What the player needs to know of the map: which tiles can be stood on."""

    def is_walkable(self, tile: Tile) -> bool: ...


@dataclass
class Player:
    """Who the player is and the body they steer.

    `is_visitor` is False when the player took over a resident (`body.name` is then that
    resident's name and their mind rests while the player steers)."""

    body: Resident
    description: str = DEFAULT_VISITOR_DESCRIPTION
    is_visitor: bool = True

    @property
    def name(self) -> str:
        return self.body.name

    @property
    def controls(self) -> str:
        """ "visitor", or the name of the resident taken over (as saves store it)."""
        return "visitor" if self.is_visitor else self.body.name

    @classmethod
    def new_visitor(cls, name: str, description: str, tile: Tile) -> Player:
        body = Resident(name or DEFAULT_VISITOR_NAME, tile, look=VISITOR_LOOK)
        body.activity = Activity("visiting the town", "👋", tile)
        return cls(body, description or DEFAULT_VISITOR_DESCRIPTION, is_visitor=True)

    @property
    def activity_text(self) -> str:
        if self.body.is_walking:
            return "walking around town"
        return self.body.activity.description if self.body.activity else "looking around"

    def step(self, facing: Facing, grid: Walkable) -> bool:
        """Walk one tile towards `facing` (once the step in progress ends); turn in place when
        the tile is blocked. Returns True when a step was taken."""
        if len(self.body.path) > 1:  # a click-walk in progress: stop after this step
            self.body.path = self.body.path[:1]
        if self.body.path:
            return False
        dx, dy = STEPS[facing]
        goal = (self.body.tile[0] + dx, self.body.tile[1] + dy)
        self.body.facing = facing
        if not grid.is_walkable(goal):
            return False
        self._set_off([goal])
        return True

    def walk_to(self, goal: Tile, pathfinder: Pathfinder) -> bool:
        """Walk an A* path to `goal`; False (standing still) when it cannot be reached."""
        start = self.body.path[0] if self.body.path else self.body.tile
        path = pathfinder.find_path(start, goal)
        if path is None:
            return False
        rest = path[1:] if path and path[0] == start else path
        self.body.path = ([self.body.path[0]] if self.body.path else []) + rest
        if not self.body.path:
            return True
        if self.body.step_progress == 0.0:
            self._face_next()
        return True

    def _set_off(self, path: list[Tile]) -> None:
        self.body.path = path
        self.body.step_progress = 0.0
        self._face_next()

    def _face_next(self) -> None:
        nx, ny = self.body.path[0]
        dx, dy = nx - self.body.tile[0], ny - self.body.tile[1]
        for facing, step in STEPS.items():
            if step == (dx, dy):
                self.body.facing = facing

    def update(self, real_seconds: float) -> None:
        """Walk in real time."""
        self.body.advance(max(0.0, real_seconds) * PLAYER_TILES_PER_SECOND)
