"""Where places are on the grid, through the world's `Navigator` (cached per address)."""

from __future__ import annotations

from collections.abc import Sequence

from game.town.resident import Tile
from game.world.address import Address
from game.world.navigation import Navigator
from game.world.town import TownMap


class TownPlaces:
    """`PlaceTiles` over a loaded `TownMap`; the map's areas never move, so answers are kept."""

    def __init__(self, town: TownMap) -> None:
        self.town = town
        self.navigator = Navigator(town.tree, town.grid)
        self._tiles: dict[Address, tuple[Tile, ...]] = {}

    def _use_tiles(self, place: Address) -> tuple[Tile, ...]:
        if place not in self._tiles:
            try:
                self._tiles[place] = tuple(self.navigator.use_tiles(place))
            except KeyError:
                self._tiles[place] = ()
        return self._tiles[place]

    def walkable_tiles(self, place: Address) -> Sequence[Tile]:
        return self._use_tiles(place)

    def tiles_beside(self, place: Address) -> Sequence[Tile]:
        return self._use_tiles(place) if place.is_object else ()

    def resting_tile(self, place: Address) -> Tile | None:
        if not place.is_object or not self.town.tree.has(place):
            return None
        rect = self.town.tree.game_object(place).rect
        return (rect.x, rect.bottom - 1)
