"""A run record that cannot be made leaves nothing behind and says so once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from town_records import meta

import game.records.writer as writer_module
from game.records import RecordWriter


def test_a_record_that_cannot_be_created_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(connection: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(writer_module, "create_schema", disk_full)
    path = tmp_path / "records" / "run-1.sqlite"
    writer = RecordWriter(path, meta())
    assert not writer.usable
    assert "not recording" in (writer.last_error or "")
    assert sorted(p.name for p in path.parent.iterdir()) == []  # no 4 KB husk, no -wal


def test_a_record_in_a_folder_that_is_a_file_is_not_made(tmp_path: Path) -> None:
    (tmp_path / "records").write_text("not a folder")
    writer = RecordWriter(tmp_path / "records" / "run-1.sqlite", meta())
    assert not writer.usable and "not recording" in (writer.last_error or "")
