"""Digests of run records, to check that lockstep runs of one seed are the same run.

    uv run python benchmarks/record_digest.py RECORD [RECORD …]

A RECORD is a run record (`smallville simulate --record DIR` writes one `.sqlite` file into
DIR; a directory stands for the record in it). For each it prints one JSON line: a digest
of each table the town's behaviour fills — positions, conversations, lines, memories, plans,
objects and model calls (traces) — and of all of them. Rows are compared in a fixed order,
without what differs between identical runs by nature (a memory's id, a call's wall time
and latency). With several records, a line for each record that differs from the first names
the first differing row of each table that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

TABLES = ("positions", "conversations", "lines", "memories", "plans", "objects", "traces")
LEFT_OUT = {"memories": {"id"}, "traces": {"wall_time", "latency_ms"}}


def record_file(path: Path) -> Path:
    """The record `path` names (a directory: the one `.sqlite` file in it)."""
    if path.is_dir():
        found = sorted(path.glob("*.sqlite"))
        if len(found) != 1:
            raise SystemExit(f"{path}: expected one .sqlite record, found {len(found)}")
        return found[0]
    return path


def rows(record: Path, table: str) -> list[tuple[Any, ...]]:
    """The table's rows, without the columns left out, sorted by every column kept."""
    with sqlite3.connect(f"file:{record}?mode=ro", uri=True) as db:
        info = db.execute(f"pragma table_info({table})").fetchall()
        columns = ", ".join(c[1] for c in info if c[1] not in LEFT_OUT.get(table, set()))
        return db.execute(f"select {columns} from {table} order by {columns}").fetchall()


def digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def first_difference(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> dict[str, Any]:
    index = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    index = min(len(a), len(b)) if index is None else index
    return {"row": index, "first": shown(a, index), "this": shown(b, index)}


def shown(side: list[tuple[Any, ...]], index: int) -> str | None:
    return repr(side[index])[:300] if index < len(side) else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", type=Path)
    args = parser.parse_args()
    records = [record_file(path) for path in args.records]
    tables = {record: {table: rows(record, table) for table in TABLES} for record in records}
    first = records[0]
    for record in records:
        digests = {table: digest(tables[record][table]) for table in TABLES}
        counts = {table: len(tables[record][table]) for table in TABLES}
        line = {"record": str(record), "digest": digest(digests), "tables": digests}
        print(json.dumps({**line, "rows": counts}))
        differing = [t for t in TABLES if tables[record][t] != tables[first][t]]
        if differing:
            where = {t: first_difference(tables[first][t], tables[record][t]) for t in differing}
            print(json.dumps({"record": str(record), "differs_from": str(first), "at": where}))


if __name__ == "__main__":
    main()
