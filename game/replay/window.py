"""The replay's window and the frame timings of headless runs (the benchmark's figures)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import pygame

__all__ = ["WINDOW_TITLE", "FrameTimes", "open_window"]

WINDOW_TITLE = "Smallville — replay"


@dataclass
class FrameTimes:
    """Milliseconds per frame (events + update + draw + present)."""

    samples: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float | int]:
        ordered = sorted(self.samples) or [0.0]
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return {
            "frames": len(self.samples),
            "frame_ms_median": round(statistics.median(ordered), 3),
            "frame_ms_p99": round(p99, 3),
        }


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """(Re)open the resizable window."""
    if not pygame.get_init():
        pygame.init()
    pygame.display.set_caption(WINDOW_TITLE)
    return pygame.display.set_mode(size, pygame.RESIZABLE)
