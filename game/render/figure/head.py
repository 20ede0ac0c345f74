"""Head, face, hair and headwear of a 16×24 character frame."""

from __future__ import annotations

from game.render.figure.canvas import Canvas
from game.render.figure.hair import HAIR_STYLES, hair_mask
from game.render.figure.palette import BLUSH, CLOTH, EYE, HAIR, MOUTH, SKIN, WHITE, Ramp
from game.render.figure.pose import Pose
from game.town.looks import Look

FRAME: tuple[int, int, int, int] = (84, 62, 70, 255)


def hair_ramp(look: Look) -> Ramp:
    return CLOTH[look.hat_color] if look.hair_style == "hijab" else HAIR[look.hair]


def paint_hair_back(c: Canvas, look: Look, pose: Pose) -> None:
    """Long hair hanging behind the shoulders (only the facing-down view needs this)."""
    if pose.facing != "down":
        return
    ramp = hair_ramp(look)
    for (hx, hy), shade in hair_mask(HAIR_STYLES[look.hair_style], "down").items():
        if hy > 8 and look.hair_style != "hijab":
            c.put(3 + hx, 3 + pose.bob + hy, getattr(ramp, shade))


def paint_head(c: Canvas, look: Look, pose: Pose) -> None:
    b, skin = pose.bob, SKIN[look.skin]
    c.rect(3, 3 + b, 12, 11 + b, skin.base)
    for x, y in ((3, 3), (12, 3), (3, 11), (12, 11)):
        c.put(x, y + b, None)
    if pose.facing == "right":
        c.rect(3, 4 + b, 3, 10 + b, skin.lo)
        c.rect(8, 8 + b, 8, 9 + b, skin.lo)
    else:
        c.rect(12, 4 + b, 12, 10 + b, skin.lo)
        c.rect(4, 11 + b, 11, 11 + b, skin.lo)
    if pose.facing != "up":
        _face(c, look, pose)
    ramp = hair_ramp(look)
    for (hx, hy), shade in hair_mask(HAIR_STYLES[look.hair_style], pose.facing).items():
        if pose.facing == "down" and hy > 8 and look.hair_style != "hijab":
            continue
        c.put(3 + hx, 3 + b + hy, getattr(ramp, shade))
    if look.hair_style == "neat_grey" and pose.facing != "up":
        grey = HAIR["silver"].lo
        for y in range(6, 9):
            c.put(3 if pose.facing == "down" else 7, y + b, grey)
            if pose.facing == "down":
                c.put(12, y + b, grey)
    paint_headwear(c, look, pose)


def _face(c: Canvas, look: Look, pose: Pose) -> None:
    b, skin = pose.bob, SKIN[look.skin]
    side = pose.facing == "right"
    if not pose.face:
        _facial_hair(c, look, pose, skin)
        return
    eyes = (10,) if side else (5, 10)
    for x in eyes:
        if pose.eyes == "open":
            c.rect(x, 8 + b, x, 9 + b, EYE)
        elif pose.eyes == "down":
            c.put(x, 9 + b, EYE)
        else:
            c.rect(x - (0 if x > 7 or side else -1), 9 + b, x + (1 if side else 0), 9 + b, EYE)
    if pose.eyes == "closed" and not side:
        c.put(6, 9 + b, EYE)
        c.put(9, 9 + b, EYE)
        c.put(5, 9 + b, EYE)
    c.put(11, 10 + b, BLUSH)
    if not side:
        c.put(4, 10 + b, BLUSH)
    if pose.mouth:
        c.rect(12, 10 + b, 12, 10 + b, MOUTH) if side else c.rect(7, 10 + b, 8, 10 + b, MOUTH)
    if look.glasses and pose.eyes != "closed":
        if side:
            c.rect(8, 8 + b, 11, 8 + b, FRAME)
            c.put(10, 8 + b, WHITE)
        else:
            c.rect(4, 8 + b, 11, 8 + b, FRAME)
            c.put(5, 8 + b, WHITE)
            c.put(10, 8 + b, WHITE)
    _facial_hair(c, look, pose, skin)


def _facial_hair(c: Canvas, look: Look, pose: Pose, skin: Ramp) -> None:
    b, hair = pose.bob, HAIR[look.hair]
    side = pose.facing == "right"
    kind = look.facial
    if kind == "stubble":
        for x in range(8 if side else 4, 13 if side else 12):
            if x % 2 == 0:
                c.put(x, 11 + b, skin.lo)
        c.put(12 if side else 6, 10 + b, skin.lo)
        if not side:
            c.put(9, 10 + b, skin.lo)
    elif kind == "moustache":
        if side:
            c.rect(10, 10 + b, 12, 10 + b, hair.base)
        else:
            c.rect(6, 10 + b, 9, 10 + b, hair.base)
            c.put(9, 10 + b, hair.lo)
    elif kind == "goatee":
        if side:
            c.rect(11, 10 + b, 12, 11 + b, hair.base)
        else:
            c.rect(6, 10 + b, 9, 10 + b, hair.lo)
            c.rect(7, 11 + b, 8, 12 + b, hair.base)
    elif kind == "beard":
        if side:
            c.rect(8, 10 + b, 12, 11 + b, hair.base)
            c.rect(8, 7 + b, 8, 9 + b, hair.lo)
            c.rect(9, 12 + b, 11, 12 + b, hair.lo)
        else:
            c.rect(3, 9 + b, 3, 10 + b, hair.base)
            c.rect(12, 9 + b, 12, 10 + b, hair.lo)
            c.rect(4, 10 + b, 11, 11 + b, hair.base)
            c.rect(7, 10 + b, 8, 10 + b, hair.lo)
            c.rect(5, 12 + b, 10, 12 + b, hair.lo)
            c.rect(11, 10 + b, 11, 11 + b, hair.lo)


def paint_headwear(c: Canvas, look: Look, pose: Pose) -> None:
    b, hat = pose.bob, CLOTH[look.hat_color]
    side = pose.facing == "right"
    if look.hat == "brim":
        c.rect(4, 1 + b, 11, 3 + b, hat.base)
        c.rect(5, 1 + b, 10, 1 + b, hat.hi)
        c.rect(4, 3 + b, 11, 3 + b, CLOTH["brown"].lo)
        c.rect(1, 4 + b, 14, 4 + b, hat.lo)
        c.rect(2, 4 + b, 6, 4 + b, hat.base)
    elif look.hat in {"headphones", "headset"}:
        if side:
            c.rect(7, 2 + b, 8, 6 + b, hat.base)
            c.rect(6, 7 + b, 8, 9 + b, hat.lo)
            c.put(7, 7 + b, hat.hi)
            if look.hat == "headset":
                c.rect(9, 10 + b, 11, 10 + b, hat.base)
                c.put(12, 10 + b, CLOTH["mint"].base)
        else:
            c.rect(4, 2 + b, 11, 2 + b, hat.base)
            for x in (2, 13):
                c.rect(x, 4 + b, x, 6 + b, hat.base)
            for x0 in (2, 12):
                c.rect(x0, 7 + b, x0 + 1, 9 + b, hat.lo)
            c.put(2, 7 + b, hat.hi)
            c.put(13, 7 + b, hat.hi)
            if look.hat == "headset" and pose.facing == "down":
                c.rect(4, 10 + b, 5, 10 + b, hat.base)
                c.put(6, 10 + b, CLOTH["mint"].base)
    elif look.hat == "bandana":
        c.rect(4, 2 + b, 11, 2 + b, hat.base)
        c.rect(3, 3 + b, 12, 4 + b, hat.base)
        c.rect(3, 4 + b, 12, 4 + b, hat.lo)
        for x, y in ((5, 3), (9, 3), (7, 2), (11, 4)):
            c.put(x, y + b, WHITE)
        if pose.facing == "up":
            c.rect(7, 5 + b, 8, 5 + b, hat.lo)
            c.put(6, 6 + b, hat.base)
            c.put(9, 6 + b, hat.base)
        elif side:
            c.rect(1, 4 + b, 2, 5 + b, hat.base)
