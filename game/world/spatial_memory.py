"""The part of the area tree one agent knows: sector → arena → objects.

Residents start knowing their home, their workplace and the common places (sectors of kind
public or nature); they learn more by seeing it (`observe`). Always listed in map order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.world import area_text
from game.world.address import Address
from game.world.areas import COMMON_KINDS, AreaTree


class SpatialMemory:
    """What one agent knows of `tree`. Only places that exist in the tree are kept."""

    def __init__(self, tree: AreaTree) -> None:
        self.tree = tree
        self._known: dict[str, dict[str, set[str]]] = {}
        # grows whenever the agent comes to know a place it did not: what it knows is the
        # same for the same version (a reader's cache key, cheaper than the outline itself)
        self.version = 0

    @classmethod
    def for_resident(
        cls, tree: AreaTree, home: Address | None, work: Address | None
    ) -> SpatialMemory:
        """A resident's first memory: all of home's and work's sectors, and every common one."""
        memory = cls(tree)
        for sector in tree.sectors.values():
            if sector.kind in COMMON_KINDS:
                memory.learn(sector.address)
        for place in (home, work):
            if place is not None and tree.has(place):
                memory.learn(place.sector_address())
        return memory

    def learn(self, address: Address) -> None:
        """Know the place at `address` and everything inside it."""
        place = self.tree.find(address)
        if place is None:
            raise KeyError(f"no place {address.describe()} in {self.tree.world}")
        if address.object is not None and self.knows(address):
            return  # the common case: an object seen again (observe, every perception)
        outline = self.tree.outline(address)
        for sector, arenas in outline.items():
            known_arenas = self._known.setdefault(sector, {})
            for arena, objects in arenas.items():
                known_objects = known_arenas.setdefault(arena, set())
                if address.object is None:
                    known_objects.update(objects)
                else:
                    known_objects.add(address.object)
        self.version += 1

    def observe(self, arena: Address, objects: Iterable[str] = ()) -> None:
        """Remember an arena one is in or looks into, and the named objects seen there."""
        self.tree.arena(arena)
        self._add_arena(arena.arena_address())
        for name in objects:
            self.learn(arena.arena_address().child(name))

    def knows(self, address: Address) -> bool:
        arenas = self._known.get(address.sector)
        if arenas is None or address.arena is None:
            return arenas is not None
        objects = arenas.get(address.arena)
        if objects is None or address.object is None:
            return objects is not None
        return address.object in objects

    def outline(self) -> dict[str, dict[str, list[str]]]:
        """Known names in map order: sector → arena → objects."""
        result: dict[str, dict[str, list[str]]] = {}
        for sector, arenas in self.tree.outline().items():
            if sector not in self._known:
                continue
            known_arenas = self._known[sector]
            result[sector] = {
                arena: [name for name in objects if name in known_arenas[arena]]
                for arena, objects in arenas.items()
                if arena in known_arenas
            }
        return result

    def sectors(self) -> list[str]:
        return list(self.outline())

    def arenas(self, sector: str) -> list[str]:
        return list(self.outline().get(sector, {}))

    def objects(self, arena: Address) -> list[str]:
        return self.outline().get(arena.sector, {}).get(arena.arena or "", [])

    def describe(self) -> str:
        """What the agent knows, in English (see `area_text.describe_outline`)."""
        return area_text.describe_outline(self.outline())

    def get_state(self) -> dict[str, Any]:
        """JSON-able: {"sectors": {sector: {arena: [objects]}}}."""
        return {"sectors": self.outline()}

    def set_state(self, data: dict[str, Any]) -> None:
        """Restore from `get_state()`; places the map no longer has are dropped."""
        self._known = {}
        self.version += 1
        for sector, arenas in data.get("sectors", {}).items():
            if not self.tree.has(Address(sector)):
                continue
            self._known.setdefault(sector, {})
            for arena, objects in arenas.items():
                if self.tree.has(Address(sector, arena)):
                    self._add_arena(Address(sector, arena))
                    for name in objects:
                        if self.tree.has(Address(sector, arena, name)):
                            self._known[sector][arena].add(name)

    def _add_arena(self, arena: Address) -> None:
        arenas = self._known.setdefault(arena.sector, {})
        if (arena.arena or "") not in arenas:
            arenas[arena.arena or ""] = set()
            self.version += 1
