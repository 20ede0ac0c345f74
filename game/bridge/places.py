"""Addresses and known places across the border: the world's types ↔ the mind's types.

The world's `Address(sector, arena, object)` carries no world name; the mind's carries one.
A resident's `SpatialMemory` plus each sector's norms become the mind's `KnownPlaces`.
"""

from __future__ import annotations

import functools

from cognition import contract
from game.world.address import Address
from game.world.areas import AreaTree
from game.world.spatial_memory import SpatialMemory


@functools.lru_cache(maxsize=4096)
def to_mind_address(world: str, address: Address | None) -> contract.Address:
    """The mind's address for a world address (None: somewhere outdoors, in no sector).
    Kept: the same few hundred places are asked for every perception (the answer is
    frozen, so one instance serves every asker)."""
    if address is None:
        return contract.Address(world=world)
    return contract.Address(
        world=world, sector=address.sector, arena=address.arena, object=address.object
    )


def to_world_address(tree: AreaTree, address: contract.Address) -> Address | None:
    """The deepest existing world place the mind's address names (None: no such sector).

    A mind may name an object the map lacks; it then gets the arena, or the sector.
    """
    if address.sector is None or address.world != tree.world:
        return None
    candidates = [Address(address.sector)]
    if address.arena is not None:
        candidates.append(Address(address.sector, address.arena))
        if address.object is not None:
            candidates.append(Address(address.sector, address.arena, address.object))
    found = None
    for candidate in candidates:
        if not tree.has(candidate):
            break
        found = candidate
    return found


def known_places(tree: AreaTree, memory: SpatialMemory) -> contract.KnownPlaces:
    """What a resident knows of the town, with each sector's kind, hours and description."""
    sectors = []
    for sector_name, arenas in memory.outline().items():
        norms = tree.sector(sector_name).norms
        sectors.append(
            contract.KnownSector(
                name=sector_name,
                kind=norms.kind,
                open_hours=norms.open_hours,
                description=norms.description,
                arenas=tuple(
                    contract.KnownArena(name=arena, objects=tuple(objects))
                    for arena, objects in arenas.items()
                ),
            )
        )
    return contract.KnownPlaces(world=tree.world, sectors=tuple(sectors))
