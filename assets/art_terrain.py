"""Terrain tiles: grass, flowers, roads, sidewalks, paths, water, sand, soil and plaza stone.

Edge-aware terrain (roads, paths, water) comes in 16 variants named by which of its four
neighbours are the same terrain, e.g. `water_nesw` (open water), `water_es` (a corner whose
north and west sides are shore), `water_o` (a single puddle). `edge_suffix` builds the suffix.
"""

from __future__ import annotations

import random

import pygame

from assets.palette import (
    ASPHALT,
    COBBLE,
    DIRT,
    FLOWERS,
    GRASS,
    GRASS_DARK,
    LEAF,
    OUTLINE,
    PAVING,
    ROAD_PAINT,
    SAND,
    SOIL,
    WATER,
    WATER_DEEP,
    WHITE,
    Color,
    Ramp,
)
from assets.pixel import TILE, TileSheet, dot, hline, new_surface, rect, speckle, vline

SIDES = "nesw"


def edge_suffix(north: bool, east: bool, south: bool, west: bool) -> str:
    """The name suffix for an edge-aware tile: the letters of the sides that continue."""
    letters = "".join(s for s, same in zip(SIDES, (north, east, south, west), strict=True) if same)
    return letters or "o"


def all_masks() -> list[tuple[str, dict[str, bool]]]:
    masks = []
    for bits in range(16):
        same = {side: bool(bits & (1 << i)) for i, side in enumerate(SIDES)}
        masks.append((edge_suffix(same["n"], same["e"], same["s"], same["w"]), same))
    return masks


def grass(rng: random.Random, tufts: int = 3) -> pygame.Surface:
    tile = new_surface()
    tile.fill(GRASS.base)
    speckle(tile, rng, [GRASS.hi, GRASS_DARK.base], 14)
    for _ in range(tufts):
        x, y = rng.randrange(1, 14), rng.randrange(2, 15)
        dot(tile, GRASS_DARK.lo, x, y)
        dot(tile, GRASS_DARK.lo, x + 2, y)
        dot(tile, GRASS_DARK.base, x + 1, y - 1)
        dot(tile, GRASS.hi, x + 1, y - 2)
    return tile


def flower(tile: pygame.Surface, color: Ramp, x: int, y: int) -> None:
    dot(tile, GRASS_DARK.lo, x, y + 2)
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        dot(tile, color.base, x + dx, y + dy)
    dot(tile, color.lo, x + 1, y + 1)
    dot(tile, FLOWERS["yellow"].hi if color is not FLOWERS["yellow"] else WHITE, x, y)


def grass_with_flowers(rng: random.Random, colors: list[Ramp]) -> pygame.Surface:
    tile = grass(rng, tufts=1)
    spots = [(3, 3), (11, 4), (6, 9), (13, 11), (2, 13), (9, 14)]
    rng.shuffle(spots)
    for (x, y), color in zip(spots[:4], colors * 2, strict=False):
        flower(tile, color, x + rng.randrange(-1, 2), y + rng.randrange(-1, 1))
    return tile


def asphalt(rng: random.Random) -> pygame.Surface:
    tile = new_surface()
    tile.fill(ASPHALT.base)
    speckle(tile, rng, [ASPHALT.hi, ASPHALT.lo], 18)
    return tile


def road(rng: random.Random, same: dict[str, bool]) -> pygame.Surface:
    """Asphalt with a dark gutter and a curb shadow on every side that is not road."""
    tile = asphalt(rng)
    if not same["n"]:
        hline(tile, OUTLINE, 0, 0, TILE)
        hline(tile, ASPHALT.lo, 0, 1, TILE)
    if not same["s"]:
        hline(tile, ASPHALT.lo, 0, 14, TILE)
        hline(tile, OUTLINE, 0, 15, TILE)
    if not same["w"]:
        vline(tile, OUTLINE, 0, 0, TILE)
        vline(tile, ASPHALT.lo, 1, 0, TILE)
    if not same["e"]:
        vline(tile, ASPHALT.lo, 14, 0, TILE)
        vline(tile, OUTLINE, 15, 0, TILE)
    return tile


def sidewalk(rng: random.Random, offset: int) -> pygame.Surface:
    tile = new_surface()
    tile.fill(PAVING.base)
    speckle(tile, rng, [PAVING.hi, PAVING.lo], 10)
    for y in (0, 8):
        hline(tile, PAVING.lo, 0, y, TILE)
        hline(tile, PAVING.hi, 0, y + 1, TILE)
        x = (offset + (4 if y else 0)) % 8
        for xx in (x, x + 8):
            vline(tile, PAVING.lo, xx % TILE, y, 8)
    return tile


def cobble(rng: random.Random) -> pygame.Surface:
    tile = new_surface()
    tile.fill(COBBLE.lo)
    for row in range(4):
        shift = 2 if row % 2 else 0
        for col in range(-1, 4):
            x, y = col * 4 + shift, row * 4
            rect(tile, COBBLE.base, x + 1, y + 1, 3, 3)
            dot(tile, COBBLE.hi, x + 1, y + 1)
    speckle(tile, rng, [PAVING.base], 4)
    return tile


def edged_patch(
    rng: random.Random, same: dict[str, bool], fill: Ramp, rim: Color, lip: Color
) -> pygame.Surface:
    """A patch of one terrain with a grassy lip and a rim on the sides that are not the same."""
    tile = new_surface()
    tile.fill(fill.base)
    speckle(tile, rng, [fill.hi, fill.lo], 10)
    depth = 2
    if not same["n"]:
        rect(tile, lip, 0, 0, TILE, depth)
        hline(tile, rim, 0, depth, TILE)
    if not same["s"]:
        rect(tile, lip, 0, TILE - depth, TILE, depth)
        hline(tile, rim, 0, TILE - depth - 1, TILE)
    if not same["w"]:
        rect(tile, lip, 0, 0, depth, TILE)
        vline(tile, rim, depth, 0, TILE)
    if not same["e"]:
        rect(tile, lip, TILE - depth, 0, depth, TILE)
        vline(tile, rim, TILE - depth - 1, 0, TILE)
    # round the outer corners
    corners = {
        ("n", "w"): (0, 0, 1, 1),
        ("n", "e"): (TILE - 1, 0, -1, 1),
        ("s", "w"): (0, TILE - 1, 1, -1),
        ("s", "e"): (TILE - 1, TILE - 1, -1, -1),
    }
    for (a, b), (cx, cy, dx, dy) in corners.items():
        if not same[a] and not same[b]:
            for i, j in ((2, 0), (0, 2), (2, 1), (1, 2), (2, 2)):
                dot(tile, lip, cx + dx * i, cy + dy * j)
            for i, j in ((3, 2), (2, 3)):
                dot(tile, rim, cx + dx * i, cy + dy * j)
    return tile


def water(rng: random.Random, same: dict[str, bool]) -> pygame.Surface:
    tile = edged_patch(rng, same, WATER, WATER.hi, SAND.base)
    interior_open = all(same.values())
    deep = WATER_DEEP.base
    for _ in range(2 if interior_open else 1):
        x, y = rng.randrange(3, 10), rng.randrange(4, 12)
        hline(tile, WATER.hi, x, y, 3)
        hline(tile, deep, x + 1, y + 1, 3)
    for side, (x, y, _w, h) in {
        "n": (0, 3, TILE, 1),
        "s": (0, 12, TILE, 1),
        "w": (3, 0, 1, TILE),
        "e": (12, 0, 1, TILE),
    }.items():
        if not same[side]:
            for i in range(0, TILE, 3):
                px, py = (x + i, y) if h == 1 else (x, y + i)
                if 3 <= px <= 12 or 3 <= py <= 12:
                    dot(tile, WATER.hi, px, py)
    return tile


def water_with_lily(rng: random.Random) -> pygame.Surface:
    tile = water(rng, {side: True for side in SIDES})
    for x, y in ((4, 5), (10, 10)):
        pygame.draw.circle(tile, LEAF.base, (x, y), 3)
        dot(tile, LEAF.hi, x - 1, y - 1)
        dot(tile, WATER.base, x + 2, y)
        dot(tile, WATER.base, x + 1, y)
    dot(tile, FLOWERS["pink"].base, 4, 4)
    dot(tile, FLOWERS["white"].base, 5, 4)
    return tile


def soil_rows(rng: random.Random, crop: str | None) -> pygame.Surface:
    """Tilled garden soil, optionally with a crop growing in its rows."""
    tile = new_surface()
    tile.fill(SOIL.base)
    for y in (3, 11):
        hline(tile, SOIL.lo, 0, y + 2, TILE)
        hline(tile, SOIL.hi, 0, y - 1, TILE)
    speckle(tile, rng, [SOIL.lo, DIRT.lo], 8)
    if crop is None:
        return tile
    for y in (3, 11):
        for x in (3, 8, 13):
            if crop == "sprouts":
                dot(tile, LEAF.hi, x, y)
                dot(tile, LEAF.base, x - 1, y - 1)
                dot(tile, LEAF.base, x + 1, y - 1)
            elif crop == "cabbage":
                rect(tile, LEAF.lo, x - 2, y - 2, 5, 4)
                rect(tile, LEAF.hi, x - 1, y - 2, 3, 2)
                dot(tile, LEAF.base, x, y - 1)
            else:  # carrots
                dot(tile, FLOWERS["orange"].base, x, y)
                vline(tile, LEAF.base, x, y - 3, 3)
                dot(tile, LEAF.hi, x - 1, y - 3)
                dot(tile, LEAF.hi, x + 1, y - 3)
    return tile


def plain(rng: random.Random, fill: Ramp, specks: int) -> pygame.Surface:
    tile = new_surface()
    tile.fill(fill.base)
    speckle(tile, rng, [fill.hi, fill.lo], specks)
    return tile


def crosswalk(rng: random.Random, vertical_bars: bool) -> pygame.Surface:
    tile = asphalt(rng)
    for i in (2, 9):
        if vertical_bars:
            rect(tile, WHITE, i, 1, 5, 14)
        else:
            rect(tile, WHITE, 1, i, 14, 5)
    return tile


def road_with_line(rng: random.Random, horizontal: bool) -> pygame.Surface:
    tile = asphalt(rng)
    for i in (1, 9):
        if horizontal:
            rect(tile, ROAD_PAINT, i, 7, 6, 2)
        else:
            rect(tile, ROAD_PAINT, 7, i, 2, 6)
    return tile


def add_terrain(sheet: TileSheet) -> None:
    rng = random.Random(1)
    for i in range(1, 5):
        sheet.add(f"grass_{i}", grass(rng, tufts=i - 1))
    sheet.add("grass_dark", plain(rng, GRASS_DARK, 20))
    palettes = {
        "red": [FLOWERS["red"], FLOWERS["white"]],
        "yellow": [FLOWERS["yellow"], FLOWERS["white"]],
        "purple": [FLOWERS["purple"], FLOWERS["pink"]],
        "mixed": [FLOWERS["red"], FLOWERS["yellow"], FLOWERS["purple"], FLOWERS["white"]],
    }
    for name, colors in palettes.items():
        sheet.add(f"grass_flowers_{name}", grass_with_flowers(rng, colors))
    for suffix, same in all_masks():
        sheet.add(f"road_{suffix}", road(rng, same))
    sheet.add("road_line_h", road_with_line(rng, horizontal=True))
    sheet.add("road_line_v", road_with_line(rng, horizontal=False))
    sheet.add("crosswalk_h", crosswalk(rng, vertical_bars=True))
    sheet.add("crosswalk_v", crosswalk(rng, vertical_bars=False))
    sheet.add("sidewalk_1", sidewalk(rng, 0))
    sheet.add("sidewalk_2", sidewalk(rng, 4))
    sheet.add("cobble", cobble(rng))
    for suffix, same in all_masks():
        sheet.add(f"path_{suffix}", edged_patch(rng, same, DIRT, DIRT.lo, GRASS.base))
    for suffix, same in all_masks():
        sheet.add(f"water_{suffix}", water(rng, same))
    sheet.add("water_lily", water_with_lily(rng))
    sheet.add("sand_1", plain(rng, SAND, 16))
    sheet.add("sand_2", plain(rng, SAND, 28))
    sheet.add("dirt", plain(rng, DIRT, 20))
    sheet.add("soil", soil_rows(rng, None))
    for crop in ("sprouts", "cabbage", "carrots"):
        sheet.add(f"soil_{crop}", soil_rows(rng, crop))
    sheet.add("collision", collision_marker())


def collision_marker() -> pygame.Surface:
    """The tile the hidden collision layer uses: a translucent red cross."""
    tile = new_surface()
    tile.fill((220, 60, 60, 90))
    for i in range(TILE):
        dot(tile, (220, 40, 40, 200), i, i)
        dot(tile, (220, 40, 40, 200), TILE - 1 - i, i)
    return tile
