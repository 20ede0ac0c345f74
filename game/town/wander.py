"""The wander director: everyone walks to a random tile, again and again (for benchmarks).

Keeps every resident walking, which is the worst case for the renderer and the path cache.
Deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from game.town.resident import Activity, Resident, Tile


class WanderDirector:
    """A `ResidentDirector` that sends idle residents to random tiles of `tiles`."""

    label = "wander (benchmark, no minds)"

    def __init__(
        self, tiles: Sequence[Tile], seed: int = 0, emoji: str = "🚶", radius: int = 20
    ) -> None:
        if not tiles:
            raise ValueError("the wander director needs at least one tile")
        self.tiles = list(tiles)
        self.random = random.Random(seed)
        self.emoji = emoji
        self.radius = radius  # walks stay within this many tiles (Manhattan), like a stroll

    def pending_decisions(self) -> frozenset[str]:
        return frozenset()

    def next_activity(self, resident: Resident, now: datetime) -> Activity | None:
        if resident.is_walking:
            return None
        goal = self.pick_goal(resident.tile)
        return Activity("taking a walk", self.emoji, goal, started=now, key=f"wander@{goal}")

    def pick_goal(self, start: Tile) -> Tile:
        """A random tile within `radius` of `start` (any tile after 30 misses)."""
        goal = self.random.choice(self.tiles)
        for _ in range(30):
            if abs(goal[0] - start[0]) + abs(goal[1] - start[1]) <= self.radius:
                break
            goal = self.random.choice(self.tiles)
        return goal
