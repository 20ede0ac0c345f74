"""The character palette: warm outline, skin tones, hair colours and cloth colours.

Every base colour (`game.town.looks`) becomes a three-step ramp (highlight, base, shadow).
Highlights lean towards warm yellow, shadows towards plum, so every character shares one
lighting mood. `shift_colour`, `OUTLINE` and `WHITE` are those of the tileset's palette
(`assets/palette.py`), so people and tiles share one light.
"""

from __future__ import annotations

import colorsys
from typing import NamedTuple

from game.render.figure.canvas import Color
from game.town.looks import CLOTH_COLOURS, HAIR_COLOURS, SKIN_TONES

OUTLINE: Color = (52, 32, 40, 255)
WHITE: Color = (250, 244, 230, 255)
EYE: Color = (44, 30, 42, 255)
BLUSH: Color = (232, 132, 120, 255)
MOUTH: Color = (150, 60, 62, 255)


class Ramp(NamedTuple):
    hi: Color
    base: Color
    lo: Color


def shift_colour(
    rgb: tuple[int, int, int], dv: float, ds: float, hue_to: float, dh: float
) -> Color:
    """`rgb` with value and saturation moved by dv/ds and hue nudged (at most dh) to hue_to."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    diff = (hue_to - h + 0.5) % 1.0 - 0.5  # shortest way round the colour wheel
    h = (h + max(-dh, min(dh, diff))) % 1.0
    s = min(1.0, max(0.0, s + ds))
    v = min(1.0, max(0.0, v + dv))
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return (round(r * 255), round(g * 255), round(b * 255), 255)


def ramp(rgb: tuple[int, int, int]) -> Ramp:
    """Highlight shifted towards yellow, shadow towards plum."""
    hi = shift_colour(rgb, 0.12, -0.08, 0.14, 0.03)
    lo = shift_colour(rgb, -0.2, 0.08, 0.85, 0.04)
    return Ramp(hi, (*rgb, 255), lo)


SKIN: dict[str, Ramp] = {name: ramp(rgb) for name, rgb in SKIN_TONES.items()}
HAIR: dict[str, Ramp] = {name: ramp(rgb) for name, rgb in HAIR_COLOURS.items()}
CLOTH: dict[str, Ramp] = {name: ramp(rgb) for name, rgb in CLOTH_COLOURS.items()}
