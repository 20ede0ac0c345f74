"""Embedding while the model rates: a flush's vectors are made during its rating call."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from cognition.agent import Agent
from cognition.llm.priority import CallPriority, call_priority, with_priority
from cognition.memory import MemoryKind, MemoryStore, MemoryStream, NewMemory
from cognition.memory.embeddings import FloatMatrix
from cognition.memory.fakes import HashingEmbedder
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.testing.town import ISABELLA, START, perception

WAIT_S = 10.0  # how long a test waits for the other thread before failing
TEXTS = ["Isabella is baking bread", "Klaus is reading at the library"]


class WatchedEmbedder(HashingEmbedder):
    """A hashing embedder that says when it was asked, and the priority it was asked at."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = threading.Event()
        self.priorities: list[CallPriority] = []
        self.texts_asked: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        self.priorities.append(call_priority())
        self.texts_asked.append(list(texts))
        self.asked.set()
        return super().embed(texts)


def test_the_texts_are_embedded_while_the_block_runs(store: MemoryStore) -> None:
    embedder = WatchedEmbedder()
    stream = MemoryStream(store, "Klaus Mueller", embedder)

    def meanwhile() -> None:
        with stream.embedding(TEXTS) as vectors:
            # the block does not end until the embedder was asked: it runs alongside
            assert embedder.asked.wait(WAIT_S)
        made = vectors.result()
        assert made is not None and np.array_equal(made, HashingEmbedder().embed(TEXTS))

    with_priority(CallPriority.BACKGROUND, meanwhile)
    assert embedder.priorities == [CallPriority.BACKGROUND]  # the caller's context went along


def test_add_many_stores_the_vectors_made_meanwhile_without_embedding_again(
    tmp_path: Path,
) -> None:
    at = datetime(2023, 2, 13, 9, 0)
    memories = [NewMemory(MemoryKind.OBSERVATION, text, at, 3) for text in TEXTS]
    embedder = WatchedEmbedder()
    with MemoryStore(tmp_path / "a") as store_a, MemoryStore(tmp_path / "b") as store_b:
        ahead = MemoryStream(store_a, "Klaus Mueller", embedder)
        with ahead.embedding(TEXTS) as vectors:
            pass
        ahead.add_many(memories, vectors.result())
        plain = MemoryStream(store_b, "Klaus Mueller", HashingEmbedder())
        plain.add_many(memories)
        assert embedder.texts_asked == [TEXTS]  # once, ahead; add_many used those vectors
        hits = [ahead.retrieve("bread", at, k=2), plain.retrieve("bread", at, k=2)]
        assert [h.record.text for h in hits[0]] == [h.record.text for h in hits[1]]
        assert [h.relevance for h in hits[0]] == pytest.approx([h.relevance for h in hits[1]])


def test_vectors_that_do_not_match_the_memories_are_refused(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Klaus Mueller", HashingEmbedder())
    at = datetime(2023, 2, 13, 9, 0)
    memories = [NewMemory(MemoryKind.OBSERVATION, text, at, 3) for text in TEXTS]
    with pytest.raises(ValueError, match="1 vectors for 2 memories"):
        stream.add_many(memories, HashingEmbedder().embed(TEXTS[:1]))
    assert stream.count() == 0


class RatingAfterEmbedding(OfflineBrain):
    """The offline brain, whose importance ratings wait until the embedder was asked."""

    def __init__(self, embedder: WatchedEmbedder) -> None:
        super().__init__(0)
        self.embedder = embedder
        self.watching = False
        self.overlapped: list[bool] = []

    def complete(self, task, inputs, agent=None):  # type: ignore[no-untyped-def]
        if self.watching and task.name == "rate_importance":
            self.overlapped.append(self.embedder.asked.wait(WAIT_S))
        return super().complete(task, inputs, agent=agent)


def test_a_flush_embeds_while_the_model_rates(store: MemoryStore) -> None:
    embedder = WatchedEmbedder()
    model = RatingAfterEmbedding(embedder)
    agent = Agent(ISABELLA, MemoryStream(store, ISABELLA.name, embedder), model, MindSettings())
    agent.decide(perception(ISABELLA, START))
    assert agent.state.unrated  # the day's plan waits for the next batch's rating
    embedder.asked.clear()
    model.watching = True
    agent.flush()
    assert model.overlapped == [True]  # the one rating call began only once embedding had
    assert agent.state.unrated == []
    assert len(agent.memory.all(MemoryKind.PLAN)) == 1
