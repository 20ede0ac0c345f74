"""The writer: continuing a record, conversation ids, secrets never on disk, failures counted
and reported (never raised), rows from many threads, copies for save slots."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from town_records import START, at, meta, one_of_each, position, write_all

from game.records import (
    ConversationRow,
    LineRow,
    PlanRow,
    RecordError,
    RecordWriter,
    RunRecord,
)

PROJECT = Path(__file__).resolve().parents[2]
KEY = "sk-test-4f9a1c2e8b7d6a5f"


def test_a_new_record_is_a_wal_file_with_the_schema(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "run.sqlite"
    writer = RecordWriter(path, meta())
    writer.write(position(START, "A", 1, 2, keyframe=True))
    writer.flush()
    assert writer.pending == 0 and writer.rows_written == 1
    assert writer.bytes >= path.stat().st_size > 0
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    connection.close()
    writer.close()
    writer.close()  # idempotent
    assert not Path(f"{path}-wal").exists()  # checkpointed into the file
    with RunRecord.open(path) as record:
        assert record.tables()[:2] == ["meta", "runs"]
        assert record.counts()["positions"] == 1


def test_a_record_continues_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    first = RecordWriter(path, meta(run_id="run-1"))
    assert [first.next_conversation_id() for _ in range(3)] == [1, 2, 3]
    first.write(ConversationRow(2, at(8), ("A", "B"), "cafe", "two"))
    first.write(LineRow(3, 0, at(8, 5), "A", "B", "a line of conversation 3"))
    first.write(position(at(8), "A", 1, 1, keyframe=True))
    first.close()

    second = RecordWriter(path, meta(run_id="run-2", start_time=at(9), brain="gpt-test"))
    assert second.meta.continues == "run-1"
    assert second.next_conversation_id() == 4  # after the largest id in the file
    second.write(position(at(9), "A", 2, 2, keyframe=True))
    second.close()

    with RunRecord.open(path) as record:
        assert record.meta == meta(
            run_id="run-2", start_time=at(9), brain="gpt-test", continues="run-1"
        )
        assert record.counts()["positions"] == 2
        assert record.span() == (at(8), at(9))
        assert [row["run_id"] for row in record.rows("runs")] == ["run-1", "run-2"]
    third = RecordWriter(path, meta(run_id="run-2", start_time=at(10)))  # the same run again
    assert third.meta.continues == "run-1"
    third.close()


def test_a_saved_copy_is_continued_by_the_next_run(tmp_path: Path) -> None:
    """The save-slot round: copy_to at save time, copied to a new run's path at load."""
    writer = RecordWriter(tmp_path / "run-1.sqlite", meta(run_id="run-1"))
    writer.write(ConversationRow(writer.next_conversation_id(), at(8), ("A", "B"), "", ""))
    writer.copy_to(tmp_path / "Day 1" / "record.sqlite")
    writer.write(position(at(9), "A", 1, 1))  # after the save: not in the copy
    writer.close()
    shutil.copyfile(tmp_path / "Day 1" / "record.sqlite", tmp_path / "run-2.sqlite")
    loaded = RecordWriter(tmp_path / "run-2.sqlite", meta(run_id="run-2", continues="run-1"))
    assert (loaded.meta.continues, loaded.next_conversation_id()) == ("run-1", 2)
    loaded.close()
    with RunRecord.open(tmp_path / "run-2.sqlite") as record:
        assert record.counts()["positions"] == 0 and record.counts()["conversations"] == 1


def test_conversation_ids_are_unique_across_threads(tmp_path: Path) -> None:
    writer = RecordWriter(tmp_path / "run.sqlite", meta())
    taken: list[int] = []

    def take() -> None:
        taken.extend(writer.next_conversation_id() for _ in range(200))

    threads = [threading.Thread(target=take) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    writer.close()
    assert sorted(taken) == list(range(1, 801))


def test_rows_from_many_threads_all_arrive(tmp_path: Path) -> None:
    writer = RecordWriter(tmp_path / "run.sqlite", meta(), flush_every_s=3600)

    def work(number: int) -> None:
        for minute in range(250):
            writer.write(PlanRow(at(8, minute % 60), f"R{number}", "intention", "{}"))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    writer.flush()  # commits although the hour between commits has not passed
    assert (writer.rows_written, writer.pending, writer.errors) == (1000, 0, 0)
    writer.close()


def test_secrets_are_redacted_in_every_table_and_never_reach_the_disk(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    password = 'pa"ss wörd'  # a second secret, also hidden in JSON text in its escaped spelling
    writer = RecordWriter(path, meta(), secrets=[KEY, password, ""])
    for row in one_of_each(f" {KEY} "):
        writer.write(row)
    writer.write(PlanRow(START, "A", "day", json.dumps({"said": f"my password is {password}"})))
    writer.flush()
    files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
    assert Path(f"{path}-wal").stat().st_size > 0  # the rows are in the WAL right now
    on_disk = b"".join(part.read_bytes() for part in files if part.exists())
    assert b"[redacted]" in on_disk
    for spelling in (KEY, password, json.dumps(password)[1:-1], "ss w\\u00f6rd"):
        assert spelling.encode() not in on_disk, spelling
    writer.close()
    assert KEY.encode() not in path.read_bytes()
    with RunRecord.open(path) as record:
        for table in record.tables():
            for stored in record.rows(table):
                assert not any(KEY in str(value) for value in stored.values()), (table, stored)
        (memory,) = record.memories("Isabella [redacted] ", at(23))
        assert memory.evidence == ("m-0 [redacted] ", "m-00 [redacted] ")
        plan = record.plan_at("A", at(23))
        assert plan is not None and json.loads(plan.plan) == {"said": "my password is [redacted]"}


def test_a_meta_holding_a_secret_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"RunMeta\.model holds a secret") as caught:
        RecordWriter(tmp_path / "run.sqlite", meta(model=f"gpt ({KEY})"), secrets=[KEY])
    assert KEY not in str(caught.value)
    with pytest.raises(ValueError, match=r"RunMeta\.residents"):
        RecordWriter(tmp_path / "run.sqlite", meta(residents=("A", KEY)), secrets=[KEY])
    assert not (tmp_path / "run.sqlite").exists()


def test_an_unusable_path_leaves_a_writer_that_records_nothing_and_says_why(
    tmp_path: Path,
) -> None:
    (tmp_path / "a file").write_text("not a folder", encoding="utf-8")
    writer = RecordWriter(tmp_path / "a file" / "run.sqlite", meta())
    writer.write(position(START, "A", 1, 1))
    writer.flush()
    assert (writer.errors, writer.rows_written, writer.rows_dropped) == (1, 0, 1)
    assert writer.last_error is not None and writer.last_error.startswith(
        "not recording this run: cannot create"
    )
    assert writer.bytes == 0
    with pytest.raises(RecordError, match="no run record to copy"):
        writer.copy_to(tmp_path / "copy.sqlite")
    writer.close()


def test_a_path_holding_something_else_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    path.write_text("my thesis, do not overwrite", encoding="utf-8")
    writer = RecordWriter(path, meta())
    writer.write(position(START, "A", 1, 1))
    writer.close()
    assert writer.last_error is not None and "not an SQLite file" in writer.last_error
    assert path.read_text(encoding="utf-8") == "my thesis, do not overwrite"


def test_a_removed_folder_is_counted_and_reported_not_raised(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    writer = RecordWriter(folder / "run.sqlite", meta())
    writer.write(position(at(8), "A", 1, 1))
    writer.flush()
    shutil.rmtree(folder)
    for minute in range(3):
        writer.write(position(at(8, minute + 1), "A", 2, 2))
    writer.flush()
    assert (writer.rows_written, writer.errors, writer.rows_dropped, writer.pending) == (1, 1, 3, 0)
    assert writer.last_error == (
        "3 rows were not recorded in run.sqlite: "
        "the file is gone (its folder was moved or deleted?)"
    )
    writer.close()


DISK_FULL = """
import json, resource, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from town_records import at, meta, position
from game.records import RecordWriter

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))
writer = RecordWriter(Path(sys.argv[1]), meta())
for number in range(3000):
    writer.write(position(at(8), f"Resident {number}", 1, 1, activity="x" * 500))
    if number % 500 == 0:
        writer.flush()
writer.flush()
stats = [writer.rows_written, writer.rows_dropped, writer.errors, writer.last_error]
writer.close()
print(json.dumps(stats))
"""


@pytest.mark.skipif(os.name == "nt", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_is_counted_and_reported_not_raised(tmp_path: Path) -> None:
    """A real file-size limit in a child process: writes fail, the child carries on."""
    child = subprocess.run(
        [sys.executable, "-c", DISK_FULL, str(tmp_path / "run.sqlite"), str(Path(__file__).parent)],
        cwd=PROJECT,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 0, child.stderr
    written, dropped, errors, last_error = json.loads(child.stdout)
    assert errors >= 1 and dropped >= 1 and written + dropped == 3000
    assert "rows were not recorded in run.sqlite" in last_error, last_error
    with RunRecord.open(tmp_path / "run.sqlite") as record:  # the file is whole up to there
        assert record.counts()["positions"] == written


def test_writes_after_close_are_dropped(tmp_path: Path) -> None:
    writer = write_all(tmp_path / "run.sqlite", [position(START, "A", 1, 1)])
    writer.close()
    writer.write(position(at(8), "A", 2, 2))
    writer.flush()
    assert (writer.rows_written, writer.rows_dropped, writer.errors) == (1, 1, 0)


def test_copy_to_is_a_consistent_single_file(tmp_path: Path) -> None:
    writer = RecordWriter(tmp_path / "run.sqlite", meta(), flush_every_s=3600)
    for row in one_of_each():
        writer.write(row)
    copy = tmp_path / "slot" / "record.sqlite"
    writer.copy_to(copy)  # flushes first
    assert sorted(p.name for p in copy.parent.iterdir()) == ["record.sqlite"]
    assert copy.read_bytes()[18:20] == b"\x01\x01"  # rollback journal, not WAL
    with pytest.raises(ValueError):
        writer.copy_to(tmp_path / "run.sqlite")
    writer.write(position(at(9), "A", 1, 1))
    writer.close()
    with RunRecord.open(copy) as record:
        assert sum(record.counts().values()) == len(one_of_each())
    writer.copy_to(copy)  # after close too: the finished record, replacing the older copy
    with RunRecord.open(copy) as record:
        assert sum(record.counts().values()) == len(one_of_each()) + 1


def test_a_copy_that_cannot_be_made_is_a_record_error(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("", encoding="utf-8")
    writer = write_all(tmp_path / "run.sqlite", [replace(position(START, "A", 1, 1))])
    with pytest.raises(RecordError, match="cannot copy the run record"):
        writer.copy_to(tmp_path / "a file" / "record.sqlite")
    writer.close()
