"""Toasts: short messages at the top centre ("Autosaved", "The stove is now burning", an
error) that fade in, stay a few seconds and fade out. At most four are shown, newest at the
bottom; a message shown again while still on screen restarts its timer instead of stacking.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.text import PixelText
from game.ui.widgets import ERROR, GOOD, LINE, PANEL, PANEL_EDGE, TEXT, Color, wrap

MOST_SHOWN = 4
TOP = 60  # below the HUD's clock row
WIDEST = 560  # longer messages wrap
MOST_ROWS = 3  # rows per toast; the rest is cut
FADE_IN = 0.15
FADE_OUT = 0.8
GAP = 4
COLOURS: dict[str, Color] = {"info": TEXT, "error": ERROR, "good": GOOD}


@dataclass
class Toast:
    message: str
    kind: str
    seconds: float  # how long it stays, fades included
    age: float = 0.0

    @property
    def alpha(self) -> int:
        """0–255: rising for FADE_IN seconds, falling over the last FADE_OUT seconds."""
        rising = self.age / FADE_IN
        falling = (self.seconds - self.age) / FADE_OUT
        return max(0, min(255, round(255 * min(1.0, rising, falling))))


class Toasts:
    """`show` adds a toast; `update` ages them; `draw` stacks the newest `MOST_SHOWN`."""

    def __init__(self, text: PixelText) -> None:
        self.text = text
        self.toasts: list[Toast] = []

    def show(self, message: str, kind: str = "info", seconds: float = 4.0) -> None:
        """Add `message` ("info", "good" or "error"; anything else counts as info)."""
        message = " ".join(message.split())
        if not message:
            return
        kind = kind if kind in COLOURS else "info"
        seconds = max(FADE_IN + FADE_OUT, seconds)
        for toast in self.toasts:
            if toast.message == message and toast.kind == kind:
                toast.age = min(toast.age, FADE_IN)  # already on screen: keep it up
                toast.seconds = seconds
                return
        self.toasts.append(Toast(message, kind, seconds))
        self.toasts = self.toasts[-MOST_SHOWN:]

    def update(self, real_seconds: float) -> None:
        for toast in self.toasts:
            toast.age += real_seconds
        self.toasts = [toast for toast in self.toasts if toast.age < toast.seconds]

    def shown(self) -> list[Toast]:
        """The toasts on screen, oldest first."""
        return list(self.toasts)

    def draw(self, screen: pygame.Surface, top: int = TOP, room: int | None = None) -> None:
        """Stack the toasts from `top` down, centred in the `room` leftmost pixels (default
        the whole width: pass less to keep clear of a side panel; a lower `top` below a
        banner)."""
        room = screen.get_width() if room is None else max(160, min(room, screen.get_width()))
        width = min(WIDEST, room - 32)
        y = top
        for toast in self.toasts:
            rows = wrap(self.text, toast.message, width)[:MOST_ROWS]
            box = pygame.Rect(0, y, 0, LINE * len(rows) + 10)
            box.width = max(self.text.size(row, 8)[0] for row in rows) + 20
            box.centerx = room // 2
            surface = pygame.Surface(box.size, pygame.SRCALPHA)
            surface.fill(PANEL)
            colour = COLOURS[toast.kind]
            pygame.draw.rect(
                surface, PANEL_EDGE if toast.kind == "info" else colour, surface.get_rect(), 1
            )
            for number, row in enumerate(rows):
                face = self.text.render(row, 8, colour)
                surface.blit(face, ((box.width - face.get_width()) // 2, 5 + number * LINE))
            surface.set_alpha(toast.alpha)
            screen.blit(surface, box)
            y = box.bottom + GAP
