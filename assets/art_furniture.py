"""Home furniture: beds, desks, chairs, closets, shelves, bathroom, kitchen and living room.

Furniture is drawn front-on with a tilt: the top surface is the lighter band at the top of the
piece, the front face below it, all with a 1-px warm outline and a soft shadow on the floor.
Shop, pub and college furniture lives in `art_shops.py`.
"""

from __future__ import annotations

import pygame

from assets.palette import (
    BOOKS,
    FABRIC,
    GLASS,
    INK,
    LEAF,
    METAL,
    OUTLINE,
    PORCELAIN,
    TILE_FLOOR,
    WHITE,
    WOOD,
    WOOD_DARK,
    WOOD_PALE,
    Color,
    Ramp,
)
from assets.pixel import TileSheet, box, dot, drop_shadow, hline, new_surface, rect, vline


def counter_body(tile: pygame.Surface, top: Ramp, front: Ramp, x: int = 0, w: int = 16) -> None:
    """A waist-high cabinet: a top surface (rows 2–6) over a front face (rows 7–14)."""
    drop_shadow(tile, x + 1, 14, w - 1, 2)
    rect(tile, OUTLINE, x, 2, w, 13)
    rect(tile, top.base, x + 1, 3, w - 2, 4)
    hline(tile, top.hi, x + 1, 3, w - 2)
    rect(tile, front.base, x + 1, 7, w - 2, 7)
    hline(tile, OUTLINE, x, 7, w)
    hline(tile, front.lo, x + 1, 13, w - 2)


def bed(blanket: Ramp, double: bool) -> pygame.Surface:
    width = 2 if double else 1
    piece = new_surface(width, 2)
    w = 16 * width
    drop_shadow(piece, 2, 28, w - 2, 4)
    box(piece, WOOD_DARK, 0, 0, w, 7)  # headboard
    rect(piece, OUTLINE, 1, 5, w - 2, 26)
    rect(piece, WHITE, 2, 6, w - 4, 24)
    pillows = [(3, 6, w - 6)] if not double else [(3, 6, 11), (w - 14, 6, 11)]
    for px, py, pw in pillows:
        box(piece, ramp_of(WHITE, (226, 218, 206, 255)), px, py + 1, pw, 6, rounded=True)
    rect(piece, blanket.base, 2, 14, w - 4, 16)
    hline(piece, blanket.hi, 2, 14, w - 4)
    hline(piece, OUTLINE, 1, 13, w - 2)
    hline(piece, WHITE, 2, 15, w - 4)  # folded sheet
    for x in range(4, w - 4, 4):
        dot(piece, blanket.lo, x, 21)
        dot(piece, blanket.lo, x + 2, 25)
    hline(piece, blanket.lo, 2, 29, w - 4)
    box(piece, WOOD_DARK, 0, 29, w, 3)  # footboard
    return piece


def ramp_of(hi: Color, base: Color) -> Ramp:
    return Ramp(hi, base, (196, 186, 178, 255))


def desk(item: str) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 1, 13, 15, 3)
    rect(tile, OUTLINE, 0, 4, 16, 7)
    rect(tile, WOOD.base, 1, 5, 14, 3)
    hline(tile, WOOD.hi, 1, 5, 14)
    rect(tile, WOOD.lo, 1, 8, 14, 2)
    for x in (1, 13):
        rect(tile, OUTLINE, x, 10, 2, 5)
        vline(tile, WOOD.lo, x, 10, 4)
    box(tile, WOOD, 9, 8, 5, 4)  # drawer
    dot(tile, OUTLINE, 11, 9)
    if item == "computer":
        box(tile, Ramp(METAL.hi, (60, 70, 90, 255), METAL.lo), 3, 0, 9, 6)
        rect(tile, (120, 190, 220, 255), 4, 1, 7, 3)
        dot(tile, WHITE, 5, 1)
        hline(tile, METAL.lo, 5, 6, 5)
    elif item == "books":
        for i, color in enumerate(BOOKS[:3]):
            rect(tile, OUTLINE, 2 + i * 3, 1, 3, 5)
            rect(tile, color, 3 + i * 3, 2, 1, 3)
        rect(tile, WHITE, 11, 4, 3, 2)
    else:  # lamp and papers
        rect(tile, WHITE, 3, 5, 5, 2)
        hline(tile, INK, 4, 5, 3)
        box(tile, FABRIC["yellow"], 10, 0, 5, 3)
        vline(tile, OUTLINE, 12, 3, 3)
    return tile


def chair(facing: str) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 4, 13, 9, 2)
    if facing == "n":  # seen from behind: backrest at the bottom
        box(tile, WOOD, 4, 3, 8, 6)
        box(tile, WOOD_DARK, 3, 8, 10, 5)
        vline(tile, OUTLINE, 4, 12, 3)
        vline(tile, OUTLINE, 11, 12, 3)
    elif facing == "s":  # backrest at the top
        box(tile, WOOD_DARK, 3, 1, 10, 6)
        box(tile, WOOD, 4, 6, 8, 6)
        vline(tile, OUTLINE, 4, 11, 4)
        vline(tile, OUTLINE, 11, 11, 4)
    else:
        back_x = 3 if facing == "e" else 9
        box(tile, WOOD, 4, 6, 8, 6)
        box(tile, WOOD_DARK, back_x, 1, 4, 11)
        vline(tile, OUTLINE, 5, 11, 4)
        vline(tile, OUTLINE, 10, 11, 4)
    return tile


def stool() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 4, 12, 8, 3)
    vline(tile, OUTLINE, 5, 8, 6)
    vline(tile, OUTLINE, 10, 8, 6)
    pygame.draw.ellipse(tile, OUTLINE, pygame.Rect(3, 4, 10, 6))
    pygame.draw.ellipse(tile, FABRIC["red"].base, pygame.Rect(4, 5, 8, 4))
    hline(tile, FABRIC["red"].hi, 6, 5, 4)
    return tile


def closet() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 1, 14, 15, 2)
    box(tile, WOOD, 1, 0, 14, 15)
    rect(tile, WOOD.hi, 2, 1, 12, 2)
    vline(tile, OUTLINE, 8, 3, 11)
    for x in (3, 9):
        rect(tile, WOOD.lo, x + 1, 5, 3, 6)
    dot(tile, (246, 206, 86, 255), 7, 8)
    dot(tile, (246, 206, 86, 255), 9, 8)
    return tile


def shelf(books_only: bool) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 1, 14, 15, 2)
    box(tile, WOOD_DARK, 0, 0, 16, 15)
    for row, y in enumerate((2, 7)):
        rect(tile, WOOD_DARK.lo, 1, y, 14, 4)
        hline(tile, WOOD.hi, 1, y + 4, 14)
        if books_only or row == 0:
            for i in range(6):
                color = BOOKS[(i * 3 + row * 2) % len(BOOKS)]
                height = 4 if i % 3 else 3
                rect(tile, color, 2 + i * 2, y + 4 - height, 2, height)
                dot(tile, OUTLINE, 3 + i * 2, y + 4 - height)
        else:
            box(tile, Ramp(*FABRIC["teal"]), 2, y, 4, 4)
            pygame.draw.circle(tile, LEAF.base, (10, y + 1), 2)
            box(tile, Ramp(*FABRIC["orange"]), 8, y + 2, 5, 2)
    if books_only:
        rect(tile, WOOD_DARK.lo, 1, 12, 14, 2)
    return tile


def toilet() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 3, 13, 11, 3)
    box(tile, PORCELAIN, 3, 0, 10, 5)
    pygame.draw.ellipse(tile, OUTLINE, pygame.Rect(3, 4, 10, 11))
    pygame.draw.ellipse(tile, PORCELAIN.base, pygame.Rect(4, 5, 8, 9))
    pygame.draw.ellipse(tile, GLASS.base, pygame.Rect(6, 7, 4, 5))
    dot(tile, PORCELAIN.hi, 5, 6)
    return tile


def shower() -> pygame.Surface:
    tile = new_surface()
    rect(tile, OUTLINE, 0, 0, 16, 16)
    rect(tile, TILE_FLOOR["blue"].base, 1, 1, 14, 14)
    for i in range(1, 15, 4):
        hline(tile, TILE_FLOOR["blue"].hi, 1, i, 14)
        vline(tile, TILE_FLOOR["blue"].hi, i, 1, 14)
    pygame.draw.circle(tile, METAL.lo, (8, 9), 2)
    box(tile, METAL, 6, 0, 4, 3)  # shower head
    for y in range(4, 8):
        dot(tile, GLASS.hi, 6 + y % 3, y)
    rect(tile, FABRIC["teal"].base, 12, 1, 3, 14)  # curtain
    for y in range(2, 15, 3):
        dot(tile, FABRIC["teal"].lo, 13, y)
    vline(tile, OUTLINE, 11, 1, 14)
    return tile


def bathroom_sink() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 5, 13, 7, 3)
    box(tile, Ramp(*GLASS), 4, 0, 8, 4)  # mirror
    box(tile, PORCELAIN, 6, 8, 4, 7)  # pedestal
    pygame.draw.ellipse(tile, OUTLINE, pygame.Rect(2, 3, 12, 7))
    pygame.draw.ellipse(tile, PORCELAIN.base, pygame.Rect(3, 4, 10, 5))
    pygame.draw.ellipse(tile, GLASS.base, pygame.Rect(5, 5, 6, 3))
    dot(tile, METAL.lo, 8, 4)
    return tile


def bathtub() -> pygame.Surface:
    piece = new_surface(2, 1)
    drop_shadow(piece, 2, 13, 29, 3)
    box(piece, PORCELAIN, 0, 2, 32, 12, rounded=True)
    rect(piece, GLASS.base, 3, 5, 26, 6)
    hline(piece, GLASS.hi, 4, 5, 20)
    dot(piece, WHITE, 10, 7)
    dot(piece, WHITE, 20, 8)
    box(piece, METAL, 27, 3, 3, 3)
    return piece


def stove() -> pygame.Surface:
    tile = new_surface()
    counter_body(tile, METAL, Ramp(*METAL))
    for x in (4, 11):
        pygame.draw.circle(tile, OUTLINE, (x, 5), 2)
        dot(tile, (226, 88, 82, 255), x, 5)
    box(tile, Ramp((80, 80, 90, 255), (60, 60, 70, 255), OUTLINE), 3, 8, 10, 5)
    hline(tile, METAL.hi, 5, 9, 6)
    return tile


def fridge() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 2, 14, 14, 2)
    box(tile, PORCELAIN, 1, 0, 14, 15)
    hline(tile, OUTLINE, 1, 5, 14)
    vline(tile, METAL.lo, 12, 2, 2)
    vline(tile, METAL.lo, 12, 7, 4)
    rect(tile, FABRIC["red"].base, 4, 8, 2, 2)  # a magnet
    rect(tile, FABRIC["yellow"].base, 7, 2, 2, 2)
    return tile


def kitchen_counter(item: str) -> pygame.Surface:
    tile = new_surface()
    counter_body(tile, WOOD_PALE, WOOD)
    vline(tile, WOOD.lo, 8, 8, 6)
    dot(tile, OUTLINE, 6, 10)
    dot(tile, OUTLINE, 10, 10)
    if item == "sink":
        box(tile, METAL, 3, 2, 10, 5)
        rect(tile, GLASS.base, 4, 4, 8, 2)
        vline(tile, METAL.lo, 8, 0, 3)
    elif item == "board":
        box(tile, WOOD_PALE, 3, 2, 7, 4)
        rect(tile, FABRIC["orange"].base, 5, 3, 2, 1)
        box(tile, FABRIC["red"], 11, 1, 4, 4)
    return tile


def couch(fabric: Ramp) -> pygame.Surface:
    piece = new_surface(2, 1)
    drop_shadow(piece, 1, 13, 31, 3)
    box(piece, fabric, 1, 1, 30, 8)  # back
    box(piece, fabric, 1, 7, 30, 8)  # seat
    for x in (0, 26):
        box(piece, Ramp(fabric.base, fabric.lo, OUTLINE), x, 4, 6, 11)
    vline(piece, fabric.lo, 16, 8, 6)
    hline(piece, fabric.hi, 6, 8, 20)
    return piece


def armchair(fabric: Ramp) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 1, 13, 15, 3)
    box(tile, fabric, 2, 1, 12, 8)
    box(tile, fabric, 2, 7, 12, 8)
    box(tile, Ramp(fabric.base, fabric.lo, OUTLINE), 0, 4, 4, 11)
    box(tile, Ramp(fabric.base, fabric.lo, OUTLINE), 12, 4, 4, 11)
    return tile


def low_table(top: Ramp, item: str) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 2, 12, 13, 3)
    box(tile, top, 1, 4, 14, 8)
    rect(tile, top.lo, 2, 10, 12, 1)
    if item == "cup":
        box(tile, PORCELAIN, 5, 5, 3, 3)
        box(tile, FABRIC["blue"], 9, 6, 4, 2)
    elif item == "vase":
        box(tile, FABRIC["teal"], 6, 3, 4, 5)
        dot(tile, FABRIC["red"].base, 7, 2)
        dot(tile, FABRIC["yellow"].base, 9, 2)
    return tile


def tv() -> pygame.Surface:
    tile = new_surface()
    counter_body(tile, WOOD_DARK, WOOD_DARK, 1, 14)
    box(tile, Ramp((60, 60, 70, 255), (40, 40, 52, 255), OUTLINE), 2, 0, 12, 8)
    rect(tile, (90, 130, 170, 255), 3, 1, 10, 5)
    hline(tile, (140, 180, 210, 255), 4, 2, 4)
    return tile


def potted_plant() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 4, 13, 9, 3)
    box(tile, Ramp(*FABRIC["orange"]), 5, 9, 7, 6)
    for x, y, r in ((8, 6, 4), (5, 4, 3), (11, 4, 3), (8, 2, 3)):
        pygame.draw.circle(tile, OUTLINE, (x, y), r + 1)
    for x, y, r in ((8, 6, 4), (5, 4, 3), (11, 4, 3), (8, 2, 3)):
        pygame.draw.circle(tile, LEAF.base, (x, y), r)
        dot(tile, LEAF.hi, x - 1, y - 1)
    return tile


def floor_lamp() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 5, 13, 7, 3)
    vline(tile, OUTLINE, 8, 5, 9)
    box(tile, WOOD_DARK, 5, 13, 7, 2)
    box(tile, FABRIC["yellow"], 4, 0, 9, 6)
    hline(tile, WHITE, 5, 1, 7)
    return tile


def rug_piece(fabric: Ramp) -> pygame.Surface:
    piece = new_surface(2, 2)
    rect(piece, fabric.lo, 1, 3, 30, 26)
    rect(piece, fabric.base, 3, 5, 26, 22)
    rect(piece, fabric.hi, 6, 8, 20, 16)
    rect(piece, fabric.base, 8, 10, 16, 12)
    for x in range(2, 30, 3):
        dot(piece, WHITE, x, 2)
        dot(piece, WHITE, x, 29)
    return piece


def add_furniture(sheet: TileSheet) -> None:
    for color in ("red", "blue", "green", "yellow", "purple", "teal"):
        sheet.add_grid(bed(FABRIC[color], double=False), [[f"bed_{color}_top"], [f"bed_{color}"]])
    for color in ("red", "blue", "green"):
        sheet.add_grid(
            bed(FABRIC[color], double=True),
            [
                [f"bed_double_{color}_tl", f"bed_double_{color}_tr"],
                [f"bed_double_{color}_bl", f"bed_double_{color}_br"],
            ],
        )
    for item in ("lamp", "computer", "books"):
        sheet.add("desk" if item == "lamp" else f"desk_{item}", desk(item))
    for facing in "nesw":
        sheet.add(f"chair_{facing}", chair(facing))
    sheet.add("stool", stool())
    sheet.add("closet", closet())
    sheet.add("shelf", shelf(books_only=False))
    sheet.add("bookshelf", shelf(books_only=True))
    sheet.add("toilet", toilet())
    sheet.add("shower", shower())
    sheet.add("bathroom_sink", bathroom_sink())
    sheet.add_grid(bathtub(), [["bathtub_l", "bathtub_r"]])
    sheet.add("stove", stove())
    sheet.add("fridge", fridge())
    sheet.add("kitchen_counter", kitchen_counter("plain"))
    sheet.add("kitchen_counter_board", kitchen_counter("board"))
    sheet.add("kitchen_sink", kitchen_counter("sink"))
    for color in ("green", "blue", "red", "purple", "orange"):
        sheet.add_grid(couch(FABRIC[color]), [[f"couch_{color}_l", f"couch_{color}_r"]])
    sheet.add("armchair", armchair(FABRIC["yellow"]))
    sheet.add("coffee_table", low_table(WOOD, "cup"))
    sheet.add("side_table", low_table(WOOD_PALE, "vase"))
    sheet.add("tv", tv())
    sheet.add("potted_plant", potted_plant())
    sheet.add("floor_lamp", floor_lamp())
    for color in ("red", "blue"):
        sheet.add_grid(
            rug_piece(FABRIC[color]),
            [[f"rug_{color}_tl", f"rug_{color}_tr"], [f"rug_{color}_bl", f"rug_{color}_br"]],
        )
