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
from cognition.memory.embedding_cache import CachedEmbedder
from cognition.memory.embeddings import FloatMatrix
from cognition.memory.fakes import HashingEmbedder
from cognition.memory.texts import transcript_text
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.testing.town import ISABELLA, MARIA, START, perception

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


def test_a_talk_s_transcripts_are_embedded_during_its_summary_not_after(
    store: MemoryStore,
) -> None:
    inner = WatchedEmbedder()
    embedder = CachedEmbedder(inner)  # as the town's: the same text is embedded once
    # a line a call: the summary is asked on its own (else the last turn's call sums up)
    settings = MindSettings(talk_lines_per_call=1)
    isabella, maria = (
        Agent(who, MemoryStream(store, who.name, embedder), OfflineBrain(0), settings)
        for who in (ISABELLA, MARIA)
    )
    talk = isabella.talker.converse_with(maria.talker, START)
    said = [(line.speaker, line.text) for line in talk.lines]
    transcripts = {transcript_text((MARIA.name,), said), transcript_text((ISABELLA.name,), said)}
    asked = [set(texts) for texts in inner.texts_asked]
    with_transcripts = [texts for texts in asked if texts & transcripts]
    # each transcript embedded once, in a pass of its own (during the summary call): the
    # keeping, which embeds the transcript with the summary, found it embedded already
    assert set().union(*with_transcripts) == transcripts
    assert all(talk.summary not in texts for texts in with_transcripts)
    assert any(talk.summary in texts for texts in asked)
    kept = {r.text for r in isabella.memory.all(MemoryKind.DIALOGUE)}
    assert transcript_text((MARIA.name,), said) in kept and talk.summary in kept


def test_a_talk_summed_up_by_its_last_turn_embeds_each_transcript_once(
    store: MemoryStore,
) -> None:
    inner = WatchedEmbedder()
    embedder = CachedEmbedder(inner)
    isabella, maria = (
        Agent(who, MemoryStream(store, who.name, embedder), OfflineBrain(0), MindSettings())
        for who in (ISABELLA, MARIA)
    )
    talk = isabella.talker.converse_with(maria.talker, START)
    said = [(line.speaker, line.text) for line in talk.lines]
    transcripts = {transcript_text((MARIA.name,), said), transcript_text((ISABELLA.name,), said)}
    asked = [text for texts in inner.texts_asked for text in texts]
    assert all(asked.count(text) == 1 for text in transcripts)
    kept = {r.text for r in isabella.memory.all(MemoryKind.DIALOGUE)}
    assert transcript_text((MARIA.name,), said) in kept and talk.summary in kept
