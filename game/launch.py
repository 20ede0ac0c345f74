"""Starting the game (composition root): the minds behind a loading screen, or the schedule;
the window's loop, or a headless run of fixed frames with a screenshot and timings.

    smallville                                  # the minds (offline brain unless a server is set)
    smallville --no-minds                       # the schedule
    smallville --headless --frames 600 --screenshot out.png [--no-minds]
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.app import App, AppOptions, open_window
from game.render.scene import TownScene
from game.render.text import PixelText
from game.town.setup import wander_director
from game.ui.loading import LoadingScreen, LoadingState, load_while_drawing
from game.world.tmx import MapError

if TYPE_CHECKING:
    from game.bridge.compose import MindsRecipe
    from game.bridge.town_minds import LivingTown


def build_with_minds(
    options: AppOptions, recipe: MindsRecipe | None = None, first_frame: list[float] | None = None
) -> App:
    """Open the window at once and show the loading screen while the minds load on a
    worker thread (the map picture loads on this thread meanwhile). `first_frame` gets the
    wall-clock time (time.time()) at which the first loading frame was on screen."""
    screen = open_window(options.size)
    loading = LoadingScreen(PixelText())
    state = LoadingState()
    scenes: list[TownScene] = []

    def work() -> LivingTown:
        state.report("waking the town", 0.01)
        from game.bridge.compose import MindsRecipe, compose_living_town

        wanted = recipe or MindsRecipe(
            town=options.town or "the_ville_n25",
            embedder=options.embedder,
            path_budget_seconds=0.003,
            line_minutes=options.line_minutes,
        )
        return compose_living_town(wanted, state.report)

    def load_scene() -> None:  # the first main step: runs right after the first frame
        if first_frame is not None:
            first_frame.append(time.time())
        scenes.append(TownScene.load(options.map_path, options.characters))

    living, closed = load_while_drawing(screen, loading, state, work, [load_scene])
    app = App(living.town, living.population, living.clock, scenes[0], options, living)
    app.loading = loading
    if closed:
        app.view.running = False
    return app


HEADLESS_SPEED = 10


def play(
    headless: bool = False,
    frames: int = 600,
    screenshot: Path | None = None,
    bench_json: Path | None = None,
    options: AppOptions | None = None,
) -> int:
    """`smallville`: open the window and play; or, headless, run `frames` fixed-dt frames
    (with the minds, or with every resident wandering), then save a screenshot and timings."""
    options = options or AppOptions()
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    try:
        return _play(headless, frames, screenshot, bench_json, options)
    except MapError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        pygame.quit()


def _play(
    headless: bool,
    frames: int,
    screenshot: Path | None,
    bench_json: Path | None,
    options: AppOptions,
) -> int:
    if not headless:
        build_app(options).run()
        return 0
    first_frame: list[float] = []
    app = build_app(replace(options, speed=HEADLESS_SPEED), headless=True, first_frame=first_frame)
    town_ready = time.time()
    try:
        summary: dict[str, float | int] = app.run_frames(frames).summary(len(app.population))
        # wall-clock times, so a launcher can measure start-up including the interpreter's own
        summary["first_frame_unix"] = round(first_frame[0] if first_frame else town_ready, 3)
        summary["town_ready_unix"] = round(town_ready, 3)
        if screenshot is not None:
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(screenshot))
    finally:
        app.close()
    if bench_json is not None:
        bench_json.parent.mkdir(parents=True, exist_ok=True)
        bench_json.write_text(json.dumps(summary) + "\n", encoding="utf-8")
    print(json.dumps(summary))
    return 0


def build_app(
    options: AppOptions, headless: bool = False, first_frame: list[float] | None = None
) -> App:
    """The minds behind a loading screen; or, without minds, the schedule in the window and
    everyone wandering headless (so all walk: the frame benchmark). With minds, `first_frame`
    gets the time the loading screen was first on screen."""
    if options.minds:
        return build_with_minds(options, first_frame=first_frame)
    return App.build(options, wander_director if headless else None)
