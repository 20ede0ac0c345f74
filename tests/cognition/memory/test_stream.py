"""The memory stream: writing, reading, reflection bookkeeping, persistence, copying."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

import cognition.memory as memory
from cognition.memory import (
    LocalMiniLM,
    MemoryKind,
    MemoryStore,
    MemoryStream,
    NewMemory,
    collection_name,
)
from cognition.memory.fakes import HashingEmbedder

DAWN = datetime(2023, 2, 13, 6, 0)


def minutes(n: int) -> datetime:
    return DAWN + timedelta(minutes=n)


def test_add_returns_the_stored_record(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Klaus Mueller", HashingEmbedder())
    record = stream.add(MemoryKind.OBSERVATION, "Klaus is reading", minutes(5), 3)
    assert record.agent == "Klaus Mueller"
    assert (record.kind, record.text, record.importance) == (
        MemoryKind.OBSERVATION,
        "Klaus is reading",
        3,
    )
    assert record.created == record.last_accessed == minutes(5)
    assert (record.evidence, record.depth) == ((), 0)
    assert stream.get([record.id]) == [record]
    assert stream.count() == 1
    with pytest.raises(KeyError, match="nope"):
        stream.get(["nope"])


def test_importance_is_validated(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Klaus Mueller", HashingEmbedder())
    with pytest.raises(ValueError, match="importance"):
        stream.add(MemoryKind.OBSERVATION, "too important", DAWN, 11)
    assert stream.count() == 0


def test_reflection_depth_is_one_more_than_the_deepest_evidence(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Maria Lopez", HashingEmbedder())
    seen = stream.add(MemoryKind.OBSERVATION, "Klaus studies at the library", minutes(0), 2)
    heard = stream.add(MemoryKind.DIALOGUE, "Klaus said he likes gentrification", minutes(1), 4)
    first = stream.add(
        MemoryKind.REFLECTION, "Klaus is dedicated to research", minutes(2), 6, [seen.id, heard.id]
    )
    second = stream.add(
        MemoryKind.REFLECTION, "Klaus and I share interests", minutes(3), 7, [first.id, seen.id]
    )
    bare = stream.add(MemoryKind.REFLECTION, "I should study more", minutes(4), 5)
    explicit = stream.add(MemoryKind.REFLECTION, "given depth", minutes(5), 5, [seen.id], depth=9)
    assert (first.depth, second.depth, bare.depth, explicit.depth) == (1, 2, 1, 9)
    assert second.evidence == (first.id, seen.id)
    with pytest.raises(KeyError):
        stream.add(MemoryKind.REFLECTION, "cites nothing real", minutes(6), 5, ["m999999"])


def test_recent_and_all_order_by_creation_time(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Sam Moore", HashingEmbedder())
    stream.add_many(
        [
            NewMemory(MemoryKind.OBSERVATION, "second", minutes(2), 1),
            NewMemory(MemoryKind.PLAN, "first", minutes(1), 1),
            NewMemory(MemoryKind.OBSERVATION, "third a", minutes(3), 1),
            NewMemory(MemoryKind.OBSERVATION, "third b", minutes(3), 1),
        ]
    )
    assert [r.text for r in stream.recent(3)] == ["third b", "third a", "second"]
    assert [r.text for r in stream.recent(10, kinds={MemoryKind.PLAN})] == ["first"]
    assert [r.text for r in stream.all()] == ["first", "second", "third a", "third b"]
    assert [r.text for r in stream.all(MemoryKind.OBSERVATION)] == ["second", "third a", "third b"]
    assert stream.recent(0) == []


def test_importance_since_last_reflection_is_persisted(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    with MemoryStore(directory) as store:
        stream = MemoryStream(store, "Sam Moore", HashingEmbedder())
        for minute, importance in [(0, 3), (10, 5), (20, 8)]:
            stream.add(MemoryKind.OBSERVATION, f"event {minute}", minutes(minute), importance)
        assert stream.last_reflection is None
        assert stream.importance_since_last_reflection() == 16
        assert stream.importance_since(minutes(5)) == 13
        stream.mark_reflection(minutes(10))
        assert stream.importance_since_last_reflection() == 8
    with MemoryStore(directory) as store:
        stream = MemoryStream(store, "Sam Moore", HashingEmbedder())
        assert stream.last_reflection == minutes(10)
        stream.add(MemoryKind.OBSERVATION, "event 30", minutes(30), 2)
        assert stream.importance_since_last_reflection() == 10


def test_records_and_embeddings_survive_reopening(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    with MemoryStore(directory) as store:
        stream = MemoryStream(store, "Mei Lin", HashingEmbedder())
        first = stream.add(MemoryKind.OBSERVATION, "Mei is teaching the children", minutes(0), 4)
        stream.add_many(
            [
                NewMemory(MemoryKind.PLAN, f"plan step {n}", minutes(n), 1 + n % 10)
                for n in range(30)
            ]
        )
        stream.add(MemoryKind.REFLECTION, "Mei loves teaching", minutes(40), 8, [first.id])
        before = stream.export_records()
    with MemoryStore(directory) as store:
        assert store.agents() == ["Mei Lin"]
        after = MemoryStream(store, "Mei Lin", HashingEmbedder()).export_records()
    assert [item.record for item in after] == [item.record for item in before]
    for old, new in zip(before, after, strict=True):
        np.testing.assert_array_equal(old.embedding, new.embedding)
        assert new.embedding.dtype == np.float32


def test_export_then_import_copies_a_stream_exactly(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "a") as source_store, MemoryStore(tmp_path / "b") as copy_store:
        source = MemoryStream(source_store, "Tom", HashingEmbedder())
        seen = source.add(MemoryKind.OBSERVATION, "the pharmacy is busy", minutes(0), 3)
        source.add(MemoryKind.REFLECTION, "business is good", minutes(9), 6, [seen.id])
        (hit,) = source.retrieve("pharmacy", minutes(30), k=1)
        exported = source.export_records()

        copy = MemoryStream(copy_store, "Tom", HashingEmbedder())
        copy.import_records(exported)
        assert copy.all() == source.all()
        assert copy.get([hit.record.id])[0].last_accessed == minutes(30)
        for old, new in zip(exported, copy.export_records(), strict=True):
            np.testing.assert_array_equal(old.embedding, new.embedding)
        # Imported records keep working as evidence, and new ids do not collide.
        fresh = copy.add(MemoryKind.REFLECTION, "Tom is busy", minutes(40), 5, [seen.id])
        assert fresh.depth == 1 and fresh.id not in {r.record.id for r in exported}
        with pytest.raises(ValueError, match="already used"):
            copy.import_records(exported)
        stranger = MemoryStream(copy_store, "Jane", HashingEmbedder())
        with pytest.raises(ValueError, match="belongs to"):
            stranger.import_records(exported)


def test_a_different_embedder_cannot_reopen_a_stream(store: MemoryStore) -> None:
    MemoryStream(store, "Jane", HashingEmbedder()).add(MemoryKind.OBSERVATION, "x", DAWN, 1)
    with pytest.raises(ValueError, match="embedded with"):
        MemoryStream(store, "Jane", HashingEmbedder(name="another-model"))


def test_streams_of_one_agent_share_records_and_agents_are_separate(store: MemoryStore) -> None:
    first = MemoryStream(store, "Ayesha Khan", HashingEmbedder())
    second = MemoryStream(store, "Ayesha Khan", HashingEmbedder())
    other = MemoryStream(store, "Wolfgang Schulz", HashingEmbedder())
    first.add(MemoryKind.OBSERVATION, "Ayesha writes her thesis", DAWN, 3)
    assert second.count() == 1 and other.count() == 0
    assert store.agents() == ["Ayesha Khan", "Wolfgang Schulz"]
    store.delete_agent("Wolfgang Schulz")
    assert store.agents() == ["Ayesha Khan"]


def test_concurrent_adds_and_retrievals(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Busy Agent", HashingEmbedder())

    def work(worker: int) -> int:
        for n in range(10):
            stream.add(MemoryKind.OBSERVATION, f"worker {worker} saw {n}", minutes(n), 2)
            assert stream.retrieve(f"saw {n}", minutes(n + 1), k=3)
        return worker

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert sorted(pool.map(work, range(4))) == [0, 1, 2, 3]  # re-raises any failure
    assert stream.count() == 40
    assert len({record.id for record in stream.all()}) == 40


@pytest.mark.parametrize(
    "agent", ["Mei Lin", "Visitor: a reporter", "李", "x", "..", "A" * 2000, "Émile Zola-Ñ"]
)
def test_collection_names_follow_chroma_rules(store: MemoryStore, agent: str) -> None:
    name = collection_name(agent)
    assert 3 <= len(name) <= 512
    assert re.fullmatch(r"[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]", name)
    assert ".." not in name
    assert collection_name(agent) == name  # stable
    stream = MemoryStream(store, agent, HashingEmbedder())
    stream.add(MemoryKind.OBSERVATION, "hello", DAWN, 1)
    assert store.agents() == [agent]


def test_collection_names_are_readable_and_distinct() -> None:
    assert collection_name("Mei Lin").startswith("agent-mei-lin-")
    assert collection_name("Visitor: a reporter").startswith("agent-visitor-a-reporter-")
    similar = ["Mei Lin", "mei lin", "Mei-Lin", "Mei  Lin", "A" * 2000, "A" * 2001]
    assert len({collection_name(name) for name in similar}) == len(similar)
    assert collection_name("Mei Lin") == "agent-mei-lin-" + collection_name("Mei Lin")[-10:]
    with pytest.raises(ValueError):
        collection_name("")


def test_closed_store_refuses_work(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "memory")
    store.close()
    store.close()
    assert store.closed
    with pytest.raises(RuntimeError, match="closed"):
        MemoryStream(store, "Late", HashingEmbedder())


def test_package_exports_exist() -> None:
    for name in memory.__all__:
        assert hasattr(memory, name), name
    public = {name for name in vars(memory) if not name.startswith("_")}
    assert set(memory.__all__) <= public


def test_a_stream_with_the_real_model_recalls_the_related_memory(
    store: MemoryStore, minilm: LocalMiniLM, no_network: None
) -> None:
    stream = MemoryStream(store, "Maria Lopez", minilm)
    stream.add_many(
        [
            NewMemory(MemoryKind.OBSERVATION, "The stove in the kitchen is idle", minutes(0), 1),
            NewMemory(
                MemoryKind.OBSERVATION,
                "Isabella is planning a Valentine's Day party",
                minutes(0),
                1,
            ),
            NewMemory(
                MemoryKind.OBSERVATION, "Klaus is reading about gentrification", minutes(0), 1
            ),
        ]
    )
    (hit,) = stream.retrieve("There will be a party at Hobbs Cafe on February 14", minutes(5), k=1)
    assert hit.record.text == "Isabella is planning a Valentine's Day party"
    assert hit.relevance == 1.0


def test_store_copy_is_exact_and_independent(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "live") as live:
        for agent in ("Mei Lin", "Tom Moreno"):
            stream = MemoryStream(live, agent, HashingEmbedder())
            seen = stream.add(MemoryKind.OBSERVATION, f"{agent} opens the shop", minutes(0), 4)
            stream.add(MemoryKind.REFLECTION, f"{agent} works hard", minutes(5), 6, [seen.id])
            stream.retrieve("shop", minutes(20), k=1)  # access time still pending in memory
            stream.mark_reflection(minutes(5))
        before = {
            a: MemoryStream(live, a, HashingEmbedder()).export_records() for a in live.agents()
        }
        live.copy_to(tmp_path / "slot")
        with pytest.raises(FileExistsError):
            live.copy_to(tmp_path / "slot")
        MemoryStream(live, "Mei Lin", HashingEmbedder()).add(
            MemoryKind.PLAN, "later", minutes(9), 1
        )

    with MemoryStore(tmp_path / "slot") as copy:
        assert copy.agents() == ["Mei Lin", "Tom Moreno"]
        for agent, exported in before.items():
            stream = MemoryStream(copy, agent, HashingEmbedder())
            assert stream.last_reflection == minutes(5)
            after = stream.export_records()
            assert [item.record for item in after] == [item.record for item in exported]
            for old, new in zip(exported, after, strict=True):
                np.testing.assert_array_equal(old.embedding, new.embedding)
        with pytest.raises(ValueError, match="embedded with"):
            MemoryStream(copy, "Mei Lin", HashingEmbedder(name="other"))
