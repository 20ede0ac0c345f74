"""The pure world model: the map read once from a .tmx file (`TownMap`: area tree, walkable
grid, spawns, and the tile art as data), places as typed addresses, A* and navigation, the
game clock, object states, and what each resident knows of the town. No pygame, no minds
(`tests/test_layers.py`); see README.md.

The names below are the world's public surface (`tests/test_exports.py`); the modules hold
more for the rooms that need the details (e.g. `area_text` for English descriptions).
"""

from __future__ import annotations

from game.world.address import Address
from game.world.areas import AreaTree, Arena, GameObject, Norms, Sector
from game.world.clock import GameClock, format_clock, format_date, format_moment
from game.world.grid import Rect, Tile, WalkableGrid
from game.world.map_art import ArtLayer, MapArt, TileImage
from game.world.map_check import MapReport, check_map
from game.world.navigation import Navigator
from game.world.objects import ObjectState, ObjectStates
from game.world.pathfinding import PathFinder
from game.world.spatial_memory import SpatialMemory
from game.world.tmx import MapError, load_town
from game.world.town import VISITOR, Spawn, TownMap

__all__ = [
    "VISITOR",
    "Address",
    "AreaTree",
    "Arena",
    "ArtLayer",
    "GameClock",
    "GameObject",
    "MapArt",
    "MapError",
    "MapReport",
    "Navigator",
    "Norms",
    "ObjectState",
    "ObjectStates",
    "PathFinder",
    "Rect",
    "Sector",
    "SpatialMemory",
    "Spawn",
    "Tile",
    "TileImage",
    "TownMap",
    "WalkableGrid",
    "check_map",
    "format_clock",
    "format_date",
    "format_moment",
    "load_town",
]
