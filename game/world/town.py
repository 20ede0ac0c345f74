"""The loaded town: map size, walkable grid, area tree, spawn points and the map's art."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from game.world.address import Address
from game.world.areas import AreaTree
from game.world.grid import Tile, WalkableGrid
from game.world.map_art import MapArt

VISITOR = "Visitor"
"""The name of the player's spawn point."""


@dataclass(frozen=True, slots=True)
class Spawn:
    """Where someone starts: a resident (with home and workplace) or the visitor."""

    name: str
    tile: Tile
    home: Address | None = None
    work: Address | None = None

    @property
    def is_visitor(self) -> bool:
        return self.name == VISITOR


@dataclass(slots=True)
class TownMap:
    """Everything read from a .tmx file (see maps/README.md), parsed once. `art` is what the
    renderer draws (tile layers as plain data); the rest is the world's model."""

    path: Path
    world: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    grid: WalkableGrid
    tree: AreaTree
    spawns: dict[str, Spawn]
    art: MapArt

    def copy(self) -> TownMap:
        """An equal map of its own: its grid, area tree and spawns copied (the art is frozen)."""
        return replace(self, grid=self.grid.copy(), tree=self.tree.copy(), spawns=dict(self.spawns))

    def residents(self) -> list[Spawn]:
        """Every spawn except the visitor's, in map order."""
        return [spawn for spawn in self.spawns.values() if not spawn.is_visitor]

    @property
    def visitor(self) -> Spawn | None:
        return self.spawns.get(VISITOR)
