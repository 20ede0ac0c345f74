"""All residents of the town, moved along their paths and steered by a director."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime

from game.town.director import Pathfinder, ResidentDirector
from game.town.resident import Activity, Resident

log = logging.getLogger(__name__)

# One tile per 10 game seconds, as in the paper's reference run (a step every 10 s).
WALK_TILES_PER_GAME_MINUTE = 6.0
# Path searches per update stop after this much time (at least one always runs); the rest
# wait for the next frame, so a crowd setting off at once never stalls a frame.
PATH_BUDGET_SECONDS = 0.003


class Population:
    """The residents plus the rules that move them; pure model, no drawing."""

    def __init__(
        self,
        residents: Iterable[Resident],
        director: ResidentDirector,
        pathfinder: Pathfinder,
        walk_tiles_per_minute: float = WALK_TILES_PER_GAME_MINUTE,
        path_budget_seconds: float | None = PATH_BUDGET_SECONDS,
        timer: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.residents: list[Resident] = list(residents)
        self.director = director
        self.pathfinder = pathfinder
        self.walk_tiles_per_minute = walk_tiles_per_minute
        self.path_budget_seconds = path_budget_seconds
        self.timer = timer
        self._by_name = {r.name: r for r in self.residents}
        self._deferred: dict[str, Activity] = {}  # decided, waiting for a path search
        self.controlled: str | None = None  # the player's body: no director, no game-time walk

    def __iter__(self) -> Iterator[Resident]:
        return iter(self.residents)

    def __len__(self) -> int:
        return len(self.residents)

    def get(self, name: str) -> Resident | None:
        return self._by_name.get(name)

    def add(self, resident: Resident) -> None:
        """Join the town (the visitor); a name already present is refused."""
        if resident.name in self._by_name:
            raise ValueError(f"{resident.name!r} is already in the town")
        self.residents.append(resident)
        self._by_name[resident.name] = resident

    def remove(self, name: str) -> None:
        resident = self._by_name.pop(name, None)
        if resident is not None:
            self.residents.remove(resident)
            self._deferred.pop(name, None)

    @property
    def thinking_count(self) -> int:
        return sum(1 for r in self.residents if r.thinking)

    def update(self, now: datetime, game_minutes: float) -> None:
        """Ask the director what to do at `now`, then walk `game_minutes` worth of path."""
        pending = self.director.pending_decisions()
        distance = max(0.0, game_minutes) * self.walk_tiles_per_minute
        deadline = None
        if self.path_budget_seconds is not None:
            deadline = self.timer() + self.path_budget_seconds
        searched = 0
        for resident in self.residents:
            if resident.name == self.controlled:
                resident.thinking = False
                continue
            resident.thinking = resident.name in pending
            activity = self._deferred.pop(resident.name, None)
            if activity is None:
                activity = self.director.next_activity(resident, now)
            if activity is not None:
                if searched and deadline is not None and self.timer() > deadline:
                    self._deferred[resident.name] = activity
                else:
                    self.assign(resident, activity)
                    searched += 1
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
