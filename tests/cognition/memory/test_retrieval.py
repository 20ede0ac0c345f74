"""Retrieval scores checked by hand, last-access updates, and the scoring helpers."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from cognition.memory import MemoryKind, MemoryStore, MemoryStream, RetrievalWeights
from cognition.memory.fakes import TableEmbedder
from cognition.memory.scoring import min_max_normalise, top_k_indices

MORNING = datetime(2023, 2, 13, 8, 0)
NOON = datetime(2023, 2, 13, 12, 0)

# Query "q" points along x; the records' unit vectors give cosines 1, 0, 0.6 and 0.
VECTORS = {
    "q": [1.0, 0.0, 0.0],
    "A": [1.0, 0.0, 0.0],
    "B": [0.0, 1.0, 0.0],
    "C": [0.6, 0.8, 0.0],
    "D": [0.0, 0.0, 1.0],
}


def small_stream(store: MemoryStore, weights: RetrievalWeights | None = None) -> MemoryStream:
    """A created 08:00 importance 2, B 10:00 imp. 8, C 11:00 imp. 5, D 12:00 imp. 3."""
    stream = MemoryStream(store, "Isabella Rodriguez", TableEmbedder(VECTORS), weights=weights)
    for text, hour, importance in [("A", 8, 2), ("B", 10, 8), ("C", 11, 5), ("D", 12, 3)]:
        stream.add(MemoryKind.OBSERVATION, text, MORNING.replace(hour=hour), importance)
    return stream


def test_retrieval_scores_match_the_paper_by_hand(store: MemoryStore) -> None:
    stream = small_stream(store)
    hits = stream.retrieve("q", NOON, k=4, touch=False)

    # Recency 0.995 ** hours since access: A 4 h, B 2 h, C 1 h, D 0 h; min-max over the four.
    low = 0.995**4  # 0.980149500625
    span = 1.0 - low  # 0.019850499375
    recency = {"A": 0.0, "B": (0.990025 - low) / span, "C": (0.995 - low) / span, "D": 1.0}
    # Importance 2, 8, 5, 3 → (x - 2) / 6.
    importance = {"A": 0.0, "B": 1.0, "C": 0.5, "D": 1 / 6}
    # Cosine 1, 0, 0.6, 0 → already spans [0, 1].
    relevance = {"A": 1.0, "B": 0.0, "C": 0.6, "D": 0.0}
    # Totals: A 1.0, B ≈ 1.4975, C ≈ 1.8481, D ≈ 1.1667.
    assert [hit.record.text for hit in hits] == ["C", "B", "D", "A"]
    for hit in hits:
        text = hit.record.text
        assert hit.recency == pytest.approx(recency[text], abs=1e-9)
        assert hit.importance == pytest.approx(importance[text], abs=1e-9)
        assert hit.relevance == pytest.approx(relevance[text], abs=1e-6)
        expected = recency[text] + importance[text] + relevance[text]
        assert hit.score == pytest.approx(expected, abs=1e-6)
    assert recency["B"] == pytest.approx(0.4974937, abs=1e-6)
    assert recency["C"] == pytest.approx(0.7481172, abs=1e-6)


def test_weights_change_the_ranking(store: MemoryStore) -> None:
    stream = small_stream(store, RetrievalWeights(recency=0.0, importance=0.0, relevance=1.0))
    hits = stream.retrieve("q", NOON, k=2, touch=False)
    assert [hit.record.text for hit in hits] == ["A", "C"]
    assert [hit.score for hit in hits] == pytest.approx([1.0, 0.6])

    by_importance = MemoryStream(
        store, "Isabella Rodriguez", TableEmbedder(VECTORS), RetrievalWeights(0.0, 2.0, 0.0)
    )
    top = by_importance.retrieve("q", NOON, k=1, touch=False)[0]
    assert (top.record.text, top.score) == ("B", 2.0)


def test_kinds_filter_normalises_over_the_candidates_only(store: MemoryStore) -> None:
    stream = small_stream(store)
    stream.add(MemoryKind.PLAN, "B", NOON, 9)
    stream.add(MemoryKind.PLAN, "A", NOON, 1)
    hits = stream.retrieve("q", NOON, k=10, kinds={MemoryKind.PLAN}, touch=False)
    assert [(hit.record.kind, hit.record.text) for hit in hits] == [
        (MemoryKind.PLAN, "B"),
        (MemoryKind.PLAN, "A"),
    ]
    # Both plans were just created: recency is constant over the candidates → 0.5 each.
    assert [hit.recency for hit in hits] == [0.5, 0.5]
    assert [hit.importance for hit in hits] == [1.0, 0.0]
    assert [hit.relevance for hit in hits] == [0.0, 1.0]


def test_a_single_candidate_gets_the_constant_value_everywhere(store: MemoryStore) -> None:
    stream = MemoryStream(store, "Klaus", TableEmbedder(VECTORS))
    assert stream.retrieve("q", NOON) == []
    stream.add(MemoryKind.OBSERVATION, "B", MORNING, 4)
    (hit,) = stream.retrieve("q", NOON)
    assert (hit.recency, hit.importance, hit.relevance, hit.score) == (0.5, 0.5, 0.5, 1.5)


def test_retrieval_updates_last_access_and_that_persists(tmp_path: Path) -> None:
    directory = tmp_path / "memory"
    with MemoryStore(directory) as store:
        stream = small_stream(store)
        hits = stream.retrieve("q", NOON, k=2)
        assert [hit.record.text for hit in hits] == ["C", "B"]
        # Hits show the record as it was scored; the stream now holds the new access time.
        assert hits[0].record.last_accessed == MORNING.replace(hour=11)
        assert [r.last_accessed for r in stream.get([h.record.id for h in hits])] == [NOON] * 2

    with MemoryStore(directory) as store:
        stream = MemoryStream(store, "Isabella Rodriguez", TableEmbedder(VECTORS))
        accessed = {record.text: record.last_accessed for record in stream.all()}
        assert accessed == {"A": MORNING, "B": NOON, "C": NOON, "D": NOON}
        # Two hours later: A is 6 h stale, B, C and D all 2 h → B, C, D share the top recency,
        # whereas before the access B (2 h) and C (1 h) were below D (0 h).
        later = stream.retrieve("q", NOON + timedelta(hours=2), k=4, touch=False)
        recency = {hit.record.text: hit.recency for hit in later}
        assert recency == {"A": 0.0, "B": 1.0, "C": 1.0, "D": 1.0}


def test_touch_false_leaves_last_access_alone(store: MemoryStore) -> None:
    stream = small_stream(store)
    stream.retrieve("q", NOON, k=4, touch=False)
    assert [record.last_accessed for record in stream.all()] == [
        MORNING.replace(hour=hour) for hour in (8, 10, 11, 12)
    ]


def test_access_updates_reach_chroma_in_batches(tmp_path: Path) -> None:
    with MemoryStore(tmp_path / "memory", access_flush_threshold=3) as store:
        stream = small_stream(store)
        collection = store.collection("Isabella Rodriguez")
        stream.retrieve("q", NOON, k=2)
        assert collection.pending_access_count == 2
        stream.retrieve("q", NOON, k=3)  # C, B again and D: three pending → one write
        assert collection.pending_access_count == 0
        stream.retrieve("q", NOON, k=1)
        stream.flush()
        assert collection.pending_access_count == 0


def test_a_new_memory_leaves_access_times_pending_until_a_flush(tmp_path: Path) -> None:
    later = NOON + timedelta(hours=1)
    with MemoryStore(tmp_path / "memory") as store:
        stream = small_stream(store)
        collection = store.collection("Isabella Rodriguez")
        touched = {hit.record.id for hit in stream.retrieve("q", later, k=2)}
        new = stream.add(MemoryKind.OBSERVATION, "D", later, 3)  # one Chroma write: the record
        assert collection.pending_access_count == 2
    with MemoryStore(tmp_path / "memory") as reopened:  # close() wrote them
        records = MemoryStream(reopened, "Isabella Rodriguez", TableEmbedder(VECTORS)).all()
    assert {record.id for record in records if record.last_accessed == later} == touched | {new.id}
    assert len(touched) == 2


def test_min_max_normalise() -> None:
    np.testing.assert_allclose(min_max_normalise([2.0, 4.0, 3.0]), [0.0, 1.0, 0.5])
    np.testing.assert_array_equal(min_max_normalise([7.0, 7.0]), [0.5, 0.5])
    assert min_max_normalise([]).size == 0


def test_top_k_orders_best_first_and_breaks_ties_by_position() -> None:
    scores = np.array([0.5, 2.0, 0.5, 1.0, 0.5])
    assert top_k_indices(scores, 3).tolist() == [1, 3, 0]
    assert top_k_indices(scores, 10).tolist() == [1, 3, 0, 2, 4]
    assert top_k_indices(scores, 0).tolist() == []


def test_retrieve_many_answers_each_query_in_one_embedding_batch(store: MemoryStore) -> None:
    embedder = TableEmbedder(VECTORS)
    stream = MemoryStream(store, "Isabella Rodriguez", embedder)
    assert stream.retrieve_many(["q", "B"], NOON) == [[], []]
    for text in ("A", "B", "C"):
        stream.add(MemoryKind.OBSERVATION, text, MORNING, 5)
    calls_before = embedder.calls
    by_query = stream.retrieve_many(["A", "B"], NOON, k=1, touch=False)
    assert embedder.calls == calls_before + 1
    assert [[hit.record.text for hit in hits] for hits in by_query] == [["A"], ["B"]]
