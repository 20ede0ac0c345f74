"""The walkable grid: which tiles can be walked on, as flat int indices for speed."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

Tile = tuple[int, int]
"""A tile position (x, y), in tiles, origin top-left."""

UNREACHABLE = -1


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle of tiles: `x`, `y` of the top-left tile, `width` × `height` tiles."""

    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        """One past the last column."""
        return self.x + self.width

    @property
    def bottom(self) -> int:
        """One past the last row."""
        return self.y + self.height

    @property
    def centre(self) -> Tile:
        return (self.x + (self.width - 1) // 2, self.y + (self.height - 1) // 2)

    def contains(self, tile: Tile) -> bool:
        x, y = tile
        return self.x <= x < self.right and self.y <= y < self.bottom

    def tiles(self) -> Iterator[Tile]:
        for y in range(self.y, self.bottom):
            for x in range(self.x, self.right):
                yield (x, y)

    def border(self) -> list[Tile]:
        """The tiles just outside the rectangle that share an edge with it (4-neighbours)."""
        above = [(x, self.y - 1) for x in range(self.x, self.right)]
        below = [(x, self.bottom) for x in range(self.x, self.right)]
        left = [(self.x - 1, y) for y in range(self.y, self.bottom)]
        right = [(self.right, y) for y in range(self.y, self.bottom)]
        return above + left + right + below

    def inside(self, width: int, height: int) -> bool:
        """True when the rectangle lies wholly within a `width` × `height` map."""
        return self.x >= 0 and self.y >= 0 and self.right <= width and self.bottom <= height

    def describe(self) -> str:
        return f"tiles x={self.x}..{self.right - 1}, y={self.y}..{self.bottom - 1}"


class WalkableGrid:
    """Blocked or walkable, per tile. Every change bumps `version` (path caches watch it)."""

    def __init__(self, width: int, height: int, blocked: Iterable[Tile] = ()) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"a grid needs a positive size, not {width}×{height}")
        self.width = width
        self.height = height
        self.version = 0
        self._blocked = bytearray(width * height)
        for tile in blocked:
            self._blocked[self.index(tile)] = 1
        self._neighbours: list[tuple[int, ...]] = [() for _ in range(width * height)]
        for index in range(width * height):
            self._refresh_neighbours(index)

    def copy(self) -> WalkableGrid:
        """An equal grid of its own (its blocked tiles and neighbours copied, not rebuilt)."""
        twin = WalkableGrid.__new__(WalkableGrid)
        twin.width, twin.height, twin.version = self.width, self.height, self.version
        twin._blocked = bytearray(self._blocked)
        twin._neighbours = list(self._neighbours)
        return twin

    @classmethod
    def from_rows(cls, rows: list[str]) -> WalkableGrid:
        """A grid from text rows: '#' blocks, anything else is walkable (handy in tests)."""
        blocked = [
            (x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "#"
        ]
        return cls(len(rows[0]), len(rows), blocked)

    def index(self, tile: Tile) -> int:
        return tile[1] * self.width + tile[0]

    def tile(self, index: int) -> Tile:
        return (index % self.width, index // self.width)

    def in_bounds(self, tile: Tile) -> bool:
        return 0 <= tile[0] < self.width and 0 <= tile[1] < self.height

    def is_walkable(self, tile: Tile) -> bool:
        return self.in_bounds(tile) and not self._blocked[self.index(tile)]

    def set_blocked(self, tile: Tile, blocked: bool) -> None:
        """Block or free one tile; a real change bumps `version`."""
        index = self.index(tile)
        if bool(self._blocked[index]) == blocked:
            return
        self._blocked[index] = int(blocked)
        x, y = tile
        for near in ((x, y), (x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if self.in_bounds(near):
                self._refresh_neighbours(self.index(near))
        self.version += 1

    def walkable_neighbours(self, index: int) -> tuple[int, ...]:
        """Walkable 4-neighbours of a walkable tile's index (empty for a blocked tile)."""
        return self._neighbours[index]

    @property
    def adjacency(self) -> Sequence[tuple[int, ...]]:
        """`walkable_neighbours` of every index at once, for tight search loops (read only)."""
        return self._neighbours

    def walkable_tiles(self) -> Iterator[Tile]:
        for index, blocked in enumerate(self._blocked):
            if not blocked:
                yield self.tile(index)

    def distances_from(self, start: Tile) -> list[int]:
        """Walking distance (in steps) from `start` to every tile by index; -1 if unreachable."""
        distances = [UNREACHABLE] * (self.width * self.height)
        if not self.is_walkable(start):
            return distances
        first = self.index(start)
        distances[first] = 0
        queue = deque([first])
        neighbours = self._neighbours
        while queue:
            index = queue.popleft()
            step = distances[index] + 1
            for near in neighbours[index]:
                if distances[near] == UNREACHABLE:
                    distances[near] = step
                    queue.append(near)
        return distances

    def _refresh_neighbours(self, index: int) -> None:
        if self._blocked[index]:
            self._neighbours[index] = ()
            return
        x, y = self.tile(index)
        found = []
        # Fixed order (up, left, right, down) keeps every search deterministic.
        for near in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
            if self.in_bounds(near) and not self._blocked[self.index(near)]:
                found.append(self.index(near))
        self._neighbours[index] = tuple(found)
