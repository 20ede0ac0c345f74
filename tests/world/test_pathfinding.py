"""A*: shortest (equal to breadth-first distance), never through walls, cached per pair."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from game.world.grid import UNREACHABLE, WalkableGrid
from game.world.pathfinding import PathFinder

MAZE = [
    "..........",
    ".########.",
    ".#......#.",
    ".#.####.#.",
    ".#.#..#.#.",
    ".#.#.##.#.",
    ".#.#....#.",
    ".#.######.",
    ".#........",
    ".#########",
]


def assert_valid(grid: WalkableGrid, path: list[tuple[int, int]]) -> None:
    for tile in path:
        assert grid.is_walkable(tile), f"{tile} is blocked"
    for (ax, ay), (bx, by) in pairwise(path):
        assert abs(ax - bx) + abs(ay - by) == 1, "steps must be 4-neighbour moves"


def test_path_includes_both_ends_and_is_shortest_through_a_maze() -> None:
    grid = WalkableGrid.from_rows(MAZE)
    path = PathFinder(grid).find_path((0, 9), (4, 4))
    assert path is not None
    assert path[0] == (0, 9) and path[-1] == (4, 4)
    assert_valid(grid, path)
    assert len(path) - 1 == grid.distances_from((0, 9))[grid.index((4, 4))]


def test_path_to_itself_is_one_tile() -> None:
    grid = WalkableGrid.from_rows(MAZE)
    assert PathFinder(grid).find_path((0, 0), (0, 0)) == [(0, 0)]


@pytest.mark.parametrize("seed", range(8))
def test_path_length_equals_breadth_first_distance_on_random_grids(seed: int) -> None:
    rng = random.Random(seed)
    width, height = 30, 20
    blocked = [(x, y) for y in range(height) for x in range(width) if rng.random() < 0.3]
    grid = WalkableGrid(width, height, blocked)
    finder = PathFinder(grid)
    walkable = list(grid.walkable_tiles())
    for _ in range(40):
        start, goal = rng.choice(walkable), rng.choice(walkable)
        distance = grid.distances_from(start)[grid.index(goal)]
        path = finder.find_path(start, goal)
        if distance == UNREACHABLE:
            assert path is None
        else:
            assert path is not None
            assert_valid(grid, path)
            assert len(path) - 1 == distance


def test_walled_off_goal_and_blocked_ends_give_none() -> None:
    grid = WalkableGrid.from_rows(["..#..", "..#..", "..#.."])
    finder = PathFinder(grid)
    assert finder.find_path((0, 0), (4, 0)) is None
    assert finder.find_path((2, 0), (0, 0)) is None
    assert finder.find_path((0, 0), (9, 9)) is None


def test_same_query_gives_the_same_path_every_time() -> None:
    grid = WalkableGrid.from_rows(["......"] * 6)
    first = PathFinder(grid).find_path((0, 0), (5, 5))
    second = PathFinder(grid).find_path((0, 0), (5, 5))
    assert first == second and first is not None and len(first) == 11


def test_cache_hits_and_is_invalidated_when_the_grid_changes() -> None:
    grid = WalkableGrid.from_rows(["....", "....", "...."])
    finder = PathFinder(grid)
    before = finder.find_path((0, 1), (3, 1))
    assert before == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert finder.find_path((0, 1), (3, 1)) == before
    assert finder.cache_info().hits == 1
    for y in range(3):
        grid.set_blocked((2, y), True)
    assert grid.version == 3
    assert finder.find_path((0, 1), (3, 1)) is None
    assert finder.cache_info().size == 1
    grid.set_blocked((2, 0), False)
    after = finder.find_path((0, 1), (3, 1))
    assert after is not None and (2, 0) in after and len(after) == 6


def test_setting_a_tile_to_what_it_already_is_keeps_the_version() -> None:
    grid = WalkableGrid.from_rows(["..#"])
    grid.set_blocked((2, 0), True)
    grid.set_blocked((0, 0), False)
    assert grid.version == 0


def test_cache_is_bounded() -> None:
    grid = WalkableGrid.from_rows(["......"])
    finder = PathFinder(grid, cache_size=2)
    for goal in range(6):
        finder.find_path((0, 0), (goal, 0))
    assert finder.cache_info().size == 2
