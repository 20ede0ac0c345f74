"""`smallville screenshots FOLDER`: play a scripted tour with real input events on the
offline brain and save a PNG at each stop — title, new town, town, inspector, chat, objects,
pause, load — then replay the tour's own run record at its last conversation (the README's
pictures; `game.play.tour`, `game.replay`)."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import timedelta
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
    shots.add_argument(
        "--town",
        choices=["the_ville_n3", "the_ville_n25", "the_ville_open_mic"],
        default="the_ville_n3",
    )
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

    from game.play.tour import REPLAY_SHOT, TourError, take_screenshots
    from game.records import RunRecord
    from game.replay.frames import save_frame
    from game.ui.window import init_pygame

    def replay_shot(path: Path) -> None:
        """The tour's run replayed a minute into its last conversation, the opener
        inspected."""
        with RunRecord.open(path) as record:
            last = record.span()[1]
            talk = record.previous_mark(last, frozenset({"conversation"}))
            moment = min(talk.time + timedelta(minutes=1), last) if talk else last
            inspect = talk.resident if talk else None
            png = save_frame(record, moment, args.folder / f"{REPLAY_SHOT}.png", inspect=inspect)
        print(f"saved {png}")

    init_pygame()
    try:
        take_screenshots(args.folder, args.town, with_record=replay_shot)
    except TourError as error:
        print(f"The tour stopped: {error}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    return 0
