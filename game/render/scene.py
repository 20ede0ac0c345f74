"""One frame of the town: map below, residents by depth, map above, daylight, overlays."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

import pygame

from game.render.camera import Camera
from game.render.daylight import is_daylight, tint_for
from game.render.emoji import EmojiCache
from game.render.residents import ResidentPainter
from game.render.sprites import CharacterSheets
from game.render.text import PixelText
from game.render.tilemap import TileMapPicture
from game.town.population import Population
from game.town.resident import Resident
from game.world.town import TownMap

BACKGROUND = (18, 20, 28)


class TownScene:
    """Draws the model; never changes it. Remembers where residents were drawn for picking."""

    def __init__(
        self,
        picture: TileMapPicture,
        sheets: CharacterSheets,
        text: PixelText | None = None,
        emoji: EmojiCache | None = None,
    ) -> None:
        self.picture = picture
        self.text = text or PixelText()
        self.painter = ResidentPainter(sheets, self.text, emoji or EmojiCache())
        self.painter.tile_size = picture.tile_width
        self.placed: list[tuple[Resident, pygame.Rect]] = []
        self.tint_enabled = True

    @classmethod
    def for_town(
        cls,
        town: TownMap,
        characters: Path | None,
        looks: Mapping[str, Mapping[str, str]] | None = None,
    ) -> TownScene:
        """The scene of an already-loaded town (its map is not read again).

        `characters`: the folder of sheet PNGs (`assets/characters`). `looks`: resident name
        (or slug) → look (part → option, `game.town.looks.LOOK_PARTS`; parts left out come from
        `default_look`), e.g. from the town's persona file: those residents wear their look,
        drawn at run time; the others their PNG, or the look `default_look` picks from their
        name. Later changes: `scene.painter.sheets.set_look(name, look)`."""
        return cls(TileMapPicture.for_town(town), CharacterSheets(characters, looks))

    def draw(
        self,
        target: pygame.Surface,
        camera: Camera,
        population: Population,
        now: datetime,
        labelled: set[str],
        selected: str | None,
        real_seconds: float,
        speech: Mapping[str, str] | None = None,
    ) -> None:
        """Draw one frame of the town (not the HUD) into `target`; `speech`: who says what."""
        origin, zoom = camera.origin, camera.zoom
        target.fill(BACKGROUND)
        self.picture.draw_below(target, origin, zoom)
        self.placed = self.painter.visible(population, camera)
        self.painter.draw_sprites(target, self.placed, zoom)
        self.picture.draw_above(target, origin, zoom)
        tint = tint_for(now)
        if self.tint_enabled and not is_daylight(tint):
            target.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
        self.painter.draw_overlays(
            target, self.placed, labelled, selected, real_seconds, zoom, speech
        )

    def resident_at(self, point: tuple[int, int]) -> str | None:
        """The name of the resident drawn under screen `point` in the last frame."""
        found = self.painter.resident_at(self.placed, point)
        return found.name if found else None
