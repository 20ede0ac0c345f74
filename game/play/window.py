"""The game window and the frame timings of headless runs."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import pygame

WINDOW_TITLE = "Smallville"


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """(Re)open the resizable game window."""
    if not pygame.get_init():
        pygame.init()
    pygame.display.set_caption(WINDOW_TITLE)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


@dataclass
class FrameTimes:
    """Milliseconds per frame (events + update + draw + present)."""

    samples: list[float] = field(default_factory=list)

    def summary(self, agents: int) -> dict[str, float | int]:
        ordered = sorted(self.samples) or [0.0]
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        median = statistics.median(ordered)
        return {
            "frames": len(self.samples),
            "agents": agents,
            "frame_ms_median": round(median, 3),
            "frame_ms_p99": round(p99, 3),
            "fps": round(1000.0 / median, 1) if median else 0.0,
        }
