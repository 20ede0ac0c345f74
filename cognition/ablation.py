"""The paper's ablation conditions, applied at interview time (Park et al. 2023, §6.1).

The controlled evaluation interviews the same simulated residents under four conditions:
the full architecture; no reflection; no reflection and no planning; and no observation, no
reflection, no planning (no memory at all). As in the paper, a condition does not re-run the
town: it withholds memory kinds from retrieval while the resident answers.

    view = WithheldMemory(memory, Condition.NO_REFLECTION.kinds)
    ctx = replace(mind.context(now), memory=view)   # the interview sees no reflection

`WithheldMemory` is read-only and never touches access times, so interviewing under one
condition does not change what another condition retrieves.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager
from datetime import datetime
from enum import StrEnum

from cognition.memory.fields import MemoryFields
from cognition.memory.records import FloatMatrix, MemoryKind, MemoryRecord, NewMemory, RetrievalHit
from cognition.steps.common import MemoryStreamLike, no_vectors

__all__ = ["Condition", "ReadOnlyMemoryError", "WithheldMemory"]

_EVERY_KIND = frozenset(MemoryKind)


class Condition(StrEnum):
    """An architecture condition of the controlled evaluation, named as in reports."""

    FULL = "full"
    NO_REFLECTION = "no reflection"
    NO_REFLECTION_PLANNING = "no reflection, no planning"
    NO_MEMORY = "no observation, no reflection, no planning"

    @property
    def kinds(self) -> frozenset[MemoryKind]:
        """The memory kinds retrieval may return under this condition. Dialogue is what
        the resident observed others say, so it goes with observation."""
        withheld: dict[Condition, frozenset[MemoryKind]] = {
            Condition.FULL: frozenset(),
            Condition.NO_REFLECTION: frozenset({MemoryKind.REFLECTION}),
            Condition.NO_REFLECTION_PLANNING: frozenset({MemoryKind.REFLECTION, MemoryKind.PLAN}),
            Condition.NO_MEMORY: _EVERY_KIND,
        }
        return _EVERY_KIND - withheld[self]


class ReadOnlyMemoryError(RuntimeError):
    """Something tried to store a memory through an interview's withheld view."""


class WithheldMemory:
    """A read-only view of a memory stream that shows only records of `kinds`.

    Retrieval never updates access times (`touch` is ignored), so the view is safe to use
    for interviews that must not change the resident's mind."""

    def __init__(self, memory: MemoryStreamLike, kinds: Collection[MemoryKind]) -> None:
        self._memory = memory
        self._kinds = frozenset(kinds)

    @property
    def kinds(self) -> frozenset[MemoryKind]:
        return self._kinds

    def _allowed(self, kinds: Collection[MemoryKind] | None) -> frozenset[MemoryKind]:
        return self._kinds if kinds is None else self._kinds & frozenset(kinds)

    def retrieve(
        self,
        query: str,
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[RetrievalHit]:
        allowed = self._allowed(kinds)
        if not allowed:
            return []
        return self._memory.retrieve(query, now, k=k, kinds=allowed, touch=False)

    def retrieve_many(
        self,
        queries: Sequence[str],
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[list[RetrievalHit]]:
        allowed = self._allowed(kinds)
        if not allowed:
            return [[] for _ in queries]
        return self._memory.retrieve_many(queries, now, k=k, kinds=allowed, touch=False)

    def recent(self, n: int, kinds: Collection[MemoryKind] | None = None) -> list[MemoryRecord]:
        allowed = self._allowed(kinds)
        return self._memory.recent(n, kinds=allowed) if allowed else []

    def all(self, kind: MemoryKind | None = None) -> list[MemoryRecord]:
        if kind is not None:
            return self._memory.all(kind) if kind in self._kinds else []
        return [record for record in self._memory.all() if record.kind in self._kinds]

    def count(self) -> int:
        return len(self.all())

    def get(self, ids: Iterable[str]) -> list[MemoryRecord]:
        return [record for record in self._memory.get(ids) if record.kind in self._kinds]

    def importance_since_last_reflection(self) -> int:
        return 0  # an interview never reflects

    def add(
        self,
        kind: MemoryKind,
        text: str,
        created: datetime,
        importance: int,
        evidence: Sequence[str] = (),
        depth: int | None = None,
    ) -> MemoryRecord:
        raise ReadOnlyMemoryError("an interview's memory view is read-only")

    def embedding(self, texts: Sequence[str]) -> AbstractContextManager[Future[FloatMatrix | None]]:
        return no_vectors()  # nothing is embedded here

    def add_many(
        self, memories: Sequence[NewMemory], embeddings: FloatMatrix | None = None
    ) -> list[MemoryRecord]:
        raise ReadOnlyMemoryError("an interview's memory view is read-only")

    def mark_reflection(self, at: datetime) -> None:
        raise ReadOnlyMemoryError("an interview's memory view is read-only")

    def refill(self, fields: Mapping[str, MemoryFields | None]) -> list[MemoryRecord]:
        raise ReadOnlyMemoryError("an interview's memory view is read-only")

    def add_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None:
        return None  # nothing is ever stored through the view

    def remove_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None:
        return None
