"""Load a Tiled .tmx file into a `TownMap` (see maps/README.md for the format).

`load_town` either returns a complete, valid town or raises `MapError` listing every
problem it found, each naming what is wrong and where. It never lets a parser traceback out.
pytmx is used data-only (`pytmx.TiledMap`, no images are loaded): the map is parsed once, and
its drawn layers come out as plain `MapArt` (see `game.world.tmx.art`) for the renderer.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from game.world.grid import Rect, Tile, WalkableGrid
from game.world.tmx.art import read_art, tile_image_loader
from game.world.tmx.files import check_map_files
from game.world.tmx.places import MapObject, PlaceBuilder
from game.world.town import TownMap

# pytmx imports pygame (for its optional pygame loader), which would print a banner on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx

_GID_FLAGS = 0xE0000000


class MapError(Exception):
    """A map that cannot be used. `problems` holds one readable line per problem."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        lines = "\n".join(f"  - {problem}" for problem in problems)
        count = len(problems)
        super().__init__(f"{path}: {count} problem{'s' if count != 1 else ''}:\n{lines}")


_LOADED: dict[tuple[str, ...], TownMap] = {}
"""Maps read in this process, by what pytmx reads: a map opened again (an evaluation opens its
town's some ten times, 0.25-0.3 s each for the Ville) is copied, not parsed and built again."""
_LOADED_KEPT = 4


def load_town(path: str | Path) -> TownMap:
    """Read and validate a map. Raises `MapError` with all problems found. The files are
    checked every time; a map whose files read the same as one read before is a copy of it."""
    path = Path(path)
    root, problems = check_map_files(path)
    if root is None or problems:
        raise MapError(path, problems)
    key = _read_key(path, root)
    loaded = _LOADED.get(key)
    if loaded is None:
        loaded = _parse_town(path, root)
        while len(_LOADED) >= _LOADED_KEPT:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = loaded
    return loaded.copy()


def _read_key(path: Path, root: ElementTree.Element) -> tuple[str, ...]:
    """What the parse depends on: the path (and the folder a relative one is taken from), the
    map file's bytes (a Tiled JSON map's XML is made from them), its external .tsx tilesets'
    bytes and its other tilesets as checked (inline, or embedded from a JSON tileset)."""
    digest = hashlib.sha256(path.read_bytes())
    for node in root.findall("tileset"):
        source = node.get("source", "")
        tileset = path.parent / source
        if source and tileset.is_file():
            digest.update(b"\0" + source.encode() + b"\0" + tileset.read_bytes())
        elif not source:
            digest.update(b"\0" + ElementTree.tostring(node))
    return (str(path), os.getcwd(), digest.hexdigest())


def _parse_town(path: Path, root: ElementTree.Element) -> TownMap:
    """The town of a map whose files were checked. Raises `MapError` with all problems found."""
    tiled = _read_tiled(path, root)
    problems = _check_size(tiled) + _check_tile_ids(tiled)
    world = str(tiled.properties.get("world", "")).strip()
    if problems:
        raise MapError(path, problems)
    art, problems = read_art(tiled)
    grid = WalkableGrid(tiled.width, tiled.height, _blocked_tiles(tiled))
    builder = PlaceBuilder(str(world), grid)
    for layer, add in (
        ("areas", builder.add_area),
        ("objects", builder.add_object),
        ("spawns", builder.add_spawn),
    ):
        for item in _map_objects(tiled, layer):
            add(item)
    builder.check_complete()
    problems += builder.problems
    if problems:
        raise MapError(path, problems)
    return TownMap(
        path=path,
        world=str(world),
        width=tiled.width,
        height=tiled.height,
        tile_width=tiled.tilewidth,
        tile_height=tiled.tileheight,
        grid=grid,
        tree=builder.tree(),
        spawns=builder.spawns,
        art=art,
    )


def _read_tiled(path: Path, root: ElementTree.Element) -> Any:
    """pytmx's TiledMap of the map's XML (read once, by `check_map_files`; a Tiled JSON map
    arrives converted), data only: tile images described, not loaded. pytmx raises bare
    Exceptions, so any failure becomes a MapError carrying its message."""
    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    try:
        tiled = pytmx.TiledMap(image_loader=tile_image_loader)
        tiled.filename = str(path)  # external tilesets are found beside it
        tiled.parse_xml(root)
    except Exception as error:  # noqa: BLE001 — pytmx raises plain Exception on bad input
        raise MapError(path, [f"pytmx cannot read the map: {error}"]) from None
    return tiled


def _check_size(tiled: Any) -> list[str]:
    """The layers and the world property were checked on the XML (`check_layout`)."""
    if tiled.tilewidth <= 0 or tiled.tileheight <= 0 or tiled.width <= 0 or tiled.height <= 0:
        return [f"map size {tiled.width}×{tiled.height} tiles is empty"]
    return []


def _check_tile_ids(tiled: Any) -> list[str]:
    """Tiles whose id belongs to no tileset (an unknown tileset), one line per layer."""
    ranges = [(ts.firstgid, ts.firstgid + (ts.tilecount or 1 << 28)) for ts in tiled.tilesets]
    problems = []
    for layer in tiled.layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        unknown: dict[int, Tile] = {}
        for y, row in enumerate(layer.data):
            for x, gid in enumerate(row):
                tiled_id = tiled.tiledgidmap.get(gid, 0) & ~_GID_FLAGS if gid else 0
                if tiled_id and not any(low <= tiled_id < high for low, high in ranges):
                    unknown.setdefault(tiled_id, (x, y))
        for tiled_id, tile in unknown.items():
            problems.append(
                f"layer {layer.name!r}: tile id {tiled_id} (first at {tile}) "
                "belongs to no tileset — unknown tileset"
            )
    return problems


def _blocked_tiles(tiled: Any) -> list[Tile]:
    layer = tiled.layernames["collision"]
    return [(x, y) for y, row in enumerate(layer.data) for x, gid in enumerate(row) if gid]


def _map_objects(tiled: Any, layer_name: str) -> list[MapObject]:
    """A layer's objects with pixel geometry turned into tiles (rounded to the nearest)."""
    tile_width, tile_height = tiled.tilewidth, tiled.tileheight
    items = []
    for obj in tiled.layernames[layer_name]:
        width = round(obj.width / tile_width)
        height = round(obj.height / tile_height)
        if width and height:
            rect = Rect(round(obj.x / tile_width), round(obj.y / tile_height), width, height)
        else:  # a point (or a sliver): the tile it is in
            rect = Rect(int(obj.x // tile_width), int(obj.y // tile_height), 0, 0)
            if layer_name != "areas":
                rect = Rect(rect.x, rect.y, 1, 1)
        items.append(MapObject(layer_name, obj.id, obj.name or "", rect, dict(obj.properties)))
    return items
