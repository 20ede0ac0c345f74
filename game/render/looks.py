"""A look drawn at run time: the sheet and the portrait of any `game.town.looks` look.

The pixels come from `game/render/figure/`, the code that drew the bundled PNGs in
`assets/characters/`, so a bundled resident's look drawn here equals its PNG pixel for pixel
and a player's resident looks like the rest of the town.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.render.figure import portrait, sheet
from game.render.figure.canvas import Canvas
from game.town.looks import Look, complete_look

SHEET_SIZE = (sheet.FRAME_W * 4, sheet.FRAME_H * 5)
PORTRAIT_SIZE = (portrait.SIZE, portrait.SIZE)


def surface_of(canvas: Canvas) -> pygame.Surface:
    """The canvas as a 32-bit surface with per-pixel alpha (transparent where undrawn)."""
    raw = bytearray()
    for row in canvas.px:
        for colour in row:
            raw.extend(colour if colour is not None else (0, 0, 0, 0))
    image = pygame.image.frombytes(bytes(raw), (canvas.width, canvas.height), "RGBA")
    return image.convert_alpha() if pygame.display.get_surface() else image


def look_of(look: Mapping[str, str], name: str = "") -> Look:
    """`look`'s parts over `default_look(name)`'s; ValueError naming every bad part."""
    return Look.from_parts(complete_look(look, name))


def draw_sheet(look: Mapping[str, str], name: str = "") -> pygame.Surface:
    """The 64×120 sheet (4×5 frames of 16×24, the layout of `assets/characters/*.png`).

    Parts `look` leaves out are `default_look(name)`'s; ValueError for an invalid part."""
    return surface_of(sheet.draw_sheet(look_of(look, name)))


def draw_portrait(look: Mapping[str, str], name: str = "") -> pygame.Surface:
    """The 32×32 head-and-shoulders portrait, as `assets/characters/portraits/*.png`."""
    return surface_of(portrait.draw_portrait(look_of(look, name)))
