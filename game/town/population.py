"""All residents of the town, moved along their paths and steered by a director."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from datetime import datetime

from game.town.director import Pathfinder, ResidentDirector
from game.town.resident import Activity, Resident

log = logging.getLogger(__name__)

# One tile per 10 game seconds, as in the paper's reference run (a step every 10 s).
WALK_TILES_PER_GAME_MINUTE = 6.0


class Population:
    """The residents plus the rules that move them; pure model, no drawing."""

    def __init__(
        self,
        residents: Iterable[Resident],
        director: ResidentDirector,
        pathfinder: Pathfinder,
        walk_tiles_per_minute: float = WALK_TILES_PER_GAME_MINUTE,
    ) -> None:
        self.residents: list[Resident] = list(residents)
        self.director = director
        self.pathfinder = pathfinder
        self.walk_tiles_per_minute = walk_tiles_per_minute
        self._by_name = {r.name: r for r in self.residents}

    def __iter__(self) -> Iterator[Resident]:
        return iter(self.residents)

    def __len__(self) -> int:
        return len(self.residents)

    def get(self, name: str) -> Resident | None:
        return self._by_name.get(name)

    @property
    def thinking_count(self) -> int:
        return sum(1 for r in self.residents if r.thinking)

    def update(self, now: datetime, game_minutes: float) -> None:
        """Ask the director what to do at `now`, then walk `game_minutes` worth of path."""
        pending = self.director.pending_decisions()
        distance = max(0.0, game_minutes) * self.walk_tiles_per_minute
        for resident in self.residents:
            resident.thinking = resident.name in pending
            activity = self.director.next_activity(resident, now)
            if activity is not None:
                self.assign(resident, activity)
            if distance:
                resident.advance(distance)

    def assign(self, resident: Resident, activity: Activity) -> None:
        """Start `activity`: plan an A* path to its destination and set off."""
        walking_to = resident.path[0] if resident.path else None
        start = walking_to or resident.tile
        path = self.pathfinder.find_path(start, activity.destination)
        if path is None:
            log.warning("%s cannot reach %s; doing it where they stand", resident.name, activity)
            path = [start]
        if walking_to is None:
            resident.start(activity, path)
        else:  # finish the step in progress, then follow the new path
            resident.activity = activity
            resident.path = [walking_to, *path[1:]]
