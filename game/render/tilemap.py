"""The map's tile layers as pictures: pre-rendered once at 1×, scaled lazily in chunks.

The pictures are drawn from the world's `MapArt` (the map is parsed once, by
`game.world.tmx.loader`; nothing here reads a .tmx). Static layers (ground, walls, furniture)
go under the characters, `overhead` above them. At zoom 1 the 1× surfaces are blitted
directly; at zoom z the visible 128×128-pixel chunks are scaled once and kept in a bounded LRU
cache, so 4× of a large map never exists in one piece.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.world.map_art import MapArt, TileImage
from game.world.town import TownMap

STATIC_LAYERS = ("ground", "walls", "furniture")
OVERHEAD_LAYERS = ("overhead",)
BACKGROUND = (24, 28, 36)  # where the ground layer has no tile
CHUNK = 128  # map pixels per chunk side
CACHE_BYTES = 96 * 1024 * 1024


def load_sheets(sources: list[Path]) -> dict[Path, pygame.Surface]:
    """Each image file once, `convert_alpha`ed when a display surface exists."""
    sheets = {}
    for source in sources:
        sheet = pygame.image.load(source)
        if pygame.display.get_surface() is not None:
            sheet = sheet.convert_alpha()
        sheets[source] = sheet
    return sheets


def cut_tile(sheet: pygame.Surface, tile: TileImage) -> pygame.Surface:
    """One tile's surface: its rectangle of the sheet, turned the way pytmx's pygame loader
    turns it (diagonal flip = rotate 270° and flip horizontally; then horizontal/vertical)."""
    if tile.rect is None:
        image = sheet
    else:
        try:
            image = sheet.subsurface(tile.rect)
        except ValueError:
            width, height = sheet.get_size()
            raise ValueError(
                f"{tile.source}: tile rectangle {tile.rect} lies outside the {width}×{height} image"
            ) from None
    if tile.flipped_diagonally:
        image = pygame.transform.flip(pygame.transform.rotate(image, 270), True, False)
    if tile.flipped_horizontally or tile.flipped_vertically:
        image = pygame.transform.flip(image, tile.flipped_horizontally, tile.flipped_vertically)
    if tile.colorkey:
        image = image.convert() if pygame.display.get_surface() is not None else image.copy()
        image.set_colorkey(pygame.Color(f"#{tile.colorkey}"), pygame.RLEACCEL)
    return image


def cut_tiles(art: MapArt) -> list[pygame.Surface]:
    """A surface per distinct tile of `art`, in `art.tiles` order."""
    sheets = load_sheets(art.sources())
    return [cut_tile(sheets[tile.source], tile) for tile in art.tiles]


def _draw_layers(
    art: MapArt,
    tiles: Sequence[pygame.Surface],
    names: tuple[str, ...],
    tile_size: tuple[int, int],
    surface: pygame.Surface,
) -> None:
    """Blit each named layer's tiles row by row, top-left at the cell's corner (as pytmx)."""
    tile_width, tile_height = tile_size
    for name in names:
        layer = art.layer(name)
        if layer is None:
            continue
        surface.blits(
            [(tiles[tile], (x * tile_width, y * tile_height)) for x, y, tile in layer.cells],
            doreturn=False,
        )


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

    def __init__(
        self, below: pygame.Surface, above: pygame.Surface, tile_size: tuple[int, int]
    ) -> None:
        self.tile_width, self.tile_height = tile_size
        self.width, self.height = below.get_size()
        self.below = ChunkedLayer(below, transparent=False)
        self.above = ChunkedLayer(above, transparent=True)

    @classmethod
    def from_art(
        cls, art: MapArt, tile_width: int, tile_height: int, width: int, height: int
    ) -> TileMapPicture:
        """Pre-render a map of `width`×`height` tiles from its art (each tileset image is
        loaded once; `convert`ed when a display surface exists)."""
        tiles = cut_tiles(art)
        size = (width * tile_width, height * tile_height)
        below = pygame.Surface(size)
        below.fill(BACKGROUND)
        _draw_layers(art, tiles, STATIC_LAYERS, (tile_width, tile_height), below)
        above = pygame.Surface(size, pygame.SRCALPHA)
        _draw_layers(art, tiles, OVERHEAD_LAYERS, (tile_width, tile_height), above)
        if pygame.display.get_surface() is not None:
            below, above = below.convert(), above.convert_alpha()
        return cls(below, above, (tile_width, tile_height))

    @classmethod
    def for_town(cls, town: TownMap) -> TileMapPicture:
        """The picture of an already-loaded town."""
        return cls.from_art(town.art, town.tile_width, town.tile_height, town.width, town.height)

    def draw_below(self, target: pygame.Surface, origin: tuple[int, int], zoom: int) -> None:
        self.below.draw(target, origin, zoom)

    def draw_above(self, target: pygame.Surface, origin: tuple[int, int], zoom: int) -> None:
        self.above.draw(target, origin, zoom)
