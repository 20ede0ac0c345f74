"""Small hand-written records for the replay tests, on the world tests' tiny map."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pygame
from town_records import START, meta
from townmaker import TownSpec

from game.records import PositionRow, RecordWriter, RunMeta
from game.saves import file_sha256

__all__ = [
    "START",
    "RecordedRun",
    "Seen",
    "row",
    "tiny_record",
    "walk_rows",
    "write_tiny_town",
]


@dataclass(frozen=True)
class Seen:
    """A resident as the live town showed them after a lockstep step."""

    time: datetime
    name: str
    tile: tuple[int, int]
    facing: str
    activity: str


@dataclass(frozen=True)
class RecordedRun:
    path: Path
    seen: list[Seen]


# --- a record on the tiny map -------------------------------------------------------------


def walk_rows(name: str, start: datetime, tiles: list[tuple[int, int]]) -> list[PositionRow]:
    """A keyframe at `start` on the first tile, then one row a game minute along `tiles`
    (walking until the last), as a lockstep run writes them."""
    rows = [row(start, name, tiles[0], walking=False, keyframe=True)]
    for number, tile in enumerate(tiles[1:], start=1):
        rows.append(row(start + timedelta(minutes=number), name, tile, number < len(tiles) - 1))
    return rows


def row(
    t: datetime,
    name: str,
    tile: tuple[int, int],
    walking: bool,
    keyframe: bool = False,
    activity: str = "walk to the cafe",
) -> PositionRow:
    return PositionRow(
        t, name, tile[0], tile[1], "down", walking, activity, "☕", "idle", "", keyframe
    )


def tiny_record(folder: Path, map_root: Path, rows: list[PositionRow], **changes: object) -> Path:
    """A record at `folder/tiny-run.sqlite` of `rows`, naming the tiny map under `map_root`
    (`town/town.tmx`) with its real sha256."""
    map_path = map_root / "town" / "town.tmx"
    fields: dict[str, object] = {
        "run_id": "tiny-run",
        "town": "tiny",
        "map_path": "town/town.tmx",
        "map_sha256": file_sha256(map_path) if map_path.exists() else "ab" * 32,
        "residents": ("John Lin", "Sam Moore"),
    }
    run_meta: RunMeta = meta(**(fields | changes))
    path = folder / "tiny-run.sqlite"
    writer = RecordWriter(path, run_meta)
    for each in rows:
        writer.write(each)
    writer.close()
    return path


def write_tiny_town(folder: Path) -> Path:
    """The world tests' 24×16 town (`folder/town.tmx`), with a tileset of four colours."""
    path = TownSpec.small().write(folder)
    tileset = pygame.Surface((64, 16))
    for index, colour in enumerate(((86, 150, 72), (120, 88, 60), (176, 140, 96), (40, 40, 40))):
        tileset.fill(colour, (index * 16, 0, 16, 16))
    pygame.image.save(tileset, str(folder / "tiny.png"))
    return path
