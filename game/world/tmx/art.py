"""The drawn tile layers of a parsed map as `MapArt` (plain data; no image is opened).

pytmx hands every tile's image to an "image loader" while it parses: it calls
`loader(file, colorkey)` once per image file and the returned function once per tile with the
tile's rectangle in that file and its flip flags. `tile_image_loader` is such a loader that
keeps only that description, as a `TileImage`; the renderer opens the files itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.world.map_art import DRAWN_LAYERS, ArtLayer, MapArt, TileImage


def tile_image_loader(
    filename: str, colorkey: str | None, **_options: Any
) -> Callable[..., TileImage]:
    """pytmx's image-loader hook, data only: describes each tile instead of loading it."""
    source = Path(os.path.abspath(filename))

    def describe(rect: tuple[int, int, int, int] | None = None, flags: Any = None) -> TileImage:
        return TileImage(
            source=source,
            rect=(rect[0], rect[1], rect[2], rect[3]) if rect else None,
            flipped_horizontally=bool(flags and flags.flipped_horizontally),
            flipped_vertically=bool(flags and flags.flipped_vertically),
            flipped_diagonally=bool(flags and flags.flipped_diagonally),
            colorkey=colorkey or None,
        )

    return describe


def read_art(tiled: Any) -> tuple[MapArt, list[str]]:
    """The drawn layers of a map pytmx parsed with `tile_image_loader`, and any tiles that
    have no image (one problem line per layer and tile). Expects every drawn layer to exist."""
    images = tiled.images
    index_of: dict[int, int] = {}
    tiles: list[TileImage] = []
    layers = []
    problems = []
    for name in DRAWN_LAYERS:
        data = tiled.layernames[name].data
        for gid in sorted(set().union(*data) - {0} - index_of.keys()):
            image = images[gid] if gid < len(images) else None
            if isinstance(image, TileImage):
                index_of[gid] = len(tiles)
                tiles.append(image)
            else:
                problems.append(_no_image(name, data, gid, tiled.tiledgidmap.get(gid, gid)))
        cells = tuple(
            (x, y, index_of[gid])
            for y, row in enumerate(data)
            for x, gid in enumerate(row)
            if gid and gid in index_of
        )
        layers.append(ArtLayer(name, cells))
    return MapArt(tuple(tiles), tuple(layers)), problems


def _no_image(layer: str, data: list[list[int]], gid: int, tiled_id: int) -> str:
    first = next((x, y) for y, row in enumerate(data) for x, cell in enumerate(row) if cell == gid)
    return f"layer {layer!r}: tile id {tiled_id} (first at {first}) has no image"
