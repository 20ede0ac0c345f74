"""An in-memory `MemoryStream` stand-in: bag-of-words cosine instead of embeddings.

Same method names and scoring as the real stream (recency = decay ^ game hours since last
access, importance, relevance; each min-max normalised; weighted sum), deterministic and fast.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager
from datetime import datetime

from cognition.listeners import Listeners
from cognition.memory.fields import MemoryFields
from cognition.memory.records import FloatMatrix, MemoryKind, MemoryRecord, NewMemory, RetrievalHit
from cognition.steps.common import no_vectors

logger = logging.getLogger(__name__)

WORD = re.compile(r"[a-z0-9']+")
STOP_TEXT = (
    "a an the and or of to in on at is are was were be for with by it its this that as "
    "from i you he she they we his her their my your me him them what who how do does did"
)
STOP_WORDS = frozenset(STOP_TEXT.split())


def bag_of_words(text: str) -> Counter[str]:
    return Counter(w for w in WORD.findall(text.lower()) if w not in STOP_WORDS)


def cosine(left: Counter[str], right: Counter[str]) -> float:
    shared = sum(left[w] * right[w] for w in left.keys() & right.keys())
    norm = math.sqrt(sum(v * v for v in left.values())) * math.sqrt(
        sum(v * v for v in right.values())
    )
    return shared / norm if norm else 0.0


def min_max(values: list[float]) -> list[float]:
    low, high = min(values), max(values)
    if high - low < 1e-12:
        return [0.5 for _ in values]
    return [(v - low) / (high - low) for v in values]


class FakeMemoryStream:
    """One agent's memory, in a list."""

    def __init__(self, agent: str, decay: float = 0.995) -> None:
        self.agent = agent
        self.decay = decay
        self._records: list[MemoryRecord] = []
        self.last_reflection: datetime | None = None
        self.writes = 0  # calls that store records (add_many counts once)
        self._listeners: Listeners[Sequence[MemoryRecord]] = Listeners("memory", logger)

    def add_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None:
        """As the real stream: told the records of every later `add` / `add_many`."""
        self._listeners.add(listener)

    def remove_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None:
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
        record = self._store(kind, text, created, importance, evidence, depth)
        self._listeners.notify((record,))
        return record

    def _store(
        self,
        kind: MemoryKind,
        text: str,
        created: datetime,
        importance: int,
        evidence: Sequence[str],
        depth: int | None,
        about: MemoryFields | None = None,
    ) -> MemoryRecord:
        cited = self.get(evidence)  # raises KeyError for unknown ids, as the real stream
        if depth is None:
            reflection = kind is MemoryKind.REFLECTION
            depth = 1 + max((r.depth for r in cited), default=0) if reflection else 0
        record = MemoryRecord(
            id=f"{self.agent.lower().replace(' ', '-')}-{len(self._records) + 1}",
            agent=self.agent,
            kind=kind,
            text=text,
            created=created,
            last_accessed=created,
            importance=importance,
            evidence=tuple(evidence),
            depth=depth,
            about=about,
        )
        self._records.append(record)
        self.writes += 1
        return record

    def embedding(self, texts: Sequence[str]) -> AbstractContextManager[Future[FloatMatrix | None]]:
        return no_vectors()  # nothing is embedded here

    def add_many(
        self, memories: Sequence[NewMemory], embeddings: FloatMatrix | None = None
    ) -> list[MemoryRecord]:
        """Several memories at once (counted as one write)."""
        records = [
            self._store(m.kind, m.text, m.created, m.importance, m.evidence, m.depth, m.about)
            for m in memories
        ]
        self.writes -= max(0, len(records) - 1)
        if records:
            self._listeners.notify(tuple(records))
        return records

    def refill(self, fields: Mapping[str, MemoryFields | None]) -> list[MemoryRecord]:
        """As the real stream: stored memories given new fields (id → fields)."""
        rows = {record.id: row for row, record in enumerate(self._records)}
        changed = []
        for record_id, about in fields.items():
            if record_id not in rows:
                raise KeyError(f"{self.agent} has no memory {record_id!r}")
            row = rows[record_id]
            self._records[row] = self._records[row].model_copy(update={"about": about})
            changed.append(self._records[row])
        return changed

    def recent(self, n: int, kinds: Collection[MemoryKind] | None = None) -> list[MemoryRecord]:
        """The n most recently created records, newest first."""
        pool = [r for r in self._records if kinds is None or r.kind in kinds]
        order = sorted(range(len(pool)), key=lambda i: (pool[i].created, i), reverse=True)
        return [pool[i] for i in order[: max(n, 0)]]

    def all(self, kind: MemoryKind | None = None) -> list[MemoryRecord]:
        return [r for r in self._records if kind is None or r.kind is kind]

    def count(self) -> int:
        return len(self._records)

    def get(self, ids: Iterable[str]) -> list[MemoryRecord]:
        """The records with these ids, in order; KeyError for an unknown id."""
        by_id = {r.id: r for r in self._records}
        ids = list(ids)
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise KeyError(f"{self.agent} has no memory {missing[0]!r}")
        return [by_id[i] for i in ids]

    def importance_since_last_reflection(self) -> int:
        """Summed importance of records created after the last reflection."""
        last = self.last_reflection
        return sum(r.importance for r in self._records if last is None or r.created > last)

    def mark_reflection(self, at: datetime) -> None:
        self.last_reflection = at

    def retrieve(
        self,
        query: str,
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[RetrievalHit]:
        pool = [r for r in self._records if kinds is None or r.kind in kinds]
        if not pool:
            return []
        words = bag_of_words(query)
        hours = [max(0.0, (now - r.last_accessed).total_seconds() / 3600) for r in pool]
        recency = min_max([self.decay**h for h in hours])
        importance = min_max([float(r.importance) for r in pool])
        relevance = min_max([cosine(words, bag_of_words(r.text)) for r in pool])
        scored = [
            RetrievalHit(record=r, recency=a, importance=b, relevance=c, score=a + b + c)
            for r, a, b, c in zip(pool, recency, importance, relevance, strict=True)
        ]
        scored.sort(key=lambda h: (-h.score, h.record.id))
        top = scored[:k]
        if touch:
            touched = {h.record.id for h in top}
            self._records = [
                r.model_copy(update={"last_accessed": now}) if r.id in touched else r
                for r in self._records
            ]
        return top

    def retrieve_many(
        self,
        queries: Sequence[str],
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[list[RetrievalHit]]:
        """`retrieve` for each query in turn (a subclass's `retrieve` included)."""
        return [self.retrieve(query, now, k, kinds, touch) for query in queries]
