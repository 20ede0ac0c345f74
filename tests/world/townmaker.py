"""Writes small Tiled maps for tests: a .tmx, a one-image .tsx and a tiny PNG.

`TownSpec.small()` is a 24×16 town with four sectors; tests change a copy of it (drop a
layer, move an object, add a duplicate) and `write(folder)` it to disk.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

TILE = 16
Rect = tuple[int, int, int, int]


@dataclass
class Thing:
    """One object on an object layer: a rectangle (tiles) or a point (w = h = 0)."""

    name: str
    rect: Rect
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class TownSpec:
    width: int
    height: int
    walls: set[tuple[int, int]]
    areas: list[Thing]
    objects: list[Thing]
    spawns: list[Thing]
    world: str | None = "Test Ville"
    tile_layers: tuple[str, ...] = ("ground", "walls", "furniture", "overhead", "collision")
    object_layers: tuple[str, ...] = ("areas", "objects", "spawns")
    tileset_source: str = "tiny.tsx"
    tile_count: int = 4
    extra_gids: dict[tuple[int, int], int] = field(default_factory=dict)

    @classmethod
    def small(cls) -> TownSpec:
        walls: set[tuple[int, int]] = set()
        walls |= outline(1, 1, 10, 7, doors={(3, 7)})
        walls |= {(6, y) for y in range(2, 7) if y != 4}
        walls |= outline(13, 1, 8, 6, doors={(16, 6)})
        walls |= outline(13, 9, 6, 6, doors={(15, 9)})
        lin, cafe = "Lin family's house", "Hobbs Cafe"
        areas = [
            Thing("", (1, 1, 10, 7), {"sector": lin, "kind": "home"}),
            Thing("kitchen", (2, 2, 4, 5), {"sector": lin, "arena": "kitchen"}),
            Thing("bedroom", (7, 2, 3, 5), {"sector": lin, "arena": "bedroom"}),
            Thing(
                "", (13, 1, 8, 6), {"sector": cafe, "kind": "public", "open_hours": "08:00-17:00"}
            ),
            Thing("cafe", (14, 2, 6, 4), {"sector": cafe, "arena": "cafe", "capacity": 10}),
            Thing("", (1, 10, 8, 5), {"sector": "Johnson Park", "kind": "nature"}),
            Thing("garden", (1, 10, 8, 5), {"sector": "Johnson Park", "arena": "park garden"}),
            Thing("", (13, 9, 6, 6), {"sector": "Moore family's house", "kind": "home"}),
            Thing("b", (14, 10, 4, 4), {"sector": "Moore family's house", "arena": "bedroom"}),
        ]
        objects = [
            Thing("stove", (2, 2, 1, 1), {"state": "idle"}),
            Thing("refrigerator", (3, 2, 1, 1), {"state": "idle"}),
            Thing("counter", (4, 2, 2, 1), {"state": "idle"}),
            Thing("sink", (2, 4, 1, 1), {"state": "idle"}),
            Thing("bed", (8, 2, 2, 2), {"state": "made", "one_person": True}),
            Thing("desk", (9, 6, 1, 1), {"state": "idle"}),
            Thing("counter", (14, 2, 3, 1), {"state": "idle"}),
            Thing("coffee machine", (18, 2, 1, 1), {"state": "off"}),
            Thing("customer table", (17, 4, 1, 1), {"state": "idle", "capacity": 4}),
            Thing("bench", (3, 11, 2, 1), {"state": "idle"}),
            Thing("pond", (6, 12, 2, 2), {"state": "calm"}),
            Thing("bed", (16, 12, 2, 1), {"state": "made"}),
        ]
        resident = {"home_sector": lin, "home_arena": "bedroom", "work_sector": cafe}
        spawns = [
            Thing("John Lin", (12, 8, 0, 0), {**resident, "work_arena": "cafe"}),
            Thing(
                "Sam Moore",
                (22, 12, 0, 0),
                {
                    "home_sector": "Moore family's house",
                    "home_arena": "bedroom",
                    "work_sector": "Johnson Park",
                },
            ),
            Thing("Visitor", (11, 15, 0, 0)),
        ]
        return cls(24, 16, walls, areas, objects, spawns)

    def blocked(self) -> set[tuple[int, int]]:
        furniture = {
            (x, y)
            for thing in self.objects
            for x in range(thing.rect[0], thing.rect[0] + thing.rect[2])
            for y in range(thing.rect[1], thing.rect[1] + thing.rect[3])
        }
        return self.walls | furniture

    def write(self, folder: Path, name: str = "town.tmx") -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        write_png(folder / "tiny.png", TILE * self.tile_count, TILE)
        (folder / "tiny.tsx").write_text(tileset_xml(self.tile_count), encoding="utf-8")
        path = folder / name
        path.write_text(self.tmx_xml(), encoding="utf-8")
        return path

    def tmx_xml(self) -> str:
        blocked = self.blocked()
        gids = {
            "ground": lambda tile: 1,
            "walls": lambda tile: 2 if tile in self.walls else 0,
            "furniture": lambda tile: 3 if tile in blocked - self.walls else 0,
            "overhead": lambda tile: 0,
            "collision": lambda tile: 4 if tile in blocked else 0,
        }
        world = "" if self.world is None else property_xml({"world": self.world})
        parts = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{self.width}" height="{self.height}" '
            f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0">',
            world,
            f'<tileset firstgid="1" source={quoteattr(self.tileset_source)}/>',
        ]
        for number, layer in enumerate(self.tile_layers, start=1):
            parts.append(self.layer_xml(number, layer, gids.get(layer, lambda tile: 0)))
        for number, layer in enumerate(self.object_layers, start=10):
            things = {"areas": self.areas, "objects": self.objects, "spawns": self.spawns}
            parts.append(group_xml(number, layer, things.get(layer, []), number * 100))
        parts.append("</map>")
        return "\n".join(part for part in parts if part)

    def layer_xml(self, number: int, name: str, gid_at: Any) -> str:
        rows = []
        for y in range(self.height):
            row = [self.extra_gids.get((x, y), gid_at((x, y))) for x in range(self.width)]
            rows.append(",".join(str(gid) for gid in row))
        data = ",\n".join(rows)
        return (
            f'<layer id="{number}" name="{name}" width="{self.width}" height="{self.height}">'
            f'<data encoding="csv">\n{data}\n</data></layer>'
        )


def outline(
    x: int, y: int, width: int, height: int, doors: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """The wall tiles around a rectangle, minus door gaps."""
    tiles = {(column, y) for column in range(x, x + width)}
    tiles |= {(column, y + height - 1) for column in range(x, x + width)}
    tiles |= {(x, row) for row in range(y, y + height)}
    tiles |= {(x + width - 1, row) for row in range(y, y + height)}
    return tiles - doors


def property_xml(properties: dict[str, Any]) -> str:
    if not properties:
        return ""
    lines = []
    for key, value in properties.items():
        kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else ""
        text = str(value).lower() if isinstance(value, bool) else str(value)
        type_attr = f' type="{kind}"' if kind else ""
        lines.append(f"<property name={quoteattr(key)}{type_attr} value={quoteattr(text)}/>")
    return "<properties>" + "".join(lines) + "</properties>"


def group_xml(number: int, name: str, things: list[Thing], first_id: int) -> str:
    objects = []
    for offset, thing in enumerate(things):
        x, y, width, height = thing.rect
        size = f' width="{width * TILE}" height="{height * TILE}"' if width and height else ""
        point = "" if width and height else "<point/>"
        name_attr = f" name={quoteattr(thing.name)}" if thing.name else ""
        # Tiled >= 1.9 writes class=, which pytmx leaves as obj.type None: the loader must not care.
        offset_px = 0 if size else TILE // 2
        objects.append(
            f'<object id="{first_id + offset}"{name_attr} class="area" '
            f'x="{x * TILE + offset_px}" y="{y * TILE + offset_px}"{size}>'
            f"{property_xml(thing.properties)}{point}</object>"
        )
    return f'<objectgroup id="{number}" name="{name}">' + "".join(objects) + "</objectgroup>"


def tileset_xml(tile_count: int) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" name="tiny" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{tile_count}" columns="{tile_count}">'
        f'<image source="tiny.png" width="{TILE * tile_count}" height="{TILE}"/></tileset>'
    )


def write_png(path: Path, width: int, height: int) -> None:
    """A grey RGB PNG, written without any imaging library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
    path.write_bytes(png + chunk(b"IEND", b""))
