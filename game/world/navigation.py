"""Where to stand to use a place, and how to get there."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator

from game.world.address import Address
from game.world.areas import AreaTree
from game.world.grid import Tile, WalkableGrid
from game.world.pathfinding import PathFinder


class Navigator:
    """Turns addresses into tiles to stand on, and tiles into paths."""

    def __init__(
        self, tree: AreaTree, grid: WalkableGrid, pathfinder: PathFinder | None = None
    ) -> None:
        self.tree = tree
        self.grid = grid
        self.pathfinder = pathfinder or PathFinder(grid)

    def use_tiles(self, address: Address) -> list[Tile]:
        """Walkable tiles from which to use the place at `address`: next to an object's
        rectangle (4-neighbour, never inside it), or inside an arena or sector."""
        place = self.tree.find(address)
        if place is None:
            raise KeyError(f"no place {address.describe()} in {self.tree.world}")
        if address.object is not None:
            rect = self.tree.game_object(address).rect
            tiles = [tile for tile in rect.border() if not rect.contains(tile)]
        elif address.arena is not None:
            tiles = list(self.tree.arena(address).rect.tiles())
        else:
            sector = self.tree.sector(address.sector)
            tiles = [tile for arena in sector.arenas.values() for tile in arena.rect.tiles()]
            if sector.rect is not None:
                tiles += list(sector.rect.tiles())
        return sorted({tile for tile in tiles if self.grid.is_walkable(tile)})

    def nearest_reachable_tile(
        self, address: Address, from_tile: Tile, occupied: Collection[Tile] = frozenset()
    ) -> Tile | None:
        """The use tile of `address` closest to `from_tile` by walking, preferring one that is
        not `occupied`; None when no use tile can be reached."""
        grid = self.grid
        targets = {grid.index(tile) for tile in self.use_tiles(address)}
        if not targets or not grid.is_walkable(from_tile):
            return None
        taken = {grid.index(tile) for tile in occupied if grid.in_bounds(tile)}
        first_occupied: int | None = None
        unseen = len(targets)  # once every use tile was met (all taken), stop searching
        for index in self._indexes_by_distance(grid.index(from_tile)):
            if index in targets:
                if index not in taken:
                    return grid.tile(index)
                if first_occupied is None:
                    first_occupied = index
                unseen -= 1
                if unseen == 0:
                    break
        return None if first_occupied is None else grid.tile(first_occupied)

    def path_to(
        self, address: Address, from_tile: Tile, occupied: Collection[Tile] = frozenset()
    ) -> list[Tile] | None:
        """The path from `from_tile` to the nearest (free if possible) use tile of `address`."""
        goal = self.nearest_reachable_tile(address, from_tile, occupied)
        return None if goal is None else self.pathfinder.find_path(from_tile, goal)

    def _indexes_by_distance(self, first: int) -> Iterator[int]:
        """The index of every tile reachable from index `first`, nearest first (breadth-first,
        fixed order), produced lazily so a search can stop at the first good tile."""
        neighbours = self.grid.walkable_neighbours
        seen = {first}
        queue = deque([first])
        while queue:
            index = queue.popleft()
            yield index
            for near in neighbours(index):
                if near not in seen:
                    seen.add(near)
                    queue.append(near)
