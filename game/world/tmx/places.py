"""Builds the area tree and spawn points from the map's three object layers, recording
every problem (duplicates, missing properties, things outside the map) instead of stopping."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.world.address import Address
from game.world.areas import (
    SECTOR_KINDS,
    AreaTree,
    Arena,
    GameObject,
    Norms,
    Sector,
    parse_open_hours,
)
from game.world.grid import Rect, Tile, WalkableGrid
from game.world.tmx.layout import NO_ARENA, NO_RESIDENT, NO_VISITOR
from game.world.town import VISITOR, Spawn


@dataclass(frozen=True, slots=True)
class MapObject:
    """One Tiled object, in tiles, with its properties (as pytmx typed them)."""

    layer: str
    id: int
    name: str
    rect: Rect
    properties: dict[str, Any] = field(default_factory=dict)

    def where(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"{self.layer} layer, object {self.id}{label} at {self.rect.describe()}"


class PlaceBuilder:
    """Collects sectors, arenas, objects and spawns; `problems` lists what was wrong."""

    def __init__(self, world: str, grid: WalkableGrid) -> None:
        self.world = world
        self.grid = grid
        self.problems: list[str] = []
        self.sectors: dict[str, Sector] = {}
        self.spawns: dict[str, Spawn] = {}

    def tree(self) -> AreaTree:
        return AreaTree(self.world, self.sectors)

    def check_complete(self) -> None:
        """After every object is added: a town needs an arena, a resident and the visitor."""
        if not any(sector.arenas for sector in self.sectors.values()):
            self.problems.append(NO_ARENA)
        if not any(not spawn.is_visitor for spawn in self.spawns.values()):
            self.problems.append(NO_RESIDENT)
        if VISITOR not in self.spawns:
            self.problems.append(NO_VISITOR)

    # -- areas -------------------------------------------------------------------------
    def add_area(self, item: MapObject) -> None:
        sector_name = self._text(item, "sector")
        arena_name = self._text(item, "arena")
        if not sector_name:
            self.problems.append(f"{item.where()}: missing required property 'sector'")
            return
        if item.rect.width < 1 or item.rect.height < 1:
            self.problems.append(f"{item.where()}: an area must be a rectangle of whole tiles")
            return
        if not item.rect.inside(self.grid.width, self.grid.height):
            self.problems.append(f"{item.where()}: area lies outside the {self._size()} map")
        sector = self.sectors.setdefault(sector_name, Sector(sector_name))
        norms = self._norms(item)
        if arena_name is None:
            self._add_sector_rect(sector, item, norms)
        elif arena_name in sector.arenas:
            self.problems.append(
                f"{item.where()}: duplicate arena {arena_name!r} in sector {sector_name!r}"
            )
        else:
            address = Address(sector_name, arena_name)
            sector.arenas[arena_name] = Arena(address, item.rect, norms)

    def _add_sector_rect(self, sector: Sector, item: MapObject, norms: Norms) -> None:
        if sector.rect is not None:
            self.problems.append(
                f"{item.where()}: duplicate sector-wide rectangle for {sector.name!r}"
            )
            return
        if norms.kind and norms.kind not in SECTOR_KINDS:
            self.problems.append(
                f"{item.where()}: kind {norms.kind!r} is not one of {', '.join(SECTOR_KINDS)}"
            )
        sector.rect = item.rect
        sector.norms = norms

    # -- objects -----------------------------------------------------------------------
    def add_object(self, item: MapObject) -> None:
        if not item.name:
            self.problems.append(f"{item.where()}: an object needs a name")
            return
        state = self._text(item, "state")
        if state is None:
            self.problems.append(f"{item.where()}: missing required property 'state'")
        if not item.rect.inside(self.grid.width, self.grid.height):
            self.problems.append(f"{item.where()}: object lies outside the {self._size()} map")
        arena = self._arena_holding(item.rect.centre)
        if arena is None:
            self.problems.append(f"{item.where()}: object {item.name!r} is outside every arena")
            return
        if item.name in arena.objects:
            self.problems.append(
                f"{item.where()}: duplicate object {item.name!r} in {arena.address.describe()}"
            )
            return
        address = arena.address.child(item.name)
        arena.objects[item.name] = GameObject(address, item.rect, state or "", self._norms(item))

    def _arena_holding(self, tile: Tile) -> Arena | None:
        for sector in self.sectors.values():
            for arena in sector.arenas.values():
                if arena.rect.contains(tile):
                    return arena
        return None

    # -- spawns ------------------------------------------------------------------------
    def add_spawn(self, item: MapObject) -> None:
        if not item.name:
            self.problems.append(f"{item.where()}: a spawn needs the resident's name")
            return
        if item.name in self.spawns:
            self.problems.append(f"{item.where()}: duplicate spawn {item.name!r}")
            return
        tile = (item.rect.x, item.rect.y)
        if not self.grid.in_bounds(tile):
            self.problems.append(f"{item.where()}: spawn lies outside the {self._size()} map")
        elif not self.grid.is_walkable(tile):
            self.problems.append(f"{item.where()}: spawn stands on a blocked tile {tile}")
        if item.name == VISITOR:
            self.spawns[item.name] = Spawn(item.name, tile)
            return
        home = self._place(item, "home_sector", "home_arena", arena_required=True)
        work = self._place(item, "work_sector", "work_arena", arena_required=False)
        self.spawns[item.name] = Spawn(item.name, tile, home, work)

    def _place(
        self, item: MapObject, sector_key: str, arena_key: str, arena_required: bool
    ) -> Address | None:
        sector = self._text(item, sector_key)
        arena = self._text(item, arena_key)
        missing = [key for key, value in ((sector_key, sector), (arena_key, arena)) if not value]
        if not arena_required and arena is None:
            missing = [key for key in missing if key != arena_key]
        for key in missing:
            self.problems.append(f"{item.where()}: missing required property {key!r}")
        if not sector:
            return None
        address = Address(sector, arena or None)
        known = self.sectors.get(sector)
        if known is None or (address.arena is not None and address.arena not in known.arenas):
            self.problems.append(
                f"{item.where()}: {sector_key}/{arena_key} name an unknown place: "
                f"{address.describe()}"
            )
        return address

    # -- properties --------------------------------------------------------------------
    def _text(self, item: MapObject, key: str) -> str | None:
        value = item.properties.get(key)
        return None if value is None else str(value).strip()

    def _norms(self, item: MapObject) -> Norms:
        props = item.properties
        open_hours = self._text(item, "open_hours") or None
        if open_hours is not None:
            try:
                parse_open_hours(open_hours)
            except ValueError as error:
                self.problems.append(f"{item.where()}: {error}")
                open_hours = None
        return Norms(
            kind=self._text(item, "kind") or "",
            open_hours=open_hours,
            one_person=self._flag(item, props.get("one_person", False)),
            capacity=self._count(item, props.get("capacity")),
            description=self._text(item, "description") or "",
        )

    def _flag(self, item: MapObject, value: object) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "1", "yes"):
            return True
        if text not in ("false", "0", "no", ""):
            self.problems.append(f"{item.where()}: one_person {value!r} is not true or false")
        return False

    def _count(self, item: MapObject, value: object) -> int | None:
        if value is None or value == "":
            return None
        try:
            count = int(str(value))
        except ValueError:
            count = 0
        if count < 1:
            self.problems.append(
                f"{item.where()}: capacity {value!r} is not a positive whole number"
            )
            return None
        return count

    def _size(self) -> str:
        return f"{self.grid.width}×{self.grid.height}"
