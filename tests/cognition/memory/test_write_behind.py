"""A local store with `write_behind`: new records reach Chroma N at a time, and on flush and
close; the mirror (retrieval, copies) has them at once; nothing is lost on a clean close."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from cognition.memory import MemoryKind, MemoryServer, MemoryStore, MemoryStream, parse_chroma_url
from cognition.memory.fakes import HashingEmbedder

DAWN = datetime(2023, 2, 13, 6, 0)
AGENT = "Isabella Rodriguez"


def minutes(n: int) -> datetime:
    return DAWN + timedelta(minutes=n)


def chroma_count(store: MemoryStore) -> int:
    """What Chroma itself holds for the agent (not the mirror)."""
    return int(store.collection(AGENT)._collection.count())


def test_records_wait_in_the_mirror_and_reach_chroma_n_at_a_time(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "memory", write_behind=3) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        stream.add(MemoryKind.OBSERVATION, "Klaus is reading", minutes(1), 3)
        stream.add(MemoryKind.OBSERVATION, "Maria is painting", minutes(2), 4)
        assert (stream.count(), chroma_count(store)) == (2, 0)
        hits = stream.retrieve("Klaus reading", minutes(3), k=2)  # retrieval sees both
        assert {hit.record.text for hit in hits} == {"Klaus is reading", "Maria is painting"}
        stream.add(MemoryKind.OBSERVATION, "The stove is idle", minutes(4), 2)
        assert (chroma_count(store), store.collection(AGENT).unwritten_count) == (3, 0)
        stream.add(MemoryKind.PLAN, "Open the cafe at 8", minutes(5), 5)
        assert chroma_count(store) == 3
        store.flush()
        assert chroma_count(store) == 4


def test_a_clean_close_writes_every_record_and_access_time(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "memory", write_behind=100) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        for n, text in enumerate(["Klaus is reading", "Maria is painting", "The stove is idle"]):
            stream.add(MemoryKind.OBSERVATION, text, minutes(n), n + 2)
        stream.retrieve("Klaus reading", minutes(30), k=2)  # touches records not yet in Chroma
        expected = stream.export_records()
        assert chroma_count(store) == 0
    with MemoryStore(tmp_path / "memory") as reopened:
        records = MemoryStream(reopened, AGENT, HashingEmbedder()).export_records()
    assert [item.record for item in records] == [item.record for item in expected]
    assert sum(item.record.last_accessed == minutes(30) for item in records) == 2


def test_a_touch_of_a_record_not_yet_written_rides_along_with_its_write(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "memory", write_behind=3) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        stream.add(MemoryKind.OBSERVATION, "Klaus is reading", minutes(1), 3)
        stream.add(MemoryKind.OBSERVATION, "Maria is painting", minutes(2), 4)
        stream.retrieve("Klaus reading", minutes(30), k=2)
        collection = store.collection(AGENT)
        assert collection.pending_access_count == 0  # no Chroma update: they wait anyway
        stream.add(MemoryKind.OBSERVATION, "The stove is idle", minutes(31), 2)  # the write
        stored = collection._collection.get(include=["metadatas"])
        accessed = {m["last_accessed"] for m in stored["metadatas"] if m["sequence"] < 2}
        assert accessed == {minutes(30).isoformat()}
        stream.retrieve("Klaus reading", minutes(40), k=1)  # written now: an update again
        assert collection.pending_access_count == 1


def test_a_copy_has_the_records_not_yet_written(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "live", write_behind=100) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        stream.add(MemoryKind.OBSERVATION, "Klaus is reading", minutes(1), 3)
        store.copy_to(tmp_path / "slot")
    with MemoryStore(tmp_path / "slot") as copy:
        assert [r.text for r in MemoryStream(copy, AGENT, HashingEmbedder()).all()] == [
            "Klaus is reading"
        ]


def test_write_behind_is_refused_for_a_server_store() -> None:
    server = MemoryServer(parse_chroma_url("http://127.0.0.1:9", setting="--chroma-url"), "town")
    with pytest.raises(ValueError, match="local store"):
        MemoryStore(server=server, write_behind=8)


def chroma_setting(store: MemoryStore, key: str) -> object:
    """A setting as Chroma itself holds it (not the collection's copy)."""
    collection = store.collection(AGENT)._collection
    return (store._client.get_collection(collection.name).metadata or {}).get(key)


def test_a_setting_waits_for_the_next_write_and_is_read_back_at_once(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "memory", write_behind=2) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        stream.add(MemoryKind.OBSERVATION, "Klaus is reading", minutes(1), 3)
        stream.mark_reflection(minutes(2))
        assert stream.last_reflection == minutes(2)  # read back before Chroma has it
        assert store.collection(AGENT).metadata_unwritten
        assert chroma_setting(store, "last_reflection") is None
        stream.add(MemoryKind.OBSERVATION, "Maria is painting", minutes(3), 4)  # the 2nd: a write
        assert not store.collection(AGENT).metadata_unwritten
        assert chroma_setting(store, "last_reflection") == minutes(2).isoformat()


def test_a_clean_close_writes_a_changed_setting(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "memory", write_behind=100) as store:
        stream = MemoryStream(store, AGENT, HashingEmbedder())
        stream.add(MemoryKind.OBSERVATION, "Klaus is reading", minutes(1), 3)
        stream.mark_reflection(minutes(5))
    with MemoryStore(tmp_path / "memory") as reopened:
        stream = MemoryStream(reopened, AGENT, HashingEmbedder())
        assert stream.last_reflection == minutes(5)
