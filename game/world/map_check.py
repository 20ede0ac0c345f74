"""The checks behind `smallville map-check`: load a map, count its places, and find objects
that some resident could never walk up to."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.world.address import Address
from game.world.area_text import english_list
from game.world.grid import UNREACHABLE
from game.world.navigation import Navigator
from game.world.tmx.loader import MapError, load_town
from game.world.town import TownMap

# the problems `smallville map-init` can fix (see game.world.tmx.layout)
INITIALISABLE = ("missing tile layer", "missing object layer", "map property 'world'")


@dataclass(slots=True)
class MapReport:
    """What map-check found. `ok` when there are neither errors nor unreachable objects."""

    width: int = 0
    height: int = 0
    sectors: int = 0
    arenas: int = 0
    objects: int = 0
    residents_placed: int = 0
    unreachable: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.unreachable

    def to_json(self) -> dict[str, Any]:
        return {
            "width": self.width,
            "height": self.height,
            "sectors": self.sectors,
            "arenas": self.arenas,
            "objects": self.objects,
            "residents_placed": self.residents_placed,
            "unreachable": list(self.unreachable),
            "errors": list(self.errors),
        }

    def to_text(self, path: Path) -> str:
        if self.errors:
            count = len(self.errors)
            plural = "problem" if count == 1 else "problems"
            lines = [f"{path}: the map cannot be used ({count} {plural}):"]
            lines += [f"  - {error}" for error in self.errors]
            if any(error.startswith(INITIALISABLE) for error in self.errors):
                lines.append(
                    f"`smallville map-init {path}` adds the missing layers and the world "
                    "property (empty, with a backup of the map)."
                )
            return "\n".join(lines)
        lines = [
            f"{path}: {self.width}×{self.height} tiles, {self.sectors} sectors, "
            f"{self.arenas} arenas, {self.objects} objects, "
            f"{self.residents_placed} residents placed."
        ]
        if self.unreachable:
            lines.append(f"{len(self.unreachable)} objects cannot be reached:")
            lines += [f"  - {item}" for item in self.unreachable]
        else:
            lines.append("Every object can be reached from every spawn.")
        return "\n".join(lines)


def check_map(path: str | Path) -> MapReport:
    """Load and check the map at `path`; problems land in the report, never raised."""
    try:
        town = load_town(path)
    except MapError as error:
        return MapReport(errors=list(error.problems))
    tree = town.tree
    return MapReport(
        width=town.width,
        height=town.height,
        sectors=len(tree.sectors),
        arenas=sum(1 for _ in tree.arenas()),
        objects=sum(1 for _ in tree.objects()),
        residents_placed=len(town.residents()),
        unreachable=[
            describe_unreachable(address, names, len(town.spawns))
            for address, names in unreachable_objects(town).items()
        ],
    )


def unreachable_objects(town: TownMap) -> dict[Address, list[str]]:
    """Objects with no walkable neighbour reachable from some spawn → those spawns' names.
    One breadth-first search per spawn, whatever the number of objects."""
    navigator = Navigator(town.tree, town.grid)
    use_tiles = {obj.address: navigator.use_tiles(obj.address) for obj in town.tree.objects()}
    blocked_from: dict[Address, list[str]] = {}
    for spawn in town.spawns.values():
        distances = town.grid.distances_from(spawn.tile)
        for address, tiles in use_tiles.items():
            if all(distances[town.grid.index(tile)] == UNREACHABLE for tile in tiles):
                blocked_from.setdefault(address, []).append(spawn.name)
    return blocked_from


def describe_unreachable(address: Address, spawn_names: list[str], spawn_count: int) -> str:
    """ "stove, kitchen, Lin family's house — not reachable from Visitor and Eddy Lin"."""
    if len(spawn_names) == spawn_count:
        return f"{address.describe()} — not reachable from any spawn"
    return f"{address.describe()} — not reachable from {english_list(spawn_names)}"
