"""`smallville` with no subcommand: the game — the title screen, or a town at once
(`--town`, `--load`); or a headless run of fixed frames with a screenshot and timings.

    smallville                                  # the title screen, then towns with minds
    smallville --town the_ville_n3              # a new visitor in that town, at once
    smallville --load "Day 3"                   # that save, at once
    smallville --no-minds                       # the schedule, no minds
    smallville --chroma-url http://127.0.0.1:8000   # the memories on a Chroma server
    smallville --headless --frames 600 --screenshot out.png [--no-minds]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.commands.preflight import display_problem

TOWNS = ("the_ville_n25", "the_ville_open_mic", "the_ville_n3")


def add_flags(parser: argparse.ArgumentParser) -> None:
    """Flags for the default command: play the game (or run it headless)."""
    game = parser.add_argument_group("the game (no command)")
    game.add_argument("--headless", action="store_true", help="no window: run --frames and exit")
    game.add_argument("--frames", type=int, default=600, help="frames to run headless")
    game.add_argument("--screenshot", type=Path, help="save the last headless frame as a PNG")
    game.add_argument("--bench-json", type=Path, help="write headless frame timings as JSON")
    game.add_argument(
        "--no-minds", action="store_true", help="the schedule (headless: wandering), no minds"
    )
    game.add_argument(
        "--town",
        metavar="TOWN",
        help="start this town at once as a new visitor, skipping the title screen: a bundled "
        f"town ({', '.join(TOWNS)}) or a town folder (`smallville new-town`) "
        "(headless default the_ville_n25; without minds: every resident)",
    )
    game.add_argument("--load", metavar="SLOT", help="open this save at once (skip the title)")
    game.add_argument(
        "--chroma-url",
        metavar="URL",
        help="keep the memories on a Chroma server (`chroma run --path DIR --port 8000`), e.g. "
        "http://127.0.0.1:8000, instead of the settings' memory server; one database per town",
    )


def run(args: argparse.Namespace) -> int:
    if args.load and (args.town or args.no_minds or args.headless):
        raise SystemExit(
            "--load opens a save in the window: not with --town, --no-minds or --headless"
        )
    if args.town and args.town not in TOWNS and not (Path(args.town) / "town.json").is_file():
        raise SystemExit(
            f"--town {args.town}: not a bundled town ({', '.join(TOWNS)}) nor a folder holding "
            "a town.json (make one with `smallville new-town DIR --map MAP.tmx`)"
        )
    if not args.headless and (no_display := display_problem()) is not None:
        print(f"smallville: {no_display}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # lazy: pygame and the minds cost ~0.5 s to import (measured with -X importtime), which
    # the subcommands (`--help`, `saves`, `map-check`) need not pay
    from game.play.app import AppOptions
    from game.play.launch import play
    from game.town.player import DEFAULT_VISITOR_DESCRIPTION, DEFAULT_VISITOR_NAME
    from game.ui.menus import LoadSlot, NewTown

    first: NewTown | LoadSlot | None = None
    if args.load:
        first = LoadSlot(args.load)
    elif args.town and not args.no_minds:
        first = NewTown(args.town, DEFAULT_VISITOR_NAME, DEFAULT_VISITOR_DESCRIPTION)
    town = args.town if args.town or args.no_minds else "the_ville_n25"
    return play(
        headless=args.headless,
        frames=args.frames,
        screenshot=args.screenshot,
        bench_json=args.bench_json,
        options=AppOptions(minds=not args.no_minds, town=town, chroma_url=args.chroma_url),
        first=first,
    )
