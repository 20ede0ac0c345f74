"""Memory writes, observable: listeners get exactly the records `add` / `add_many` store —
from the real stream and from the in-memory fake alike."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from cognition.agent import Agent
from cognition.contract import GoTo
from cognition.memory import MemoryKind, MemoryRecord, MemoryStore, MemoryStream, NewMemory
from cognition.memory.fakes import HashingEmbedder
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.town import ISABELLA, START, perception

DAWN = datetime(2023, 2, 13, 6, 0)
Stream = MemoryStream | FakeMemoryStream


class Heard:
    """A listener keeping every batch it is told of (thread-safe)."""

    def __init__(self) -> None:
        self.batches: list[tuple[MemoryRecord, ...]] = []
        self._lock = threading.Lock()

    def __call__(self, records: Sequence[MemoryRecord]) -> None:
        with self._lock:
            self.batches.append(tuple(records))

    @property
    def records(self) -> list[MemoryRecord]:
        return [record for batch in self.batches for record in batch]


@pytest.fixture(params=["stream", "fake"])
def make_stream(
    request: pytest.FixtureRequest, store: MemoryStore
) -> Callable[[str], MemoryStreamLike]:
    def make(agent: str) -> MemoryStreamLike:
        if request.param == "stream":
            return MemoryStream(store, agent, HashingEmbedder())
        return FakeMemoryStream(agent)

    return make


def test_add_and_add_many_announce_exactly_what_they_store(
    make_stream: Callable[[str], MemoryStreamLike],
) -> None:
    stream = make_stream("Klaus Mueller")
    heard = Heard()
    stream.add_listener(heard)

    seen = stream.add(MemoryKind.OBSERVATION, "Klaus is reading", DAWN, 3)
    batch = stream.add_many(
        [
            NewMemory(MemoryKind.OBSERVATION, "the library is quiet", DAWN, 2),
            NewMemory(MemoryKind.DIALOGUE, "Maria said hello", DAWN + timedelta(minutes=1), 4),
        ]
    )
    stream.add_many([])  # stores nothing, tells nothing

    assert heard.batches == [(seen,), tuple(batch)]
    assert heard.records == stream.all()
    told = heard.batches[1][1]
    assert (told.agent, told.kind, told.text, told.created, told.importance) == (
        "Klaus Mueller",
        MemoryKind.DIALOGUE,
        "Maria said hello",
        DAWN + timedelta(minutes=1),
        4,
    )


def test_a_reflection_is_announced_with_its_evidence_and_depth(
    make_stream: Callable[[str], MemoryStreamLike],
) -> None:
    stream = make_stream("Maria Lopez")
    seen = stream.add(MemoryKind.OBSERVATION, "Klaus studies at the library", DAWN, 2)
    heard = Heard()
    stream.add_listener(heard)
    first = stream.add(MemoryKind.REFLECTION, "Klaus is dedicated", DAWN, 6, [seen.id])
    deeper = stream.add_many(
        [NewMemory(MemoryKind.REFLECTION, "Klaus loves research", DAWN, 7, (first.id, seen.id))]
    )[0]

    assert heard.records == [first, deeper]
    assert (heard.records[0].evidence, heard.records[0].depth) == ((seen.id,), 1)
    assert (heard.records[1].evidence, heard.records[1].depth) == ((first.id, seen.id), 2)


def test_a_failed_write_announces_nothing(make_stream: Callable[[str], MemoryStreamLike]) -> None:
    stream = make_stream("Maria Lopez")
    heard = Heard()
    stream.add_listener(heard)
    with pytest.raises(KeyError):
        stream.add(MemoryKind.REFLECTION, "about nothing", DAWN, 5, ["no-such-id"])
    assert heard.batches == [] and stream.count() == 0


def test_a_listener_that_raises_loses_no_write(
    make_stream: Callable[[str], MemoryStreamLike], caplog: pytest.LogCaptureFixture
) -> None:
    stream = make_stream("Klaus Mueller")
    heard = Heard()

    def broken(records: Sequence[MemoryRecord]) -> None:
        raise RuntimeError("the recorder is gone")

    stream.add_listener(broken)
    stream.add_listener(heard)
    with caplog.at_level(logging.ERROR):
        record = stream.add(MemoryKind.OBSERVATION, "Klaus is reading", DAWN, 3)
    assert stream.get([record.id]) == [record] and heard.records == [record]
    assert any("the recorder is gone" in (r.exc_text or "") for r in caplog.records)


def test_a_removed_listener_hears_nothing_more(
    make_stream: Callable[[str], MemoryStreamLike],
) -> None:
    stream = make_stream("Klaus Mueller")
    heard = Heard()
    stream.add_listener(heard)
    stream.add_listener(heard)  # once is enough
    stream.add(MemoryKind.OBSERVATION, "one", DAWN, 3)
    stream.remove_listener(heard)
    stream.remove_listener(heard)  # harmless
    stream.add(MemoryKind.OBSERVATION, "two", DAWN, 3)
    assert [record.text for record in heard.records] == ["one"]


def test_listeners_hear_writes_from_many_threads(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Isabella Rodriguez", HashingEmbedder())
    heard, threads = Heard(), set()
    lock = threading.Lock()

    def note_thread(records: Sequence[MemoryRecord]) -> None:
        with lock:
            threads.add(threading.get_ident())

    stream.add_listener(heard)
    stream.add_listener(note_thread)
    start = threading.Barrier(4)

    def write(worker: int) -> None:
        start.wait()
        for n in range(10):
            text = f"worker {worker} saw thing {n}"
            stream.add_many([NewMemory(MemoryKind.OBSERVATION, text, DAWN, 1 + n % 9)])

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(write, range(4)))

    assert len(heard.records) == 40 == stream.count() and len(threads) > 1
    assert sorted(r.id for r in heard.records) == sorted(r.id for r in stream.all())


def test_imported_records_are_not_announced(store: MemoryStore, tmp_path: Path) -> None:
    source = MemoryStream(store, "Klaus Mueller", HashingEmbedder())
    source.add(MemoryKind.OBSERVATION, "Klaus is reading", DAWN, 3)
    other = MemoryStore(tmp_path / "copy")
    try:
        copy = MemoryStream(other, "Klaus Mueller", source.embedder)
        heard = Heard()
        copy.add_listener(heard)
        copy.import_records(source.export_records())  # a save loaded, not new memories
        assert copy.count() == 1 and heard.batches == []
    finally:
        other.close()


def test_an_agents_day_announces_every_memory_it_writes() -> None:
    memory = FakeMemoryStream(ISABELLA.name)
    heard = Heard()
    memory.add_listener(heard)
    agent = Agent(ISABELLA, memory, OfflineBrain(0), MindSettings())
    now, here = START, None
    for _ in range(30):
        action = agent.decide(perception(ISABELLA, now, here)).actions[0]
        if isinstance(action, GoTo):
            here = action.address
        now += timedelta(minutes=10)
    agent.flush()
    # (retrieval moves the stored records' last access on; the ids and texts stay)
    written = [(r.id, r.kind, r.text) for r in memory.all()]
    assert [(r.id, r.kind, r.text) for r in heard.records] == written
    assert {MemoryKind.OBSERVATION, MemoryKind.PLAN} <= {kind for _, kind, _ in written}
    assert len(heard.batches) == memory.writes
