"""Opening a replay: the record a user names, the map its town was built on, and a moment
in it — each failure a one-line message naming the file and what is wrong.

    record = open_record("20261124-224948-the_ville_n3")    # a path, run id or save slot
    replay = open_replay(record)                             # the map, checked and loaded
    moment = moment_in(record, "2023-02-13 15:00")           # inside the record's span

The record's meta names its map (`map_path`) relative to the project root (or, for a map
kept elsewhere, absolute) with the file's sha256 at the time of the run: a map that has
changed since opens with a warning (residents may stand in odd places); a missing or
unreadable map is a `ReplayError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

from game.files.paths import bundle_root
from game.records import RunRecord, find_record, records_folder
from game.saves import default_saves_root, file_sha256
from game.world.clock import format_moment
from game.world.tmx.loader import MapError, load_town
from game.world.town import TownMap

__all__ = [
    "OpenedReplay",
    "ReplayError",
    "map_file",
    "moment_in",
    "open_record",
    "open_replay",
    "record_folders",
]


class ReplayError(Exception):
    """A replay that cannot be shown: its map is missing, a moment is outside the record.
    The message is one line naming the record."""


@dataclass
class OpenedReplay:
    """A record with the map its town was built on; `warnings` are for the player (toasts)."""

    record: RunRecord
    town: TownMap
    span: tuple[datetime, datetime]
    warnings: list[str] = field(default_factory=list)


def record_folders() -> list[Path]:
    """Where run ids are looked up: the records folder, then the save slots."""
    return [records_folder(), default_saves_root()]


def open_record(name_or_path: str, folders: list[Path] | None = None) -> RunRecord:
    """The record the user means (`game.records.find_record`), opened and checked;
    `RecordError` when it cannot be found or read."""
    path = find_record(name_or_path, record_folders() if folders is None else folders)
    return RunRecord.open(path)


def map_file(map_path: str, root: Path | None = None) -> Path:
    """Where a record's map is: `map_path` under the project root, or as it is when absolute."""
    if not map_path:
        raise ValueError("the record names no map")
    given = Path(map_path)
    if given.is_absolute() or PurePosixPath(map_path).is_absolute():
        return given
    return (root or bundle_root()) / PurePosixPath(map_path)


def open_replay(record: RunRecord, root: Path | None = None) -> OpenedReplay:
    """`record` with its town's map loaded; `ReplayError` when the map is missing or
    unreadable, a warning when it differs from the one the run was recorded on."""
    what = f"cannot replay {record.path}"
    try:
        path = map_file(record.meta.map_path, root)
    except ValueError as error:
        raise ReplayError(f"{what}: {error}") from None
    if not path.is_file():
        raise ReplayError(f"{what}: its map {path} is missing")
    warnings = []
    try:
        sha256 = file_sha256(path)
        town = load_town(path)
    except MapError as error:
        first = error.problems[0] if error.problems else "unreadable"
        raise ReplayError(f"{what}: its map {path} cannot be used ({first})") from None
    except OSError as error:
        raise ReplayError(f"{what}: cannot read its map {path} ({error.strerror})") from None
    if record.meta.map_sha256 and sha256 != record.meta.map_sha256:
        warnings.append(
            f"The map {path.name} has changed since this run was recorded: "
            "residents may stand in odd places."
        )
    return OpenedReplay(record, town, record.span(), warnings)


def moment_in(record: RunRecord, text: str | None) -> datetime:
    """The moment `text` names ("2023-02-13 15:00", ISO, or "15:00" on the record's first
    day); the record's start for None. `ReplayError` when it is not a time or lies outside
    the record."""
    first, last = record.span()
    if text is None:
        return first
    what = f"cannot replay {record.path}"
    try:
        moment = parse_moment(text, first)
    except ValueError:
        raise ReplayError(
            f'{what}: {text!r} is not a time (write it as "2023-02-13 15:00")'
        ) from None
    if not first <= moment <= last:
        raise ReplayError(
            f"{what}: {format_moment(moment)} is outside the record "
            f"({format_moment(first)} to {format_moment(last)})"
        )
    return moment


def parse_moment(text: str, day_of: datetime) -> datetime:
    """ "2023-02-13 15:00" / "2023-02-13T15:00:30" / "15:00" (on `day_of`'s day)."""
    text = text.strip()
    if len(text) <= 8 and ":" in text and "-" not in text:
        clock = datetime.strptime(text, "%H:%M:%S" if text.count(":") == 2 else "%H:%M")
        return day_of.replace(
            hour=clock.hour, minute=clock.minute, second=clock.second, microsecond=0
        )
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is not None:
        raise ValueError("a game time has no time zone")
    return moment
