"""Finding run records: the default folder, a listing of every record in some folders, and
resolving what a user types (a file, a folder, a run id) to one record's path.

Records live as `<folder>/<run id>.sqlite`; a save slot keeps the record of its town's
history as `<slot>/record.sqlite`, which the listing also finds (one level down).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from game.files.paths import user_data_dir
from game.records.errors import RecordError
from game.records.reader import RunRecord, size_on_disk
from game.saves.quoting import QUOTE_LIMIT, quoted

__all__ = ["RECORD_FILE", "RecordInfo", "find_record", "list_records", "records_folder"]

RECORD_FILE = "record.sqlite"  # a save slot's record, `<slot>/record.sqlite`
SUFFIX = ".sqlite"

MAX_NAME = 4096  # no path on any system is longer (PATH_MAX)


@dataclass(frozen=True)
class RecordInfo:
    """One record as listed. A record that cannot be read has `problem` set (one line) and
    empty or None fields for what could not be read."""

    path: Path
    run_id: str
    kind: str
    town: str
    started: datetime | None
    span: tuple[datetime, datetime] | None
    residents: tuple[str, ...]
    brain: str
    model: str
    size_bytes: int
    problem: str | None = None
    memory_server: str | None = None  # the meta's: JSON url, tenant, database (or None)


def records_folder() -> Path:
    """Where runs keep their records: `user_data_dir()/records` (not created here)."""
    return user_data_dir() / "records"


def record_files(folder: Path) -> list[Path]:
    """`*.sqlite` in `folder` and `*/record.sqlite` one level down; [] for a missing folder."""
    try:
        if not folder.is_dir():
            return []
    except OSError:  # a name too long for the file system, a folder we may not enter
        return []
    direct = [path for path in folder.glob(f"*{SUFFIX}") if path.is_file()]
    nested = [path for path in folder.glob(f"*/{RECORD_FILE}") if path.is_file()]
    return sorted(direct) + sorted(nested)


def list_records(folders: Iterable[Path]) -> list[RecordInfo]:
    """Every record in `folders`, newest first (by start; a broken one by its file's time).
    Never raises: a file that cannot be read is listed with its problem."""
    seen: set[Path] = set()
    found: list[RecordInfo] = []
    for folder in folders:
        for path in record_files(Path(folder)):
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                found.append(describe(path))
    return sorted(found, key=_newest_first, reverse=True)


def describe(path: Path) -> RecordInfo:
    """What `list_records` says about one file."""
    size = size_on_disk(path)
    try:
        with RunRecord.open(path) as record:
            meta = record.meta
            span = record.span()
    except RecordError as error:
        return RecordInfo(path, "", "", "", None, None, (), "", "", size, str(error))
    except (OSError, sqlite3.Error, ValueError) as error:  # listing never raises
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        problem = f"cannot open the run record {path}: {reason}"
        return RecordInfo(path, "", "", "", None, None, (), "", "", size, problem)
    return RecordInfo(
        path, meta.run_id, meta.kind, meta.town, meta.started, span, meta.residents,
        meta.brain, meta.model, size, memory_server=meta.memory_server,
    )  # fmt: skip


def find_record(name_or_path: str, folders: Iterable[Path]) -> Path:
    """The record a user means: a path to a file, a folder holding `record.sqlite` (a save
    slot), a file name in one of `folders` (with or without `.sqlite`), or a run id (a file
    name match wins; among run id matches, the first folder's, then the biggest file).
    `RecordError` listing what was tried when nothing matches."""
    folders = [Path(folder) for folder in folders]
    if len(name_or_path) > MAX_NAME or "\x00" in name_or_path:
        raise RecordError(f"no run record {quoted(name_or_path)}: no file has such a name")
    given = Path(name_or_path).expanduser()
    tried: list[str] = []
    for candidate in (given, given / RECORD_FILE):
        if _is_file(candidate):
            return candidate
        tried.append(str(candidate))
    stem = name_or_path.removesuffix(SUFFIX)
    for folder in folders:
        for candidate in (folder / f"{stem}{SUFFIX}", folder / stem / RECORD_FILE):
            if _is_file(candidate):
                return candidate
            tried.append(str(candidate))
    for folder in folders:
        matches = [
            info for info in list_records([folder]) if info.problem is None
            and info.run_id == name_or_path
        ]  # fmt: skip
        if matches:
            return max(matches, key=lambda info: info.size_bytes).path
        tried.append(f"run ids of the records in {folder}")
    if len(name_or_path) > QUOTE_LIMIT * 4:  # the paths tried would repeat it: say less
        raise RecordError(f"no run record {quoted(name_or_path)}: no file, record or run id")
    raise RecordError(f"no run record {name_or_path!r}: tried {'; '.join(tried)}")


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a name too long for the file system, a folder we may not enter
        return False


def _newest_first(info: RecordInfo) -> datetime:
    if info.started is not None:
        return info.started
    try:
        return datetime.fromtimestamp(info.path.stat().st_mtime, UTC)
    except OSError:
        return datetime.min.replace(tzinfo=UTC)
