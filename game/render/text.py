"""Pixel text with a 1-px outline (Press Start 2P), cached per (text, size, colour)."""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from pathlib import Path

import fontpkg_press_start_2p  # type: ignore[import-untyped]
import pygame

PIXEL_FONT = Path(fontpkg_press_start_2p.ROOT) / "files" / "PressStart2P-Regular.ttf"
OUTLINE_COLOR = (16, 14, 22)
CACHE_SIZE = 512
Color = tuple[int, int, int]


class PixelText:
    """Renders crisp (unantialiased) pixel text; sizes should be multiples of 8."""

    def __init__(self, font_path: Path = PIXEL_FONT) -> None:
        self.font_path = font_path
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = OrderedDict()

    def font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(str(self.font_path), size)
        return self._fonts[size]

    def size(self, text: str, size: int) -> tuple[int, int]:
        """Width and height of `text` as `render` draws it (outline included)."""
        width, height = self.font(size).size(text)
        return width + 2, height + 2

    def render(self, text: str, size: int, color: Color, outline: bool = True) -> pygame.Surface:
        key = (text, size, color, outline)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._render(text, size, color, outline)
            self._cache[key] = surface
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surface

    def _render(self, text: str, size: int, color: Color, outline: bool) -> pygame.Surface:
        font = self.font(size)
        face = font.render(text, False, color)
        surface = pygame.Surface((face.get_width() + 2, face.get_height() + 2), pygame.SRCALPHA)
        if outline:
            shadow = font.render(text, False, OUTLINE_COLOR)
            for dx, dy in ((0, 1), (1, 0), (2, 1), (1, 2), (0, 0), (2, 0), (0, 2), (2, 2)):
                surface.blit(shadow, (dx, dy))
        surface.blit(face, (1, 1))
        return surface


class FontFilter:
    """Replaces characters the pixel font has no glyph for (emoji, most scripts) with "?";
    symbols (emoji) are dropped. Plain ASCII passes untouched."""

    def __init__(self, text: PixelText) -> None:
        self.text = text
        self._known: dict[str, bool] = {}
        self._missing: bytes | None = None

    def has_glyph(self, char: str) -> bool:
        known = self._known.get(char)
        if known is None:
            font = self.text.font(8)
            if self._missing is None:  # what the font draws for a character it lacks
                self._missing = self._bytes(font, "\ue000")
            known = self._bytes(font, char) != self._missing
            self._known[char] = known
        return known

    @staticmethod
    def _bytes(font: pygame.font.Font, char: str) -> bytes:
        return pygame.image.tobytes(font.render(char, False, (255, 255, 255)), "RGBA")

    def clean(self, words: str) -> str:
        if words.isascii():
            return words
        kept = []
        for char in words:
            if char.isascii() or self.has_glyph(char):
                kept.append(char)
            elif unicodedata.category(char) not in ("So", "Sk", "Mn", "Cf"):
                kept.append("?")
        return " ".join("".join(kept).split()) if kept else ""
