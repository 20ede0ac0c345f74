"""The map's tile layers as pictures: pre-rendered once at 1×, scaled lazily in chunks.

Static layers (ground, walls, furniture) go under the characters, `overhead` above them. At
zoom 1 the 1× surfaces are blitted directly; at zoom z the visible 128×128-pixel chunks are
scaled once and kept in a bounded LRU cache, so 4× of a large map never exists in one piece.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame
import pytmx

STATIC_LAYERS = ("ground", "walls", "furniture")
OVERHEAD_LAYERS = ("overhead",)
CHUNK = 128  # map pixels per chunk side
CACHE_BYTES = 96 * 1024 * 1024


def _draw_layers(tmx: pytmx.TiledMap, names: tuple[str, ...], surface: pygame.Surface) -> None:
    for name in names:
        try:
            layer = tmx.get_layer_by_name(name)
        except ValueError:
            continue
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, image in layer.tiles():
            surface.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))


class ChunkedLayer:
    """One pre-rendered 1× surface, served at any integer zoom through scaled chunks."""

    def __init__(self, surface: pygame.Surface, transparent: bool) -> None:
        self.surface = surface
        self.transparent = transparent
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface | None] = OrderedDict()
        self._bytes = 0

    def chunk(self, zoom: int, cx: int, cy: int) -> pygame.Surface | None:
        """The chunk (cx, cy) scaled by `zoom`; None when it is wholly transparent."""
        key = (zoom, cx, cy)
        if key in self._chunks:
            self._chunks.move_to_end(key)
            return self._chunks[key]
        area = pygame.Rect(cx * CHUNK, cy * CHUNK, CHUNK, CHUNK).clip(self.surface.get_rect())
        piece = self.surface.subsurface(area)
        scaled: pygame.Surface | None = None
        if not (self.transparent and piece.get_bounding_rect().width == 0):
            scaled = pygame.transform.scale_by(piece, zoom) if zoom != 1 else piece.copy()
            self._bytes += scaled.get_width() * scaled.get_height() * 4
        self._chunks[key] = scaled
        while self._bytes > CACHE_BYTES and len(self._chunks) > 1:
            _, old = self._chunks.popitem(last=False)
            if old is not None:
                self._bytes -= old.get_width() * old.get_height() * 4
        return scaled

    def draw(self, target: pygame.Surface, origin: tuple[int, int], zoom: int) -> None:
        """Blit the part visible in `target` whose top-left is screen pixel `origin`."""
        ox, oy = origin
        if zoom == 1:
            target.blit(self.surface, (-ox, -oy))
            return
        side = CHUNK * zoom
        width, height = target.get_size()
        columns = -(-self.surface.get_width() // CHUNK)
        rows = -(-self.surface.get_height() // CHUNK)
        first_cx, first_cy = max(0, ox // side), max(0, oy // side)
        last_cx = min(columns - 1, (ox + width - 1) // side)
        last_cy = min(rows - 1, (oy + height - 1) // side)
        blits = []
        for cy in range(first_cy, last_cy + 1):
            for cx in range(first_cx, last_cx + 1):
                piece = self.chunk(zoom, cx, cy)
                if piece is not None:
                    blits.append((piece, (cx * side - ox, cy * side - oy)))
        target.blits(blits, doreturn=False)


class TileMapPicture:
    """The drawable map: `draw_below` before the characters, `draw_above` after them."""

    def __init__(self, tmx: pytmx.TiledMap) -> None:
        self.tile_width = tmx.tilewidth
        self.tile_height = tmx.tileheight
        self.width = tmx.width * tmx.tilewidth
        self.height = tmx.height * tmx.tileheight
        below = pygame.Surface((self.width, self.height))
        below.fill((24, 28, 36))
        _draw_layers(tmx, STATIC_LAYERS, below)
        above = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
        _draw_layers(tmx, OVERHEAD_LAYERS, above)
        if pygame.display.get_surface() is not None:
            below, above = below.convert(), above.convert_alpha()
        self.below = ChunkedLayer(below, transparent=False)
        self.above = ChunkedLayer(above, transparent=True)

    @classmethod
    def load(cls, path: Path) -> TileMapPicture:
        """Load a .tmx with its tile images (needs `pygame.display.set_mode` first)."""
        return cls(pytmx.load_pygame(str(path)))

    def draw_below(self, target: pygame.Surface, origin: tuple[int, int], zoom: int) -> None:
        self.below.draw(target, origin, zoom)

    def draw_above(self, target: pygame.Surface, origin: tuple[int, int], zoom: int) -> None:
        self.above.draw(target, origin, zoom)
