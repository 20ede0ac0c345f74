"""The loading screen: the title, what is loading, a progress bar.

Drawn by the main thread while the heavy set-up (the embedding model, chromadb, the agents)
runs on a worker thread; `LoadingState` is how the worker tells the screen how far it got.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import pygame

from game.render.text import PixelText
from game.ui.input import InputRoute, LoadingHandler
from game.ui.input.commands import Kind
from game.ui.panels import PanelStack

T = TypeVar("T")
BACKGROUND = (18, 20, 28)
TITLE = (236, 196, 84)
TEXT = (244, 240, 228)
DIM_TEXT = (150, 144, 170)
BAR_EDGE = (244, 240, 228)
BAR_FILL = (112, 186, 96)
BAR_BACK = (40, 38, 56)


@dataclass(frozen=True)
class LoadingStatus:
    what: str
    share: float


class LoadingState:
    """Thread-safe progress: the worker calls `report`, the screen reads `status`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._status = LoadingStatus("starting", 0.0)

    def report(self, what: str, share: float) -> None:
        with self._lock:
            share = max(self._status.share, min(1.0, max(0.0, share)))  # never goes back
            self._status = LoadingStatus(what, share)

    @property
    def status(self) -> LoadingStatus:
        with self._lock:
            return self._status


class LoadingScreen:
    """Draws the loading screen; `frames` counts how often it was drawn."""

    def __init__(self, text: PixelText, subtitle: str = "a town of generative agents") -> None:
        self.text = text
        self.subtitle = subtitle
        self.frames = 0
        self.last_status: LoadingStatus | None = None

    def draw(self, target: pygame.Surface, status: LoadingStatus, seconds: float) -> None:
        self.frames += 1
        self.last_status = status
        width, height = target.get_size()
        target.fill(BACKGROUND)
        self._draw_stars(target, seconds)
        middle = height // 2
        title = self.text.render("Smallville", 32, TITLE)
        target.blit(title, title.get_rect(midbottom=(width // 2, middle - 48)))
        subtitle = self.text.render(self.subtitle, 8, DIM_TEXT)
        target.blit(subtitle, subtitle.get_rect(midtop=(width // 2, middle - 36)))
        bar_width = min(480, width - 64)
        bar = pygame.Rect(0, 0, bar_width, 20)
        bar.center = (width // 2, middle + 16)
        pygame.draw.rect(target, BAR_BACK, bar)
        filled = bar.inflate(-8, -8)
        filled.width = round(filled.width * status.share)
        if filled.width > 0:
            pygame.draw.rect(target, BAR_FILL, filled)
        pygame.draw.rect(target, BAR_EDGE, bar, width=2)
        dots = "." * (int(seconds * 3) % 4)
        label = self.text.render(f"{status.what}{dots:<3}", 8, TEXT)
        target.blit(label, (bar.left, bar.bottom + 12))
        percent = self.text.render(f"{round(status.share * 100)}%", 8, TEXT)
        target.blit(percent, percent.get_rect(topright=(bar.right, bar.bottom + 12)))

    def _draw_stars(self, target: pygame.Surface, seconds: float) -> None:
        """A few twinkling pixels, so the screen is visibly alive while it waits."""
        width, height = target.get_size()
        for index in range(48):
            x = (index * 7919) % max(1, width)
            y = (index * 104729) % max(1, height // 2 - 80)
            glow = 0.5 + 0.5 * math.sin(seconds * 2 + index)
            shade = int(60 + 120 * glow)
            target.fill((shade, shade, min(255, shade + 30)), (x, y, 2, 2))


class WindowWhileLoading:
    """What the loading screen's input acts on: whether the window was closed meanwhile."""

    def __init__(self) -> None:
        self.closed = False

    def close_window(self) -> None:
        self.closed = True

    def notify(self, message: str, kind: Kind = "info") -> None:
        """Nothing to show a message on while loading."""


class LoadFailed(Exception):
    """The set-up on the worker thread raised; the original is the __cause__."""


def load_while_drawing(
    screen: pygame.Surface,
    picture: LoadingScreen,
    state: LoadingState,
    work: Callable[[], T],
    main_steps: Sequence[Callable[[], object]] = (),
    fps: int = 30,
) -> tuple[T, bool]:
    """Run `work` on a worker thread, drawing the loading screen until it is done.

    `main_steps` (pygame work that must stay on this thread) run one per frame meanwhile.
    Returns the result and whether the window was closed while loading (the caller then
    closes what was built). Raises `LoadFailed` if `work` raised.
    """
    results: list[T] = []
    errors: list[Exception] = []

    def run() -> None:
        try:
            results.append(work())
        except Exception as error:  # noqa: BLE001 — re-raised on the main thread below
            errors.append(error)

    worker = threading.Thread(target=run, name="smallville-loading", daemon=True)
    started = time.perf_counter()
    window = WindowWhileLoading()
    route = InputRoute(PanelStack(), LoadingHandler(), window)
    steps = list(main_steps)
    picture.draw(screen, state.status, 0.0)  # the first frame, before anything slow
    pygame.display.flip()
    worker.start()
    timer = pygame.time.Clock()
    while worker.is_alive() or steps:
        for event in pygame.event.get():
            route.handle(event)
        if steps:
            steps.pop(0)()
        picture.draw(screen, state.status, time.perf_counter() - started)
        pygame.display.flip()
        timer.tick(fps)
    worker.join()
    if errors:
        raise LoadFailed(str(errors[0])) from errors[0]
    return results[0], window.closed
