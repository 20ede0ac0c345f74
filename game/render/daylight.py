"""Day and night: a multiplicative tint by the game hour, smooth through dawn and dusk."""

from __future__ import annotations

import itertools
from datetime import datetime

Color = tuple[int, int, int]

# (hour of day, tint) keyframes; white is full daylight. Linear in between, wrapping at 24.
KEYFRAMES: tuple[tuple[float, Color], ...] = (
    (0.0, (70, 82, 140)),
    (4.5, (70, 82, 140)),
    (6.0, (190, 150, 170)),
    (7.5, (255, 236, 214)),
    (9.0, (255, 255, 255)),
    (16.5, (255, 255, 255)),
    (18.0, (255, 214, 170)),
    (19.5, (170, 130, 160)),
    (21.0, (84, 94, 150)),
    (24.0, (70, 82, 140)),
)


def tint_at(hour: float) -> Color:
    """The tint for an hour of the day (0 ≤ hour < 24)."""
    hour %= 24.0
    for (start, low), (end, high) in itertools.pairwise(KEYFRAMES):
        if start <= hour <= end:
            t = 0.0 if end == start else (hour - start) / (end - start)
            r, g, b = (round(a + (c - a) * t) for a, c in zip(low, high, strict=True))
            return (r, g, b)
    return KEYFRAMES[0][1]


def tint_for(now: datetime) -> Color:
    return tint_at(now.hour + now.minute / 60 + now.second / 3600)


def is_daylight(tint: Color) -> bool:
    return tint == (255, 255, 255)
