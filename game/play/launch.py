"""Starting the game: the title flow in the window, or the schedule without minds; or a
headless run of fixed frames with a screenshot and frame timings (`smallville --headless`,
the frame benchmark, the packaged app's smoke test).

    play()                                                  # what `smallville` runs
    play(headless=True, frames=600, screenshot=Path("out.png"))
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import pygame

from game.bridge import TownRecipe
from game.play.app import App, AppOptions
from game.play.entry import TownStart, enter_town, load_town_with_screen
from game.play.flow import GameFlow
from game.town.setup import wander_director
from game.ui.window import init_pygame, open_window
from game.world.tmx.loader import MapError


def build_with_minds(
    options: AppOptions, recipe: TownRecipe | None = None, first_frame: list[float] | None = None
) -> App:
    """Open the window at once, build `options.town` with minds behind the loading screen,
    and watch it as a spectator (headless runs, benchmarks, tests). `first_frame` gets the
    wall-clock time (time.time()) at which the first loading frame was on screen."""
    screen = open_window(options.size)
    prepared = load_town_with_screen(screen, options, first_frame=first_frame, recipe=recipe)
    return enter_town(prepared, options)


HEADLESS_SPEED = 10


def play(
    headless: bool = False,
    frames: int = 600,
    screenshot: Path | None = None,
    bench_json: Path | None = None,
    options: AppOptions | None = None,
    first: TownStart | None = None,
) -> int:
    """`smallville`: open the window and play — the title screen, or `first` (a town or a
    save) straight away; or, headless, run `frames` fixed-dt frames (with the minds, or with
    every resident wandering), then save a screenshot and timings."""
    options = options or AppOptions()
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    init_pygame()
    try:
        return _play(headless, frames, screenshot, bench_json, options, first)
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
    first: TownStart | None = None,
) -> int:
    if not headless:
        if not options.minds:
            App.build(options).run()
            return 0
        return GameFlow(options, first).run()
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
