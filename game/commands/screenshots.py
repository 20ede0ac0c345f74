"""`smallville screenshots FOLDER`: play a scripted tour with real input events on the
offline brain and save a PNG at each stop — title, new town, town, inspector, chat, objects,
pause, load (the README's pictures; `game.play.tour`)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TypeAlias

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_to(subcommands: Subcommands) -> None:
    shots = subcommands.add_parser(
        "screenshots",
        help="play a scripted tour (real input events, offline brain) and save a PNG at each "
        "stop: title, new town, town, inspector, chat, objects, pause, load",
    )
    shots.add_argument("folder", type=Path, help="where the PNGs go, e.g. docs/screenshots")
    shots.add_argument("--town", choices=["the_ville_n3", "the_ville_n25"], default="the_ville_n3")
    shots.add_argument("--window", action="store_true", help="show the window (default: headless)")
    shots.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not args.window:  # before pygame starts: SDL reads these once
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # lazy: pygame and the minds cost ~0.5 s to import (measured with -X importtime), which
    # the other subcommands need not pay
    import pygame

    from game.play.tour import TourError, take_screenshots

    pygame.init()
    try:
        take_screenshots(args.folder, args.town)
    except TourError as error:
        print(f"The tour stopped: {error}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    return 0
