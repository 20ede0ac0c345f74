"""Run-record benchmarks (JSON lines on stdout): what recording costs.

    uv run python benchmarks/records.py                  # the 24-hour offline day, twice
    uv run python benchmarks/records.py --hours 2        # a shorter pair of runs

- overhead: the same lockstep run (25 residents, offline brain, MiniLM embeddings) with and
  without the run record: wall seconds both ways, the difference in percent (goal ≤ 5 %).
- size: that record's bytes per resident-day, with its traces (every model call's prompt
  and answer) and without them (goal ≤ 2 MB without).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.bridge import SimulationOptions, simulate  # noqa: E402


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def bytes_without_traces(path: Path, scratch: Path) -> int:
    """The record's size once its traces are gone (a copy, vacuumed)."""
    copy = scratch / "no-traces.sqlite"
    shutil.copyfile(path, copy)
    connection = sqlite3.connect(copy)
    try:
        connection.execute("DELETE FROM traces")
        connection.commit()
        connection.execute("VACUUM")
    finally:
        connection.close()
    return copy.stat().st_size


def run(hours: float, embedder: str, town: str) -> None:
    with tempfile.TemporaryDirectory(prefix="smallville-records-") as scratch:
        folder = Path(scratch)
        plain = SimulationOptions(town=town, hours=hours, embedder=embedder)
        recorded = SimulationOptions(
            town=town, hours=hours, embedder=embedder, record_dir=folder / "records"
        )
        simulate(SimulationOptions(town=town, hours=0.25, embedder=embedder))  # warm caches
        without, _ = simulate(plain)
        with_record, _ = simulate(recorded)
        path = Path(with_record["record"])
        resident_days = with_record["agents"] * with_record["game_hours"] / 24
        total = path.stat().st_size
        trimmed = bytes_without_traces(path, folder)
        emit(
            {
                "benchmark": "record_overhead",
                "timed": "simulate wall seconds, set-up included, with and without the record",
                "town": town,
                "embedder": embedder,
                "game_hours": with_record["game_hours"],
                "wall_s_without": without["wall_s"],
                "wall_s_with": with_record["wall_s"],
                "overhead_percent": round(
                    100 * (with_record["wall_s"] - without["wall_s"]) / without["wall_s"], 1
                ),
            }
        )
        emit(
            {
                "benchmark": "record_size",
                "town": town,
                "resident_days": round(resident_days, 2),
                "bytes": total,
                "mb_per_resident_day": round(total / resident_days / 2**20, 3),
                "mb_per_resident_day_without_traces": round(trimmed / resident_days / 2**20, 3),
                "llm_calls": with_record["llm_calls"],
            }
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default="minilm")
    parser.add_argument("--town", default="the_ville_n25")
    args = parser.parse_args()
    run(args.hours, args.embedder, args.town)


if __name__ == "__main__":
    main()
