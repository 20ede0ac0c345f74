"""The character palette: warm outline, skin tones, hair colours and cloth colours.

Every base colour becomes a three-step ramp (highlight, base, shadow). Highlights lean towards
warm yellow, shadows towards plum, so all 26 characters share one lighting mood.
"""

from __future__ import annotations

from assets.characters_png import Color
from assets.palette import OUTLINE as OUTLINE  # re-exported for the character modules
from assets.palette import WHITE as WHITE
from assets.palette import Ramp, shift_colour

EYE: Color = (44, 30, 42, 255)
BLUSH: Color = (232, 132, 120, 255)
MOUTH: Color = (150, 60, 62, 255)


def ramp(rgb: tuple[int, int, int]) -> Ramp:
    """Highlight shifted towards yellow, shadow towards plum."""
    hi = shift_colour(rgb, 0.12, -0.08, 0.14, 0.03)
    lo = shift_colour(rgb, -0.2, 0.08, 0.85, 0.04)
    return Ramp(hi, (*rgb, 255), lo)


SKIN: dict[str, Ramp] = {
    name: ramp(rgb)
    for name, rgb in {
        "porcelain": (250, 216, 192),
        "fair": (242, 196, 160),
        "golden": (236, 190, 140),
        "olive": (212, 162, 116),
        "tan": (194, 138, 96),
        "brown": (156, 100, 66),
        "deep": (108, 66, 46),
    }.items()
}

HAIR: dict[str, Ramp] = {
    name: ramp(rgb)
    for name, rgb in {
        "black": (62, 52, 68),
        "espresso": (76, 50, 42),
        "chestnut": (122, 72, 44),
        "brown": (146, 98, 60),
        "copper": (196, 96, 48),
        "blond": (232, 190, 100),
        "ash": (176, 160, 130),
        "salt": (128, 120, 118),
        "silver": (206, 202, 206),
        "white": (236, 232, 228),
    }.items()
}

CLOTH: dict[str, Ramp] = {
    name: ramp(rgb)
    for name, rgb in {
        "red": (204, 62, 58),
        "wine": (140, 44, 62),
        "rose": (222, 128, 140),
        "orange": (232, 124, 52),
        "mustard": (222, 172, 54),
        "yellow": (246, 208, 80),
        "olive": (128, 132, 60),
        "green": (70, 140, 80),
        "forest": (46, 96, 70),
        "mint": (132, 204, 170),
        "teal": (40, 146, 150),
        "sky": (116, 170, 220),
        "denim": (70, 104, 160),
        "navy": (42, 56, 104),
        "purple": (122, 76, 164),
        "lavender": (172, 148, 214),
        "lilac": (204, 170, 214),
        "brown": (120, 80, 54),
        "tweed": (150, 112, 72),
        "khaki": (196, 170, 120),
        "cream": (240, 228, 200),
        "white": (246, 244, 238),
        "grey": (140, 140, 150),
        "charcoal": (70, 68, 80),
        "black": (60, 56, 70),
        "gold": (236, 190, 70),
        "silver": (200, 204, 214),
    }.items()
}
