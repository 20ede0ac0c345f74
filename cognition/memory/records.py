"""Memory records: what an agent remembers, and what retrieval returns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from cognition.memory.fields import MemoryFields, News

# rows of embedding vectors (the embedder's output; a block embedded ahead, `add_many`)
FloatMatrix = npt.NDArray[np.float32]


class MemoryKind(StrEnum):
    OBSERVATION = "observation"
    REFLECTION = "reflection"
    PLAN = "plan"
    DIALOGUE = "dialogue"


class MemoryRecord(BaseModel):
    """One entry of an agent's memory stream."""

    model_config = ConfigDict(frozen=True)

    id: str
    agent: str
    kind: MemoryKind
    text: str
    created: datetime
    last_accessed: datetime
    importance: int = Field(ge=1, le=10)
    evidence: tuple[str, ...] = ()  # ids of cited records (reflections)
    depth: int = 0  # 0 for observations; 1 + max depth of evidence for reflections
    about: MemoryFields | None = None  # typed fields (None: unknown, as in older saves)


class RetrievalHit(BaseModel):
    """A retrieved record with its three normalised component scores (shown by the inspector)."""

    model_config = ConfigDict(frozen=True)

    record: MemoryRecord
    recency: float
    importance: float
    relevance: float
    score: float


@dataclass(frozen=True)
class NewMemory:
    """A memory to add with `add_many`; fields as in `MemoryStream.add`."""

    kind: MemoryKind
    text: str
    created: datetime
    importance: int
    evidence: tuple[str, ...] = ()
    depth: int | None = None
    about: MemoryFields | None = None


def news_memory(news: News, now: datetime) -> NewMemory:
    """News known first hand, as a memory: its statement, rated by the item's own
    importance, carrying the item's fields."""
    about = MemoryFields(subject=news.subject, item=news.item, news=(news,))
    return NewMemory(MemoryKind.OBSERVATION, news.statement, now, news.importance, about=about)


def fact_fields(
    holder: str, tie: str = "", named: tuple[str, ...] = (), pronoun: str = ""
) -> MemoryFields:
    """The fields of `holder`'s persona fact that is no news: about `holder`, and how
    `holder` is spoken of (`pronoun`, `Persona.goes_by`); a relationship line names whom it
    is with (`tie`) among its `people`; the people the fact names (`named`,
    `Persona.named`: read from the persona file's words once, here)."""
    people = (tie,) if tie else ()
    return MemoryFields(subject=holder, people=people, named=named, pronoun=pronoun)


def untyped_facts(
    records: Iterable[MemoryRecord],
    holder: str,
    facts: Iterable[str],
    ties: Mapping[str, str],
    named: Mapping[str, tuple[str, ...]] | None = None,
    pronoun: str = "",
) -> dict[str, MemoryFields]:
    """The migration of `holder`'s persona facts saved with fewer fields than
    `first_memories` now writes: record id → those fields (`fact_fields`), for each record
    whose text is one of `facts` (that are no news) or a relationship line of `ties` (text
    → whom), whose fields are unknown (saved before fields) or say less: only whose it is
    (saved before lines named whom they are with), or not the people it names (`named`:
    text → them, saved before facts carried them), or not how the holder is spoken of
    (`pronoun`, saved before facts carried it). Fields that say more (news a line turned
    out to be) are left alone."""
    named = named or {}
    known = {*facts, *ties}
    found: dict[str, MemoryFields] = {}
    for record in records:
        tie = ties.get(record.text, "")
        said = named.get(record.text, ())
        typed = fact_fields(holder, tie, said, pronoun)
        older = (
            MemoryFields(subject=holder),
            fact_fields(holder, tie),
            fact_fields(holder, tie, said),
        )
        stale = record.about is None or record.about in older
        if record.text in known and stale and record.about != typed:
            found[record.id] = typed
    return found


def first_memories(
    holder: str,
    texts: list[str],
    ratings: list[int],
    news: list[News],
    now: datetime,
    ties: Mapping[str, str] | None = None,
    named: Mapping[str, tuple[str, ...]] | None = None,
    pronoun: str = "",
) -> list[NewMemory]:
    """`holder`'s first memories: its facts in order with their ratings, where a fact is
    news the persona knows as data that news's memory (`news_memory`: its importance, its
    fields); news no fact says, after them. A fact that is no news has fields too (about
    `holder`, carrying no news): known, so no rule reads news from its text; a relationship
    line (`ties`: its text → whom it is with) names that person among its `people`, and
    every fact the people it names (`named`: its text → them) and how `holder` is spoken of
    (`pronoun`)."""
    by_text = {item.statement: item for item in news}
    ties, named = ties or {}, named or {}

    def fact(text: str, rating: int) -> NewMemory:
        if text in by_text:
            return news_memory(by_text[text], now)
        about = fact_fields(holder, ties.get(text, ""), named.get(text, ()), pronoun)
        return NewMemory(MemoryKind.OBSERVATION, text, now, rating, about=about)

    facts = [fact(text, rating) for text, rating in zip(texts, ratings, strict=True)]
    return facts + [news_memory(item, now) for item in news if item.statement not in texts]
