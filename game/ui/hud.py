"""The heads-up display: date and time, speed buttons with the effective speed under them
(and why it lags), the brain, minds thinking, FPS."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import pygame

from game.render.text import PixelText
from game.town.speed import SPEEDS
from game.town.speed_meter import SpeedReading
from game.ui.dialogue_panel import DialoguePanel, LogLine
from game.ui.toasts import GAP as TOAST_GAP
from game.ui.toasts import TOP as TOAST_TOP
from game.world.clock import format_clock

PANEL = (20, 18, 30, 190)
BUTTON = (52, 48, 72)
BUTTON_ACTIVE = (236, 196, 84)
TEXT = (244, 240, 228)
DIM_TEXT = (176, 170, 196)
DARK_TEXT = (28, 22, 30)
LAGGING_TEXT = (250, 200, 110)  # the effective speed, when it is clearly below the chosen
BANNER = (150, 48, 48, 225)
PAUSE = 0  # the button value that means "pause"
MARGIN = 8


def format_hud_time(now: datetime) -> str:
    """ "Mon Feb 13 2023 · 7:42 am"."""
    return f"{now:%a %b} {now.day} {now.year} · {format_clock(now)}"


@dataclass
class HudInfo:
    """What the HUD shows this frame."""

    now: datetime
    speed: int
    paused: bool
    brain: str
    thinking: int
    fps: float | None = None
    selected: str | None = None
    selected_activity: str = ""
    portrait: pygame.Surface | None = None
    banner: str = ""  # e.g. "Budget reached: the town is paused."
    dialogue: list[LogLine] = field(default_factory=list)  # the latest lines, oldest first
    dialogue_total: int = 0  # lines ever spoken
    show_dialogue: bool = True
    real_seconds: float = 0.0
    usage: str = ""  # "412 model calls · 96k tokens · about $0.02" (empty: no line)
    detail: str | None = None  # the line under the clock (None: the brain and minds thinking)
    speed_reading: SpeedReading | None = None  # the effective speed (None: not shown)
    lag_minutes: float = 0.0  # how far the latest decision lags behind game time


class Hud:
    """Draws the HUD and answers which speed button (if any) is under the mouse."""

    def __init__(self, text: PixelText) -> None:
        self.text = text
        self.buttons: dict[int, pygame.Rect] = {}
        self._layout_for = (0, 0)
        self.clock_bottom = MARGIN + 44  # the clock panel's bottom edge, as last drawn
        self._panel_cache: dict[tuple[int, int], pygame.Surface] = {}
        self.dialogue = DialoguePanel(text)
        self.banner_rect: pygame.Rect | None = None
        self.speed_rect: pygame.Rect | None = None  # the effective speed's strip, when drawn

    def layout(self, width: int, clock_right: int = 0, clock_bottom: int = MARGIN + 44) -> None:
        """Speed buttons right-aligned along the top (below the clock if it is in the way)."""
        self.buttons = {}
        self._layout_for = (width, clock_right)
        self.clock_bottom = clock_bottom
        x = width - MARGIN
        sizes = [16 if v == PAUSE else self.text.size(f"×{v}", 8)[0] for v in (PAUSE, *SPEEDS)]
        row_width = sum(size + 16 for size in sizes)
        top = MARGIN if width - MARGIN - row_width > clock_right + MARGIN else clock_bottom + 8
        for value in reversed((PAUSE, *SPEEDS)):
            label_width = 16 if value == PAUSE else self.text.size(f"×{value}", 8)[0]
            rect = pygame.Rect(0, top, label_width + 12, 22)
            rect.right = x
            self.buttons[value] = rect
            x = rect.left - 4

    def button_at(self, point: tuple[int, int]) -> int | None:
        """PAUSE (0), a speed multiplier, or None when no button is under `point`."""
        for value, rect in self.buttons.items():
            if rect.collidepoint(point):
                return value
        return None

    def _panel(self, size: tuple[int, int]) -> pygame.Surface:
        if size not in self._panel_cache:
            panel = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(panel, PANEL, panel.get_rect(), border_radius=6)
            self._panel_cache[size] = panel
        return self._panel_cache[size]

    def draw(self, target: pygame.Surface, info: HudInfo) -> None:
        width, height = target.get_size()
        clock_right, clock_bottom = self._draw_clock(target, info)
        if self._layout_for != (width, clock_right) or self.clock_bottom != clock_bottom:
            self.layout(width, clock_right, clock_bottom)
        self._draw_buttons(target, info)
        below_buttons = max(r.bottom for r in self.buttons.values()) + 4
        below_speed = self._draw_speed(target, info.speed_reading, below_buttons)
        bottom = height - MARGIN
        if info.selected:
            bottom = self._draw_selection(target, info, height) - 6
        self.dialogue.visible = info.show_dialogue
        self.dialogue.update(info.dialogue, info.dialogue_total, info.real_seconds)
        self.dialogue.draw(target, bottom, info.real_seconds)
        self._draw_banner(target, info.banner, below_speed)
        if info.fps is not None:
            label = self.text.render(f"{info.fps:5.1f} FPS", 8, TEXT)
            target.blit(label, (width - MARGIN - label.get_width(), below_speed + 4))

    def toast_top(self) -> int:
        """Where toasts may start: below the clock panel (two or three lines, as last drawn)
        and the banner, so a toast never covers them."""
        top = max(TOAST_TOP, self.clock_bottom + TOAST_GAP)
        if self.banner_rect is not None:
            top = max(top, self.banner_rect.bottom + TOAST_GAP)
        return top

    def _draw_speed(self, target: pygame.Surface, reading: SpeedReading | None, top: int) -> int:
        """The chosen and effective speed (and why it lags) right-aligned under the speed
        buttons; returns the bottom edge of what is drawn there."""
        self.speed_rect = None
        if reading is None:
            return top
        color = LAGGING_TEXT if reading.lagging else DIM_TEXT
        label = self.text.render(reading.label, 8, color)
        rect = label.get_rect().inflate(12, 8)
        rect.topright = (target.get_width() - MARGIN, top)
        target.blit(self._panel(rect.size), rect)
        target.blit(label, label.get_rect(center=rect.center))
        self.speed_rect = rect
        return rect.bottom

    def _draw_clock(self, target: pygame.Surface, info: HudInfo) -> tuple[int, int]:
        """Draw the clock panel; return its right and bottom edges."""
        time_line = self.text.render(format_hud_time(info.now), 16, TEXT)
        minds = "mind" if info.thinking == 1 else "minds"
        detail = info.detail or f"brain: {info.brain} · {info.thinking} {minds} thinking"
        if info.detail is None and info.lag_minutes >= 1:
            detail += f" · {info.lag_minutes:.0f} min behind"
        detail_line = self.text.render(detail, 8, DIM_TEXT)
        usage_line = self.text.render(info.usage, 8, DIM_TEXT) if info.usage else None
        width = max(time_line.get_width(), detail_line.get_width()) + 16
        if usage_line is not None:
            width = max(width, usage_line.get_width() + 16)
        panel_height = 58 if usage_line else 44
        target.blit(self._panel((width, panel_height)), (MARGIN, MARGIN))
        target.blit(time_line, (MARGIN + 8, MARGIN + 7))
        target.blit(detail_line, (MARGIN + 8, MARGIN + 28))
        if usage_line is not None:
            target.blit(usage_line, (MARGIN + 8, MARGIN + 42))
        return MARGIN + width, MARGIN + panel_height

    def _draw_buttons(self, target: pygame.Surface, info: HudInfo) -> None:
        for value, rect in self.buttons.items():
            active = info.paused if value == PAUSE else (not info.paused and value == info.speed)
            pygame.draw.rect(target, BUTTON_ACTIVE if active else BUTTON, rect, border_radius=4)
            pygame.draw.rect(target, DARK_TEXT, rect, width=1, border_radius=4)
            color = DARK_TEXT if active else TEXT
            if value == PAUSE:
                for dx in (-4, 2):
                    pygame.draw.rect(target, color, (rect.centerx + dx, rect.y + 6, 3, 10))
                continue
            label = self.text.render(f"×{value}", 8, color, outline=not active)
            target.blit(label, label.get_rect(center=rect.center))

    def _draw_banner(self, target: pygame.Surface, message: str, below_speed: int = 0) -> None:
        """A red strip across the top centre (budget reached, model errors), below the speed
        buttons — and below the effective speed, when it would reach under it."""
        self.banner_rect = None
        if not message:
            return
        label = self.text.render(message, 8, TEXT)
        rect = label.get_rect().inflate(24, 14)
        top = max(r.bottom for r in self.buttons.values()) + 8 if self.buttons else MARGIN
        rect.midtop = (target.get_width() // 2, max(top, self.clock_bottom + 8))
        speed = self.speed_rect
        if speed is not None and rect.right > speed.left and rect.top < speed.bottom:
            rect.top = below_speed + 4
        strip = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(strip, BANNER, strip.get_rect(), border_radius=6)
        target.blit(strip, rect)
        target.blit(label, label.get_rect(center=rect.center))
        self.banner_rect = rect

    def _draw_selection(self, target: pygame.Surface, info: HudInfo, height: int) -> int:
        """Draw the followed resident's panel; return its top edge."""
        name = self.text.render(info.selected or "", 16, TEXT)
        action = self.text.render(info.selected_activity or "…", 8, DIM_TEXT)
        picture = info.portrait.get_width() + 8 if info.portrait else 0
        width = max(name.get_width(), action.get_width()) + 16 + picture
        panel_height = max(44, (info.portrait.get_height() + 12) if info.portrait else 0)
        top = height - MARGIN - panel_height
        target.blit(self._panel((width, panel_height)), (MARGIN, top))
        if info.portrait:
            target.blit(info.portrait, (MARGIN + 6, top + 6))
        middle = top + panel_height // 2
        target.blit(name, (MARGIN + 8 + picture, middle - 16))
        target.blit(action, (MARGIN + 8 + picture, middle + 4))
        return top
