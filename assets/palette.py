"""The town's palette: one warm set of colours shared by every tile.

Every base colour has a three-step ramp (highlight, base, shadow). Highlights lean towards warm
yellow and shadows towards plum, as in the character palette, so buildings, furniture and
people share one late-afternoon light. Outlines are a dark warm plum, never pure black.
"""

from __future__ import annotations

from game.render.figure.canvas import Color
from game.render.figure.palette import OUTLINE, WHITE, Ramp, shift_colour

__all__ = ["CLEAR", "INK", "OUTLINE", "SHADOW", "WHITE", "Color", "Ramp", "ramp", "shift_colour"]

SHADOW: Color = (40, 20, 40, 70)  # translucent drop shadow under furniture and trees
CLEAR: Color = (0, 0, 0, 0)
INK: Color = (70, 50, 60, 255)


def ramp(rgb: tuple[int, int, int]) -> Ramp:
    """A highlight shifted towards yellow and a shadow shifted towards plum."""
    hi = shift_colour(rgb, 0.10, -0.06, 0.14, 0.03)
    lo = shift_colour(rgb, -0.16, 0.06, 0.85, 0.04)
    return Ramp(hi, (*rgb, 255), lo)


def _ramps(colours: dict[str, tuple[int, int, int]]) -> dict[str, Ramp]:
    return {name: ramp(rgb) for name, rgb in colours.items()}


# Nature
GRASS = ramp((120, 176, 84))
GRASS_DARK = ramp((92, 148, 72))
LEAF = ramp((84, 150, 76))
LEAF_DARK = ramp((58, 116, 70))
PINE = ramp((52, 112, 84))
BLOSSOM = ramp((240, 170, 186))
BARK = ramp((122, 80, 56))
WATER = ramp((92, 160, 204))
WATER_DEEP = ramp((70, 130, 186))
SAND = ramp((232, 206, 150))
DIRT = ramp((176, 128, 86))
SOIL = ramp((126, 86, 62))
FLOWERS = _ramps(
    {
        "red": (226, 88, 82),
        "yellow": (246, 206, 86),
        "purple": (170, 120, 206),
        "white": (246, 240, 226),
        "pink": (240, 150, 176),
        "orange": (240, 150, 70),
    }
)

# Streets
ASPHALT = ramp((110, 104, 112))
CURB = ramp((170, 160, 156))
PAVING = ramp((208, 194, 172))
COBBLE = ramp((186, 166, 146))
ROAD_PAINT: Color = (246, 226, 160, 255)

# Buildings
WALL_CAP = ramp((120, 82, 74))
BRICK = ramp((196, 108, 82))
SIDING = _ramps(
    {
        "blue": (132, 168, 196),
        "cream": (234, 214, 170),
        "sage": (150, 180, 132),
        "rose": (214, 146, 140),
        "stone": (176, 170, 160),
    }
)
WALLPAPER = _ramps(
    {
        "cream": (240, 226, 196),
        "sage": (196, 214, 172),
        "rose": (236, 196, 188),
        "blue": (190, 210, 226),
        "mint": (198, 230, 210),
        "butter": (244, 226, 160),
    }
)
WOOD_FLOOR = _ramps(
    {
        "light": (214, 170, 116),
        "dark": (150, 98, 70),
        "red": (176, 104, 78),
    }
)
TILE_FLOOR = _ramps(
    {
        "white": (232, 228, 216),
        "blue": (170, 200, 214),
        "checker": (220, 210, 190),
    }
)
CARPET = _ramps(
    {
        "red": (186, 86, 84),
        "green": (112, 150, 106),
        "blue": (104, 126, 176),
        "purple": (146, 112, 160),
    }
)
GLASS = ramp((168, 214, 230))
ROOF_RED = ramp((192, 84, 70))

# Furniture
WOOD = ramp((176, 118, 76))
WOOD_DARK = ramp((118, 74, 56))
WOOD_PALE = ramp((222, 184, 132))
METAL = ramp((180, 186, 194))
PORCELAIN = ramp((240, 238, 232))
FABRIC = _ramps(
    {
        "red": (206, 90, 84),
        "blue": (96, 136, 196),
        "green": (110, 166, 104),
        "yellow": (236, 196, 90),
        "purple": (150, 110, 180),
        "teal": (84, 164, 160),
        "orange": (226, 140, 78),
    }
)
BOOKS: list[Color] = [
    FABRIC["red"].base,
    FABRIC["blue"].base,
    FABRIC["green"].base,
    FABRIC["yellow"].base,
    FABRIC["purple"].base,
    FABRIC["teal"].base,
    FABRIC["orange"].base,
]
CHALKBOARD = ramp((66, 108, 86))
BLACK_KEY: Color = (44, 36, 44, 255)
