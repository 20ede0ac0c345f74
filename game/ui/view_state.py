"""What the player's view is: camera, speed, selection, held direction keys, FPS and log
flags. The input's commands (`game.ui.input.commands`) change it; the app reads it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.render.camera import Camera
from game.town.speed import SimulationSpeed

Point = tuple[int, int]
PAN_SPEED = 600.0  # screen pixels per real second while a pan key is held


def _nobody(point: Point) -> str | None:
    return None


def _no_button(point: Point) -> int | None:
    return None


@dataclass
class ViewState:
    """Mutable view state the input commands change and the app reads every frame."""

    camera: Camera
    speed: SimulationSpeed
    pick_resident: Callable[[Point], str | None] = _nobody
    button_at: Callable[[Point], int | None] = _no_button
    selected: str | None = None
    hovered: str | None = None
    mouse: Point | None = None  # last known pointer position over the window
    held_pan: set[tuple[int, int]] = field(default_factory=set)
    show_fps: bool = False
    show_dialogue: bool = True  # the conversation log (L)
    running: bool = True
    steering: bool = False  # the player has a body: WASD/arrows walk it instead of panning

    def pan_by_keys(self, real_seconds: float) -> None:
        """Scroll for the pan keys held down (arrows/WASD); stops following anyone."""
        if not self.held_pan or self.steering:
            return
        dx = sum(d[0] for d in self.held_pan)
        dy = sum(d[1] for d in self.held_pan)
        if dx or dy:
            self.selected = None
            step = PAN_SPEED * real_seconds
            self.camera.pan(dx * step, dy * step)
