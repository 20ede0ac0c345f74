"""Building tiles: floors, wall caps, wall faces with windows, doors, fences and hedges.

The town is seen from above with a little tilt, the way a cosy top-down RPG shows it:
- a wall seen from above is a *cap* (`wall_cap_<sides>`, edge-aware like the terrain);
- a wall whose south side is open shows its *face*: a strip of cap on top and the wall below
  (`wall_ext_brick`, `wall_int_cream_window`, ...). Exterior faces are the street facades,
  interior faces are the wallpapered north walls of rooms.
"""

from __future__ import annotations

import random

import pygame

from assets.art_terrain import all_masks
from assets.palette import (
    BRICK,
    CARPET,
    GLASS,
    GRASS_DARK,
    LEAF,
    LEAF_DARK,
    OUTLINE,
    SIDING,
    TILE_FLOOR,
    WALL_CAP,
    WALLPAPER,
    WHITE,
    WOOD,
    WOOD_DARK,
    WOOD_FLOOR,
    WOOD_PALE,
    Ramp,
)
from assets.pixel import TILE, TileSheet, box, dot, hline, new_surface, rect, speckle, vline

CAP_HEIGHT = 5  # rows of cap drawn on top of every wall face


def wood_floor(rng: random.Random, wood: Ramp) -> pygame.Surface:
    tile = new_surface()
    tile.fill(wood.base)
    for i, y in enumerate(range(0, TILE, 4)):
        hline(tile, wood.lo, 0, y + 3, TILE)
        hline(tile, wood.hi, 0, y, TILE)
        seam = (i * 7 + 3) % TILE
        vline(tile, wood.lo, seam, y, 3)
    speckle(tile, rng, [wood.lo], 5)
    return tile


def tile_floor(rng: random.Random, tiles: Ramp, checker: bool) -> pygame.Surface:
    tile = new_surface()
    tile.fill(tiles.base)
    if checker:
        rect(tile, tiles.lo, 0, 0, 8, 8)
        rect(tile, tiles.lo, 8, 8, 8, 8)
    for y in (0, 8):
        hline(tile, tiles.lo if not checker else tiles.hi, 0, y, TILE)
        vline(tile, tiles.lo if not checker else tiles.hi, y, 0, TILE)
    for x, y in ((1, 1), (9, 9), (9, 1), (1, 9)):
        dot(tile, tiles.hi, x, y)
    speckle(tile, rng, [tiles.hi], 2)
    return tile


def carpet(rng: random.Random, fabric: Ramp) -> pygame.Surface:
    tile = new_surface()
    tile.fill(fabric.base)
    for y in range(0, TILE, 4):
        for x in range(0, TILE, 4):
            dot(tile, fabric.hi if (x + y) % 8 == 0 else fabric.lo, x + 1, y + 1)
    speckle(tile, rng, [fabric.lo], 6)
    return tile


def stage_floor(rng: random.Random) -> pygame.Surface:
    tile = wood_floor(rng, WOOD_DARK)
    for x in range(0, TILE, 8):
        dot(tile, WOOD_PALE.hi, x + 3, 2)
    return tile


def wall_cap(connected: dict[str, bool]) -> pygame.Surface:
    tile = new_surface()
    tile.fill(WALL_CAP.base)
    # a lighter top surface inset from the sides that end here
    inset = {side: 0 if connected[side] else 2 for side in "nesw"}
    rect(
        tile,
        WALL_CAP.hi,
        inset["w"],
        inset["n"],
        TILE - inset["w"] - inset["e"],
        TILE - inset["n"] - inset["s"],
    )
    if not connected["n"]:
        hline(tile, OUTLINE, 0, 0, TILE)
    if not connected["s"]:
        hline(tile, WALL_CAP.lo, 0, TILE - 2, TILE)
        hline(tile, OUTLINE, 0, TILE - 1, TILE)
    if not connected["w"]:
        vline(tile, OUTLINE, 0, 0, TILE)
    if not connected["e"]:
        vline(tile, WALL_CAP.lo, TILE - 2, 0, TILE)
        vline(tile, OUTLINE, TILE - 1, 0, TILE)
    return tile


def cap_strip(tile: pygame.Surface) -> None:
    rect(tile, WALL_CAP.hi, 0, 0, TILE, CAP_HEIGHT)
    hline(tile, OUTLINE, 0, 0, TILE)
    hline(tile, WALL_CAP.base, 0, CAP_HEIGHT - 2, TILE)
    hline(tile, OUTLINE, 0, CAP_HEIGHT - 1, TILE)


def brick_face() -> pygame.Surface:
    tile = new_surface()
    tile.fill(BRICK.base)
    for row, y in enumerate(range(CAP_HEIGHT, TILE - 2, 3)):
        hline(tile, BRICK.lo, 0, y + 2, TILE)
        hline(tile, BRICK.hi, 0, y, TILE)
        for x in range((row % 2) * 4, TILE, 8):
            vline(tile, BRICK.lo, x, y, 2)
    return tile


def siding_face(siding: Ramp) -> pygame.Surface:
    tile = new_surface()
    tile.fill(siding.base)
    for y in range(CAP_HEIGHT, TILE - 2, 3):
        hline(tile, siding.hi, 0, y, TILE)
        hline(tile, siding.lo, 0, y + 2, TILE)
    return tile


def wallpaper_face(paper: Ramp, pattern: int) -> pygame.Surface:
    tile = new_surface()
    tile.fill(paper.base)
    for x in range(2, TILE, 4):
        if pattern == 0:
            vline(tile, paper.hi, x, CAP_HEIGHT + 1, TILE - CAP_HEIGHT - 4)
        else:
            for y in range(CAP_HEIGHT + 2, TILE - 3, 4):
                dot(tile, paper.lo, x + (y // 4) % 2, y)
    # wainscot and skirting board
    rect(tile, WOOD.base, 0, TILE - 4, TILE, 3)
    hline(tile, WOOD.hi, 0, TILE - 4, TILE)
    hline(tile, WOOD_DARK.lo, 0, TILE - 1, TILE)
    return tile


def finish_face(tile: pygame.Surface, exterior: bool) -> pygame.Surface:
    cap_strip(tile)
    if exterior:
        rect(tile, WALL_CAP.lo, 0, TILE - 2, TILE, 1)
        hline(tile, OUTLINE, 0, TILE - 1, TILE)
    return tile


def with_window(face: pygame.Surface, exterior: bool) -> pygame.Surface:
    tile = face.copy()
    x, y, w, h = 3, CAP_HEIGHT + 1, 10, 7
    box(tile, GLASS, x, y, w, h)
    rect(tile, GLASS.hi, x + 2, y + 2, 2, 2)
    vline(tile, WHITE, x + w // 2, y + 1, h - 2)
    hline(tile, WHITE, x + 1, y + 3, w - 2)
    rect(tile, WHITE if exterior else WOOD_PALE.base, x - 1, y + h, w + 2, 2)
    hline(tile, OUTLINE, x - 1, y + h + 1, w + 2)
    if exterior:  # a little flower box under street windows
        for i, fx in enumerate(range(x + 1, x + w - 1, 2)):
            dot(tile, (LEAF.base if i % 2 else (226, 88, 82, 255)), fx, y + h - 1)
    return tile


def door(panel: Ramp, glass: bool) -> pygame.Surface:
    tile = new_surface()
    tile.fill(WALL_CAP.lo)
    cap_strip(tile)
    box(tile, WOOD_DARK, 1, CAP_HEIGHT - 1, 14, TILE - CAP_HEIGHT + 1)
    box(tile, panel, 3, CAP_HEIGHT + 1, 10, TILE - CAP_HEIGHT - 1)
    if glass:
        box(tile, GLASS, 5, CAP_HEIGHT + 2, 6, 5)
        dot(tile, GLASS.hi, 6, CAP_HEIGHT + 3)
    else:
        rect(tile, panel.lo, 5, CAP_HEIGHT + 3, 6, 1)
        rect(tile, panel.lo, 5, CAP_HEIGHT + 6, 6, 1)
    dot(tile, (246, 206, 86, 255), 11, CAP_HEIGHT + 6)
    return tile


def open_doorway(floor: Ramp) -> pygame.Surface:
    tile = wood_floor(random.Random(5), floor)
    cap_strip(tile)
    rect(tile, WOOD_DARK.base, 0, CAP_HEIGHT, 2, TILE - CAP_HEIGHT)
    rect(tile, WOOD_DARK.base, TILE - 2, CAP_HEIGHT, 2, TILE - CAP_HEIGHT)
    vline(tile, OUTLINE, 2, CAP_HEIGHT, TILE - CAP_HEIGHT)
    vline(tile, OUTLINE, TILE - 3, CAP_HEIGHT, TILE - CAP_HEIGHT)
    return tile


def side_doorway(floor: Ramp) -> pygame.Surface:
    tile = wood_floor(random.Random(6), floor)
    rect(tile, WALL_CAP.hi, 0, 0, TILE, 2)
    hline(tile, OUTLINE, 0, 2, TILE)
    rect(tile, WALL_CAP.base, 0, TILE - 3, TILE, 2)
    hline(tile, OUTLINE, 0, TILE - 1, TILE)
    return tile


def fence(connected: dict[str, bool]) -> pygame.Surface:
    tile = new_surface()
    if connected["w"] or connected["e"]:
        x0 = 0 if connected["w"] else 6
        x1 = TILE if connected["e"] else 10
        for y in (6, 10):
            rect(tile, OUTLINE, x0, y - 1, x1 - x0, 3)
            hline(tile, WOOD_PALE.base, x0, y, x1 - x0)
        for x in range(x0 + 1, x1 - 1, 4):
            rect(tile, OUTLINE, x - 1, 2, 4, 12)
            rect(tile, WHITE, x, 3, 2, 10)
            dot(tile, WOOD_PALE.lo, x + 1, 12)
    if connected["n"] or connected["s"]:
        y0 = 0 if connected["n"] else 6
        y1 = TILE if connected["s"] else 10
        rect(tile, OUTLINE, 6, y0, 4, y1 - y0)
        rect(tile, WHITE, 7, y0, 2, y1 - y0)
        for y in range(y0 + 2, y1, 5):
            hline(tile, WOOD_PALE.lo, 7, y, 2)
    rect(tile, OUTLINE, 5, 1, 6, 14)
    rect(tile, WHITE, 6, 2, 4, 12)
    vline(tile, WOOD_PALE.lo, 9, 3, 11)
    hline(tile, WOOD_PALE.hi, 6, 2, 4)
    return tile


def hedge(connected: dict[str, bool], rng: random.Random) -> pygame.Surface:
    tile = new_surface()
    x0 = 0 if connected["w"] else 1
    x1 = TILE if connected["e"] else TILE - 1
    y0 = 0 if connected["n"] else 2
    y1 = TILE if connected["s"] else TILE - 1
    rect(tile, OUTLINE, x0, y0, x1 - x0, y1 - y0)
    rect(
        tile,
        LEAF_DARK.base,
        x0 + (0 if connected["w"] else 1),
        y0 + (0 if connected["n"] else 1),
        x1 - x0 - (0 if connected["w"] else 1) - (0 if connected["e"] else 1),
        y1 - y0 - (0 if connected["n"] else 1) - (0 if connected["s"] else 1),
    )
    for _ in range(14):
        x, y = rng.randrange(x0 + 1, x1 - 2), rng.randrange(y0 + 1, max(y0 + 2, y1 - 4))
        rect(tile, LEAF.base, x, y, 2, 2)
        dot(tile, LEAF.hi, x, y)
    if not connected["s"]:
        hline(tile, LEAF_DARK.lo, x0 + 1, y1 - 2, x1 - x0 - 2)
    speckle(tile, rng, [GRASS_DARK.lo], 3, (x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2))
    for corner in ((x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)):
        cx, cy = corner
        if not (connected["w"] if cx == x0 else connected["e"]) and not (
            connected["n"] if cy == y0 else connected["s"]
        ):
            tile.set_at(corner, (0, 0, 0, 0))
    return tile


def add_buildings(sheet: TileSheet) -> None:
    rng = random.Random(2)
    for name, wood in WOOD_FLOOR.items():
        sheet.add(f"floor_wood_{name}", wood_floor(rng, wood))
    sheet.add("floor_tile_white", tile_floor(rng, TILE_FLOOR["white"], checker=False))
    sheet.add("floor_tile_blue", tile_floor(rng, TILE_FLOOR["blue"], checker=False))
    sheet.add("floor_checker", tile_floor(rng, TILE_FLOOR["checker"], checker=True))
    for name, fabric in CARPET.items():
        sheet.add(f"carpet_{name}", carpet(rng, fabric))
    sheet.add("stage", stage_floor(rng))
    for suffix, same in all_masks():
        sheet.add(f"wall_cap_{suffix}", wall_cap(same))
    exterior_faces = {"brick": brick_face()} | {
        name: siding_face(siding) for name, siding in SIDING.items()
    }
    for name, face in exterior_faces.items():
        sheet.add(f"wall_ext_{name}", finish_face(face.copy(), exterior=True))
        sheet.add(f"wall_ext_{name}_window", with_window(finish_face(face, True), exterior=True))
    for name, paper in WALLPAPER.items():
        face = wallpaper_face(paper, pattern=len(name) % 2)
        sheet.add(f"wall_int_{name}", finish_face(face.copy(), exterior=False))
        sheet.add(f"wall_int_{name}_window", with_window(finish_face(face, False), False))
    sheet.add("door_wood", door(WOOD, glass=False))
    sheet.add("door_red", door(Ramp(*[(c[0], c[1], c[2], 255) for c in BRICK]), glass=False))
    sheet.add("door_blue", door(SIDING["blue"], glass=True))
    sheet.add("door_green", door(SIDING["sage"], glass=True))
    sheet.add("door_glass", door(GLASS, glass=True))
    sheet.add("doorway", open_doorway(WOOD_FLOOR["light"]))
    sheet.add("doorway_side", side_doorway(WOOD_FLOOR["light"]))
    for suffix, same in all_masks():
        sheet.add(f"fence_{suffix}", fence(same))
    for suffix, same in all_masks():
        sheet.add(f"hedge_{suffix}", hedge(same, rng))
