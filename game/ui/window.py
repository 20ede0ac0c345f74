"""The game window (for play and for replays), starting pygame quietly, and the frame
timings of headless runs."""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pygame

WINDOW_TITLE = "Smallville"
SOUND_DEVICES = Path("/dev/snd")
# sound servers' sockets in $XDG_RUNTIME_DIR (PulseAudio, PipeWire)
SOUND_SERVER_SOCKETS = ("pulse/native", "pipewire-0")


def init_pygame() -> None:
    """`pygame.init()`, with audio only where there is a sound device. Without one, SDL's
    ALSA backend prints a dozen "ALSA lib ... cannot find card '0'" lines to stderr while
    the mixer fails anyway; the game plays no sound, so SDL's silent dummy driver is used
    instead. An `SDL_AUDIODRIVER` already set (by the user, or headless runs) is kept."""
    if not sound_device_present():
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()


def sound_device_present(
    environ: Mapping[str, str] = os.environ,
    platform: str = sys.platform,
    devices: Path = SOUND_DEVICES,
) -> bool:
    """Whether SDL has somewhere to play sound. Only Linux is examined (elsewhere SDL opens
    the system's audio quietly): a sound server's socket, or an ALSA playback device."""
    if not platform.startswith("linux"):
        return True
    if environ.get("PULSE_SERVER"):
        return True
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime and any((Path(runtime) / name).exists() for name in SOUND_SERVER_SOCKETS):
        return True
    try:
        return any(devices.glob("pcmC*D*p"))  # ALSA playback devices: pcmC0D0p, ...
    except OSError:
        return False


def open_window(size: tuple[int, int], title: str = WINDOW_TITLE) -> pygame.Surface:
    """(Re)open the resizable window, captioned `title`."""
    if not pygame.get_init():
        init_pygame()
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
