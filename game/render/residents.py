"""Residents on screen: depth-sorted sprites, emoji bubbles, "thinking" dots, names on hover.

Layout per resident (screen space, any zoom): the sprite stands with its feet on the bottom of
its tile; the bubble floats above the head; the name label sits under the feet, so the two
never overlap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pygame

from game.render.camera import Camera
from game.render.emoji import EmojiCache
from game.render.speech import SpeechBubbles
from game.render.sprites import FRAME_HEIGHT, FRAME_WIDTH, CharacterSheets, frame_cell
from game.render.text import PixelText
from game.town.resident import Resident

BUBBLE_FILL = (252, 250, 240)
BUBBLE_EDGE = (40, 34, 48)
NAME_COLOR = (255, 255, 255)
SELECTED_NAME_COLOR = (255, 226, 120)
EMOJI_SIZES = {1: 16, 2: 20, 3: 24, 4: 28}


class ResidentPainter:
    """Draws the population; computes every rectangle so tests can check placements."""

    def __init__(self, sheets: CharacterSheets, text: PixelText, emoji: EmojiCache) -> None:
        self.sheets = sheets
        self.text = text
        self.emoji = emoji
        self.speech = SpeechBubbles(text)
        self.tile_size = 16

    def sprite_rect(self, resident: Resident, camera: Camera) -> pygame.Rect:
        """Where the resident's frame lands on screen: feet on the bottom of its tile."""
        x, y = resident.position
        feet_x = (x + 0.5) * self.tile_size
        feet_y = (y + 1.0) * self.tile_size
        left, top = camera.map_to_screen(feet_x - FRAME_WIDTH / 2, feet_y - FRAME_HEIGHT)
        return pygame.Rect(left, top, FRAME_WIDTH * camera.zoom, FRAME_HEIGHT * camera.zoom)

    def visible(
        self, residents: Iterable[Resident], camera: Camera
    ) -> list[tuple[Resident, pygame.Rect]]:
        """Residents on screen with their sprite rects, back to front (sorted by feet y)."""
        x, y, width, height = camera.visible_map_rect()
        tile = self.tile_size
        left, top = x / tile - 2, y / tile - 2  # a margin for sprites, bubbles and names
        right, bottom = (x + width) / tile + 2, (y + height) / tile + 3
        on_screen = []
        for resident in residents:
            rx, ry = resident.position
            if left <= rx <= right and top <= ry <= bottom:
                on_screen.append((resident, self.sprite_rect(resident, camera)))
        on_screen.sort(key=lambda item: (item[1].bottom, item[0].name))
        return on_screen

    def draw_sprites(
        self, target: pygame.Surface, placed: list[tuple[Resident, pygame.Rect]], zoom: int
    ) -> None:
        blits = []
        for resident, rect in placed:
            cell = frame_cell(resident.facing, resident.pose, resident.distance_walked)
            sheet = self.sheets.zoomed(resident.slug, zoom)
            blits.append((sheet, rect.topleft, self.sheets.frame_area(cell, zoom)))
        target.blits(blits, doreturn=False)

    def resident_at(
        self, placed: list[tuple[Resident, pygame.Rect]], point: tuple[int, int]
    ) -> Resident | None:
        """The front-most resident whose sprite covers the screen `point`."""
        for resident, rect in reversed(placed):
            if rect.collidepoint(point):
                return resident
        return None

    def draw_overlays(
        self,
        target: pygame.Surface,
        placed: list[tuple[Resident, pygame.Rect]],
        labelled: set[str],
        selected: str | None,
        now_seconds: float,
        zoom: int = 2,
        speech: Mapping[str, str] | None = None,
    ) -> None:
        """Speech bubbles, emoji bubbles (the front one wins where they would pile up), names."""
        emoji_size = EMOJI_SIZES.get(zoom, 20)
        bubbles: list[tuple[pygame.Rect, pygame.Surface]] = []
        said = speech or {}
        bounds = target.get_rect()
        speakers = [(r.name, rect, said[r.name]) for r, rect in reversed(placed) if r.name in said]
        taken = [box.inflate(2, 6) for _, _, box, _, _ in self.speech.place(speakers, bounds)]
        for resident, rect in reversed(placed):  # front to back
            if resident.name in said:
                continue
            content = self._bubble_content(resident, emoji_size, now_seconds)
            if content is None:
                continue
            box = self.bubble_rect(rect, content.get_size())
            wanted = resident.name in labelled or resident.thinking
            if wanted or box.collidelist(taken) < 0:
                bubbles.append((rect, content))
                taken.append(box)
        for rect, content in reversed(bubbles):  # back to front
            self._draw_bubble(target, rect, content)
        self.speech.draw(target, speakers)
        for resident, rect in placed:
            if resident.name in labelled:
                color = SELECTED_NAME_COLOR if resident.name == selected else NAME_COLOR
                self.draw_name(target, resident.name, rect, color)

    def _bubble_content(
        self, resident: Resident, emoji_size: int, now_seconds: float
    ) -> pygame.Surface | None:
        if resident.thinking:
            return self._thinking_dots(now_seconds, emoji_size)
        if resident.emoji and not resident.is_walking:
            return self.emoji.render(resident.emoji, emoji_size)
        return None

    def bubble_rect(self, sprite: pygame.Rect, content: tuple[int, int]) -> pygame.Rect:
        width, height = content[0] + 6, content[1] + 6
        return pygame.Rect(sprite.centerx - width // 2, sprite.top - height - 4, width, height)

    def name_rect(self, name: str, sprite: pygame.Rect) -> pygame.Rect:
        width, height = self.text.size(name, 8)
        return pygame.Rect(sprite.centerx - width // 2, sprite.bottom + 2, width, height)

    def draw_name(
        self, target: pygame.Surface, name: str, sprite: pygame.Rect, color: tuple[int, int, int]
    ) -> None:
        target.blit(self.text.render(name, 8, color), self.name_rect(name, sprite))

    def _draw_bubble(
        self, target: pygame.Surface, sprite: pygame.Rect, content: pygame.Surface
    ) -> None:
        box = self.bubble_rect(sprite, content.get_size())
        pygame.draw.rect(target, BUBBLE_FILL, box, border_radius=4)
        pygame.draw.rect(target, BUBBLE_EDGE, box, width=1, border_radius=4)
        tip = (box.centerx, box.bottom + 3)
        pygame.draw.polygon(
            target, BUBBLE_FILL, [(tip[0] - 3, box.bottom - 1), (tip[0] + 3, box.bottom - 1), tip]
        )
        pygame.draw.lines(
            target,
            BUBBLE_EDGE,
            False,
            [(tip[0] - 3, box.bottom - 1), tip, (tip[0] + 3, box.bottom - 1)],
        )
        target.blit(content, (box.x + 3, box.y + 3))

    def _thinking_dots(self, now_seconds: float, size: int) -> pygame.Surface:
        """Three dots as wide as an emoji, one more lit every third of a second."""
        lit = int(now_seconds * 3) % 4
        dot = max(3, size // 4)
        gap = max(2, dot // 2)
        dots = pygame.Surface((3 * dot + 2 * gap, size // 2), pygame.SRCALPHA)
        for index in range(3):
            color = (60, 60, 80) if index < lit else (190, 190, 200)
            rect = (index * (dot + gap), (size // 2 - dot) // 2, dot, dot)
            pygame.draw.rect(dots, color, rect, border_radius=1)
        return dots
