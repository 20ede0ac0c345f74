"""Listing records (broken ones listed with their problem, never hidden) and finding the one
a user names."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from town_records import START, WALL, at, position, write_all

from game.records import RecordError, find_record, list_records, records_folder


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """records/: run-a (oldest), run-b, a broken file, a note; saves/Day 1/record.sqlite
    (a copy of run-b, same run id, saved earlier so smaller)."""
    records, saves = tmp_path / "records", tmp_path / "saves"
    a = write_all(records / "run-a.sqlite", [position(at(8), "A", 1, 1)], run_id="run-a")
    a.close()
    b = write_all(
        records / "run-b.sqlite", [position(at(8), "A", 1, 1)], run_id="run-b",
        started=WALL + timedelta(hours=1),
    )  # fmt: skip
    b.copy_to(saves / "Day 1" / "record.sqlite")
    for minute in range(1, 200):
        b.write(position(at(9, minute % 60), "A", minute, 1))
    b.close()
    (records / "broken.sqlite").write_text("nope", encoding="utf-8")
    long_ago = (WALL - timedelta(days=400)).timestamp()
    os.utime(records / "broken.sqlite", (long_ago, long_ago))  # listed by its file's time
    (records / "notes.txt").write_text("not a record", encoding="utf-8")
    return records, saves


def test_records_folder_is_in_the_user_data(data_dir: Path) -> None:
    assert records_folder() == data_dir / "records"


def test_list_records_newest_first_with_broken_files_listed(
    folders: tuple[Path, Path], tmp_path: Path
) -> None:
    listed = list_records([*folders, tmp_path / "missing"])
    names = [(info.path.relative_to(tmp_path).as_posix(), info.run_id) for info in listed]
    assert names[:3] == [
        ("records/run-b.sqlite", "run-b"),
        ("saves/Day 1/record.sqlite", "run-b"),
        ("records/run-a.sqlite", "run-a"),
    ]
    assert names[3] == ("records/broken.sqlite", "")
    broken = listed[3]
    assert broken.problem is not None and broken.problem.endswith("not an SQLite file")
    assert broken.size_bytes == 4 and broken.started is None and broken.span is None
    newest = listed[0]
    assert newest.problem is None and newest.span == (at(8), at(9, 59))
    assert (newest.kind, newest.town, newest.brain, newest.model) == (
        "simulate", "the_ville_n3", "offline brain", "",
    )  # fmt: skip
    assert newest.residents == ("Isabella Rodriguez", "Klaus Mueller", "Maria Lopez")
    assert newest.started == WALL + timedelta(hours=1) and newest.size_bytes > 4096
    assert listed[1].span == (START.replace(hour=8), START.replace(hour=8))
    assert list_records([folders[0], folders[0]])[0].run_id == "run-b"  # listed once


def test_find_record_by_path_folder_name_and_run_id(
    folders: tuple[Path, Path], tmp_path: Path
) -> None:
    records, saves = folders
    both = [records, saves]
    assert find_record(str(records / "run-a.sqlite"), both) == records / "run-a.sqlite"
    assert find_record(str(saves / "Day 1"), both) == saves / "Day 1" / "record.sqlite"
    assert find_record("run-a", both) == records / "run-a.sqlite"
    assert find_record("run-a.sqlite", both) == records / "run-a.sqlite"
    assert find_record("Day 1", both) == saves / "Day 1" / "record.sqlite"
    (records / "run-b.sqlite").rename(records / "renamed.sqlite")
    assert find_record("run-b", both) == records / "renamed.sqlite"  # by its run id
    assert find_record("run-b", [saves, records]) == saves / "Day 1" / "record.sqlite"


def test_find_record_says_what_it_tried(folders: tuple[Path, Path]) -> None:
    records, saves = folders
    with pytest.raises(RecordError) as caught:
        find_record("run-z", [records, saves])
    message = str(caught.value)
    assert message.startswith("no run record 'run-z': tried run-z; run-z/record.sqlite; ")
    assert str(records / "run-z.sqlite") in message and str(saves / "run-z" / "record.sqlite")
    assert message.endswith(f"run ids of the records in {saves}")
