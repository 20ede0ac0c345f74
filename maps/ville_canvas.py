"""The town as it is being drawn: terrain, tile layers, blocked cells and the named areas.

`TownCanvas` is a plain grid model. Painters mark terrain kinds ("grass", "road", "water"...)
and put named tiles on the layers; `resolve_ground()` turns the terrain kinds into edge-aware
tile names at the end. `ville_tmx.write_tmx` turns a finished canvas into Tiled XML.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

Cell = tuple[int, int]
PropertyValue = str | int | bool
TILE_LAYERS = ("ground", "walls", "furniture", "overhead")

# terrain kinds that are drawn edge-aware, and which neighbours count as "the same" for each
EDGE_FAMILIES: dict[str, set[str]] = {
    "road": {"road", "road_line_h", "road_line_v", "crosswalk_h", "crosswalk_v"},
    "water": {"water", "water_lily"},
    "path": {"path", "sidewalk", "cobble", "road", "door", "crosswalk_h", "crosswalk_v"},
}
GRASS_WEIGHTS = [("grass_1", 60), ("grass_2", 18), ("grass_3", 10), ("grass_4", 6)]
FLOWER_GRASS = ["grass_flowers_red", "grass_flowers_yellow", "grass_flowers_purple"]


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    def cells(self) -> list[Cell]:
        return [
            (x, y) for y in range(self.y, self.y + self.h) for x in range(self.x, self.x + self.w)
        ]

    def contains(self, cell: Cell) -> bool:
        x, y = cell
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    @property
    def right(self) -> int:
        return self.x + self.w - 1

    @property
    def bottom(self) -> int:
        return self.y + self.h - 1


@dataclass
class Area:
    """A sector rectangle (arena is None) or an arena rectangle on the `areas` layer."""

    sector: str
    arena: str | None
    rect: Rect
    properties: dict[str, PropertyValue] = field(default_factory=dict)


@dataclass
class GameObject:
    name: str
    rect: Rect
    properties: dict[str, PropertyValue] = field(default_factory=dict)


@dataclass
class Spawn:
    name: str
    cell: Cell
    properties: dict[str, PropertyValue] = field(default_factory=dict)


class TownCanvas:
    def __init__(self, width: int, height: int, seed: int = 7) -> None:
        self.width = width
        self.height = height
        self.rng = random.Random(seed)
        self.terrain: list[list[str]] = [["grass"] * width for _ in range(height)]
        self.layers: dict[str, list[list[str | None]]] = {
            name: [[None] * width for _ in range(height)] for name in TILE_LAYERS
        }
        self.blocked: set[Cell] = set()
        self.occupied: set[Cell] = set()  # anything placed here (blocking or not)
        self.indoor: set[Cell] = set()  # cells inside a building's outer rectangle
        self.areas: list[Area] = []
        self.objects: list[GameObject] = []
        self.spawns: list[Spawn] = []

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def paint(self, kind: str, rect: Rect) -> None:
        """Set the terrain kind of every cell of a rectangle (clipped to the map)."""
        for x, y in rect.cells():
            if self.inside((x, y)):
                self.terrain[y][x] = kind

    def put(self, layer: str, cell: Cell, tile: str, block: bool = False) -> None:
        x, y = cell
        if not self.inside(cell):
            return
        self.layers[layer][y][x] = tile
        if block:
            self.blocked.add(cell)
        if layer in ("walls", "furniture"):
            self.occupied.add(cell)

    def is_free(self, cell: Cell) -> bool:
        """Outdoors, walkable ground with nothing standing on it."""
        x, y = cell
        return (
            self.inside(cell)
            and cell not in self.occupied
            and cell not in self.blocked
            and cell not in self.indoor
            and self.terrain[y][x] in ("grass", "flowers")
        )

    def add_object(self, name: str, rect: Rect, **properties: PropertyValue) -> None:
        self.objects.append(GameObject(name, rect, {"state": "idle", **properties}))

    def walkable(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.blocked

    def resolve_ground(self) -> None:
        """Turn terrain kinds into tile names on the ground layer (edge-aware where needed)."""
        for y in range(self.height):
            for x in range(self.width):
                kind = self.terrain[y][x]
                if kind == "water":
                    self.blocked.add((x, y))
                if self.layers["ground"][y][x] is not None or kind == "indoor":
                    continue
                self.layers["ground"][y][x] = self._ground_tile(kind, x, y)

    def _ground_tile(self, kind: str, x: int, y: int) -> str:
        if kind == "grass":
            names, weights = zip(*GRASS_WEIGHTS, strict=True)
            return self.rng.choices(names, weights)[0]
        if kind == "flowers":
            return self.rng.choice(FLOWER_GRASS)
        if kind == "sidewalk":
            return "sidewalk_1" if (x + y) % 2 else "sidewalk_2"
        if kind == "sand":
            return self.rng.choice(["sand_1", "sand_2"])
        if kind in EDGE_FAMILIES:
            family = EDGE_FAMILIES[kind]
            same = [
                self.inside((x + dx, y + dy)) is False or self.terrain[y + dy][x + dx] in family
                for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
            ]
            letters = "".join(s for s, ok in zip("nesw", same, strict=True) if ok) or "o"
            if kind == "water" and letters == "nesw" and self.rng.random() < 0.06:
                return "water_lily"
            return f"{kind}_{letters}"
        return kind  # a tile name used directly (floors, cobble, soil, crosswalks...)
