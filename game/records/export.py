"""Exporting a run record as files: one `<table>.jsonl` or `<table>.csv` per table, meta
and runs included, streamed row by row (no table is held in memory).

JSON Lines keep types: integers, numbers, booleans as `true`/`false`, JSON text columns
(`plan`, `detail`, `messages`, `parsed`, `participants`, `evidence`) as nested JSON (text
that is not valid JSON stays a string); times stay ISO text. CSV has a header row and the
values as stored: booleans 0/1, JSON text columns as text, empty cells for nulls.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Literal

from game.records.reader import RunRecord
from game.records.schema import TABLES, Table

__all__ = ["export_record"]


def export_record(record: RunRecord, folder: Path, fmt: Literal["jsonl", "csv"]) -> list[Path]:
    """Write every table of `record` to `folder/<table>.<fmt>`; the paths written, in the
    order of `record.tables()`."""
    if fmt not in ("jsonl", "csv"):
        raise ValueError(f"export format must be 'jsonl' or 'csv', not {fmt!r}")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in record.tables():
        path = folder / f"{name}.{fmt}"
        if fmt == "jsonl":
            _write_jsonl(record, TABLES[name], path)
        else:
            _write_csv(record, TABLES[name], path)
        written.append(path)
    return written


def _write_jsonl(record: RunRecord, table: Table, path: Path) -> None:
    kinds = {column.name: column.kind for column in table.columns}
    with path.open("w", encoding="utf-8", newline="\n") as stream:
        for row in record.rows(table.name):
            typed = {name: _typed(value, kinds[name]) for name, value in row.items()}
            stream.write(json.dumps(typed, ensure_ascii=False) + "\n")


def _typed(value: object, kind: str) -> object:
    if value is None:
        return None
    if kind == "bool":
        return bool(value)
    if kind in ("json", "names") and isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _write_csv(record: RunRecord, table: Table, path: Path) -> None:
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(table.names)
        for row in record.rows(table.name):
            writer.writerow(["" if value is None else value for value in row.values()])
