"""Pathfinding benchmark on the real map. Prints JSON lines (never asserts on time).

    uv run python benchmarks/pathfinding.py [--map maps/the_ville.tmx] [--pairs 500] [--seed 7]

Lines: the map's load time; A* between random pairs of object use tiles with the cache
cleared before every search (cold) and again with the cache warm; and the nearest free use
tile of an object from a random spawn.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.world.address import Address
from game.world.grid import Tile
from game.world.map_check import unreachable_objects
from game.world.navigation import Navigator
from game.world.pathfinding import PathFinder
from game.world.tmx.loader import MapError, load_town
from game.world.town import TownMap

ROOT = Path(__file__).resolve().parent.parent


def timed_ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def time_paths(
    finder: PathFinder, pairs: list[tuple[Tile, Tile]], clear_cache: bool
) -> list[float]:
    """Milliseconds per `find_path`, optionally with the cache emptied before each one."""
    samples = []
    for start, goal in pairs:
        if clear_cache:
            finder.clear_cache()
        began = time.perf_counter()
        finder.find_path(start, goal)
        samples.append((time.perf_counter() - began) * 1000)
    return samples


def summary(name: str, samples: list[float], **extra: object) -> dict[str, object]:
    ordered = sorted(samples)
    return {
        "benchmark": name,
        **extra,
        "runs": len(samples),
        "median_ms": round(statistics.median(ordered), 4),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 4),
        "max_ms": round(ordered[-1], 4),
    }


def use_tile_pairs(town: TownMap, count: int, rng: random.Random) -> list[tuple[Address, ...]]:
    unreachable = unreachable_objects(town)
    reachable = [obj.address for obj in town.tree.objects() if obj.address not in unreachable]
    return [tuple(rng.sample(reachable, 2)) for _ in range(count)]


def run(map_path: Path, pair_count: int, seed: int) -> list[dict[str, object]]:
    load_times = [timed_ms(lambda: load_town(map_path)) for _ in range(3)]
    town = load_town(map_path)
    lines: list[dict[str, object]] = [
        {
            "benchmark": "map_load",
            "map": str(map_path),
            "size": f"{town.width}x{town.height}",
            "first_ms": round(load_times[0], 2),
            "median_ms": round(statistics.median(load_times), 2),
        }
    ]
    rng = random.Random(seed)
    navigator = Navigator(town.tree, town.grid)
    finder = navigator.pathfinder
    pairs = [
        (navigator.use_tiles(a)[0], navigator.use_tiles(b)[0])
        for a, b in use_tile_pairs(town, pair_count, rng)
    ]
    cold = time_paths(finder, pairs, clear_cache=True)
    steps = [finder.distance(start, goal) or 0 for start, goal in pairs]
    lines.append(summary("astar_cold", cold, mean_path_steps=round(statistics.mean(steps), 1)))
    warm = time_paths(finder, pairs, clear_cache=False)
    lines.append(summary("astar_cached", warm))
    spawns = list(town.spawns.values())
    objects = [obj.address for obj in town.tree.objects()]
    nearest = [
        timed_ms(
            lambda: navigator.nearest_reachable_tile(rng.choice(objects), rng.choice(spawns).tile)
        )
        for _ in range(pair_count)
    ]
    lines.append(summary("nearest_reachable_tile", nearest))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--map", type=Path, default=ROOT / "maps" / "the_ville.tmx")
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    try:
        lines = run(args.map, args.pairs, args.seed)
    except MapError as error:
        print(json.dumps({"benchmark": "map_load", "errors": error.problems}))
        return 1
    for line in lines:
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
