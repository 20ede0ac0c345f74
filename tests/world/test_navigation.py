"""Where to stand to use a place, preferring free tiles, nearest by walking."""

from __future__ import annotations

import pytest

from game.world.address import Address
from game.world.navigation import Navigator
from game.world.town import TownMap

STOVE = Address("Lin family's house", "kitchen", "stove")
BED = Address("Lin family's house", "bedroom", "bed")


def navigator(town: TownMap) -> Navigator:
    return Navigator(town.tree, town.grid)


def test_an_object_is_used_from_walkable_tiles_beside_it(small_town: TownMap) -> None:
    nav = navigator(small_town)
    assert nav.use_tiles(STOVE) == [(2, 3)]
    assert nav.use_tiles(BED) == [(7, 2), (7, 3), (8, 4), (9, 4)]
    arena_tiles = nav.use_tiles(Address("Lin family's house", "bedroom"))
    assert (7, 4) in arena_tiles and (8, 2) not in arena_tiles
    with pytest.raises(KeyError):
        nav.use_tiles(Address("Nowhere"))


def test_nearest_tile_is_by_path_and_prefers_free_tiles(small_town: TownMap) -> None:
    nav = navigator(small_town)
    door = (3, 7)
    assert nav.nearest_reachable_tile(STOVE, door) == (2, 3)
    # From the kitchen, through the inner door at (6, 4): (7, 3) and (8, 4) are 5 steps
    # away, (7, 2) is 6, so an occupied (7, 3) sends one to (8, 4).
    assert nav.nearest_reachable_tile(BED, (3, 4)) == (7, 3)
    assert nav.nearest_reachable_tile(BED, (3, 4), occupied={(7, 3)}) == (8, 4)
    # Every use tile taken: the nearest one is still given.
    assert nav.nearest_reachable_tile(STOVE, door, occupied={(2, 3)}) == (2, 3)


def test_nearest_tile_is_none_when_walled_off(small_town: TownMap) -> None:
    small_town.grid.set_blocked((3, 7), True)  # close the Lin front door
    nav = navigator(small_town)
    assert nav.nearest_reachable_tile(STOVE, (12, 8)) is None
    assert nav.path_to(STOVE, (12, 8)) is None
    assert nav.nearest_reachable_tile(STOVE, (6, 2)) is None  # standing in a wall


def test_path_to_an_address_ends_on_its_use_tile(small_town: TownMap) -> None:
    path = navigator(small_town).path_to(Address("Hobbs Cafe", "cafe", "coffee machine"), (12, 8))
    assert path is not None
    assert path[0] == (12, 8) and path[-1] in {(17, 2), (18, 3)}
    assert len(path) == 12
    assert (16, 6) in path  # through the cafe door


def breadth_first_choice(
    town: TownMap, address: Address, start: tuple[int, int], occupied: set[tuple[int, int]]
) -> tuple[int, int] | None:
    """The rule, spelled out over a whole breadth-first walk: the first free use tile met,
    else the first taken one, else None."""
    grid, targets = town.grid, set(navigator(town).use_tiles(address))
    if not grid.is_walkable(start):
        return None
    order, seen = [grid.index(start)], {grid.index(start)}
    for index in order:  # grows while read: breadth-first
        for near in grid.walkable_neighbours(index):
            if near not in seen:
                seen.add(near)
                order.append(near)
    met = [grid.tile(index) for index in order if grid.tile(index) in targets]
    free = [tile for tile in met if tile not in occupied]
    chosen = free or met
    return chosen[0] if chosen else None


def test_nearest_tile_follows_the_breadth_first_rule_from_every_tile(small_town: TownMap) -> None:
    nav = navigator(small_town)
    places = [STOVE, BED, Address("Lin family's house", "bedroom"), Address("Hobbs Cafe")]
    for place in places:
        uses = nav.use_tiles(place)
        for occupied in (set(), set(uses[:1]), set(uses), set(uses[1:])):
            for start in small_town.grid.walkable_tiles():
                expected = breadth_first_choice(small_town, place, start, occupied)
                assert nav.nearest_reachable_tile(place, start, occupied) == expected
