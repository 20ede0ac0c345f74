"""Furniture for public places: tables, the cafe, the pub, the market, the supply store,
the college (blackboard, desks, library) and the artists' studio."""

from __future__ import annotations

import random

import pygame

from assets.art_furniture import counter_body
from assets.palette import (
    BLACK_KEY,
    CHALKBOARD,
    FABRIC,
    FLOWERS,
    GLASS,
    LEAF,
    METAL,
    OUTLINE,
    PORCELAIN,
    SAND,
    WHITE,
    WOOD,
    WOOD_DARK,
    WOOD_PALE,
    Color,
    Ramp,
)
from assets.pixel import TileSheet, box, dot, drop_shadow, hline, new_surface, rect, vline


def table(width: int, height: int, top: Ramp, cloth: Ramp | None) -> pygame.Surface:
    piece = new_surface(width, height)
    w, h = 16 * width, 16 * height
    drop_shadow(piece, 2, h - 4, w - 3, 4)
    for x in (2, w - 4):
        rect(piece, OUTLINE, x, h - 8, 2, 7)
    box(piece, top, 0, 1, w, h - 6)
    rect(piece, top.lo, 1, h - 7, w - 2, 1)
    if cloth is not None:
        rect(piece, OUTLINE, 3, 2, w - 6, h - 9)
        rect(piece, cloth.base, 4, 3, w - 8, h - 11)
        for x in range(5, w - 5, 3):
            dot(piece, cloth.hi, x, 4)
    rng = random.Random(width * 10 + height)
    for _ in range(width * height):  # cups and plates
        x, y = rng.randrange(4, w - 8), rng.randrange(3, max(4, h - 12))
        box(piece, Ramp(*[PORCELAIN.hi, PORCELAIN.base, PORCELAIN.lo]), x, y, 4, 4)
        dot(piece, FABRIC["orange"].lo, x + 1, y + 1)
    return piece


def round_table(top: Ramp) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 3, 12, 11, 3)
    vline(tile, OUTLINE, 7, 9, 5)
    vline(tile, OUTLINE, 8, 9, 5)
    pygame.draw.ellipse(tile, OUTLINE, pygame.Rect(0, 2, 16, 10))
    pygame.draw.ellipse(tile, top.base, pygame.Rect(1, 3, 14, 8))
    pygame.draw.ellipse(tile, top.hi, pygame.Rect(3, 3, 9, 4))
    box(tile, Ramp(*FABRIC["yellow"]), 6, 4, 3, 4)  # a mug or a pint
    return tile


def display_counter(contents: str) -> pygame.Surface:
    tile = new_surface()
    counter_body(tile, WOOD_PALE, WOOD_DARK)
    if contents == "pastries":
        box(tile, GLASS, 1, 0, 14, 8)
        for i, x in enumerate((3, 7, 11)):
            color = (SAND.lo, FABRIC["orange"].base, FABRIC["red"].base)[i]
            rect(tile, OUTLINE, x - 1, 3, 4, 3)
            rect(tile, color, x, 4, 2, 1)
        hline(tile, WHITE, 2, 1, 6)
    elif contents == "coffee":
        box(tile, METAL, 2, 0, 9, 7)
        rect(tile, (60, 50, 56, 255), 4, 4, 5, 3)
        box(tile, PORCELAIN, 5, 5, 3, 2)
        dot(tile, FABRIC["red"].base, 9, 1)
        box(tile, WOOD_DARK, 11, 2, 4, 5)  # coffee bag
    elif contents == "register":
        box(tile, Ramp(*METAL), 4, 0, 9, 6)
        rect(tile, (120, 200, 150, 255), 6, 1, 5, 2)
        for x in range(6, 11, 2):
            dot(tile, OUTLINE, x, 4)
    elif contents == "taps":
        for x in (4, 8, 12):
            vline(tile, OUTLINE, x, 0, 4)
            rect(tile, METAL.base, x - 1, 0, 2, 2)
            dot(tile, (246, 206, 86, 255), x, 3)
    elif contents == "pints":
        for x in (3, 10):
            box(tile, Ramp(*FABRIC["yellow"]), x, 1, 4, 5)
            hline(tile, WHITE, x + 1, 1, 2)
    elif contents == "medicine":
        box(tile, PORCELAIN, 3, 1, 4, 5)
        rect(tile, FABRIC["red"].base, 4, 3, 2, 1)
        box(tile, Ramp(*FABRIC["teal"]), 9, 2, 4, 4)
    return tile


def bar_front(tile: pygame.Surface) -> pygame.Surface:
    for x in range(2, 16, 4):
        vline(tile, WOOD_DARK.lo, x, 8, 5)
    hline(tile, (246, 206, 86, 255), 1, 12, 14)  # brass foot rail
    return tile


def wall_shelf(items: str, rng: random.Random) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 1, 14, 15, 2)
    frame = WOOD_DARK if items in ("bottles", "medicine") else WOOD
    box(tile, frame, 0, 0, 16, 15)
    for y in (2, 7):
        rect(tile, frame.lo, 1, y, 14, 4)
        hline(tile, frame.hi, 1, y + 4, 14)
        for i in range(4 if items != "produce" else 3):
            x = 2 + i * (3 if items != "produce" else 4)
            color = rng.choice(palette_for(items))
            if items == "bottles":
                rect(tile, color, x, y, 2, 4)
                dot(tile, WHITE, x, y + 1)
            elif items == "produce":
                pygame.draw.circle(tile, color, (x + 2, y + 2), 2)
                dot(tile, WHITE, x + 1, y + 1)
            elif items in ("cans", "paint"):
                rect(tile, OUTLINE, x, y, 3, 4)
                rect(tile, color, x, y + 1, 3, 2)
            elif items == "bread":
                rect(tile, OUTLINE, x, y + 1, 4, 3)
                rect(tile, SAND.lo, x, y + 1, 3, 2)
            elif items == "medicine":
                rect(tile, WHITE, x, y + 1, 2, 3)
                dot(tile, color, x, y + 2)
            elif items == "tools":
                vline(tile, WOOD.base, x + 1, y, 4)
                rect(tile, METAL.lo, x, y, 3, 1)
            else:  # boxes
                box(tile, Ramp(*SAND), x, y + 1, 3, 3)
    hline(tile, frame.lo, 1, 12, 14)
    return tile


def palette_for(items: str) -> list[Color]:
    return {
        "bottles": [FABRIC["green"].lo, FABRIC["orange"].base, FABRIC["red"].lo],
        "produce": [
            FABRIC["red"].base,
            FABRIC["green"].base,
            FABRIC["orange"].base,
            FABRIC["yellow"].base,
        ],
        "cans": [FABRIC["red"].base, FABRIC["blue"].base, FABRIC["yellow"].base],
        "paint": [FABRIC["teal"].base, FABRIC["purple"].base, FABRIC["orange"].base],
        "medicine": [FABRIC["red"].base, FABRIC["blue"].base, FABRIC["green"].base],
    }.get(items, [FABRIC["red"].base])


def market_fridge() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 1, 14, 15, 2)
    box(tile, METAL, 0, 0, 16, 15)
    box(tile, GLASS, 2, 2, 12, 11)
    for y in (4, 8):
        for x in (4, 8, 11):
            rect(tile, WHITE if x != 8 else FABRIC["blue"].base, x, y, 2, 3)
    return tile


def barrel() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 2, 13, 13, 3)
    pygame.draw.ellipse(tile, OUTLINE, pygame.Rect(2, 1, 12, 14))
    pygame.draw.ellipse(tile, WOOD.base, pygame.Rect(3, 2, 10, 12))
    pygame.draw.ellipse(tile, WOOD_PALE.base, pygame.Rect(4, 2, 8, 4))
    for y in (6, 11):
        hline(tile, OUTLINE, 3, y, 10)
    return tile


def piano() -> pygame.Surface:
    piece = new_surface(2, 1)
    drop_shadow(piece, 1, 13, 31, 3)
    box(piece, Ramp((90, 60, 60, 255), (66, 42, 46, 255), OUTLINE), 0, 0, 32, 15)
    rect(piece, WHITE, 2, 8, 28, 4)
    for x in range(3, 30, 2):
        vline(piece, (200, 196, 186, 255), x, 8, 4)
    for x in range(4, 29, 4):
        rect(piece, BLACK_KEY, x, 8, 2, 2)
    box(piece, Ramp(*PORCELAIN), 11, 2, 10, 4)  # sheet music
    hline(piece, OUTLINE, 13, 3, 6)
    return piece


def blackboard() -> pygame.Surface:
    piece = new_surface(3, 1)
    box(piece, WOOD, 0, 0, 48, 13)
    rect(piece, CHALKBOARD.base, 2, 2, 44, 9)
    hline(piece, CHALKBOARD.hi, 2, 2, 44)
    for x, y, w in ((5, 4, 12), (5, 6, 8), (22, 4, 6), (30, 7, 12)):
        hline(piece, WHITE, x, y, w)
    pygame.draw.circle(piece, WHITE, (26, 7), 2, 1)
    hline(piece, WOOD.lo, 2, 11, 44)
    rect(piece, WHITE, 38, 11, 3, 1)
    for x in (4, 42):
        rect(piece, OUTLINE, x, 13, 2, 3)
    return piece


def student_desk() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 2, 13, 13, 3)
    box(tile, WOOD_PALE, 1, 2, 14, 7)
    rect(tile, WOOD.base, 2, 8, 12, 1)
    for x in (2, 12):
        rect(tile, METAL.lo, x, 9, 2, 5)
    box(tile, PORCELAIN, 4, 3, 5, 4)
    hline(tile, FABRIC["blue"].base, 5, 4, 3)
    vline(tile, FABRIC["yellow"].base, 11, 3, 4)
    return tile


def easel(canvas_colors: list[Color]) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 3, 13, 11, 3)
    for x0, x1 in ((4, 2), (11, 13)):
        pygame.draw.line(tile, OUTLINE, (x0, 4), (x1, 15), 2)
    vline(tile, WOOD.base, 8, 1, 14)
    box(tile, PORCELAIN, 2, 1, 12, 10)
    for i, color in enumerate(canvas_colors):
        rect(tile, color, 4 + i * 3, 4 + i % 2 * 2, 3, 3)
    hline(tile, WOOD.base, 1, 11, 14)
    return tile


def paint_table() -> pygame.Surface:
    tile = new_surface()
    counter_body(tile, WOOD_PALE, WOOD)
    for x, color in ((3, FABRIC["red"].base), (6, FABRIC["blue"].base), (9, FABRIC["yellow"].base)):
        rect(tile, OUTLINE, x - 1, 2, 3, 4)
        dot(tile, color, x, 3)
    pygame.draw.line(tile, WOOD_DARK.base, (11, 5), (14, 2))
    return tile


def camera_tripod() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 3, 13, 11, 3)
    for x1 in (3, 8, 13):
        pygame.draw.line(tile, OUTLINE, (8, 7), (x1, 15))
    box(tile, Ramp((90, 90, 100, 255), (60, 60, 70, 255), OUTLINE), 4, 2, 9, 6)
    pygame.draw.circle(tile, GLASS.base, (8, 5), 2)
    dot(tile, WHITE, 7, 4)
    return tile


def add_shop_furniture(sheet: TileSheet) -> None:
    rng = random.Random(4)
    sheet.add("table_small", round_table(WOOD_PALE))
    sheet.add("pub_table", round_table(WOOD_DARK))
    sheet.add_grid(table(2, 1, WOOD, None), [["table_l", "table_r"]])
    sheet.add_grid(
        table(2, 2, WOOD, FABRIC["red"]), [["table_tl", "table_tr"], ["table_bl", "table_br"]]
    )
    sheet.add_grid(table(2, 1, WOOD_PALE, None), [["library_table_l", "library_table_r"]])
    sheet.add("counter", display_counter("plain"))
    sheet.add("cash_register", display_counter("register"))
    sheet.add("coffee_machine", display_counter("coffee"))
    sheet.add("pastry_display", display_counter("pastries"))
    sheet.add("medicine_counter", display_counter("medicine"))
    sheet.add("bar_counter", bar_front(display_counter("plain")))
    sheet.add("bar_taps", bar_front(display_counter("taps")))
    sheet.add("bar_pints", bar_front(display_counter("pints")))
    for items in ("bottles", "produce", "cans", "bread", "medicine", "tools", "paint", "boxes"):
        sheet.add(f"shelf_{items}", wall_shelf(items, rng))
    sheet.add("market_fridge", market_fridge())
    sheet.add("barrel", barrel())
    sheet.add_grid(piano(), [["piano_l", "piano_r"]])
    sheet.add_grid(blackboard(), [["blackboard_l", "blackboard_m", "blackboard_r"]])
    sheet.add("student_desk", student_desk())
    sheet.add_grid(table(2, 1, WOOD_DARK, None), [["teacher_desk_l", "teacher_desk_r"]])
    sheet.add("easel", easel([FLOWERS["red"].base, LEAF.base, FLOWERS["yellow"].base, GLASS.lo]))
    sheet.add("easel_portrait", easel([FABRIC["purple"].base, SAND.base, FABRIC["teal"].base]))
    sheet.add("paint_table", paint_table())
    sheet.add("camera_tripod", camera_tripod())
    sheet.add("books_pile", wall_shelf("boxes", rng))
