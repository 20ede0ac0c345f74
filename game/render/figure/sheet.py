"""Compose the 16×24 frames of one character and lay them out as a 4×5 sheet."""

from __future__ import annotations

from game.render.figure.body import paint_body, paint_waving_arm
from game.render.figure.canvas import Canvas
from game.render.figure.head import paint_hair_back, paint_head
from game.render.figure.palette import CLOTH, OUTLINE, SKIN, WHITE
from game.render.figure.pose import Pose
from game.town.looks import Look

FRAME_W, FRAME_H = 16, 24
ROWS = {"down": 0, "left": 1, "right": 2, "up": 3, "special": 4}
SPECIAL = ("sleep", "sit", "talk", "read")


def walk_poses(facing: str) -> list[Pose]:
    """Idle, step, pass, step: legs alternate, body rises on the pass, arms swing."""
    if facing == "right":
        swings = [(0, 0), (-1, 0), (0, 0), (1, 0)]
    else:
        swings = [(0, 0), (1, -1), (0, 0), (-1, 1)]
    legs = ["stand", "step_a", "pass", "step_b"]
    bobs = [0, 0, -1, 0]
    return [
        Pose(facing=facing, bob=bob, legs=leg, hands=hands)
        for leg, bob, hands in zip(legs, bobs, swings, strict=True)
    ]


SPECIAL_POSES: dict[str, Pose] = {
    "sleep": Pose(eyes="closed", blanket=True),
    "sit": Pose(bob=2, legs="sit"),
    "talk": Pose(arm="wave", mouth=True),
    "read": Pose(hands=(-1, -1), eyes="down"),
}


def draw_frame(look: Look, pose: Pose) -> Canvas:
    c = Canvas(FRAME_W, FRAME_H)
    paint_hair_back(c, look, pose)
    paint_body(c, look, pose)
    paint_head(c, look, pose)
    if pose.arm == "wave":
        paint_waving_arm(c, look, pose)
    if pose.blanket:
        _blanket(c, look)
    c.outline(OUTLINE)
    return c


def draw_special(look: Look, name: str) -> Canvas:
    pose = SPECIAL_POSES[name]
    if name != "read":
        return draw_frame(look, pose)
    c = Canvas(FRAME_W, FRAME_H)
    paint_hair_back(c, look, pose)
    paint_body(c, look, pose)
    paint_head(c, look, pose)
    _prop(c, look)
    c.outline(OUTLINE)
    return c


def _blanket(c: Canvas, look: Look) -> None:
    quilt = CLOTH["sky"]
    c.rect(2, 15, 13, 21, quilt.base)
    c.rect(3, 22, 12, 22, quilt.lo)
    c.rect(2, 15, 13, 15, WHITE)
    c.rect(13, 16, 13, 21, quilt.lo)
    c.rect(3, 18, 12, 18, quilt.hi)
    c.rect(7, 19, 7, 21, quilt.lo)
    skin = SKIN[look.skin]
    c.rect(4, 15, 5, 15, skin.base)
    c.rect(10, 15, 11, 15, skin.lo)


def _prop(c: Canvas, look: Look) -> None:
    p, skin = CLOTH[look.prop_color], SKIN[look.skin]
    kind = look.prop
    if kind == "camera":
        c.rect(4, 8, 11, 11, p.base)
        c.rect(4, 8, 11, 8, p.hi)
        c.rect(7, 9, 8, 10, CLOTH["sky"].hi)
        c.put(10, 7, p.base)
        c.put(3, 10, skin.base)
        c.put(12, 10, skin.base)
        return
    hands = (5, 10)
    if kind in {"book", "notebook", "tablet"}:
        c.rect(5, 13, 10, 16, p.base)
        c.rect(7, 13, 8, 16, p.lo if kind == "book" else p.base)
        c.rect(5, 13, 10, 13, p.hi)
        if kind == "tablet":
            c.rect(6, 14, 9, 15, CLOTH["teal"].hi)
    elif kind == "laptop":
        c.rect(4, 13, 11, 15, p.base)
        c.rect(7, 14, 8, 14, WHITE)
        c.rect(3, 16, 12, 16, p.lo)
        hands = (4, 11)
    elif kind == "mug":
        c.rect(7, 14, 8, 16, p.base)
        c.rect(7, 14, 8, 14, p.hi)
        c.put(9, 15, p.lo)
        c.put(7, 13, WHITE)
        hands = (6, 9)
    elif kind == "palette":
        c.rect(3, 15, 8, 16, p.base)
        c.rect(4, 14, 7, 14, p.base)
        for x, name in ((4, "red"), (6, "sky"), (7, "yellow")):
            c.put(x, 15, CLOTH[name].base)
        c.rect(11, 11, 11, 15, CLOTH["brown"].base)
        c.put(11, 10, CLOTH["red"].base)
        hands = (3, 11)
    elif kind == "clipboard":
        c.rect(5, 13, 10, 17, p.base)
        c.rect(6, 14, 9, 16, WHITE)
        c.rect(7, 13, 8, 13, CLOTH["silver"].base)
        c.rect(6, 15, 8, 15, CLOTH["grey"].base)
    elif kind == "map":
        c.rect(2, 13, 13, 16, p.base)
        for x in (5, 8, 11):
            c.rect(x, 13, x, 16, p.lo)
        c.rect(3, 14, 6, 14, CLOTH["teal"].base)
        c.put(10, 15, CLOTH["red"].base)
        hands = (2, 13)
    for x in hands:
        c.put(x, 16, skin.base)


def draw_sheet(look: Look) -> Canvas:
    sheet = Canvas(FRAME_W * 4, FRAME_H * 5)
    for facing in ("down", "right", "up"):
        for col, pose in enumerate(walk_poses(facing)):
            frame = draw_frame(look, pose)
            sheet.blit(frame, col * FRAME_W, ROWS[facing] * FRAME_H)
            if facing == "right":
                sheet.blit(frame.flipped(), col * FRAME_W, ROWS["left"] * FRAME_H)
    for col, name in enumerate(SPECIAL):
        sheet.blit(draw_special(look, name), col * FRAME_W, ROWS["special"] * FRAME_H)
    return sheet
