"""`MemoryStream`: one agent's memories — adding, listing and the paper's retrieval.

The stream never reads a wall clock: every time it sees is game time passed in by the caller.
All methods are thread-safe (one lock per agent, shared by every stream of that agent).
Listeners (`add_listener(fn)`) hear of every record `add` / `add_many` stores.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import copy_context
from datetime import datetime

import numpy as np
import numpy.typing as npt

from cognition.listeners import Listeners
from cognition.memory.collection import AgentCollection, StoredRecord
from cognition.memory.embeddings import Embedder, FloatMatrix
from cognition.memory.fields import MemoryFields
from cognition.memory.mirror import KIND_CODES, game_hours
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory, RetrievalHit
from cognition.memory.scoring import (
    PAPER_RECENCY_DECAY,
    RetrievalWeights,
    score_components,
    top_k_indices,
)
from cognition.memory.store import MemoryStore

logger = logging.getLogger(__name__)

MemoryListener = Callable[[Sequence[MemoryRecord]], None]

_EMBEDDER_KEY = "embedder"
_LAST_REFLECTION_KEY = "last_reflection"


class MemoryStream:
    """An agent's memory stream, stored in `store` and searched with `embedder`."""

    def __init__(
        self,
        store: MemoryStore,
        agent: str,
        embedder: Embedder,
        weights: RetrievalWeights | None = None,
        recency_decay: float = PAPER_RECENCY_DECAY,
    ) -> None:
        self.agent = agent
        self.embedder = embedder
        self.weights = weights if weights is not None else RetrievalWeights()
        self.recency_decay = recency_decay
        self._collection: AgentCollection = store.collection(agent)
        self._listeners: Listeners[Sequence[MemoryRecord]] = Listeners("memory", logger)
        stored_embedder = self._collection.setting(_EMBEDDER_KEY)
        if stored_embedder is not None and stored_embedder != embedder.name:
            raise ValueError(
                f"{agent}'s memories were embedded with {stored_embedder!r}, "
                f"not {embedder.name!r}; their vectors cannot be compared"
            )

    # ----------------------------------------------------------------- writing
    def add_listener(self, listener: MemoryListener) -> None:
        """After every later `add` / `add_many`, call `listener` with the records just stored
        (on the writing thread, outside the stream's lock). Records brought in by
        `import_records` (saves, copies) are not new memories and are not announced."""
        self._listeners.add(listener)

    def remove_listener(self, listener: MemoryListener) -> None:
        """Stop telling `listener` (one never added is ignored)."""
        self._listeners.remove(listener)

    def add(
        self,
        kind: MemoryKind,
        text: str,
        created: datetime,
        importance: int,
        evidence: Sequence[str] = (),
        depth: int | None = None,
    ) -> MemoryRecord:
        """Store one memory. A reflection's depth defaults to 1 + the deepest evidence's."""
        memory = NewMemory(kind, text, created, importance, tuple(evidence), depth)
        return self.add_many([memory])[0]

    @contextmanager
    def embedding(self, texts: Sequence[str]) -> Iterator[Future[FloatMatrix | None]]:
        """Embed `texts` on a thread of its own while the caller's block runs (the model
        rates them meanwhile: `Agent.flush`); the future holds their vectors, row for row,
        for `add_many`. The block's end waits for the embedding; a failure of either is
        raised (the embedder's from `result()`)."""
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="embed") as meanwhile:
            # the caller's context goes along (a job's game time, its call priority)
            yield meanwhile.submit(copy_context().run, self._embed, list(texts))

    def _embed(self, texts: list[str]) -> FloatMatrix | None:
        return self.embedder.embed(texts)

    def add_many(
        self, memories: Sequence[NewMemory], embeddings: FloatMatrix | None = None
    ) -> list[MemoryRecord]:
        """Store several memories with one embedding batch and one Chroma write
        (`embeddings`: their vectors, row for row, when `embedding` made them already)."""
        if not memories:
            return []
        if embeddings is None:
            embeddings = self.embedder.embed([memory.text for memory in memories])
        elif len(embeddings) != len(memories):
            raise ValueError(f"{len(embeddings)} vectors for {len(memories)} memories")
        with self._collection.lock:
            ids = self._collection.new_ids(len(memories))
            records = [
                MemoryRecord(
                    id=record_id,
                    agent=self.agent,
                    kind=memory.kind,
                    text=memory.text,
                    created=memory.created,
                    last_accessed=memory.created,
                    importance=memory.importance,
                    evidence=memory.evidence,
                    depth=self._depth_of(memory),
                    about=memory.about,
                )
                for record_id, memory in zip(ids, memories, strict=True)
            ]
            self._remember_embedder()
            self._collection.write(records, embeddings)
        if self._listeners:
            self._listeners.notify(tuple(records))  # a listener that raises is only logged
        return records

    def _depth_of(self, memory: NewMemory) -> int:
        evidence = self.get(memory.evidence)  # raises KeyError for unknown ids
        if memory.depth is not None:
            return memory.depth
        if memory.kind is not MemoryKind.REFLECTION:
            return 0
        return 1 + max((record.depth for record in evidence), default=0)

    def _remember_embedder(self) -> None:
        if self._collection.setting(_EMBEDDER_KEY) is None:
            self._collection.set_setting(_EMBEDDER_KEY, self.embedder.name)

    # ----------------------------------------------------------------- reading
    def count(self) -> int:
        with self._collection.lock:
            return len(self._collection.mirror)

    def get(self, ids: Iterable[str]) -> list[MemoryRecord]:
        """The records with these ids, in the order asked. Raises KeyError for an unknown id."""
        with self._collection.lock:
            mirror = self._collection.mirror
            records = []
            for record_id in ids:
                if record_id not in mirror.index_of:
                    raise KeyError(f"{self.agent} has no memory {record_id!r}")
                records.append(mirror.records[mirror.index_of[record_id]])
            return records

    def recent(self, n: int, kinds: Collection[MemoryKind] | None = None) -> list[MemoryRecord]:
        """The n most recently created records, newest first (ties: the later added first)."""
        with self._collection.lock:
            mirror = self._collection.mirror
            rows = self._rows_of(kinds)
            order = np.lexsort((-mirror.sequences[rows], -mirror.created_hours[rows]))
            return [mirror.records[row] for row in rows[order[: max(n, 0)]]]

    def all(self, kind: MemoryKind | None = None) -> list[MemoryRecord]:
        """Every record (or every record of one kind), oldest first."""
        with self._collection.lock:
            mirror = self._collection.mirror
            rows = self._rows_of(None if kind is None else (kind,))
            order = np.lexsort((mirror.sequences[rows], mirror.created_hours[rows]))
            return [mirror.records[row] for row in rows[order]]

    def importance_since(self, moment: datetime) -> int:
        """Sum of the importance of records created strictly after `moment`."""
        with self._collection.lock:
            mirror = self._collection.mirror
            newer = mirror.created_hours > game_hours(moment)
            return int(mirror.importance[newer].sum())

    @property
    def last_reflection(self) -> datetime | None:
        """Game time of the last `mark_reflection`, persisted with the stream."""
        stamp = self._collection.setting(_LAST_REFLECTION_KEY)
        return datetime.fromisoformat(stamp) if isinstance(stamp, str) else None

    def mark_reflection(self, at: datetime) -> None:
        """Record that the agent reflected at game time `at` (resets the running sum)."""
        self._collection.set_setting(_LAST_REFLECTION_KEY, at.isoformat())

    def importance_since_last_reflection(self) -> int:
        """The reflection trigger's running sum: importance of records created since then."""
        last = self.last_reflection
        if last is None:
            with self._collection.lock:
                return int(self._collection.mirror.importance.sum())
        return self.importance_since(last)

    # --------------------------------------------------------------- retrieval
    def retrieve(
        self,
        query: str,
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[RetrievalHit]:
        """The k records scoring highest on recency + importance + relevance to `query`."""
        if self.count() == 0:
            return []
        query_embedding = self.embedder.embed([query])[0]
        return self.retrieve_by_embedding(query_embedding, now, k, kinds, touch)

    def retrieve_many(
        self,
        queries: Sequence[str],
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[list[RetrievalHit]]:
        """`retrieve` for several focal points, embedded in one batch; one list per query.
        Queries are answered in order, so a later one sees the access times set by earlier."""
        if not queries or self.count() == 0:
            return [[] for _ in queries]
        embeddings = self.embedder.embed(list(queries))
        return [self.retrieve_by_embedding(row, now, k, kinds, touch) for row in embeddings]

    def retrieve_by_embedding(
        self,
        query_embedding: npt.NDArray[np.float32],
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[RetrievalHit]:
        """`retrieve` for an already-embedded query. Hits carry the records as scored (before
        their last access is moved to `now`, when `touch` is true)."""
        query = np.asarray(query_embedding, dtype=np.float32).reshape(-1)
        query_norm = float(np.linalg.norm(query)) or 1.0
        with self._collection.lock:
            mirror = self._collection.mirror
            if len(mirror) == 0 or k <= 0:
                return []
            mirror.check_dimension(int(query.shape[0]))
            cosine = (mirror.embeddings @ query) * mirror.inverse_norms / query_norm
            hours = game_hours(now) - mirror.last_access_hours
            importance = mirror.importance
            rows: npt.NDArray[np.intp] | None = None
            if kinds is not None:
                rows = self._rows_of(kinds)
                cosine, hours, importance = cosine[rows], hours[rows], importance[rows]
            scores = score_components(hours, importance, cosine, self.weights, self.recency_decay)
            best = top_k_indices(scores.score, k)
            best_rows = best if rows is None else rows[best]
            hits = [
                RetrievalHit(
                    record=mirror.records[int(row)],
                    recency=float(scores.recency[position]),
                    importance=float(scores.importance[position]),
                    relevance=float(scores.relevance[position]),
                    score=float(scores.score[position]),
                )
                for position, row in zip(best, best_rows, strict=True)
            ]
            if touch:
                self._collection.touch([int(row) for row in best_rows], now)
            return hits

    def _rows_of(self, kinds: Collection[MemoryKind] | None) -> npt.NDArray[np.intp]:
        mirror = self._collection.mirror
        if kinds is None:
            return np.arange(len(mirror))
        codes = [KIND_CODES[kind] for kind in kinds]
        return np.flatnonzero(np.isin(mirror.kind_codes, codes))

    # ------------------------------------------------------- copying, closing
    def export_records(self) -> list[StoredRecord]:
        """Every record with its embedding, in the order added (for saves and copies)."""
        with self._collection.lock:
            mirror = self._collection.mirror
            return [
                StoredRecord(record, mirror.embeddings[row].copy())
                for row, record in enumerate(mirror.records)
            ]

    def import_records(self, stored: Iterable[StoredRecord]) -> list[MemoryRecord]:
        """Add exported records exactly (ids, times, evidence, depth and embeddings kept).
        Raises ValueError if a record belongs to another agent or its id is already used."""
        items = list(stored)
        if not items:
            return []
        for item in items:
            if item.record.agent != self.agent:
                raise ValueError(f"record {item.record.id} belongs to {item.record.agent!r}")
        records = [item.record for item in items]
        embeddings = np.stack([np.asarray(item.embedding, dtype=np.float32) for item in items])
        with self._collection.lock:
            self._remember_embedder()
            self._collection.write(records, embeddings)
        return records

    def refill(self, fields: Mapping[str, MemoryFields | None]) -> list[MemoryRecord]:
        """Give stored memories new fields (id → fields), as a migration of an older save
        does once; the records as changed. KeyError for an unknown id; listeners are not
        told (no memory is new)."""
        return self._collection.refill(fields) if fields else []

    def flush(self) -> None:
        """Write pending last-access updates to disk now (the store's close does it too)."""
        self._collection.flush()
