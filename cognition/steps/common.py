"""What the thinking steps share: the memory stream they read and write, and prompt text.

`MemoryStreamLike` is the interface of `cognition.memory`'s `MemoryStream` that the steps
use; the in-memory fake in `cognition.testing.memory_fake` implements the same. The model
call and the retrieval every step makes go through `steps.context.StepContext`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import Protocol

from cognition.contract import ConversationLine
from cognition.memory.fields import MemoryFields, News, known_news
from cognition.memory.records import FloatMatrix, MemoryKind, MemoryRecord, NewMemory, RetrievalHit
from cognition.memory.texts import stamped_text


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

    def embedding(self, texts: Sequence[str]) -> AbstractContextManager[Future[FloatMatrix | None]]:
        """`texts` embedded while the block runs; the vectors (None: this stream does not
        embed) are for `add_many`."""
        ...

    def add_many(
        self, memories: Sequence[NewMemory], embeddings: FloatMatrix | None = None
    ) -> list[MemoryRecord]: ...

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

    def retrieve_many(
        self,
        queries: Sequence[str],
        now: datetime,
        k: int = 10,
        kinds: Collection[MemoryKind] | None = None,
        touch: bool = True,
    ) -> list[list[RetrievalHit]]:
        """`retrieve` for each query in turn (a later one sees the access times set by the
        earlier), the queries embedded together."""
        ...

    def importance_since_last_reflection(self) -> int: ...

    def mark_reflection(self, at: datetime) -> None: ...

    def get(self, ids: Iterable[str]) -> list[MemoryRecord]: ...

    def refill(self, fields: Mapping[str, MemoryFields | None]) -> list[MemoryRecord]:
        """Stored memories given new fields (id → fields): an older save's, migrated once."""
        ...

    def add_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None:
        """After every `add` / `add_many`, call `listener` with the records just stored."""
        ...

    def remove_listener(self, listener: Callable[[Sequence[MemoryRecord]], None]) -> None: ...


@contextmanager
def no_vectors() -> Iterator[Future[FloatMatrix | None]]:
    """`MemoryStreamLike.embedding` of a stream that keeps no vectors: None, at once."""
    done: Future[FloatMatrix | None] = Future()
    done.set_result(None)
    yield done


# how much of a long memory a prompt shows when it needs its gist, not its words
GIST_CHARS = 300


def gist(text: str, limit: int = GIST_CHARS) -> str:
    """A long memory as a step that is not about its words shows it: a conversation's
    transcript (a memory of several lines) by its heading and first line — its summary is a
    memory of its own — anything else by its first `limit` characters, "…" marking a cut."""
    first, *rest = text.split("\n")
    if rest:
        text = f"{first}\n{rest[0]}" + (" …" if len(rest) > 1 else "")
    return text if len(text) <= limit else text[:limit].rstrip() + "…"


def transcript_gist(text: str) -> str:
    """A talk's transcript (a memory of several lines) by its heading and first line; any
    other memory whole."""
    return gist(text, limit=len(text))


def news_known(memory: MemoryStreamLike, agent: str) -> list[News]:
    """The news `agent` knows as data: one per item, from its memories' fields."""
    return known_news((r.about for r in memory.all() if r.about is not None), agent)


def news_going(memory: MemoryStreamLike, agent: str) -> list[str]:
    """The news items (events) `agent` means to go to, by its own intentions in memory
    fields: the latest it said of each item decides (going, or a refusal)."""
    latest: dict[str, bool] = {}
    for record in sorted(memory.all(), key=lambda r: r.created):
        for intention in record.about.intentions if record.about is not None else ():
            if intention.person == agent and intention.item:
                latest[intention.item] = intention.going
    return [item for item, going in latest.items() if going]


def news_shared(memory: MemoryStreamLike, other: str) -> list[str]:
    """The news items (ids) the rememberer and `other` have talked of, by memory fields."""
    return sorted(
        {
            news.item
            for r in memory.all()
            if r.about is not None and other in r.about.partners
            for news in r.about.news
        }
    )


def news_told(lines: Iterable[ConversationLine]) -> list[str]:
    """The news items (ids) `lines` told, in order, once each."""
    return list(dict.fromkeys(line.told.item for line in lines if line.told is not None))


def memory_lines(
    hits: Sequence[RetrievalHit] | Sequence[MemoryRecord],
    *,
    gists: bool = False,
    transcripts: bool = False,
) -> list[str]:
    """Retrieved records as prompt lines, oldest first, with their game time; with `gists`,
    long memories shortened to their gist (`gist`); with `transcripts`, only a talk's
    transcript is (its heading and first line: its summary is a memory of its own), every
    other memory shown whole."""
    records = [h.record if isinstance(h, RetrievalHit) else h for h in hits]
    ordered = sorted(records, key=lambda r: r.created)
    shown = gist if gists else transcript_gist if transcripts else str
    return [stamped_text(r.created, shown(r.text)) for r in ordered]


def when(moment: datetime) -> str:
    """ "Monday February 13, 2023, 07:05" — how prompts read the game time."""
    return f"{moment:%A %B} {moment.day}, {moment.year}, {moment:%H:%M}"


def read_when(text: str) -> datetime | None:
    """The game time `when` wrote, read back (None when `text` is not one): for inputs
    that carry no typed clock (an input recorded before they did)."""
    try:
        return datetime.strptime(" ".join(text.split()), "%A %B %d, %Y, %H:%M")
    except ValueError:
        return None


def contains_word(text: str, words: Sequence[str]) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in words)
