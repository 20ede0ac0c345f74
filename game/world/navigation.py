"""Where to stand to use a place, and how to get there."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.world.address import Address
from game.world.areas import AreaTree
from game.world.grid import Tile, WalkableGrid
from game.world.pathfinding import PathFinder

NEAREST_KEPT = 4096  # answers of nearest_reachable_tile kept (then forgotten all at once)


class Navigator:
    """Turns addresses into tiles to stand on, and tiles into paths."""

    def __init__(
        self, tree: AreaTree, grid: WalkableGrid, pathfinder: PathFinder | None = None
    ) -> None:
        self.tree = tree
        self.grid = grid
        self.pathfinder = pathfinder or PathFinder(grid)
        # (from index, address, taken use tiles) → nearest_reachable_tile's answer, for the
        # grid's `version` it was found in (residents ask again from where they stand)
        self._nearest: dict[tuple[int, Address, frozenset[int]], int | None] = {}
        self._nearest_version = grid.version

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
        taken = {grid.index(tile) for tile in occupied if grid.in_bounds(tile)} & targets
        first = grid.index(from_tile)
        if self._nearest_version != grid.version or len(self._nearest) >= NEAREST_KEPT:
            self._nearest, self._nearest_version = {}, grid.version
        key = (first, address, frozenset(taken))
        if key in self._nearest:
            found = self._nearest[key]
        else:
            found = self._nearest[key] = first_reached(grid.adjacency, first, targets, taken)
        return None if found is None else grid.tile(found)

    def path_to(
        self, address: Address, from_tile: Tile, occupied: Collection[Tile] = frozenset()
    ) -> list[Tile] | None:
        """The path from `from_tile` to the nearest (free if possible) use tile of `address`."""
        goal = self.nearest_reachable_tile(address, from_tile, occupied)
        return None if goal is None else self.pathfinder.find_path(from_tile, goal)


def first_reached(
    adjacency: Sequence[tuple[int, ...]], first: int, targets: set[int], taken: set[int]
) -> int | None:
    """The first of `targets` met in a breadth-first search from index `first` (fixed order:
    `adjacency`'s) that is not `taken`, else the first met at all; None if none is reachable.
    Tiles are looked at as they join the queue — the order they would leave it — so the
    search stops before expanding the rest of the frontier (one tight loop: the main thread
    runs it for every decided place)."""
    first_taken: int | None = None
    unseen = len(targets)  # once every use tile was met (all taken), stop searching
    if first in targets:
        if first not in taken:
            return first
        first_taken, unseen = first, unseen - 1
        if unseen == 0:
            return first_taken
    seen = bytearray(len(adjacency))
    seen[first] = 1
    queue = [first]
    for index in queue:  # the list grows while it is walked: a queue that is never popped
        for near in adjacency[index]:
            if seen[near]:
                continue
            seen[near] = 1
            if near in targets:
                if near not in taken:
                    return near
                if first_taken is None:
                    first_taken = near
                unseen -= 1
                if unseen == 0:
                    return first_taken
            queue.append(near)
    return first_taken
