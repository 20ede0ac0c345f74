"""Exporting every table to JSON Lines or CSV: as many rows as the record, values readable
back (types kept in JSON Lines, JSON text left as text in CSV)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from town_records import one_of_each, synthetic_record, write_all

from game.records import RunRecord, export_record

TABLES = [
    "meta", "runs", "people", "positions", "conversations", "lines", "memories", "plans", "objects",
    "player_actions", "traces",
]  # fmt: skip


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def record_path(tmp_path: Path) -> Path:
    synthetic_record(tmp_path / "town.sqlite", residents=2, days=1)
    writer = write_all(tmp_path / "town.sqlite", one_of_each(' ünï\n"quoted", '), run_id="run-2")
    writer.close()
    return tmp_path / "town.sqlite"


def test_jsonl_keeps_every_row_with_its_types(record_path: Path, tmp_path: Path) -> None:
    with RunRecord.open(record_path) as record:
        paths = export_record(record, tmp_path / "out", "jsonl")
        assert [p.name for p in paths] == [f"{name}.jsonl" for name in TABLES]
        counts = record.counts()
        for path in paths:
            table = path.stem
            lines = path.read_text(encoding="utf-8").splitlines()
            stored = list(record.rows(table))
            assert len(lines) == len(stored) == counts.get(table, len(stored))
            assert [set(json.loads(line)) for line in lines[:1]] == [set(stored[0])]
        positions = read_jsonl(tmp_path / "out" / "positions.jsonl")
        assert len(positions) > 100 and {type(p["walking"]) for p in positions} == {bool}
        (trace,) = read_jsonl(tmp_path / "out" / "traces.jsonl")
        assert trace["messages"][0]["role"] == "user" and trace["latency_ms"] == 812.5
        assert trace["parsed"]["steps"] == ['wake  ünï\n"quoted", ']
        conversations = read_jsonl(tmp_path / "out" / "conversations.jsonl")
        assert all(isinstance(talk["participants"], list) for talk in conversations)


def test_csv_keeps_every_row_as_stored(record_path: Path, tmp_path: Path) -> None:
    with RunRecord.open(record_path) as record:
        paths = export_record(record, tmp_path / "out", "csv")
        for path in paths:
            with path.open(encoding="utf-8", newline="") as stream:
                read = list(csv.DictReader(stream))
            stored = list(record.rows(path.stem))
            assert len(read) == len(stored), path.name
            for back, row in zip(read, stored, strict=True):
                assert back == {k: "" if v is None else str(v) for k, v in row.items()}
        with (tmp_path / "out" / "plans.csv").open(encoding="utf-8", newline="") as stream:
            plans = list(csv.DictReader(stream))
        assert all(isinstance(json.loads(plan["plan"]), dict) for plan in plans)  # JSON text
        with (tmp_path / "out" / "meta.csv").open(encoding="utf-8", newline="") as stream:
            meta = {row["key"]: row["value"] for row in csv.DictReader(stream)}
        assert meta["run_id"] == "run-2" and meta["continues"] == "run-1"
        assert meta["seed"] == "7" and meta["schema_version"] == "2"


def test_an_unknown_format_or_table_is_refused(record_path: Path, tmp_path: Path) -> None:
    with RunRecord.open(record_path) as record:
        with pytest.raises(ValueError, match="'jsonl' or 'csv'"):
            export_record(record, tmp_path / "out", "xlsx")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no table 'secrets'"):
            record.rows("secrets")
