"""The conversation log: the last lines spoken, bottom-left, older lines dimmer.

Fed plain `(speaker, listener, text)` tuples (the UI never imports the minds); the panel
remembers when it first saw each line, slides new ones in and fades out when the town
goes quiet. Toggled with L.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.text import PixelText

PANEL = (20, 18, 30, 200)
NAME = (236, 196, 84)
TEXT = (244, 240, 228)
HEADER = (176, 170, 196)
VISIBLE_LINES = 6
QUIET_SECONDS = 20.0  # after this long without a new line the panel fades out
FADE_SECONDS = 3.0
SLIDE_SECONDS = 0.25
LINE_HEIGHT = 12
MARGIN = 8
CONTINUATION_INDENT = 16


@dataclass(frozen=True)
class LogLine:
    speaker: str
    listener: str
    text: str


def wrap(text: PixelText, words: str, size: int, width: int) -> list[str]:
    """Greedy word wrap of `words` to `width` pixels (long words are cut)."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        candidate = f"{current} {word}" if current else word
        if text.size(candidate, size)[0] <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while text.size(word, size)[0] > width and len(word) > 1:
            cut = max(1, width // max(1, text.size("M", size)[0] - 2))
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines


class DialoguePanel:
    """Draws the last `VISIBLE_LINES` lines; `rendered` is the text drawn last frame."""

    def __init__(self, text: PixelText, width: int = 460) -> None:
        self.text = text
        self.width = width
        self.visible = True
        self.rendered: list[str] = []
        self._seen_total = 0
        self._last_new = -1e9
        self._lines: list[LogLine] = []

    def update(self, lines: list[LogLine], total: int, now_seconds: float) -> None:
        """The latest lines (oldest first) and how many were ever spoken."""
        if total != self._seen_total:
            self._seen_total = total
            self._last_new = now_seconds
        self._lines = lines[-VISIBLE_LINES:]

    def toggle(self) -> None:
        self.visible = not self.visible

    def alpha(self, now_seconds: float) -> int:
        quiet = now_seconds - self._last_new - QUIET_SECONDS
        if quiet <= 0:
            return 255
        return max(0, round(255 * (1 - quiet / FADE_SECONDS)))

    def draw(self, target: pygame.Surface, bottom: int, now_seconds: float) -> pygame.Rect | None:
        """Draw with its bottom edge at `bottom`; returns the panel's rect (None if hidden)."""
        self.rendered = []
        alpha = self.alpha(now_seconds)
        if not self.visible or not self._lines or alpha == 0:
            return None
        width = min(self.width, target.get_width() - 2 * MARGIN)
        rows: list[tuple[str, str, float]] = []  # (name or "", text, brightness)
        for index, line in enumerate(self._lines):
            brightness = 0.55 + 0.45 * (index + 1) / len(self._lines)
            name = f"{line.speaker}:"
            indent = self.text.size(name + " ", 8)[0]
            wrapped = wrap(self.text, line.text, 8, width - 16 - max(indent, 24)) or [""]
            for number, part in enumerate(wrapped):
                rows.append((name if number == 0 else "", part, brightness))
            self.rendered.append(f"{line.speaker}: {line.text}")
        rows = rows[-3 * VISIBLE_LINES :]
        slide = max(0.0, 1 - (now_seconds - self._last_new) / SLIDE_SECONDS)
        height = 20 + LINE_HEIGHT * len(rows) + 6
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(panel, PANEL, panel.get_rect(), border_radius=6)
        panel.blit(self.text.render("conversations  [L]", 8, HEADER), (8, 6))
        y = 20 + round(slide * LINE_HEIGHT)
        for name, words, brightness in rows:
            x = 8
            if name:
                label = self.text.render(name, 8, _shade(NAME, brightness))
                panel.blit(label, (x, y))
            x += self.text.size(name, 8)[0] + 8 if name else CONTINUATION_INDENT
            panel.blit(self.text.render(words, 8, _shade(TEXT, brightness)), (x, y))
            y += LINE_HEIGHT
        panel.set_alpha(alpha)
        rect = panel.get_rect(bottomleft=(MARGIN, bottom))
        target.blit(panel, rect)
        return rect


def _shade(color: tuple[int, int, int], brightness: float) -> tuple[int, int, int]:
    r, g, b = color
    return (round(r * brightness), round(g * brightness), round(b * brightness))
