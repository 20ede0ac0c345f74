"""Where a resident starts and which places are theirs: the map's spawn when it has one for
them, else a free floor tile of their home — so a resident added in the editor, who has no
spawn on the map, still walks in at home.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.world.address import Address
from game.world.town import TownMap

__all__ = ["Placement", "home_tile", "place_residents"]

Tile = tuple[int, int]


@dataclass(frozen=True)
class Placement:
    """Where `name` starts, and the home and workplace its spatial memory starts with (the
    map spawn's and the persona's, which may differ)."""

    name: str
    tile: Tile
    homes: tuple[Address, ...]
    works: tuple[Address, ...]


def home_tile(town: TownMap, home: Address, taken: set[Tile]) -> Tile | None:
    """A walkable tile of `home` (the arena, else the sector), nearest its middle, not in
    `taken`; None when it has none."""
    if not town.tree.has(home):
        return None
    sector = town.tree.sector(home.sector)
    rects = [
        arena.rect
        for arena in sector.arenas.values()
        if home.arena is None or arena.name == home.arena
    ]
    for rect in rects:
        middle = rect.centre
        floor = [
            (x, y)
            for y in range(rect.y, rect.bottom)
            for x in range(rect.x, rect.right)
            if town.grid.in_bounds((x, y)) and town.grid.is_walkable((x, y))
        ]
        free = [tile for tile in floor if tile not in taken] or floor
        if free:
            return min(free, key=lambda t: (abs(t[0] - middle[0]) + abs(t[1] - middle[1]), t))
    return None


def place_residents(
    town: TownMap, people: list[tuple[str, Address, Address]]
) -> tuple[dict[str, Placement], list[str]]:
    """(name, home, work) for each resident → where each starts; and who cannot be placed
    (no spawn on the map, no floor at home), one line each."""
    spawns = {spawn.name: spawn for spawn in town.residents()}
    placed: dict[str, Placement] = {}
    problems: list[str] = []
    taken = {spawn.tile for spawn in spawns.values()}
    for name, home, work in people:
        spawn = spawns.get(name)
        spawn_home = spawn.home if spawn is not None else None
        spawn_work = spawn.work if spawn is not None else None
        homes = tuple(dict.fromkeys(a for a in (spawn_home, home) if a is not None))
        works = tuple(dict.fromkeys(a for a in (spawn_work, work) if a is not None))
        if spawn is not None:
            placed[name] = Placement(name, spawn.tile, homes, works)
            continue
        tile = home_tile(town, home, taken)
        if tile is None:
            problems.append(
                f"{name}: no spawn on the map and no floor to stand on at home ({home.describe()})"
            )
            continue
        taken.add(tile)
        placed[name] = Placement(name, tile, homes, works)
    return placed, problems
