"""A* on the walkable grid (4-neighbour, Manhattan), with an LRU cache per (from, to) pair."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from game.world.grid import Tile, WalkableGrid

NO_PARENT = -1


@dataclass(frozen=True, slots=True)
class CacheInfo:
    hits: int
    misses: int
    size: int
    grid_version: int


class PathFinder:
    """Shortest walking paths on a `WalkableGrid`.

    `find_path` returns the tiles from start to goal, both included, or None when the goal
    cannot be reached (or either end is blocked). Ties between equally short paths are broken
    the same way every time. Results are cached per (start, goal); the cache empties itself
    whenever the grid's `version` changes.
    """

    def __init__(self, grid: WalkableGrid, cache_size: int = 20_000) -> None:
        self.grid = grid
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[int, int], tuple[int, ...] | None] = OrderedDict()
        self._cache_version = grid.version
        self._hits = 0
        self._misses = 0
        count = grid.width * grid.height
        self._columns = [index % grid.width for index in range(count)]
        self._rows = [index // grid.width for index in range(count)]
        self._search_number = 0
        self._stamp = [0] * count
        self._best_cost = [0] * count
        self._parent = [NO_PARENT] * count

    def find_path(self, start: Tile, goal: Tile) -> list[Tile] | None:
        grid = self.grid
        if not (grid.is_walkable(start) and grid.is_walkable(goal)):
            return None
        if self._cache_version != grid.version:
            self.clear_cache()
        key = (grid.index(start), grid.index(goal))
        if key in self._cache:
            self._hits += 1
            self._cache.move_to_end(key)
            indices = self._cache[key]
        else:
            self._misses += 1
            indices = self._search(*key)
            self._cache[key] = indices
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        if indices is None:
            return None
        columns, rows = self._columns, self._rows
        return [(columns[index], rows[index]) for index in indices]

    def distance(self, start: Tile, goal: Tile) -> int | None:
        """Steps along the shortest path, or None when unreachable."""
        path = self.find_path(start, goal)
        return None if path is None else len(path) - 1

    def clear_cache(self) -> None:
        self._cache.clear()
        self._cache_version = self.grid.version

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, len(self._cache), self._cache_version)

    def _search(self, start: int, goal: int) -> tuple[int, ...] | None:
        """A* over flat indices, with a two-bucket open list instead of a heap.

        On a 4-neighbour grid with unit steps and the Manhattan heuristic, every step changes
        h by exactly one, so a neighbour's f is either the current f (h went down) or f + 2.
        The open list is therefore two stacks: `current` (f) and `later` (f + 2). Within one
        f the most recently found tile is expanded first, which heads straight for the goal
        and makes every result deterministic. Per-tile arrays are reused between searches;
        `stamp` marks which search wrote them.
        """
        self._search_number += 1
        search = self._search_number
        stamp, best_cost, parent = self._stamp, self._best_cost, self._parent
        columns, rows = self._columns, self._rows
        goal_x, goal_y = columns[goal], rows[goal]
        neighbours = self.grid.walkable_neighbours
        stamp[start], best_cost[start], parent[start] = search, 0, NO_PARENT
        estimate = abs(columns[start] - goal_x) + abs(rows[start] - goal_y)
        current: list[int] = [start]
        later: list[int] = []
        while current:
            while current:
                index = current.pop()
                if index == goal:
                    return self._walk_back(parent, goal)
                remaining = abs(columns[index] - goal_x) + abs(rows[index] - goal_y)
                cost = estimate - remaining
                if cost > best_cost[index]:
                    continue  # a stale entry: a cheaper way here was found later
                next_cost = cost + 1
                for near in neighbours(index):
                    if stamp[near] != search or next_cost < best_cost[near]:
                        stamp[near], best_cost[near], parent[near] = search, next_cost, index
                        if abs(columns[near] - goal_x) + abs(rows[near] - goal_y) < remaining:
                            current.append(near)
                        else:
                            later.append(near)
            current, later = later, []
            estimate += 2
        return None

    @staticmethod
    def _walk_back(parent: list[int], goal: int) -> tuple[int, ...]:
        path = [goal]
        index = parent[goal]
        while index != NO_PARENT:
            path.append(index)
            index = parent[index]
        path.reverse()
        return tuple(path)
