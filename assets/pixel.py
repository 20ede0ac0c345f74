"""Small pixel-drawing helpers shared by the tile painters, and the sheet that collects tiles.

Every painter draws into a pygame Surface with per-pixel alpha. Multi-tile pieces (a bed is
1×2 tiles, a table 2×2) are drawn whole and then cut into 16×16 tiles with `TileSheet.add_grid`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from assets.palette import OUTLINE, SHADOW, Color, Ramp

TILE = 16


def new_surface(width_tiles: int = 1, height_tiles: int = 1) -> pygame.Surface:
    surface = pygame.Surface((width_tiles * TILE, height_tiles * TILE), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    return surface


def rect(surface: pygame.Surface, color: Color, x: int, y: int, w: int, h: int) -> None:
    if w > 0 and h > 0:
        surface.fill(color, pygame.Rect(x, y, w, h))


def dot(surface: pygame.Surface, color: Color, x: int, y: int) -> None:
    if 0 <= x < surface.get_width() and 0 <= y < surface.get_height():
        surface.set_at((x, y), color)


def hline(surface: pygame.Surface, color: Color, x: int, y: int, w: int) -> None:
    rect(surface, color, x, y, w, 1)


def vline(surface: pygame.Surface, color: Color, x: int, y: int, h: int) -> None:
    rect(surface, color, x, y, 1, h)


def box(
    surface: pygame.Surface,
    ramp: Ramp,
    x: int,
    y: int,
    w: int,
    h: int,
    outline: Color = OUTLINE,
    rounded: bool = False,
) -> None:
    """A filled box with a dark outline, a highlight along its top and a shadow below."""
    rect(surface, outline, x, y, w, h)
    rect(surface, ramp.base, x + 1, y + 1, w - 2, h - 2)
    hline(surface, ramp.hi, x + 1, y + 1, w - 2)
    hline(surface, ramp.lo, x + 1, y + h - 2, w - 2)
    if rounded:
        for cx, cy in ((x, y), (x + w - 1, y), (x, y + h - 1), (x + w - 1, y + h - 1)):
            surface.set_at((cx, cy), (0, 0, 0, 0))


def drop_shadow(surface: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
    """A soft translucent shadow, drawn first so the piece sits on the floor."""
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill(SHADOW)
    surface.blit(shade, (x, y))


def ellipse(surface: pygame.Surface, color: Color, x: int, y: int, w: int, h: int) -> None:
    pygame.draw.ellipse(surface, color, pygame.Rect(x, y, w, h))


def speckle(
    surface: pygame.Surface,
    rng: random.Random,
    colors: Sequence[Color],
    count: int,
    area: tuple[int, int, int, int] | None = None,
) -> None:
    """Scatter single pixels of the given colours over an area (the whole surface by default)."""
    x0, y0, w, h = area or (0, 0, surface.get_width(), surface.get_height())
    for _ in range(count):
        dot(surface, rng.choice(colors), x0 + rng.randrange(w), y0 + rng.randrange(h))


def outline_shape(surface: pygame.Surface, color: Color = OUTLINE) -> None:
    """Draw a 1-px outline around every opaque shape on a transparent surface."""
    width, height = surface.get_size()
    solid = [
        [surface.get_at((x, y)).a > 0 and surface.get_at((x, y)) != SHADOW for x in range(width)]
        for y in range(height)
    ]
    for y in range(height):
        for x in range(width):
            if solid[y][x]:
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height and solid[ny][nx]:
                    surface.set_at((x, y), color)
                    break


class TileSheet:
    """Collects named 16×16 tiles in order; the order is the tile id in the tileset."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.tiles: list[pygame.Surface] = []

    def add(self, name: str, surface: pygame.Surface) -> None:
        if name in self.names:
            raise ValueError(f"duplicate tile name {name!r}")
        if surface.get_size() != (TILE, TILE):
            raise ValueError(f"tile {name!r} is {surface.get_size()}, not 16×16")
        self.names.append(name)
        self.tiles.append(surface)

    def add_grid(self, surface: pygame.Surface, names: Sequence[Sequence[str]]) -> None:
        """Cut a multi-tile piece into tiles; `names[row][column]` names each one."""
        for row, row_names in enumerate(names):
            for column, name in enumerate(row_names):
                tile = new_surface()
                tile.blit(surface, (0, 0), pygame.Rect(column * TILE, row * TILE, TILE, TILE))
                self.add(name, tile)
