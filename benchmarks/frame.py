"""Frame time of the game window, headless: JSON lines, one per scenario.

    uv run python benchmarks/frame.py [--map maps/the_ville.tmx] [--frames 600]

Each scenario: 1280×720, zoom 2×, speed ×10, every resident wandering (always walking), the
camera following one walker. Prints {"scenario", "frames", "agents", "frame_ms_median",
"frame_ms_p99", "fps"} per line, after a machine-noise line (fixed CPU work timed
the same way: on a busy machine p99 mostly measures the neighbours) and a line timing the
map's picture (tileset images cut and every layer pre-rendered from the loaded town's art).
Goals: 25 residents median ≤ 4 ms, p99 ≤ 8 ms; 200 residents p99 ≤ 16 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.play.app import DEFAULT_CHARACTERS, DEFAULT_MAP, App, AppOptions
from game.render.scene import TownScene
from game.render.tilemap import TileMapPicture
from game.town.population import Population
from game.town.resident import Resident
from game.town.setup import wander_director
from game.ui.window import open_window
from game.world.clock import GameClock
from game.world.pathfinding import PathFinder
from game.world.tmx.loader import load_town

WARM_UP_FRAMES = 60


def scenario(map_path: Path, agents: int, frames: int, seed: int = 1) -> dict[str, object]:
    """Run `frames` frames with `agents` wandering residents; return the timing summary."""
    options = AppOptions(map_path=map_path, characters=DEFAULT_CHARACTERS, zoom=2, speed=10)
    open_window(options.size)
    town = load_town(map_path)
    director = wander_director(town, seed)
    rng = random.Random(seed)
    spawns = town.residents()
    residents = [Resident(s.name, s.tile) for s in spawns[:agents]]
    for number in range(len(residents), agents):  # extra walkers, borrowing the cast's looks
        look = spawns[number % len(spawns)].name if spawns else f"Walker {number}"
        residents.append(Resident(f"{look} #{number}", rng.choice(director.tiles), look=look))
    population = Population(residents, director, PathFinder(town.grid))
    scene = TownScene.for_town(town, options.characters)
    app = App(town, population, GameClock(), scene, options)
    app.view.selected = residents[0].name if residents else None
    app.run_frames(WARM_UP_FRAMES)
    summary = app.run_frames(frames).summary(agents)
    return {"scenario": f"{agents} walking, 1280x720, zoom 2", **summary}


def picture_build(map_path: Path, runs: int = 5) -> dict[str, object]:
    """Time building the map's picture from an already-loaded town (window open)."""
    open_window(AppOptions().size)
    town = load_town(map_path)
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        TileMapPicture.for_town(town)
        samples.append((time.perf_counter() - started) * 1000.0)
    return {
        "scenario": "map picture build (from the loaded town)",
        "runs": runs,
        "build_ms_median": round(statistics.median(samples), 1),
        "build_ms_max": round(max(samples), 1),
    }


def machine_noise(runs: int = 600) -> dict[str, object]:
    """The same fixed CPU work timed `runs` times: how much p99 the machine itself adds."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        total = 0
        for number in range(20_000):
            total += number
        samples.append((time.perf_counter() - started) * 1000.0)
    samples.sort()
    return {
        "scenario": "machine noise: fixed CPU work",
        "work_ms_median": round(statistics.median(samples), 3),
        "work_ms_p99": round(samples[int(len(samples) * 0.99)], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", type=Path, default=DEFAULT_MAP)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--agents", type=int, nargs="*", default=[25, 200])
    args = parser.parse_args()
    print(json.dumps(machine_noise()), flush=True)
    pygame.init()
    print(json.dumps(picture_build(args.map)), flush=True)
    for agents in args.agents:
        print(json.dumps(scenario(args.map, agents, args.frames)), flush=True)
    pygame.quit()


if __name__ == "__main__":
    main()
