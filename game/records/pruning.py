"""Which run records an old-records policy removes, and removing them from disk.

    policy = KeepPolicy(last=20, days=30)        # keep the newest 20, and any of the last 30 days
    doomed = records_to_prune(list_records([records_folder()]), policy, now)
    for info in doomed:
        remove_record(info.path)                 # the file and its -wal / -shm / -journal

A record is kept when it is among the newest `last` runs **or** started less than `days`
ago (a limit left None does not keep anything by itself); with neither set, nothing is
removed. Only records directly in a records folder are candidates: a save slot's
`record.sqlite` belongs to its save, and a record that cannot be read is never removed
(nobody can say how old it is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from game.records.catalog import RECORD_FILE, RecordInfo

__all__ = ["KeepPolicy", "records_to_prune", "remove_record"]

BESIDE = ("-wal", "-shm", "-journal")  # SQLite's files beside a record


@dataclass(frozen=True)
class KeepPolicy:
    """What to keep: the newest `last` runs and the runs of the last `days` days."""

    last: int | None = None
    days: float | None = None

    def __post_init__(self) -> None:
        if self.last is not None and self.last < 0:
            raise ValueError(f"keep the last N runs: N must be 0 or more (not {self.last})")
        if self.days is not None and self.days < 0:
            raise ValueError(f"keep runs newer than D days: D must be 0 or more (not {self.days})")

    @property
    def chosen(self) -> bool:
        return self.last is not None or self.days is not None

    def describe(self) -> str:
        parts = []
        if self.last is not None:
            parts.append(f"the newest {self.last} run{'s' * (self.last != 1)}")
        if self.days is not None:
            parts.append(f"runs of the last {self.days:g} days")
        return "keeping " + (" and ".join(parts) or "everything")


def records_to_prune(
    infos: Sequence[RecordInfo], policy: KeepPolicy, now: datetime
) -> list[RecordInfo]:
    """The records `policy` does not keep (oldest last, as listed: newest first). Each run
    counts once toward `last`, whatever its copies."""
    if not policy.chosen:
        return []
    dated = [(i.started, i) for i in infos if i.problem is None and i.started and loose(i)]
    runs: list[str] = []
    doomed = []
    for started, info in sorted(dated, key=lambda pair: pair[0], reverse=True):
        if info.run_id not in runs:
            runs.append(info.run_id)
        recent = policy.days is not None and now - started < timedelta(days=policy.days)
        counted = policy.last is not None and runs.index(info.run_id) < policy.last
        if not (recent or counted):
            doomed.append(info)
    return doomed


def loose(info: RecordInfo) -> bool:
    """A record of its own in a records folder (not a save slot's `record.sqlite`)."""
    return info.path.name != RECORD_FILE


def remove_record(path: Path) -> int:
    """Delete the record and SQLite's files beside it; the bytes freed. `OSError` when the
    record itself cannot be deleted."""
    freed = 0
    for extra in BESIDE:
        beside = path.with_name(path.name + extra)
        if beside.is_file():
            freed += beside.stat().st_size
            beside.unlink()
    freed += path.stat().st_size
    path.unlink()
    return freed
