"""Hair styles as a few numbers each, turned into pixel masks for the three facings.

Head-relative coordinates: hx 0..9 is the head's width (frame x 3..12), hy 0..8 its height
(frame y 3..11 before bob); negative hy is above the head, hx -1 / 10 just outside it.
"""

from __future__ import annotations

from dataclasses import dataclass

Shade = str  # "hi", "base", "lo"
Mask = dict[tuple[int, int], Shade]


@dataclass(frozen=True)
class HairStyle:
    fringe: tuple[int, ...]  # down view: last hair row over each head column (-1: none)
    side: int = -9  # last row of the columns just outside the head (-9: none)
    back: int = 5  # last hair row seen from behind (> 8 falls over the back)
    crown: int = 1  # rows above the head top
    temple: int = 4  # last row of the head's edge columns
    texture: str = ""  # curls, spikes, braids, wave, buzz
    extra: str = ""  # bun, bun_top, ponytail, receding, hijab, flip


HAIR_STYLES: dict[str, HairStyle] = {
    "short": HairStyle((2, 2, 2, 2, 1, 1, 1, 2, 2, 2), back=5),
    "neat": HairStyle((2, 3, 2, 2, 1, 1, 1, 1, 2, 2), back=5, temple=5),
    "neat_grey": HairStyle((2, 3, 2, 2, 1, 1, 1, 1, 2, 2), back=5, temple=5, extra="temples"),
    "side_part": HairStyle((3, 3, 3, 3, 2, 2, 1, 1, 2, 3), back=6, temple=5, texture="wave"),
    "buzz": HairStyle((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), back=4, crown=0, temple=3, texture="buzz"),
    "receding": HairStyle(
        (1, 0, -1, -1, -1, -1, -1, -1, 0, 1), back=5, crown=0, temple=5, extra="receding"
    ),
    "quiff": HairStyle((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), back=5, crown=2, temple=4, texture="quiff"),
    "messy": HairStyle((3, 2, 3, 2, 3, 3, 2, 3, 2, 3), side=3, back=6, texture="spikes"),
    "spiky": HairStyle((2, 3, 2, 3, 2, 2, 3, 2, 3, 2), side=2, back=6, crown=2, texture="spikes"),
    "shaggy": HairStyle((3, 3, 2, 3, 2, 2, 3, 2, 3, 3), side=7, back=8, temple=6, texture="wave"),
    "curly": HairStyle((2, 3, 2, 3, 2, 2, 3, 2, 3, 2), side=5, back=7, crown=2, texture="curls"),
    "afro": HairStyle(
        (2, 1, 1, 1, 1, 1, 1, 1, 1, 2),
        side=7,
        back=8,
        crown=2,
        temple=7,
        texture="curls",
        extra="wide",
    ),
    "bob": HairStyle((4, 4, 4, 4, 4, 4, 4, 4, 4, 4), side=8, back=8, temple=8),
    "long": HairStyle((3, 3, 2, 2, 1, 1, 2, 2, 3, 3), side=12, back=12, temple=8, texture="wave"),
    "wavy_long": HairStyle(
        (4, 3, 3, 2, 2, 1, 1, 2, 3, 3), side=12, back=12, temple=8, texture="curls", extra="wavy"
    ),
    "sleek": HairStyle((3, 3, 3, 2, 1, 1, 2, 3, 3, 3), side=13, back=13, temple=8),
    "shoulder": HairStyle((3, 3, 3, 2, 2, 1, 1, 1, 2, 3), side=9, back=9, temple=8, extra="flip"),
    "ponytail": HairStyle((2, 3, 2, 2, 1, 1, 1, 2, 2, 2), back=5, temple=6, extra="ponytail"),
    "bun": HairStyle((2, 2, 2, 2, 1, 1, 2, 2, 2, 2), back=6, temple=6, extra="bun"),
    "bun_top": HairStyle((2, 2, 2, 1, 1, 1, 1, 2, 2, 2), back=6, temple=6, extra="bun_top"),
    "braids": HairStyle(
        (2, 2, 2, 1, 1, 1, 1, 2, 2, 2), side=13, back=13, temple=8, texture="braids"
    ),
    "tied": HairStyle((2, 2, 2, 2, 2, 2, 2, 2, 2, 2), side=5, back=6, temple=6, extra="ponytail"),
    "slick": HairStyle((1, 1, 1, 1, 1, 1, 1, 1, 1, 1), side=8, back=9, temple=6),
    "hijab": HairStyle((2, 1, 1, 1, 1, 1, 1, 1, 1, 2), side=8, back=10, temple=8, extra="hijab"),
}


def _crown(style: HairStyle, m: Mask) -> None:
    for hy in range(-style.crown, 0):
        inset = 1 if hy == -1 else 2
        for hx in range(inset, 10 - inset):
            m[(hx, hy)] = "base"
    if style.texture == "quiff":
        for hx in range(5, 9):
            m[(hx, -3 if hx in (6, 7) else -2)] = "hi"
    if style.texture == "spikes" and style.crown >= 2:
        for hx in (2, 5, 7):
            m[(hx, -3)] = "base"
    if style.extra == "bun_top":
        for hx in range(3, 7):
            m[(hx, -2)] = "base"
        for hx in range(4, 6):
            m[(hx, -3)] = "hi"


def hair_mask(style: HairStyle, facing: str) -> Mask:
    """Hair pixels for one facing ("down", "right", "up"), with their shade."""
    m: Mask = {}
    _crown(style, m)
    outer = range(1, style.side + 1) if style.side >= 0 else range(0)
    wide = style.extra == "wide"
    if facing == "down":
        for hx, last in enumerate(style.fringe):
            for hy in range(0, last + 1):
                m[(hx, hy)] = "base"
        for hx in (0, 9):
            for hy in range(0, style.temple + 1):
                m[(hx, hy)] = "base"
        for hy in outer:
            for hx in (-2, -1, 10, 11) if wide else (-1, 10):
                m[(hx, hy)] = "lo" if hy > 8 else "base"
    elif facing == "up":
        for hx in range(10):
            for hy in range(0, min(style.back, 8) + 1):
                m[(hx, hy)] = "base"
        for hy in outer:
            for hx in (-2, -1, 10, 11) if wide else (-1, 10):
                m[(hx, hy)] = "base"
        for hy in range(9, style.back + 1):
            for hx in range(0, 10):
                m[(hx, hy)] = "base"
    else:  # right
        front = max(style.fringe[7:])
        for hx in range(10):
            last = front if hx >= 6 else (style.temple if hx == 5 else min(style.back, 8))
            if style.extra == "receding" and hx >= 4:
                last = -1 if hx >= 6 else 3
            for hy in range(0, last + 1):
                m[(hx, hy)] = "base"
        for hy in range(1, max(style.back, style.side) + 1):
            m[(-1, hy)] = "base"
            if wide:
                m[(-2, hy)] = "base"
            if hy > 8:
                for hx in range(0, 3):
                    m[(hx, hy)] = "base"
    _extras(style, facing, m)
    _shade(style, facing, m)
    return m


def _extras(style: HairStyle, facing: str, m: Mask) -> None:
    if style.extra == "bun":
        spots = {
            "up": [(hx, hy) for hx in range(3, 7) for hy in range(5, 8)],
            "right": [(hx, hy) for hx in (-2, -1) for hy in range(3, 6)],
        }
        for p in spots.get(facing, []):
            m[p] = "base"
    elif style.extra == "ponytail":
        tail = {
            "up": [(4, hy) for hy in range(5, 12)] + [(5, hy) for hy in range(5, 11)],
            "right": [(-1, 1), (-2, 2), (-2, 3), (-2, 4), (-2, 5), (-1, 6), (-2, 6)],
            "down": [(10, hy) for hy in range(3, 8)],
        }
        for p in tail[facing]:
            m[p] = "lo" if facing == "down" else "base"
    elif style.extra == "flip":
        for p in ((-2, 9), (11, 9)) if facing != "right" else ((-2, 9),):
            m[p] = "base"
    elif style.extra == "wavy" and facing != "right":
        for hy in (4, 5, 9, 10):
            m[(-2, hy)] = "base"
            m[(11, hy + 1)] = "base"
    elif style.extra == "hijab":
        if facing == "down":
            for hx in range(0, 10):
                m[(hx, 9)] = "lo" if hx in (0, 9) else "base"
            for hx in range(1, 9):
                m[(hx, 10)] = "base"
            for hy in range(2, 9):
                m[(0, hy)] = "lo"
                m[(9, hy)] = "lo"
        for hx in range(-1, 11) if facing != "down" else ():
            m[(hx, 9)] = "base"
    elif style.extra == "receding" and facing == "down":
        for hx in (1, 8):
            for hy in range(1, 5):
                m[(hx, hy)] = "base"


def _shade(style: HairStyle, facing: str, m: Mask) -> None:
    keys = sorted(m)
    for hx, hy in keys:
        below = (hx, hy + 1) in m
        if not below and m[(hx, hy)] == "base":
            m[(hx, hy)] = "lo"
        if hx >= 9 and facing != "right" and m[(hx, hy)] == "base":
            m[(hx, hy)] = "lo"
    tops = {hx: min(hy for x, hy in keys if x == hx) for hx, _ in keys}
    for hx, hy in tops.items():
        if 1 <= hx <= 5 and (hx, hy + 1) in m:
            m[(hx, hy + 1)] = "hi"
    if style.texture == "curls":
        for hx, hy in keys:
            if (hx * 2 + hy * 3) % 5 == 0 and m[(hx, hy)] != "lo":
                m[(hx, hy)] = "hi"
    elif style.texture == "braids":
        for hx, hy in keys:
            if hy < 2 or m[(hx, hy)] == "hi":
                continue
            if hx % 2 == 0:
                m[(hx, hy)] = "lo"
            elif hy % 2 == 0:
                m[(hx, hy)] = "hi"
    elif style.texture == "wave":
        for hx, hy in keys:
            if hy > 1 and hx % 3 == 1 and (hx + hy) % 5 != 0 and m[(hx, hy)] == "base":
                m[(hx, hy)] = "hi"
    elif style.texture == "" and facing == "up":
        for hx in range(2, 8):
            if (hx, 2) in m:
                m[(hx, 2 if hx < 6 else 3)] = "hi"
    elif style.texture == "buzz":
        for hx, hy in keys:
            if (hx + hy) % 2 == 0:
                m[(hx, hy)] = "lo"
