"""Torso, arms, legs and clothes of a 16×24 character frame."""

from __future__ import annotations

from game.render.figure.canvas import Canvas, Color
from game.render.figure.palette import CLOTH, SKIN, WHITE, Ramp
from game.render.figure.pose import Pose
from game.town.looks import Look

LONG_TOPS = {"coat", "smock"}
SHORT_SLEEVES = {"tee", "dress", "overalls"}
SPLOTCH = ((5, 13, "red"), (9, 14, "yellow"), (6, 16, "teal"), (10, 17, "rose"))


def _hem(look: Look) -> int:
    return 18 if look.top in LONG_TOPS else 16


def _sleeve(look: Look) -> Ramp:
    return CLOTH[look.accent] if look.top in {"vest", "overalls"} else CLOTH[look.top_color]


def paint_body(c: Canvas, look: Look, pose: Pose) -> None:
    if pose.facing == "right":
        _side_legs(c, look, pose)
        _side_torso(c, look, pose)
    else:
        _front_legs(c, look, pose)
        _front_torso(c, look, pose)


# --- front and back --------------------------------------------------------------------------


def _front_legs(c: Canvas, look: Look, pose: Pose) -> None:
    if pose.legs == "hidden":
        return
    bot, skin, shoe = CLOTH[look.bottom_color], SKIN[look.skin], CLOTH[look.shoes]
    hip = 17 + pose.bob
    shoe_col = shoe.lo if pose.facing == "up" else shoe.base
    lifts = {"step_a": (0, 1), "step_b": (1, 0)}.get(pose.legs, (0, 0))
    bare = look.bottom in {"skirt", "shorts"}
    if pose.legs == "sit":
        c.rect(4, hip, 11, hip + 1, bot.base)
        c.rect(4, hip + 1, 11, hip + 1, bot.lo)
        for x0 in (5, 9):
            c.rect(x0, hip + 2, x0 + 1, 21, skin.lo if bare else bot.lo)
        c.rect(4, 22, 6, 22, shoe_col)
        c.rect(9, 22, 11, 22, shoe_col)
        return
    for (leg_x, shoe_x), lift in zip(((5, 4), (9, 9)), lifts, strict=True):
        foot = 21 - lift
        leg = skin if bare else bot
        c.rect(leg_x, hip, leg_x + 1, foot - 1, leg.base)
        c.put(leg_x + 1 if leg_x == 9 else leg_x, foot - 1, leg.lo)
        c.rect(shoe_x, foot, shoe_x + 2, foot + 1, shoe_col)
        c.rect(shoe_x, foot + 1, shoe_x + 2, foot + 1, shoe.lo)
    c.rect(5, hip, 10, hip, bot.base)
    if look.bottom in {"skirt", "shorts"}:
        c.rect(4, hip, 11, hip + 1, bot.base)
        if look.bottom == "skirt":
            c.rect(3, hip + 2, 12, hip + 2, bot.lo)
            c.rect(4, hip + 1, 11, hip + 1, bot.base)
    elif look.bottom == "long_skirt":
        c.rect(4, hip, 11, 19, bot.base)
        c.rect(3, 19, 12, 20, bot.base)
        c.rect(3, 20, 12, 20, bot.lo)
        c.rect(11, hip, 11, 18, bot.lo)


def _front_torso(c: Canvas, look: Look, pose: Pose) -> None:
    b, up = pose.bob, pose.facing == "up"
    top, sleeve, skin = CLOTH[look.top_color], _sleeve(look), SKIN[look.skin]
    x0, x1 = (3, 12) if look.broad else (4, 11)
    hem = _hem(look) + b
    c.rect(x0, 13 + b, x1, hem, top.base)
    c.rect(x0 + 1, 12 + b, x1 - 1, 12 + b, top.base)
    c.rect(x1, 13 + b, x1, hem, top.lo)
    c.rect(x0, hem, x1, hem, top.lo)
    if look.top in LONG_TOPS:
        c.rect(7, 15 + b, 7, hem, top.lo if up else CLOTH[look.accent].base)
    _pattern(c, look, x0, x1, 12 + b, hem)
    for side, (ax, drop) in enumerate(zip((x0 - 1, x1 + 1), pose.hands, strict=True)):
        ramp = sleeve if side == 0 else Ramp(sleeve.base, sleeve.lo, sleeve.lo)
        if pose.arm == "wave" and side == 1:
            continue  # painted over the hair by paint_waving_arm
        end = 15 + b + drop
        c.rect(ax, 13 + b, ax, end, ramp.base)
        if look.top in SHORT_SLEEVES:
            c.rect(ax, 14 + b, ax, end, skin.base if side == 0 else skin.lo)
        c.put(ax, end + 1, skin.base)
    if up:
        _back_details(c, look, b, x0, x1)
    else:
        _front_details(c, look, b, x0, x1)


def paint_waving_arm(c: Canvas, look: Look, pose: Pose) -> None:
    """The raised screen-right arm of the talking pose, drawn last so hair never hides it."""
    b, sleeve, skin = pose.bob, _sleeve(look), SKIN[look.skin]
    ax = 13 if look.broad else 12
    short = look.top in SHORT_SLEEVES
    c.rect(ax, 12 + b, ax, 13 + b, sleeve.lo)
    c.rect(ax + 1, 9 + b, ax + 1, 11 + b, skin.base if short else sleeve.base)
    c.put(ax + 1, 11 + b, sleeve.lo)
    c.rect(ax + 1, 7 + b, ax + 1, 8 + b, skin.base)
    c.put(ax, 8 + b, skin.lo)


def _pattern(c: Canvas, look: Look, x0: int, x1: int, y0: int, y1: int) -> None:
    acc = CLOTH[look.accent]
    for y in range(y0, y1 + 1):
        for x in range(x0 - 1, x1 + 2):
            if c.get(x, y) is None:
                continue
            if look.pattern == "stripes" and (y - y0) % 2 == 1:
                c.put(x, y, acc.base)
            elif look.pattern == "plaid" and (x % 3 == 0 or (y - y0) % 3 == 2):
                c.put(x, y, CLOTH[look.top_color].lo if x % 3 else acc.base)
            elif look.pattern == "dots" and (x + 2 * y) % 4 == 0:
                c.put(x, y, WHITE)
    if look.pattern == "splotch":
        for dx, dy, name in SPLOTCH:
            c.recolor(dx, dy + y0 - 12, CLOTH[name].base)


def _front_details(c: Canvas, look: Look, b: int, x0: int, x1: int) -> None:
    top, acc, skin = CLOTH[look.top_color], CLOTH[look.accent], SKIN[look.skin]
    y = 12 + b
    kind = look.top
    if kind in {"tee", "dress", "smock"}:
        c.rect(7, y, 8, y, skin.lo)
    elif kind == "hoodie":
        c.put(x0 + 1, y, top.lo)
        c.put(x1 - 1, y, top.lo)
        c.rect(6, y + 1, 6, y + 2, acc.hi)
        c.rect(9, y + 1, 9, y + 2, acc.hi)
        c.rect(6, y + 3, 9, y + 3, top.lo)
    elif kind in {"sweater", "turtleneck"}:
        c.rect(6, y, 9, y, top.hi if kind == "turtleneck" else acc.base)
    elif kind == "cardigan":
        c.rect(7, y, 8, y + 4, acc.base)
        c.put(6, y + 2, CLOTH["gold"].base)
        c.put(6, y + 4, CLOTH["gold"].base)
    elif kind in {"vest", "blazer", "coat"}:
        c.rect(7, y, 8, y + 1, acc.base)
        c.put(7, y + 2, acc.base if kind == "vest" else acc.lo)
        c.put(6, y, top.hi)
        c.put(9, y, top.hi)
        button = CLOTH["gold"].base if look.top_color == "navy" else top.lo
        c.put(6, y + 3, button)
        c.put(6 if kind == "vest" else 9, y + 4 if kind == "vest" else y + 3, button)
    elif kind == "track":
        c.rect(7, y, 8, y + 4, acc.base)
        c.rect(x0 - 1, y + 2, x0 - 1, y + 2, acc.base)
        c.rect(x1 + 1, y + 2, x1 + 1, y + 2, acc.lo)
    elif kind == "overalls":
        c.rect(x0, y, x1, y + 1, acc.base)
        c.rect(x0 + 1, y, x1 - 1, y, acc.base)
        c.rect(5, y + 2, 10, y + 4, top.base)
        c.put(5, y + 1, top.base)
        c.put(10, y + 1, top.base)
        c.put(5, y + 2, CLOTH["gold"].base)
        c.put(10, y + 2, CLOTH["gold"].base)
        c.rect(x0, y + 4, x1, y + 4, top.lo)
    if look.apron:
        ap = CLOTH[look.apron]
        c.rect(5, y + 1, 10, y + 6, ap.base)
        c.rect(6, y, 9, y, ap.base)
        c.rect(10, y + 1, 10, y + 6, ap.lo)
        c.rect(6, y + 4, 9, y + 4, ap.lo)
        c.rect(5, y + 6, 10, y + 6, ap.lo)
        c.put(6, y + 1, ap.hi)
    _neckwear(c, look, b)


def _neckwear(c: Canvas, look: Look, b: int) -> None:
    col = CLOTH[look.neck_color]
    y = 12 + b
    if look.neck == "bowtie":
        c.rect(6, y, 9, y, col.base)
        c.rect(7, y, 8, y, col.lo)
    elif look.neck == "tie":
        c.rect(7, y, 8, y, col.base)
        c.rect(7, y + 1, 7, y + 3, col.base)
    elif look.neck == "scarf":
        c.rect(5, y, 10, y, col.base)
        c.rect(9, y + 1, 9, y + 3, col.lo)
        c.put(6, y, col.hi)
    elif look.neck == "camera":
        c.put(5, y + 1, col.lo)
        c.put(10, y + 1, col.lo)
        c.rect(6, y + 2, 9, y + 3, col.base)
        c.put(7, y + 2, col.hi)
        c.put(8, y + 3, CLOTH["sky"].hi)
    elif look.neck == "badge":
        c.put(9, y + 1, col.base)
        c.put(10, y + 1, WHITE)
        c.put(9, y + 2, CLOTH["navy"].hi)


def _back_details(c: Canvas, look: Look, b: int, x0: int, x1: int) -> None:
    top, acc = CLOTH[look.top_color], CLOTH[look.accent]
    y = 12 + b
    if look.top == "hoodie":
        c.rect(5, y, 10, y + 1, top.lo)
        c.rect(6, y + 2, 9, y + 2, top.lo)
    elif look.top in {"blazer", "coat", "vest", "sweater", "turtleneck"}:
        c.rect(6, y, 9, y, acc.base if look.top != "turtleneck" else top.hi)
    elif look.top == "overalls":
        c.rect(x0, y, x1, y + 2, acc.base)
        c.rect(6, y, 6, y + 2, top.base)
        c.rect(9, y, 9, y + 2, top.base)
        c.rect(x0, y + 3, x1, y + 4, top.base)
    if look.apron:
        ap = CLOTH[look.apron]
        c.rect(x0, y + 3, x1, y + 3, ap.base)
        c.rect(7, y + 3, 8, y + 4, ap.lo)
        c.put(6, y + 4, ap.base)
        c.put(9, y + 4, ap.base)
    if look.neck == "scarf":
        c.rect(5, y, 10, y, CLOTH[look.neck_color].base)
    if look.backpack:
        bp = CLOTH[look.backpack]
        big = look.hat == "brim"
        c.rect(4, y - (2 if big else 0), 11, y + 5, bp.base)
        c.rect(4, y + 5, 11, y + 5, bp.lo)
        c.rect(11, y, 11, y + 5, bp.lo)
        c.rect(5, y + 1, 10, y + 1, bp.lo)
        c.rect(6, y + 3, 9, y + 4, bp.hi)
        if big:
            c.rect(3, y - 3, 12, y - 2, CLOTH["khaki"].base)
            c.rect(3, y - 2, 12, y - 2, CLOTH["khaki"].lo)


# --- side view (facing right) --------------------------------------------------------------


def _leg_side(
    c: Canvas, hip: int, top_x: int, foot_x: int, lift: int, col: Color, shoe: Color, shoe_lo: Color
) -> None:
    foot = 21 - lift
    rows = foot - hip
    for i in range(rows):
        x = top_x + round((foot_x - top_x) * i / max(1, rows - 1))
        c.rect(x, hip + i, x + 1, hip + i, col)
    c.rect(foot_x, foot, foot_x + 2, foot, shoe)
    c.rect(foot_x, foot + 1, foot_x + 3, foot + 1, shoe_lo)


def _side_legs(c: Canvas, look: Look, pose: Pose) -> None:
    if pose.legs == "hidden":
        return
    bot, skin, shoe = CLOTH[look.bottom_color], SKIN[look.skin], CLOTH[look.shoes]
    leg = skin if look.bottom in {"skirt", "shorts"} else bot
    hip = 17 + pose.bob
    near, far = (leg.base, shoe.base, shoe.lo), (leg.lo, shoe.lo, shoe.lo)
    layout = {  # (far top, far foot, far lift), (near top, near foot, near lift)
        "stand": ((6, 6, 0), (7, 7, 0)),
        "pass": ((6, 5, 1), (7, 7, 0)),
        "step_a": ((6, 4, 0), (7, 9, 0)),
        "step_b": ((7, 9, 0), (6, 4, 0)),
    }[pose.legs]
    (ft, ff, fl), (nt, nf, nl) = layout
    _leg_side(c, hip, ft, ff, fl, *far)
    _leg_side(c, hip, nt, nf, nl, *near)
    c.rect(6, hip, 9, hip, bot.base)
    if look.bottom in {"skirt", "shorts"}:
        c.rect(5, hip, 10, hip + 1, bot.base)
        if look.bottom == "skirt":
            c.rect(4, hip + 2, 11, hip + 2, bot.lo)
    elif look.bottom == "long_skirt":
        c.rect(5, hip, 10, 19, bot.base)
        c.rect(4, 19, 11, 20, bot.base)
        c.rect(4, 20, 11, 20, bot.lo)


def _side_torso(c: Canvas, look: Look, pose: Pose) -> None:
    b = pose.bob
    top, sleeve, skin, acc = (
        CLOTH[look.top_color],
        _sleeve(look),
        SKIN[look.skin],
        CLOTH[look.accent],
    )
    hem = _hem(look) + b
    x1 = 11 if look.broad else 10
    if look.backpack:
        bp = CLOTH[look.backpack]
        big = look.hat == "brim"
        c.rect(2, 12 + b - (3 if big else 0), 5, 17 + b, bp.base)
        c.rect(2, 12 + b, 2, 17 + b, bp.lo)
        c.rect(3, 14 + b, 4, 15 + b, bp.hi)
        if big:
            c.rect(1, 8 + b, 5, 9 + b, CLOTH["khaki"].base)
            c.rect(1, 9 + b, 5, 9 + b, CLOTH["khaki"].lo)
    c.rect(5, 13 + b, x1, hem, top.base)
    c.rect(6, 12 + b, x1 - 1, 12 + b, top.base)
    c.rect(5, 13 + b, 5, hem, top.lo)
    c.rect(5, hem, x1, hem, top.lo)
    _pattern(c, look, 5, x1, 12 + b, hem)
    if look.top == "hoodie":
        c.rect(5, 12 + b, 6, 13 + b, top.lo)
    if look.top in {"vest", "blazer", "coat", "overalls", "tee", "smock", "cardigan"}:
        c.put(x1 - 1, 12 + b, acc.base if look.top != "tee" else skin.lo)
    if look.top == "overalls":
        c.rect(6, 12 + b, x1, 13 + b, acc.base)
        c.rect(8, 12 + b, 8, 13 + b, top.base)
    if look.apron:
        ap = CLOTH[look.apron]
        c.rect(x1, 13 + b, x1, 19 + b - 1, ap.base)
        c.rect(x1 - 1, 17 + b, x1, 18 + b, ap.base)
        c.put(5, 15 + b, ap.base)
        c.put(x1 - 1, 12 + b, ap.lo)
    neck = {"bowtie": (x1, 12), "tie": (x1, 13), "badge": (x1, 13), "scarf": (x1 - 1, 12)}
    if look.neck in neck:
        nx, ny = neck[look.neck]
        c.put(nx, ny + b, CLOTH[look.neck_color].base)
        if look.neck == "scarf":
            c.rect(6, 12 + b, x1, 12 + b, CLOTH[look.neck_color].base)
            c.rect(5, 13 + b, 5, 15 + b, CLOTH[look.neck_color].lo)
    if look.neck == "camera":
        c.rect(x1, 14 + b, x1 + 1, 15 + b, CLOTH[look.neck_color].base)
        c.put(x1 + 1, 15 + b, CLOTH["sky"].hi)
    _side_arm(c, look, pose, sleeve, skin)


def _side_arm(c: Canvas, look: Look, pose: Pose, sleeve: Ramp, skin: Ramp) -> None:
    b, s = pose.bob, pose.hands[0]
    short = look.top in SHORT_SLEEVES
    if s == 0:
        cells = [(7, 13), (7, 14), (7, 15)]
        hand = (7, 16)
    else:
        cells = [(7, 13), (7 + s, 14)]
        hand = (7 + 2 * s, 15)
    for i, (x, y) in enumerate(cells):
        col = skin.base if short and i > 0 else sleeve.base
        c.rect(x, y + b, x + 1, y + b, col)
        if i == 0 or not short:
            c.put(x, y + b, sleeve.hi if i == 0 else sleeve.base)
    hx, hy = hand
    c.rect(hx, hy + b, hx + 1, hy + b, skin.base)
    for x, y in [*cells, hand]:
        left = c.get(x - 1, y + b)
        if left is not None and (x - 1, y) not in cells and (x - 1, y) != hand:
            c.put(x - 1, y + b, CLOTH[look.top_color].lo if left != skin.base else skin.lo)
