"""Speech bubbles: a resident's spoken line, wrapped, above its head.

Bubbles are laid out together so they never pile up: each is centred over its speaker and,
where it would cover a bubble already placed, lifted above it (a thin stem keeps it tied to
the speaker). Names stay under the feet, so bubbles and names never meet.
"""

from __future__ import annotations

import pygame

from game.render.text import PixelText

FILL = (252, 250, 240)
EDGE = (40, 34, 48)
INK = (36, 30, 44)
MAX_TEXT_WIDTH = 216
MAX_LINES = 3
LINE_HEIGHT = 11
PAD = 5


def wrap_words(text: PixelText, words: str, size: int, width: int, max_lines: int) -> list[str]:
    """Greedy word wrap to `width` pixels, at most `max_lines` (the last ends in "…")."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        candidate = f"{current} {word}" if current else word
        if text.size(candidate, size)[0] <= width or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,;:!? ") + "..."
    return [_cut(text, line, size, width) for line in lines]


def _cut(text: PixelText, line: str, size: int, width: int) -> str:
    while len(line) > 4 and text.size(line, size)[0] > width:
        line = line[:-4] + "..."
    return line


class SpeechBubbles:
    """Renders and places speech bubbles; `drawn` holds (speaker, text lines) of last frame."""

    def __init__(self, text: PixelText) -> None:
        self.text = text
        self.drawn: list[tuple[str, list[str]]] = []
        self._cache: dict[str, tuple[pygame.Surface, list[str]]] = {}

    def content(self, words: str) -> tuple[pygame.Surface, list[str]]:
        found = self._cache.get(words)
        if found is None:
            lines = wrap_words(self.text, words, 8, MAX_TEXT_WIDTH, MAX_LINES)
            width = max(self.text.size(line, 8)[0] for line in lines) + 2 * PAD
            surface = pygame.Surface((width, LINE_HEIGHT * len(lines) + 2 * PAD - 2))
            surface.fill(FILL)
            for number, line in enumerate(lines):
                surface.blit(
                    self.text.render(line, 8, INK, outline=False), (PAD, PAD + 11 * number)
                )
            if len(self._cache) > 64:
                self._cache.clear()
            found = self._cache[words] = (surface, lines)
        return found

    def place(
        self, speakers: list[tuple[str, pygame.Rect, str]], bounds: pygame.Rect
    ) -> list[tuple[str, pygame.Rect, pygame.Rect, pygame.Surface, list[str]]]:
        """(name, sprite rect, bubble rect, surface, lines) for each speaker, none overlapping."""
        placed: list[tuple[str, pygame.Rect, pygame.Rect, pygame.Surface, list[str]]] = []
        taken: list[pygame.Rect] = []
        for name, sprite, words in speakers:
            surface, lines = self.content(words)
            box = surface.get_rect(midbottom=(sprite.centerx, sprite.top - 6))
            box.clamp_ip(bounds)
            box.bottom = min(box.bottom, sprite.top - 6)
            for _ in range(len(taken) + 1):
                hit = box.collidelist(taken)
                if hit < 0:
                    break
                box.bottom = taken[hit].top - 4
            taken.append(box)
            placed.append((name, sprite, box, surface, lines))
        return placed

    def draw(
        self, target: pygame.Surface, speakers: list[tuple[str, pygame.Rect, str]]
    ) -> list[pygame.Rect]:
        """Draw the bubbles; return their rects (emoji bubbles keep out of them)."""
        self.drawn = []
        rects = []
        for name, sprite, box, surface, lines in self.place(speakers, target.get_rect()):
            tip_x = min(max(sprite.centerx, box.left + 6), box.right - 6)
            if sprite.top - box.bottom > 8:  # lifted over another bubble: a stem to the speaker
                pygame.draw.line(target, EDGE, (tip_x, box.bottom), (tip_x, sprite.top - 4), 1)
            frame = box.inflate(2, 2)
            pygame.draw.rect(target, FILL, frame, border_radius=4)
            target.blit(surface, box)
            pygame.draw.rect(target, EDGE, frame, width=1, border_radius=4)
            tip = [
                (tip_x - 4, frame.bottom - 1),
                (tip_x + 4, frame.bottom - 1),
                (tip_x, frame.bottom + 4),
            ]
            pygame.draw.polygon(target, FILL, tip)
            pygame.draw.lines(target, EDGE, False, [tip[0], tip[2], tip[1]])
            self.drawn.append((name, lines))
            rects.append(frame)
        return rects
