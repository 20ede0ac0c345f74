"""The area tree: world → sector → arena → object, built from the map's `areas` and
`objects` layers, with each place's norms (kind, opening hours, one person, capacity)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from game.world import area_text
from game.world.address import Address
from game.world.grid import Rect, Tile

SECTOR_KINDS = ("home", "public", "nature")
COMMON_KINDS = ("public", "nature")
_HOURS = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


def parse_open_hours(text: str) -> tuple[int, int]:
    """ "08:00-17:00" → (480, 1020), minutes since midnight. Raises ValueError when malformed.
    A closing time before the opening time means open past midnight ("18:00-02:00")."""
    match = _HOURS.match(text)
    if match is None:
        raise ValueError(f"opening hours {text!r} are not like '08:00-17:00'")
    open_h, open_m, close_h, close_m = (int(part) for part in match.groups())
    if open_h > 24 or close_h > 24 or open_m > 59 or close_m > 59:
        raise ValueError(f"opening hours {text!r} hold an impossible time")
    return (open_h * 60 + open_m, close_h * 60 + close_m)


@dataclass(frozen=True, slots=True)
class Norms:
    """What a place asks of the people in it. Every field is optional on the map."""

    kind: str = ""
    open_hours: str | None = None
    one_person: bool = False
    capacity: int | None = None
    description: str = ""

    def is_open_at(self, minute_of_day: float) -> bool:
        """True when there are no opening hours or `minute_of_day` falls inside them."""
        if self.open_hours is None:
            return True
        opens, closes = parse_open_hours(self.open_hours)
        if opens <= closes:
            return opens <= minute_of_day < closes
        return minute_of_day >= opens or minute_of_day < closes


@dataclass(frozen=True, slots=True)
class GameObject:
    """A usable thing ("stove"): its address, the tiles it covers and its default state."""

    address: Address
    rect: Rect
    default_state: str
    norms: Norms = Norms()

    @property
    def name(self) -> str:
        return self.address.object or ""


@dataclass(slots=True)
class Arena:
    """A room or part of a place ("kitchen"), with the objects in it in map order."""

    address: Address
    rect: Rect
    norms: Norms = Norms()
    objects: dict[str, GameObject] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.address.arena or ""


@dataclass(slots=True)
class Sector:
    """A place in town ("Hobbs Cafe"): its arenas, and sector-wide norms (its `kind`)."""

    name: str
    norms: Norms = Norms()
    rect: Rect | None = None
    arenas: dict[str, Arena] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.norms.kind

    @property
    def address(self) -> Address:
        return Address(self.name)


Place = Sector | Arena | GameObject


class AreaTree:
    """The town's places, top-down, in map order. Look-ups take an `Address`."""

    def __init__(self, world: str, sectors: dict[str, Sector]) -> None:
        self.world = world
        self.sectors = sectors
        self._arena_by_tile: dict[Tile, Address] = {}
        for arena in self.arenas():
            for tile in arena.rect.tiles():
                self._arena_by_tile.setdefault(tile, arena.address)
        self._sector_by_tile: dict[Tile, Address | None] = {}  # `sector_at`'s answers so far

    def copy(self) -> AreaTree:
        """An equal tree of its own: its sectors and arenas copied (objects, norms, rectangles
        and addresses are frozen, so shared)."""
        sectors = {
            name: Sector(
                sector.name,
                sector.norms,
                sector.rect,
                {
                    key: Arena(arena.address, arena.rect, arena.norms, dict(arena.objects))
                    for key, arena in sector.arenas.items()
                },
            )
            for name, sector in self.sectors.items()
        }
        twin = AreaTree.__new__(AreaTree)
        twin.world, twin.sectors = self.world, sectors
        twin._arena_by_tile = dict(self._arena_by_tile)  # addresses: frozen
        twin._sector_by_tile = {}
        return twin

    def find(self, address: Address) -> Place | None:
        """The sector, arena or object at `address`, or None when there is none."""
        sector = self.sectors.get(address.sector)
        if sector is None or address.arena is None:
            return sector
        arena = sector.arenas.get(address.arena)
        if arena is None or address.object is None:
            return arena
        return arena.objects.get(address.object)

    def has(self, address: Address) -> bool:
        return self.find(address) is not None

    def sector(self, name: str) -> Sector:
        if name not in self.sectors:
            raise KeyError(f"no sector named {name!r} in {self.world}")
        return self.sectors[name]

    def arena(self, address: Address) -> Arena:
        place = self.find(address.arena_address())
        if not isinstance(place, Arena):
            raise KeyError(f"no arena {address.describe()} in {self.world}")
        return place

    def game_object(self, address: Address) -> GameObject:
        place = self.find(address)
        if not isinstance(place, GameObject):
            raise KeyError(f"no object {address.describe()} in {self.world}")
        return place

    def arenas(self) -> Iterator[Arena]:
        for sector in self.sectors.values():
            yield from sector.arenas.values()

    def objects(self) -> Iterator[GameObject]:
        for arena in self.arenas():
            yield from arena.objects.values()

    def arena_at(self, tile: Tile) -> Address | None:
        """The arena whose rectangle holds `tile` (streets belong to none)."""
        return self._arena_by_tile.get(tile)

    def sector_at(self, tile: Tile) -> Address | None:
        """The sector holding `tile`: through its arena, else a sector-wide rectangle
        (remembered by tile: the tree does not change once built)."""
        if tile in self._sector_by_tile:
            return self._sector_by_tile[tile]
        found = self._find_sector(tile)
        self._sector_by_tile[tile] = found
        return found

    def _find_sector(self, tile: Tile) -> Address | None:
        arena = self.arena_at(tile)
        if arena is not None:
            return arena.sector_address()
        for sector in self.sectors.values():
            if sector.rect is not None and sector.rect.contains(tile):
                return sector.address
        return None

    def norms(self, address: Address) -> Norms:
        """The norms of the place at `address` (sector, arena or object)."""
        place = self.find(address)
        if place is None:
            raise KeyError(f"no place {address.describe()} in {self.world}")
        return place.norms

    def outline(self, address: Address | None = None) -> dict[str, dict[str, list[str]]]:
        """Names only, sector → arena → objects, for the whole tree or one sector/arena."""
        result: dict[str, dict[str, list[str]]] = {}
        for sector in self.sectors.values():
            if address is not None and sector.name != address.sector:
                continue
            result[sector.name] = {
                arena.name: list(arena.objects)
                for arena in sector.arenas.values()
                if address is None or address.arena in (None, arena.name)
            }
        return result

    def describe(self, address: Address | None = None) -> str:
        """The tree (or the sector/arena at `address`) in English:
        "In the Lin family's house: the kitchen has a stove, a refrigerator and a sink; …"."""
        if address is not None and address.arena is not None:
            return self.describe_arena(address)
        if address is not None:
            self.sector(address.sector)
        return area_text.describe_outline(self.outline(address))

    def describe_arena(self, address: Address) -> str:
        """ "The kitchen in the Lin family's house has a stove, a refrigerator and a sink." """
        arena = self.arena(address)
        return area_text.describe_arena(address.sector, arena.name, list(arena.objects))
