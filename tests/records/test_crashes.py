"""A writer killed mid-run leaves a record that opens and reads up to its last commit.

The kill is real: a child process writes rows, flushes some, queues more, and is SIGKILLed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from town_records import at, meta, position

from game.records import RecordWriter, RunRecord

PROJECT = Path(__file__).resolve().parents[2]

WRITE_THEN_HANG = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from town_records import at, position, meta
from game.records import RecordWriter

writer = RecordWriter(Path(sys.argv[1]), meta(), flush_every_s=3600)
for minute in range(60):
    writer.write(position(at(8, minute), "Isabella Rodriguez", minute, 0))
writer.flush()                                 # these 60 are committed
for minute in range(30):                       # these wait for a commit that never comes
    writer.write(position(at(9, minute), "Isabella Rodriguez", 100 + minute, 0))
print(writer.rows_written, flush=True)
time.sleep(600)
"""

needs_sigkill = pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")


@needs_sigkill
def test_a_killed_writer_leaves_a_record_readable_up_to_the_cut(tmp_path: Path) -> None:
    path = tmp_path / "records" / "run.sqlite"
    child = subprocess.Popen(
        [sys.executable, "-c", WRITE_THEN_HANG, str(path), str(Path(__file__).parent)],
        cwd=PROJECT,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        committed = child.stdout.readline().strip()  # blocks until the child has flushed
    finally:
        child.kill()
        _, errors = child.communicate(timeout=30)
    assert committed == "60", errors
    assert child.returncode == -9
    assert Path(f"{path}-wal").stat().st_size > 0  # never checkpointed

    with RunRecord.open(path) as record:
        assert record.counts()["positions"] == 60
        assert record.span() == (at(8), at(8, 59))
        assert record.positions_at(at(9, 30))["Isabella Rodriguez"].x == 59
        assert record.meta == meta()

    # the next run carries the killed one's history on
    writer = RecordWriter(path, meta(run_id="run-2"))
    writer.write(position(at(10), "Isabella Rodriguez", 7, 7, keyframe=True))
    writer.close()
    assert writer.errors == 0
    with RunRecord.open(path) as record:
        assert record.counts()["positions"] == 61
        assert record.meta.continues == "run-1"
