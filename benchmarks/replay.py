"""The replay window, headless: frame times while playing and the time to seek. JSON lines.

    uv run python benchmarks/replay.py [--record RUN] [--frames 600] [--seeks 200]

Without --record it first lives the 25-resident town for 48 game hours in lockstep (offline
brain, hashing embedder; about a minute) into a temporary folder and replays that record.
Lines: machine noise (fixed CPU work timed like a frame), the record's size, then frames of
`smallville replay` (`ReplayApp.step` + `display.flip`, 1280×720, zoom 2, the camera
following a resident) at ×60 — also with the inspector open — and at ×1000, and seeks to
random moments (`ReplayApp.seek`: the town, the conversation log). Goals (the live game's):
frame median ≤ 4 ms, p99 ≤ 8 ms with 25 residents; a seek well under a frame.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from frame import machine_noise  # the same machine-noise line as the frame benchmark

from game.records import RunRecord
from game.replay import open_replay
from game.replay.app import ReplayApp, ReplayOptions
from game.ui.window import open_window

WARM_UP_FRAMES = 60


def simulated_record(folder: Path, hours: float) -> Path:
    """A lockstep run of the 25-resident town, recorded into `folder`."""
    # lazy: the minds are needed only to make a record, not to replay one
    from game.bridge import SimulationOptions, simulate

    os.environ.setdefault("SMALLVILLE_DATA_DIR", str(folder / "data"))
    options = SimulationOptions(
        town="the_ville_n25", hours=hours, embedder="hashing", record_dir=folder / "records"
    )
    report, _ = simulate(options)
    return Path(report["record"])


def new_app(path: Path, speed: int) -> ReplayApp:
    open_window((1280, 720))
    app = ReplayApp(open_replay(RunRecord.open(path)), ReplayOptions(speed=speed, zoom=2))
    return app


def frames(path: Path, speed: int, count: int, inspector: bool = False) -> dict[str, object]:
    """Up to `count` frames playing at ×`speed`, the camera following a walker: from two
    hours in (from the start at ×1000, which plays 48 game hours in under 200 frames; never
    past the end, where a replay stops)."""
    app = new_app(path, speed)
    residents = sorted(r.name for r in app.town.population)
    start = app.start + (timedelta(hours=2) if speed <= 60 else timedelta())
    app.seek(start)
    followed = next((r.name for r in app.town.population if r.is_walking), residents[0])
    app.view.selected = followed
    if inspector:
        app.viewer.inspect(followed)
    per_frame = timedelta(minutes=speed / 60)
    room = int((app.end - start) / per_frame)
    warm_up = min(WARM_UP_FRAMES, room // 8)
    app.run_frames(warm_up)
    summary = app.run_frames(min(count, room - warm_up)).summary()
    shown = app.clock.now - start
    app.close()
    median = float(summary["frame_ms_median"])
    return {
        "scenario": f"replay frames at x{speed}, 1280x720, zoom 2"
        + (", inspector open" if inspector else ""),
        "agents": len(residents),
        **summary,
        "fps": round(1000.0 / median, 1) if median else 0.0,
        "game_hours_played": round(shown / timedelta(hours=1), 2),
    }


def seeks(path: Path, count: int, seed: int = 1) -> dict[str, object]:
    """`count` seeks to random moments of the record (the town and the log rebuilt)."""
    app = new_app(path, 60)
    chance = random.Random(seed)
    span = (app.end - app.start).total_seconds()
    samples = []
    for _ in range(count):
        moment = app.start + timedelta(seconds=chance.uniform(0, span))
        started = time.perf_counter()
        app.seek(moment)
        samples.append((time.perf_counter() - started) * 1000.0)
    hours = span / 3600
    app.close()
    return {
        "scenario": "seek to random moments",
        "record_game_hours": round(hours, 1),
        "seeks": count,
        "seek_ms_median": round(statistics.median(samples), 3),
        "seek_ms_max": round(max(samples), 3),
    }


def describe(path: Path) -> dict[str, object]:
    with RunRecord.open(path) as record:
        first, last = record.span()
        return {
            "scenario": "record",
            "residents": len(record.residents()),
            "game_hours": round((last - first) / timedelta(hours=1), 1),
            "rows": record.counts(),
            "megabytes": round(path.stat().st_size / 1e6, 1),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--record", type=Path, help="a run record (default: simulate one)")
    parser.add_argument("--hours", type=float, default=48.0, help="game hours to simulate")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--seeks", type=int, default=200)
    args = parser.parse_args()
    print(json.dumps(machine_noise()), flush=True)
    with tempfile.TemporaryDirectory(prefix="smallville-replay-bench-") as scratch:
        path = args.record
        if path is None:
            print(f"simulating {args.hours:g} game hours to replay…", file=sys.stderr)
            path = simulated_record(Path(scratch), args.hours)
        print(json.dumps(describe(path)), flush=True)
        pygame.init()
        print(json.dumps(frames(path, 60, args.frames)), flush=True)
        print(json.dumps(frames(path, 60, args.frames, inspector=True)), flush=True)
        print(json.dumps(frames(path, 1000, args.frames)), flush=True)
        print(json.dumps(seeks(path, args.seeks)), flush=True)
        pygame.quit()


if __name__ == "__main__":
    main()
