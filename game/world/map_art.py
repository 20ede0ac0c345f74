"""What the map looks like, as plain data: which tile image sits in which cell of each layer.

The world reads this from the .tmx together with everything else (`game.world.tmx.art`);
the renderer turns it into pictures (`game.render.tilemap`). Nothing here loads an image:
a `TileImage` only says where the pixels are (a file, a rectangle in it, flips).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DRAWN_LAYERS = ("ground", "walls", "furniture", "overhead")
"""The tile layers that are drawn, bottom to top ("collision" is data, never drawn)."""

Cell = tuple[int, int, int]
"""(x, y, tile): a map cell in tiles and the index of its picture in `MapArt.tiles`."""


@dataclass(frozen=True, slots=True)
class TileImage:
    """Where one tile's pixels come from, and how Tiled turns them.

    `rect` is (x, y, width, height) in pixels of `source`; None means the whole file (a tile
    of an image-collection tileset). Flips are applied as Tiled defines them: diagonal first
    (swap x and y), then horizontal, then vertical. `colorkey` is the tileset's transparent
    colour as Tiled writes it ("ff00ff"), or None.
    """

    source: Path
    rect: tuple[int, int, int, int] | None
    flipped_horizontally: bool = False
    flipped_vertically: bool = False
    flipped_diagonally: bool = False
    colorkey: str | None = None


@dataclass(frozen=True, slots=True)
class ArtLayer:
    """One drawn tile layer: the cells that hold a tile, row by row (top row first)."""

    name: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class MapArt:
    """Every drawn layer of a map (bottom to top) and the distinct tile images they use."""

    tiles: tuple[TileImage, ...]
    layers: tuple[ArtLayer, ...]

    def layer(self, name: str) -> ArtLayer | None:
        """The drawn layer called `name`, or None when the map has none by that name."""
        return next((layer for layer in self.layers if layer.name == name), None)

    def sources(self) -> list[Path]:
        """Every image file the tiles come from, each once, in first-use order."""
        return list(dict.fromkeys(tile.source for tile in self.tiles))
