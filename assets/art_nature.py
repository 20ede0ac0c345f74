"""Outdoor pieces: trees (trunk + canopy), bushes, flower beds, benches, lamp posts, the notice
board, a fountain, a mailbox and rocks.

A tree is two tiles wide: `tree_<kind>_trunk_l/r` on the walls layer (blocks walking) and
`tree_<kind>_tl/tr/bl/br`, the canopy, on the overhead layer in the two rows above the trunk,
so residents walk behind the leaves.
"""

from __future__ import annotations

import random

import pygame

from assets.palette import (
    BARK,
    BLOSSOM,
    COBBLE,
    FABRIC,
    FLOWERS,
    LEAF,
    LEAF_DARK,
    METAL,
    OUTLINE,
    PAVING,
    PINE,
    SHADOW,
    WATER,
    WHITE,
    WOOD,
    WOOD_DARK,
    Ramp,
)
from assets.pixel import TileSheet, box, dot, drop_shadow, hline, new_surface, rect, vline


def blob(surface: pygame.Surface, leaf: Ramp, circles: list[tuple[int, int, int]]) -> None:
    """A leafy mass: outlined circles filled with the base colour, lit from the top left."""
    for x, y, r in circles:
        pygame.draw.circle(surface, OUTLINE, (x, y), r + 1)
    for x, y, r in circles:
        pygame.draw.circle(surface, leaf.lo, (x, y), r)
    for x, y, r in circles:
        pygame.draw.circle(surface, leaf.base, (x - 1, y - 1), max(1, r - 2))
    for x, y, r in circles:
        pygame.draw.circle(surface, leaf.hi, (x - r // 3 - 1, y - r // 3 - 1), max(1, r // 3))


def canopy(kind: str, rng: random.Random) -> pygame.Surface:
    piece = new_surface(2, 3)  # rows 0-1 are the canopy, row 2 is the trunk row
    if kind == "pine":
        for i, (y, half) in enumerate(((4, 5), (11, 9), (18, 12), (25, 14))):
            points = [(16, y - 6 + i), (16 - half, y + 8), (16 + half, y + 8)]
            pygame.draw.polygon(piece, OUTLINE, [(px, py + 1) for px, py in points])
            pygame.draw.polygon(piece, PINE.lo, points)
            inner = [(16, y - 4 + i), (16 - half + 3, y + 6), (16 + half - 5, y + 6)]
            pygame.draw.polygon(piece, PINE.base, inner)
            dot(piece, PINE.hi, 14, y + 1)
        return piece
    leaf = {"oak": LEAF, "blossom": BLOSSOM, "apple": LEAF_DARK}[kind]
    circles = [(16, 10, 9), (8, 17, 7), (24, 17, 7), (11, 24, 7), (21, 24, 7), (16, 19, 9)]
    blob(piece, leaf, circles)
    for _ in range(12):
        x, y = rng.randrange(5, 27), rng.randrange(5, 29)
        if piece.get_at((x, y)) in (leaf.base, leaf.lo):
            dot(piece, leaf.hi if rng.random() < 0.5 else leaf.lo, x, y)
    if kind == "blossom":
        for _ in range(10):
            x, y = rng.randrange(6, 26), rng.randrange(5, 28)
            if piece.get_at((x, y)).a == 255 and piece.get_at((x, y)) != OUTLINE:
                dot(piece, WHITE, x, y)
    if kind == "apple":
        for x, y in ((9, 15), (20, 11), (24, 20), (14, 25), (17, 17)):
            rect(piece, FLOWERS["red"].base, x, y, 2, 2)
            dot(piece, WHITE, x, y)
    return piece


def trunk(kind: str) -> pygame.Surface:
    piece = new_surface(2, 1)
    shade = pygame.Surface((24, 6), pygame.SRCALPHA)
    pygame.draw.ellipse(shade, SHADOW, shade.get_rect())
    piece.blit(shade, (4, 9))
    bark = BARK if kind != "blossom" else Ramp(BARK.hi, BARK.lo, OUTLINE)
    rect(piece, OUTLINE, 12, 0, 8, 13)
    rect(piece, bark.base, 13, 0, 6, 12)
    vline(piece, bark.hi, 14, 0, 11)
    vline(piece, bark.lo, 17, 0, 12)
    rect(piece, OUTLINE, 10, 11, 12, 3)  # roots
    rect(piece, bark.base, 11, 11, 10, 2)
    dot(piece, bark.lo, 16, 6)
    return piece


def bush(leaf: Ramp, berries: tuple[int, int, int, int] | None) -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 2, 12, 13, 4)
    blob(tile, leaf, [(5, 9, 4), (11, 9, 4), (8, 6, 5)])
    if berries:
        for x, y in ((4, 9), (8, 5), (11, 10), (7, 11)):
            dot(tile, berries, x, y)
            dot(tile, WHITE, x, y - 1) if berries == FLOWERS["white"].base else None
    return tile


def flower_bed(colors: list[Ramp]) -> pygame.Surface:
    """A round, dense clump of flowers on dark leaves."""
    tile = new_surface()
    drop_shadow(tile, 2, 12, 13, 4)
    blob(tile, LEAF_DARK, [(5, 9, 4), (11, 9, 4), (8, 6, 5)])
    spots = ((5, 5), (9, 4), (12, 8), (4, 10), (8, 9), (11, 12), (6, 13), (8, 6))
    for i, (x, y) in enumerate(spots):
        color = colors[i % len(colors)]
        for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            dot(tile, color.base, x + dx, y + dy)
        dot(tile, color.hi, x, y)
        dot(tile, color.lo, x + 1, y + 1)
    return tile


def bench() -> pygame.Surface:
    piece = new_surface(2, 1)
    drop_shadow(piece, 2, 12, 28, 4)
    box(piece, WOOD_DARK, 1, 1, 30, 6)  # backrest
    hline(piece, WOOD.base, 2, 3, 28)
    box(piece, WOOD, 1, 6, 30, 6)  # seat
    hline(piece, WOOD.hi, 2, 8, 28)
    for x in (3, 27):
        rect(piece, OUTLINE, x, 11, 2, 4)
    return piece


def lamp_post() -> pygame.Surface:
    piece = new_surface(1, 2)  # top tile goes on the overhead layer
    shade = pygame.Surface((10, 4), pygame.SRCALPHA)
    pygame.draw.ellipse(shade, SHADOW, shade.get_rect())
    piece.blit(shade, (3, 27))
    rect(piece, OUTLINE, 6, 8, 4, 22)
    vline(piece, METAL.lo, 7, 9, 20)
    rect(piece, OUTLINE, 4, 27, 8, 3)
    glow = pygame.Surface((16, 12), pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (255, 230, 150, 70), glow.get_rect())
    piece.blit(glow, (0, 0))
    box(piece, Ramp(METAL.base, METAL.lo, OUTLINE), 3, 1, 10, 3)
    rect(piece, OUTLINE, 4, 3, 8, 6)
    rect(piece, (255, 236, 160, 255), 5, 4, 6, 4)
    dot(piece, WHITE, 6, 4)
    return piece


def notice_board() -> pygame.Surface:
    piece = new_surface(2, 1)
    drop_shadow(piece, 3, 13, 27, 3)
    for x in (3, 27):
        rect(piece, OUTLINE, x, 8, 3, 8)
        vline(piece, WOOD.base, x + 1, 9, 6)
    box(piece, WOOD_DARK, 0, 0, 32, 12)
    rect(piece, (206, 160, 110, 255), 2, 2, 28, 8)
    notes = [(4, 3, WHITE), (11, 4, FLOWERS["yellow"].hi), (18, 3, WHITE), (24, 4, BLOSSOM.hi)]
    for x, y, color in notes:
        rect(piece, color, x, y, 5, 5)
        hline(piece, OUTLINE, x + 1, y + 2, 3)
        dot(piece, FABRIC["red"].base, x + 2, y)
    return piece


def fountain() -> pygame.Surface:
    piece = new_surface(2, 2)
    drop_shadow(piece, 2, 26, 28, 5)
    pygame.draw.ellipse(piece, OUTLINE, pygame.Rect(0, 4, 32, 26))
    pygame.draw.ellipse(piece, COBBLE.base, pygame.Rect(1, 5, 30, 24))
    pygame.draw.ellipse(piece, COBBLE.hi, pygame.Rect(2, 5, 28, 8))
    pygame.draw.ellipse(piece, OUTLINE, pygame.Rect(4, 8, 24, 17))
    pygame.draw.ellipse(piece, WATER.base, pygame.Rect(5, 9, 22, 15))
    pygame.draw.ellipse(piece, WATER.hi, pygame.Rect(8, 11, 8, 4))
    rect(piece, OUTLINE, 13, 2, 6, 15)
    rect(piece, PAVING.base, 14, 3, 4, 13)
    pygame.draw.circle(piece, WATER.hi, (16, 3), 3)
    for x, y in ((10, 6), (22, 6), (8, 12), (24, 12)):
        dot(piece, WHITE, x, y)
    return piece


def mailbox() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 5, 13, 7, 3)
    rect(tile, OUTLINE, 7, 7, 3, 8)
    box(tile, FABRIC["blue"], 3, 1, 11, 7, rounded=True)
    rect(tile, FABRIC["red"].base, 12, 2, 2, 3)
    return tile


def rock() -> pygame.Surface:
    tile = new_surface()
    drop_shadow(tile, 2, 11, 13, 4)
    pygame.draw.ellipse(tile, OUTLINE, pygame.Rect(2, 4, 12, 10))
    pygame.draw.ellipse(tile, COBBLE.base, pygame.Rect(3, 5, 10, 8))
    pygame.draw.ellipse(tile, COBBLE.hi, pygame.Rect(4, 5, 5, 3))
    return tile


def add_nature(sheet: TileSheet) -> None:
    rng = random.Random(3)
    for kind in ("oak", "pine", "blossom", "apple"):
        piece = canopy(kind, rng)
        piece.blit(trunk(kind), (0, 32))
        sheet.add_grid(
            piece,
            [
                [f"tree_{kind}_tl", f"tree_{kind}_tr"],
                [f"tree_{kind}_bl", f"tree_{kind}_br"],
                [f"tree_{kind}_trunk_l", f"tree_{kind}_trunk_r"],
            ],
        )
    sheet.add("bush", bush(LEAF, None))
    sheet.add("bush_berries", bush(LEAF_DARK, FLOWERS["red"].base))
    sheet.add("bush_flowers", bush(LEAF, FLOWERS["white"].base))
    for name, colors in {
        "red": [FLOWERS["red"], FLOWERS["pink"]],
        "yellow": [FLOWERS["yellow"], FLOWERS["orange"]],
        "purple": [FLOWERS["purple"], FLOWERS["white"]],
    }.items():
        sheet.add(f"flower_bed_{name}", flower_bed(colors))
    sheet.add_grid(bench(), [["bench_l", "bench_r"]])
    sheet.add_grid(lamp_post(), [["lamp_post_top"], ["lamp_post"]])
    sheet.add_grid(notice_board(), [["notice_board_l", "notice_board_r"]])
    sheet.add_grid(fountain(), [["fountain_tl", "fountain_tr"], ["fountain_bl", "fountain_br"]])
    sheet.add("mailbox", mailbox())
    sheet.add("rock", rock())
