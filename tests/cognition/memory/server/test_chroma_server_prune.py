"""Server state that can be found and cleaned: a run on a real Chroma server (`chroma run`,
see conftest.py) names its database in its record and report; `smallville runs --prune`
removes old records with their databases (a dry run removes nothing), keeps a record whose
database could not be dropped, and leaves a database a kept record names."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # chroma_process, next to this file

from chroma_process import ChromaProcess, free_port
from test_chroma_server_evaluate import databases

from game.bridge import SimulationOptions, drop_town_database, simulate
from game.cli import main
from game.records import RunRecord

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py


def run_on(server: ChromaProcess, records: Path, memory: Path) -> dict[str, Any]:
    options = SimulationOptions(
        town="the_ville_n3",
        hours=0.25,
        embedder="hashing",
        workers=2,
        data_dir=memory,
        chroma_url=server.url,
        record_dir=records,
    )
    report, _ = simulate(options)
    return report


def named_database(record: Path) -> dict[str, str]:
    with RunRecord.open(record) as opened:
        assert opened.meta.memory_server is not None
        where: dict[str, str] = json.loads(opened.meta.memory_server)
    return where


def test_prune_removes_old_records_and_their_server_databases(
    chroma_server: ChromaProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    reports = [run_on(chroma_server, records, tmp_path / f"memory-{n}") for n in range(3)]
    paths = [Path(report["record"]) for report in reports]
    named = [named_database(path) for path in paths]
    assert [where["url"] for where in named] == [chroma_server.url] * 3
    for report, where in zip(reports, named, strict=True):  # the report names it too
        assert report["memory_server"]["database"] == where["database"]
        assert report["memory_server"]["tenant"] == where["tenant"] == "smallville"
    assert {where["database"] for where in named} <= databases(chroma_server)
    oldest = named[0]
    capsys.readouterr()
    assert main(["runs", "--folder", str(records)]) == 0  # the listing names each database
    listed = capsys.readouterr().out
    assert all(f"memories in database {w['database']} at {w['url']}" in listed for w in named)

    prune = ["runs", "--prune", "--keep-last", "1", "--folder", str(records)]
    assert main([*prune, "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert "2 of 3 run records to remove" in said and "would drop" in said
    assert all(path.exists() for path in paths)
    assert {where["database"] for where in named} <= databases(chroma_server)

    # the oldest run's database dropped by hand already: pruning its record is no problem
    assert drop_town_database(oldest) and not drop_town_database(oldest)
    assert main(prune) == 0
    said = capsys.readouterr().out
    assert [path.exists() for path in paths] == [False, False, True]
    left = databases(chroma_server)
    assert named[2]["database"] in left
    assert oldest["database"] not in left and named[1]["database"] not in left
    assert f"dropped its memory database {named[1]['database']}" in said
    assert main(prune) == 0  # nothing more to do
    assert "0 of 1 run records to remove" in capsys.readouterr().out


def test_a_database_that_cannot_be_dropped_keeps_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    for _ in range(2):
        simulate(
            SimulationOptions(
                town="the_ville_n3", hours=0.1, embedder="hashing", record_dir=records
            )
        )
    older, newer = sorted(records.glob("*.sqlite"), key=lambda p: RunRecord.open(p).meta.started)
    gone = {"url": f"http://127.0.0.1:{free_port()}", "tenant": "smallville", "database": "x1"}
    with sqlite3.connect(older) as connection:  # as if its run had been on a server, now off
        connection.execute(
            "UPDATE meta SET value = ? WHERE key = 'memory_server'", (json.dumps(gone),)
        )
    assert main(["runs", "--prune", "--keep-last", "1", "--folder", str(records)]) == 1
    said = capsys.readouterr().out
    assert older.exists() and newer.exists()
    assert f"kept {older}: its memory database was not dropped: x1" in said


def test_prune_without_a_policy_says_how(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["runs", "--prune", "--folder", str(tmp_path)]) == 2
    assert "--keep-last N and/or --keep-days D" in capsys.readouterr().err
    assert main(["runs", "--prune", "--keep-last", "-1", "--folder", str(tmp_path)]) == 2
    assert "N must be 0 or more" in capsys.readouterr().err
