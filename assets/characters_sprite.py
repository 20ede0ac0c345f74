"""A cast member's sheet and portrait, drawn by the game's character code
(`game/render/figure/`), the code that draws players' looks at run time."""

from __future__ import annotations

from game.render.figure import portrait, sheet
from game.render.figure.canvas import Canvas
from game.render.figure.sheet import FRAME_H, FRAME_W, ROWS, SPECIAL
from game.town.cast import CastMember
from game.town.looks import BUNDLED_LOOKS, Look

__all__ = ["FRAME_H", "FRAME_W", "ROWS", "SPECIAL", "draw_portrait", "draw_sheet", "look_of"]


def look_of(member: CastMember) -> Look:
    return Look.from_parts(BUNDLED_LOOKS[member.name])


def draw_sheet(member: CastMember) -> Canvas:
    """The 4×5 sheet of 16×24 frames (see generate_characters.py for the layout)."""
    return sheet.draw_sheet(look_of(member))


def draw_portrait(member: CastMember) -> Canvas:
    """The 32×32 head-and-shoulders portrait."""
    return portrait.draw_portrait(look_of(member))
