"""32×32 head-and-shoulders portraits at twice the sprite's detail.

The silhouette comes from the facing-down idle frame drawn at 2×; then everything a 16-px
sprite cannot hold is painted at the finer grid: rounded corners, a 1-px outline, eyes with
catch-lights, brows, nose, a smile, blush, ears and wire-rimmed glasses.
"""

from __future__ import annotations

from game.render.figure.body import paint_body
from game.render.figure.canvas import Canvas
from game.render.figure.head import FRAME, hair_ramp, paint_head
from game.render.figure.palette import BLUSH, EYE, MOUTH, OUTLINE, SKIN, WHITE
from game.render.figure.pose import Pose
from game.town.looks import Look

SIZE = 32


def _silhouette(look: Look) -> Canvas:
    """The idle sprite without face or outline, enlarged so that head x 3..12 → 6..25."""
    small = Canvas(16, 24)
    pose = Pose(face=False)
    paint_body(small, look, pose)
    paint_head(small, look, pose)
    big = Canvas(SIZE, SIZE)
    for y in range(SIZE):
        for x in range(SIZE):
            big.px[y][x] = small.get(x // 2, (y + 2) // 2)
    return big


def _round_corners(c: Canvas) -> None:
    corners = []
    for y in range(c.height):
        for x in range(c.width):
            if c.get(x, y) is None:
                continue
            up, down = c.get(x, y - 1) is None and y > 0, c.get(x, y + 1) is None
            left, right = c.get(x - 1, y) is None, c.get(x + 1, y) is None
            if (up and (left or right)) or (down and y < 24 and (left or right)):
                corners.append((x, y))
    for x, y in corners:
        c.put(x, y, None)


def _face(c: Canvas, look: Look) -> None:
    skin, brow = SKIN[look.skin], hair_ramp(look).lo
    for x in (5, 26):
        if c.get(x, 16) is None:
            c.rect(x, 15, x, 17, skin.lo)
    for x0 in (11, 19):
        c.rect(x0, 14, x0 + 1, 16, EYE)
        c.put(x0, 14, WHITE)
        c.rect(x0 - 1, 12, x0 + 1, 12, brow)
    c.put(10, 13, brow)
    c.put(21, 13, brow)
    c.rect(15, 18, 16, 18, skin.lo)
    c.rect(9, 18, 10, 18, BLUSH)
    c.rect(21, 18, 22, 18, BLUSH)
    c.rect(15, 20, 16, 20, MOUTH)
    if look.glasses:
        for x0 in (9, 18):
            c.rect(x0, 13, x0 + 4, 13, FRAME)
            c.rect(x0, 17, x0 + 4, 17, FRAME)
            c.rect(x0, 13, x0, 17, FRAME)
            c.rect(x0 + 4, 13, x0 + 4, 17, FRAME)
            c.put(x0 + 3, 14, WHITE)
        c.rect(14, 14, 17, 14, FRAME)


def draw_portrait(look: Look) -> Canvas:
    c = _silhouette(look)
    _round_corners(c)
    _face(c, look)
    c.outline(OUTLINE)
    return c
