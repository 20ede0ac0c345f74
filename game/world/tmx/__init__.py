"""Reading a Tiled .tmx file, once, into a `TownMap`: `loader.py` (`load_town`, `MapError`
listing every problem), `files.py` (checks on the map and tileset files before pytmx reads
them), `places.py` (areas, objects and spawns into the area tree), `art.py` (the drawn tile
layers as plain data for the renderer)."""

from __future__ import annotations

from game.world.tmx.loader import MapError, load_town

__all__ = ["MapError", "load_town"]
