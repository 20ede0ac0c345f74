"""The old-records policy: which records `smallville runs --prune` removes (the newest N
runs and those of the last D days kept; save slots' records and unreadable ones never), the
settings' policy when no flag says, and removing a record with SQLite's files beside it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.cli import main
from game.files.settings import UserSettings, save
from game.records import RecordInfo
from game.records.pruning import KeepPolicy, records_to_prune, remove_record

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def info(name: str, days_old: float, path: str = "", problem: str | None = None) -> RecordInfo:
    started = NOW - timedelta(days=days_old)
    where = Path(path or f"/records/{name}.sqlite")
    brain = "offline brain"
    return RecordInfo(where, name, "simulate", "t", started, None, (), brain, "", 1, problem)


RECORDS = [info("a", 0.5), info("b", 3), info("c", 10), info("d", 40)]


@pytest.mark.parametrize(
    ("policy", "removed"),
    [
        (KeepPolicy(last=2), ["c", "d"]),
        (KeepPolicy(days=7), ["c", "d"]),
        (KeepPolicy(days=30), ["d"]),
        (KeepPolicy(last=1, days=5), ["c", "d"]),  # kept: the newest, or of the last 5 days
        (KeepPolicy(last=3, days=1), ["d"]),
        (KeepPolicy(last=0), ["a", "b", "c", "d"]),
        (KeepPolicy(), []),  # no policy: nothing goes
    ],
)
def test_the_policy_keeps_the_newest_and_the_recent(policy: KeepPolicy, removed: list[str]) -> None:
    assert [i.run_id for i in records_to_prune(RECORDS, policy, NOW)] == removed


def test_slot_records_unreadable_ones_and_copies_are_handled() -> None:
    slot = info("e", 50, path="/saves/Day 3/record.sqlite")  # belongs to its save
    broken = info("", 60, problem="the file is cut off")
    copy = info("a", 0.2, path="/records/a-copy.sqlite")  # a run counts once toward N
    doomed = records_to_prune([*RECORDS, slot, broken, copy], KeepPolicy(last=2), NOW)
    assert [i.run_id for i in doomed] == ["c", "d"]


def test_remove_record_takes_the_files_beside_it(tmp_path: Path) -> None:
    record = tmp_path / "run.sqlite"
    for path in (record, tmp_path / "run.sqlite-wal", tmp_path / "run.sqlite-shm"):
        path.write_bytes(b"x" * 10)
    (tmp_path / "other.sqlite").write_bytes(b"y")
    assert remove_record(record) == 30
    assert [p.name for p in tmp_path.iterdir()] == ["other.sqlite"]


def test_the_settings_policy_applies_when_no_flag_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save(UserSettings(keep_last_runs=5, keep_run_days=2))
    assert main(["runs", "--prune", "--dry-run", "--folder", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("keeping the newest 5 runs and runs of the last 2 days: 0 of 0")
