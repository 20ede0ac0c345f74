"""Build the population of a loaded town: residents at their spawns, a schedule director."""

from __future__ import annotations

from game.town.director import ResidentDirector
from game.town.places import TownPlaces
from game.town.population import Population
from game.town.resident import Resident
from game.town.schedule import Routine, ScheduleDirector
from game.town.wander import WanderDirector
from game.world.address import Address
from game.world.pathfinding import PathFinder
from game.world.town import TownMap


def find_cafe(town: TownMap) -> Address:
    """The sector whose name says "cafe" — its customers' arena when it has one named so —
    else the first public sector, else the first sector."""
    sectors = list(town.tree.sectors.values())
    for sector in sectors:
        if "cafe" in sector.name.lower() or "café" in sector.name.lower():
            for arena in sector.arenas.values():
                if "cafe" in arena.name.lower() or "café" in arena.name.lower():
                    return arena.address
            return sector.address
    for sector in sectors:
        if sector.kind == "public":
            return sector.address
    return sectors[0].address


def find_bed(town: TownMap, home: Address) -> Address | None:
    """The first object called "...bed..." in the home arena (or anywhere in the home sector)."""
    for arena in town.tree.sector(home.sector).arenas.values():
        if home.arena is not None and arena.name != home.arena:
            continue
        for game_object in arena.objects.values():
            if "bed" in game_object.name.lower().split():
                return game_object.address
    return None


def routines_for(town: TownMap) -> dict[str, Routine]:
    """Each resident's home, work and bed, from the spawn properties."""
    routines = {}
    for spawn in town.residents():
        if spawn.home is None or spawn.work is None:
            continue
        routines[spawn.name] = Routine(spawn.home, spawn.work, find_bed(town, spawn.home))
    return routines


def schedule_director(town: TownMap, stagger_minutes: int = 20) -> ScheduleDirector:
    return ScheduleDirector(
        routines_for(town), TownPlaces(town), find_cafe(town), stagger_minutes=stagger_minutes
    )


def build_population(
    town: TownMap,
    director: ResidentDirector | None = None,
    pathfinder: PathFinder | None = None,
) -> Population:
    """Every resident at its spawn, steered by `director` (the schedule by default)."""
    residents = [Resident(spawn.name, spawn.tile) for spawn in town.residents()]
    return Population(
        residents,
        director if director is not None else schedule_director(town),
        pathfinder if pathfinder is not None else PathFinder(town.grid),
    )


def wander_director(town: TownMap, seed: int = 0) -> WanderDirector:
    """Random walks over the tiles reachable from the first resident's spawn."""
    spawns = town.residents()
    start = spawns[0].tile if spawns else next(town.grid.walkable_tiles())
    distances = town.grid.distances_from(start)
    reachable = [town.grid.tile(i) for i, d in enumerate(distances) if d >= 0]
    return WanderDirector(reachable, seed)
