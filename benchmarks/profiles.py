"""The lively town on server profiles (issue 30's figures), JSON lines on stdout.

    uv run python benchmarks/profiles.py --embedder hashing --label before
    uv run python benchmarks/profiles.py --profile local-cpu --town the_ville_n3 --hours 1

For each profile (default `hosted` and `local-gpu`): the town (default the_ville_n25, which
starts at 7 am) lived in lockstep for `--hours` (default 6: 7 am–1 pm) by the offline brain
behind the profile's latency and slots (`smallville simulate --profile`), and what the
server saw: game minutes a real second, calls in flight (time-weighted mean, max) against
the slots, the profile's throughput limit for this call mix (slots ÷ mean service time,
calls/s) and the share of it used (game-min/s × calls per game minute ÷ the limit), queue
waits, calls per game minute and per resident-day. The wall time is the lockstep run's own
(the town's set-up aside). The machine's load average at the start and the end is in each
line: the figures are only comparable on the same machine in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.bridge import SimulationOptions, settings_problem, simulate  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from figures import machine, print_line  # noqa: E402

DEFAULT_PROFILES = ("hosted", "local-gpu")


def git(*args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip()


def measure(profile: str, args: argparse.Namespace) -> dict[str, Any]:
    """One lockstep run behind `profile`: the report's server figures, and the town's."""
    at_start = machine()
    # the code measured is the one at the start (a commit made during the run is not it)
    commit = git("rev-parse", "--short", "HEAD")
    dirty = bool(
        git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!benchmarks/results")
    )
    options = SimulationOptions(
        town=args.town,
        hours=args.hours,
        seed=args.seed,
        embedder=args.embedder,
        profile=profile,
        record_dir=None,
        think_ahead_minutes=args.think_ahead,
        talk_lines_per_call=args.talk_lines,
        group_lines_per_call=args.group_lines,
        think_ahead_idle_minutes=args.think_ahead_idle,
    )
    report, _ = simulate(options)
    server = report["server_profile"]
    agents = report["agents"]
    game_hours = report["game_hours"]
    return {
        "benchmark": "profiles",
        "label": args.label,
        "town": args.town,
        "agents": agents,
        "profile": profile,
        "think_ahead_minutes": args.think_ahead,
        "talk_lines_per_call": args.talk_lines,  # None: the town's setting (default 4)
        "group_lines_per_call": args.group_lines,  # None: the town's setting (default 4)
        "think_ahead_idle_minutes": args.think_ahead_idle,
        "slots": server["slots"],
        "game_hours": game_hours,
        "wall_s": server["wall_s"],
        "game_minutes_per_s": server["game_minutes_per_s"],
        "calls": server["calls"],
        "calls_per_game_minute": server["calls_per_game_minute"],
        "calls_in_flight_mean": server["calls_in_flight_mean"],
        "calls_in_flight_max": server["calls_in_flight_max"],
        "in_flight_share_of_slots": round(server["calls_in_flight_mean"] / server["slots"], 3),
        "service_mean_s": server["service_mean_s"],
        "throughput_limit_calls_per_s": server["throughput_limit_calls_per_s"],
        "share_of_limit": server["share_of_limit"],
        "queue_longest": server["queue_longest"],
        "queue_wait_mean_s": server["queue_wait_mean_s"],
        "queue_wait_max_s": server["queue_wait_max_s"],
        "calls_per_resident_day": round(server["calls"] / max(agents * game_hours / 24, 1e-9), 1),
        "conversations": report["conversations"],
        "thinking_ahead": report["thinking_ahead"],
        # the real seconds lockstep stood waiting, by what it waited for (lockstep_waits.py)
        "lockstep_waits": server.get("lockstep_waits"),
        # the slots' idle slot-seconds by what lockstep waited for then (or stepping)
        "idle_slot_s": server.get("idle_slot_s"),
        "errors": report["errors"],
        "embedder": args.embedder,
        "seed": args.seed,
        "machine": at_start,
        "load_average_end": [round(load, 2) for load in os.getloadavg()],
        "date": date.today().isoformat(),
        "commit": commit,
        "dirty": dirty,  # besides the results this script appends to
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--profile",
        action="append",
        metavar="NAME",
        help="a server profile (repeat for more; default: hosted and local-gpu)",
    )
    parser.add_argument("--town", default="the_ville_n25")
    parser.add_argument("--hours", type=float, default=6.0, help="game hours (default 6)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument(
        "--think-ahead",
        type=float,
        default=0.0,
        metavar="MINUTES",
        help="think a next decision this many game minutes before it is due (default 0)",
    )
    parser.add_argument(
        "--talk-lines",
        type=int,
        metavar="K",
        help="lines of a pair talk per model call (default: the town's setting, 4; 1: the "
        "paper's one call per line)",
    )
    parser.add_argument(
        "--group-lines",
        type=int,
        metavar="K",
        help="lines of a one-by-one group talk per model call (default: the town's setting, "
        "4; 1: ChatEval's one call per line)",
    )
    parser.add_argument(
        "--think-ahead-idle",
        type=float,
        default=0.0,
        metavar="MINUTES",
        help="while the server has room, think the next decisions up to this many game "
        "minutes ahead (default 0: off)",
    )
    parser.add_argument("--label", default="", help='a tag for the lines ("before", "after")')
    parser.add_argument("--out", type=Path, metavar="FILE", help="append the lines here too")
    args = parser.parse_args()
    profiles = args.profile or DEFAULT_PROFILES
    for profile in profiles:
        problem = settings_problem(SimulationOptions(profile=profile))
        if problem is not None:
            raise SystemExit(f"profiles.py: {problem}")
    for profile in profiles:
        print(f"{profile}: {args.town}, {args.hours} game hours…", file=sys.stderr, flush=True)
        print_line(json.dumps(measure(profile, args)), args.out)


if __name__ == "__main__":
    main()
