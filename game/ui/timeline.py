"""The replay's timeline bar along the bottom of the window: play/pause, the speed (− ×60 +),
the time shown, and a track from the record's first to its last moment with the marks as
ticks — one lane and one colour per kind (conversations, reflections, plans, the player's
actions) — and buttons to jump to the previous / next mark of each kind.

Click or drag along the track to seek; hovering it shows the time there and the nearest
mark. The bar never acts itself: it answers typed commands (`game.ui.input.replay`), which
the app takes each frame (`take_commands`) and performs along its input route.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import pygame

from game.render.text import FontFilter, PixelText
from game.ui.input.commands import Command, SetSpeed
from game.ui.input.replay import ChangeSpeed, JumpToMark, MarkKind, ReplayControls, SeekTo
from game.ui.panels import Panel
from game.ui.widgets import ACCENT, BUTTON, BUTTON_HOVER, DARK, DIM, FIELD, PANEL_EDGE, TEXT
from game.world.clock import format_clock

HEIGHT = 64
MARGIN = 8
ROW = 18  # button height
TRACK_HEIGHT = 20
LANE = TRACK_HEIGHT // 4
HOVER_PIXELS = 4  # a mark this close to the pointer is the one described
BACKGROUND = (20, 18, 30, 236)
PLAYED = (58, 52, 84)
HOUR_TICK = (120, 112, 156)
PAUSE, PLAY = "pause", "play"

MARK_KINDS: tuple[MarkKind, ...] = ("conversation", "reflection", "plan", "player")
MARK_COLOURS: dict[str, tuple[int, int, int]] = {
    "conversation": (240, 150, 176),
    "reflection": (204, 164, 248),
    "plan": (140, 214, 120),
    "player": (110, 182, 250),
}
MARK_LABELS: dict[str, tuple[str, str]] = {  # (wide, narrow)
    "conversation": ("talks", "talk"),
    "reflection": ("reflections", "refl"),
    "plan": ("plans", "plan"),
    "player": ("player", "you"),
}


@dataclass(frozen=True)
class TimelineMark:
    """A mark drawn on the track: when, which kind, and a line saying what."""

    time: datetime
    kind: str
    text: str


@dataclass
class BarButton:
    """A button of the bar: where, what it draws, what it asks for."""

    rect: pygame.Rect
    icon: str  # "play", "pause", "back", "forward", or a text label
    command: Command[ReplayControls]


def format_replay_time(moment: datetime) -> str:
    """ "Mon Feb 13 · 3:00:12 pm"."""
    clock = format_clock(moment)
    with_seconds = f"{clock[:-3]}:{moment.second:02d}{clock[-3:]}"
    return f"{moment:%a %b} {moment.day} · {with_seconds}"


class TimelineBar(Panel):
    """The bar (see the module docstring). `show(now, speed, paused)` each frame."""

    def __init__(
        self, text: PixelText, start: datetime, end: datetime, marks: Sequence[TimelineMark]
    ) -> None:
        super().__init__()
        self.text = text
        self.font_filter = FontFilter(text)  # mark texts may hold emoji the font lacks
        self.start, self.end = start, max(start, end)
        self.marks = sorted(marks, key=lambda mark: mark.time)
        self._mark_times = [mark.time for mark in self.marks]
        self.now, self.speed, self.paused = start, 1, True
        self.buttons: list[BarButton] = []
        self.track = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.mouse: tuple[int, int] | None = None
        self._commands: list[Command[ReplayControls]] = []
        self._seek_to: datetime | None = None
        self._ticks: pygame.Surface | None = None
        self._ticks_for = (0, 0)

    # --- what the app tells it and takes from it ------------------------------------------

    def show(self, now: datetime, speed: int, paused: bool) -> None:
        self.now, self.speed, self.paused = now, speed, paused

    def take_commands(self) -> list[Command[ReplayControls]]:
        """The commands asked for since the last call (a drag's seeks as one, the latest)."""
        commands, self._commands = self._commands, []
        if self._seek_to is not None:
            commands.append(SeekTo(self._seek_to))
            self._seek_to = None
        return commands

    # --- geometry -------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Place the bar along the bottom of a window of `size`, and its buttons."""
        width, height = size
        self.rect = pygame.Rect(0, height - HEIGHT, width, HEIGHT)
        top = self.rect.y + 6
        self.buttons = []
        x = MARGIN
        for icon, command, button_width in (
            (PLAY if self.paused else PAUSE, SetSpeed(None), 26),
            ("-", ChangeSpeed(faster=False), 18),
            (f"×{self.speed}", SetSpeed(self.speed), 54),
            ("+", ChangeSpeed(faster=True), 18),
        ):
            self.buttons.append(BarButton(pygame.Rect(x, top, button_width, ROW), icon, command))
            x += button_width + 4
        self.time_left = x + 8
        narrow = width < 1100
        right = width - MARGIN
        for kind in reversed(MARK_KINDS):
            label = MARK_LABELS[kind][1 if narrow else 0]
            label_width = self.text.size(label, 8)[0] + 14
            forward = pygame.Rect(right - 18, top, 18, ROW)
            middle = pygame.Rect(forward.x - 2 - label_width, top, label_width, ROW)
            back = pygame.Rect(middle.x - 2 - 18, top, 18, ROW)
            self.buttons += [
                BarButton(back, "back", JumpToMark(kind, forward=False)),
                BarButton(middle, f"label:{kind}:{label}", JumpToMark(kind, forward=True)),
                BarButton(forward, "forward", JumpToMark(kind, forward=True)),
            ]
            right = back.x - 10
        self.track = pygame.Rect(MARGIN, top + ROW + 6, width - 2 * MARGIN, TRACK_HEIGHT)

    def x_of(self, moment: datetime) -> int:
        span = (self.end - self.start).total_seconds()
        share = 0.0 if span <= 0 else (moment - self.start).total_seconds() / span
        return self.track.x + round(max(0.0, min(1.0, share)) * (self.track.width - 1))

    def time_at(self, x: int) -> datetime:
        """The moment under window column `x` of the track (clamped to the record)."""
        share = (x - self.track.x) / max(1, self.track.width - 1)
        share = max(0.0, min(1.0, share))
        return self.start + (self.end - self.start) * share

    def mark_near(self, x: int) -> TimelineMark | None:
        """The mark drawn nearest to column `x`, if one is within a few pixels."""
        if not self.marks or self.track.width <= 1:
            return None
        moment = self.time_at(x)
        slack = (self.end - self.start) * (HOVER_PIXELS / self.track.width)
        lo = bisect.bisect_left(self._mark_times, moment - slack)
        hi = bisect.bisect_right(self._mark_times, moment + slack)
        nearby = self.marks[lo:hi]
        return min(nearby, key=lambda mark: abs(mark.time - moment), default=None)

    # --- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging:
                self._seek_to = self.time_at(event.pos[0])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False
            for button in self.buttons:
                if button.rect.collidepoint(event.pos):
                    self._commands.append(button.command)
                    return True
            if self.track.inflate(0, 10).collidepoint(event.pos):
                self.dragging = True
                self._seek_to = self.time_at(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging:
                self.dragging = False
                self._seek_to = self.time_at(event.pos[0])
                return True
            return self.rect.collidepoint(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            point = getattr(event, "pos", None) or pygame.mouse.get_pos()
            return self.rect.collidepoint(point)
        return False

    # --- drawing --------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen.get_size())
        bar = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        bar.fill(BACKGROUND)
        screen.blit(bar, self.rect.topleft)
        pygame.draw.line(screen, PANEL_EDGE, self.rect.topleft, (self.rect.right, self.rect.y))
        for button in self.buttons:
            self._draw_button(screen, button)
        label = self.text.render(format_replay_time(self.now), 8, TEXT)
        screen.blit(label, (self.time_left, self.rect.y + 6 + (ROW - label.get_height()) // 2))
        self._draw_track(screen)
        self._draw_hover(screen)

    def _draw_button(self, screen: pygame.Surface, button: BarButton) -> None:
        rect = button.rect
        hovered = self.mouse is not None and rect.collidepoint(self.mouse)
        speed_label = button.icon.startswith("×")
        fill = ACCENT if speed_label and not self.paused else BUTTON_HOVER if hovered else BUTTON
        pygame.draw.rect(screen, fill, rect, border_radius=4)
        pygame.draw.rect(screen, DARK, rect, width=1, border_radius=4)
        colour = DARK if fill == ACCENT else TEXT
        cx, cy = rect.center
        if button.icon == PLAY:
            pygame.draw.polygon(screen, colour, [(cx - 4, cy - 5), (cx - 4, cy + 5), (cx + 5, cy)])
        elif button.icon == PAUSE:
            for dx in (-4, 2):
                pygame.draw.rect(screen, colour, (cx + dx, cy - 5, 3, 10))
        elif button.icon in ("back", "forward"):
            sign = -1 if button.icon == "back" else 1
            points = [(cx - 3 * sign, cy - 4), (cx - 3 * sign, cy + 4), (cx + 3 * sign, cy)]
            pygame.draw.polygon(screen, colour, points)
        elif button.icon.startswith("label:"):
            _, kind, label = button.icon.split(":", 2)
            pygame.draw.rect(screen, MARK_COLOURS[kind], (rect.x + 5, cy - 3, 6, 6))
            text = self.text.render(label, 8, colour, outline=False)
            screen.blit(text, (rect.x + 13, cy - text.get_height() // 2))
        else:
            text = self.text.render(button.icon, 8, colour, outline=fill != ACCENT)
            screen.blit(text, text.get_rect(center=rect.center))

    def _draw_track(self, screen: pygame.Surface) -> None:
        track = self.track
        pygame.draw.rect(screen, FIELD, track)
        cursor = self.x_of(self.now)
        if cursor > track.x:
            pygame.draw.rect(screen, PLAYED, (track.x, track.y, cursor - track.x, track.height))
        screen.blit(self._tick_surface(), track.topleft)
        pygame.draw.rect(screen, PANEL_EDGE, track, width=1)
        pygame.draw.rect(screen, ACCENT, (cursor - 1, track.y - 3, 3, track.height + 6))
        below = track.bottom + 3
        first = self.text.render(format_replay_time(self.start), 8, DIM, outline=False)
        last = self.text.render(format_replay_time(self.end), 8, DIM, outline=False)
        screen.blit(first, (track.x, below))
        screen.blit(last, (track.right - last.get_width(), below))

    def _tick_surface(self) -> pygame.Surface:
        """The marks (one lane per kind) and the hour ticks, drawn once per track size."""
        size = self.track.size
        if self._ticks is not None and self._ticks_for == size:
            return self._ticks
        surface = pygame.Surface(size, pygame.SRCALPHA)
        hour = self.start.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        while hour < self.end:
            x = self.x_of(hour) - self.track.x
            tall = 6 if hour.hour == 0 else 3
            pygame.draw.line(surface, HOUR_TICK, (x, size[1] - tall), (x, size[1] - 1))
            hour += timedelta(hours=1)
        for mark in self.marks:
            lane = MARK_KINDS.index(mark.kind) if mark.kind in MARK_KINDS else 0
            x = self.x_of(mark.time) - self.track.x
            colour = MARK_COLOURS.get(mark.kind, TEXT)
            surface.fill(colour, (x, lane * LANE + 1, 2, LANE - 1))
        self._ticks, self._ticks_for = surface, size
        return surface

    def _draw_hover(self, screen: pygame.Surface) -> None:
        """Over the track: the time under the pointer and the nearest mark, above the bar."""
        if self.mouse is None or not self.track.inflate(0, 10).collidepoint(self.mouse):
            return
        x = self.mouse[0]
        words = format_replay_time(self.time_at(x))
        mark = self.mark_near(x)
        colour = TEXT
        if mark is not None:
            said = clip(self.font_filter.clean(mark.text), 90)
            words = f"{format_replay_time(mark.time)} · {said}"
            colour = MARK_COLOURS.get(mark.kind, TEXT)
        label = self.text.render(words, 8, colour)
        box = label.get_rect().inflate(12, 8)
        box.midbottom = (x, self.rect.y - 4)
        box.clamp_ip(screen.get_rect())
        tip = pygame.Surface(box.size, pygame.SRCALPHA)
        tip.fill(BACKGROUND)
        screen.blit(tip, box.topleft)
        pygame.draw.rect(screen, PANEL_EDGE, box, width=1)
        screen.blit(label, label.get_rect(center=box.center))


def clip(text: str, most: int) -> str:
    line = " ".join(text.split())
    return line if len(line) <= most else line[: most - 3] + "..."
