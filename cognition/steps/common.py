"""What the thinking steps share: the memory stream they read and write, and prompt text.

`MemoryStreamLike` is the interface of `cognition.memory`'s `MemoryStream` that the steps
use; the in-memory fake in `cognition.testing.memory_fake` implements the same. The model
call and the retrieval every step makes go through `steps.context.StepContext`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import datetime
from typing import Protocol

from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory, RetrievalHit


class MemoryStreamLike(Protocol):
    """One agent's memory stream, as the thinking steps use it."""

    def add(
        self,
        kind: MemoryKind,
        text: str,
        created: datetime,
        importance: int,
        evidence: Sequence[str] = (),
        depth: int | None = None,
    ) -> MemoryRecord: ...

    def add_many(self, memories: Sequence[NewMemory]) -> list[MemoryRecord]: ...

    def recent(self, n: int, kinds: Collection[MemoryKind] | None = None) -> list[MemoryRecord]: ...

    def all(self, kind: MemoryKind | None = None) -> list[MemoryRecord]: ...

    def count(self) -> int: ...

    def retrieve(
        self,
        query: str,
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[RetrievalHit]: ...

    def importance_since_last_reflection(self) -> int: ...

    def mark_reflection(self, at: datetime) -> None: ...

    def get(self, ids: Iterable[str]) -> list[MemoryRecord]: ...

    def add_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None:
        """After every `add` / `add_many`, call `listener` with the records just stored."""
        ...

    def remove_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None: ...


def memory_lines(hits: Sequence[RetrievalHit] | Sequence[MemoryRecord]) -> list[str]:
    """Retrieved records as prompt lines, oldest first, with their game time."""
    records = [h.record if isinstance(h, RetrievalHit) else h for h in hits]
    ordered = sorted(records, key=lambda r: r.created)
    return [f"[{r.created:%a %b %d %H:%M}] {r.text}" for r in ordered]


def when(moment: datetime) -> str:
    """ "Monday February 13, 2023, 07:05" — how prompts read the game time."""
    return f"{moment:%A %B} {moment.day}, {moment.year}, {moment:%H:%M}"


def contains_word(text: str, words: Sequence[str]) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in words)
