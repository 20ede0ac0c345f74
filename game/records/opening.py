"""Opening a run record: the checks made before a `RunRecord` reads it.

`check_header` looks at the file itself (there, not empty, SQLite, not cut short);
`check_contents` at what it holds (a meta table, a schema version this version reads, every
table, a readable meta); `present_columns` finds the columns an older record lacks, which
the reader reads as NULL. Every failure is a `RecordError` whose one-line message names the
file.
"""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from pathlib import Path

from game.records.codec import meta_from
from game.records.errors import RecordError
from game.records.rows import RunMeta
from game.records.schema import SCHEMA_VERSION, TABLES, Table

__all__ = [
    "SQLITE_MAGIC",
    "cannot_open",
    "check_contents",
    "check_header",
    "present_columns",
    "select_list",
    "size_on_disk",
]

SQLITE_MAGIC = b"SQLite format 3\x00"


def check_header(path: Path) -> None:
    """`RecordError` unless `path` is a readable SQLite file that is not cut short."""
    if not path.exists():
        raise cannot_open(path, "no such file")
    if path.is_dir():
        inside = (path / "record.sqlite").exists()
        hint = " (its run record is record.sqlite inside)" if inside else ""
        raise cannot_open(path, f"it is a folder, not a file{hint}")
    try:
        size = path.stat().st_size
        with path.open("rb") as stream:
            header = stream.read(100)
    except OSError as error:
        raise cannot_open(path, f"cannot read it ({error.strerror or error})") from None
    if size == 0:
        raise cannot_open(path, "the file is empty")
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise cannot_open(path, "not an SQLite file")
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return  # pages may live in the WAL until the next checkpoint
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    size_is_valid = header[24:28] == header[92:96]  # "version-valid-for" = change counter
    if size_is_valid and size < pages * page_size:
        expected = pages * page_size
        raise cannot_open(path, f"the file is cut off (it holds {size} of {expected} bytes)")


def size_on_disk(path: Path) -> int:
    """A record's bytes on disk: the file and its WAL (0 for what is missing)."""
    total = 0
    for part in (path, Path(f"{path}-wal")):
        with suppress(OSError):
            total += part.stat().st_size
    return total


def check_contents(path: Path, connection: sqlite3.Connection) -> tuple[RunMeta, int]:
    """The record's meta and schema version, once the tables and the version are right."""
    try:
        names = {
            str(row[0])
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if "meta" not in names:
            raise cannot_open(path, "not a Smallville run record (it has no meta table)")
        meta_rows = connection.execute("SELECT key, value FROM meta").fetchall()
        values = {str(key): value for key, value in meta_rows}
    except sqlite3.DatabaseError as error:
        raise cannot_open(path, f"not an SQLite file, or a damaged one ({error})") from None
    version = _version(path, values.get("schema_version"))
    missing = [name for name in TABLES if name not in names]
    if missing:
        raise cannot_open(path, f"an incomplete run record (no table {', '.join(missing)})")
    try:
        return meta_from(values), version
    except ValueError as error:
        raise cannot_open(path, f"its meta is damaged ({error})") from None


def _version(path: Path, text: str | None) -> int:
    """The schema version the meta states, if this version of Smallville reads it."""
    if text is None:
        raise cannot_open(path, "not a Smallville run record (its meta has no schema_version)")
    try:
        version = int(text)
    except ValueError:
        raise cannot_open(path, f"its schema_version {text!r} is not a number") from None
    if version > SCHEMA_VERSION:
        raise cannot_open(
            path,
            f"made by a newer Smallville (record schema {version}; "
            f"this one reads up to {SCHEMA_VERSION})",
        )
    return version


def present_columns(path: Path, connection: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """Each table's columns as the file has them (an older record lacks newer ones)."""
    try:
        return {
            name: frozenset(str(row[1]) for row in connection.execute(f"PRAGMA table_info({name})"))
            for name in TABLES
        }
    except sqlite3.DatabaseError as error:
        raise cannot_open(path, f"not an SQLite file, or a damaged one ({error})") from None


def select_list(table: Table, present: frozenset[str], prefix: str = "") -> str:
    """The SELECT list for all of `table`'s columns, in order: a nullable column the file
    lacks (added by a later schema) reads as NULL. `prefix` qualifies the names ("positions.")."""
    return ", ".join(
        f"{prefix}{column.name}"
        if column.name in present or not column.nullable
        else f"NULL AS {column.name}"
        for column in table.columns
    )


def cannot_open(path: Path, what: str) -> RecordError:
    return RecordError(f"cannot open the run record {path}: {what}")
