"""The game window (for play and for replays) and the frame timings of headless runs."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import pygame

WINDOW_TITLE = "Smallville"


def open_window(size: tuple[int, int], title: str = WINDOW_TITLE) -> pygame.Surface:
    """(Re)open the resizable window, captioned `title`."""
    if not pygame.get_init():
        pygame.init()
    pygame.display.set_caption(title)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


@dataclass
class FrameTimes:
    """Milliseconds per frame (events + update + draw + present)."""

    samples: list[float] = field(default_factory=list)

    def summary(self, agents: int | None = None) -> dict[str, float | int]:
        """Frames, (residents,) median and p99 milliseconds, frames per second."""
        ordered = sorted(self.samples) or [0.0]
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        median = statistics.median(ordered)
        figures: dict[str, float | int] = {"frames": len(self.samples)}
        if agents is not None:
            figures["agents"] = agents
        figures["frame_ms_median"] = round(median, 3)
        figures["frame_ms_p99"] = round(p99, 3)
        figures["fps"] = round(1000.0 / median, 1) if median else 0.0
        return figures
