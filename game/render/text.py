"""Pixel text with a 1-px outline (Press Start 2P), cached per (text, size, colour)."""

from __future__ import annotations

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
