"""`smallville replay RUN`: a run record's town in the window, as it was — with a timeline
to play, pause, speed up (×1 … ×1000), drag along and jump between marks.

    smallville replay 20261124-224948-the_ville_n3            # a run id, a path, a save slot
    smallville replay RUN --at "2023-02-13 15:00"              # open at that moment (paused)
    smallville replay RUN --at 15:00 --screenshot shot.png     # that frame as a PNG, no window
    smallville replay RUN --at 15:00 --json                    # where everyone was, as JSON

A record that cannot be read, a missing map or a moment outside the record is one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TypeAlias

from game.commands.preflight import display_problem
from game.records import PositionRow, RecordError, RunRecord

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

FAILED = 2


def add_to(subcommands: Subcommands) -> None:
    replay = subcommands.add_parser(
        "replay", help="replay a run record: the town as it was, with a timeline"
    )
    replay.add_argument("run", metavar="RUN", help="a record's path, run id or save slot folder")
    replay.add_argument(
        "--at", metavar="TIME", help='open at this game time ("2023-02-13 15:00", or "15:00")'
    )
    replay.add_argument("--json", action="store_true", help="print everyone's state at --at")
    replay.add_argument(
        "--screenshot", type=Path, metavar="PNG", help="save the frame at --at as a PNG and exit"
    )
    replay.add_argument("--inspect", metavar="NAME", help="open the inspector on a resident")
    replay.add_argument(
        "--speed", type=int, default=10, help="play at ×N (1, 2, 5, 10, 30, 60, 300, 1000)"
    )
    replay.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    replay.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # lazy: the window's modules (pygame) are imported only when a window is opened
    from game.replay.opening import ReplayError, moment_in, open_record

    try:
        record = open_record(args.run)
    except RecordError as error:
        return fail(str(error))
    try:
        moment = moment_in(record, args.at)
        if args.json:
            print(json.dumps(state_json(record, moment), ensure_ascii=False))
            return 0
        return show(record, moment, args)
    except (RecordError, ReplayError) as error:
        return fail(str(error))
    finally:
        record.close()


def fail(message: str) -> int:
    print(message.splitlines()[0] if message else "cannot replay", file=sys.stderr)
    return FAILED


def state_json(record: RunRecord, moment: Any) -> dict[str, Any]:
    """Everyone's recorded state at `moment`: each resident's row in effect then."""
    rows = record.positions_at(moment)
    return {
        "run_id": record.meta.run_id,
        "time": moment.isoformat(),
        "residents": {name: row_json(row) for name, row in sorted(rows.items())},
    }


def row_json(row: PositionRow) -> dict[str, Any]:
    return {
        "x": row.x,
        "y": row.y,
        "facing": row.facing,
        "walking": row.walking,
        "activity": row.activity,
        "emoji": row.emoji,
        "pose": row.pose,
        "place": row.place,
        "since": row.time.isoformat(),
    }


def show(record: RunRecord, moment: Any, args: argparse.Namespace) -> int:
    """The window at `moment` (or, with --screenshot, that frame saved as a PNG)."""
    # lazy: the replay's speeds live beside pygame's window code
    from game.replay.playback import REPLAY_SPEEDS

    if args.speed not in REPLAY_SPEEDS:
        return fail(f"--speed must be one of {', '.join(map(str, REPLAY_SPEEDS))}")
    size = window_size(args.size)
    if size is None:
        return fail(f"--size {args.size!r} is not WIDTHxHEIGHT (e.g. 1280x720)")
    if args.screenshot is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif (no_display := display_problem()) is not None:
        return fail(f"smallville: {no_display} (or replay with --screenshot PNG / --json)")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # lazy: pygame and the window (~0.1 s) only for a window or a screenshot
    import pygame

    from game.replay.app import ReplayApp, ReplayOptions
    from game.replay.frames import save_frame
    from game.replay.opening import ReplayError, open_replay
    from game.ui.window import init_pygame

    if args.screenshot is not None:
        init_pygame()
        try:
            save_frame(record, moment, args.screenshot, inspect=args.inspect, size=size)
        except ReplayError as error:
            return fail(str(error))
        finally:
            pygame.quit()
        print(f"saved {args.screenshot}")
        return 0
    options = ReplayOptions(size=size, speed=args.speed, playing=args.at is None)
    app = ReplayApp(open_replay(record), options)
    try:
        app.seek(moment)
        if args.inspect:
            if app.town.population.get(args.inspect) is None:
                return fail(f"nobody called {args.inspect!r} is in {record.path} at that time")
            app.view.selected = args.inspect
            app.viewer.inspect(args.inspect)
        app.run()
        return 0
    finally:
        app.close()
        pygame.quit()


def window_size(text: str) -> tuple[int, int] | None:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 320 or int(height) < 240:
        return None
    return int(width), int(height)
