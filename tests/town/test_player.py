"""The player's body: steps by keys, A* walks by click, real-time pace, never directed."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from game.town.player import PLAYER_TILES_PER_SECOND, Player
from game.town.population import Population
from game.town.resident import Activity, Facing, Resident
from game.town.setup import build_population, schedule_director
from game.world.pathfinding import PathFinder
from game.world.tmx.loader import load_town
from game.world.town import TownMap

MONDAY = datetime(2023, 2, 13, 9)


def walkable_start(town: TownMap) -> tuple[int, int]:
    """A walkable tile with a walkable neighbour to its right."""
    for x, y in town.grid.walkable_tiles():
        if town.grid.is_walkable((x + 1, y)):
            return x, y
    raise AssertionError("no two walkable tiles side by side")


def test_a_step_walks_one_tile_in_real_time(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    start = walkable_start(town)
    player = Player.new_visitor("Ana", "a painter", start)
    assert player.step(Facing.RIGHT, town.grid)
    assert player.body.facing is Facing.RIGHT
    player.update(0.5 / PLAYER_TILES_PER_SECOND)
    assert player.body.tile == start and player.body.is_walking
    player.update(0.6 / PLAYER_TILES_PER_SECOND)
    assert player.body.tile == (start[0] + 1, start[1]) and not player.body.is_walking


def test_a_blocked_step_only_turns(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    blocked = next(
        (x, y)
        for x, y in town.grid.walkable_tiles()
        if town.grid.in_bounds((x, y - 1)) and not town.grid.is_walkable((x, y - 1))
    )
    player = Player.new_visitor("Ana", "", blocked)
    assert not player.step(Facing.UP, town.grid)
    assert player.body.facing is Facing.UP and player.body.tile == blocked
    assert player.description  # a default description is filled in


def test_click_walks_an_a_star_path(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    tiles = list(town.grid.walkable_tiles())
    pathfinder = PathFinder(town.grid)
    player = Player.new_visitor("Ana", "", tiles[0])
    goal = max(tiles, key=lambda t: pathfinder.distance(tiles[0], t) or 0)
    assert player.walk_to(goal, pathfinder)
    for _ in range(1000):
        player.update(0.1)
    assert player.body.tile == goal
    wall = next(
        (x, y)
        for x in range(town.width)
        for y in range(town.height)
        if not town.grid.is_walkable((x, y))
    )
    assert not player.walk_to(wall, pathfinder) and not player.body.is_walking


def test_the_population_never_directs_the_player(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    population = build_population(town, schedule_director(town, stagger_minutes=0))
    taken = population.residents[0]
    population.controlled = taken.name
    before = (taken.tile, taken.activity)
    for minute in range(120):
        population.update(MONDAY.replace(minute=minute % 60), 1.0)
    assert (taken.tile, taken.activity) == before
    others = [r for r in population if r.name != taken.name]
    assert any(r.activity is not None for r in others)


def test_a_visitor_joins_and_leaves(tiny_town: Path) -> None:
    town = load_town(tiny_town)
    population = Population([], schedule_director(town), PathFinder(town.grid))
    visitor = Resident("Ana", walkable_start(town), look="visitor")
    visitor.activity = Activity("visiting", "👋", visitor.tile)
    population.add(visitor)
    assert population.get("Ana") is visitor and visitor.slug == "visitor"
    try:
        population.add(Resident("Ana", visitor.tile))
    except ValueError as error:
        assert "already" in str(error)
    else:
        raise AssertionError("a second Ana was accepted")
    population.remove("Ana")
    assert population.get("Ana") is None and len(population) == 0
