"""A local store whose Chroma runs in a child process (`in_child`): what it writes reads back
exactly, in process or in another child; a fresh store opens without waiting for the child;
a failed write and a dead child are typed errors, never a hang, and a dead child is told
without a call; Ctrl-C is the parent's; the child does not import the parent's script."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from multiprocessing import connection
from pathlib import Path

import numpy as np
import pytest

from cognition.memory import MemoryKind, MemoryStore, MemoryStream
from cognition.memory.chroma_child import ChromaChild, ChromaChildError
from cognition.memory.fakes import HashingEmbedder

DAWN = datetime(2023, 2, 13, 6, 0)
AGENT = "Isabella Rodriguez"
SIGHTINGS = ["Klaus is reading", "Maria is painting", "The stove is idle", "Open the cafe"]


def minutes(n: int) -> datetime:
    return DAWN + timedelta(minutes=n)


def child_of(store: MemoryStore) -> ChromaChild:
    client = store._client
    assert isinstance(client, ChromaChild)
    return client


def test_a_store_in_a_child_reads_back_as_written_in_process_and_in_a_child(
    tmp_path: Path,
) -> None:
    with MemoryStore(tmp_path / "memory", write_behind=3, in_child=True) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        for n, text in enumerate(SIGHTINGS):
            stream.add(MemoryKind.OBSERVATION, text, minutes(n), n + 2)
        stream.retrieve("Klaus reading", minutes(30), k=2)  # access times, written at close
        stream.mark_reflection(minutes(31))  # a setting
        expected = stream.export_records()
        assert child_of(store).round_trips == 0  # a fresh store: nothing waited for yet
    for in_child in (False, True):
        with MemoryStore(tmp_path / "memory", in_child=in_child) as reopened:
            again = MemoryStream(reopened, AGENT, HashingEmbedder())
            records = again.export_records()
            assert [item.record for item in records] == [item.record for item in expected]
            assert all(
                np.array_equal(a.embedding, b.embedding)
                for a, b in zip(records, expected, strict=True)
            )
            assert again.last_reflection == minutes(31)
            assert reopened.agents() == [AGENT]


def test_a_failed_write_is_raised_by_the_next_call_that_waits_and_ctrl_c_is_left_to_us(
    tmp_path: Path,
) -> None:
    child = ChromaChild(tmp_path / "memory")
    try:
        collection = child.get_or_create_collection("agent-a", metadata={"agent": "A"})
        collection.upsert(ids=["m1", "m2"], embeddings=np.zeros((1, 4), np.float32))  # sent
        with pytest.raises(ChromaChildError, match="upsert in agent-a"):
            child.sync()
        child.sync()  # said once: the child goes on
        assert child.pid is not None
        os.kill(child.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the whole group
        collection.upsert(ids=["m1"], embeddings=np.ones((1, 4), np.float32), documents=["x"])
        assert collection.count() == 1
        assert collection.get(ids=["m1"])["documents"] == ["x"]
    finally:
        child.close()


def test_a_dead_child_is_an_error_not_a_hang(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "memory", write_behind=1, in_child=True)
    stream = MemoryStream(store, AGENT, HashingEmbedder())
    stream.add(MemoryKind.OBSERVATION, SIGHTINGS[0], minutes(1), 3)
    child = child_of(store)
    child.sync()
    assert child.pid is not None
    os.kill(child.pid, signal.SIGKILL)
    with pytest.raises(ChromaChildError, match="process ended"):
        child.sync()
    with pytest.raises(ChromaChildError, match="process ended"):
        store.close()  # the records not yet written are lost: said, not hidden
    assert store.closed
    store.close()  # a second close does nothing


def test_in_child_is_refused_for_a_server_store() -> None:
    from cognition.memory import MemoryServer, parse_chroma_url

    server = MemoryServer(parse_chroma_url("http://127.0.0.1:9"), database="d")
    with pytest.raises(ValueError, match="local store"):
        MemoryStore(server=server, in_child=True)


def test_a_dead_child_is_told_without_a_call_and_a_closed_store_tells_nothing(
    tmp_path: Path,
) -> None:
    store = MemoryStore(tmp_path / "memory", write_behind=4, in_child=True)
    child = child_of(store)
    child.sync()
    assert store.process_ended() is None and child.pid is not None
    asked = child.round_trips
    os.kill(child.pid, signal.SIGKILL)
    connection.wait([child._process.sentinel])
    assert store.process_ended() == "the memory database's process ended (killed by signal 9)"
    assert child.round_trips == asked  # its sentinel polled, nothing sent
    with pytest.raises(ChromaChildError, match="killed by signal 9"):
        child.sync()  # every call says the same from then on
    with pytest.raises(ChromaChildError):
        store.close()
    assert store.process_ended() is None
    assert MemoryStore(tmp_path / "in process").process_ended() is None  # no child, no loss


SCRIPT = """
import sys
from pathlib import Path

if __name__ == "__mp_main__":  # the spawned child importing this script
    Path(sys.argv[1]).write_text("imported by the child")
if __name__ == "__main__":
    from cognition.memory.chroma_child import ChromaChild

    child = ChromaChild(sys.argv[2])
    child.list_collections()  # the child has started and answers
    child.close()
    print("closed", sys.modules["__main__"].__file__ == __file__)
"""


def test_the_child_does_not_import_the_parents_main_module(tmp_path: Path) -> None:
    script, marker = tmp_path / "script.py", tmp_path / "imported"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(marker), str(tmp_path / "memory")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[3],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "closed True"  # the parent's main module as it was
    assert not marker.exists()


def test_a_folder_whose_database_does_not_open_fails_each_call_with_why_and_no_traceback(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "memory"
    folder.mkdir()
    (folder / "chroma.sqlite3").write_text("not a database")  # damaged, as by a crash
    store = MemoryStore(folder, in_child=True)
    for _ in range(2):  # every call is told, not only the first
        with pytest.raises(ChromaChildError, match=r"opening the memory database.*not a database"):
            store.agents()
    with pytest.raises(ChromaChildError, match="not a database"):
        store.close()
    child = child_of(store)
    assert child._process.exitcode == 0  # it ended when told, not by a crash
    assert "Traceback" not in capfd.readouterr().err
